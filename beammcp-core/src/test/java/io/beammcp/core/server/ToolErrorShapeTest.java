package io.beammcp.core.server;

import io.beammcp.core.ToolErrorException;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shape of a tool error for a tool that declares an output schema, in both revisions: a refusal of the
 * library's carries no {@code structuredContent} (a client that checks it against the output schema, error or
 * not, would drop the whole answer), its sentence is the one text block, and its violations are in
 * {@code _meta["io.beammcp/violations"]}; host detail that breaks the schema is left out and logged.
 */
class ToolErrorShapeTest {

    private static final String INPUT = "{\"type\":\"object\",\"properties\":{\"place\":{\"type\":\"string\"},"
            + "\"days\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":7}},\"required\":[\"place\"]}";
    private static final String OUTPUT = "{\"type\":\"object\",\"properties\":{\"place\":{\"type\":\"string\"},"
            + "\"days\":{\"type\":\"array\"}},\"required\":[\"place\",\"days\"]}";
    private static final String BAD_DAYS = "\"name\":\"forecast\",\"arguments\":{\"place\":\"Oslo\",\"days\":0}";

    /** What the host answers with, when it is reached. */
    private final AtomicReference<ToolResult> answer = new AtomicReference<>(ToolResult.of("unused"));
    private final Wire wire = Wire.of((name, args, ctx) -> answer.get(),
            ToolSpec.builder("forecast").inputSchema(INPUT).outputSchema(OUTPUT).build());

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.propertyNames().forEach(names::add);
        return names;
    }

    /** The refusal's text is its heading and one line per violation listed in {@code _meta}: the same facts. */
    private static void assertRefusalOfDays(JsonNode result) {
        assertThat(result.get("isError").asBoolean()).isTrue();
        assertThat(result.has("structuredContent")).isFalse();
        assertThat(result.get("content")).hasSize(1);
        JsonNode violation = result.at(Wire.VIOLATIONS + "/0");
        assertThat(result.at(Wire.VIOLATIONS)).hasSize(1);
        assertThat(names(violation)).containsExactly("path", "keyword", "message");
        assertThat(violation.get("path").asString()).isEqualTo("$.days");
        assertThat(violation.get("keyword").asString()).isEqualTo("minimum");
        assertThat(result.at("/content/0/type").asString()).isEqualTo("text");
        assertThat(result.at("/content/0/text").asString()).isEqualTo("Invalid arguments for tool 'forecast':\n- $.days: "
                + violation.get("message").asString() + " (minimum)");
    }

    @Test
    void anArgumentRefusalOfAToolWithAnOutputSchemaHasNoStructuredContentAndItsViolationsInMeta2026() {
        JsonNode result = result(wire.modern(1, "tools/call", BAD_DAYS));
        assertThat(names(result)).containsExactly("resultType", "content", "isError", "_meta");
        assertRefusalOfDays(result);
        // the server's own _meta key is still there, beside the refusal's
        assertThat(names(result.get("_meta"))).containsExactly("io.beammcp/violations",
                "io.modelcontextprotocol/serverInfo");
        assertThat(result.at("/_meta/io.modelcontextprotocol~1serverInfo/name").asString()).isEqualTo("test-server");
    }

    @Test
    void anArgumentRefusalOfAToolWithAnOutputSchemaHasNoStructuredContentAndItsViolationsInMeta2025() {
        wire.initialize();
        JsonNode result = result(wire.legacy(1, "tools/call", "{" + BAD_DAYS + "}"));
        assertThat(names(result)).containsExactly("content", "isError", "_meta");
        assertRefusalOfDays(result);
        assertThat(names(result.get("_meta"))).containsExactly("io.beammcp/violations");
    }

    @Test
    void hostErrorDetailThatBreaksTheOutputSchemaIsLeftOutAndLoggedInBothRevisions() {
        answer.set(ToolResult.error("No forecast for Atlantis", Map.of("reason", "unknown place")));
        try (LogCapture log = new LogCapture()) {
            JsonNode modern = result(wire.modern(1, "tools/call", "\"name\":\"forecast\",\"arguments\":{\"place\":\"x\"}"));
            assertThat(names(modern)).containsExactly("resultType", "content", "isError", "_meta");
            assertThat(modern.at("/content/0/text").asString()).isEqualTo("No forecast for Atlantis");
            assertThat(modern.get("isError").asBoolean()).isTrue();
            assertThat(log.text()).contains("ERROR Tool 'forecast' returned a tool error whose detail does not match its "
                    + "output schema; the model got the error's text without it:\n- $: required property 'place' not found "
                    + "(required)");
            wire.initialize();
            JsonNode legacy = result(wire.legacy(2, "tools/call", "{\"name\":\"forecast\",\"arguments\":{\"place\":\"x\"}}"));
            assertThat(names(legacy)).containsExactly("content", "isError");
        }
        // thrown, the same
        answer.set(null);
        Wire thrown = Wire.of((name, args, ctx) -> {
            throw new ToolErrorException("No forecast for Atlantis", List.of("not", "an", "object"));
        }, ToolSpec.builder("forecast").inputSchema(INPUT).outputSchema(OUTPUT).build());
        JsonNode result = result(thrown.modern(3, "tools/call", "\"name\":\"forecast\",\"arguments\":{\"place\":\"x\"}"));
        assertThat(result.has("structuredContent")).isFalse();
        assertThat(result.at("/content/0/text").asString()).isEqualTo("No forecast for Atlantis");
    }

    @Test
    void hostErrorDetailThatMatchesTheOutputSchemaIsSent() {
        answer.set(ToolResult.error("Only a partial forecast", new java.util.TreeMap<>(Map.of("place", "Oslo",
                "days", List.of()))));
        JsonNode result = result(wire.modern(1, "tools/call", "\"name\":\"forecast\",\"arguments\":{\"place\":\"Oslo\"}"));
        assertThat(result.get("isError").asBoolean()).isTrue();
        assertThat(result.get("structuredContent").toString()).isEqualTo("{\"days\":[],\"place\":\"Oslo\"}");
        assertThat(result.at("/content/0/text").asString()).isEqualTo("Only a partial forecast");
    }

    @Test
    void withoutAnOutputSchemaHostErrorDetailIsSentAsItIs() {
        Wire plain = Wire.of((name, args, ctx) -> ToolResult.error("Quota exceeded", Map.of("retryInSeconds", 30)),
                ToolSpec.builder("quota").build());
        JsonNode result = result(plain.modern(1, "tools/call", "\"name\":\"quota\""));
        assertThat(result.get("structuredContent").toString()).isEqualTo("{\"retryInSeconds\":30}");
        assertThat(result.has("_meta") && result.get("_meta").has("io.beammcp/violations")).isFalse();
    }
}
