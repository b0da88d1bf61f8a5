package io.beammcp.core.server;

import io.beammcp.core.spi.Reply;
import io.beammcp.core.CallContext;
import io.beammcp.core.Content;
import io.beammcp.core.InputRequest;
import io.beammcp.core.TaskSupport;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.annotation.McpTool;
import io.beammcp.core.tasks.InMemoryTaskStore;
import io.beammcp.core.tasks.TaskOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;

import static io.beammcp.core.server.Wire.assertError;
import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;

/** The Tasks extension (2026-07-28): creation, polling, input, cancellation, negotiation and binding. */
@Timeout(30)
class TasksTest {

    static final String EXT = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{\"elicitation\":{},"
            + "\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}}";

    private final CountDownLatch release = new CountDownLatch(1);
    private final AtomicBoolean interrupted = new AtomicBoolean();

    private final ToolSpec quick = ToolSpec.builder("quick").taskSupport(TaskSupport.OPTIONAL).build();
    private final ToolSpec slow = ToolSpec.builder("slow").taskSupport(TaskSupport.OPTIONAL).build();
    private final ToolSpec only = ToolSpec.builder("only").taskSupport(TaskSupport.REQUIRED).build();
    private final ToolSpec plain = ToolSpec.builder("plain").build();
    private final ToolSpec oops = ToolSpec.builder("oops").taskSupport(TaskSupport.REQUIRED).build();
    private final ToolSpec fails = ToolSpec.builder("fails").taskSupport(TaskSupport.OPTIONAL).build();
    private final ToolSpec confirm = ToolSpec.builder("confirm").taskSupport(TaskSupport.OPTIONAL).build();
    private final ToolSpec two = ToolSpec.builder("two").taskSupport(TaskSupport.OPTIONAL).build();
    private final ToolSpec named = ToolSpec.builder("named").taskSupport(TaskSupport.REQUIRED).build();

    private Wire wire(UnaryOperator<McpServerBuilder> settings) {
        return Wire.of(b -> settings.apply(b.tasks(new InMemoryTaskStore(100))), this::run, quick, slow, only, plain,
                oops, fails, confirm, two, named);
    }

    private Wire wire() {
        return wire(UnaryOperator.identity());
    }

    private ToolResult run(String name, Map<String, Object> args, CallContext context) throws Exception {
        switch (name) {
            case "slow":
                try {
                    release.await(20, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    interrupted.set(true);
                    throw e;
                }
                return ToolResult.of("slow done");
            case "oops":
                return ToolResult.error("it went wrong");
            case "fails":
                context.startTask();
                throw new IllegalStateException("broken");
            case "confirm": {
                context.startTask();
                Map<String, Object> answer = context.ask("ok", InputRequest.elicitation("Sure?",
                        Map.of("type", "object", "properties", Map.of("ok", Map.of("type", "boolean")))));
                return ToolResult.of("answer: " + answer.get("action"));
            }
            case "two":
                context.startTask();
                context.requireInput(Map.of("a", InputRequest.elicitation("A?", Map.of("type", "object")),
                        "b", InputRequest.elicitation("B?", Map.of("type", "object"))));
                return ToolResult.of("a=" + context.inputResponse("a").get("action") + " b="
                        + context.inputResponse("b").get("action"));
            case "named": {
                Map<String, Object> answer = context.ask("user", InputRequest.elicitation("Name?", Map.of("type", "object")));
                context.startTask();
                return ToolResult.of("Hello, " + ((Map<?, ?>) answer.get("content")).get("name") + "!");
            }
            default:
                return ToolResult.content(Content.text(name + " done"));
        }
    }

    private static JsonNode call(Wire wire, Object id, String tool, String meta) {
        return wire.send(Wire.modernText(id, "tools/call", "\"name\":\"" + tool + "\"", meta));
    }

    private static JsonNode get(Wire wire, String taskId) {
        return wire.send(Wire.modernText("g", "tasks/get", "\"taskId\":\"" + taskId + "\"", EXT));
    }

    private static JsonNode awaitStatus(Wire wire, String taskId, String status) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        JsonNode task = result(get(wire, taskId));
        while (!task.path("status").asString().equals(status) && System.nanoTime() < deadline) {
            Thread.sleep(20);
            task = result(get(wire, taskId));
        }
        assertThat(task.path("status").asString()).as("status of %s", task).isEqualTo(status);
        return task;
    }

    @Test
    void discoverAdvertisesTheExtensionAndInitializeNever() {
        Wire wire = wire();
        assertThat(result(wire.modern(1, "server/discover", null)).at("/capabilities/extensions")
                .has("io.modelcontextprotocol/tasks")).isTrue();
        assertThat(result(wire.initialize()).path("capabilities").has("extensions")).isFalse();
        Wire without = Wire.of(this::run, plain);
        assertThat(result(without.modern(1, "server/discover", null)).path("capabilities").has("extensions")).isFalse();
    }

    @Test
    void aLongCallBecomesAFlatTaskThatAnImmediateGetFindsAndThatCompletesWithItsResult() throws Exception {
        Wire wire = wire();
        JsonNode created = result(call(wire, 1, "slow", EXT));
        assertThat(created.path("resultType").asString()).isEqualTo("task");
        assertThat(created.path("status").asString()).isEqualTo("working");
        assertThat(created.path("createdAt").asString()).matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}.*");
        assertThat(created.path("ttlMs").asLong()).isEqualTo(3_600_000);
        assertThat(created.path("pollIntervalMs").asLong()).isEqualTo(1000);
        for (String absent : List.of("task", "result", "error", "inputRequests", "requestState", "content", "ttl")) {
            assertThat(created.has(absent)).as(absent).isFalse();
        }
        String taskId = created.path("taskId").asString();
        assertThat(taskId).matches("[A-Za-z0-9_-]{22}");
        JsonNode working = result(get(wire, taskId));
        assertThat(working.path("resultType").asString()).isEqualTo("complete");
        assertThat(working.path("status").asString()).isEqualTo("working");
        release.countDown();
        JsonNode done = awaitStatus(wire, taskId, "completed");
        assertThat(done.at("/result/content/0/text").asString()).isEqualTo("slow done");
        assertThat(done.has("requestState")).isFalse();
    }

