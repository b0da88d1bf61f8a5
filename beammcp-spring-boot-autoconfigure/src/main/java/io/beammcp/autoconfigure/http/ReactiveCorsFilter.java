package io.beammcp.autoconfigure.http;

import org.springframework.core.Ordered;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.cors.reactive.CorsProcessor;
import org.springframework.web.cors.reactive.CorsUtils;
import org.springframework.web.cors.reactive.DefaultCorsProcessor;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import reactor.core.publisher.Mono;

/**
 * CORS ({@link McpCors}) on the reactive transport, as {@link McpCorsFilter} does it on the servlet one: on the
 * endpoint's path, ahead of every other filter (Spring Security's included, since a preflight carries no
 * credentials), with Spring's reactive {@link DefaultCorsProcessor}: a preflight is answered here (200 with the
 * MCP headers allowed, or 403), other requests from an admitted origin get the CORS headers, a request from
 * another origin goes on without them, to be refused by the Origin policy.
 */
final class ReactiveCorsFilter implements WebFilter, Ordered {

    private final PathPattern path;
    private final CorsConfiguration config;
    private final CorsProcessor processor = new DefaultCorsProcessor();

    ReactiveCorsFilter(String path, OriginGuard guard) {
        // matched as the endpoint's handler mapping matches it, so no other spelling of the path passes by
        this.path = PathPatternParser.defaultInstance.parse(path);
        this.config = new McpCors(guard);
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE + 1;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (!CorsUtils.isCorsRequest(exchange.getRequest())
                || !path.matches(exchange.getRequest().getPath().pathWithinApplication())) {
            return chain.filter(exchange);
        }
        if (CorsUtils.isPreFlightRequest(exchange.getRequest())) {
            // answered here, 200 or 403: it never reaches authentication nor the endpoint
            processor.process(config, exchange);
            return exchange.getResponse().setComplete();
        }
        if (config.checkOrigin(exchange.getRequest().getHeaders().getOrigin()) != null) {
            processor.process(config, exchange);
        }
        return chain.filter(exchange);
    }
}
