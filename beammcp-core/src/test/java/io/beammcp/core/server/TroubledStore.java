package io.beammcp.core.server;

import io.beammcp.core.tasks.InMemoryTaskStore;
import io.beammcp.core.tasks.TaskRecord;
import io.beammcp.core.tasks.TaskStore;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * A task store in memory that can be made to fail (as a database that is down) or to hang (as a pool waiting
 * for a connection), and that records the ids it was asked about.
 */
final class TroubledStore implements TaskStore {

    private final InMemoryTaskStore store;
    /** The ids {@link #find} was asked about. */
    final List<String> found = new CopyOnWriteArrayList<>();
    /** How many calls were made, and how many updates were refused while failing. */
    final AtomicInteger calls = new AtomicInteger();
    final AtomicInteger refusedUpdates = new AtomicInteger();
    /** How many calls are hanging now. */
    final AtomicInteger hanging = new AtomicInteger();
    volatile boolean failing;
    private volatile CountDownLatch hang;

    TroubledStore(InMemoryTaskStore store) {
        this.store = store;
    }

    /** Every call hangs from now on until {@link #answer()}. */
    void hang() {
        hang = new CountDownLatch(1);
    }

    /** Hanging calls go on, and new ones no longer hang. */
    void answer() {
        CountDownLatch latch = hang;
        hang = null;
        if (latch != null) {
            latch.countDown();
        }
    }

    private <T> T call(Supplier<T> call) {
        calls.incrementAndGet();
        CountDownLatch latch = hang;
        if (latch != null) {
            hanging.incrementAndGet();
            try {
                latch.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                hanging.decrementAndGet();
            }
        }
        if (failing) {
            throw new IllegalStateException("the store is down");
        }
        return call.get();
    }

    @Override
    public boolean create(TaskRecord task) {
        return call(() -> store.create(task));
    }

    @Override
    public TaskRecord find(String id) {
        found.add(id);
        return call(() -> store.find(id));
    }

    @Override
    public TaskRecord update(String id, UnaryOperator<TaskRecord> change) {
        if (failing) {
            refusedUpdates.incrementAndGet();
        }
        return call(() -> store.update(id, change));
    }

    @Override
    public void delete(String id) {
        call(() -> {
            store.delete(id);
            return null;
        });
    }

    @Override
    public void purgeExpired(Instant now) {
        call(() -> {
            store.purgeExpired(now);
            return null;
        });
    }
}
