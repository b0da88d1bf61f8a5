package io.beammcp.core.tasks;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * How a server runs tasks of the Tasks extension.
 *
 * @param ttl how long a task is kept after its creation (its {@code ttlMs}), or {@code null} for as long as
 *        the store keeps it
 * @param pollInterval how often clients are told to poll a task ({@code pollIntervalMs})
 * @param immediateWindow how long a task-capable call may take and still be answered as an ordinary call,
 *        unless its host code starts the task sooner
 * @param lease how long a running task stays vouched for by its process without a renewal (renewed while it
 *        runs): a task whose process stopped is {@code failed} once its lease has run out
 * @param executor where the host code of task-capable calls runs (it must run each task without waiting for
 *        another to end), or {@code null} for threads of the server's own
 */
public record TaskOptions(Duration ttl, Duration pollInterval, Duration immediateWindow, Duration lease,
        Executor executor) {

    /** One hour of life, a poll every second, a 100 ms immediate window, a 30 s lease, the server's threads. */
    public static final TaskOptions DEFAULTS = new TaskOptions(Duration.ofHours(1), Duration.ofSeconds(1),
            Duration.ofMillis(100), Duration.ofSeconds(30), null);

    /** Refuses a duration that is not positive. */
    public TaskOptions {
        if (ttl != null) {
            positive(ttl, "TTL");
        }
        positive(pollInterval, "poll interval");
        positive(immediateWindow, "immediate window");
        positive(lease, "lease");
    }

    private static void positive(Duration value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException("A task " + name + " must be positive, was " + value);
        }
    }

    /** These options with another TTL. */
    public TaskOptions withTtl(Duration newTtl) {
        return new TaskOptions(newTtl, pollInterval, immediateWindow, lease, executor);
    }

    /** These options with another lease. */
    public TaskOptions withLease(Duration newLease) {
        return new TaskOptions(ttl, pollInterval, immediateWindow, newLease, executor);
    }

    /** These options with another executor. */
    public TaskOptions withExecutor(Executor newExecutor) {
        return new TaskOptions(ttl, pollInterval, immediateWindow, lease, newExecutor);
    }
}
