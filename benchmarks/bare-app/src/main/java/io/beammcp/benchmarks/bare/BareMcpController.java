package io.beammcp.benchmarks.bare;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A bare JSON-RPC endpoint that answers what the benchmarks send, the way a hand-written controller would:
 * the body is parsed with Jackson into a tree, the few fields it needs are read and checked, and the result is
 * built as a tree and written with Jackson. The answers have the shape and size of the sample's:
 * <ul>
 * <li>2026-07-28 {@code tools/call get_weather} (headers {@code MCP-Protocol-Version}, {@code Mcp-Method},
 * {@code Mcp-Name} compared with the body): {@code resultType}, the text content, {@code _meta} serverInfo;</li>
 * <li>2025-11-25: {@code initialize} opens a session (random id in {@code Mcp-Session-Id}), notifications are
 * 202, {@code tools/call} needs a known session and answers the undecorated content.</li>
 * </ul>
 * The arguments are checked by hand as the sample's schema demands ({@code place} a non-empty string, nothing
 * else). It does no Origin, Host or peer checks and knows no other method: it is the floor, not an MCP server.
 */
@RestController
final class BareMcpController {

    private static final String MODERN = "2026-07-28";
    private static final String LEGACY = "2025-11-25";
    private static final String VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
    private static final String CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";
    private static final String SESSION_HEADER = "Mcp-Session-Id";
    private static final String SERVER_NAME = "weather";
    private static final String SERVER_VERSION = "0.1.0-SNAPSHOT";
    private static final String INSTRUCTIONS = "Weather for any place, from simulated data. Use get_weather for now,"
            + " forecast for the coming days and plan_trip for travel advice. Resources list the known stations and"
            + " give the weather of a place; the packing_list prompt prepares a trip.";

    private final JsonMapper mapper = JsonMapper.builder().build();
    private final Map<String, Boolean> sessions = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();

    @PostMapping(path = "/mcp")
    ResponseEntity<byte[]> post(@RequestBody byte[] body,
            @RequestHeader(name = "MCP-Protocol-Version", required = false) String versionHeader,
            @RequestHeader(name = "Mcp-Method", required = false) String methodHeader,
            @RequestHeader(name = "Mcp-Name", required = false) String nameHeader,
            @RequestHeader(name = SESSION_HEADER, required = false) String sessionId) {
        JsonNode request;
        try {
            request = mapper.readTree(body);
        } catch (JacksonException e) {
            return error(HttpStatus.BAD_REQUEST, null, -32700, "Parse error");
        }
        if (request == null || !request.isObject() || !"2.0".equals(request.path("jsonrpc").stringValue(null))) {
            return error(HttpStatus.BAD_REQUEST, null, -32600, "Invalid request");
        }
        JsonNode id = request.get("id");
        String method = request.path("method").stringValue(null);
        JsonNode params = request.path("params");
        JsonNode meta = params.path("_meta");
        if (meta.has(VERSION_KEY) || meta.has(CAPABILITIES_KEY)) {
            return modern(id, method, params, meta, versionHeader, methodHeader, nameHeader);
        }
        return legacy(id, method, params, versionHeader, sessionId);
    }

    private ResponseEntity<byte[]> modern(JsonNode id, String method, JsonNode params, JsonNode meta,
            String versionHeader, String methodHeader, String nameHeader) {
        String version = meta.path(VERSION_KEY).stringValue(null);
        if (version == null || !meta.path(CAPABILITIES_KEY).isObject()) {
            return error(HttpStatus.BAD_REQUEST, id, -32602, "Missing _meta fields");
        }
        if (!version.equals(versionHeader) || method == null || !method.equals(methodHeader)) {
            return error(HttpStatus.BAD_REQUEST, id, -32020, "Header mismatch");
        }
        if (!MODERN.equals(version)) {
            return error(HttpStatus.BAD_REQUEST, id, -32022, "Unsupported protocol version");
        }
        if (!"tools/call".equals(method) || id == null) {
            return error(HttpStatus.NOT_FOUND, id, -32601, "Method not found");
        }
        String name = params.path("name").stringValue(null);
        if (name == null || !name.equals(nameHeader == null ? null : nameHeader.strip())) {
            return error(HttpStatus.BAD_REQUEST, id, -32020, "Header mismatch");
        }
        ObjectNode result = toolResult(id, name, params.path("arguments"));
        if (result.has("error")) {
            return json(HttpStatus.OK, result);
        }
        ObjectNode answer = (ObjectNode) result.get("result");
        ObjectNode decorated = mapper.createObjectNode();
        decorated.put("resultType", "complete");
        decorated.set("content", answer.get("content"));
        decorated.putObject("_meta").putObject("io.modelcontextprotocol/serverInfo")
                .put("name", SERVER_NAME).put("version", SERVER_VERSION);
        result.set("result", decorated);
        return json(HttpStatus.OK, result);
    }

