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
import java.util.List;

/**
 * CORS on the endpoint's path, ahead of every other filter (Spring Security's included, since a preflight
 * carries no credentials), with Spring's {@link DefaultCorsProcessor}: a preflight from an admitted origin
 * is answered with the MCP headers allowed, one from any other origin is 403; other requests from an
 * admitted origin get {@code Access-Control-Allow-Origin} and {@code Mcp-Session-Id} exposed. Which origins
 * are admitted is the endpoint's own Origin policy ({@link OriginGuard}, from {@code allowed-origins}), so one
 * list decides both; a request from another origin goes on without CORS headers, to be refused there.
 */
final class McpCorsFilter extends OncePerRequestFilter {

    private final CorsConfiguration config;
    private final CorsProcessor processor = new DefaultCorsProcessor();

    McpCorsFilter(OriginGuard guard) {
        this.config = new Admitted(guard);
        // any header, since Mcp-Param-* names vary with the tool; the MCP ones are Mcp-Session-Id,
        // MCP-Protocol-Version, Mcp-Method, Mcp-Name, Authorization, Content-Type, Accept and Last-Event-ID
        config.setAllowedHeaders(List.of(CorsConfiguration.ALL));
        config.setAllowedMethods(List.of("GET", "POST", "DELETE"));
        config.setExposedHeaders(List.of(RequestHead.SESSION_ID, "MCP-Protocol-Version", "WWW-Authenticate",
                "Retry-After"));
        config.setMaxAge(3600L);
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

    /** The CORS configuration whose admitted origins are the Origin policy's. */
    private static final class Admitted extends CorsConfiguration {

        private final OriginGuard guard;

        Admitted(OriginGuard guard) {
            this.guard = guard;
        }

        @Override
        public String checkOrigin(String origin) {
            return origin != null && guard.admitsOrigins(List.of(origin)) ? origin : null;
        }
    }
}
