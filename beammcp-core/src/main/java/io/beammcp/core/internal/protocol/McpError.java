package io.beammcp.core.internal.protocol;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;

/**
 * A JSON-RPC error decided by the core; thrown inside the request path and turned into an error response
 * in one place.
 */
public final class McpError extends RuntimeException {

    public static final int PARSE_ERROR = -32700;
    public static final int INVALID_REQUEST = -32600;
    public static final int METHOD_NOT_FOUND = -32601;
    public static final int INVALID_PARAMS = -32602;
    public static final int INTERNAL_ERROR = -32603;
    public static final int RESOURCE_NOT_FOUND = -32002;
    public static final int HEADER_MISMATCH = -32020;
    public static final int UNSUPPORTED_PROTOCOL_VERSION = -32022;

    public static final int MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;
    /** Host code refused its caller; outside the reserved range, and named after HTTP's 403. */
    public static final int ACCESS_DENIED = -31403;
    /** A tool call over its caller's rate (answered over HTTP with 429); named after HTTP's 429 like -31403. */
    public static final int RATE_LIMITED = -31429;

    private static final long serialVersionUID = 1L;

    private final int code;
    private final transient JsonNode data;
    private final boolean aboutEnvelope;
    private final transient List<String> scopes;

    public McpError(int code, String message) {
        this(code, message, null, false);
    }

    public McpError(int code, String message, JsonNode data) {
        this(code, message, data, false);
    }

    private McpError(int code, String message, JsonNode data, boolean aboutEnvelope) {
        this(code, message, data, aboutEnvelope, null);
    }

    private McpError(int code, String message, JsonNode data, boolean aboutEnvelope, List<String> scopes) {
        super(message, null, false, false);
        this.code = code;
        this.data = data;
        this.aboutEnvelope = aboutEnvelope;
        this.scopes = scopes;
    }

    /**
     * A caller that may see an entry lacks scopes it declares: {@code -31403} naming every one of them in
     * {@code data.scopes}, which a transport turns into a step-up challenge (over HTTP 403).
     */
    public static McpError insufficientScope(List<String> scopes) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        ArrayNode array = data.putArray("scopes");
        scopes.forEach(array::add);
        return new McpError(ACCESS_DENIED, "Insufficient scope", data, false, List.copyOf(scopes));
    }

    /** The scopes a refused use needs, or {@code null} when this is not an insufficient-scope refusal. */
    public List<String> scopes() {
        return scopes;
    }

    /** A {@code -32602} about the request's own metadata rather than the method's params. */
    public static McpError invalidMeta(String message) {
        return new McpError(INVALID_PARAMS, message, null, true);
    }

    /**
     * Whether the error refuses the request as such (HTTP answers 4xx) rather than being the outcome of
     * a handler (HTTP 200), as the Streamable HTTP transport of 2026-07-28 sorts them.
     */
    public boolean refusesRequest(boolean modern) {
        return switch (code) {
            case PARSE_ERROR, INVALID_REQUEST, HEADER_MISMATCH, MISSING_REQUIRED_CLIENT_CAPABILITY,
                    UNSUPPORTED_PROTOCOL_VERSION -> true;
            case METHOD_NOT_FOUND -> modern;
            case INVALID_PARAMS -> aboutEnvelope;
            default -> false;
        };
    }

    public int code() {
        return code;
    }

    public JsonNode data() {
        return data;
    }

    public static McpError invalidParams(String message) {
        return new McpError(INVALID_PARAMS, message);
    }

    public static McpError methodNotFound() {
        return new McpError(METHOD_NOT_FOUND, "Method not found");
    }
}
