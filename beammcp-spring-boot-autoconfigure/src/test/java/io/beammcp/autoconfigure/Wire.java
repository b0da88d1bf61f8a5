package io.beammcp.autoconfigure;

import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.spi.Reply;
import io.beammcp.testsupport.Messages;
import io.beammcp.testsupport.core.StubExchange;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/** Builds wire messages and asks a server directly, as one stdio line would. */
public final class Wire {

    static final JsonMapper JSON = Messages.JSON;

    private Wire() {
    }

    /** A 2026-07-28 request; {@code params} is the JSON members besides {@code _meta}, or empty. */
    static String modern(Object id, String method, String params) {
        return Messages.modern(id, method, params);
    }

    /** A 2025-11-25 {@code initialize} request. */
    public static String initialize(Object id) {
        return Messages.initialize(id, "test");
    }

    static String legacy(Object id, String method) {
        return Messages.legacy(id, method, null);
    }

    /** The response to one message, parsed. */
    static JsonNode ask(McpServer server, String message) {
        Reply reply = server.handle(message.getBytes(StandardCharsets.UTF_8), StubExchange.stdio(McpServer.newSession()));
        return JSON.readTree(reply.body());
    }

    /** A stdio exchange of {@code session}, handing what the server sends (as text) to {@code sent}. */
    public static Exchange stdio(LegacySession session, Consumer<String> sent) {
        return stdio(session, sent, null);
    }

    /** The same, from {@code principal}. */
    public static Exchange stdio(LegacySession session, Consumer<String> sent, java.security.Principal principal) {
        return StubExchange.stdio(session).from(principal)
                .sending(message -> sent.accept(new String(message, StandardCharsets.UTF_8)));
    }

    static JsonNode parse(String line) {
        return JSON.readTree(line);
    }
}
