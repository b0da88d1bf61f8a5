package io.beammcp.core.server;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One well-formed JSON-RPC message: a request ({@code id} and {@code method}), a notification
 * ({@code method} only) or a client's response ({@code id} and one of {@code result}/{@code error}).
 *
 * @param id the id exactly as sent (a string or integer node), or {@code null} for a notification
 * @param method the method, or {@code null} for a response
 * @param params the params object, or {@code null} when absent
 */
record Message(JsonNode id, String method, ObjectNode params) {

    static final String VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
    static final String CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";
    static final String CLIENT_INFO_KEY = "io.modelcontextprotocol/clientInfo";
    static final String LOG_LEVEL_KEY = "io.modelcontextprotocol/logLevel";

    boolean isRequest() {
        return id != null && method != null;
    }

    boolean isNotification() {
        return id == null;
    }

    boolean isResponse() {
        return method == null;
    }

    /** The {@code params._meta} object, or {@code null}. */
    ObjectNode meta() {
        JsonNode meta = params == null ? null : params.get("_meta");
        return meta instanceof ObjectNode object ? object : null;
    }

    /** Whether the message carries 2026-07-28 metadata (a version or capabilities key in {@code _meta}). */
    boolean carriesModernMeta() {
        ObjectNode meta = meta();
        return meta != null && (meta.has(VERSION_KEY) || meta.has(CAPABILITIES_KEY));
    }

    /**
     * Parses the envelope. A malformed one is {@code -32600}, answered with the id when the id itself is
     * readable.
     */
    static Message parse(JsonNode root) {
        if (root.isArray()) {
            throw new Refusal(null, new McpError(McpError.INVALID_REQUEST,
                    "Invalid Request: JSON-RPC batches are not supported"));
        }
        if (!root.isObject()) {
            throw new Refusal(null, new McpError(McpError.INVALID_REQUEST,
                    "Invalid Request: a message must be a JSON object"));
        }
        JsonNode idNode = root.get("id");
        JsonNode id = null;
        if (idNode != null) {
            if (!(idNode.isString() || idNode.isIntegralNumber())) {
                throw new Refusal(null, new McpError(McpError.INVALID_REQUEST,
                        "Invalid Request: id must be a string or an integer"));
            }
            id = idNode;
        }
        if (!"2.0".equals(textOrNull(root.get("jsonrpc")))) {
            throw new Refusal(id, new McpError(McpError.INVALID_REQUEST,
                    "Invalid Request: jsonrpc must be \"2.0\""));
        }
        JsonNode methodNode = root.get("method");
        if (methodNode == null) {
            boolean hasResult = root.has("result");
            boolean hasError = root.has("error");
            if (id != null && hasResult != hasError) {
                return new Message(id, null, null);
            }
            throw new Refusal(id, new McpError(McpError.INVALID_REQUEST, "Invalid Request: method is missing"));
        }
        if (!methodNode.isString()) {
            throw new Refusal(id, new McpError(McpError.INVALID_REQUEST, "Invalid Request: method must be a string"));
        }
        JsonNode params = root.get("params");
        if (id == null) {
            // a notification is never answered, not even to refuse its params
            return new Message(null, methodNode.stringValue(), params instanceof ObjectNode o ? o : null);
        }
        if (root.has("_meta")) {
            throw new Refusal(id, McpError.invalidMeta("Invalid params: _meta belongs inside params"));
        }
        if (params != null && !params.isObject()) {
            throw new Refusal(id, McpError.invalidMeta("Invalid params: params must be an object"));
        }
        return new Message(id, methodNode.stringValue(), (ObjectNode) params);
    }

    private static String textOrNull(JsonNode node) {
        return node != null && node.isString() ? node.stringValue() : null;
    }

    /** A message refused before it could be routed, with the id to answer (or {@code null}). */
    static final class Refusal extends RuntimeException {

        final transient JsonNode id;
        final McpError error;

        Refusal(JsonNode id, McpError error) {
            super(null, null, false, false);
            this.id = id;
            this.error = error;
        }
    }
}
