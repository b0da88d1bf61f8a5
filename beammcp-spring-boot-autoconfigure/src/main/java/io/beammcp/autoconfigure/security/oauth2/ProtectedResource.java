package io.beammcp.autoconfigure.security.oauth2;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * This server's identity as a protected resource: its canonical URI, the metadata URL derived from it, and
 * the rules a token's {@code aud} and {@code iss} must meet.
 */
final class ProtectedResource {

    static final String WELL_KNOWN = "/.well-known/oauth-protected-resource";

    private final String resource;
    private final String canonical;
    private final List<String> issuers;
    private final String metadataUrl;

    ProtectedResource(BeamMcpOAuth2Properties properties) {
        this.resource = Objects.requireNonNull(properties.getResource(), "beammcp.http.oauth2.resource");
        URI uri = URI.create(resource);
        if (!uri.isAbsolute() || uri.getRawFragment() != null || uri.getRawUserInfo() != null || uri.getHost() == null) {
            throw new IllegalArgumentException("beammcp.http.oauth2.resource must be an absolute URI without a "
                    + "fragment or user information, the MCP endpoint as clients call it: " + resource);
        }
        if (properties.getAuthorizationServers().isEmpty()) {
            throw new IllegalArgumentException("beammcp.http.oauth2.authorization-servers must name at least one "
                    + "issuer");
        }
        this.canonical = canonical(resource);
        this.issuers = properties.getAuthorizationServers().stream().map(ProtectedResource::canonical).toList();
        String path = uri.getRawPath() == null || uri.getRawPath().equals("/") ? "" : uri.getRawPath();
        this.metadataUrl = uri.getScheme() + "://" + uri.getRawAuthority() + WELL_KNOWN + path;
    }

    String resource() {
        return resource;
    }

    /** The path-suffixed metadata document's absolute URL, the one 401 and 403 challenges point at. */
    String metadataUrl() {
        return metadataUrl;
    }

    /** Whether a token's audience (a string, or a collection of them) names this resource. */
    boolean isAudience(Object aud) {
        if (aud instanceof Iterable<?> values) {
            for (Object value : values) {
                if (value != null && canonical.equals(canonical(value.toString()))) {
                    return true;
                }
            }
            return false;
        }
        return aud != null && canonical.equals(canonical(aud.toString()));
    }

    /** Whether a token's issuer is one of the configured authorization servers. */
    boolean isIssuer(Object iss) {
        String issuer = iss == null ? null : canonical(iss.toString());
        return issuer != null && issuers.contains(issuer);
    }

    /**
     * Lowercase scheme and host, no default port, no trailing slash: two spellings of one URI compare equal.
     * A URI with user information or a fragment names no resource or issuer ({@code null}): dropping them
     * would make {@code http://evil@host/mcp} read as {@code http://host/mcp}.
     */
    static String canonical(String value) {
        try {
            URI uri = URI.create(value.trim());
            if (uri.getRawUserInfo() != null || uri.getRawFragment() != null) {
                return null;
            }
            if (uri.getScheme() == null || uri.getHost() == null) {
                return value;
            }
            String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
            int port = uri.getPort();
            boolean defaultPort = port == -1 || (scheme.equals("https") && port == 443)
                    || (scheme.equals("http") && port == 80);
            String path = uri.getRawPath() == null ? "" : uri.getRawPath();
            if (path.endsWith("/")) {
                path = path.substring(0, path.length() - 1);
            }
            return scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port) + path
                    + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        } catch (IllegalArgumentException e) {
            return value;
        }
    }
}
