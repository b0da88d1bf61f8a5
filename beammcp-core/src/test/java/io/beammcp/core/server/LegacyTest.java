package io.beammcp.core.server;

import io.beammcp.core.spi.Reply;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.Revision;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import static io.beammcp.core.server.Wire.assertError;
import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;

class LegacyTest {

    private final Wire wire = Wire.of(b -> b.instructions("Use get_weather."),
            (n, a, c) -> io.beammcp.core.ToolResult.of("ok"), ToolSpec.builder("echo").build());

    @Test
    void initializeNegotiatesAndDescribesTheServer() {
        JsonNode response = wire.initialize();
        JsonNode result = result(response);
        assertThat(result.path("protocolVersion").asString()).isEqualTo("2025-11-25");
        assertThat(result.path("serverInfo").path("name").asString()).isEqualTo("test-server");
        assertThat(result.path("serverInfo").path("version").asString()).isEqualTo("1.2.3");
        assertThat(result.path("capabilities").path("tools").isObject()).isTrue();
        assertThat(result.path("instructions").asString()).isEqualTo("Use get_weather.");
        assertThat(result.has("resultType")).isFalse();
        assertThat(result.has("_meta")).isFalse();
        assertThat(wire.session.isOpen()).isTrue();
        assertThat(wire.session.isInitialized()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-07-28", "1999-01-01", "2025-11-25"})
    void initializeAnswersARevisionItDoesNotNegotiateWithTheLatestSessionRevision(String requested) {
        JsonNode result = result(wire.legacy(1, "initialize", "{\"protocolVersion\":\"" + requested
                + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}"));
        assertThat(result.path("protocolVersion").asString()).isEqualTo("2025-11-25");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{}", "{\"protocolVersion\":1,\"capabilities\":{},\"clientInfo\":{}}",
            "{\"protocolVersion\":\"2025-11-25\",\"clientInfo\":{}}",
            "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{}}"})
    void initializeWithBadParamsIsInvalidParams(String params) {
        assertError(wire.legacy(1, "initialize", params), 1, -32602);
        assertThat(wire.session.isOpen()).isFalse();
    }

    @Test
    void initializeWithoutParamsIsInvalidParams() {
        assertError(wire.legacy(1, "initialize", null), 1, -32602);
    }

    @Test
    void aSecondInitializeIsAnInvalidRequest() {
        wire.initialize();
        assertError(wire.initialize(), 0, -32600);
    }

    @Test
    void pingAnswersAnEmptyObjectExactlyBeforeAndAfterInitialize() {
        assertThat(wire.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}"))
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}");
        wire.initialize();
        assertThat(wire.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}"))
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}");
    }

    @Test
    void beforeInitializeOtherRequestsAreToldHowToStart() {
        JsonNode response = wire.legacy(1, "tools/list", null);
        assertError(response, 1, -32602);
        assertThat(response.path("error").path("message").asString())
                .isEqualTo("Invalid params: missing io.modelcontextprotocol/protocolVersion in _meta, or send initialize");
    }

    @Test
    void legacyResultsAreNeverDecorated() {
        wire.initialize();
        JsonNode list = result(wire.legacy(1, "tools/list", null));
        assertThat(list.has("resultType")).isFalse();
        assertThat(list.has("ttlMs")).isFalse();
        assertThat(list.has("cacheScope")).isFalse();
        assertThat(list.has("_meta")).isFalse();
        JsonNode call = wire.legacy(2, "tools/call", "{\"name\":\"echo\"}");
        assertThat(result(call).has("resultType")).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"server/unknown", "resources/subscribe", "resources/list", "tasks/list"})
    void unknownOrUnofferedLegacyMethodsAreMethodNotFoundButNotRefused(String method) {
        wire.initialize();
        assertError(wire.legacy(3, method, "{}"), 3, -32601);
        assertThat(wire.last.refused()).isFalse();
    }

    @Test
    void aClientResponseInASessionIsAccepted() {
        wire.initialize();
        assertThat(wire.send("{\"jsonrpc\":\"2.0\",\"id\":\"s1\",\"result\":{}}")).isNull();
    }

    @Test
    void overHttpInitializeOpensANewSessionAndOtherRequestsNeedOne() {
        wire.http();
        JsonNode response = wire.initialize();
        assertThat(result(response).path("protocolVersion").asString()).isEqualTo("2025-11-25");
        assertThat(wire.last.openedSession()).isNull();
        wire.legacy(1, "initialize",
                "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}");
        LegacySession opened = wire.last.openedSession();
        assertThat(opened).isNotNull();
        assertThat(opened.isOpen()).isTrue();
        assertThat(opened.revision()).isEqualTo(Revision.V2025_11_25);

        JsonNode without = wire.legacy(2, "tools/list", null);
        assertError(without, 2, -32600);
        assertThat(wire.last.kind()).isEqualTo(Reply.Kind.SESSION_MISSING);
        assertThat(wire.last.refused()).isTrue();
    }

    @Test
    void theSessionRemembersTheClientCapabilitiesForHostCode() {
        Wire recording = Wire.of((n, a, c) -> io.beammcp.core.ToolResult.of(c.clientCapabilities() + " "
                + c.clientInfo().get("name") + " " + c.revision()), ToolSpec.builder("who").build());
        recording.legacy(0, "initialize", "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"sampling\":{}},"
                + "\"clientInfo\":{\"name\":\"cli\",\"version\":\"1\"}}");
        JsonNode result = result(recording.legacy(1, "tools/call", "{\"name\":\"who\"}"));
        assertThat(result.path("content").get(0).path("text").asString()).isEqualTo("{sampling={}} cli V2025_11_25");
    }

    @Test
    void overHttpAnInitializeNamingALiveSessionStillOpensANewOne() {
        wire.http();
        wire.withSession = true;
        wire.initialize();
        LegacySession first = wire.session;
        JsonNode again = wire.initialize();
        assertThat(result(again).path("protocolVersion").asString()).isEqualTo("2025-11-25");
        assertThat(wire.session).isNotSameAs(first);
        assertThat(first.isOpen()).isTrue();
    }
}
