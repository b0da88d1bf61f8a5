package io.beammcp.test;

import io.beammcp.core.Revision;
import io.beammcp.core.server.McpServer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A test client for an MCP server: against the running application over HTTP, a spawned process over
 * stdio, or the server bean in process; in either protocol revision (2026-07-28 by default; 2025-11-25 opens
 * its session with {@code initialize} on the first request). Results are typed: {@link ToolCallResult} for
 * tools, JSON for the rest; an error the test did not expect is an {@link McpErrorException}, over HTTP with
 * the status, challenge and body. Not thread-safe: one test, one client.
 *
 * <pre>{@code
 * try (McpTestClient client = McpTestClient.inProcess(server)) {
 *     ToolCallResult result = client.callTool("forecast", Map.of("place", "Oslo"));
 *     assertThat(result.structured(Forecast.class).days()).hasSize(3);
 * }
 * }</pre>
 */
public final class McpTestClient implements AutoCloseable {

    private final Conversation conversation;

    private McpTestClient(Function<JsonMapper, Transport> transport) {
        this.conversation = new Conversation(transport);
    }

    /**
     * A client of a server in this JVM, through {@link McpServer#handle}: no network, no HTTP rules.
     *
     * @param server the server, such as the application's bean
     * @return the client
     */
    public static McpTestClient inProcess(McpServer server) {
        return new McpTestClient(json -> new InProcessTransport(server, json));
    }

    /**
     * A client of a server over Streamable HTTP.
     *
     * @param endpoint the MCP endpoint, such as {@code http://localhost:8080/mcp}
     * @return the client
     */
    public static McpTestClient http(URI endpoint) {
        return http(endpoint, Map.of());
    }

    /**
     * A client of a server over Streamable HTTP that sends extra headers with every request.
     *
     * @param endpoint the MCP endpoint
     * @param headers headers such as {@code Authorization}
     * @return the client
     */
    public static McpTestClient http(URI endpoint, Map<String, String> headers) {
        return new McpTestClient(json -> new HttpTransport(endpoint, json, Map.copyOf(headers)));
    }

    /**
     * A client of a server process it starts, over the process's standard input and output; closing the client
     * ends the input and waits for the process to exit.
     *
     * @param command the command line, such as {@code java -jar app.jar --beammcp.transport=stdio}
     * @return the client
     */
    public static McpTestClient stdio(List<String> command) {
        return new McpTestClient(json -> new StdioProcessTransport(command, json));
    }

    /**
     * Speaks this revision from now on.
     *
     * @param revision the protocol revision
     * @return this client
     */
    public McpTestClient revision(Revision revision) {
        conversation.revision = revision;
        return this;
    }

    /**
     * Declares these client capabilities (per request in 2026-07-28, in {@code initialize} in 2025-11-25).
     *
     * @param capabilities for example {@code Map.of("elicitation", Map.of())}
     * @return this client
     */
    public McpTestClient capabilities(Map<String, Object> capabilities) {
        conversation.capabilities = Map.copyOf(capabilities);
        return this;
    }

    /**
     * Answers the server's requests of one method (2025-11-25 input: {@code elicitation/create},
     * {@code sampling/createMessage}, {@code roots/list}) with what {@code answer} returns for their params.
     *
     * @param method the server request's method
     * @param answer the result for the request's params
     * @return this client
     */
    public McpTestClient answering(String method, Function<JsonNode, Object> answer) {
        conversation.answers.put(method, answer);
        return this;
    }

    /**
     * Calls a tool.
     *
     * @param name the tool's name
     * @param arguments a map or a record of the arguments
     * @return the result, a tool error, a JSON-RPC error, a round asking for input, or a task to await
     * @throws McpErrorException when an HTTP answer holds no JSON-RPC response (such as a 401 without a token)
     */
    public ToolCallResult callTool(String name, Object arguments) {
        return conversation.callTool(name, conversation.json.valueToTree(arguments), null, null);
    }

    /**
     * Every tool, following {@code nextCursor} to the last page.
     *
     * @return the tools as listed
     */
    public List<JsonNode> listTools() {
        return all("tools/list", "tools");
    }

    /**
     * Every listed resource, across pages.
     *
     * @return the resources
     */
    public List<JsonNode> listResources() {
        return all("resources/list", "resources");
    }

    /**
     * Every resource template, across pages.
     *
     * @return the templates
     */
    public List<JsonNode> listResourceTemplates() {
        return all("resources/templates/list", "resourceTemplates");
    }

    /**
     * Every prompt, across pages.
     *
     * @return the prompts
     */
    public List<JsonNode> listPrompts() {
        return all("prompts/list", "prompts");
    }

    /**
     * One page of a list.
     *
     * @param method {@code tools/list}, {@code resources/list}, {@code resources/templates/list} or {@code prompts/list}
     * @param cursor the cursor of the previous page's {@code nextCursor}, or {@code null} for the first
     * @return the page
     */
    public Page page(String method, String cursor) {
        ObjectNode params = json().createObjectNode();
        if (cursor != null) {
            params.put("cursor", cursor);
        }
        JsonNode result = conversation.result(conversation.request(method, params));
        String field = switch (method) {
            case "resources/templates/list" -> "resourceTemplates";
            default -> method.substring(0, method.indexOf('/'));
        };
        List<JsonNode> items = new ArrayList<>();
        result.path(field).forEach(items::add);
        return new Page(items, result.path("nextCursor").asString(null));
    }

