package io.beammcp.core.internal.protocol;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One well-formed JSON-RPC message: a request ({@code id} and {@code method}), a notification
 * ({@code method} only) or a client's response ({@code id} and one of {@code result}/{@code error}).
 *
 * @param id the id exactly as sent (a string or integer node), or {@code null} for a notification
 * @param method the method as sent, or {@code null} for a response
 * @param known the method, or {@code null} for a response or a method this server does not know
 * @param params the params object, or {@code null} when absent
 * @param root the whole message as read, which a client's response hands on
 */
public record Message(JsonNode id, String method, McpMethod known, ObjectNode params, JsonNode root) {

    public boolean isRequest() {
        return id != null && method != null;
    }

    public boolean isNotification() {
        return id == null;
    }

    public boolean isResponse() {
        return method == null;
    }

    /** Whether this is a request of {@code method}. */
    public boolean isRequest(McpMethod method) {
        return known == method && id != null;
    }

    /** Whether this is a notification of {@code method}. */
    public boolean isNotification(McpMethod method) {
        return known == method && id == null;
    }

    /** The {@code params._meta} object, or {@code null}. */
    /** The request's {@code progressToken} when it is a string or an integer, else {@code null}: no progress. */
    public JsonNode progressToken() {
        ObjectNode meta = meta();
        JsonNode token = meta == null ? null : meta.get("progressToken");
        return token != null && (token.isString() || token.isIntegralNumber()) ? token : null;
    }

    public ObjectNode meta() {
        JsonNode meta = params == null ? null : params.get("_meta");
        return meta instanceof ObjectNode object ? object : null;
    }

    /** Whether the message carries 2026-07-28 metadata (a version or capabilities key in {@code _meta}). */
    public boolean carriesModernMeta() {
        ObjectNode meta = meta();
        return meta != null && (meta.has(MetaKeys.VERSION) || meta.has(MetaKeys.CAPABILITIES));
    }

    /**
     * Parses the envelope. A malformed one is {@code -32600}, answered with the id when the id itself is
     * readable.
     */
    public static Message parse(JsonNode root) {
        if (root instanceof ArrayNode batch) {
            throw new Refusal(null, new McpError(McpError.INVALID_REQUEST,
                    "Invalid Request: JSON-RPC batches are not supported"), batch);
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
                return new Message(id, null, null, null, root);
            }
            throw new Refusal(id, new McpError(McpError.INVALID_REQUEST, "Invalid Request: method is missing"));
        }
        if (!methodNode.isString()) {
            throw new Refusal(id, new McpError(McpError.INVALID_REQUEST, "Invalid Request: method must be a string"));
        }
        String method = methodNode.stringValue();
        JsonNode params = root.get("params");
        if (id == null) {
            // a notification is never answered, not even to refuse its params
            return new Message(null, method, McpMethod.of(method), params instanceof ObjectNode o ? o : null, root);
        }
        if (root.has("_meta")) {
            throw new Refusal(id, McpError.invalidMeta("Invalid params: _meta belongs inside params"));
        }
        if (params != null && !params.isObject()) {
            throw new Refusal(id, McpError.invalidMeta("Invalid params: params must be an object"));
        }
        return new Message(id, method, McpMethod.of(method), (ObjectNode) params, root);
    }

    private static String textOrNull(JsonNode node) {
        return node != null && node.isString() ? node.stringValue() : null;
    }

    /** A message refused before it could be routed, with the id to answer (or {@code null}). */
    public static final class Refusal extends RuntimeException {

        private static final long serialVersionUID = 1L;

        private final transient JsonNode id;
        private final McpError error;
        private final transient ArrayNode batch;

        Refusal(JsonNode id, McpError error) {
            this(id, error, null);
        }

        Refusal(JsonNode id, McpError error, ArrayNode batch) {
            super(null, null, false, false);
            this.id = id;
            this.error = error;
            this.batch = batch;
        }

        /** The refused batch, or {@code null} when the message was not one. */
        public ArrayNode batch() {
            return batch;
        }

        public JsonNode id() {
            return id;
        }

        public McpError error() {
            return error;
        }
    }
}
