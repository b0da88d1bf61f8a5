package io.beammcp.core.internal.tasks;

import java.time.Duration;
import java.util.concurrent.Executor;

/**
 * How the server runs tasks.
 *
 * @param ttl how long a task is kept after its creation, or {@code null} for as long as the store keeps it
 * @param pollInterval how often clients are told to poll
 * @param immediateWindow how long a task-capable call may take and still be answered as an ordinary call
 * @param watchInterval how often this process looks in the store for what other processes did to its tasks
 * @param lease how long a task stays vouched for by the process running it without a renewal
 * @param executor where task work runs
 */
public record TaskSettings(Duration ttl, Duration pollInterval, Duration immediateWindow, Duration watchInterval,
        Duration lease, Executor executor) {

    public TaskSettings {
        if (ttl != null && (ttl.isNegative() || ttl.isZero())) {
            throw new IllegalArgumentException("A task TTL must be positive, was " + ttl);
        }
        for (Duration d : new Duration[] {pollInterval, immediateWindow, watchInterval, lease}) {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("Task intervals must be positive, was " + d);
            }
        }
    }

    /** The settings of the given options, with this process's fixed store watch interval. */
    public static TaskSettings of(io.beammcp.core.tasks.TaskOptions options) {
        return new TaskSettings(options.ttl(), options.pollInterval(), options.immediateWindow(), Duration.ofMillis(100),
                options.lease(), options.executor() == null ? TaskThreads.INSTANCE : options.executor());
    }
}
