package io.beammcp.test;

import io.beammcp.core.Revision;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.cfg.JsonNodeFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * The client's messages as its revision frames them: ids, the 2026-07-28 {@code _meta} (version, capabilities,
 * client info) on every request, the 2025-11-25 {@code initialize} before the first, the progress token in
 * both; the answers to the server's own requests; and the polling of a task.
 */
final class Conversation {

    /** How long a task may stay {@code working} before {@link #awaitTask} gives up: a hang guard. */
    private static final long TASK_PATIENCE_SECONDS = 60;

    final JsonMapper json = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(JsonNodeFeature.USE_BIG_DECIMAL_FOR_FLOATS).disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();
    final Transport transport;
    final List<JsonNode> notifications = new CopyOnWriteArrayList<>();
    final Map<String, Function<JsonNode, Object>> answers = new LinkedHashMap<>();
    Revision revision = Revision.V2026_07_28;
    Map<String, Object> capabilities = Map.of();
    JsonNode progressToken;
    private final AtomicLong ids = new AtomicLong();
    private boolean initialized;

    Conversation(Function<JsonMapper, Transport> transport) {
        this.transport = transport.apply(json);
    }

    /** Sends a request, its {@code _meta} completed with what the revision needs; keys the caller set stay. */
    Response request(String method, ObjectNode params) {
        if (revision == Revision.V2025_11_25 && !initialized) {
            initialize();
        }
        ObjectNode sent = params == null ? json.createObjectNode() : params.deepCopy();
        ObjectNode meta = sent.path("_meta").isObject() ? (ObjectNode) sent.get("_meta") : json.createObjectNode();
        if (progressToken != null && !meta.has("progressToken")) {
            meta.set("progressToken", progressToken);
        }
        if (revision == Revision.V2026_07_28) {
            putIfAbsent(meta, "io.modelcontextprotocol/protocolVersion", json.valueToTree(revision.id()));
            putIfAbsent(meta, "io.modelcontextprotocol/clientCapabilities", json.valueToTree(capabilities));
            putIfAbsent(meta, "io.modelcontextprotocol/clientInfo", clientInfo());
        }
        if (!meta.isEmpty()) {
            sent.set("_meta", meta);
        }
        return transport.request(message(method, sent), revision, notifications::add, this::answer);
    }

    private static void putIfAbsent(ObjectNode meta, String key, JsonNode value) {
        if (!meta.has(key)) {
            meta.set(key, value);
        }
    }

    private ObjectNode message(String method, ObjectNode params) {
        ObjectNode message = json.createObjectNode().put("jsonrpc", "2.0").put("id", ids.incrementAndGet())
                .put("method", method);
        message.set("params", params);
        return message;
    }

    /** The result of a response, or the error it holds as an exception. */
    JsonNode result(Response reply) {
        JsonNode response = reply.message();
        if (response == null) {
            throw new IllegalStateException("The server sent no response");
        }
        if (response.has("error")) {
            throw new McpErrorException(response.get("error"), reply);
        }
        return response.get("result");
    }

    /** A {@code tools/call}, with the answers and the sealed state of an earlier 2026-07-28 round when given. */
    ToolCallResult callTool(String name, JsonNode arguments, JsonNode inputResponses, JsonNode requestState) {
        ObjectNode params = json.createObjectNode().put("name", name);
        params.set("arguments", arguments);
        if (inputResponses != null) {
            params.set("inputResponses", inputResponses);
            params.set("requestState", requestState);
        }
        return new ToolCallResult(this, name, arguments, null, request("tools/call", params));
    }

    /**
     * Polls {@code tasks/get} at the task's {@code pollIntervalMs} until the task is no longer {@code working}:
     * it ended, or it asks for input.
     */
    ToolCallResult awaitTask(String tool, JsonNode arguments, String taskId) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TASK_PATIENCE_SECONDS);
        while (true) {
            Response reply = request("tasks/get", json.createObjectNode().put("taskId", taskId));
            JsonNode task = reply.message() == null ? null : reply.message().get("result");
            if (task == null || !"working".equals(task.path("status").asString())) {
                return new ToolCallResult(this, tool, arguments, taskId, reply);
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Task " + taskId + " is still working after " + TASK_PATIENCE_SECONDS
                        + " s: " + task);
            }
            try {
                Thread.sleep(Math.max(10, task.path("pollIntervalMs").asLong(100)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while awaiting task " + taskId, e);
            }
        }
    }

    private void initialize() {
        initialized = true;
        ObjectNode params = json.createObjectNode().put("protocolVersion", Revision.V2025_11_25.id());
        params.set("capabilities", json.valueToTree(capabilities));
        params.set("clientInfo", clientInfo());
        result(transport.request(message("initialize", params), revision, notifications::add, this::answer));
        transport.notify(json.createObjectNode().put("jsonrpc", "2.0").put("method", "notifications/initialized"),
                revision);
    }

    private ObjectNode clientInfo() {
        return json.createObjectNode().put("name", "beammcp-test").put("version", "1");
    }

    /** The client's response to a request of the server's (2025-11-25 input), from the test's answers. */
    private JsonNode answer(JsonNode request) {
        ObjectNode response = json.createObjectNode().put("jsonrpc", "2.0");
        response.set("id", request.get("id"));
        Function<JsonNode, Object> answer = answers.get(request.path("method").asString());
        if (answer == null) {
            response.putObject("error").put("code", -32601).put("message", "Method not found");
        } else {
            response.set("result", json.valueToTree(answer.apply(request.path("params"))));
        }
        return response;
    }
}
