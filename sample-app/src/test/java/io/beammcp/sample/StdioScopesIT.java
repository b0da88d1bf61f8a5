package io.beammcp.sample;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Scopes over stdio, end to end: the packaged sample with its oauth profile (Spring Security's scopes from
 * authorities) started as a desktop client would, its stdio principal named by {@code beammcp.stdio.principal.*}.
 * {@code plan_trip} declares {@code weather:plan}; only a principal holding {@code SCOPE_weather:plan} may call it.
 */
@Timeout(120)
class StdioScopesIT {

    private static final String OAUTH = "--spring.profiles.active=oauth";
    private static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";
    private static final String PLAN = "\"name\":\"plan_trip\",\"arguments\":{\"destination\":{\"city\":\"Porto\"},"
            + "\"transport\":\"train\"}";

    @Test
    void withoutAPrincipalAScopedToolIsRefusedWithItsScopeAndOthersAreServed() throws Exception {
        try (StdioProcess sample = StdioProcess.start(OAUTH)) {
            sample.send(modernCall(1, PLAN));
            assertInsufficientScope(sample.next(), 1);

            sample.send(modernCall(2, "\"name\":\"get_weather\",\"arguments\":{\"place\":\"Lisbon\"}"));
            JsonNode served = sample.next();
            assertThat(served.at("/result/isError").asBoolean()).isFalse();
            assertThat(served.at("/result/content/0/text").stringValue()).contains("Lisbon");
            sample.endInput();
            assertThat(sample.exitStatus()).isZero();
        }
    }

    @Test
    void aPrincipalHoldingTheScopeCallsTheTool() throws Exception {
        try (StdioProcess sample = StdioProcess.start(OAUTH, "--beammcp.stdio.principal.name=desk",
                "--beammcp.stdio.principal.authorities=SCOPE_mcp:tools,SCOPE_weather:plan")) {
            sample.send(modernCall(1, PLAN));
            JsonNode planned = sample.next();
            assertThat(planned.has("error")).as("%s", planned).isFalse();
            assertThat(planned.at("/result/content/0/text").stringValue()).startsWith("Trip to Porto by train:");
            sample.endInput();
            assertThat(sample.exitStatus()).isZero();
        }
    }

    @Test
    void aPrincipalWithoutTheScopeIsRefusedInTheLegacyRevisionToo() throws Exception {
        try (StdioProcess sample = StdioProcess.start(OAUTH, "--beammcp.stdio.principal.name=desk",
                "--beammcp.stdio.principal.authorities=SCOPE_mcp:tools")) {
            sample.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1.0\"}}}");
            assertThat(sample.next().at("/result/protocolVersion").stringValue()).isEqualTo("2025-11-25");
            sample.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            sample.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{" + PLAN + "}}");
            assertInsufficientScope(sample.next(), 2);
            sample.endInput();
            assertThat(sample.exitStatus()).isZero();
        }
    }

    private static void assertInsufficientScope(JsonNode response, int id) {
        assertThat(response.get("id").asInt()).isEqualTo(id);
        assertThat(response.has("result")).as("%s", response).isFalse();
        assertThat(response.at("/error/code").asInt()).isEqualTo(-31403);
        assertThat(response.at("/error/message").stringValue()).isEqualTo("Insufficient scope");
        assertThat(response.at("/error/data/scopes").valueStream().map(JsonNode::stringValue))
                .containsExactly("weather:plan");
    }

    private static String modernCall(int id, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{" + params + "," + META
                + "}}";
    }
}
