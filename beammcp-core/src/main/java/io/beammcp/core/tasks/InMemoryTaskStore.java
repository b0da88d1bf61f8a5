package io.beammcp.core.tasks;

import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

/** Keeps tasks in this process's memory, at most a given number at once. */
public final class InMemoryTaskStore implements TaskStore {

    private final ConcurrentHashMap<String, TaskRecord> tasks = new ConcurrentHashMap<>();
    private final AtomicInteger count = new AtomicInteger();
    private final int maxCount;

    /**
     * A store holding at most {@code maxCount} tasks at once, expired ones included until purged.
     *
     * @param maxCount a positive bound
     */
    public InMemoryTaskStore(int maxCount) {
        if (maxCount <= 0) {
            throw new IllegalArgumentException("The task bound must be positive, was " + maxCount);
        }
        this.maxCount = maxCount;
    }

    @Override
    public boolean create(TaskRecord task) {
        if (count.incrementAndGet() > maxCount) {
            count.decrementAndGet();
            return false;
        }
        if (tasks.putIfAbsent(task.id(), task) != null) {
            count.decrementAndGet();
            throw new IllegalStateException("A task id was issued twice");
        }
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
    public void purgeExpired(Instant now) {
        tasks.values().removeIf(task -> {
            boolean expired = task.expiredAt(now);
            if (expired) {
                count.decrementAndGet();
            }
            return expired;
        });
    }
}
