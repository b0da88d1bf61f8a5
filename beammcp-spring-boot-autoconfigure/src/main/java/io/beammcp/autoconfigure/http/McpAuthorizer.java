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
 * the thread serving the request, and should not block for long. On the reactive transport (WebFlux) that is a
 * thread for host code, never an event loop, unless the authorizer declares that it never blocks
 * ({@link #blocks()}, {@link #nonBlocking(McpAuthorizer)}): it then runs on the event loop that received the
 * request, which saves a hand-off between threads.
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
     * Whether {@link #authorize} may block (a database, a remote service); only the reactive transport asks.
     *
     * @return {@code true} unless overridden: the reactive transport then runs it off the event loop
     */
    default boolean blocks() {
        return true;
    }

    /**
     * An authorizer that never blocks (it decides from the request alone, or from what is in memory), so that the
     * reactive transport may run it on the event loop that received the request.
     *
     * @param authorizer the decision, which must not block
     * @return the same decision, declared non-blocking
     */
    static McpAuthorizer nonBlocking(McpAuthorizer authorizer) {
        return new McpAuthorizer() {
            @Override
            public McpAuthorization authorize(McpRequestHead request) throws Exception {
                return authorizer.authorize(request);
            }

            @Override
            public boolean blocks() {
                return false;
            }
        };
    }

    /**
     * An authorizer that accepts every caller, for a server that is protected otherwise (a private
     * network, a gateway in front, a local tool bound to loopback).
     *
     * @return an authorizer that always permits, and never blocks
     */
    static McpAuthorizer permitAll() {
        return nonBlocking(request -> McpAuthorization.permit());
    }
}
