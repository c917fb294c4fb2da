package io.contractgen.runtime.android

import android.content.Context
import androidx.lifecycle.DefaultLifecycleObserver
import androidx.lifecycle.LifecycleOwner
import androidx.lifecycle.ProcessLifecycleOwner
import androidx.work.Constraints
import androidx.work.ExistingPeriodicWorkPolicy
import androidx.work.ExistingWorkPolicy
import androidx.work.NetworkType
import androidx.work.OneTimeWorkRequestBuilder
import androidx.work.PeriodicWorkRequestBuilder
import androidx.work.WorkManager
import androidx.work.Worker
import androidx.work.WorkerParameters
import io.contractgen.runtime.BackgroundDelivery
import io.contractgen.runtime.BackgroundOutcome
import io.contractgen.runtime.PersistedCollectorSink
import java.util.concurrent.TimeUnit

/**
 * Delivers a [PersistedCollectorSink] from an Android app: a flush when the
 * app goes to the background (ProcessLifecycleOwner's `onStop`), a one-time
 * work with a network constraint enqueued then (it runs even if the process
 * is stopped first, once a network is there), and a periodic work every 15
 * minutes with a network constraint. NOT COMPILED in this repository (no
 * Android SDK here): docs/kotlin.md, "Android".
 *
 * ```kotlin
 * class App : Application() {
 *     override fun onCreate() {
 *         super.onCreate()
 *         AndroidDelivery.install(this, PersistedCollectorSink(File(noBackupFilesDir, "events"), URL(BuildConfig.COLLECTOR)))
 *     }
 * }
 * ```
 */
object AndroidDelivery {
    @Volatile
    private var installed: PersistedCollectorSink? = null

    /** The sink [install] was given; what [FlushWorker] flushes. */
    val sink: PersistedCollectorSink?
        get() = installed

    private val network = Constraints.Builder().setRequiredNetworkType(NetworkType.CONNECTED).build()

    /** Installs [sink] for the process: call once, from `Application.onCreate`. */
    @JvmStatic
    fun install(context: Context, sink: PersistedCollectorSink) {
        installed = sink
        val work = WorkManager.getInstance(context.applicationContext)
        work.enqueueUniquePeriodicWork(BackgroundDelivery.PERIODIC_WORK_NAME, ExistingPeriodicWorkPolicy.KEEP,
            PeriodicWorkRequestBuilder<FlushWorker>(BackgroundDelivery.PERIOD_MINUTES, TimeUnit.MINUTES).setConstraints(network).build())
        ProcessLifecycleOwner.get().lifecycle.addObserver(object : DefaultLifecycleObserver {
            override fun onStop(owner: LifecycleOwner) {
                sink.flush()
                work.enqueueUniqueWork(BackgroundDelivery.BACKGROUND_WORK_NAME, ExistingWorkPolicy.REPLACE,
                    OneTimeWorkRequestBuilder<FlushWorker>().setConstraints(network).build())
            }
        })
    }
}

/** WorkManager's job: flushes the installed sink ([BackgroundDelivery.flushForJob]) and answers retry while events are kept. */
class FlushWorker(context: Context, parameters: WorkerParameters) : Worker(context, parameters) {
    override fun doWork(): Result {
        val sink = AndroidDelivery.sink ?: return Result.success()   // the app did not install one in this process
        return when (BackgroundDelivery.flushForJob(sink)) {
            BackgroundOutcome.SUCCESS -> Result.success()
            BackgroundOutcome.RETRY -> Result.retry()
        }
    }
}
