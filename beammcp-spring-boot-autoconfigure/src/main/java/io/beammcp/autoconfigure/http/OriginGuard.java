package io.beammcp.autoconfigure.http;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.ResponseEntity;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Stage 1 of the endpoint: the Origin allow-list, and the Host check that defeats DNS rebinding.
 *
 * <p>Origin: absent is admitted (not a browser, or a same-origin GET); every value of a repeated header
 * must be allowed. An allowed entry is {@code *}, {@code scheme://host} (default port), {@code
 * scheme://host:port}, {@code scheme://host:*}, or any other text compared literally (such as
 * {@code null}). Scheme and host compare case-insensitively.
 *
 * <p>Host: with {@code allowed-hosts} configured, every request's Host must match it. Without it, a
 * request that arrived on a loopback address must name {@code localhost}, {@code 127.0.0.1} or
 * {@code [::1]} (any port): a browser tricked by DNS rebinding connects to loopback under the attacker's
 * name, while a legitimate local client names loopback. A request that arrived on another interface is
 * not Host-checked by default (the server cannot know its public names), so the Origin allow-list
 * protects it. A request without Host (HTTP/1.0) is not a browser's and is admitted.
 */
final class OriginGuard {

    private static final Logger log = LoggerFactory.getLogger(OriginGuard.class);

    private static final String[] LOOPBACK_NAMES = {"localhost", "127.0.0.1", "[::1]"};
    /** How many distinct local addresses have their loopback verdict remembered. */
    static final int REMEMBERED = 64;

    /**
     * Whether each local address seen is loopback (a server has few), so the per-request path allocates no
     * {@code InetAddress}; bounded: past {@value #REMEMBERED} addresses, others are judged each time.
     */
    private final ConcurrentHashMap<String, Boolean> loopbackVerdicts = new ConcurrentHashMap<>();

    private final boolean anyOrigin;
    private final List<OriginPattern> origins = new ArrayList<>();
    private final List<String> literalOrigins = new ArrayList<>();
    private final boolean anyHost;
    private final List<HostPattern> hosts = new ArrayList<>();

    OriginGuard(List<String> allowedOrigins, List<String> allowedHosts) {
        boolean any = false;
        for (String entry : allowedOrigins) {
            String e = entry.trim();
            if (e.equals("*")) {
                any = true;
            } else if (e.contains("://")) {
                origins.add(OriginPattern.parse(e));
            } else if (!e.isEmpty()) {
                literalOrigins.add(e);
            }
        }
        this.anyOrigin = any;
        boolean anyH = false;
        for (String entry : allowedHosts) {
            String e = entry.trim();
            if (e.equals("*")) {
                anyH = true;
            } else if (!e.isEmpty()) {
                hosts.add(HostPattern.parse(e));
            }
        }
        this.anyHost = anyH;
    }

    /** A 403 when the request's Origin or Host is not allowed, else {@code null}. */
    ResponseEntity<byte[]> refusal(RequestHead head, boolean close) {
        if (admitsOrigins(head.headers("Origin")) && admitsHosts(head.headers("Host"), head.localAddress())) {
            return null;
        }
        log.debug("MCP request refused: Origin or Host not allowed (peer {})", head.remoteAddress());
        return Replies.forbidden(close);
    }

    /** Whether every Origin value is allowed. */
    boolean admitsOrigins(List<String> values) {
        if (anyOrigin) {
            return true;
        }
        for (String value : values) {
            if (!admitsOrigin(value)) {
                return false;
            }
        }
        return true;
    }

