package io.beammcp.test;

import io.beammcp.core.CallContext;
import io.beammcp.core.InputRequest;
import io.beammcp.core.InvalidParamsException;
import io.beammcp.core.Revision;
import io.beammcp.core.TaskSupport;
import io.beammcp.core.annotation.McpResource;
import io.beammcp.core.annotation.McpTool;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.tasks.InMemoryTaskStore;
import io.beammcp.core.tasks.TaskOptions;
import jakarta.validation.constraints.NotBlank;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** The client's typed results against a server in process, in both revisions, and a task's outcomes. */
class McpTestClientTest {

    record Greeting(String text, int length) {
    }

    static final class Host {
        @McpTool
        Greeting greet(@NotBlank String name) {
            return new Greeting("Hello, " + name, name.length());
        }

        @McpTool
        String slow(CallContext context) {
            context.progress(1, 2, "halfway");
            return "done";
        }

        @McpTool
        String askName(CallContext context) {
            Map<String, Object> answer = context.ask("name", InputRequest.elicitation("Your name?", Map.of("type",
                    "object", "properties", Map.of("name", Map.of("type", "string")))));
            if (answer == null || !"accept".equals(answer.get("action"))) {
                return "nobody";
            }
            return "Hello, " + ((Map<?, ?>) answer.get("content")).get("name");
        }

        @McpResource(uri = "test://readme", mimeType = "text/plain")
        String readme() {
            return "read me";
        }
    }

    static final class TaskHost {
        @McpTool(taskSupport = TaskSupport.REQUIRED)
        String failing(CallContext context) {
            context.startTask();
            throw new InvalidParamsException("No such report");
        }

        @McpTool(taskSupport = TaskSupport.REQUIRED)
        String waiting(CallContext context) throws InterruptedException {
            context.startTask();
            Thread.sleep(60_000);
            return "woke up";
        }

        @McpTool(taskSupport = TaskSupport.OPTIONAL)
        String quick() {
            return "at once";
        }
    }

    /** Tasks polled every 10 ms; a call has ten seconds to answer as an ordinary one. */
    private static McpTestClient taskClient() {
        TaskOptions options = new TaskOptions(Duration.ofHours(1), Duration.ofMillis(10), Duration.ofSeconds(10),
                Duration.ofSeconds(30), null);
        return McpTestClient.inProcess(McpServer.builder().annotated("tasks", new TaskHost())
                .tasks(new InMemoryTaskStore(10), options).build())
                .capabilities(Map.of("extensions", Map.of("io.modelcontextprotocol/tasks", Map.of())));
    }

    private static McpTestClient client(Revision revision) {
        return McpTestClient.inProcess(McpServer.builder().annotated("host", new Host()).pageSize(1).build())
                .revision(revision).capabilities(Map.of("elicitation", Map.of()));
    }