    @Test
    void aQuickOptionalCallIsAnOrdinaryResultAndARequiredOneATaskBornCompleted() throws Exception {
        Wire wire = wire();
        JsonNode quickResult = result(call(wire, 1, "quick", EXT));
        assertThat(quickResult.path("resultType").asString()).isEqualTo("complete");
        assertThat(quickResult.at("/content/0/text").asString()).isEqualTo("quick done");
        JsonNode created = result(call(wire, 2, "oops", EXT));
        assertThat(created.path("resultType").asString()).isEqualTo("task");
        JsonNode done = awaitStatus(wire, created.path("taskId").asString(), "completed");
        assertThat(done.at("/result/isError").asBoolean()).as("a tool error completes").isTrue();
    }

    @Test
    void negotiationIsPerRequest() {
        Wire wire = wire();
        assertThat(result(call(wire, 1, "slow", EXT)).path("resultType").asString()).isEqualTo("task");
        release.countDown();
        JsonNode later = result(call(wire, 3, "slow", Wire.MODERN_META));
        assertThat(later.path("resultType").asString()).as("the next request without the extension").isEqualTo("complete");
        assertThat(later.has("taskId")).isFalse();
    }

    @Test
    void aRequiredToolWithoutTheExtensionIsRefusedNamingIt() {
        JsonNode response = call(wire(), 1, "only", Wire.MODERN_META);
        assertError(response, 1, -32021);
        assertThat(response.at("/error/data/requiredCapabilities/extensions").has("io.modelcontextprotocol/tasks"))
                .isTrue();
    }

    @Test
    void aProtocolErrorFailsTheTaskWithTheErrorInlined() throws Exception {
        Wire wire = wire();
        String taskId = result(call(wire, 1, "fails", EXT)).path("taskId").asString();
        JsonNode failed = awaitStatus(wire, taskId, "failed");
        assertThat(failed.at("/error/code").asInt()).isEqualTo(-32603);
        assertThat(failed.at("/error/message").asString()).isEqualTo("Internal error");
        assertThat(failed.has("result")).isFalse();
    }

