package io.beammcp.core.server;

import io.beammcp.core.CallContext;
import io.beammcp.core.InputRequest;
import io.beammcp.core.TaskSupport;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.tasks.InMemoryTaskStore;
import io.beammcp.core.tasks.TaskRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static io.beammcp.core.server.TasksTest.EXT;
import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * A task store that fails or hangs (a database restarting, or gone): requests about tasks are answered at once
 * with a retryable error, and the work of a task that ends meanwhile keeps its outcome until the store is back.
 */
@Timeout(30)
class TaskStoreOutageTest {

    private final CountDownLatch release = new CountDownLatch(1);
    private final TroubledStore store = new TroubledStore(new InMemoryTaskStore(100));
    private final Wire wire = Wire.of(b -> b.tasks(store), this::run,
            ToolSpec.builder("slow").taskSupport(TaskSupport.REQUIRED).build(),
            ToolSpec.builder("ask").taskSupport(TaskSupport.REQUIRED).build());

    @AfterEach
    void end() {
        store.failing = false;
        store.answer();
        release.countDown();
        wire.server.close();
    }

    private ToolResult run(String name, Map<String, Object> args, CallContext context) throws Exception {
        if (name.equals("ask")) {
            // the store goes down after the call's task was kept, and the call asks for input within its window
            store.failing = true;
            context.ask("ok", InputRequest.elicitation("Sure?", Map.of("type", "object")));
            return ToolResult.of("asked");
        }
        context.startTask();
        release.await(20, TimeUnit.SECONDS);
        return ToolResult.of("slow done");
    }

    private JsonNode get(String taskId) {
        return wire.send(Wire.modernText("g", "tasks/get", "\"taskId\":\"" + taskId + "\"", EXT));
    }

    private static void assertRetryable(JsonNode response) {
        assertThat(response.at("/error/code").asInt()).as("%s", response).isEqualTo(-32603);
        assertThat(response.at("/error/message").asString()).isEqualTo("The task store is unreachable; retry in 1 s");
        assertThat(response.at("/error/data/retryAfterSeconds").asInt()).isEqualTo(1);
    }

    private JsonNode awaitServed(String taskId, String status) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        JsonNode response = get(taskId);
        while (!status.equals(response.at("/result/status").asString()) && System.nanoTime() < deadline) {
            Thread.sleep(50);
            response = get(taskId);
        }
        assertThat(response.at("/result/status").asString()).as("%s", response).isEqualTo(status);
        return response.get("result");
    }

    /** A working task of another server's, kept in the store: no watch here reads it, only requests do. */
    private String elsewhere() {
        Instant now = Instant.now();
        store.create(new TaskRecord("elsewhere", "", "working", null, now, now, null, 1000, null, null, null, null,
                false, now.plusSeconds(3600), 0));
        return "elsewhere";
    }

    @Test
    void whileTheStoreFailsRequestsGetARetryableErrorWithoutEachTryingItAndAreServedOnceItIsBack() throws Exception {
        String taskId = elsewhere();
        store.failing = true;
        assertRetryable(get(taskId));
        int tried = store.calls.get();
        for (int i = 0; i < 20; i++) {
            assertRetryable(get(taskId));
        }
        assertRetryable(wire.send(Wire.modernText(2, "tools/call", "\"name\":\"slow\"", EXT)));
        assertRetryable(wire.send(Wire.modernText(3, "tasks/cancel", "\"taskId\":\"" + taskId + "\"", EXT)));
        // the breaker lets one request try the store again each second: far fewer than were made
        assertThat(store.calls.get() - tried).as("tries of the store by 22 requests").isLessThan(5);

        store.failing = false;
        assertThat(awaitServed(taskId, "working").path("taskId").asString()).isEqualTo(taskId);
    }

    @Test
    void aStoreThatHangsHoldsAtMostEightRequestsAndTheNinthIsAnsweredAtOnce() throws Exception {
        String taskId = elsewhere();
        store.hang();
        List<CompletableFuture<JsonNode>> waiting = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            waiting.add(CompletableFuture.supplyAsync(() -> get(taskId)));
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (store.hanging.get() < 8 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(store.hanging).as("eight requests wait on the store").hasValue(8);

        assertRetryable(get(taskId));
        assertThat(store.hanging).as("the ninth never reached it").hasValue(8);
        store.answer();
        for (CompletableFuture<JsonNode> request : waiting) {
            assertThat(request.get(10, TimeUnit.SECONDS).at("/result/taskId").asString()).isEqualTo(taskId);
        }
    }

    @Test
    void anInputRoundOfATaskOnlyCallIsAnsweredAtOnceWhileTheStoreFails() {
        // the task kept for the call is given back once, best effort, not retried for a lease (30 s) before the answer
        JsonNode round = assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> wire.send(Wire.modernText(1, "tools/call", "\"name\":\"ask\"", EXT)));
        assertThat(result(round).path("resultType").asString()).as("%s", round).isEqualTo("input_required");
    }

    @Test
    void aTaskWhoseWorkEndsWhileTheStoreFailsCompletesOnceItIsBack() throws Exception {
        String taskId = result(wire.send(Wire.modernText(1, "tools/call", "\"name\":\"slow\"", EXT))).path("taskId")
                .asString();
        store.failing = true;
        release.countDown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (store.refusedUpdates.get() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(store.refusedUpdates.get()).as("the end was tried, and tried again").isGreaterThanOrEqualTo(2);

        store.failing = false;
        JsonNode done = awaitServed(taskId, "completed");
        assertThat(done.at("/result/content/0/text").asString()).isEqualTo("slow done");
    }
}
