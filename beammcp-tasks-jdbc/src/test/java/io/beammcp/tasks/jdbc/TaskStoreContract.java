package io.beammcp.tasks.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import io.beammcp.core.tasks.TaskRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What every database must give the {@link JdbcTaskStore}: run on H2 and on PostgreSQL. */
abstract class TaskStoreContract {

    private static final Instant NOW = Instant.parse("2026-07-28T10:30:00.123456789Z");

    private HikariDataSource dataSource;
    private JdbcTaskStore store;

    abstract HikariDataSource database();

    @BeforeEach
    void open() {
        dataSource = database();
        store = new JdbcTaskStore(JdbcClient.create(dataSource), 3);
    }

    @AfterEach
    void close() {
        dataSource.close();
    }

    private static TaskRecord task(Long ttlMs) {
        return task("alice", ttlMs);
    }

    private static TaskRecord task(String owner, Long ttlMs) {
        return new TaskRecord(UUID.randomUUID().toString(), owner, "working", null, NOW, NOW, ttlMs, 1000, null,
                null, null, null, false, NOW.plusSeconds(30), 0);
    }

    @Test
    void aCreatedTaskReadsBackExactlyEveryFieldIncluded() {
        TaskRecord full = new TaskRecord("t-1", "CN=Alice, O=Example", "input_required", "Waiting for you ✓", NOW,
                NOW.plusNanos(1), 300_000L, 250, "{\"confirm\":{\"method\":\"elicitation/create\",\"params\":{}}}",
                "{\"a\":{\"action\":\"accept\"}}", "{\"content\":[]}", "{\"code\":-32603,\"message\":\"x\"}", true,
                NOW.plusSeconds(30), 7);
        TaskRecord bare = new TaskRecord("t-2", "", "working", null, NOW, NOW, null, 1000, null, null, null, null,
                false, null, 0);
        assertThat(store.create(full)).isTrue();
        assertThat(store.create(bare)).isTrue();
        assertThat(store.find("t-1")).isEqualTo(full);
        assertThat(store.find("t-2")).isEqualTo(bare);
        assertThat(store.find("t-3")).isNull();
    }

    @Test
    void anIdIssuedTwiceIsABug() {
        TaskRecord task = task(60_000L);
        store.create(task);
        assertThatThrownBy(() -> store.create(task)).isInstanceOf(IllegalStateException.class);
        assertThat(Databases.rows(dataSource)).isEqualTo(1);
    }

    @Test
    void theBoundCountsUnexpiredTasksAndRefusesBeyondIt() {
        TaskRecord expired = new TaskRecord("old", "alice", "completed", null, NOW.minusSeconds(120),
                NOW.minusSeconds(120), 60_000L, 1000, null, null, "{}", null, false, null, 3);
        assertThat(store.create(expired)).isTrue();
        for (int i = 0; i < 3; i++) {
            assertThat(store.create(task(i == 0 ? null : 60_000L))).as("task %d", i).isTrue();
        }
        TaskRecord fourth = task(60_000L);
        assertThat(store.create(fourth)).isFalse();
        assertThat(store.find(fourth.id())).isNull();
        assertThat(Databases.rows(dataSource)).isEqualTo(4);
    }

    @Test
    void oneOwnerHoldsAtMostItsShareOfUnexpiredTasksAndTheNamelessOnlyTheBound() {
        JdbcTaskStore shared = new JdbcTaskStore(JdbcClient.create(dataSource), 5, 2);
        TaskRecord expired = new TaskRecord("old", "alice", "completed", null, NOW.minusSeconds(120),
                NOW.minusSeconds(120), 60_000L, 1000, null, null, "{}", null, false, null, 3);
        assertThat(shared.create(expired)).isTrue();
        assertThat(shared.create(task("alice", 60_000L))).isTrue();
        assertThat(shared.create(task("alice", null))).as("at the share").isTrue();
        assertThat(shared.create(task("alice", 60_000L))).as("one past it").isFalse();
        assertThat(shared.create(task("bob", 60_000L))).isTrue();
        assertThat(shared.create(task("", 60_000L))).isTrue();
        assertThat(shared.create(task("", 60_000L))).as("no share for callers without a name").isTrue();
        assertThat(shared.create(task("", 60_000L))).as("the bound of all").isFalse();
    }

    @Test
    void aDeletedTaskIsGoneAndFreesItsPlace() {
        TaskRecord first = task(60_000L);
        store.create(first);
        store.create(task(60_000L));
        store.create(task(60_000L));
        store.delete(first.id());
        store.delete("never-was");
        assertThat(store.find(first.id())).isNull();
        assertThat(store.create(task(60_000L))).isTrue();
        assertThat(Databases.rows(dataSource)).isEqualTo(3);
    }

