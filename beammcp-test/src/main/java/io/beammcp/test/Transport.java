package io.beammcp.test;

import io.beammcp.core.Revision;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/** How the client reaches a server: in process, over HTTP, over a spawned process's stdio. */
interface Transport extends AutoCloseable {

    /**
     * Sends one request and returns its response. Notifications that come first go to {@code notifications};
     * requests the server sends meanwhile (2025-11-25 input) are answered with {@code answers}.
     */
    Response request(ObjectNode message, Revision revision, Consumer<JsonNode> notifications,
            Function<JsonNode, JsonNode> answers);

    /** Sends one notification. */
    void notify(ObjectNode message, Revision revision);

    /** Sends this bearer token, read anew for each message, where the transport has headers (HTTP only). */
    default void bearerToken(Supplier<String> token) {
    }

    @Override
    void close();
}
