package io.beammcp.autoconfigure.security.oauth2;

import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import org.springframework.security.oauth2.server.resource.introspection.ReactiveOpaqueTokenIntrospector;

/**
 * {@link ResourceTokens} on the reactive transport: the application's reactive decoder or introspector, wrapped
 * so that a token it accepts must also meet this resource's rules (audience, issuer, a caller, an expiry).
 */
final class ReactiveResourceTokens {

    private ReactiveResourceTokens() {
    }

    static ReactiveJwtDecoder jwt(ReactiveJwtDecoder delegate, ProtectedResource resource) {
        return token -> delegate.decode(token).map(jwt -> ResourceTokens.checked(jwt, resource));
    }

    static ReactiveOpaqueTokenIntrospector opaque(ReactiveOpaqueTokenIntrospector delegate,
            ProtectedResource resource) {
        return token -> delegate.introspect(token).map(principal -> ResourceTokens.checked(principal, resource));
    }
}
