package io.beammcp.test;

import io.beammcp.core.Revision;
import io.beammcp.core.server.McpServer;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.cfg.JsonNodeFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * A test client for an MCP server: against the running application over HTTP, a spawned process over
 * stdio, or the server bean in process; in either protocol revision (2026-07-28 by default; 2025-11-25 opens
 * its session with {@code initialize} on the first request). Results are typed: {@link ToolCallResult} for
 * tools, JSON for the rest. Not thread-safe: one test, one client.
 *
 * <pre>{@code
 * try (McpTestClient client = McpTestClient.inProcess(server)) {
 *     ToolCallResult result = client.callTool("forecast", Map.of("place", "Oslo"));
 *     assertThat(result.structured(Forecast.class).days()).hasSize(3);
 * }
 * }</pre>
 */
public final class McpTestClient implements AutoCloseable {

    private final Transport transport;
    private final JsonMapper json = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(JsonNodeFeature.USE_BIG_DECIMAL_FOR_FLOATS).disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();
    private final AtomicLong ids = new AtomicLong();
    private final List<JsonNode> notifications = new CopyOnWriteArrayList<>();
    private final Map<String, Function<JsonNode, Object>> answers = new LinkedHashMap<>();
    private Revision revision = Revision.V2026_07_28;
    private Map<String, Object> capabilities = Map.of();
    private boolean initialized;

    private McpTestClient(Function<JsonMapper, Transport> transport) {
        this.transport = transport.apply(json);
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
        this.revision = revision;
        return this;
    }

    /**
     * Declares these client capabilities (per request in 2026-07-28, in {@code initialize} in 2025-11-25).
     *
     * @param capabilities for example {@code Map.of("elicitation", Map.of())}
     * @return this client
     */
    public McpTestClient capabilities(Map<String, Object> capabilities) {
        this.capabilities = Map.copyOf(capabilities);
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
        answers.put(method, answer);
        return this;
    }

    /**
     * Calls a tool.
     *
     * @param name the tool's name
     * @param arguments a map or a record of the arguments
     * @return the result, a tool error, or a JSON-RPC error
     */
    public ToolCallResult callTool(String name, Object arguments) {
        return callTool(name, json.valueToTree(arguments), null, null);
    }

    ToolCallResult callTool(String name, JsonNode arguments, JsonNode inputResponses, JsonNode requestState) {
        ObjectNode params = json.createObjectNode().put("name", name);
        params.set("arguments", arguments);
        if (inputResponses != null) {
            params.set("inputResponses", inputResponses);
            params.set("requestState", requestState);
        }
        return new ToolCallResult(this, name, arguments, request("tools/call", params), json);
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
        ObjectNode params = json.createObjectNode();
        if (cursor != null) {
            params.put("cursor", cursor);
        }
        JsonNode result = result(request(method, params));
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
        result(request("resources/read", json.createObjectNode().put("uri", uri))).path("contents").forEach(contents::add);
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
        ObjectNode params = json.createObjectNode().put("name", name);
        params.set("arguments", json.valueToTree(arguments));
        return result(request("prompts/get", params));
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
        return complete(json.createObjectNode().put("type", "ref/prompt").put("name", prompt), argument, partial);
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
        return complete(json.createObjectNode().put("type", "ref/resource").put("uri", uriTemplate), variable, partial);
    }

    private List<String> complete(ObjectNode ref, String argument, String partial) {
        ObjectNode params = json.createObjectNode();
        params.set("ref", ref);
        params.putObject("argument").put("name", argument).put("value", partial);
        List<String> values = new ArrayList<>();
        result(request("completion/complete", params)).path("completion").path("values")
                .forEach(v -> values.add(v.asString()));
        return values;
    }

    /**
     * Sends any request and returns the whole response, result or error.
     *
     * @param method the method
     * @param params its params, without {@code _meta} (added for 2026-07-28)
     * @return the response message
     */
    public JsonNode request(String method, ObjectNode params) {
        if (revision == Revision.V2025_11_25 && !initialized) {
            initialize();
        }
        ObjectNode message = json.createObjectNode().put("jsonrpc", "2.0").put("id", ids.incrementAndGet())
                .put("method", method);
        ObjectNode sent = params == null ? json.createObjectNode() : params.deepCopy();
        if (revision == Revision.V2026_07_28) {
            ObjectNode meta = sent.putObject("_meta");
            meta.put("io.modelcontextprotocol/protocolVersion", revision.id());
            meta.set("io.modelcontextprotocol/clientCapabilities", json.valueToTree(capabilities));
            meta.set("io.modelcontextprotocol/clientInfo", clientInfo());
        }
        message.set("params", sent);
        return transport.request(message, revision, Map.of(), notifications::add, this::answer);
    }

    /**
     * The notifications the server sent so far (progress, log messages), in order.
     *
     * @return a copy
     */
    public List<JsonNode> notifications() {
        return List.copyOf(notifications);
    }

    private void initialize() {
        initialized = true;
        ObjectNode params = json.createObjectNode().put("protocolVersion", Revision.V2025_11_25.id());
        params.set("capabilities", json.valueToTree(capabilities));
        params.set("clientInfo", clientInfo());
        ObjectNode message = json.createObjectNode().put("jsonrpc", "2.0").put("id", ids.incrementAndGet())
                .put("method", "initialize");
        message.set("params", params);
        result(transport.request(message, revision, Map.of(), notifications::add, this::answer));
        transport.notify(json.createObjectNode().put("jsonrpc", "2.0").put("method", "notifications/initialized"),
                revision);
    }

    private ObjectNode clientInfo() {
        return json.createObjectNode().put("name", "beammcp-test").put("version", "1");
    }

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

    JsonNode result(JsonNode response) {
        if (response == null) {
            throw new IllegalStateException("The server sent no response");
        }
        if (response.has("error")) {
            throw new McpErrorException(response.get("error"));
        }
        return response.get("result");
    }

    /** What a test reads of the server's own process, for the stdio client; empty otherwise. */
    String processOutput() {
        return transport instanceof StdioProcessTransport stdio ? stdio.stderr() : "";
    }

    /**
     * Ends the session: closes a legacy HTTP session, ends a process's input and waits for it to exit.
     */
    @Override
    public void close() {
        transport.close();
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
