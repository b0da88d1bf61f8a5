package io.beammcp.autoconfigure.http;

import java.util.List;

/**
 * The OAuth discovery documents MCP clients ask for before they connect, each at
 * {@code /.well-known/<document>} and with a path after it; both transports answer those nothing else serves
 * with an empty 404 ({@link WellKnownProbes}, {@link ReactiveWellKnownProbes}).
 */
final class WellKnownDocuments {

    static final List<String> DOCUMENTS = List.of("oauth-protected-resource", "oauth-authorization-server",
            "openid-configuration");

    private WellKnownDocuments() {
    }
}
