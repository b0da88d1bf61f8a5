package io.beammcp.autoconfigure.http;

import java.util.ArrayList;
import java.util.List;

/**
 * The OAuth discovery documents MCP clients ask for before they connect, each at
 * {@code /.well-known/<document>} and with a path after it, and the OpenID form with the endpoint's path before
 * it; both transports answer those nothing else serves with an empty 404 ({@link WellKnownProbes},
 * {@link ReactiveWellKnownProbes}).
 */
final class WellKnownDocuments {

    private static final List<String> DOCUMENTS = List.of("oauth-protected-resource", "oauth-authorization-server",
            "openid-configuration");

    /** The path patterns of the probes for an endpoint at {@code endpoint}. */
    static List<String> paths(String endpoint) {
        List<String> paths = new ArrayList<>();
        for (String document : DOCUMENTS) {
            paths.add("/.well-known/" + document);
            paths.add("/.well-known/" + document + "/**");
        }
        paths.add(endpoint + "/.well-known/openid-configuration");
        return paths;
    }

    private WellKnownDocuments() {
    }
}
