package io.beammcp.autoconfigure.http;

/**
 * Decides whether a request to the MCP HTTP endpoint may proceed once its body has been read, for
 * checks that need the exact bytes, such as a signature over the body. Optional: when an application
 * defines one bean of this type, it runs on every {@code POST} that passed the {@link McpAuthorizer} and
 * the body limits, before the body is decoded.
 *
 * <p>A {@link McpAuthorization#deny(String) refusal} is answered {@code 403} with an opaque body (the
 * connection stays open, since the body was read) and its reason is logged; an exception thrown here is
 * answered {@code 500} with JSON-RPC error {@code -32603} and no detail, and logged.
 */
@FunctionalInterface
public interface McpBodyAuthorizer {

    /**
     * Decides about one request.
     *
     * @param request the request line, headers and peer
     * @param body the body exactly as received (a copy: changing it changes nothing)
     * @return the verdict, never {@code null}
     * @throws Exception when the decision cannot be made; the request is refused with {@code 500}
     */
    McpAuthorization authorize(McpRequestHead request, byte[] body) throws Exception;
}
