package io.beammcp.tasks.jdbc;

import io.beammcp.core.spi.Exchange;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.spi.Reply;
import io.beammcp.testsupport.core.StubExchange;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One server instance as a 2026-07-28 HTTP client that declares the Tasks extension sees it: each request goes
 * through {@link McpServer#handle} with the headers Streamable HTTP carries ({@code Mcp-Name} is the tool's
 * name on {@code tools/call} and the task id on {@code tasks/*}).
 */
final class Instance {

    static final JsonMapper JSON = JsonMapper.builder().build();
    private static final AtomicInteger IDS = new AtomicInteger();

    final McpServer server;

    Instance(McpServer server) {
        this.server = server;
    }

    /** The JSON-RPC response to one request; {@code params} without {@code _meta}. */
    JsonNode request(String method, String name, String params) {
        Reply reply = server.handle(body(method, params), exchange(method, name, notification -> { }));
        assertThat(reply.hasBody()).as("%s answered", method).isTrue();
        return JSON.readTree(new String(reply.body(), StandardCharsets.UTF_8));
    }

    /** Opens a {@code subscriptions/listen} stream whose notifications go to {@code sent}, as JSON. */
    void listen(String params, List<JsonNode> sent) {
        Reply reply = server.handle(body("subscriptions/listen", params), exchange("subscriptions/listen", null,
                notification -> sent.add(JSON.readTree(notification))));
        assertThat(reply).as("the stream stays open").isNull();
    }

    private static byte[] body(String method, String params) {
        ObjectNode body = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", IDS.incrementAndGet())
                .put("method", method);
        ObjectNode p = (ObjectNode) JSON.readTree(params);
        p.putObject("_meta").put("io.modelcontextprotocol/protocolVersion", "2026-07-28")
                .set("io.modelcontextprotocol/clientCapabilities", JSON.readTree(
                        "{\"elicitation\":{},\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}"));
        body.set("params", p);
        return JSON.writeValueAsBytes(body);
    }

    private static Exchange exchange(String method, String name, Consumer<byte[]> notifications) {
        Map<String, List<String>> headers = name == null
                ? Map.of("mcp-protocol-version", List.of("2026-07-28"), "mcp-method", List.of(method))
                : Map.of("mcp-protocol-version", List.of("2026-07-28"), "mcp-method", List.of(method),
                        "mcp-name", List.of(name));
        return StubExchange.http(headers).sending(notifications);
    }

    /** The result of a request that must succeed. */
    JsonNode result(String method, String name, String params) {
        JsonNode response = request(method, name, params);
        assertThat(response.has("error")).as("no error in %s", response).isFalse();
        return response.get("result");
    }

    /** Starts a tool call that becomes a task; answers its id. */
    String startTask(String tool, String arguments) {
        JsonNode created = result("tools/call", tool, "{\"name\":\"" + tool + "\",\"arguments\":" + arguments + "}");
        assertThat(created.path("resultType").asString()).as("a task: %s", created).isEqualTo("task");
        return created.path("taskId").asString();
    }

    /** {@code tasks/update} and {@code tasks/cancel} answer no task field: {@code resultType} and {@code _meta} only. */
    static void assertEmptyAck(JsonNode result) {
        assertThat(result.path("resultType").asString()).isEqualTo("complete");
        assertThat(result.propertyNames()).containsOnly("resultType", "_meta");
    }

    JsonNode get(String taskId) {
        JsonNode task = result("tasks/get", taskId, "{\"taskId\":\"" + taskId + "\"}");
        assertThat(task.path("resultType").asString()).isEqualTo("complete");
        return task;
    }

    /** Polls {@code tasks/get} until the task has that status (or ended); answers the last poll. */
    JsonNode await(String taskId, String status, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        JsonNode task = get(taskId);
        while (!status.equals(task.path("status").asString()) && System.nanoTime() < deadline) {
            Thread.sleep(50);
            task = get(taskId);
        }
        assertThat(task.path("status").asString()).as("status of %s", task).isEqualTo(status);
        return task;
    }
}
