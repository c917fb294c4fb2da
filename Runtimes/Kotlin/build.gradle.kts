// The contractgen Kotlin runtime, for Android and JVM apps (docs/kotlin.md).
// Not built here: no Gradle runs on the machines this repository is tested on;
// its tests compile the same sources with kotlinc (KotlinBuild in
// Tests/ContractGenCoreTests). Needs only the Kotlin standard library and the
// JDK (java.time: Android API 26+, or core library desugaring).
// The Android adapter (WorkManager, app lifecycle) is a module of its own,
// android/build.gradle.kts, over src/android/kotlin: not part of this JVM
// module, and, like this file, never run here (docs/kotlin.md, "Android").
plugins {
    kotlin("jvm") version "1.9.24"
    `java-library`
}

group = "io.contractgen"
version = "1.0.0"

repositories {
    mavenCentral()
}

kotlin {
    jvmToolchain(17)
    compilerOptions {
        allWarningsAsErrors.set(true)
    }
}
