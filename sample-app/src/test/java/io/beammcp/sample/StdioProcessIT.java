package io.beammcp.sample;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged sample over stdio, end to end: only protocol lines on stdout, logs and banner on stderr,
 * the 1 MiB line cap, both protocol revisions, and no response lost at end of input. That a slow call
 * does not hold back later requests is proven in the auto-configuration module
 * ({@code BeamMcpStdioAutoConfigurationTests}), where a test tool can be made slow on demand.
 */
@Timeout(120)
class StdioProcessIT {

    private static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";
    private static final int MIB = 1024 * 1024;

    @Test
    void stdoutCarriesOnlyJsonWhileLogsAndBannerGoToStderr() throws Exception {
        try (StdioProcess sample = StdioProcess.start()) {
            sample.send(modern(1, "server/discover", ""));
            sample.send(modern(2, "tools/call", "\"name\":\"get_weather\",\"arguments\":{\"place\":\"Lisbon\"}"));
            sample.send(modern(3, "tools/list", ""));
            sample.endInput();
            assertThat(sample.rest()).extracting(line -> line.get("id").asInt()).containsExactlyInAnyOrder(1, 2, 3);
            assertThat(sample.exitStatus()).isZero();
            assertThat(sample.stdoutLines()).hasSize(3);
            assertThat(sample.firstNonJsonLine()).isEmpty();
            assertThat(sample.stderr()).contains(":: Spring Boot ::", " INFO ", "Started WeatherApplication",
                    "Serving MCP on standard input and output");
        }
    }

