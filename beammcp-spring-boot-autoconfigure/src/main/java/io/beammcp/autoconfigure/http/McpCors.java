package io.beammcp.autoconfigure.http;

import org.springframework.web.cors.CorsConfiguration;

import java.util.List;

/**
 * CORS on the endpoint's path, the same for both transports ({@link McpCorsFilter}, {@link ReactiveCorsFilter}):
 * the admitted origins are the endpoint's own Origin policy ({@link OriginGuard}, from {@code allowed-origins}),
 * so one list decides both; any request header is allowed (the {@code Mcp-Param-*} names vary with the tool),
 * the methods {@code GET}, {@code POST} and {@code DELETE}, and the headers a client reads are exposed. No
 * credentials mode: MCP clients send {@code Authorization}, not cookies.
 */
final class McpCors extends CorsConfiguration {

    private final OriginGuard guard;

    McpCors(OriginGuard guard) {
        this.guard = guard;
        // the MCP ones are Mcp-Session-Id, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-*, Authorization,
        // Content-Type, Accept and Last-Event-ID
        setAllowedHeaders(List.of(CorsConfiguration.ALL));
        setAllowedMethods(List.of("GET", "POST", "DELETE"));
        setExposedHeaders(List.of(RequestHead.SESSION_ID, "MCP-Protocol-Version", "WWW-Authenticate", "Retry-After"));
        setMaxAge(3600L);
    }

    @Override
    public String checkOrigin(String origin) {
        return origin != null && guard.admitsOrigins(List.of(origin)) ? origin : null;
    }
}
