package io.beammcp.autoconfigure.http;

import java.util.List;

/**
 * The {@code WWW-Authenticate} value of the endpoint's 403 when a caller lacks scopes an operation declares;
 * the OAuth 2.1 protected resource supplies one naming its metadata document.
 */
@FunctionalInterface
public interface McpScopeChallenge {

    /**
     * The challenge for a refused operation.
     *
     * @param scopes every scope the operation needs, space-joined into {@code scope="…"}
     * @return the header value, starting with {@code Bearer}
     */
    String challenge(List<String> scopes);

    /**
     * A bare RFC 6750 challenge: {@code Bearer error="insufficient_scope", scope="…"}, with
     * {@code resource_metadata} when a metadata URL is given.
     *
     * @param metadataUrl the protected resource metadata URL, or {@code null}
     * @return the challenge
     */
    static McpScopeChallenge bearer(String metadataUrl) {
        return scopes -> "Bearer error=\"insufficient_scope\", scope=\"" + String.join(" ", scopes) + "\""
                + (metadataUrl == null ? "" : ", resource_metadata=\"" + metadataUrl + "\"");
    }
}
