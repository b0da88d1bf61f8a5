package io.beammcp.test;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@code tools/call} came back with: a result (possibly a tool error), a round asking for input
 * (2026-07-28), a task to await (2026-07-28 with the Tasks extension declared), or a JSON-RPC error. An awaited
 * task reads like the call it ran: its result, its error, or its round asking for input.
 */
public final class ToolCallResult {

    private final Conversation conversation;
    private final String tool;
    private final JsonNode arguments;
    private final String taskId;
    private final Response reply;
    private final Response outcome;
    private final JsonMapper json;

    ToolCallResult(Conversation conversation, String tool, JsonNode arguments, String taskId, Response reply) {
        this.conversation = conversation;
        this.tool = tool;
        this.arguments = arguments;
        this.taskId = taskId;
        this.reply = reply;
        this.json = conversation.json;
        this.outcome = taskId == null ? reply : new Response(taskOutcome(reply.message()), reply.status(),
                reply.wwwAuthenticate(), reply.body());
    }

    /** A {@code tasks/get} response as the call's own: its result, its error, or its round asking for input. */
    private JsonNode taskOutcome(JsonNode response) {
        JsonNode task = response == null ? null : response.get("result");
        if (task == null) {
            return response;
        }
        ObjectNode outcome = json.createObjectNode().put("jsonrpc", "2.0");
        outcome.set("id", response.get("id"));
        switch (task.path("status").asString()) {
            case "completed" -> outcome.set("result", task.get("result"));
            case "failed" -> outcome.set("error", task.get("error"));
            case "input_required" -> outcome.putObject("result").put("resultType", "input_required")
                    .set("inputRequests", task.get("inputRequests"));
            default -> outcome.set("result", task);
        }
        return outcome;
    }

    /**
     * The whole response message (for an awaited task, the {@code tasks/get} response it ended with).
     *
     * @return the JSON-RPC response
     */
    public JsonNode response() {
        return reply.message();
    }

    /**
     * The result (for an awaited task, the tool's result it holds; a cancelled task's is the task itself).
     *
     * @return the result
     * @throws McpErrorException when the server answered an error (or the task failed with one)
     */
    public JsonNode result() {
        return conversation.result(outcome);
    }

    /**
     * The JSON-RPC error's code, or 0 for a result.
     *
     * @return the code
     */
    public int errorCode() {
        return outcome.message().path("error").path("code").asInt(0);
    }

    /**
     * Whether the result is a tool error ({@code isError: true}).
     *
     * @return {@code true} for a tool error
     */
    public boolean isError() {
        return result().path("isError").asBoolean(false);
    }

    /**
     * The text of every text block, joined by newlines.
     *
     * @return the text
     */
    public String text() {
        List<String> texts = new ArrayList<>();
        result().path("content").forEach(block -> {
            if ("text".equals(block.path("type").asString())) {
                texts.add(block.path("text").asString());
            }
        });
        return String.join("\n", texts);
    }

    /**
     * The structured content as the given type.
     *
     * @param <T> the type
     * @param type a record or bean matching the tool's output
     * @return the value
     */
    public <T> T structured(Class<T> type) {
        return json.treeToValue(result().path("structuredContent"), type);
    }

    /**
     * The structured content.
     *
     * @return the JSON, or a missing node
     */
    public JsonNode structuredContent() {
        return result().path("structuredContent");
    }

    /**
     * The schema violations of a tool error about arguments (or about the tool's own result), as the server lists
     * them in the result's {@code _meta["io.beammcp/violations"]}.
     *
     * @return the violations, by JSON path; empty when there are none
     */
    public List<Violation> violations() {
        List<Violation> violations = new ArrayList<>();
        result().path("_meta").path("io.beammcp/violations").forEach(v -> violations.add(
                new Violation(v.path("path").asString(), v.path("keyword").asString(), v.path("message").asString())));
        return violations;
    }

    /**
     * Whether the server asks for input before it answers (2026-07-28 {@code resultType: "input_required"}).
     *
     * @return {@code true} for such a round
     */
    public boolean inputRequired() {
        return "input_required".equals(result().path("resultType").asString());
    }

    /**
     * What the server asks for, by key: each {@code {method, params}}.
     *
     * @return the input requests
     */
    public Map<String, JsonNode> inputRequests() {
        Map<String, JsonNode> requests = new LinkedHashMap<>();
        result().path("inputRequests").properties().forEach(e -> requests.put(e.getKey(), e.getValue()));
        return requests;
    }

    /**
     * Answers the input this round asked for: a call's round is retried with the answers and the sealed state,
     * a task's is sent with {@code tasks/update} and the task awaited again.
     *
     * @param responses the answer for each key, as the client would send it (for example an elicitation's
     *        {@code Map.of("action", "accept", "content", Map.of(...))})
     * @return the next round's result
     */
    public ToolCallResult answer(Map<String, ?> responses) {
        ObjectNode answers = json.valueToTree(responses);
        if (taskId != null) {
            ObjectNode params = json.createObjectNode().put("taskId", taskId);
            params.set("inputResponses", answers);
            conversation.result(conversation.request("tasks/update", params));
            return conversation.awaitTask(tool, arguments, taskId);
        }
        return conversation.callTool(tool, arguments, answers, result().path("requestState"));
    }

    /**
     * Whether the server answered with a task to poll ({@code resultType: "task"}).
     *
     * @return {@code true} for a task
     */
    public boolean isTask() {
        return "task".equals(result().path("resultType").asString());
    }

    /**
     * The id of the task this is or ran in.
     *
     * @return the task's id, or {@code null} when the call is not a task
     */
    public String taskId() {
        return taskId != null ? taskId : reply.message().path("result").path("taskId").asString(null);
    }

    /**
     * Polls {@code tasks/get} (at the task's {@code pollIntervalMs}, for at most a minute) until the task ends
     * or asks for input, and returns that as the call's result; a call that is not a task is returned as it is.
     *
     * @return the task's outcome: its result or error, or a round asking for input to {@link #answer}
     */
    public ToolCallResult awaitTask() {
        boolean task = taskId == null && "task".equals(reply.message().path("result").path("resultType").asString());
        return task ? conversation.awaitTask(tool, arguments, taskId()) : this;
    }

    @Override
    public String toString() {
        return reply.message().toString();
    }

    /**
     * One schema violation.
     *
     * @param path the JSON path, such as {@code $.destination.city}
     * @param keyword the schema keyword that failed, such as {@code minLength}
     * @param message the validator's message
     */
    public record Violation(String path, String keyword, String message) {
    }
}
