package io.beammcp.autoconfigure.http;

import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.web.reactive.handler.SimpleUrlHandlerMapping;
import org.springframework.web.server.WebHandler;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@link WellKnownProbes} on the reactive transport: the OAuth discovery documents nothing else serves are an
 * empty 404, consulted after the application's handlers and before static resources.
 */
final class ReactiveWellKnownProbes extends SimpleUrlHandlerMapping {

    ReactiveWellKnownProbes(String endpoint) {
        WebHandler absent = exchange -> {
            exchange.getResponse().setStatusCode(HttpStatus.NOT_FOUND);
            return exchange.getResponse().setComplete();
        };
        Map<String, Object> paths = new LinkedHashMap<>();
        for (String path : WellKnownDocuments.paths(endpoint)) {
            paths.put(path, absent);
        }
        setUrlMap(paths);
        // the static resources' mapping is the last, at LOWEST_PRECEDENCE - 1
        setOrder(Ordered.LOWEST_PRECEDENCE - 2);
    }
}
