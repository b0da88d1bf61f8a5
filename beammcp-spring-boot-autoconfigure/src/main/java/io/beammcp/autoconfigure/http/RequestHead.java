package io.beammcp.autoconfigure.http;

import java.security.Principal;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.List;

/**
 * The request line, headers and peer of one request, copied once when the request arrives, so that the
 * pipeline, the authorizers and the core read the same values on whichever thread serves them. The headers
 * are kept as they came, one name and one value per header line, and looked up by a scan with a
 * case-insensitive comparison: a request has a handful of them, and this costs two small arrays per request
 * instead of a sorted map of lists.
 */
final class RequestHead implements McpRequestHead {

    /** The header that names a legacy (2025-11-25) session, on requests and on the response that opened it. */
    static final String SESSION_ID = "Mcp-Session-Id";

    private final String method;
    private final String path;
    /** Header names and values, pairwise, in the order received; {@code headerCount} of them are used. */
    private final String[] headerNames;
    private final String[] headerValues;
    private final int headerCount;
    private final String remoteAddress;
    private final int remotePort;
    private final String localAddress;
    private final boolean secure;
    private final List<X509Certificate> clientCertificates;
    private final Principal principal;
    private final long contentLength;

    private RequestHead(String method, String path, Headers headers, Peer peer, Principal principal,
            long contentLength) {
        this.method = method;
        this.path = path;
        this.headerNames = headers.names;
        this.headerValues = headers.values;
        this.headerCount = headers.count;
        this.remoteAddress = peer.remoteAddress();
        this.remotePort = peer.remotePort();
        this.localAddress = peer.localAddress();
        this.secure = peer.secure();
        this.clientCertificates = peer.clientCertificates();
        this.principal = principal;
        this.contentLength = contentLength;
    }

    /**
     * A request's head as a transport read it.
     *
     * @param headers every header line, in the order received
     * @param principal what a security layer in front authenticated, or {@code null}
     * @param contentLength the declared Content-Length, or {@code -1}
     */
    static RequestHead of(String method, String path, Headers headers, Peer peer, Principal principal,
            long contentLength) {
        return new RequestHead(method, path, headers, peer, principal, contentLength);
    }

    /** Where a request came from and arrived: its peer, this server's address, TLS and the client's chain. */
    record Peer(String remoteAddress, int remotePort, String localAddress, boolean secure,
            List<X509Certificate> clientCertificates) {
    }

    /** The header lines of a request as a transport hands them over, one name and value at a time. */
    static final class Headers {

        private String[] names = new String[16];
        private String[] values = new String[16];
        private int count;

        /** Adds one header line; a {@code null} value is skipped. */
        void add(String name, String value) {
            if (value == null) {
                return;
            }
            if (count == names.length) {
                names = Arrays.copyOf(names, count * 2);
                values = Arrays.copyOf(values, count * 2);
            }
            names[count] = name;
            values[count] = strip(value);
            count++;
        }
    }

    /** Strips the spaces and tabs around a header value (RFC 9110 OWS), nothing else. */
    static String strip(String value) {
        int start = 0;
        int end = value.length();
        while (start < end && (value.charAt(start) == ' ' || value.charAt(start) == '\t')) {
            start++;
        }
        while (end > start && (value.charAt(end - 1) == ' ' || value.charAt(end - 1) == '\t')) {
            end--;
        }
        return value.substring(start, end);
    }

    @Override
    public String method() {
        return method;
    }

    @Override
    public String path() {
        return path;
    }

    @Override
    public List<String> headers(String name) {
        String first = null;
        String[] more = null;
        int found = 0;
        for (int i = 0; i < headerCount; i++) {
            if (headerNames[i].equalsIgnoreCase(name)) {
                if (found == 0) {
                    first = headerValues[i];
                } else {
                    if (more == null) {
                        more = new String[headerCount - i + 1];
                        more[0] = first;
                    }
                    more[found] = headerValues[i];
                }
                found++;
            }
        }
        return found == 0 ? List.of() : found == 1 ? List.of(first) : List.of(Arrays.copyOf(more, found));
    }

    @Override
    public String header(String name) {
        String value = null;
        for (int i = 0; i < headerCount; i++) {
            if (headerNames[i].equalsIgnoreCase(name)) {
                if (value != null) {
                    return null;
                }
                value = headerValues[i];
            }
        }
        return value;
    }

    /** Whether the header is present, with any value. */
    boolean has(String name) {
        for (int i = 0; i < headerCount; i++) {
            if (headerNames[i].equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String remoteAddress() {
        return remoteAddress;
    }

    @Override
    public int remotePort() {
        return remotePort;
    }

    @Override
    public boolean secure() {
        return secure;
    }

    @Override
    public List<X509Certificate> clientCertificates() {
        return clientCertificates;
    }

    @Override
    public Principal principal() {
        return principal;
    }

    /** The address of this server the request arrived on. */
    String localAddress() {
        return localAddress;
    }

    /** The declared Content-Length, or {@code -1} when none (chunked, or no body). */
    long contentLength() {
        return contentLength;
    }

    /** The session id the request names: its one {@code Mcp-Session-Id} value (repeats must agree), or null. */
    String sessionId() {
        String id = null;
        for (int i = 0; i < headerCount; i++) {
            if (headerNames[i].equalsIgnoreCase(SESSION_ID)) {
                if (id != null && !id.equals(headerValues[i])) {
                    return null;
                }
                id = headerValues[i];
            }
        }
        return id == null || id.isEmpty() ? null : id;
    }

    /** Whether the request announces a body: a positive Content-Length or a Transfer-Encoding. */
    boolean declaresBody() {
        return contentLength > 0 || has("Transfer-Encoding");
    }
}
