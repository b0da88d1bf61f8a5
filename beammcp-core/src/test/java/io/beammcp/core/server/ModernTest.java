package io.beammcp.core.server;

import io.beammcp.core.Revision;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.List;

import static io.beammcp.core.server.Wire.assertError;
import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;

class ModernTest {

    private final Wire wire = Wire.of(ToolSpec.builder("echo").description("Echoes.").build());

    @Test
    void discoverAnswersTheStatelessServerDescription() {
        JsonNode response = wire.modern("d1", "server/discover", null);
        JsonNode result = result(response);
        assertThat(result.path("resultType").asString()).isEqualTo("complete");
        assertThat(result.path("supportedVersions")).containsExactly(
                Wire.JSON.valueToTree("2026-07-28"), Wire.JSON.valueToTree("2025-11-25"));
        assertThat(result.path("capabilities").path("tools").isObject()).isTrue();
        assertThat(result.path("ttlMs").asLong()).isZero();
        assertThat(result.path("cacheScope").asString()).isEqualTo("private");
        assertThat(result.path("_meta").path("io.modelcontextprotocol/serverInfo").path("name").asString())
                .isEqualTo("test-server");
        assertThat(result.has("serverInfo")).isFalse();
        assertThat(result.has("protocolVersion")).isFalse();
    }

    @Test
    void discoverWorksAsTheVeryFirstMessageWithoutMeta() {
        JsonNode result = result(wire.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\"}"));
        assertThat(result.path("resultType").asString()).isEqualTo("complete");
        assertThat(wire.session.isOpen()).isFalse();
    }

    @Test
    void discoverCarriesConfiguredCachingAndInstructions() {
        Wire configured = Wire.of(b -> b.cache(CachedResult.DISCOVER, Duration.ofSeconds(60), "public").instructions("Be brief."),
                (n, a, c) -> null);
        JsonNode result = result(configured.modern(1, "server/discover", null));
        assertThat(result.path("ttlMs").asLong()).isEqualTo(60_000);
        assertThat(result.path("cacheScope").asString()).isEqualTo("public");
        assertThat(result.path("instructions").asString()).isEqualTo("Be brief.");
    }

    @Test
    void aMissingProtocolVersionIsInvalidParams() {
        JsonNode response = wire.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/clientCapabilities\":{}}}}");
        assertError(response, 1, -32602);
        assertThat(response.path("error").path("message").asString()).contains("protocolVersion");
        assertThat(wire.last.refused()).isTrue();
    }

    @Test
    void missingOrIllTypedClientCapabilitiesAreInvalidParams() {
        assertError(wire.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}"), 1, -32602);
        assertError(wire.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":[]}}}"), 2, -32602);
        assertError(wire.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":20260728,"
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}"), 3, -32602);
    }

    @Test
    void clientInfoIsOptionalAndUnknownCapabilitiesAreTolerated() {
        JsonNode response = wire.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{\"roots\":{\"listChanged\":true},\"x\":{}}}}}");
        assertThat(result(response).path("tools").size()).isEqualTo(1);
    }

    @Test
    void anUnsupportedVersionIsRefusedWithTheSupportedList() {
        JsonNode response = wire.send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":\"v999.0.0\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}");
        assertError(response, 7, -32022);
        assertThat(response.path("error").path("data").path("supported")).containsExactly(
                Wire.JSON.valueToTree("2026-07-28"), Wire.JSON.valueToTree("2025-11-25"));
        assertThat(response.path("error").path("data").path("requested").asString()).isEqualTo("v999.0.0");
        assertThat(wire.last.refused()).isTrue();
    }

    @Test
    void aLegacyVersionInModernMetaIsRefusedPointingToInitialize() {
        JsonNode response = wire.send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":\"2025-11-25\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}");
        assertError(response, 7, -32022);
        assertThat(response.path("error").path("message").asString()).contains("only through initialize");
    }

    @ParameterizedTest
    @ValueSource(strings = {"initialize", "ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe",
            "unknown/method", "notifications/initialized"})
    void removedAndUnknownMethodsAreMethodNotFound(String method) {
        JsonNode response = wire.modern(5, method, null);
        assertError(response, 5, -32601);
        assertThat(wire.last.refused()).isTrue();
        assertThat(wire.last.revision()).isEqualTo(Revision.V2026_07_28);
    }

    @Test
    void anUnknownLogLevelIsInvalidParams() {
        JsonNode response = wire.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{},\"io.modelcontextprotocol/logLevel\":\"loud\"}}}");
        assertError(response, 1, -32602);
    }

    @Test
    void modernNotificationsAreAcceptedSilently() {
        assertThat(wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\",\"params\":{"
                + Wire.MODERN_META + "}}")).isNull();
        assertThat(wire.last.revision()).isEqualTo(Revision.V2026_07_28);
    }

    @Test
    void modernRequestsIgnoreAndNeverTouchTheLegacySession() {
        wire.modern(1, "tools/list", null);
        assertThat(wire.session.isOpen()).isFalse();
        wire.initialize();
        JsonNode result = result(wire.modern(2, "tools/list", null));
        assertThat(result.path("resultType").asString()).isEqualTo("complete");
    }

    @Test
    void everyModernResultCarriesResultTypeAndServerInfo() {
        for (String method : List.of("server/discover", "tools/list")) {
            JsonNode result = result(wire.modern(1, method, null));
            assertThat(result.path("resultType").asString()).isEqualTo("complete");
            assertThat(result.path("_meta").path("io.modelcontextprotocol/serverInfo").path("version").asString())
                    .isEqualTo("1.2.3");
        }
        JsonNode call = result(wire.modern(2, "tools/call", "\"name\":\"echo\""));
        assertThat(call.path("resultType").asString()).isEqualTo("complete");
        assertThat(call.path("_meta").has("io.modelcontextprotocol/serverInfo")).isTrue();
    }

    @Test
    void errorsCarryNeitherResultTypeNorMeta() {
        JsonNode response = wire.modern(1, "nope", null);
        assertThat(response.path("error").has("resultType")).isFalse();
        assertThat(response.has("_meta")).isFalse();
    }

    @Test
    void aClientResponseIsRefusedInModernTraffic() {
        wire.http();
        wire.modernHeaders("x");
        JsonNode response = wire.send("{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{}}");
        assertError(response, 9, -32600);
    }
}