    private ResponseEntity<byte[]> legacy(JsonNode id, String method, JsonNode params, String versionHeader,
            String sessionId) {
        if ("initialize".equals(method) && id != null) {
            String newId = newSessionId();
            sessions.put(newId, Boolean.TRUE);
            ObjectNode response = envelope(id);
            ObjectNode result = response.putObject("result");
            String requested = params.path("protocolVersion").stringValue(LEGACY);
            result.put("protocolVersion", LEGACY.equals(requested) ? requested : LEGACY);
            ObjectNode capabilities = result.putObject("capabilities");
            capabilities.putObject("tools").put("listChanged", false);
            capabilities.putObject("resources").put("subscribe", false).put("listChanged", false);
            capabilities.putObject("prompts").put("listChanged", false);
            capabilities.putObject("completions");
            result.putObject("serverInfo").put("name", SERVER_NAME).put("version", SERVER_VERSION);
            result.put("instructions", INSTRUCTIONS);
            return ResponseEntity.ok().header(SESSION_HEADER, newId).contentType(MediaType.APPLICATION_JSON)
                    .body(mapper.writeValueAsBytes(response));
        }
        if (sessionId == null) {
            return error(HttpStatus.BAD_REQUEST, id, -32600, "Missing session");
        }
        if (!sessions.containsKey(sessionId)) {
            return ResponseEntity.status(HttpStatus.NOT_FOUND).build();
        }
        if (versionHeader != null && !LEGACY.equals(versionHeader)) {
            return error(HttpStatus.BAD_REQUEST, id, -32600, "Unsupported protocol version");
        }
        if (id == null) {
            return ResponseEntity.status(HttpStatus.ACCEPTED).build();
        }
        if (!"tools/call".equals(method)) {
            return error(HttpStatus.OK, id, -32601, "Method not found");
        }
        return json(HttpStatus.OK, toolResult(id, params.path("name").stringValue(null), params.path("arguments")));
    }

    /** The undecorated result of a call, or a JSON-RPC error: {@code place} must be a non-empty string, alone. */
    private ObjectNode toolResult(JsonNode id, String name, JsonNode arguments) {
        ObjectNode response = envelope(id);
        if (!"get_weather".equals(name)) {
            response.putObject("error").put("code", -32602).put("message", "Unknown tool");
            return response;
        }
        JsonNode place = arguments.get("place");
        if (!arguments.isObject() || arguments.size() != 1 || place == null || !place.isString()
                || place.stringValue().isEmpty()) {
            response.putObject("error").put("code", -32602).put("message", "Invalid arguments");
            return response;
        }
        response.putObject("result").putArray("content").addObject().put("type", "text")
                .put("text", Weather.current(place.stringValue()));
        return response;
    }

    private ObjectNode envelope(JsonNode id) {
        ObjectNode response = mapper.createObjectNode();
        response.put("jsonrpc", "2.0");
        if (id != null) {
            response.set("id", id);
        }
        return response;
    }

    private ResponseEntity<byte[]> error(HttpStatus status, JsonNode id, int code, String message) {
        ObjectNode response = envelope(id);
        response.putObject("error").put("code", code).put("message", message);
        return json(status, response);
    }

    private ResponseEntity<byte[]> json(HttpStatus status, ObjectNode response) {
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON)
                .body(mapper.writeValueAsBytes(response));
    }

    private String newSessionId() {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
