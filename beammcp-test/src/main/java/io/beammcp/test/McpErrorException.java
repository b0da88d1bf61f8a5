package io.beammcp.test;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.MissingNode;

/**
 * The server answered a JSON-RPC error where the test expected a result, or over HTTP answered no JSON-RPC
 * response at all (such as a 401 without a token); over HTTP it carries the status, challenge and body.
 */
public final class McpErrorException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** How much of a body the message quotes; {@link #body()} has all of it. */
    private static final int QUOTED_BODY = 500;

    private final transient JsonNode error;
    private final int httpStatus;
    private final String wwwAuthenticate;
    private final String body;

    McpErrorException(JsonNode error, Response reply) {
        super(error.path("code").asInt() + " " + error.path("message").asString("") + http(reply, false));
        this.error = error;
        this.httpStatus = reply.status();
        this.wwwAuthenticate = reply.wwwAuthenticate();
        this.body = reply.body();
    }

    /** An HTTP answer without a JSON-RPC response in it. */
    McpErrorException(Response reply) {
        super("No JSON-RPC response" + http(reply, true));
        this.error = MissingNode.getInstance();
        this.httpStatus = reply.status();
        this.wwwAuthenticate = reply.wwwAuthenticate();
        this.body = reply.body();
    }

    private static String http(Response reply, boolean withBody) {
        if (reply.status() == 0 || (reply.status() == 200 && !withBody)) {
            return "";
        }
        StringBuilder text = new StringBuilder(": HTTP ").append(reply.status());
        if (!reply.wwwAuthenticate().isEmpty()) {
            text.append(", WWW-Authenticate: ").append(reply.wwwAuthenticate());
        }
        if (withBody) {
            String body = reply.body().strip();
            text.append(body.isEmpty() ? ", no body" : ", body: " + (body.length() > QUOTED_BODY
                    ? body.substring(0, QUOTED_BODY) + "..." : body));
        }
        return text.toString();
    }

    /**
     * The JSON-RPC error's code.
     *
     * @return for example {@code -32602}; 0 when the HTTP answer carried no JSON-RPC error
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

    /**
     * The HTTP status the answer came with.
     *
     * @return for example 401 or 403; 0 when the answer did not come over HTTP
     */
    public int httpStatus() {
        return httpStatus;
    }

    /**
     * The HTTP answer's {@code WWW-Authenticate} challenge (every value, comma-separated).
     *
     * @return for example {@code Bearer resource_metadata="..."}; empty when there was none
     */
    public String wwwAuthenticate() {
        return wwwAuthenticate;
    }

    /**
     * The HTTP answer's body, as received.
     *
     * @return the body; empty when it had none or the answer did not come over HTTP
     */
    public String body() {
        return body;
    }
}
