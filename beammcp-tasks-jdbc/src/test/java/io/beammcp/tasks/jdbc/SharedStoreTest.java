package io.beammcp.tasks.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.InputRequest;
import io.beammcp.core.TaskSupport;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.tasks.TaskOptions;
import io.beammcp.core.tasks.TaskRecord;
import io.beammcp.core.tasks.TaskStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two server instances sharing one H2 database, as two instances behind a round-robin balancer share one:
 * a task started through one is polled, answered and cancelled through the other.
 */
class SharedStoreTest {

    private static final Duration LIMIT = Duration.ofSeconds(10);

    private final HikariDataSource database = Databases.h2("shared-" + UUID.randomUUID());
    private final JdbcTaskStore store = new JdbcTaskStore(JdbcClient.create(database), 100);
    private final CountDownLatch interrupted = new CountDownLatch(1);
    private final List<McpServer> servers = new ArrayList<>();

    private final Dispatch dispatch = (name, arguments, context) -> {
        context.startTask();
        if (name.equals("confirm_delete")) {
            Map<String, Object> answer = context.ask("confirm", InputRequest.elicitation("Delete report.txt?",
                    Map.of("type", "object", "properties", Map.of("confirm", Map.of("type", "boolean")))));
            Object content = answer.get("content");
            return ToolResult.of(content instanceof Map<?, ?> c && Boolean.TRUE.equals(c.get("confirm"))
                    ? "Deleted report.txt" : "Kept report.txt");
        }
        try {
            Thread.sleep(60_000);
        } catch (InterruptedException e) {
            interrupted.countDown();
            throw e;
        }
        return ToolResult.of("Computed");
    };

    @AfterEach
    void stop() {
        servers.forEach(McpServer::close);
        database.close();
    }

    private Instance instance(TaskStore taskStore, Duration lease) {
        Catalog catalog = Catalog.of(List.of(
                ToolSpec.builder("confirm_delete").description("Asks before it deletes.")
                        .inputSchema("{\"type\":\"object\"}").taskSupport(TaskSupport.REQUIRED).build(),
                ToolSpec.builder("slow_compute").description("Works for a minute.")
                        .inputSchema("{\"type\":\"object\"}").taskSupport(TaskSupport.REQUIRED).build()));
        McpServer server = McpServer.builder(catalog, dispatch).serverName("shared").serverVersion("1")
                .tasks(taskStore, TaskOptions.DEFAULTS.withLease(lease)).build();
        servers.add(server);
        return new Instance(server);
    }

    @Test
    void aTaskStartedOnOneInstanceGetsItsInputThroughTheOtherAndEndsForBoth() throws Exception {
        Instance a = instance(store, Duration.ofSeconds(30));
        Instance b = instance(store, Duration.ofSeconds(30));
        String id = a.startTask("confirm_delete", "{}");

        JsonNode asking = b.await(id, "input_required", LIMIT);
        assertThat(asking.at("/inputRequests/confirm/method").asString()).isEqualTo("elicitation/create");
        JsonNode ack = b.result("tasks/update", id, "{\"taskId\":\"" + id + "\",\"inputResponses\":{\"confirm\":"
                + "{\"action\":\"accept\",\"content\":{\"confirm\":true}}}}");
        Instance.assertEmptyAck(ack);

        JsonNode done = b.await(id, "completed", LIMIT);
        assertThat(done.at("/result/content/0/text").asString()).isEqualTo("Deleted report.txt");
        assertThat(a.get(id)).isEqualTo(done);
    }

    @Test
    void aTaskRunningOnOneInstanceIsCancelledThroughTheOther() throws Exception {
        Instance a = instance(store, Duration.ofSeconds(30));
        Instance b = instance(store, Duration.ofSeconds(30));
        String id = a.startTask("slow_compute", "{}");
        assertThat(b.get(id).path("status").asString()).isEqualTo("working");

        Instance.assertEmptyAck(b.result("tasks/cancel", id, "{\"taskId\":\"" + id + "\"}"));
        assertThat(interrupted.await(LIMIT.toSeconds(), TimeUnit.SECONDS)).as("the work on A was interrupted").isTrue();
        JsonNode cancelled = b.await(id, "cancelled", LIMIT);
        assertThat(a.get(id)).isEqualTo(cancelled);
    }