    @Test
    void inputInsideATaskParksItUntilTasksUpdateDeliversTheAnswer() throws Exception {
        Wire wire = wire();
        String taskId = result(call(wire, 1, "confirm", EXT)).path("taskId").asString();
        JsonNode parked = awaitStatus(wire, taskId, "input_required");
        assertThat(parked.at("/inputRequests/ok/method").asString()).isEqualTo("elicitation/create");
        JsonNode ack = result(wire.send(Wire.modernText(2, "tasks/update", "\"taskId\":\"" + taskId
                + "\",\"inputResponses\":{\"ok\":{\"action\":\"accept\",\"content\":{\"ok\":true}},"
                + "\"unknown\":{\"ignored\":true}}", EXT)));
        assertThat(ack.path("resultType").asString()).isEqualTo("complete");
        assertThat(ack.has("taskId")).isFalse();
        assertThat(awaitStatus(wire, taskId, "completed").at("/result/content/0/text").asString())
                .isEqualTo("answer: accept");
    }

    @Test
    void aPartialUpdateLeavesTheOtherRequestOutstandingAtOnce() throws Exception {
        Wire wire = wire();
        String taskId = result(call(wire, 1, "two", EXT)).path("taskId").asString();
        awaitStatus(wire, taskId, "input_required");
        result(wire.send(Wire.modernText(2, "tasks/update", "\"taskId\":\"" + taskId
                + "\",\"inputResponses\":{\"a\":{\"action\":\"accept\"}}", EXT)));
        JsonNode half = result(get(wire, taskId));
        assertThat(half.path("status").asString()).isEqualTo("input_required");
        assertThat(half.path("inputRequests").has("a")).isFalse();
        assertThat(half.path("inputRequests").has("b")).isTrue();
        result(wire.send(Wire.modernText(3, "tasks/update", "\"taskId\":\"" + taskId
                + "\",\"inputResponses\":{\"b\":{\"action\":\"decline\"}}", EXT)));
        assertThat(awaitStatus(wire, taskId, "completed").at("/result/content/0/text").asString())
                .isEqualTo("a=accept b=decline");
    }

    @Test
    void anAnswerOfTheWrongShapeIsRefusedAndChangesNothing() throws Exception {
        Wire wire = wire();
        String taskId = result(call(wire, 1, "confirm", EXT)).path("taskId").asString();
        awaitStatus(wire, taskId, "input_required");
        assertError(wire.send(Wire.modernText(2, "tasks/update", "\"taskId\":\"" + taskId
                + "\",\"inputResponses\":{\"ok\":{\"action\":\"maybe\"}}", EXT)), 2, -32602);
        assertThat(result(get(wire, taskId)).path("inputRequests").has("ok")).isTrue();
    }

    @Test
    void cancellingARunningTaskInterruptsItsHostCodeAndEndsItCancelled() throws Exception {
        Wire wire = wire();
        String taskId = result(call(wire, 1, "slow", EXT)).path("taskId").asString();
        JsonNode ack = result(wire.send(Wire.modernText(2, "tasks/cancel", "\"taskId\":\"" + taskId + "\"", EXT)));
        assertThat(ack.size()).as("only resultType and _meta in %s", ack).isEqualTo(2);
        awaitStatus(wire, taskId, "cancelled");
        assertThat(interrupted.get()).isTrue();
        assertThat(result(wire.send(Wire.modernText(3, "tasks/cancel", "\"taskId\":\"" + taskId + "\"", EXT)))
                .path("resultType").asString()).as("cancelling an ended task is acked").isEqualTo("complete");
    }

    @Test
    void inputRoundsBeforeTheTaskArePlainInputRequiredResults() throws Exception {
        Wire wire = wire();
        JsonNode round = result(call(wire, 1, "named", EXT));
        assertThat(round.path("resultType").asString()).isEqualTo("input_required");
        assertThat(round.has("taskId")).isFalse();
        JsonNode created = result(wire.send(Wire.modernText(2, "tools/call", "\"name\":\"named\",\"inputResponses\":"
                + "{\"user\":{\"action\":\"accept\",\"content\":{\"name\":\"Alice\"}}},\"requestState\":"
                + Wire.JSON.writeValueAsString(round.path("requestState").asString()), EXT)));
        assertThat(created.path("resultType").asString()).isEqualTo("task");
        assertThat(created.has("requestState")).isFalse();
        assertThat(awaitStatus(wire, created.path("taskId").asString(), "completed").at("/result/content/0/text")
                .asString()).isEqualTo("Hello, Alice!");
    }

