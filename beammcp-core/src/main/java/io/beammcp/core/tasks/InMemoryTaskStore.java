package io.beammcp.core.tasks;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * Keeps tasks in this process's memory, at most a given number at once and at most a given share of them for
 * one owner.
 */
public final class InMemoryTaskStore implements TaskStore {

    private final ConcurrentHashMap<String, TaskRecord> tasks = new ConcurrentHashMap<>();
    /** How many tasks each named owner holds; guarded by {@code this}, as are the adds and removals. */
    private final Map<String, Integer> owned = new HashMap<>();
    private final int maxCount;
    private final int maxPerOwner;

    /**
     * A store holding at most {@code maxCount} tasks at once, expired ones included until purged.
     *
     * @param maxCount a positive bound
     */
    public InMemoryTaskStore(int maxCount) {
        this(maxCount, maxCount);
    }

    /**
     * A store holding at most {@code maxCount} tasks at once, and at most {@code maxPerOwner} of one owner, expired
     * ones included until purged. Tasks of the owner {@code ""} (no caller known) count toward {@code maxCount} only.
     *
     * @param maxCount a positive bound
     * @param maxPerOwner a positive bound on one owner's tasks
     */
    public InMemoryTaskStore(int maxCount, int maxPerOwner) {
        if (maxCount <= 0 || maxPerOwner <= 0) {
            throw new IllegalArgumentException("The task bounds must be positive, were " + maxCount + " and " + maxPerOwner);
        }
        this.maxCount = maxCount;
        this.maxPerOwner = maxPerOwner;
    }

    @Override
    public synchronized boolean create(TaskRecord task) {
        String owner = task.owner();
        if (tasks.size() >= maxCount || !owner.isEmpty() && owned.getOrDefault(owner, 0) >= maxPerOwner) {
            return false;
        }
        if (tasks.putIfAbsent(task.id(), task) != null) {
            throw new IllegalStateException("A task id was issued twice");
        }
        owned.merge(owner, 1, Integer::sum);
        return true;
    }

    @Override
    public TaskRecord find(String id) {
        return tasks.get(id);
    }

    @Override
    public TaskRecord update(String id, UnaryOperator<TaskRecord> change) {
        return tasks.computeIfPresent(id, (key, current) -> change.apply(current));
    }

    @Override
    public synchronized void delete(String id) {
        TaskRecord task = tasks.remove(id);
        if (task != null) {
            forget(task);
        }
    }

    @Override
    public synchronized void purgeExpired(Instant now) {
        for (TaskRecord task : tasks.values()) {
            // a task changed meanwhile stays until the next purge
            if (task.expiredAt(now) && tasks.remove(task.id(), task)) {
                forget(task);
            }
        }
    }

    private void forget(TaskRecord task) {
        owned.computeIfPresent(task.owner(), (owner, count) -> count == 1 ? null : count - 1);
    }
}
