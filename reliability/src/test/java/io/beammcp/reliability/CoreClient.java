package io.beammcp.reliability;

import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.spi.Reply;
import io.beammcp.core.spi.TransportFacts;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A client of the core through its public entry point {@link McpServer#handle}: the bytes of one message
 * plus the transport facts (transport, headers, legacy session), and back what would go on the wire.
 */
final class CoreClient {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

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

    Exchange exchange() {
        TransportFacts t = transport;
        Map<String, List<String>> h = new LinkedHashMap<>(headers);
        LegacySession s = withSession ? session : null;
        return new Exchange() {
            @Override
            public TransportFacts facts() {
                return t;
            }

            @Override
            public List<String> headers(String name) {
                return h.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
            }

            @Override
            public LegacySession session() {
                return s;
            }
        };
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
        String params = members == null || members.isEmpty() ? "{" + META + "}" : "{" + members + "," + META + "}";
        return "{\"jsonrpc\":\"2.0\",\"id\":" + JSON.writeValueAsString(id) + ",\"method\":\"" + method
                + "\",\"params\":" + params + "}";
    }

    static String legacyMessage(Object id, String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + JSON.writeValueAsString(id) + ",\"method\":\"" + method + "\""
                + (params == null ? "" : ",\"params\":" + params) + "}";
    }

    static String initializeMessage(Object id) {
        return legacyMessage(id, "initialize", "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"reliability\",\"version\":\"1\"}}");
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
        assertThat(response).as("a response").isNotNull();
        assertThat(response.has("result")).as("no result in %s", response).isFalse();
        assertThat(response.path("error").path("code").asInt()).as("error code of %s", response).isEqualTo(code);
        if (id == null) {
            assertThat(response.has("id")).as("id omitted in %s", response).isFalse();
        } else {
            assertThat(response.get("id")).isEqualTo(JSON.valueToTree(id));
        }
    }

    static JsonNode result(JsonNode response) {
        assertThat(response).as("a response").isNotNull();
        assertThat(response.has("error")).as("no error in %s", response).isFalse();
        return response.get("result");
    }
}
