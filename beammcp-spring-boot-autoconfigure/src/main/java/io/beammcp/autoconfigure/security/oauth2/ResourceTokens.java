package io.beammcp.autoconfigure.security.oauth2;

import com.nimbusds.jose.jwk.source.RateLimitReachedException;
import org.springframework.security.oauth2.core.OAuth2AuthenticatedPrincipal;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.jwt.JwtValidationException;
import org.springframework.security.oauth2.server.resource.introspection.BadOpaqueTokenException;
import org.springframework.security.oauth2.server.resource.introspection.OpaqueTokenIntrospector;

import java.util.List;
import java.util.Map;

/**
 * Spring Security's decoders check signature and lifetime; these wrappers add what an MCP server must check
 * too, whatever the application configured: the token names this resource as audience, comes from one of its
 * authorization servers, names a caller (a subject, else a client: {@code client_id} or {@code azp}), and, as
 * a JWT access token (RFC 9068), carries an expiry. A token that fails is a 401, before any host code. The
 * reactive transport's decoders apply the same checks ({@link ReactiveResourceTokens}).
 */
final class ResourceTokens {

    private ResourceTokens() {
    }

    static JwtDecoder jwt(JwtDecoder delegate, ProtectedResource resource) {
        return token -> {
            Jwt jwt;
            try {
                jwt = delegate.decode(token);
            } catch (JwtException e) {
                throw unknownKey(e);
            }
            return checked(jwt, resource);
        };
    }

    static OpaqueTokenIntrospector opaque(OpaqueTokenIntrospector delegate, ProtectedResource resource) {
        return token -> checked(delegate.introspect(token), resource);
    }

    /** The token, if this resource may accept it; else a {@link JwtValidationException}. */
    static Jwt checked(Jwt jwt, ProtectedResource resource) {
        String problem = problem(resource, jwt.getClaim("aud"), jwt.getClaim("iss"));
        if (problem == null && jwt.getExpiresAt() == null) {
            problem = "The token has no expiry";
        }
        if (problem == null && !namesACaller(jwt.getClaims())) {
            problem = "The token names neither a subject nor a client";
        }
        if (problem != null) {
            throw new JwtValidationException(problem,
                    List.of(new OAuth2Error(OAuth2ErrorCodes.INVALID_TOKEN, problem, null)));
        }
        return jwt;
    }

    /** The introspected token, if this resource may accept it; else a {@link BadOpaqueTokenException}. */
    static OAuth2AuthenticatedPrincipal checked(OAuth2AuthenticatedPrincipal principal,
            ProtectedResource resource) {
        Object iss = principal.getAttribute("iss");
        String problem = resource.isAudience(principal.getAttribute("aud")) ? null
                : "The token was not issued for this resource";
        if (problem == null && iss != null && !resource.isIssuer(iss)) {
            problem = "The token was issued by an unknown authorization server";
        }
        if (problem == null && !namesACaller(principal.getAttributes())) {
            problem = "The token names neither a subject nor a client";
        }
        if (problem != null) {
            throw new BadOpaqueTokenException(problem);
        }
        return principal;
    }

    /** Whether the claims name the caller the server binds state to (see {@code CallerNames}). */
    private static boolean namesACaller(Map<String, Object> claims) {
        for (String claim : new String[] { "sub", "client_id", "azp" }) {
            Object value = claims.get(claim);
            if (value != null && !value.toString().isBlank()) {
                return true;
            }
        }
        return false;
    }

    /**
     * A token whose key the issuer's key set lacks, once refetching that set is rate limited, is a token that
     * cannot be verified here (401), not a failure of the server.
     */
    private static RuntimeException unknownKey(JwtException failure) {
        for (Throwable cause = failure.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof RateLimitReachedException) {
                return new BadJwtException("The token's signing key is unknown", failure);
            }
        }
        return failure;
    }

    private static String problem(ProtectedResource resource, Object aud, Object iss) {
        if (!resource.isAudience(aud)) {
            return "The token was not issued for this resource";
        }
        if (!resource.isIssuer(iss)) {
            return "The token was issued by an unknown authorization server";
        }
        return null;
    }
}
