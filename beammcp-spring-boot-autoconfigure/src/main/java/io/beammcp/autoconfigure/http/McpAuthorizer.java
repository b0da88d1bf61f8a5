package io.beammcp.autoconfigure.http;

/**
 * Decides whether a request to the MCP HTTP endpoint may proceed, from its headers and its peer, before
 * its body is read. An HTTP application must define one bean of this type: there is no default, so that a
 * server never starts open by accident; {@link #permitAll()} accepts every caller explicitly.
 *
 * <p>It runs after the Origin and Host checks and the method check, for every {@code POST} and for a
 * {@code DELETE} that ends a session. A {@link McpAuthorization#deny(String) refusal} is answered
 * {@code 403} with an opaque body and its reason is logged; an exception thrown here is answered
 * {@code 500} with JSON-RPC error {@code -32603} and no detail, and logged. It is called concurrently, on
 * the thread serving the request, and should not block for long.
 *
 * @see McpBodyAuthorizer
 */
@FunctionalInterface
public interface McpAuthorizer {

    /**
     * Decides about one request.
     *
     * @param request the request line, headers and peer; the body is not read yet
     * @return the verdict, never {@code null}
     * @throws Exception when the decision cannot be made; the request is refused with {@code 500}
     */
    McpAuthorization authorize(McpRequestHead request) throws Exception;

    /**
     * An authorizer that accepts every caller, for a server that is protected otherwise (a private
     * network, a gateway in front, a local tool bound to loopback).
     *
     * @return an authorizer that always permits
     */
    static McpAuthorizer permitAll() {
        return request -> McpAuthorization.permit();
    }
}
