package io.contractgen.runtime

import java.util.concurrent.ExecutionException
import java.util.concurrent.TimeUnit
import java.util.concurrent.TimeoutException

/** What a background job (Android's WorkManager) answers after a flush. */
enum class BackgroundOutcome {
    /** Nothing left, or nothing a retry would change (paused until new credentials): done. */
    SUCCESS,

    /** Events kept after a failure: run again later (the scheduler backs off). */
    RETRY
}

/**
 * The plain-JVM half of the Android adapter (Runtimes/Kotlin/src/android,
 * docs/kotlin.md "Android"): what a background job does with a
 * [PersistedCollectorSink] and what it answers, compiled and tested here so
 * that the Android glue only forwards WorkManager's and the lifecycle's calls.
 */
object BackgroundDelivery {
    /** The unique name of the periodic flush work. */
    const val PERIODIC_WORK_NAME = "contractgen-delivery-periodic"

    /** The unique name of the flush work enqueued when the app goes to the background. */
    const val BACKGROUND_WORK_NAME = "contractgen-delivery-background"

    /** WorkManager's shortest period, in minutes. */
    const val PERIOD_MINUTES = 15L

    /** What a job answers after [result]. */
    @JvmStatic
    fun outcome(result: FlushResult): BackgroundOutcome =
        if (result.kept > 0 && !result.paused) BackgroundOutcome.RETRY else BackgroundOutcome.SUCCESS

    /**
     * Flushes [sink] and waits at most [timeoutSeconds] (a job's time is
     * bounded; WorkManager stops a job after 10 minutes): what the job
     * answers. A flush still running when the wait ends goes on; the job asks
     * to run again.
     */
    @JvmStatic
    @JvmOverloads
    fun flushForJob(sink: PersistedCollectorSink, timeoutSeconds: Long = 300): BackgroundOutcome =
        try {
            outcome(sink.flush().get(timeoutSeconds, TimeUnit.SECONDS))
        } catch (e: TimeoutException) {
            BackgroundOutcome.RETRY
        } catch (e: ExecutionException) {
            BackgroundOutcome.RETRY
        }
}