    @ParameterizedTest
    @EnumSource(Revision.class)
    void resultsAreTyped(Revision revision) {
        try (McpTestClient client = client(revision)) {
            ToolCallResult result = client.callTool("greet", Map.of("name", "Ada"));
            assertThat(result.isError()).isFalse();
            assertThat(result.structured(Greeting.class)).isEqualTo(new Greeting("Hello, Ada", 3));
            assertThat(result.text()).isEqualTo("{\"text\":\"Hello, Ada\",\"length\":3}");
            ToolCallResult refused = client.callTool("greet", Map.of("name", ""));
            assertThat(refused.isError()).isTrue();
            assertThat(refused.violations()).extracting(ToolCallResult.Violation::path, ToolCallResult.Violation::keyword)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("$.name", "minLength"),
                            org.assertj.core.groups.Tuple.tuple("$.name", "pattern"));
            assertThat(client.callTool("missing", Map.of()).errorCode()).isEqualTo(-32602);
        }
    }

    @ParameterizedTest
    @EnumSource(Revision.class)
    void listsArePagedAndFollowed(Revision revision) {
        try (McpTestClient client = client(revision)) {
            McpTestClient.Page first = client.page("tools/list", null);
            assertThat(first.items()).hasSize(1);
            assertThat(first.nextCursor()).isNotNull();
            assertThat(client.listTools()).extracting(t -> t.get("name").asString())
                    .containsExactly("askName", "greet", "slow");
            assertThat(client.readResource("test://readme").get(0).get("text").asString()).isEqualTo("read me");
            assertThatExceptionOfType(McpErrorException.class).isThrownBy(() -> client.readResource("test://none"))
                    .satisfies(e -> assertThat(e.data().path("uri").asString()).isEqualTo("test://none"));
        }
    }

    @ParameterizedTest
    @EnumSource(Revision.class)
    void notificationsAreKeptInOrder(Revision revision) {
        try (McpTestClient client = client(revision)) {
            assertThat(client.callTool("slow", Map.of()).text()).isEqualTo("done");
            // progress needs a token: none was sent, so nothing came
            assertThat(client.notifications()).isEmpty();
        }
    }

    @ParameterizedTest
    @EnumSource(Revision.class)
    void inputIsAnsweredInEitherRevision(Revision revision) {
        try (McpTestClient client = client(revision).answering(InputRequest.ELICITATION,
                params -> Map.of("action", "accept", "content", Map.of("name", "Grace")))) {
            ToolCallResult first = client.callTool("askName", Map.of());
            ToolCallResult done = first;
            if (revision == Revision.V2026_07_28) {
                assertThat(first.inputRequired()).isTrue();
                JsonNode asked = first.inputRequests().get("name");
                assertThat(asked.get("method").asString()).isEqualTo("elicitation/create");
                done = first.answer(Map.of("name", Map.of("action", "accept", "content", Map.of("name", "Grace"))));
            }
            assertThat(done.inputRequired()).isFalse();
            assertThat(done.text()).isEqualTo("Hello, Grace");
        }
    }

    @ParameterizedTest
    @EnumSource(Revision.class)
    void anyRequestCanBeSentRaw(Revision revision) {
        try (McpTestClient client = client(revision)) {
            assertThat(client.request("ping", null).has(revision == Revision.V2026_07_28 ? "error" : "result")).isTrue();
            assertThat(List.of(client.listResources().size(), client.listResourceTemplates().size())).containsExactly(1, 0);
            assertThat(client.request("prompts/list", null).at("/error/code").asInt()).as("no prompts offered")
                    .isEqualTo(-32601);
        }
    }

    @Test
    void aFailedTaskReadsAsItsError() {
        try (McpTestClient client = taskClient()) {
            ToolCallResult started = client.callTool("failing", Map.of());
            assertThat(started.isTask()).isTrue();
            ToolCallResult failed = started.awaitTask();
            assertThat(failed.taskId()).isEqualTo(started.taskId());
            assertThat(failed.errorCode()).isEqualTo(-32602);
            assertThatExceptionOfType(McpErrorException.class).isThrownBy(failed::result)
                    .withMessage("-32602 No such report");
        }
    }

    @Test
    void aCancelledTaskReadsAsTheTaskItself() {
        try (McpTestClient client = taskClient()) {
            ToolCallResult started = client.callTool("waiting", Map.of());
            assertThat(client.request("tasks/cancel", json().put("taskId", started.taskId())).has("result")).isTrue();
            assertThat(started.awaitTask().result().path("status").asString()).isEqualTo("cancelled");
        }
    }

    @Test
    void aCallAnsweredAtOnceOrRefusedIsNotAwaited() {
        try (McpTestClient client = taskClient()) {
            ToolCallResult now = client.callTool("quick", Map.of());
            assertThat(now.isTask()).isFalse();
            assertThat(now.taskId()).isNull();
            assertThat(now.awaitTask()).isSameAs(now);

            ToolCallResult refused = client.capabilities(Map.of()).callTool("failing", Map.of());
            assertThat(refused.errorCode()).as("a task-only tool without the extension").isEqualTo(-32021);
            assertThat(refused.awaitTask()).isSameAs(refused);
        }
    }

    private static ObjectNode json() {
        return JsonMapper.builder().build().createObjectNode();
    }
}
