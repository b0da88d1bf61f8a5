package io.beammcp.core.server;

import io.beammcp.core.CallContext;
import io.beammcp.core.InputRequest;
import io.beammcp.core.TaskSupport;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.tasks.InMemoryTaskStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static io.beammcp.core.server.TasksTest.EXT;
import static io.beammcp.core.server.Wire.assertError;
import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bounds of the task store as clients see them: a task-only call is refused before its host code runs
 * when no task can be kept for it (the store full, or its caller holding its share), and task ids of a form
 * never issued are unknown without a look in the store.
 */
@Timeout(30)
class TaskBoundsTest {

    private final CountDownLatch release = new CountDownLatch(1);
    /** Host code entered, and side effects done, by tool. */
    private final Map<String, AtomicInteger> entered = Map.of("hold", new AtomicInteger(), "effect", new AtomicInteger(),
            "asking", new AtomicInteger(), "maybe", new AtomicInteger(), "named", new AtomicInteger());
    private final AtomicInteger sideEffects = new AtomicInteger();

    private final ToolSpec hold = ToolSpec.builder("hold").taskSupport(TaskSupport.REQUIRED).build();
    private final ToolSpec effect = ToolSpec.builder("effect").taskSupport(TaskSupport.REQUIRED).build();
    private final ToolSpec asking = ToolSpec.builder("asking").taskSupport(TaskSupport.REQUIRED).build();
    private final ToolSpec maybe = ToolSpec.builder("maybe").taskSupport(TaskSupport.OPTIONAL).build();
    private final ToolSpec named = ToolSpec.builder("named").taskSupport(TaskSupport.REQUIRED).build();

    @AfterEach
    void end() {
        release.countDown();
    }

    private ToolResult run(String name, Map<String, Object> args, CallContext context) throws Exception {
        entered.get(name).incrementAndGet();
        switch (name) {
            case "hold":
                context.startTask();
                release.await(20, TimeUnit.SECONDS);
                return ToolResult.of("held");
            case "effect":
                // as docs/host-api.md shows it: the task first, then the work
                context.startTask();
                sideEffects.incrementAndGet();
                return ToolResult.of("done");
            case "asking": {
                context.startTask();
                Map<String, Object> answer = context.ask("ok", InputRequest.elicitation("Sure?", Map.of("type", "object")));
                sideEffects.incrementAndGet();
                return ToolResult.of("answer: " + answer.get("action"));
            }
            case "maybe":
                return ToolResult.of("a task: " + context.startTask());
            default: {
                Map<String, Object> answer = context.ask("user", InputRequest.elicitation("Name?", Map.of("type", "object")));
                context.startTask();
                return ToolResult.of("Hello, " + ((Map<?, ?>) answer.get("content")).get("name") + "!");
            }
        }
    }

    private Wire wire(InMemoryTaskStore store) {
        return Wire.of(b -> b.tasks(store), this::run, hold, effect, asking, maybe, named);
    }

    private static JsonNode call(Wire wire, Object id, String tool) {
        return wire.send(Wire.modernText(id, "tools/call", "\"name\":\"" + tool + "\"", EXT));
    }

    private static void assertStoreFull(JsonNode response) {
        JsonNode refused = result(response);
        assertThat(refused.path("resultType").asString()).isEqualTo("complete");
        assertThat(refused.path("isError").asBoolean()).as("a tool error: %s", refused).isTrue();
        assertThat(refused.at("/content/0/text").asString())
                .isEqualTo("The server holds as many tasks as it may; try again later");
    }

    @Test
    void aFullStoreRefusesATaskOnlyCallBeforeItsHostCodeRunsWhetherItWorksOrAsks() {
        Wire wire = wire(new InMemoryTaskStore(1));
        assertThat(result(call(wire, 1, "hold")).path("resultType").asString()).isEqualTo("task");

        assertStoreFull(call(wire, 2, "effect"));
        assertStoreFull(call(wire, 3, "asking"));
        assertThat(entered.get("effect")).as("the host code never ran").hasValue(0);
        assertThat(entered.get("asking")).hasValue(0);
        assertThat(sideEffects).hasValue(0);
    }

    @Test
    void anOptionalCallWithoutRoomForATaskGoesOnAsAnOrdinaryCall() {
        Wire wire = wire(new InMemoryTaskStore(1));
        result(call(wire, 1, "hold"));
        JsonNode ordinary = result(call(wire, 2, "maybe"));
        assertThat(ordinary.path("resultType").asString()).isEqualTo("complete");
        assertThat(ordinary.at("/content/0/text").asString()).isEqualTo("a task: false");
    }

    @Test
    void inputRoundsBeforeATaskOnlyCallsTaskKeepNoTask() throws Exception {
        Wire wire = wire(new InMemoryTaskStore(1));
        JsonNode round = null;
        for (int i = 1; i <= 3; i++) {
            round = result(call(wire, i, "named"));
            assertThat(round.path("resultType").asString()).as("round %d", i).isEqualTo("input_required");
        }
        JsonNode created = result(wire.send(Wire.modernText(4, "tools/call", "\"name\":\"named\",\"inputResponses\":"
                + "{\"user\":{\"action\":\"accept\",\"content\":{\"name\":\"Alice\"}}},\"requestState\":"
                + Wire.JSON.writeValueAsString(round.path("requestState").asString()), EXT)));
        assertThat(created.path("resultType").asString()).as("the one place left: %s", created).isEqualTo("task");
    }

    @Test
    void oneCallerHoldsAtMostItsShareOfTheStoreAndOthersStillGetTasks() {
        Wire wire = wire(new InMemoryTaskStore(10, 2));
        wire.principal = () -> "alice";
        for (int i = 1; i <= 2; i++) {
            assertThat(result(call(wire, i, "hold")).path("resultType").asString()).as("task %d of alice", i)
                    .isEqualTo("task");
        }
        assertStoreFull(call(wire, 3, "effect"));
        assertThat(entered.get("effect")).as("refused before host code").hasValue(0);

        wire.principal = () -> "bob";
        assertThat(result(call(wire, 4, "hold")).path("resultType").asString()).isEqualTo("task");
    }

    @Test
    void callersWithoutANameShareTheWholeStoreNotAShare() {
        Wire wire = wire(new InMemoryTaskStore(3, 1));
        for (int i = 1; i <= 3; i++) {
            assertThat(result(call(wire, i, "hold")).path("resultType").asString()).as("task %d", i).isEqualTo("task");
        }
        assertStoreFull(call(wire, 4, "effect"));
    }

    @Test
    void aTaskIdOfAFormNeverIssuedIsUnknownWithoutALookInTheStore() {
        TroubledStore store = new TroubledStore(new InMemoryTaskStore(10));
        Wire wire = Wire.of(b -> b.tasks(store), this::run, hold);
        String longest = "a".repeat(64);
        for (String id : List.of("a\\u0000b", "\\u0000", "", "a".repeat(65), "caf\\u00e9", "a b", "a/b")) {
            for (String method : List.of("tasks/get", "tasks/update", "tasks/cancel")) {
                JsonNode response = wire.send(Wire.modernText(1, method, "\"taskId\":\"" + id + "\",\"inputResponses\":{}",
                        EXT));
                assertError(response, 1, -32602);
            }
        }
        assertThat(store.found).as("the store never saw them").isEmpty();

        assertError(wire.send(Wire.modernText(2, "tasks/get", "\"taskId\":\"" + longest + "\"", EXT)), 2, -32602);
        assertThat(store.found).as("an id of the issued form is looked up").containsExactly(longest);
    }
}
