package io.beammcp.autoconfigure.http;

import org.springframework.security.oauth2.server.resource.authentication.AbstractOAuth2TokenAuthenticationToken;
import org.springframework.util.ClassUtils;

import java.security.Principal;
import java.util.Map;

/**
 * The name of an HTTP request's caller, to which the core binds its sessions, input rounds, tasks, rate and
 * streams. An OAuth access token (a JWT or an introspected token) names its caller by its issuer and subject,
 * or, without a subject (client-credentials tokens often have none), by its issuer and client
 * ({@code client_id}, else {@code azp}): never by a subject alone, which two issuers may both use, and never
 * empty, which every subject-less token would share. Any other principal is named by its name.
 */
final class CallerNames {

    private static final boolean TOKENS = ClassUtils.isPresent(
            "org.springframework.security.oauth2.server.resource.authentication.AbstractOAuth2TokenAuthenticationToken",
            CallerNames.class.getClassLoader());

    private CallerNames() {
    }

    /** The caller's name; {@code null} without a principal, {@code ""} for a token that names no one. */
    static String of(Principal principal) {
        if (principal == null) {
            return null;
        }
        if (TOKENS) {
            String token = Tokens.name(principal);
            if (token != null) {
                return token;
            }
        }
        return principal.getName();
    }

    /** The name of a token's caller from its claims (or introspected attributes), or {@code ""} for none. */
    static String ofClaims(Map<String, Object> claims) {
        String issuer = text(claims.get("iss"));
        String subject = text(claims.get("sub"));
        if (!subject.isEmpty()) {
            // an issuer holds no space (it is a URI), so the parts cannot run into each other
            return issuer + " sub " + subject;
        }
        String client = text(claims.get("client_id"));
        if (client.isEmpty()) {
            client = text(claims.get("azp"));
        }
        return client.isEmpty() ? "" : issuer + " client " + client;
    }

    private static String text(Object value) {
        return value == null ? "" : value.toString().strip();
    }

    /** Loaded only when Spring Security's resource server is on the class path. */
    private static final class Tokens {

        static String name(Principal principal) {
            return principal instanceof AbstractOAuth2TokenAuthenticationToken<?> token
                    ? ofClaims(token.getTokenAttributes()) : null;
        }
    }
}