    @Test
    void legacyClientHandshakesThenListsAndCallsTools() throws Exception {
        try (StdioProcess sample = StdioProcess.start()) {
            sample.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1.0\"}}}");
            JsonNode initialized = sample.next();
            assertThat(initialized.get("id").asInt()).isEqualTo(1);
            assertThat(initialized.at("/result/protocolVersion").stringValue()).isEqualTo("2025-11-25");
            assertThat(initialized.at("/result/serverInfo/name").stringValue()).isEqualTo("weather");
            assertThat(initialized.at("/result/serverInfo/version").stringValue())
                    .as("the jar's Implementation-Version").isNotEqualTo("0.0.0").isNotBlank();
            assertThat(initialized.at("/result/capabilities/tools").isObject()).isTrue();
            sample.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");

            sample.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
            JsonNode tools = sample.next().at("/result/tools");
            assertThat(tools.findValuesAsString("name")).containsExactly("forecast", "get_weather", "plan_trip");
            assertThat(tools.get(1).at("/annotations/readOnlyHint").asBoolean()).isTrue();
            assertThat(tools.get(0).at("/outputSchema/type").stringValue()).isEqualTo("object");

            sample.send(legacyCall(3, "plan_trip",
                    "{\"destination\":{\"city\":\"Porto\",\"country\":\"Portugal\"},\"transport\":\"boat\"}"));
            JsonNode refused = sample.next();
            assertThat(refused.at("/result/isError").asBoolean()).isTrue();
            assertThat(refused.at("/result/_meta/io.beammcp~1violations/0/path").stringValue())
                    .isEqualTo("$.transport");
            // a tool with an output schema: the refusal carries no structuredContent a client would check against it
            sample.send(legacyCall(5, "forecast", "{\"place\":\"Oslo\",\"days\":0}"));
            JsonNode days = sample.next().get("result");
            assertThat(days.get("isError").asBoolean()).isTrue();
            assertThat(days.has("structuredContent")).isFalse();
            assertThat(days.at("/content/0/text").stringValue()).startsWith("Invalid arguments for tool 'forecast':\n"
                    + "- $.days: ").endsWith("(minimum)");

            sample.send(legacyCall(4, "plan_trip", "{\"destination\":{\"city\":\"Porto\"},\"transport\":\"train\"}"));
            assertThat(sample.next().at("/result/content/0/text").stringValue()).startsWith("Trip to Porto by train:");
            sample.endInput();
            assertThat(sample.exitStatus()).isZero();
        }
    }

    @Test
    void modernClientDiscoversAndCallsWithoutHandshake() throws Exception {
        try (StdioProcess sample = StdioProcess.start()) {
            sample.send(modern("d", "server/discover", ""));
            JsonNode discover = sample.next().get("result");
            assertThat(discover.get("resultType").stringValue()).isEqualTo("complete");
            assertThat(discover.get("supportedVersions").valueStream().map(JsonNode::stringValue))
                    .containsExactly("2026-07-28", "2025-11-25");
            assertThat(discover.at("/_meta/io.modelcontextprotocol~1serverInfo/name").stringValue())
                    .isEqualTo("weather");

            sample.send(modern(2, "tools/call", "\"name\":\"forecast\",\"arguments\":{\"place\":\"Oslo\",\"days\":2}"));
            JsonNode forecast = sample.next().at("/result/structuredContent");
            assertThat(forecast.get("place").stringValue()).isEqualTo("Oslo");
            assertThat(forecast.get("days")).hasSize(2);
            assertThat(forecast.at("/days/0/highC").asInt()).isGreaterThan(forecast.at("/days/0/lowC").asInt());
            sample.endInput();
            assertThat(sample.exitStatus()).isZero();
        }
    }

    @Test
    void lineOverOneMebibyteIsRefusedAndTheNextLineIsAnswered() throws Exception {
        try (StdioProcess sample = StdioProcess.start()) {
            sample.send(paddedPing(1, MIB));
            assertThat(sample.next().get("id").asInt()).isEqualTo(1);

            sample.send(paddedPing(2, MIB + 1));
            JsonNode refused = sample.next();
            assertThat(refused.has("id")).isFalse();
            assertThat(refused.at("/error/code").asInt()).isEqualTo(-32600);

            sample.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}");
            JsonNode answered = sample.next();
            assertThat(answered.get("id").asInt()).isEqualTo(3);
            assertThat(answered.get("result").isObject()).isTrue();
            sample.endInput();
            assertThat(sample.exitStatus()).isZero();
        }
    }

    @Test
    void endOfInputAfterAThousandPipelinedCallsLosesNoResponse() throws Exception {
        try (StdioProcess sample = StdioProcess.start()) {
            StringBuilder calls = new StringBuilder();
            for (int id = 1; id <= 1000; id++) {
                calls.append(modern(id, "tools/call", "\"name\":\"get_weather\",\"arguments\":{\"place\":\"City "
                        + id + "\"}")).append('\n');
            }
            sample.send(calls.substring(0, calls.length() - 1));
            sample.endInput();
            List<JsonNode> responses = sample.rest();
            assertThat(responses).allSatisfy(response -> assertThat(response.at("/result/isError").asBoolean()).isFalse());
            Set<Integer> ids = responses.stream().map(response -> response.get("id").asInt()).collect(Collectors.toSet());
            assertThat(ids).hasSize(1000).isEqualTo(IntStream.rangeClosed(1, 1000).boxed().collect(Collectors.toSet()));
            assertThat(responses).hasSize(1000);
            assertThat(sample.exitStatus()).isZero();
        }
    }

    private static String modern(Object id, String method, String params) {
        String idJson = id instanceof String ? "\"" + id + "\"" : id.toString();
        return "{\"jsonrpc\":\"2.0\",\"id\":" + idJson + ",\"method\":\"" + method + "\",\"params\":{"
                + (params.isEmpty() ? META : params + "," + META) + "}}";
    }

    private static String legacyCall(int id, String tool, String arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "}}";
    }

    /** A legacy ping (served before initialize) padded to exactly {@code bytes} bytes, newline excluded. */
    private static String paddedPing(int id, int bytes) {
        String head = "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"ping\",\"params\":{\"pad\":\"";
        String tail = "\"}}";
        String line = head + "x".repeat(bytes - head.length() - tail.length()) + tail;
        assertThat(line).hasSize(bytes);
        return line;
    }
}
