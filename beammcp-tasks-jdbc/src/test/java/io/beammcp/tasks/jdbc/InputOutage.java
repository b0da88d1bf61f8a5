package io.beammcp.tasks.jdbc;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.InputRequest;
import io.beammcp.core.TaskSupport;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.tasks.TaskOptions;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

import javax.sql.DataSource;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A task waiting for its client's input while its database goes away and comes back within the task's lease:
 * the task lives on, and completes with the answer given afterwards. The client retries what it is told to
 * retry ({@code data.retryAfterSeconds}), as a client polling through an outage does.
 */
final class InputOutage {

    private static final Duration LIMIT = Duration.ofSeconds(20);

    private InputOutage() {
    }

    static void survives(DataSource database, Runnable outage) throws InterruptedException {
        Dispatch dispatch = (name, arguments, context) -> {
            context.startTask();
            Map<String, Object> answer = context.ask("confirm", InputRequest.elicitation("Delete report.txt?",
                    Map.of("type", "object", "properties", Map.of("confirm", Map.of("type", "boolean")))));
            Object content = answer.get("content");
            return ToolResult.of(content instanceof Map<?, ?> c && Boolean.TRUE.equals(c.get("confirm"))
                    ? "Deleted report.txt" : "Kept report.txt");
        };
        Catalog catalog = Catalog.of(List.of(ToolSpec.builder("confirm_delete").description("Asks before it deletes.")
                .inputSchema("{\"type\":\"object\"}").taskSupport(TaskSupport.REQUIRED).build()));
        McpServer server = McpServer.builder(catalog, dispatch).serverName("outage").serverVersion("1")
                .tasks(new JdbcTaskStore(JdbcClient.create(database), 100), TaskOptions.DEFAULTS).build();
        try {
            Instance instance = new Instance(server);
            String id = instance.startTask("confirm_delete", "{}");
            assertThat(status(instance, id, "input_required")).isEqualTo("input_required");

            outage.run();

            String update = "{\"taskId\":\"" + id + "\",\"inputResponses\":{\"confirm\":"
                    + "{\"action\":\"accept\",\"content\":{\"confirm\":true}}}}";
            assertThat(retried(instance, "tasks/update", id, update).has("result")).isTrue();
            assertThat(status(instance, id, "completed")).isEqualTo("completed");
            assertThat(retried(instance, "tasks/get", id, "{\"taskId\":\"" + id + "\"}")
                    .at("/result/result/content/0/text").asString()).isEqualTo("Deleted report.txt");
        } finally {
            server.close();
        }
    }

    /** The response, once it is not the retryable error of a store that is unreachable for now. */
    private static JsonNode retried(Instance instance, String method, String id, String params)
            throws InterruptedException {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        JsonNode response = instance.request(method, id, params);
        while (response.at("/error/data/retryAfterSeconds").isNumber() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            response = instance.request(method, id, params);
        }
        return response;
    }

    /** Polls until the task has that status or ended; answers the last status seen. */
    private static String status(Instance instance, String id, String wanted) throws InterruptedException {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (true) {
            JsonNode task = retried(instance, "tasks/get", id, "{\"taskId\":\"" + id + "\"}");
            String status = task.at("/result/status").asString();
            if (status.equals(wanted) || List.of("completed", "failed", "cancelled").contains(status)
                    || System.nanoTime() > deadline) {
                return task.has("error") ? task.toString() : status;
            }
            Thread.sleep(50);
        }
    }
}
