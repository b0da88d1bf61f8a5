package io.beammcp.autoconfigure.http;

import jakarta.servlet.http.HttpServletRequest;

import java.security.Principal;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The request line, headers and peer of one request, copied once when the request arrives, so that the
 * pipeline, the authorizers and the core read the same values on whichever thread serves them.
 */
final class RequestHead implements McpRequestHead {

    private final String method;
    private final String path;
    private final Map<String, List<String>> headers;
    private final String remoteAddress;
    private final int remotePort;
    private final String localAddress;
    private final boolean secure;
    private final List<X509Certificate> clientCertificates;
    private final Principal principal;
    private final long contentLength;

    private RequestHead(HttpServletRequest request) {
        this.method = request.getMethod();
        this.path = request.getRequestURI();
        Map<String, List<String>> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        Enumeration<String> names = request.getHeaderNames();
        while (names != null && names.hasMoreElements()) {
            String name = names.nextElement();
            List<String> values = copy.computeIfAbsent(name, n -> new ArrayList<>());
            for (Enumeration<String> e = request.getHeaders(name); e.hasMoreElements();) {
                values.add(strip(e.nextElement()));
            }
        }
        copy.replaceAll((name, values) -> List.copyOf(values));
        this.headers = Collections.unmodifiableMap(copy);
        this.remoteAddress = request.getRemoteAddr();
        this.remotePort = request.getRemotePort();
        this.localAddress = request.getLocalAddr();
        this.secure = request.isSecure();
        Object chain = request.getAttribute("jakarta.servlet.request.X509Certificate");
        this.clientCertificates = chain instanceof X509Certificate[] certificates ? List.of(certificates) : List.of();
        this.principal = request.getUserPrincipal();
        this.contentLength = request.getContentLengthLong();
    }

    static RequestHead of(HttpServletRequest request) {
        return new RequestHead(request);
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
        return headers.getOrDefault(name, List.of());
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

    /** Whether the request announces a body: a positive Content-Length or a Transfer-Encoding. */
    boolean declaresBody() {
        return contentLength > 0 || !headers("Transfer-Encoding").isEmpty();
    }
}
