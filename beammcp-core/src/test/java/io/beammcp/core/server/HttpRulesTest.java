package io.beammcp.core.server;

import io.beammcp.core.Content;
import io.beammcp.core.PromptArgument;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.PromptResult;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.spi.Reply;
import io.beammcp.core.Revision;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static io.beammcp.core.server.Wire.assertError;
import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;

/** The rules the core applies only to messages that arrived over HTTP. */
class HttpRulesTest {

    private final AtomicInteger calls = new AtomicInteger();
    private final Wire wire = Wire.of((n, a, c) -> {
        calls.incrementAndGet();
        return ToolResult.of("ok");
    }, ToolSpec.builder("get_weather").inputSchema("{\"type\":\"object\",\"properties\":{"
            + "\"place\":{\"type\":\"string\",\"x-mcp-header\":\"Place\"},"
            + "\"days\":{\"type\":\"integer\",\"x-mcp-header\":\"Days\"},"
            + "\"metric\":{\"type\":\"boolean\",\"x-mcp-header\":\"Metric\"}}}").build()).http();

    private JsonNode call(String arguments) {
        return wire.modern(1, "tools/call", "\"name\":\"get_weather\",\"arguments\":" + arguments);
    }

    @Test
    void aMissingVersionHeaderIsAHeaderMismatch() {
        wire.header("Mcp-Method", "tools/list");
        assertError(wire.modern(1, "tools/list", null), 1, -32020);
        assertThat(wire.last.refused()).isTrue();
    }

