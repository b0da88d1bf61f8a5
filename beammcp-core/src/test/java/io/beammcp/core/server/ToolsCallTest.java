package io.beammcp.core.server;

import io.beammcp.core.Content;
import io.beammcp.core.Revision;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static io.beammcp.core.server.Wire.assertError;
import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;

class ToolsCallTest {

    private static final String WEATHER_SCHEMA = "{\"type\":\"object\",\"properties\":{"
            + "\"place\":{\"type\":\"string\",\"minLength\":1},"
            + "\"unit\":{\"enum\":[\"c\",\"f\"]},"
            + "\"days\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":7},"
            + "\"where\":{\"type\":\"object\",\"properties\":{\"lat\":{\"type\":\"number\"}},\"required\":[\"lat\"]}},"
            + "\"required\":[\"place\"]}";

    private final AtomicReference<Map<String, Object>> seen = new AtomicReference<>();
    private final ToolSpec weather = ToolSpec.builder("get_weather").inputSchema(WEATHER_SCHEMA).build();

    private Wire recording(ToolSpec... tools) {
        return Wire.of((name, args, ctx) -> {
            seen.set(args);
            return ToolResult.of("sunny in " + args.get("place"));
        }, tools);
    }

    @Test
    void aValidCallReachesDispatchAndAnswersText() {
        Wire wire = recording(weather);
        JsonNode response = wire.modern(1, "tools/call", "\"name\":\"get_weather\",\"arguments\":{\"place\":\"Oslo\"}");
        JsonNode result = result(response);
        assertThat(result.path("content").toString()).isEqualTo("[{\"type\":\"text\",\"text\":\"sunny in Oslo\"}]");
        assertThat(result.has("isError")).isFalse();
        assertThat(result.has("structuredContent")).isFalse();
        assertThat(seen.get()).containsExactly(Map.entry("place", "Oslo"));
    }

    @Test
    void schemaViolationsNeverReachDispatchAndNameThePathAndRule() {
        Wire wire = recording(weather);
        JsonNode result = result(wire.modern(1, "tools/call",
                "\"name\":\"get_weather\",\"arguments\":{\"unit\":\"k\",\"days\":9,\"where\":{}}"));
        assertThat(seen.get()).isNull();
        assertThat(result.path("isError").asBoolean()).isTrue();
        String text = result.path("content").get(0).path("text").asString();
        assertThat(text).startsWith("Invalid arguments for tool 'get_weather':\n- ")
                .contains("$.unit: does not have a value in the enumeration").contains("(enum)")
                .contains("$.days: ").contains("(maximum)").contains("$: required property 'place' not found (required)")
                .contains("$.where: required property 'lat' not found (required)");
        List<String> paths = new ArrayList<>();
        List<String> keywords = new ArrayList<>();
        assertThat(result.has("structuredContent")).isFalse();
        result.at(Wire.VIOLATIONS).forEach(v -> {
            paths.add(v.path("path").asString());
            keywords.add(v.path("keyword").asString());
        });
        assertThat(paths).contains("$", "$.unit", "$.days", "$.where");
        assertThat(keywords).contains("required", "enum", "maximum");
        assertThat(result.path("resultType").asString()).isEqualTo("complete");
    }

    @Test
    void aWrongTypeIsRefusedWithItsPath() {
        Wire wire = recording(weather);
        JsonNode result = result(wire.modern(1, "tools/call", "\"name\":\"get_weather\",\"arguments\":{\"place\":42}"));
        assertThat(result.path("isError").asBoolean()).isTrue();
        assertThat(result.at(Wire.VIOLATIONS + "/0/path").asString()).isEqualTo("$.place");
        assertThat(result.at(Wire.VIOLATIONS + "/0/keyword").asString()).isEqualTo("type");
        assertThat(seen.get()).isNull();
    }

    /** A tool "t" whose schema declares {@code n} string properties, and arguments giving each a number. */
    private static String[] stringsGivenNumbers(int n) {
        StringBuilder properties = new StringBuilder("{\"type\":\"object\",\"properties\":{");
        StringBuilder arguments = new StringBuilder("{");
        for (int i = 0; i < n; i++) {
            properties.append(i == 0 ? "" : ",").append("\"p").append(i).append("\":{\"type\":\"string\"}");
            arguments.append(i == 0 ? "" : ",").append("\"p").append(i).append("\":").append(i);
        }
        return new String[] {properties.append("}}").toString(), arguments.append("}").toString()};
    }

    @Test
    void manyViolationsAreReportedCappedAndBounded() {
        String[] tool = stringsGivenNumbers(500);
        Wire wire = recording(ToolSpec.builder("t").inputSchema(tool[0]).build());
        JsonNode refused = result(wire.modern(1, "tools/call", "\"name\":\"t\",\"arguments\":" + tool[1]));
        assertThat(refused.path("isError").asBoolean()).isTrue();
        assertThat(refused.path("_meta").path("io.beammcp/violations").size()).isEqualTo(10);
        assertThat(refused.has("structuredContent")).isFalse();
        assertThat(refused.path("content").get(0).path("text").asString()).contains("and 490 more");
        assertThat(seen.get()).isNull();
    }

    @Test
    void tenViolationsAreAllReportedAndTheEleventhIsCounted() {
        for (int n : new int[] {10, 11}) {
            String[] tool = stringsGivenNumbers(n);
            JsonNode refused = result(recording(ToolSpec.builder("t").inputSchema(tool[0]).build()).modern(1,
                    "tools/call", "\"name\":\"t\",\"arguments\":" + tool[1]));
            assertThat(refused.path("_meta").path("io.beammcp/violations").size()).isEqualTo(10);
            String text = refused.path("content").get(0).path("text").asString();
            if (n == 10) {
                assertThat(text).doesNotContain("more");
            } else {
                assertThat(text).endsWith("- and 1 more");
            }
        }
    }

    @Test
    void onlyDeclaredTopLevelKeysReachDispatch() {
        Wire wire = recording(weather);
        result(wire.modern(1, "tools/call",
                "\"name\":\"get_weather\",\"arguments\":{\"place\":\"Rome\",\"admin\":true,\"__proto__\":{}}"));
        assertThat(seen.get()).containsOnlyKeys("place");
    }

    @Test
    void aToolWithoutSchemaGetsAnEmptyMapWhateverWasSent() {
        Wire wire = recording(ToolSpec.builder("now").build());
        result(wire.modern(1, "tools/call", "\"name\":\"now\",\"arguments\":{\"x\":1}"));
        assertThat(seen.get()).isEmpty();
        result(wire.modern(2, "tools/call", "\"name\":\"now\""));
        assertThat(seen.get()).isEmpty();
    }

    @Test
    void valuesArriveUnchangedWithExactNumbers() {
        String schema = "{\"type\":\"object\",\"properties\":{\"big\":{\"type\":\"integer\"},\"dec\":{\"type\":\"number\"},"
                + "\"small\":{\"type\":\"integer\"},\"flag\":{\"type\":\"boolean\"},\"nothing\":{\"type\":\"null\"},"
                + "\"list\":{\"type\":\"array\"},\"obj\":{\"type\":\"object\"}}}";
        Wire wire = recording(ToolSpec.builder("exact").inputSchema(schema).build());
        result(wire.modern(1, "tools/call", "\"name\":\"exact\",\"arguments\":{\"big\":123456789012345678901234567890,"
                + "\"dec\":0.10000000000000000000000001,\"small\":7,\"flag\":false,\"nothing\":null,"
                + "\"list\":[1,\"a\",null,true],\"obj\":{\"k\":2.50}}"));
        Map<String, Object> args = seen.get();
        assertThat(args.get("big")).isEqualTo(new BigInteger("123456789012345678901234567890"));
        assertThat(args.get("dec")).isEqualTo(new BigDecimal("0.10000000000000000000000001"));
        assertThat(args.get("small")).isEqualTo(7);
        assertThat(args.get("flag")).isEqualTo(false);
        assertThat(args).containsEntry("nothing", null);
        assertThat(args.get("list")).isEqualTo(Arrays.asList(1, "a", null, true));
        assertThat(((Map<?, ?>) args.get("obj")).get("k")).isEqualTo(new BigDecimal("2.50"));
    }

    @Test
    void exactNumbersRoundTripToTheResult() {
        Wire wire = Wire.of((n, args, c) -> ToolResult.structured(args), ToolSpec.builder("echo")
                .inputSchema("{\"type\":\"object\",\"properties\":{\"v\":{}}}").build());
        String raw = wire.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{\"v\":[123456789012345678901234567890,1.10,-0.000000000000000000001]}," + Wire.MODERN_META
                + "}}");
        assertThat(raw).contains("\"structuredContent\":{\"v\":[123456789012345678901234567890,1.10,-1E-21]}");
    }

    @Test
    void missingOrNonStringNameIsInvalidParams() {
        Wire wire = recording(weather);
        assertError(wire.modern(1, "tools/call", "\"arguments\":{}"), 1, -32602);
        assertError(wire.modern(2, "tools/call", "\"name\":true"), 2, -32602);
        assertError(wire.modern(3, "tools/call", "\"name\":{\"a\":1}"), 3, -32602);
        assertThat(wire.last.refused()).isFalse();
    }

    @Test
    void anUnknownToolIsInvalidParamsNamingItOnlyWhenItIsAToolName() {
        Wire wire = recording(weather);
        JsonNode response = wire.modern(1, "tools/call", "\"name\":\"nope\"");
        assertError(response, 1, -32602);
        assertThat(response.path("error").path("message").asString()).isEqualTo("Unknown tool: nope");
        JsonNode hostile = wire.modern(2, "tools/call", "\"name\":\"<script>\"");
        assertThat(hostile.path("error").path("message").asString()).isEqualTo("Unknown tool");
    }

    @Test
    void argumentsThatAreNotAnObjectAreInvalidParams() {
        Wire wire = recording(weather);
        assertError(wire.modern(1, "tools/call", "\"name\":\"get_weather\",\"arguments\":[1]"), 1, -32602);
        assertError(wire.modern(2, "tools/call", "\"name\":\"get_weather\",\"arguments\":null"), 2, -32602);
        assertError(wire.modern(3, "tools/call", "\"name\":\"get_weather\",\"arguments\":\"x\""), 3, -32602);
        assertThat(seen.get()).isNull();
    }

    @Test
    void aHostExceptionIsAnOpaqueInternalErrorWithTheRequestId() {
        Wire wire = Wire.of((n, a, c) -> {
            throw new IllegalStateException("database password is hunter2");
        }, weather);
        String raw = wire.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":\"call-9\",\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"get_weather\",\"arguments\":{\"place\":\"Oslo\"}," + Wire.MODERN_META + "}}");
        assertError(Wire.JSON.readTree(raw), "call-9", -32603);
        assertThat(raw).doesNotContain("hunter2").doesNotContain("IllegalState").doesNotContain("Oslo");
        assertThat(wire.last.refused()).isFalse();
        // the server keeps serving
        assertThat(result(wire.modern(2, "tools/list", null)).path("tools").size()).isEqualTo(1);
    }

    @Test
    void aNullOrUnserialisableHostResultIsAnInternalError() {
        assertError(Wire.of((n, a, c) -> null, weather).modern(1, "tools/call",
                "\"name\":\"get_weather\",\"arguments\":{\"place\":\"x\"}"), 1, -32603);
        Object unserialisable = new Object() {
            @SuppressWarnings("unused")
            public Object getSelf() {
                throw new IllegalStateException("no");
            }
        };
        assertError(Wire.of((n, a, c) -> ToolResult.of(unserialisable), weather).modern(2, "tools/call",
                "\"name\":\"get_weather\",\"arguments\":{\"place\":\"x\"}"), 2, -32603);
        assertError(Wire.of((n, a, c) -> ToolResult.content(Content.text(null)), weather).modern(3, "tools/call",
                "\"name\":\"get_weather\",\"arguments\":{\"place\":\"x\"}"), 3, -32603);
    }

    @Test
    void aToolErrorIsAResultWithIsErrorAndOptionalDetail() {
        Wire wire = Wire.of((n, a, c) -> ToolResult.error("City not found", Map.of("city", "Atlantis")), weather);
        JsonNode response = wire.modern(1, "tools/call", "\"name\":\"get_weather\",\"arguments\":{\"place\":\"x\"}");
        JsonNode result = result(response);
        assertThat(result.path("isError").asBoolean()).isTrue();
        assertThat(result.path("content").get(0).path("text").asString()).isEqualTo("City not found");
        assertThat(result.path("structuredContent").path("city").asString()).isEqualTo("Atlantis");
    }

    @Test
    void everyContentBlockKindIsRenderedAsTheSchemaDefinesIt() {
        byte[] png = {(byte) 0x89, 'P', 'N', 'G'};
        Wire wire = Wire.of((n, a, c) -> ToolResult.content(Content.text("hi"), Content.image(png, "image/png"),
                Content.audio(new byte[] {1, 2}, "audio/wav"), Content.resourceLink("test://r", "r"),
                new Content.ResourceLink("test://l", "l", "L", "desc", "text/plain", 12L),
                Content.embeddedText("test://t", "text/plain", "body"), Content.embeddedBlob("test://b", null, png)),
                ToolSpec.builder("mixed").build());
        JsonNode response = wire.modern(1, "tools/call", "\"name\":\"mixed\"");
        JsonNode content = result(response).path("content");
        assertThat(content.toString()).isEqualTo("[{\"type\":\"text\",\"text\":\"hi\"},"
                + "{\"type\":\"image\",\"data\":\"iVBORw==\",\"mimeType\":\"image/png\"},"
                + "{\"type\":\"audio\",\"data\":\"AQI=\",\"mimeType\":\"audio/wav\"},"
                + "{\"type\":\"resource_link\",\"uri\":\"test://r\",\"name\":\"r\"},"
                + "{\"type\":\"resource_link\",\"uri\":\"test://l\",\"name\":\"l\",\"title\":\"L\",\"description\":\"desc\","
                + "\"mimeType\":\"text/plain\",\"size\":12},"
                + "{\"type\":\"resource\",\"resource\":{\"uri\":\"test://t\",\"mimeType\":\"text/plain\",\"text\":\"body\"}},"
                + "{\"type\":\"resource\",\"resource\":{\"uri\":\"test://b\",\"blob\":\"iVBORw==\"}}]");
        wire.initialize();
    }

    private static final String FORECAST_OUTPUT = "{\"type\":\"object\",\"properties\":{\"highC\":{\"type\":\"number\"}},"
            + "\"required\":[\"highC\"]}";

    @Test
    void withAnOutputSchemaAnObjectIsSentAsStructuredContentPlusItsJsonText() {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("highC", 21);
        Wire wire = Wire.of((n, a, c) -> ToolResult.of(value),
                ToolSpec.builder("forecast").outputSchema(FORECAST_OUTPUT).build());
        JsonNode response = wire.modern(1, "tools/call", "\"name\":\"forecast\"");
        JsonNode result = result(response);
        assertThat(result.path("structuredContent").toString()).isEqualTo("{\"highC\":21}");
        assertThat(result.path("content").toString()).isEqualTo("[{\"type\":\"text\",\"text\":\"{\\\"highC\\\":21}\"}]");
    }

    @Test
    void withAnOutputSchemaANonObjectOrNonConformingValueIsAToolErrorNamingThePaths() {
        ToolSpec forecast = ToolSpec.builder("forecast").outputSchema(FORECAST_OUTPUT).build();
        JsonNode list = result(Wire.of((n, a, c) -> ToolResult.of(Arrays.asList(1, 2)), forecast)
                .modern(1, "tools/call", "\"name\":\"forecast\""));
        assertThat(list.path("isError").asBoolean()).isTrue();
        assertThat(list.path("content").get(0).path("text").asString()).contains("not a JSON object");
        JsonNode text = result(Wire.of((n, a, c) -> ToolResult.of("21 degrees"), forecast)
                .modern(2, "tools/call", "\"name\":\"forecast\""));
        assertThat(text.path("isError").asBoolean()).isTrue();
        JsonNode wrong = result(Wire.of((n, a, c) -> ToolResult.of(Map.of("highC", "hot")), forecast)
                .modern(3, "tools/call", "\"name\":\"forecast\""));
        assertThat(wrong.path("isError").asBoolean()).isTrue();
        assertThat(wrong.path("content").get(0).path("text").asString())
                .startsWith("The tool 'forecast' returned a result that does not match its output schema:\n- $.highC: ")
                .endsWith("(type)");
        assertThat(wrong.has("structuredContent")).isFalse();
        assertThat(wrong.at(Wire.VIOLATIONS + "/0/path").asString()).isEqualTo("$.highC");
        assertThat(wrong.at(Wire.VIOLATIONS + "/0/keyword").asString()).isEqualTo("type");
    }

    @Test
    void withoutAnOutputSchemaAValueIsSentAsJsonTextAndStructuredContentWhereTheRevisionAllows() {
        Wire wire = Wire.of((n, a, c) -> ToolResult.of(List.of(1, 2)), ToolSpec.builder("list").build());
        JsonNode modern = result(wire.modern(1, "tools/call", "\"name\":\"list\""));
        assertThat(modern.path("content").get(0).path("text").asString()).isEqualTo("[1,2]");
        assertThat(modern.path("structuredContent").toString()).isEqualTo("[1,2]");
        wire.initialize();
        JsonNode legacy = result(wire.legacy(2, "tools/call", "{\"name\":\"list\"}"));
        assertThat(legacy.path("content").get(0).path("text").asString()).isEqualTo("[1,2]");
        assertThat(legacy.has("structuredContent")).isFalse();
    }

    @Test
    void theCallContextCarriesRevisionIdClientAndTool() {
        AtomicReference<io.beammcp.core.CallContext> context = new AtomicReference<>();
        Wire wire = Wire.of((n, a, c) -> {
            context.set(c);
            return ToolResult.of("ok");
        }, ToolSpec.builder("ctx").commandClass("observe").build());
        wire.send("{\"jsonrpc\":\"2.0\",\"id\":77,\"method\":\"tools/call\",\"params\":{\"name\":\"ctx\",\"_meta\":{"
                + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{\"sampling\":{}},"
                + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"cli\",\"version\":\"2\"}}}}");
        assertThat(context.get().revision()).isEqualTo(Revision.V2026_07_28);
        assertThat(context.get().requestId()).isEqualTo(77);
        assertThat(context.get().clientCapabilities()).containsOnlyKeys("sampling");
        assertThat(context.get().clientInfo()).containsEntry("name", "cli");
        assertThat(context.get().tool().commandClass()).isEqualTo("observe");
    }

    @Test
    void aModernCallWithoutARequiredClientCapabilityIsRefusedBeforeDispatch() {
        Wire wire = recording(ToolSpec.builder("ask").requiresClientCapabilities("sampling").build());
        JsonNode response = wire.modern(1, "tools/call", "\"name\":\"ask\",\"arguments\":{}");
        assertError(response, 1, -32021);
        assertThat(response.path("error").path("data").toString()).isEqualTo("{\"requiredCapabilities\":{\"sampling\":{}}}");
        assertThat(wire.last.refused()).isTrue();
        assertThat(seen.get()).isNull();
        JsonNode declared = wire.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"ask\","
                + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{\"sampling\":{}}}}}");
        assertThat(result(declared).has("isError")).isFalse();
        assertThat(seen.get()).isNotNull();
    }

    @Test
    void aLegacySessionWithoutARequiredClientCapabilityGetsAToolError() {
        Wire wire = recording(ToolSpec.builder("ask").requiresClientCapabilities("sampling").build());
        wire.initialize();
        JsonNode result = result(wire.legacy(1, "tools/call", "{\"name\":\"ask\"}"));
        assertThat(result.path("isError").asBoolean()).isTrue();
        assertThat(result.path("content").get(0).path("text").asString()).contains("[sampling]");
        assertThat(seen.get()).isNull();
    }
}
