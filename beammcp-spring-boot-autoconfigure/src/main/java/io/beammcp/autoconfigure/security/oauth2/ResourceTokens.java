package io.beammcp.autoconfigure.security.oauth2;

import org.springframework.security.oauth2.core.OAuth2AuthenticatedPrincipal;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtValidationException;
import org.springframework.security.oauth2.server.resource.introspection.BadOpaqueTokenException;
import org.springframework.security.oauth2.server.resource.introspection.OpaqueTokenIntrospector;

import java.util.List;

/**
 * Spring Security's decoders check signature and lifetime; these wrappers add what an MCP server must check
 * too, whatever the application configured: the token names this resource as audience and comes from one of
 * its authorization servers. A token that fails is a 401, before any host code.
 */
final class ResourceTokens {

    private ResourceTokens() {
    }

    static JwtDecoder jwt(JwtDecoder delegate, ProtectedResource resource) {
        return token -> {
            Jwt jwt = delegate.decode(token);
            String problem = problem(resource, jwt.getClaim("aud"), jwt.getClaim("iss"));
            if (problem != null) {
                throw new JwtValidationException(problem,
                        List.of(new OAuth2Error(OAuth2ErrorCodes.INVALID_TOKEN, problem, null)));
            }
            return jwt;
        };
    }

    static OpaqueTokenIntrospector opaque(OpaqueTokenIntrospector delegate, ProtectedResource resource) {
        return token -> {
            OAuth2AuthenticatedPrincipal principal = delegate.introspect(token);
            Object iss = principal.getAttribute("iss");
            String problem = resource.isAudience(principal.getAttribute("aud")) ? null
                    : "The token was not issued for this resource";
            if (problem == null && iss != null && !resource.isIssuer(iss)) {
                problem = "The token was issued by an unknown authorization server";
            }
            if (problem != null) {
                throw new BadOpaqueTokenException(problem);
            }
            return principal;
        };
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
