// The Android adapter of the contractgen Kotlin runtime (docs/kotlin.md,
// "Android"): Runtimes/Kotlin/src/android/kotlin, on top of the runtime module
// (../build.gradle.kts). UNVERIFIED: no Android SDK and no Gradle run on the
// machines this repository is tested on; nothing here has been compiled.
// Include both modules from the app's settings.gradle.kts, e.g.
//   include(":contractgen-runtime", ":contractgen-android")
//   project(":contractgen-runtime").projectDir = file("third_party/contractgen/Runtimes/Kotlin")
//   project(":contractgen-android").projectDir = file("third_party/contractgen/Runtimes/Kotlin/android")
plugins {
    id("com.android.library") version "8.5.2"
    kotlin("android") version "1.9.24"
}

android {
    namespace = "io.contractgen.runtime.android"
    compileSdk = 34
    defaultConfig {
        minSdk = 26   // java.time without desugaring (the runtime's Timestamps)
    }
    sourceSets["main"].java.srcDir("../src/android/kotlin")
    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }
    kotlinOptions {
        jvmTarget = "17"
        allWarningsAsErrors = true
    }
}

dependencies {
    api(project(":contractgen-runtime"))
    implementation("androidx.work:work-runtime-ktx:2.9.1")
    implementation("androidx.lifecycle:lifecycle-process:2.8.4")
}