    private boolean admitsOrigin(String value) {
        for (String literal : literalOrigins) {
            if (literal.equalsIgnoreCase(value)) {
                return true;
            }
        }
        Origin origin = Origin.parse(value);
        if (origin == null) {
            return false;
        }
        for (OriginPattern pattern : origins) {
            if (pattern.matches(origin)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the Host values are acceptable for a request that arrived on {@code localAddress}.
     */
    boolean admitsHosts(List<String> values, String localAddress) {
        if (anyHost || values.isEmpty()) {
            return true;
        }
        if (!hosts.isEmpty()) {
            for (String value : values) {
                if (!matchesAny(value)) {
                    return false;
                }
            }
            return true;
        }
        if (!isLoopbackCached(localAddress)) {
            return true;
        }
        for (String value : values) {
            int hostEnd = HostPattern.hostEnd(value);
            if (hostEnd < 0 || HostPattern.port(value, hostEnd) == HostPattern.MALFORMED) {
                return false;
            }
            boolean named = false;
            for (String name : LOOPBACK_NAMES) {
                named |= name.length() == hostEnd && value.regionMatches(true, 0, name, 0, hostEnd);
            }
            if (!named) {
                return false;
            }
        }
        return true;
    }

    /** Whether a Host value matches an allowed host, parsed in place (no allocation, no regex). */
    private boolean matchesAny(String value) {
        int hostEnd = HostPattern.hostEnd(value);
        if (hostEnd < 0) {
            return false;
        }
        int port = HostPattern.port(value, hostEnd);
        if (port == HostPattern.MALFORMED) {
            return false;
        }
        for (HostPattern pattern : hosts) {
            if (pattern.host.length() == hostEnd && value.regionMatches(true, 0, pattern.host, 0, hostEnd)
                    && (pattern.port < 0 || pattern.port == port)) {
                return true;
            }
        }
        return false;
    }

    private boolean isLoopbackCached(String address) {
        if (address == null) {
            return false;
        }
        Boolean known = loopbackVerdicts.get(address);
        if (known != null) {
            return known;
        }
        boolean verdict = isLoopback(address);
        if (loopbackVerdicts.size() < REMEMBERED) {
            loopbackVerdicts.putIfAbsent(address, verdict);
        }
        return verdict;
    }

    /** An IP literal as the servlet container reports it; anything else is not loopback (never a DNS lookup). */
    static boolean isLoopback(String address) {
        if (address == null) {
            return false;
        }
        String literal = address.startsWith("[") && address.endsWith("]")
                ? address.substring(1, address.length() - 1) : address;
        if (!isIpLiteral(literal)) {
            return false;
        }
        try {
            return InetAddress.getByName(literal).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /**
     * {@code [0-9.]+}, or {@code [0-9A-Fa-f:.]*} holding a colon with an optional zone
     * {@code %[A-Za-z0-9_.-]+}: the shapes of an IP literal, checked before the JDK parses it.
     */
    static boolean isIpLiteral(String text) {
        int n = text.length();
        if (n == 0) {
            return false;
        }
        boolean dotted = true;
        for (int i = 0; i < n && dotted; i++) {
            char c = text.charAt(i);
            dotted = c == '.' || (c >= '0' && c <= '9');
        }
        if (dotted) {
            return true;
        }
        int zone = text.indexOf('%');
        int end = zone < 0 ? n : zone;
        boolean colon = false;
        for (int i = 0; i < end; i++) {
            char c = text.charAt(i);
            if (c == ':') {
                colon = true;
            } else if (c != '.' && Character.digit(c, 16) < 0 || c > 'f') {
                return false;
            }
        }
        if (!colon) {
            return false;
        }
        if (zone < 0) {
            return true;
        }
        if (zone == n - 1) {
            return false;
        }
        for (int i = zone + 1; i < n; i++) {
            char c = text.charAt(i);
            if (!(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '.'
                    || c == '-')) {
                return false;
            }
        }
        return true;
    }

    /** A serialized origin: lower-case scheme and host, and its port (the scheme's default when omitted). */
    record Origin(String scheme, String host, int port) {

        static Origin parse(String value) {
            URI uri;
            try {
                uri = new URI(value);
            } catch (URISyntaxException e) {
                return null;
            }
            if (uri.getScheme() == null || uri.getHost() == null || uri.getRawUserInfo() != null
                    || (uri.getRawPath() != null && !uri.getRawPath().isEmpty()) || uri.getRawQuery() != null
                    || uri.getRawFragment() != null) {
                return null;
            }
            String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
            int port = uri.getPort() >= 0 ? uri.getPort() : defaultPort(scheme);
            return new Origin(scheme, uri.getHost().toLowerCase(Locale.ROOT), port);
        }

        static int defaultPort(String scheme) {
            return switch (scheme) {
                case "http", "ws" -> 80;
                case "https", "wss" -> 443;
                default -> -1;
            };
        }
    }

    /** An allowed origin: its port may be {@code *}. */
    record OriginPattern(String scheme, String host, int port, boolean anyPort) {

        static OriginPattern parse(String entry) {
            boolean anyPort = entry.endsWith(":*");
            String text = anyPort ? entry.substring(0, entry.length() - 2) : entry;
            Origin origin = Origin.parse(text);
            if (origin == null) {
                throw new IllegalArgumentException("beammcp.http.allowed-origins holds '" + entry
                        + "', which is not '*' or an origin such as https://app.example.com or http://localhost:*");
            }
            return new OriginPattern(origin.scheme(), origin.host(), origin.port(), anyPort);
        }

        boolean matches(Origin origin) {
            return scheme.equals(origin.scheme()) && host.equals(origin.host())
                    && (anyPort || port == origin.port());
        }
    }

    /** A host name with an optional port ({@code -1}: any). IPv6 literals keep their brackets. */
    record HostPattern(String host, int port) {

        static HostPattern parse(String entry) {
            HostPattern pattern = parseHeader(entry);
            if (pattern == null) {
                throw new IllegalArgumentException("beammcp.http.allowed-hosts holds '" + entry
                        + "', which is not '*', a host name or host:port");
            }
            return pattern;
        }

        /** {@link #port}'s answer for a malformed port. */
        static final int MALFORMED = -2;

        /** Parses {@code host}, {@code host:port}, {@code [v6]} or {@code [v6]:port}; {@code null} if malformed. */
        static HostPattern parseHeader(String value) {
            int hostEnd = hostEnd(value);
            if (hostEnd < 0) {
                return null;
            }
            int port = port(value, hostEnd);
            if (port == MALFORMED) {
                return null;
            }
            return new HostPattern(value.substring(0, hostEnd).toLowerCase(Locale.ROOT), port);
        }

        /**
         * Where the host of a Host value ends: {@code [hex:.]} with its brackets, or {@code [A-Za-z0-9._-]+},
         * up to the end or a colon; {@code -1} when the host is malformed or empty.
         */
        static int hostEnd(String value) {
            int n = value.length();
            if (n > 0 && value.charAt(0) == '[') {
                int end = value.indexOf(']');
                if (end < 2) {
                    return -1;
                }
                for (int i = 1; i < end; i++) {
                    char c = value.charAt(i);
                    if (c != ':' && c != '.' && (Character.digit(c, 16) < 0 || c > 'f')) {
                        return -1;
                    }
                }
                return end + 1;
            }
            int i = 0;
            while (i < n && value.charAt(i) != ':') {
                char c = value.charAt(i);
                if (!(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '-'
                        || c == '_')) {
                    return -1;
                }
                i++;
            }
            return i == 0 ? -1 : i;
        }

        /** The port after the host: {@code -1} when none, {@link #MALFORMED} unless {@code :[0-9]{1,5}}. */
        static int port(String value, int hostEnd) {
            int n = value.length();
            if (hostEnd == n) {
                return -1;
            }
            if (value.charAt(hostEnd) != ':') {
                return MALFORMED;
            }
            int digits = n - hostEnd - 1;
            if (digits < 1 || digits > 5) {
                return MALFORMED;
            }
            int port = 0;
            for (int i = hostEnd + 1; i < n; i++) {
                char c = value.charAt(i);
                if (c < '0' || c > '9') {
                    return MALFORMED;
                }
                port = port * 10 + (c - '0');
            }
            return port;
        }

        boolean matches(HostPattern actual) {
            return host.equals(actual.host) && (port < 0 || port == actual.port);
        }
    }
}
