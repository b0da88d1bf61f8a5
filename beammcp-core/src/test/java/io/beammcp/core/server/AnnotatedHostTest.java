package io.beammcp.core.server;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.beammcp.core.CallContext;
import io.beammcp.core.Content;
import io.beammcp.core.InvalidParamsException;
import io.beammcp.core.ToolErrorException;
import io.beammcp.core.annotation.McpComplete;
import io.beammcp.core.annotation.McpPrompt;
import io.beammcp.core.annotation.McpPromptArg;
import io.beammcp.core.annotation.McpResource;
import io.beammcp.core.annotation.McpResourceTemplate;
import io.beammcp.core.annotation.McpTool;
import io.beammcp.core.annotation.McpToolParam;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static io.beammcp.core.server.Wire.assertError;
import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;

/** Annotated methods served as tools, resources, templates, prompts and completions, on the wire. */
class AnnotatedHostTest {

    enum Transport {
        @JsonProperty("train") TRAIN,
        @JsonProperty("plane") PLANE
    }

    record City(@NotBlank String name, Optional<String> country) {
    }

    record Trip(City to, Transport by, List<String> stops, Map<String, Integer> bags) {
    }

    record Exact(BigInteger big, BigDecimal decimal, long count, String text) {
    }

    record Forecast(String place, int days) {
    }

    static final class Weather {

        final AtomicInteger reached = new AtomicInteger();

        @McpTool(description = "Current weather", readOnly = true, openWorld = McpTool.Hint.FALSE)
        String now(@NotBlank @McpToolParam(description = "A city") String place) {
            reached.incrementAndGet();
            return place + ": sunny";
        }

        @McpTool(name = "forecast")
        Forecast forecast(String place, @Min(1) @Max(7) @McpToolParam(defaultValue = "3") int days) {
            reached.incrementAndGet();
            return new Forecast(place, days);
        }

        @McpTool
        Trip trip(Trip trip) {
            reached.incrementAndGet();
            return trip;
        }

        @McpTool
        Exact exact(Exact exact) {
            return exact;
        }

        @McpTool
        void nothing() {
        }

        @McpTool
        String none() {
            return null;
        }

        @McpTool
        List<Content> blocks() {
            return List.of(Content.text("a"), Content.text("b"));
        }

        @McpTool
        String progress(CallContext context) {
            context.progress(1, 2, "half");
            return context.requestId().toString();
        }

        @McpTool
        String domain(String id) {
            throw new ToolErrorException("No city " + id);
        }

        @McpTool
        String refuses(String id) {
            throw new InvalidParamsException("Unknown id " + id);
        }

        @McpTool
        String fails(int id) {
            throw new IllegalStateException("database is down for id " + id);
        }

        @McpTool
        String when(java.time.LocalDate day) {
            reached.incrementAndGet();
            return day.toString();
        }

        @McpTool(outputSchema = "{\"type\":\"object\",\"properties\":{\"place\":{\"type\":\"string\"}},"
                + "\"required\":[\"place\"]}")
        Map<String, Object> broken() {
            return Map.of("place", 7);
        }

        @McpTool(inputSchema = "{\"type\":\"object\",\"properties\":{\"code\":{\"type\":\"string\",\"pattern\":"
                + "\"^[A-Z]{3}$\",\"default\":\"OSL\"}}}")
        String airport(String code) {
            reached.incrementAndGet();
            return code;
        }

        @McpComplete(uriTemplate = "weather://place/{name}/{+rest}", argument = "name")
        List<String> names(String partial, Map<String, String> others) {
            return List.of(partial + "slo", String.valueOf(others.get("rest")));
        }

        @McpResource(uri = "weather://stations", mimeType = "text/plain")
        String stations() {
            return "Oslo\nLisbon";
        }

        @McpResourceTemplate(uriTemplate = "weather://place/{name}/{+rest}", mimeType = "application/json")
        String place(String name, Map<String, String> all, CallContext context) {
            if (name.equals("nowhere")) {
                throw InvalidParamsException.notFound("No place called nowhere");
            }
            return "{\"name\":\"" + name + "\",\"rest\":\"" + all.get("rest") + "\"}";
        }