    @Test
    void purgeRemovesOnlyTasksWhoseLifetimeEnded() {
        TaskRecord short1 = task(1_000L);
        TaskRecord longer = task(60_000L);
        TaskRecord forever = task(null);
        List.of(short1, longer, forever).forEach(store::create);
        store.purgeExpired(NOW.plusMillis(1_000));
        assertThat(store.find(short1.id())).as("expires at, not before").isNotNull();
        store.purgeExpired(NOW.plusMillis(1_001));
        assertThat(store.find(short1.id())).isNull();
        assertThat(store.find(longer.id())).isNotNull();
        store.purgeExpired(NOW.plusSeconds(3600));
        assertThat(store.find(longer.id())).isNull();
        assertThat(store.find(forever.id())).isNotNull();
        assertThat(store.create(task(60_000L))).isTrue();
    }

    @Test
    void anUpdateStoresTheChangeAndAnswersTheStoredRecord() {
        TaskRecord task = task(60_000L);
        store.create(task);
        TaskRecord changed = store.update(task.id(), current -> current.withStatus("input_required", "Asking", NOW));
        assertThat(changed.status()).isEqualTo("input_required");
        assertThat(changed.version()).isEqualTo(1);
        assertThat(store.find(task.id())).isEqualTo(changed);
        TaskRecord ended = store.update(task.id(), current -> current.ended("completed", "{\"content\":[]}", null,
                null, NOW.plusSeconds(1)));
        assertThat(store.find(task.id())).isEqualTo(ended);
        assertThat(ended.inputRequests()).isNull();
        assertThat(ended.leaseUntil()).isNull();
    }

    @Test
    void anUpdateOfAnUnknownTaskAnswersNullAndChangesNothing() {
        assertThat(store.update("nope", current -> current.withCancelRequested())).isNull();
        assertThat(Databases.rows(dataSource)).isZero();
    }

    @Test
    void theSameRecordBackWritesNothing() {
        TaskRecord task = task(60_000L);
        store.create(task);
        assertThat(store.update(task.id(), current -> current)).isEqualTo(task);
        assertThat(store.find(task.id()).version()).isZero();
    }

    @Test
    void aChangeThatKeepsTheVersionIsStoredWithTheNextOne() {
        TaskRecord task = task(60_000L);
        store.create(task);
        TaskRecord stored = store.update(task.id(), current -> new TaskRecord(current.id(), current.owner(), "working",
                "renamed", current.createdAt(), current.lastUpdatedAt(), current.ttlMs(), current.pollIntervalMs(),
                null, null, null, null, false, current.leaseUntil(), current.version()));
        assertThat(stored.version()).isEqualTo(1);
        assertThat(store.find(task.id())).isEqualTo(stored);
    }

    @Test
    void aChangeThatLostTheRaceIsAppliedAgainToTheWinnersRecord() {
        TaskRecord task = task(60_000L);
        store.create(task);
        AtomicInteger attempts = new AtomicInteger();
        TaskRecord stored = store.update(task.id(), current -> {
            if (attempts.getAndIncrement() == 0) {
                // another instance cancels between this read and this write
                store.update(task.id(), TaskRecord::withCancelRequested);
            }
            return current.withStatus("input_required", "Asking", NOW);
        });
        assertThat(attempts).hasValue(2);
        assertThat(stored.cancelRequested()).as("the winner's change survives").isTrue();
        assertThat(stored.status()).isEqualTo("input_required");
        assertThat(stored.version()).isEqualTo(2);
        assertThat(store.find(task.id())).isEqualTo(stored);
    }

    @Test
    void concurrentUpdatersLoseNoChange() throws Exception {
        TaskRecord task = task(60_000L);
        store.create(task);
        int threads = 8;
        int each = 25;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        List<CompletableFuture<Void>> runs = new ArrayList<>();
        try {
            for (int t = 0; t < threads; t++) {
                runs.add(CompletableFuture.runAsync(() -> {
                    await(start);
                    for (int i = 0; i < each; i++) {
                        store.update(task.id(), current -> current.withStatus("working",
                                String.valueOf(current.statusMessage() == null ? 1
                                        : Integer.parseInt(current.statusMessage()) + 1), NOW));
                    }
                }, pool));
            }
            start.countDown();
            CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }
        TaskRecord last = store.find(task.id());
        assertThat(last.statusMessage()).isEqualTo(String.valueOf(threads * each));
        assertThat(last.version()).isEqualTo(threads * each);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