    @Test
    void aListenStreamOnOneInstanceIsToldAboutATaskRunningOnTheOther() throws Exception {
        Instance a = instance(store, Duration.ofSeconds(30));
        Instance b = instance(store, Duration.ofSeconds(30));
        String id = a.startTask("confirm_delete", "{}");
        a.await(id, "input_required", LIMIT);
        List<JsonNode> sent = new CopyOnWriteArrayList<>();
        b.listen("{\"notifications\":{\"taskIds\":[\"" + id + "\"]}}", sent);
        assertThat(sent.get(0).at("/params/notifications/taskIds/0").asString()).isEqualTo(id);

        // answered through A: B learns of it from the store alone
        a.result("tasks/update", id, "{\"taskId\":\"" + id + "\",\"inputResponses\":{\"confirm\":"
                + "{\"action\":\"accept\",\"content\":{\"confirm\":true}}}}");
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (sent.stream().noneMatch(n -> n.at("/params/status").asString().equals("completed"))
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        JsonNode told = sent.stream().filter(n -> n.at("/params/status").asString().equals("completed")).findFirst()
                .orElseThrow(() -> new AssertionError("no completed notification in " + sent));
        assertThat(told.path("method").asString()).isEqualTo("notifications/tasks");
        assertThat(told.at("/params/result/content/0/text").asString()).isEqualTo("Deleted report.txt");
    }

    @Test
    void anInstanceStoppedWhileItsTaskRunsLeavesItFailed() throws Exception {
        Instance a = instance(store, Duration.ofSeconds(30));
        Instance b = instance(store, Duration.ofSeconds(30));
        String id = a.startTask("slow_compute", "{}");
        a.server.close();

        JsonNode failed = b.get(id);
        assertThat(failed.path("status").asString()).isEqualTo("failed");
        assertThat(failed.at("/error/code").asInt()).isEqualTo(-32603);
        assertThat(interrupted.await(LIMIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void anInstanceThatVanishedWithItsTaskRunningLeavesItFailedOnceItsLeaseRunsOut() throws Exception {
        Severable cut = new Severable(store);
        Instance a = instance(cut, Duration.ofMillis(600));
        Instance b = instance(store, Duration.ofMillis(600));
        String id = a.startTask("slow_compute", "{}");
        Thread.sleep(1_000);
        assertThat(b.get(id).path("status").asString()).as("renewed while A lives").isEqualTo("working");

        // A loses the database as a killed process would: no renewal, no end written
        cut.sever();
        JsonNode failed = b.await(id, "failed", LIMIT);
        assertThat(failed.at("/error/code").asInt()).isEqualTo(-32603);
        assertThat(failed.path("statusMessage").asString()).contains("stopped");
        TaskRecord stored = store.find(id);
        assertThat(stored.leaseUntil()).isNull();
    }

    /** A store that an instance stops reaching at once, as when its process dies. */
    private static final class Severable implements TaskStore {

        private final TaskStore store;
        private volatile boolean severed;

        Severable(TaskStore store) {
            this.store = store;
        }

        void sever() {
            severed = true;
        }

        private TaskStore store() {
            if (severed) {
                throw new IllegalStateException("this instance is gone");
            }
            return store;
        }

        @Override
        public boolean create(TaskRecord task) {
            return store().create(task);
        }

        @Override
        public TaskRecord find(String id) {
            return store().find(id);
        }

        @Override
        public TaskRecord update(String id, UnaryOperator<TaskRecord> change) {
            return store().update(id, change);
        }

        @Override
        public void delete(String id) {
            store().delete(id);
        }

        @Override
        public void purgeExpired(Instant now) {
            store().purgeExpired(now);
        }
    }
}