        @McpPrompt(description = "Packing list")
        String packing(@McpPromptArg(description = "Where") String destination, Optional<String> season) {
            if (destination.equals("Atlantis")) {
                throw InvalidParamsException.notFound("No such destination");
            }
            return "Pack for " + destination + season.map(s -> " in " + s).orElse("");
        }

        @McpComplete(prompt = "packing", argument = "destination")
        List<String> destinations(String partial) {
            return List.of("Bergen", "Berlin", "Oslo").stream().filter(p -> p.startsWith(partial)).toList();
        }
    }

    private final Weather weather = new Weather();
    private final Wire wire = new Wire(McpServer.builder().annotated("weather", weather).build());

    private JsonNode call(String name, String arguments) {
        return wire.modern(1, "tools/call", "\"name\":\"" + name + "\",\"arguments\":" + arguments);
    }

    @Test
    void toolsListAdvertisesTheDerivedSchemasAndHints() {
        JsonNode tools = result(wire.modern(1, "tools/list", null)).get("tools");
        JsonNode now = find(tools, "now");
        assertThat(now.get("inputSchema").toString()).isEqualTo("{\"type\":\"object\",\"properties\":{\"place\":"
                + "{\"type\":\"string\",\"description\":\"A city. Not blank.\",\"minLength\":1,\"pattern\":\"\\\\S\"}},"
                + "\"required\":[\"place\"],\"additionalProperties\":false}");
        assertThat(now.get("annotations").toString()).isEqualTo("{\"readOnlyHint\":true,\"openWorldHint\":false}");
        assertThat(find(tools, "forecast").get("outputSchema").toString()).isEqualTo("{\"type\":\"object\",\"properties\":"
                + "{\"place\":{\"type\":\"string\"},\"days\":{\"type\":\"integer\"}},\"required\":[\"place\",\"days\"],"
                + "\"additionalProperties\":false}");
        assertThat(find(tools, "nothing").get("inputSchema").toString()).isEqualTo("{\"type\":\"object\"}");
    }

    @Test
    void aCallThatBreaksTheSchemaNeverReachesTheMethod() {
        JsonNode refused = result(call("now", "{\"place\":\"\"}"));
        assertThat(refused.get("isError").asBoolean()).isTrue();
        assertThat(refused.at(Wire.VIOLATIONS + "/0/path").asString()).isEqualTo("$.place");
        JsonNode wrongType = result(call("forecast", "{\"place\":\"Oslo\",\"days\":\"three\"}"));
        assertThat(wrongType.at(Wire.VIOLATIONS + "/0/path").asString()).isEqualTo("$.days");
        assertThat(wrongType.at(Wire.VIOLATIONS + "/0/keyword").asString()).isEqualTo("type");
        JsonNode unknown = result(call("trip", "{\"to\":{\"name\":\"Oslo\",\"extra\":1},\"by\":\"boat\",\"stops\":[],"
                + "\"bags\":{}}"));
        assertThat(unknown.get("content").get(0).get("text").asString()).contains("$.to", "$.by");
        assertThat(weather.reached).hasValue(0);
    }

    @Test
    void argumentsAreBoundExactlyAndDefaultsFillWhatIsOmitted() {
        assertThat(result(call("forecast", "{\"place\":\"Oslo\"}")).get("structuredContent").toString())
                .isEqualTo("{\"place\":\"Oslo\",\"days\":3}");
        JsonNode trip = result(call("trip", "{\"to\":{\"name\":\"Zürich 北京 \\uD83D\\uDE00\",\"country\":\"CH\"},"
                + "\"by\":\"plane\",\"stops\":[\"a\",\"b\"],\"bags\":{\"red\":2}}"));
        assertThat(trip.get("structuredContent").toString()).isEqualTo("{\"to\":{\"name\":\"Zürich 北京 \uD83D\uDE00\","
                + "\"country\":\"CH\"},\"by\":\"plane\",\"stops\":[\"a\",\"b\"],\"bags\":{\"red\":2}}");
        // read as text: a test's default JSON reader would round the decimal itself
        String exact = wire.sendRaw(Wire.modernText(1, "tools/call", "\"name\":\"exact\",\"arguments\":{\"big\":"
                + "123456789012345678901234567890,\"decimal\":0.10000000000000000001,\"count\":9007199254740993,"
                + "\"text\":\"\\u0000 tab\\t\"}", Wire.MODERN_META));
        assertThat(exact).contains("\"structuredContent\":{\"big\":123456789012345678901234567890,"
                + "\"decimal\":0.10000000000000000001,\"count\":9007199254740993,\"text\":\"\\u0000 tab\\t\"}");
    }

