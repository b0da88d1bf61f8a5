package io.beammcp.reliability;

import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.spi.Reply;
import io.beammcp.core.spi.TransportFacts;
import io.beammcp.testsupport.JsonRpcAssertions;
import io.beammcp.testsupport.Messages;
import io.beammcp.testsupport.core.StubExchange;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A client of the core through its public entry point {@link McpServer#handle}: the bytes of one message
 * plus the transport facts (transport, headers, legacy session), and back what would go on the wire.
 */
final class CoreClient {

    static final JsonMapper JSON = Messages.JSON;
    static final String META = Messages.META;

    final McpServer server;
    final Map<String, List<String>> headers = new LinkedHashMap<>();
    TransportFacts transport = TransportFacts.STDIO;
    LegacySession session = McpServer.newSession();
    boolean withSession = true;
    Reply last;

    CoreClient(McpServer server) {
        this.server = server;
    }

    CoreClient http() {
        transport = TransportFacts.HTTP;
        withSession = false;
        return this;
    }

    CoreClient header(String name, String... values) {
        headers.put(name.toLowerCase(Locale.ROOT), new ArrayList<>(List.of(values)));
        return this;
    }

    CoreClient modernHeaders(String method, String name) {
        headers.clear();
        header("MCP-Protocol-Version", "2026-07-28");
        header("Mcp-Method", method);
        if (name != null) {
            header("Mcp-Name", name);
        }
        return this;
    }

    /** An exchange with the transport, a copy of the headers and the session as they are now. */
    Exchange exchange() {
        return StubExchange.of(transport, headers, withSession ? session : null);
    }

    /** Sends raw bytes; answers the response text, or {@code null} when nothing is sent. */
    String sendBytes(byte[] bytes) {
        last = server.handle(bytes, exchange());
        if (last.openedSession() != null) {
            session = last.openedSession();
        }
        return last.hasBody() ? new String(last.body(), StandardCharsets.UTF_8) : null;
    }

    String sendRaw(String text) {
        return sendBytes(text.getBytes(StandardCharsets.UTF_8));
    }

    JsonNode send(String text) {
        String raw = sendRaw(text);
        return raw == null ? null : JSON.readTree(raw);
    }

    /** A 2026-07-28 request; {@code members} are the params members besides {@code _meta}, or null. */
    static String modernMessage(Object id, String method, String members) {
        return Messages.modern(id, method, members);
    }

    static String legacyMessage(Object id, String method, String params) {
        return Messages.legacy(id, method, params);
    }

    static String initializeMessage(Object id) {
        return Messages.initialize(id, "reliability");
    }

    JsonNode modern(Object id, String method, String members) {
        return send(modernMessage(id, method, members));
    }

    JsonNode legacy(Object id, String method, String params) {
        return send(legacyMessage(id, method, params));
    }

    JsonNode initialize() {
        JsonNode response = send(initializeMessage(0));
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return response;
    }

    static void assertError(JsonNode response, Object id, int code) {
        JsonRpcAssertions.assertError(response, id, code);
    }

    static JsonNode result(JsonNode response) {
        return JsonRpcAssertions.result(response);
    }
}
