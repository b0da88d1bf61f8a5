package io.beammcp.test;

import io.beammcp.core.Revision;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/** How the client reaches a server: in process, over HTTP, over a spawned process's stdio. */
interface Transport extends AutoCloseable {

    /**
     * Sends one request and returns its response. Notifications that come first go to {@code notifications};
     * requests the server sends meanwhile (2025-11-25 input) are answered with {@code answers}.
     */
    JsonNode request(ObjectNode message, Revision revision, Map<String, String> headers,
            Consumer<JsonNode> notifications, Function<JsonNode, JsonNode> answers);

    /** Sends one notification. */
    void notify(ObjectNode message, Revision revision);

    @Override
    void close();
}