    @Test
    void aValueTheSchemaAdmitsButTheTypeCannotHoldIsAToolErrorNamingItsPath() {
        JsonNode notADate = result(call("when", "{\"day\":\"tomorrow\"}"));
        assertThat(notADate.get("isError").asBoolean()).isTrue();
        assertThat(notADate.at(Wire.VIOLATIONS + "/0/path").asString()).isEqualTo("$.day");
        assertThat(notADate.at(Wire.VIOLATIONS + "/0/keyword").asString()).isEqualTo("binding");
        assertThat(notADate.has("structuredContent")).isFalse();
        assertThat(notADate.at("/content/0/text").asString()).isEqualTo("Invalid arguments for tool 'when':\n"
                + "- $.day: cannot be read as LocalDate (binding)");
        assertThat(weather.reached).hasValue(0);
    }

    @Test
    void voidNullBlocksAndTheContextHaveTheirAnswers() {
        JsonNode nothing = result(call("nothing", "{}"));
        assertThat(nothing.get("content").toString()).isEqualTo("[]");
        assertThat(nothing.has("isError")).isFalse();
        assertThat(nothing.has("structuredContent")).isFalse();
        assertThat(result(call("none", "{}")).get("content").toString()).isEqualTo("[]");
        assertThat(result(call("blocks", "{}")).get("content").toString())
                .isEqualTo("[{\"type\":\"text\",\"text\":\"a\"},{\"type\":\"text\",\"text\":\"b\"}]");
        JsonNode progress = wire.send(Wire.modernText(7, "tools/call", "\"name\":\"progress\"",
                Wire.modernMeta("\"progressToken\":\"p\"")));
        assertThat(result(progress).at("/content/0/text").asString()).isEqualTo("7");
        assertThat(wire.sent().get(0).at("/params/message").asString()).isEqualTo("half");
    }

    @Test
    void declaredFailuresReachTheModelOrTheClientAndOthersAreOpaqueButLogged() {
        JsonNode domain = result(call("domain", "{\"id\":\"42\"}"));
        assertThat(domain.get("isError").asBoolean()).isTrue();
        assertThat(domain.at("/content/0/text").asString()).isEqualTo("No city 42");
        JsonNode refused = call("refuses", "{\"id\":\"42\"}");
        assertError(refused, 1, -32602);
        assertThat(refused.at("/error/message").asString()).isEqualTo("Unknown id 42");
        try (LogCapture log = new LogCapture()) {
            JsonNode failed = call("fails", "{\"id\":7}");
            assertError(failed, 1, -32603);
            assertThat(failed.toString()).doesNotContain("database");
            assertThat(log.text()).contains("Tool 'fails' failed; the client got -32603",
                    "java.lang.IllegalStateException: database is down for id 7",
                    "at io.beammcp.core.server.AnnotatedHostTest$Weather.fails");
        }
    }

    @Test
    void aResultThatBreaksItsOutputSchemaIsLoggedAndToldWithItsPath() {
        try (LogCapture log = new LogCapture()) {
            JsonNode broken = result(call("broken", "{}"));
            assertThat(broken.get("isError").asBoolean()).isTrue();
            assertThat(broken.at(Wire.VIOLATIONS + "/0/path").asString()).isEqualTo("$.place");
            assertThat(log.text()).contains("Tool 'broken' returned a result that breaks its output schema", "- $.place: ");
        }
    }

