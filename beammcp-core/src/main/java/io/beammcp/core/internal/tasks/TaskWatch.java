package io.beammcp.core.internal.tasks;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A daemon thread that, every watch interval, hands what other processes did to this process's running
 * tasks (cancellations, answers) to their work and renews their leases, and once a minute purges expired
 * tasks from the store.
 */
final class TaskWatch implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(TaskWatch.class);
    private static final Duration PURGE_EVERY = Duration.ofMinutes(1);

    private final Tasks tasks;
    private final ScheduledThreadPoolExecutor timer;
    /** Whether the last tick failed: an outage is told once, not every tick. */
    private volatile boolean failing;

    TaskWatch(Tasks tasks, Clock clock) {
        this.tasks = tasks;
        this.timer = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "beammcp-task-watch");
            thread.setDaemon(true);
            return thread;
        });
        long every = tasks.watchInterval().toMillis();
        timer.scheduleWithFixedDelay(() -> safely("watching tasks", tasks::watch), every, every, TimeUnit.MILLISECONDS);
        timer.scheduleWithFixedDelay(() -> safely("purging expired tasks", () -> tasks.store().purgeExpired(clock.instant())),
                PURGE_EVERY.toMillis(), PURGE_EVERY.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void safely(String what, Runnable action) {
        try {
            action.run();
            failing = false;
        } catch (RuntimeException e) {
            // the store may be briefly unreachable; the next tick tries again
            if (failing) {
                log.debug("The task store still fails while {}: {}", what, e.toString());
            } else {
                log.warn("The task store failed while {}: {}", what, e.toString());
            }
            failing = true;
        }
    }

    /** Runs a store read on the watch's thread as soon as it is free; after {@link #close()}, never. */
    void soon(Runnable action) {
        try {
            timer.execute(() -> safely("reading a task another instance changed", action));
        } catch (RejectedExecutionException e) {
            // closing: the task's instance or its lease decides its end
        }
    }

    /** Stops watching and fails the tasks still running here. */
    @Override
    public void close() {
        timer.shutdownNow();
        tasks.stop();
    }
}