    private List<JsonNode> all(String method, String field) {
        List<JsonNode> items = new ArrayList<>();
        String cursor = null;
        do {
            Page page = page(method, cursor);
            items.addAll(page.items());
            cursor = page.nextCursor();
        } while (cursor != null);
        return items;
    }

    /**
     * Reads a resource.
     *
     * @param uri the resource's URI
     * @return the {@code contents}, each {@code {uri, mimeType?, text | blob}}
     * @throws McpErrorException when the server answers an error (such as not found)
     */
    public List<JsonNode> readResource(String uri) {
        List<JsonNode> contents = new ArrayList<>();
        conversation.result(conversation.request("resources/read", json().createObjectNode().put("uri", uri)))
                .path("contents").forEach(contents::add);
        return contents;
    }

    /**
     * Renders a prompt.
     *
     * @param name the prompt's name
     * @param arguments its arguments
     * @return the result: {@code description?} and {@code messages}
     * @throws McpErrorException when the server answers an error
     */
    public JsonNode getPrompt(String name, Map<String, String> arguments) {
        ObjectNode params = json().createObjectNode().put("name", name);
        params.set("arguments", json().valueToTree(arguments));
        return conversation.result(conversation.request("prompts/get", params));
    }

    /**
     * Completes a prompt argument.
     *
     * @param prompt the prompt's name
     * @param argument the argument's name
     * @param partial what was typed so far
     * @return the suggested values
     */
    public List<String> completePrompt(String prompt, String argument, String partial) {
        return complete(json().createObjectNode().put("type", "ref/prompt").put("name", prompt), argument, partial);
    }

    /**
     * Completes a resource template variable.
     *
     * @param uriTemplate the template
     * @param variable the variable's name
     * @param partial what was typed so far
     * @return the suggested values
     */
    public List<String> completeTemplate(String uriTemplate, String variable, String partial) {
        return complete(json().createObjectNode().put("type", "ref/resource").put("uri", uriTemplate), variable, partial);
    }

    private List<String> complete(ObjectNode ref, String argument, String partial) {
        ObjectNode params = json().createObjectNode();
        params.set("ref", ref);
        params.putObject("argument").put("name", argument).put("value", partial);
        List<String> values = new ArrayList<>();
        conversation.result(conversation.request("completion/complete", params)).path("completion").path("values")
                .forEach(v -> values.add(v.asString()));
        return values;
    }

    /**
     * Sends any request and returns the whole response, result or error.
     *
     * @param method the method
     * @param params its params; {@code _meta} is completed with what the revision needs (keys given stay)
     * @return the response message
     * @throws McpErrorException when an HTTP answer holds no JSON-RPC response
     */
    public JsonNode request(String method, ObjectNode params) {
        return conversation.request(method, params).message();
    }

    /**
     * Sends this bearer token in the {@code Authorization} header of every HTTP message from now on (the other
     * transports have no headers).
     *
     * @param token the access token, without {@code Bearer}; {@code null} for none
     * @return this client
     */
    public McpTestClient bearerToken(String token) {
        return bearerToken(() -> token);
    }

    /**
     * Sends the token {@code token} gives, asked anew for each HTTP message, so a test can switch tokens (or
     * send none, when it gives {@code null}).
     *
     * @param token gives the access token, without {@code Bearer}
     * @return this client
     */
    public McpTestClient bearerToken(Supplier<String> token) {
        conversation.transport.bearerToken(Objects.requireNonNull(token, "token"));
        return this;
    }

    /**
     * Sends this {@code progressToken} in the {@code _meta} of every request from now on, so that the progress
     * host code reports arrives in {@link #notifications()}, in either revision.
     *
     * @param token a string or an integer; {@code null} for none
     * @return this client
     */
    public McpTestClient progressToken(Object token) {
        conversation.progressToken = token == null ? null : json().valueToTree(token);
        return this;
    }

    /**
     * The notifications the server sent so far (progress, log messages), in order.
     *
     * @return a copy
     */
    public List<JsonNode> notifications() {
        return List.copyOf(conversation.notifications);
    }

    private JsonMapper json() {
        return conversation.json;
    }

    /** What a test reads of the server's own process, for the stdio client; empty otherwise. */
    String processOutput() {
        return conversation.transport instanceof StdioProcessTransport stdio ? stdio.stderr() : "";
    }

    /**
     * Ends the session: closes a legacy HTTP session, ends a process's input and waits for it to exit.
     */
    @Override
    public void close() {
        conversation.transport.close();
    }

    /**
     * One page of a list.
     *
     * @param items the page's items
     * @param nextCursor the cursor of the next page, or {@code null} on the last
     */
    public record Page(List<JsonNode> items, String nextCursor) {
    }
}
