package io.beammcp.autoconfigure.http;

import java.security.Principal;
import java.security.cert.X509Certificate;
import java.util.List;

/**
 * What an authorizer may know about a request to the MCP HTTP endpoint besides its body: the request
 * line, the headers and the peer. A read-only snapshot, safe to keep and to use from any thread.
 */
public interface McpRequestHead {

    /**
     * The HTTP method.
     *
     * @return for example {@code "POST"}
     */
    String method();

    /**
     * The request path, without the query string.
     *
     * @return for example {@code "/mcp"}
     */
    String path();

    /**
     * Every value of a header, one per header line in the order received, each with surrounding spaces
     * and tabs stripped.
     *
     * @param name the header name, matched case-insensitively
     * @return the values, empty when the header is absent
     */
    List<String> headers(String name);

    /**
     * The value of a header sent once.
     *
     * @param name the header name, matched case-insensitively
     * @return the value, or {@code null} when the header is absent or sent more than once
     */
    default String header(String name) {
        List<String> values = headers(name);
        return values.size() == 1 ? values.get(0) : null;
    }

    /**
     * The peer's IP address as the web server reports it (the client's own address when the server
     * trusts forwarding headers, see {@code server.forward-headers-strategy}).
     *
     * @return for example {@code "127.0.0.1"}
     */
    String remoteAddress();

    /**
     * The peer's port.
     *
     * @return the port
     */
    int remotePort();

    /**
     * Whether the request came over TLS.
     *
     * @return {@code true} for HTTPS
     */
    boolean secure();

    /**
     * The certificate chain the client presented in a TLS handshake (mutual TLS).
     *
     * @return the chain, client certificate first, or empty
     */
    List<X509Certificate> clientCertificates();

    /**
     * The principal an earlier security layer (a servlet filter such as Spring Security's) authenticated.
     *
     * @return the principal, or {@code null}
     */
    Principal principal();
}
