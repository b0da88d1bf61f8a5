package io.beammcp.autoconfigure.security.oauth2;

import org.springframework.http.HttpHeaders;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.server.resource.BearerTokenErrors;
import org.springframework.security.web.server.authentication.ServerAuthenticationConverter;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.List;

/**
 * {@link SingleCredential} on the reactive transport: a request carrying more than one {@code Authorization}
 * header is refused {@code 400 invalid_request} (RFC 6750 3.1) before any token is checked.
 */
final class ReactiveSingleCredential implements ServerAuthenticationConverter {

    private final ServerAuthenticationConverter delegate;

    ReactiveSingleCredential(ServerAuthenticationConverter delegate) {
        this.delegate = delegate;
    }

    @Override
    public Mono<Authentication> convert(ServerWebExchange exchange) {
        List<String> values = exchange.getRequest().getHeaders().get(HttpHeaders.AUTHORIZATION);
        if (values != null && values.size() > 1) {
            return Mono.error(new OAuth2AuthenticationException(
                    BearerTokenErrors.invalidRequest("The request carries more than one Authorization header")));
        }
        return delegate.convert(exchange);
    }
}