    @Test
    void missingMetaIsCheckedBeforeTheHeaderAgreesAndTheVersionBeforeSupport() {
        wire.modernHeaders("tools/list");
        assertError(wire.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/clientCapabilities\":{}}}}"), 1, -32602);
        assertError(wire.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":\"v999.0.0\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}"),
                2, -32020);
        wire.header("MCP-Protocol-Version", "v999.0.0");
        JsonNode unsupported = wire.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":\"v999.0.0\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}");
        assertError(unsupported, 3, -32022);
        assertThat(unsupported.path("error").path("data").path("requested").asString()).isEqualTo("v999.0.0");
    }

    @Test
    void aModernVersionHeaderWithoutMetaMakesTheRequestModernAndRefusesIt() {
        wire.modernHeaders("tools/list");
        assertError(wire.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"), 1, -32602);
        assertThat(wire.last.revision()).isEqualTo(Revision.V2026_07_28);
        assertThat(wire.last.refused()).isTrue();
        assertThat(wire.last.kind()).isNotEqualTo(Reply.Kind.SESSION_MISSING);
    }

    @Test
    void initializeIsLegacyWhateverItsVersionHeaderSays() {
        wire.modernHeaders("initialize");
        JsonNode result = result(wire.legacy(1, "initialize", "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}"));
        assertThat(result.path("protocolVersion").asString()).isEqualTo("2025-11-25");
        assertThat(wire.last.openedSession()).isNotNull();
    }

    @Test
    void theVersionHeaderMustEqualTheMetaVersion() {
        wire.modernHeaders("tools/list");
        assertThat(result(wire.modern(1, "tools/list", null)).has("tools")).isTrue();
        wire.header("MCP-Protocol-Version", "2025-11-25");
        assertError(wire.modern(2, "tools/list", null), 2, -32020);
        assertThat(wire.last.refused()).isTrue();
        wire.header("MCP-Protocol-Version", "2026-07-29");
        assertError(wire.modern(3, "tools/list", null), 3, -32020);
    }

    @Test
    void theBase64SentinelIsLiteralInTheVersionHeader() {
        // "2026-07-28" in the sentinel form: the form is allowed only on Mcp-Name and Mcp-Param-*
        wire.header("MCP-Protocol-Version", "=?base64?MjAyNi0wNy0yOA==?=");
        wire.header("Mcp-Method", "tools/list");
        assertError(wire.modern(5, "tools/list", null), 5, -32020);
    }

    @Test
    void theMethodHeaderMustMatchCaseSensitively() {
        wire.modernHeaders("TOOLS/LIST");
        assertError(wire.modern(1, "tools/list", null), 1, -32020);
        wire.headers.remove("mcp-method");
        assertError(wire.modern(2, "tools/list", null), 2, -32020);
    }

    @Test
    void everyValueOfARepeatedHeaderIsChecked() {
        wire.header("MCP-Protocol-Version", "2026-07-28");
        wire.header("Mcp-Method", "tools/list", "tools/call");
        assertError(wire.modern(1, "tools/list", null), 1, -32020);
        wire.header("Mcp-Method", "tools/list", "tools/list");
        assertThat(result(wire.modern(2, "tools/list", null))).isNotNull();
        wire.header("MCP-Protocol-Version", "2026-07-28", "v999.0.0");
        assertError(wire.modern(3, "tools/list", null), 3, -32020);
    }

    @Test
    void theNameHeaderMustMirrorTheToolName() {
        wire.modernHeaders("tools/call");
        assertError(call("{}"), 1, -32020);
        wire.header("Mcp-Name", "other");
        assertError(call("{}"), 1, -32020);
        wire.header("Mcp-Name", "get_weather", "other");
        assertError(call("{}"), 1, -32020);
        wire.header("Mcp-Name", "Get_weather");
        assertError(call("{}"), 1, -32020);
        wire.header("Mcp-Name", "get_weather");
        assertThat(result(call("{}")).has("content")).isTrue();
        assertThat(calls).hasValue(1);
    }

    @Test
    void theBase64SentinelIsDecodedOnlyInCanonicalForm() {
        wire.modernHeaders("tools/call");
        wire.header("Mcp-Name", "=?base64?Z2V0X3dlYXRoZXI=?=");
        assertThat(result(call("{}")).has("content")).isTrue();
        wire.header("Mcp-Name", "=?base64?Z2V0X3dlYXRoZXI?=");
        assertError(call("{}"), 1, -32020);
        wire.header("Mcp-Name", "=?base64?Z2V0X3dl!!!YXRoZXI=?=");
        assertError(call("{}"), 1, -32020);
        wire.header("Mcp-Name", "=?BASE64?Z2V0X3dlYXRoZXI=?=");
        assertError(call("{}"), 1, -32020);
        // Base64 without the sentinel is a literal value
        wire.header("Mcp-Name", "Z2V0X3dlYXRoZXI=");
        assertError(call("{}"), 1, -32020);
    }

    @Test
    void theBase64SentinelIsLiteralInTheMethodHeader() {
        wire.header("MCP-Protocol-Version", "2026-07-28");
        wire.header("Mcp-Method", "=?base64?dG9vbHMvbGlzdA==?=");
        assertError(wire.modern(1, "tools/list", null), 1, -32020);
    }

    @Test
    void headerValuesOutsideVisibleAsciiAreRefused() {
        wire.modernHeaders("tools/call");
        wire.header("Mcp-Name", "get_weather\u00e9");
        assertError(call("{}"), 1, -32020);
    }

    @Test
    void paramHeadersAreRequiredAndEqualForPresentArguments() {
        wire.modernHeaders("tools/call");
        wire.header("Mcp-Name", "get_weather");
        assertError(call("{\"place\":\"Oslo\"}"), 1, -32020);
        wire.header("Mcp-Param-Place", "Bergen");
        assertError(call("{\"place\":\"Oslo\"}"), 1, -32020);
        wire.header("Mcp-Param-Place", "Oslo", "Bergen");
        assertError(call("{\"place\":\"Oslo\"}"), 1, -32020);
        wire.header("Mcp-Param-Place", "OSLO");
        assertError(call("{\"place\":\"Oslo\"}"), 1, -32020);
        wire.header("Mcp-Param-Place", "Oslo");
        assertThat(result(call("{\"place\":\"Oslo\"}")).has("isError")).isFalse();
        wire.header("Mcp-Param-Place", "=?base64?U8OjbyBQYXVsbw==?=");
        assertThat(result(call("{\"place\":\"S\u00e3o Paulo\"}")).has("isError")).isFalse();
        wire.header("Mcp-Param-Place", "=?base64?ZXUtd2VzdC0x?=");
        assertThat(result(call("{\"place\":\"eu-west-1\"}")).has("isError")).isFalse();
        wire.header("Mcp-Param-Place", "=?base64?ZXUtd2VzdC0x=?=");
        assertError(call("{\"place\":\"eu-west-1\"}"), 1, -32020);
        assertThat(calls).hasValue(3);
    }

    @ParameterizedTest
    @ValueSource(strings = {"42", "042", "+42"})
    void integerParamHeadersCompareNumerically(String header) {
        wire.modernHeaders("tools/call");
        wire.header("Mcp-Name", "get_weather");
        wire.header("Mcp-Param-Days", header);
        JsonNode response = call("{\"days\":42}");
        if (header.startsWith("+")) {
            assertError(response, 1, -32020);
        } else {
            assertThat(result(response).has("isError")).isFalse();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"42.0", "4e1", "9007199254740993", "", "forty-two"})
    void integerParamHeadersThatAreNotTheSameIntegerAreRefused(String header) {
        wire.modernHeaders("tools/call");
        wire.header("Mcp-Name", "get_weather");
        wire.header("Mcp-Param-Days", header);
        assertError(call("{\"days\":42}"), 1, -32020);
    }

    @ParameterizedTest
    @ValueSource(strings = {"42.0", "4.2e1", "420E-1", "42.000"})
    void anIntegerArgumentWrittenAsADecimalIsComparedByItsValue(String days) {
        wire.modernHeaders("tools/call");
        wire.header("Mcp-Name", "get_weather");
        wire.header("Mcp-Param-Days", "7");
        assertError(call("{\"days\":" + days + "}"), 1, -32020);
        assertThat(calls).hasValue(0);
        wire.header("Mcp-Param-Days", "42");
        assertThat(result(call("{\"days\":" + days + "}")).has("isError")).isFalse();
        assertThat(calls).hasValue(1);
    }

    @Test
    void aHugeIntegerComparesExactly() {
        String digits = "1" + "0".repeat(309);
        wire.modernHeaders("tools/call");
        wire.header("Mcp-Name", "get_weather");
        wire.header("Mcp-Param-Days", digits);
        assertThat(result(call("{\"days\":" + digits + "}")).has("content")).isTrue();
        wire.header("Mcp-Param-Days", digits + "1");
        assertError(call("{\"days\":" + digits + "}"), 1, -32020);
    }

    @Test
    void booleanParamHeadersAreTrueOrFalse() {
        wire.modernHeaders("tools/call");
        wire.header("Mcp-Name", "get_weather");
        wire.header("Mcp-Param-Metric", "True");
        assertError(call("{\"metric\":true}"), 1, -32020);
        wire.header("Mcp-Param-Metric", "true");
        assertThat(result(call("{\"metric\":true}")).has("content")).isTrue();
    }

    @Test
    void absentOrNullArgumentsExpectNoHeaderAndTolerateOne() {
        wire.modernHeaders("tools/call");
        wire.header("Mcp-Name", "get_weather");
        assertThat(result(call("{\"place\":null}")).has("content")).isTrue();
        wire.header("Mcp-Param-Place", "Oslo");
        assertThat(result(call("{}")).has("content")).isTrue();
    }

    @Test
    void paramHeadersComeFromTheSchemaNeverFromTheRequest() {
        wire.modernHeaders("tools/call");
        wire.header("Mcp-Name", "get_weather");
        wire.header("Mcp-Param-Anything", "x");
        assertThat(result(call("{}")).has("content")).isTrue();
    }

    private static final String NOTES = "file:///notes/caf\u00e9.txt";

    /** A server with one prompt and one resource whose uri is not ASCII, over HTTP. */
    private static Wire promptsAndResources() {
        return new Wire(McpServer.builder(Catalog.of(List.of(),
                List.of(ResourceSpec.builder(NOTES, "notes").mimeType("text/plain").build()),
                List.of(PromptSpec.of("greet", "Greets someone", PromptArgument.required("who", "whom to greet")))),
                (n, a, c) -> ToolResult.of("ok"))
                .resourceReader((uri, c) -> ReadResult.of(ResourceContents.text(uri, "text/plain", "remember")))
                .promptRenderer((name, arguments, c) -> PromptResult.of(
                        PromptMessage.user(Content.text("Hello, " + arguments.get("who")))))
                .build()).http();
    }

    /**
     * {@code Mcp-Name} against the body of {@code method}: {@code name} passes and the call is answered with
     * {@code text} at {@code pointer}; {@code other} and no header are mismatches.
     */
    private static void assertNameMirrors(Wire wire, String method, String params, String name, String pointer,
            String text, String other) {
        wire.modernHeaders(method).header("Mcp-Name", name);
        assertThat(result(wire.modern(1, method, params)).at(pointer).asString()).isEqualTo(text);
        wire.header("Mcp-Name", other);
        assertError(wire.modern(2, method, params), 2, -32020);
        wire.headers.remove("mcp-name");
        assertError(wire.modern(3, method, params), 3, -32020);
    }

    @Test
    void theNameHeaderMustMirrorThePromptName() {
        assertNameMirrors(promptsAndResources(), "prompts/get", "\"name\":\"greet\",\"arguments\":{\"who\":\"Ada\"}",
                "greet", "/messages/0/content/text", "Hello, Ada", "greeting");
    }

    @Test
    void theNameHeaderMustMirrorTheResourceUriAndCarriesNonAsciiInBase64() {
        Wire wire = promptsAndResources();
        String params = "\"uri\":\"" + NOTES + "\"";
        assertNameMirrors(wire, "resources/read", params,
                "=?base64?" + Base64.getEncoder().encodeToString(NOTES.getBytes(StandardCharsets.UTF_8)) + "?=",
                "/contents/0/text", "remember", "file:///notes/cafe.txt");
        // the uri itself: \u00e9 is outside visible ASCII
        wire.header("Mcp-Name", NOTES);
        assertError(wire.modern(4, "resources/read", params), 4, -32020);
    }

    @Test
    void aModernNotificationNeedsNoMethodHeader() {
        wire.header("MCP-Protocol-Version", "2026-07-28");
        assertThat(wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{"
                + Wire.MODERN_META + "}}")).isNull();
        assertThat(wire.last.kind()).isEqualTo(Reply.Kind.ACCEPTED);
    }

    @Test
    void stdioIgnoresHeaderRules() {
        Wire stdio = Wire.of((n, a, c) -> ToolResult.of("ok"), ToolSpec.builder("t").inputSchema(
                "{\"type\":\"object\",\"properties\":{\"p\":{\"type\":\"string\",\"x-mcp-header\":\"P\"}}}").build());
        assertThat(result(stdio.modern(1, "tools/call", "\"name\":\"t\",\"arguments\":{\"p\":\"v\"}")).has("content"))
                .isTrue();
    }

    @Test
    void legacyTrafficOverHttpIgnoresModernHeaderRules() {
        wire.header("Mcp-Method", "wrong");
        wire.withSession = true;
        wire.initialize();
        assertThat(result(wire.legacy(1, "tools/call", "{\"name\":\"get_weather\",\"arguments\":{\"place\":\"x\"}}"))
                .has("content")).isTrue();
        wire.header("MCP-Protocol-Version", "2025-11-25").header("Mcp-Method", "tools/list").header("Mcp-Name", "other");
        assertThat(result(wire.legacy(2, "tools/call", "{\"name\":\"get_weather\",\"arguments\":{\"place\":\"x\"}}"))
                .has("content")).isTrue();
    }

    @Test
    void discoverWithAModernVersionHeaderButNoMetaIsInvalidParams() {
        wire.modernHeaders("server/discover");
        assertError(wire.send("{\"jsonrpc\":\"2.0\",\"id\":101,\"method\":\"server/discover\",\"params\":{}}"), 101, -32602);
        assertThat(wire.last.refused()).isTrue();
        wire.headers.clear();
        assertThat(result(wire.send("{\"jsonrpc\":\"2.0\",\"id\":102,\"method\":\"server/discover\"}"))
                .path("resultType").asString()).isEqualTo("complete");
    }

    @Test
    void aModernValueAnywhereInARepeatedVersionHeaderMakesTheRequestModern() {
        wire.header("MCP-Protocol-Version", "2025-11-25", "2026-07-28");
        wire.withSession = true;
        assertError(wire.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"), 1, -32602);
        assertThat(wire.last.revision()).isEqualTo(Revision.V2026_07_28);
    }

    @Test
    void aLegacySessionRequiresItsOwnVersionInEveryVersionHeader() {
        wire.withSession = true;
        wire.initialize();
        wire.header("MCP-Protocol-Version", "2025-11-25");
        assertThat(result(wire.legacy(1, "tools/list", null)).has("tools")).isTrue();
        wire.header("MCP-Protocol-Version", "2025-11-25", "2025-06-18");
        assertError(wire.legacy(2, "tools/list", null), 2, -32600);
        assertThat(wire.last.refused()).isTrue();
        assertThat(wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")).isNull();
        assertThat(wire.last.refused()).isTrue();
        wire.headers.remove("mcp-protocol-version");
        assertThat(result(wire.legacy(3, "tools/list", null)).has("tools")).isTrue();
    }

    /** Opens a legacy session over HTTP that negotiated {@code revision}, without a version header. */
    private void openSession(String revision) {
        wire.withSession = true;
        JsonNode init = result(wire.legacy(0, "initialize", "{\"protocolVersion\":\"" + revision
                + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}"));
        assertThat(init.path("protocolVersion").asString()).isEqualTo(revision);
        assertThat(wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")).isNull();
        assertThat(wire.last.refused()).isFalse();
    }

    @Test
    void a20250618SessionCarriesItsOwnVersionOrNone() {
        openSession("2025-06-18");
        wire.header("MCP-Protocol-Version", "2025-06-18");
        assertThat(result(wire.legacy(1, "tools/list", null)).has("tools")).isTrue();
        wire.headers.remove("mcp-protocol-version");
        assertThat(result(wire.legacy(1, "tools/list", null)).has("tools")).isTrue();
        wire.header("MCP-Protocol-Version", "2025-11-25");
        assertError(wire.legacy(1, "tools/list", null), 1, -32600);
        assertThat(wire.last.refused()).isTrue();
    }

    @Test
    void a20250326SessionNeedsNoVersionHeaderAndRefusesAnotherOne() {
        openSession("2025-03-26");
        assertThat(result(wire.legacy(1, "tools/list", null)).path("tools").isArray()).isTrue();
        wire.header("MCP-Protocol-Version", "2025-06-18");
        assertError(wire.legacy(1, "tools/list", null), 1, -32600);
        assertThat(wire.last.refused()).isTrue();
    }
}
