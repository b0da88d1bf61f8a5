package io.beammcp.autoconfigure.http;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.Ordered;
import org.springframework.web.HttpRequestHandler;
import org.springframework.web.servlet.handler.SimpleUrlHandlerMapping;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The OAuth documents MCP clients ask for before they connect ({@code /.well-known/oauth-protected-resource},
 * {@code /.well-known/oauth-authorization-server} and {@code /.well-known/openid-configuration}, each also
 * with a path after it, and the OpenID form with the endpoint's path before it, as the 2025-11-25 authorization
 * specification lists the places to look), answered 404 with an empty body when nothing else serves them: the client learns at
 * once that the server needs no OAuth, without an error page to read. Consulted after the application's
 * controllers and before static resources; what filters answer first (the OAuth profile's metadata, an
 * authorization server, a security chain that authenticates every path) never reaches it.
 */
final class WellKnownProbes extends SimpleUrlHandlerMapping {

    WellKnownProbes(String endpoint) {
        HttpRequestHandler absent = (request, response) -> response.setStatus(HttpServletResponse.SC_NOT_FOUND);
        Map<String, Object> paths = new LinkedHashMap<>();
        for (String path : WellKnownDocuments.paths(endpoint)) {
            paths.put(path, absent);
        }
        setUrlMap(paths);
        // the static resources' mapping is the last, at LOWEST_PRECEDENCE - 1
        setOrder(Ordered.LOWEST_PRECEDENCE - 2);
    }
}
