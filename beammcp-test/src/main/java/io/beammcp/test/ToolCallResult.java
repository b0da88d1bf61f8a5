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
 * (2026-07-28), or a JSON-RPC error.
 */
public final class ToolCallResult {

    private final McpTestClient client;
    private final String tool;
    private final JsonNode arguments;
    private final JsonNode response;
    private final JsonMapper json;

    ToolCallResult(McpTestClient client, String tool, JsonNode arguments, JsonNode response, JsonMapper json) {
        this.client = client;
        this.tool = tool;
        this.arguments = arguments;
        this.response = response;
        this.json = json;
    }

    /**
     * The whole response message.
     *
     * @return the JSON-RPC response
     */
    public JsonNode response() {
        return response;
    }

    /**
     * The result.
     *
     * @return the result
     * @throws McpErrorException when the server answered an error
     */
    public JsonNode result() {
        return client.result(response);
    }

    /**
     * The JSON-RPC error's code, or 0 for a result.
     *
     * @return the code
     */
    public int errorCode() {
        return response.path("error").path("code").asInt(0);
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
     * Answers the input this round asked for and calls the tool again with the answers and the sealed state.
     *
     * @param responses the answer for each key, as the client would send it (for example an elicitation's
     *        {@code Map.of("action", "accept", "content", Map.of(...))})
     * @return the next round's result
     */
    public ToolCallResult answer(Map<String, ?> responses) {
        ObjectNode answers = json.valueToTree(responses);
        return client.callTool(tool, arguments, answers, result().path("requestState"));
    }

    @Override
    public String toString() {
        return response.toString();
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
