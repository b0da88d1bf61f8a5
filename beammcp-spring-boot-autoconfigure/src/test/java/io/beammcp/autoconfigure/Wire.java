package io.beammcp.autoconfigure;

import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.spi.Reply;
import io.beammcp.core.spi.TransportFacts;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/** Builds wire messages and asks a server directly, as one stdio line would. */
public final class Wire {

    static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    private Wire() {
    }

    /** A 2026-07-28 request; {@code params} is the JSON members besides {@code _meta}, or empty. */
    static String modern(Object id, String method, String params) {
        String members = params.isEmpty() ? META : params + "," + META;
        return "{\"jsonrpc\":\"2.0\",\"id\":" + JSON.writeValueAsString(id) + ",\"method\":\"" + method
                + "\",\"params\":{" + members + "}}";
    }

    /** A 2025-11-25 {@code initialize} request. */
    public static String initialize(Object id) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + JSON.writeValueAsString(id) + ",\"method\":\"initialize\",\"params\":"
                + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}";
    }

    static String legacy(Object id, String method) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + JSON.writeValueAsString(id) + ",\"method\":\"" + method + "\"}";
    }

    /** The response to one message, parsed. */
    static JsonNode ask(McpServer server, String message) {
        Reply reply = server.handle(message.getBytes(StandardCharsets.UTF_8), stdio(McpServer.newSession(), sent -> { }));
        return JSON.readTree(reply.body());
    }

    /** A stdio exchange of {@code session}, handing what the server sends (as text) to {@code sent}. */
    public static Exchange stdio(LegacySession session, Consumer<String> sent) {
        return stdio(session, sent, null);
    }

    /** The same, from {@code principal}. */
    public static Exchange stdio(LegacySession session, Consumer<String> sent, java.security.Principal principal) {
        return new Exchange() {
            @Override
            public java.security.Principal principal() {
                return principal;
            }

            @Override
            public TransportFacts facts() {
                return TransportFacts.STDIO;
            }

            @Override
            public LegacySession session() {
                return session;
            }

            @Override
            public boolean send(byte[] message) {
                sent.accept(new String(message, StandardCharsets.UTF_8));
                return true;
            }
        };
    }

    static JsonNode parse(String line) {
        return JSON.readTree(line);
    }
}
