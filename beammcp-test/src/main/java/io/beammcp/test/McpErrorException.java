package io.beammcp.test;

import tools.jackson.databind.JsonNode;

/** The server answered a JSON-RPC error where the test expected a result. */
public final class McpErrorException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient JsonNode error;

    McpErrorException(JsonNode error) {
        super(error.path("code").asInt() + " " + error.path("message").asString(""));
        this.error = error;
    }

    /**
     * The error's code.
     *
     * @return for example {@code -32602}
     */
    public int code() {
        return error.path("code").asInt();
    }

    /**
     * The error's {@code data}.
     *
     * @return the data, or a missing node
     */
    public JsonNode data() {
        return error.path("data");
    }
}
