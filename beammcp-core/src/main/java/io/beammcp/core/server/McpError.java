package io.beammcp.core.server;

import tools.jackson.databind.JsonNode;

/**
 * A JSON-RPC error decided by the core; thrown inside the request path and turned into an error response
 * in one place.
 */
final class McpError extends RuntimeException {

    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int METHOD_NOT_FOUND = -32601;
    static final int INVALID_PARAMS = -32602;
    static final int INTERNAL_ERROR = -32603;
    static final int RESOURCE_NOT_FOUND = -32002;
    static final int HEADER_MISMATCH = -32020;
    static final int UNSUPPORTED_PROTOCOL_VERSION = -32022;

    static final int MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;

    private final int code;
    private final transient JsonNode data;
    private final boolean aboutEnvelope;

    McpError(int code, String message) {
        this(code, message, null, false);
    }

    McpError(int code, String message, JsonNode data) {
        this(code, message, data, false);
    }

    private McpError(int code, String message, JsonNode data, boolean aboutEnvelope) {
        super(message, null, false, false);
        this.code = code;
        this.data = data;
        this.aboutEnvelope = aboutEnvelope;
    }

    /** A {@code -32602} about the request's own metadata rather than the method's params. */
    static McpError invalidMeta(String message) {
        return new McpError(INVALID_PARAMS, message, null, true);
    }

    /**
     * Whether the error refuses the request as such (HTTP answers 4xx) rather than being the outcome of
     * a handler (HTTP 200): WIRE.md §5.4.
     */
    boolean refusesRequest(boolean modern) {
        return switch (code) {
            case PARSE_ERROR, INVALID_REQUEST, HEADER_MISMATCH, MISSING_REQUIRED_CLIENT_CAPABILITY,
                    UNSUPPORTED_PROTOCOL_VERSION -> true;
            case METHOD_NOT_FOUND -> modern;
            case INVALID_PARAMS -> aboutEnvelope;
            default -> false;
        };
    }

    int code() {
        return code;
    }

    JsonNode data() {
        return data;
    }

    static McpError invalidParams(String message) {
        return new McpError(INVALID_PARAMS, message);
    }
}