    @Test
    void resourcesAndTemplatesReadThroughTheirMethodsWithDecodedVariables() {
        JsonNode stations = result(wire.modern(1, "resources/read", "\"uri\":\"weather://stations\""));
        assertThat(stations.at("/contents/0/text").asString()).isEqualTo("Oslo\nLisbon");
        assertThat(stations.at("/contents/0/mimeType").asString()).isEqualTo("text/plain");
        JsonNode place = result(wire.modern(2, "resources/read", "\"uri\":\"weather://place/New%20York/a+b/c\""));
        assertThat(place.at("/contents/0/text").asString()).isEqualTo("{\"name\":\"New York\",\"rest\":\"a+b/c\"}");
        assertThat(place.at("/contents/0/uri").asString()).isEqualTo("weather://place/New%20York/a+b/c");
        JsonNode missing = wire.modern(3, "resources/read", "\"uri\":\"weather://place/nowhere/x\"");
        assertError(missing, 3, -32602);
        assertThat(missing.at("/error/message").asString()).isEqualTo("No place called nowhere");
        assertThat(missing.at("/error/data/uri").asString()).isEqualTo("weather://place/nowhere/x");
        wire.initialize();
        assertError(wire.legacy(4, "resources/read", "{\"uri\":\"weather://place/nowhere/x\"}"), 4, -32002);
    }

    @Test
    void promptsRenderTheirArgumentsAndComplete() {
        JsonNode list = result(wire.modern(1, "prompts/list", null));
        assertThat(list.at("/prompts/0/arguments").toString()).isEqualTo("[{\"name\":\"destination\",\"description\":"
                + "\"Where\",\"required\":true},{\"name\":\"season\"}]");
        JsonNode rendered = result(wire.modern(2, "prompts/get", "\"name\":\"packing\",\"arguments\":{\"destination\":"
                + "\"Oslo\",\"season\":\"winter\"}"));
        assertThat(rendered.at("/messages/0/content/text").asString()).isEqualTo("Pack for Oslo in winter");
        assertThat(rendered.at("/messages/0/role").asString()).isEqualTo("user");
        JsonNode missing = wire.modern(3, "prompts/get", "\"name\":\"packing\",\"arguments\":{\"destination\":\"Atlantis\"}");
        assertError(missing, 3, -32602);
        assertThat(missing.at("/error/message").asString()).isEqualTo("No such destination");
        JsonNode completed = result(wire.modern(4, "completion/complete", "\"ref\":{\"type\":\"ref/prompt\",\"name\":"
                + "\"packing\"},\"argument\":{\"name\":\"destination\",\"value\":\"Be\"}"));
        assertThat(completed.at("/completion/values").toString()).isEqualTo("[\"Bergen\",\"Berlin\"]");
        JsonNode none = result(wire.modern(5, "completion/complete", "\"ref\":{\"type\":\"ref/prompt\",\"name\":"
                + "\"packing\"},\"argument\":{\"name\":\"season\",\"value\":\"w\"}"));
        assertThat(none.at("/completion/values").toString()).isEqualTo("[]");
    }

    @Test
    void anExplicitSchemaIsAdvertisedVerbatimEnforcedAndItsDefaultsApplied() {
        JsonNode airport = find(result(wire.modern(1, "tools/list", null)).get("tools"), "airport");
        assertThat(airport.get("inputSchema").toString()).isEqualTo("{\"type\":\"object\",\"properties\":{\"code\":"
                + "{\"type\":\"string\",\"pattern\":\"^[A-Z]{3}$\",\"default\":\"OSL\"}}}");
        assertThat(result(call("airport", "{\"code\":\"osl\"}")).get("isError").asBoolean()).isTrue();
        assertThat(weather.reached).hasValue(0);
        assertThat(result(call("airport", "{}")).at("/content/0/text").asString()).isEqualTo("OSL");
    }

    @Test
    void templateVariablesCompleteWithTheOtherValues() {
        JsonNode completed = result(wire.modern(1, "completion/complete", "\"ref\":{\"type\":\"ref/resource\",\"uri\":"
                + "\"weather://place/{name}/{+rest}\"},\"argument\":{\"name\":\"name\",\"value\":\"O\"},"
                + "\"context\":{\"arguments\":{\"rest\":\"today\"}}"));
        assertThat(completed.at("/completion/values").toString()).isEqualTo("[\"Oslo\",\"today\"]");
    }

    private static JsonNode find(JsonNode tools, String name) {
        for (JsonNode tool : tools) {
            if (tool.get("name").asString().equals(name)) {
                return tool;
            }
        }
        throw new AssertionError("no tool " + name + " in " + tools);
    }
}
