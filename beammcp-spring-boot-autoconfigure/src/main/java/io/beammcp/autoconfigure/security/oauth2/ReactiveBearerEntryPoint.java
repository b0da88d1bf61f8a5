package io.beammcp.autoconfigure.security.oauth2;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.server.ServerAuthenticationEntryPoint;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** The {@link BearerChallenge} as the reactive transport's entry point. */
final class ReactiveBearerEntryPoint implements ServerAuthenticationEntryPoint {

    private final BearerChallenge challenge;

    ReactiveBearerEntryPoint(BearerChallenge challenge) {
        this.challenge = challenge;
    }

    @Override
    public Mono<Void> commence(ServerWebExchange exchange, AuthenticationException failure) {
        BearerChallenge.Answer answer = challenge.answer(failure);
        ServerHttpResponse response = exchange.getResponse();
        response.setStatusCode(answer.status());
        response.getHeaders().set(HttpHeaders.WWW_AUTHENTICATE, answer.challenge());
        response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
        return response.writeWith(Mono.fromSupplier(() -> response.bufferFactory().wrap(answer.body())));
    }
}