    @Test
    void tasksMethodsNeedTheExtensionBeforeAnyLookupAndAnUnknownIdIsInvalid() {
        Wire wire = wire();
        for (String method : List.of("tasks/get", "tasks/update", "tasks/cancel")) {
            assertError(wire.send(Wire.modernText(1, method, "\"taskId\":\"nope\",\"inputResponses\":{}",
                    Wire.MODERN_META)), 1, -32021);
            assertError(wire.send(Wire.modernText(2, method, "\"taskId\":\"nope\",\"inputResponses\":{}", EXT)), 2, -32602);
        }
        assertError(wire.send(Wire.modernText(3, "tasks/result", "\"taskId\":\"nope\"", EXT)), 3, -32601);
        assertError(wire.send(Wire.modernText(4, "tasks/list", null, EXT)), 4, -32601);
        assertError(Wire.of(this::run, plain).send(Wire.modernText(5, "tasks/get", "\"taskId\":\"x\"", EXT)), 5, -32601);
    }

    @Test
    void anotherCallersTaskIsUnknown() {
        Wire wire = wire();
        wire.principal = () -> "alice";
        release.countDown();
        String taskId = result(call(wire, 1, "oops", EXT)).path("taskId").asString();
        assertThat(result(get(wire, taskId)).path("taskId").asString()).isEqualTo(taskId);
        wire.principal = () -> "mallory";
        assertError(get(wire, taskId), "g", -32602);
        assertError(wire.send(Wire.modernText(2, "tasks/cancel", "\"taskId\":\"" + taskId + "\"", EXT)), 2, -32602);
    }

    @Test
    void anExpiredTaskIsUnknownAndTheStoreBoundRefusesMore() throws Exception {
        Wire wire = Wire.of(b -> b.tasks(new InMemoryTaskStore(1), TaskOptions.DEFAULTS.withTtl(Duration.ofMillis(200))), this::run, oops);
        String taskId = result(call(wire, 1, "oops", EXT)).path("taskId").asString();
        JsonNode full = result(call(wire, 2, "oops", EXT));
        assertThat(full.path("isError").asBoolean()).isTrue();
        assertThat(full.at("/content/0/text").asString()).contains("as many tasks");
        Thread.sleep(400);
        assertError(get(wire, taskId), "g", -32602);
    }

    @Test
    void aServerThatShutsDownFailsTheTasksItRuns() throws Exception {
        InMemoryTaskStore store = new InMemoryTaskStore(10);
        Wire running = Wire.of(b -> b.tasks(store), this::run, slow);
        String taskId = result(call(running, 1, "slow", EXT)).path("taskId").asString();
        running.server.close();
        Wire other = Wire.of(b -> b.tasks(store), this::run, slow);
        assertThat(awaitStatus(other, taskId, "failed").at("/error/code").asInt()).isEqualTo(-32603);
    }

    @Test
    void aRunningTaskKeepsItsLeaseAndOneWhoseServerDiedFailsWhenRead() throws Exception {
        InMemoryTaskStore store = new InMemoryTaskStore(10);
        Wire running = Wire.of(b -> b.tasks(store, TaskOptions.DEFAULTS.withLease(Duration.ofMillis(300))), this::run, slow);
        String taskId = result(call(running, 1, "slow", EXT)).path("taskId").asString();
        Wire other = Wire.of(b -> b.tasks(store), this::run, slow);
        Thread.sleep(700);
        assertThat(result(get(other, taskId)).path("status").asString()).as("renewed while it runs").isEqualTo("working");
        java.time.Instant past = java.time.Instant.now().minusSeconds(60);
        store.create(new io.beammcp.core.tasks.TaskRecord("orphan", "", "working", null, past, past, null, 1000, null,
                null, null, null, false, past.plusSeconds(1), 0));
        JsonNode orphan = result(get(other, "orphan"));
        assertThat(orphan.path("status").asString()).isEqualTo("failed");
        assertThat(orphan.path("ttlMs").isNull()).isTrue();
        assertThat(orphan.at("/error/message").asString()).contains("stopped");
    }

