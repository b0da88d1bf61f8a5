package io.beammcp.reliability;

import io.beammcp.core.server.McpServer;
import io.beammcp.core.server.McpServerBuilder;
import io.beammcp.testsupport.RawHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import static io.beammcp.reliability.CoreClient.result;
import static org.assertj.core.api.Assertions.assertThat;

/** What must not be there: session ids on stateless responses, capabilities nothing serves. */
@Timeout(60)
class AbsencesTest extends LiveServer {

    @Test
    void noModernResponseCarriesASessionIdWhateverItsOutcome() throws Exception {
        String session = "Mcp-Session-Id: " + "A".repeat(43);
        List<String[]> cases = List.of(
                new String[] {CoreClient.modernMessage(1, "server/discover", null), "server/discover", null},
                new String[] {CoreClient.modernMessage(2, "tools/list", null), "tools/list", null},
                new String[] {CoreClient.modernMessage(3, "tools/call", "\"name\":\"boom\""), "tools/call", "boom"},
                new String[] {CoreClient.modernMessage(4, "initialize", null), "initialize", null},
                new String[] {CoreClient.modernMessage(5, "tools/list", null), "tools/call", null},
                new String[] {CoreClient.modernMessage(6, "unknown/x", null), "unknown/x", null},
                new String[] {"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\",\"params\":{" + CoreClient.META + "}}",
                        "notifications/x", null},
                new String[] {"{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}", "x", null});
        for (String[] c : cases) {
            for (boolean withSession : new boolean[] {false, true}) {
                String[] headers = modernHeaders(c[1], c[2]);
                RawHttp.Response response = raw(c[0], withSession ? with(headers, session) : headers);
                assertThat(response.header("Mcp-Session-Id")).as("%s -> %d", c[0], response.status()).isNull();
            }
        }
        // a legacy initialize is the one place a session id is minted
        RawHttp.Response init = raw(CoreClient.initializeMessage(1));
        assertThat(init.header("Mcp-Session-Id")).isNotNull();
    }

    /** Methods that serve each capability, probed in both revisions. */
    private static final Map<String, List<String>> SERVED_BY = Map.of(
            "tools", List.of("tools/list"),
            "resources", List.of("resources/list", "resources/templates/list"),
            "prompts", List.of("prompts/list"),
            "completions", List.of("completion/complete"));

    @ParameterizedTest
    @ValueSource(strings = {"bare", "resources", "prompts", "completions", "all"})
    void everyAdvertisedCapabilityIsServedAndNothingElseIsAdvertised(String shape) {
        TestHost host = new TestHost();
        UnaryOperator<McpServerBuilder> settings = switch (shape) {
            case "bare" -> b -> b;
            case "resources" -> b -> b.resourceReader(host.reader());
            case "prompts" -> b -> b.promptRenderer(host.renderer());
            case "completions" -> b -> b.completer(host.completer());
            default -> b -> b.resourceReader(host.reader()).promptRenderer(host.renderer()).completer(host.completer());
        };
        McpServer server = settings.apply(McpServer.builder(io.beammcp.core.catalog.Catalog.of(TestHost.tools()),
                host.dispatch())).build();
        CoreClient client = new CoreClient(server);
        JsonNode modern = result(client.modern(1, "server/discover", null)).path("capabilities");
        JsonNode legacy = result(client.initialize()).path("capabilities");
        assertThat(modern).isEqualTo(legacy);
        for (Map.Entry<String, JsonNode> e : modern.properties()) {
            assertThat(List.of("tools", "resources", "prompts", "completions", "logging")).as("advertised %s", e.getKey())
                    .contains(e.getKey());
            for (String method : SERVED_BY.getOrDefault(e.getKey(), List.of())) {
                String params = method.equals("completion/complete") ? "\"ref\":{\"type\":\"ref/prompt\",\"name\":\"x\"},"
                        + "\"argument\":{\"name\":\"a\",\"value\":\"\"}" : null;
                JsonNode answer = client.modern(2, method, params);
                assertThat(answer.at("/error/code").asInt()).as("%s advertised, %s -> %s", e.getKey(), method, answer)
                        .isNotEqualTo(-32601);
                JsonNode legacyAnswer = client.legacy(3, method, params == null ? null : "{" + params + "}");
                assertThat(legacyAnswer.at("/error/code").asInt()).isNotEqualTo(-32601);
            }
            if (e.getKey().equals("resources")) {
                assertThat(e.getValue().path("subscribe").asBoolean(false)).as("subscribe advertised").isEqualTo(
                        client.legacy(4, "resources/subscribe", "{\"uri\":\"test://static\"}").at("/error/code")
                                .asInt() != -32601);
            }
            if (e.getKey().equals("logging")) {
                assertThat(client.legacy(5, "logging/setLevel", "{\"level\":\"info\"}").has("result")).isTrue();
            }
        }
        for (Map.Entry<String, List<String>> e : SERVED_BY.entrySet()) {
            if (!modern.has(e.getKey())) {
                for (String method : e.getValue()) {
                    assertThat(client.modern(6, method, null).at("/error/code").asInt()).as("%s not advertised", method)
                            .isEqualTo(-32601);
                    assertThat(client.legacy(7, method, "{}").at("/error/code").asInt()).isEqualTo(-32601);
                }
            }
        }
        if (!modern.has("logging")) {
            assertThat(client.legacy(8, "logging/setLevel", "{\"level\":\"info\"}").at("/error/code").asInt())
                    .isEqualTo(-32601);
        }
        for (String never : List.of("tasks", "experimental", "extensions")) {
            assertThat(modern.has(never)).as(never).isFalse();
        }
        assertThat(client.modern(9, "tasks/list", null).at("/error/code").asInt()).isEqualTo(-32601);
    }
}
