package io.beammcp.autoconfigure.tasks;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * Settings of the Tasks extension ({@code io.modelcontextprotocol/tasks}, 2026-07-28), under
 * {@code beammcp.tasks}: tool calls that run in the background while the client polls.
 */
@ConfigurationProperties("beammcp.tasks")
public class BeamMcpTasksProperties {

    /** Whether task-capable tools may run as tasks and tasks/get, tasks/update and tasks/cancel are served. */
    private boolean enabled = true;

    /** Where tasks are kept: in this instance's memory, or in a database every instance shares (beammcp-tasks-jdbc). */
    private Store store = Store.MEMORY;

    /** How long a task is kept after its creation, its result included. */
    private Duration ttl = Duration.ofHours(1);

    /** How often clients are told to poll a task. */
    private Duration pollInterval = Duration.ofSeconds(1);

    /** How long a task-capable call may take and still be answered as an ordinary call. */
    private Duration immediateWindow = Duration.ofMillis(100);

    /** How long a running task stays vouched for by its instance without a renewal; past it, it is failed. */
    private Duration lease = Duration.ofSeconds(30);

    /** The most tasks the store holds at once, ended ones included until they expire. */
    private int maxCount = 1000;

    /**
     * The most tasks the store holds at once for one caller (one principal), so that no caller takes the whole
     * store; callers without a principal share max-count.
     */
    private int maxCountPerCaller = 100;

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public Store getStore() {
        return store;
    }

    public void setStore(Store store) {
        this.store = store;
    }

    public Duration getTtl() {
        return ttl;
    }

    public void setTtl(Duration ttl) {
        this.ttl = positive(ttl, "beammcp.tasks.ttl");
    }

    public Duration getPollInterval() {
        return pollInterval;
    }

    public void setPollInterval(Duration pollInterval) {
        this.pollInterval = positive(pollInterval, "beammcp.tasks.poll-interval");
    }

    public Duration getImmediateWindow() {
        return immediateWindow;
    }

    public void setImmediateWindow(Duration immediateWindow) {
        this.immediateWindow = positive(immediateWindow, "beammcp.tasks.immediate-window");
    }

    public Duration getLease() {
        return lease;
    }

    public void setLease(Duration lease) {
        this.lease = positive(lease, "beammcp.tasks.lease");
    }

    public int getMaxCount() {
        return maxCount;
    }

    public void setMaxCount(int maxCount) {
        if (maxCount <= 0) {
            throw new IllegalArgumentException("beammcp.tasks.max-count must be positive, was " + maxCount);
        }
        this.maxCount = maxCount;
    }

    public int getMaxCountPerCaller() {
        return maxCountPerCaller;
    }

    public void setMaxCountPerCaller(int maxCountPerCaller) {
        if (maxCountPerCaller <= 0) {
            throw new IllegalArgumentException("beammcp.tasks.max-count-per-caller must be positive, was "
                    + maxCountPerCaller);
        }
        this.maxCountPerCaller = maxCountPerCaller;
    }

    /** Where tasks are kept. */
    public enum Store {

        /** In this instance's memory: tasks are lost with it, and other instances do not see them. */
        MEMORY,

        /** In the application's DataSource (needs beammcp-tasks-jdbc): shared by every instance using it. */
        JDBC
    }

    private static Duration positive(Duration value, String name) {
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, was " + value);
        }
        return value;
    }
}