    @Test
    void aListenStreamIsToldAboutTheTasksItAskedFor() throws Exception {
        Wire wire = wire();
        String taskId = result(call(wire, 1, "slow", EXT)).path("taskId").asString();
        assertThat(wire.send(Wire.modernText(2, "subscriptions/listen", "\"notifications\":{\"taskIds\":[\"" + taskId
                + "\",\"unknown\"]}", EXT))).isNull();
        JsonNode ack = wire.sent().get(0);
        assertThat(ack.at("/params/notifications/taskIds").toString()).isEqualTo("[\"" + taskId + "\"]");
        release.countDown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (wire.sent().stream().noneMatch(n -> n.at("/params/status").asString().equals("completed"))
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        JsonNode told = wire.sent().stream().filter(n -> n.path("method").asString().equals("notifications/tasks"))
                .filter(n -> n.at("/params/status").asString().equals("completed")).findFirst().orElseThrow();
        assertThat(told.at("/params/taskId").asString()).isEqualTo(taskId);
        assertThat(told.at("/params/_meta/io.modelcontextprotocol~1subscriptionId").asInt()).isEqualTo(2);
        assertThat(told.at("/params/result/content/0/text").asString()).isEqualTo("slow done");
        assertThat(told.path("params").has("resultType")).isFalse();
        assertError(wire.send(Wire.modernText(3, "subscriptions/listen", "\"notifications\":{\"taskIds\":[]}",
                Wire.MODERN_META)), 3, -32021);
    }

    @Test
    void aListenStreamIsToldEachStateOnceNotEachLeaseRenewal() throws Exception {
        Wire wire = Wire.of(b -> b.tasks(new InMemoryTaskStore(100), TaskOptions.DEFAULTS.withLease(Duration.ofMillis(200))),
                this::run, slow);
        String taskId = result(call(wire, 1, "slow", EXT)).path("taskId").asString();
        wire.send(Wire.modernText(2, "subscriptions/listen", "\"notifications\":{\"taskIds\":[\"" + taskId + "\"]}", EXT));
        Thread.sleep(800);
        assertThat(wire.sent().stream().filter(n -> n.path("method").asString().equals("notifications/tasks")))
                .as("one frame for the working state, whatever the renewals").hasSize(1);
        release.countDown();
    }

    @Test
    void overHttpTheNameHeaderMustBeTheTaskId() {
        Wire wire = wire().http();
        release.countDown();
        wire.modernHeaders("tools/call").header("Mcp-Name", "oops");
        String taskId = result(call(wire, 1, "oops", EXT)).path("taskId").asString();
        wire.modernHeaders("tasks/get").header("Mcp-Name", "someone-else");
        assertError(get(wire, taskId), "g", -32020);
        assertThat(wire.last.kind()).isEqualTo(Reply.Kind.REFUSED);
        wire.header("Mcp-Name", taskId);
        assertThat(result(get(wire, taskId)).path("taskId").asString()).isEqualTo(taskId);
    }

    /** A host whose annotated tool is task-only. */
    static final class Reports {

        @McpTool(description = "A report that takes a while", taskSupport = TaskSupport.REQUIRED)
        String report(CallContext context) {
            context.startTask();
            return "report ready";
        }
    }

    @Test
    void anAnnotatedToolDeclaresItsTaskSupport() throws Exception {
        Wire wire = new Wire(McpServer.builder().annotated("reports", new Reports())
                .tasks(new InMemoryTaskStore(10)).build());
        assertError(call(wire, 1, "report", Wire.MODERN_META), 1, -32021);
        JsonNode created = result(call(wire, 2, "report", EXT));
        assertThat(created.path("resultType").asString()).isEqualTo("task");
        assertThat(awaitStatus(wire, created.path("taskId").asString(), "completed").at("/result/content/0/text")
                .asString()).isEqualTo("report ready");
    }

    @Test
    void the2025WireKnowsNoTasksAndRunsARequiredToolAsACall() {
        Wire wire = wire();
        wire.initialize();
        assertThat(result(wire.legacy(1, "tools/call", "{\"name\":\"oops\"}")).path("isError").asBoolean()).isTrue();
        assertError(wire.legacy(2, "tasks/get", "{\"taskId\":\"x\"}"), 2, -32601);
    }
}
