package io.beammcp.test;

import tools.jackson.databind.JsonNode;

/**
 * One answer of a transport: the JSON-RPC response, and over HTTP the status, the {@code WWW-Authenticate}
 * challenge and the body it came with (0 and empty strings otherwise), so an error can say all of it.
 */
record Response(JsonNode message, int status, String wwwAuthenticate, String body) {

    /** An answer that did not come over HTTP. */
    static Response of(JsonNode message) {
        return new Response(message, 0, "", "");
    }
}
