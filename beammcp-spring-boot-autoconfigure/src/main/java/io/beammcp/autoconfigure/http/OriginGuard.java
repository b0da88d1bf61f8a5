package io.beammcp.autoconfigure.http;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The first step of the pipeline: the Origin allow-list, and the Host check that defeats DNS rebinding.
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

    private static final Set<String> LOOPBACK_NAMES = Set.of("localhost", "127.0.0.1", "[::1]");

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
                HostPattern host = HostPattern.parseHeader(value);
                if (host == null || hosts.stream().noneMatch(p -> p.matches(host))) {
                    return false;
                }
            }
            return true;
        }
        if (!isLoopback(localAddress)) {
            return true;
        }
        for (String value : values) {
            HostPattern host = HostPattern.parseHeader(value);
            if (host == null || !LOOPBACK_NAMES.contains(host.host)) {
                return false;
            }
        }
        return true;
    }

    /** An IP literal as the servlet container reports it; anything else is not loopback (never a DNS lookup). */
    static boolean isLoopback(String address) {
        if (address == null) {
            return false;
        }
        String literal = address.startsWith("[") && address.endsWith("]")
                ? address.substring(1, address.length() - 1) : address;
        if (!literal.matches("[0-9.]+|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*(%[A-Za-z0-9_.\\-]+)?")) {
            return false;
        }
        try {
            return InetAddress.getByName(literal).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
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

        /** Parses {@code host}, {@code host:port}, {@code [v6]} or {@code [v6]:port}; {@code null} if malformed. */
        static HostPattern parseHeader(String value) {
            String host;
            String port = null;
            if (value.startsWith("[")) {
                int end = value.indexOf(']');
                if (end < 0) {
                    return null;
                }
                host = value.substring(0, end + 1);
                String rest = value.substring(end + 1);
                if (!rest.isEmpty()) {
                    if (!rest.startsWith(":")) {
                        return null;
                    }
                    port = rest.substring(1);
                }
            } else {
                int colon = value.indexOf(':');
                host = colon < 0 ? value : value.substring(0, colon);
                port = colon < 0 ? null : value.substring(colon + 1);
            }
            if (host.isEmpty() || !host.matches("\\[[0-9A-Fa-f:.]+]|[A-Za-z0-9.\\-_]+")) {
                return null;
            }
            int number = -1;
            if (port != null) {
                if (!port.matches("[0-9]{1,5}")) {
                    return null;
                }
                number = Integer.parseInt(port);
            }
            return new HostPattern(host.toLowerCase(Locale.ROOT), number);
        }

        boolean matches(HostPattern actual) {
            return host.equals(actual.host) && (port < 0 || port == actual.port);
        }
    }
}
