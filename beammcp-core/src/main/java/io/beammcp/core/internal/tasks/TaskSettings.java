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

    /**
     * The settings of the given options. Alone, the store is watched every 100 ms for what other processes did;
     * in a cluster their changes come as messages, and the watch is a safety net run four times a lease (in time
     * to renew it).
     */
    public static TaskSettings of(io.beammcp.core.tasks.TaskOptions options, boolean clustered) {
        Duration watch = Duration.ofMillis(100);
        if (clustered && options.lease().dividedBy(4).compareTo(watch) > 0) {
            watch = options.lease().dividedBy(4);
        }
        return new TaskSettings(options.ttl(), options.pollInterval(), options.immediateWindow(), watch,
                options.lease(), options.executor() == null ? TaskThreads.INSTANCE : options.executor());
    }
}
