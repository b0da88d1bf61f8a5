package io.beammcp.autoconfigure.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.cors.CorsProcessor;
import org.springframework.web.cors.CorsUtils;
import org.springframework.web.cors.DefaultCorsProcessor;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;

/**
 * CORS ({@link McpCors}) on the servlet transport, ahead of every other filter (Spring Security's included,
 * since a preflight carries no credentials), with Spring's {@link DefaultCorsProcessor}: a preflight from an
 * admitted origin is answered with the MCP headers allowed, one from any other origin is 403; other requests
 * from an admitted origin get {@code Access-Control-Allow-Origin} and the exposed headers; a request from
 * another origin goes on without CORS headers, to be refused by the Origin policy.
 */
final class McpCorsFilter extends OncePerRequestFilter {

    private final CorsConfiguration config;
    private final CorsProcessor processor = new DefaultCorsProcessor();

    McpCorsFilter(OriginGuard guard) {
        this.config = new McpCors(guard);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!CorsUtils.isCorsRequest(request)) {
            chain.doFilter(request, response);
            return;
        }
        if (CorsUtils.isPreFlightRequest(request)) {
            // answered here, 200 or 403: it never reaches authentication nor the endpoint
            processor.processRequest(config, request, response);
            return;
        }
        if (config.checkOrigin(request.getHeader("Origin")) != null) {
            processor.processRequest(config, request, response);
        }
        chain.doFilter(request, response);
    }
}
