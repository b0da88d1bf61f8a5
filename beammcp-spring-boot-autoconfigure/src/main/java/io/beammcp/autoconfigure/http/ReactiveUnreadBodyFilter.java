package io.beammcp.autoconfigure.http;

import org.springframework.core.Ordered;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.codec.multipart.Part;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.security.web.server.csrf.CsrfWebFilter;
import org.springframework.util.ClassUtils;
import org.springframework.util.CollectionUtils;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebExchangeDecorator;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The reactive counterpart of {@link UnreadBodyFilter}, ahead of every other filter on the endpoint's path:
 * keeps the body unread until {@link McpWebHandler} has checked Origin, Host, method and authorization and reads
 * it under its cap and deadline. Nothing in front reads it as form data or parts (the exchange has none there;
 * its headers and body are untouched), Spring Security's CSRF filter, which would, skips the path (its defence
 * there is the Origin policy, as with {@code McpSecurityConfigurer} on the servlet transport), and an answer given
 * while a declared body is still unread, whoever gives it (the CORS filter to a preflight, Spring Security's entry
 * points, an error page, the endpoint's own refusals), carries {@code Connection: close}: the server then closes
 * the connection after the answer instead of reading on a body no one wants. Other paths never reach it.
 */
final class ReactiveUnreadBodyFilter implements WebFilter, Ordered {

    private static final boolean CSRF = ClassUtils.isPresent(
            "org.springframework.security.web.server.csrf.CsrfWebFilter", ReactiveUnreadBodyFilter.class.getClassLoader());
    private static final Mono<MultiValueMap<String, String>> NO_FORM =
            Mono.just(CollectionUtils.unmodifiableMultiValueMap(new LinkedMultiValueMap<>(0)));
    private static final Mono<MultiValueMap<String, Part>> NO_PARTS =
            Mono.just(CollectionUtils.unmodifiableMultiValueMap(new LinkedMultiValueMap<>(0)));

    private final PathPattern path;

    ReactiveUnreadBodyFilter(String path) {
        // matched as the endpoint's handler mapping matches it, so no other spelling of the path passes by
        this.path = PathPatternParser.defaultInstance.parse(path);
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        ServerHttpRequest request = exchange.getRequest();
        if (!path.matches(request.getPath().pathWithinApplication())) {
            return chain.filter(exchange);
        }
        if (CSRF) {
            Csrf.skip(exchange);
        }
        HttpHeaders headers = request.getHeaders();
        if (headers.getContentLength() <= 0 && !headers.containsHeader(HttpHeaders.TRANSFER_ENCODING)) {
            return chain.filter(new WithoutForm(exchange, request));
        }
        Tracked tracked = new Tracked(request);
        exchange.getResponse().beforeCommit(() -> {
            if (!tracked.read) {
                exchange.getResponse().getHeaders().set(HttpHeaders.CONNECTION, "close");
            }
            return Mono.empty();
        });
        return chain.filter(new WithoutForm(exchange, tracked));
    }

    /** The exchange as the endpoint's path sees it: no form data, no parts. */
    private static final class WithoutForm extends ServerWebExchangeDecorator {

        private final ServerHttpRequest request;

        WithoutForm(ServerWebExchange exchange, ServerHttpRequest request) {
            super(exchange);
            this.request = request;
        }

        @Override
        public ServerHttpRequest getRequest() {
            return request;
        }

        @Override
        public Mono<MultiValueMap<String, String>> getFormData() {
            return NO_FORM;
        }

        @Override
        public Mono<MultiValueMap<String, Part>> getMultipartData() {
            return NO_PARTS;
        }
    }

    /** Loaded only when Spring Security is on the class path. */
    private static final class Csrf {

        static void skip(ServerWebExchange exchange) {
            CsrfWebFilter.skipExchange(exchange);
        }
    }

    /** A request that knows whether its body was read to its end. */
    private static final class Tracked extends ServerHttpRequestDecorator {

        private volatile boolean read;

        Tracked(ServerHttpRequest request) {
            super(request);
        }

        @Override
        public Flux<DataBuffer> getBody() {
            return super.getBody().doOnComplete(() -> read = true);
        }
    }
}
