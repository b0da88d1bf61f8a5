package io.beammcp.core.server;

import io.beammcp.core.Catalog;
import io.beammcp.core.Dispatch;
import io.beammcp.core.Revision;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A test client of the core: sends JSON text through {@link McpServer#handle} on a chosen exchange and
 * reads back what would go on the wire.
 */
final class Wire {

    static final String MODERN_META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";
    static final JsonMapper JSON = JsonMapper.builder().build();

    final McpServer server;
    /** The session this client presents; an HTTP initialize replaces it with the one it opened, as a store would. */
    LegacySession session = new LegacySession();
    final Map<String, List<String>> headers = new LinkedHashMap<>();
    Transport transport = Transport.STDIO;
    boolean withSession = true;
    Reply last;

    Wire(McpServer server) {
        this.server = server;
    }

    static Wire of(ToolSpec... tools) {
        return of(UnaryOperator.identity(), (name, args, ctx) -> ToolResult.of("ok"), tools);
    }

    static Wire of(Dispatch dispatch, ToolSpec... tools) {
        return of(UnaryOperator.identity(), dispatch, tools);
    }

    static Wire of(UnaryOperator<McpServer.Builder> settings, Dispatch dispatch, ToolSpec... tools) {
        Catalog catalog = Catalog.of(List.of(tools));
        return new Wire(settings.apply(McpServer.builder(catalog, dispatch).serverName("test-server")
                .serverVersion("1.2.3")).build());
    }

    Wire http() {
        transport = Transport.HTTP;
        withSession = false;
        return this;
    }

    Wire header(String name, String... values) {
        headers.put(name.toLowerCase(), new ArrayList<>(List.of(values)));
        return this;
    }

    Wire modernHeaders(String method) {
        header("MCP-Protocol-Version", "2026-07-28");
        header("Mcp-Method", method);
        return this;
    }

    Exchange exchange() {
        return new Exchange() {
            @Override
            public Transport transport() {
                return transport;
            }

            @Override
            public List<String> headers(String name) {
                return headers.getOrDefault(name.toLowerCase(), List.of());
            }

            @Override
            public LegacySession session() {
                return withSession ? session : null;
            }
        };
    }

    /** Sends raw text; answers the response JSON, or {@code null} when nothing is sent. */
    JsonNode send(String text) {
        String raw = sendRaw(text);
        return raw == null ? null : JSON.readTree(raw);
    }

    String sendRaw(String text) {
        last = server.handle(text.getBytes(StandardCharsets.UTF_8), exchange());
        if (last.openedSession() != null) {
            session = last.openedSession();
        }
        return last.hasBody() ? new String(last.body(), StandardCharsets.UTF_8) : null;
    }

    JsonNode modern(Object id, String method, String paramsWithoutMeta) {
        String params = paramsWithoutMeta == null || paramsWithoutMeta.isBlank() ? "{" + MODERN_META + "}"
                : "{" + paramsWithoutMeta + "," + MODERN_META + "}";
        return send("{\"jsonrpc\":\"2.0\",\"id\":" + JSON.writeValueAsString(id) + ",\"method\":\"" + method
                + "\",\"params\":" + params + "}");
    }

    JsonNode legacy(Object id, String method, String params) {
        return send("{\"jsonrpc\":\"2.0\",\"id\":" + JSON.writeValueAsString(id) + ",\"method\":\"" + method + "\""
                + (params == null ? "" : ",\"params\":" + params) + "}");
    }

    JsonNode initialize() {
        JsonNode response = legacy(0, "initialize",
                "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}");
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

    static Revision modern() {
        return Revision.V2026_07_28;
    }
}
