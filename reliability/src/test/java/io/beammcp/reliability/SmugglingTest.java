package io.beammcp.reliability;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

import static io.beammcp.reliability.CoreClient.assertError;
import static io.beammcp.reliability.CoreClient.result;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Request smuggling through the 2026-07-28 headers that mirror the body: a proxy routes or authorizes on
 * the headers, the server acts on the body, so any disagreement the server lets through is an attack.
 * Checked at the core with the headers an HTTP exchange hands over (the live pipeline is
 * {@link HttpSmugglingTest}).
 */
@Timeout(30)
class SmugglingTest {

    private final TestHost host = new TestHost();
    private final CoreClient client = new CoreClient(host.server()).http();

    private JsonNode call(String tool, String arguments) {
        return client.modern(1, "tools/call", "\"name\":\"" + tool + "\",\"arguments\":" + arguments);
    }

    private static String b64(String text) {
        return "=?base64?" + Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8)) + "?=";
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "MCP-Protocol-Version|2026-07-28|v999",
            "MCP-Protocol-Version|2026-07-28|2025-11-25",
            "Mcp-Method|tools/call|tools/list",
            "Mcp-Method|tools/call|TOOLS/CALL",
            "Mcp-Name|echo|boom",
            "Mcp-Name|echo|=?base64?Ym9vbQ==?=",
            "Mcp-Name|echo|Echo",
            "Mcp-Name|echo|ech\u00f6"})
    void aGoodValueFollowedByAHostileRepeatIsRefused(String header, String good, String hostile) {
        client.modernHeaders("tools/call", "echo");
        client.header(header, good, hostile);
        assertError(call("echo", "{\"text\":\"x\"}"), 1, -32020);
        client.header(header, hostile, good);
        assertError(call("echo", "{\"text\":\"x\"}"), 1, -32020);
        assertThat(client.last.refused()).isTrue();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Mcp-Param-Region|north|south",
            "Mcp-Param-Size|42|43",
            "Mcp-Param-Size|42|42.0",
            "Mcp-Param-Metric|true|false",
            "Mcp-Param-Metric|true|TRUE"})
    void aGoodParamHeaderFollowedByAHostileRepeatIsRefusedBeforeDispatch(String header, String good, String hostile) {
        client.modernHeaders("tools/call", "regional");
        client.header("Mcp-Param-Region", "north");
        client.header("Mcp-Param-Size", "42");
        client.header("Mcp-Param-Metric", "true");
        String arguments = "{\"region\":\"north\",\"size\":42,\"metric\":true}";
        assertThat(result(call("regional", arguments)).has("isError")).isFalse();
        client.header(header, good, hostile);
        assertError(call("regional", arguments), 1, -32020);
    }

    @Test
    void theBodyDecidesNothingTheHeadersDidNotSay() {
        // the body names another method, tool, prompt or uri than the headers: always -32020, host code untouched
        client.modernHeaders("tools/list", null);
        assertError(call("count", "{}"), 1, -32020);
        client.modernHeaders("tools/call", "echo");
        assertError(call("count", "{}"), 1, -32020);
        client.modernHeaders("prompts/get", "greet");
        assertError(client.modern(2, "prompts/get", "\"name\":\"broken\""), 2, -32020);
        client.modernHeaders("resources/read", "test://static");
        assertError(client.modern(3, "resources/read", "\"uri\":\"test://broken\""), 3, -32020);
        assertThat(host.counted).hasValue(0);
        assertThat(host.rendered).isEmpty();
        assertThat(host.read).isEmpty();
    }

    @Test
    void aNameThatIsNotAStringCannotBeMirrored() {
        client.modernHeaders("tools/call", "true");
        assertError(client.modern(1, "tools/call", "\"name\":true"), 1, -32602);
        client.modernHeaders("tools/call", "{}");
        assertError(client.modern(2, "tools/call", "\"name\":{}"), 2, -32602);
        client.modernHeaders("tools/call", "");
        assertError(client.modern(3, "tools/call", "\"arguments\":{}"), 3, -32602);
        assertThat(host.counted).hasValue(0);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "=?base64?ZWNobw?=", // unpadded
            "=?base64?ZWNobw==?=x", // trailing text: literal, not equal
            "=?base64?ZWNob3==?=", // non-zero padding bits
            "=?base64?ZW Nobw==?=", // a space inside
            "=?base64?ZWNobw=?=", // short padding
            "=?base64?ZWNobw===?=", // extra padding
            "=?base64?ZWNo-w==?=", // URL-safe alphabet
            "=?BASE64?ZWNobw==?=", // the marker is lower case only
            "=?base64?gA==?=", // decodes to a lone continuation byte: not UTF-8
            "=?base64??=", // empty
            "=?base64?="}) // the markers overlap: literal text, not an empty payload
    void aNonCanonicalBase64SentinelIsRefused(String value) {
        client.modernHeaders("tools/call", value);
        assertError(call("echo", "{\"text\":\"x\"}"), 1, -32020);
        assertThat(result(client.modernHeaders("tools/call", "=?base64?ZWNobw==?=").modern(2, "tools/call",
                "\"name\":\"echo\",\"arguments\":{}")).has("isError")).isFalse();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            // header | body argument | accepted
            "42|42|true",
            "042|42|true",
            "-0|0|true",
            "+42|42|false",
            "42.0|42|false",
            "4.2e1|42|false",
            "0x2A|42|false",
            "' 42'|42|true", // surrounding spaces are stripped by the transport, tabs and spaces alike
            "9007199254740993|9007199254740993|true", // 2^53 + 1 compares exactly, not through a double
            "9007199254740992|9007199254740993|false",
            "9007199254740993|9007199254740992|false",
            "-9007199254740993|-9007199254740993|true",
            "18446744073709551617|18446744073709551617|true"}) // past long
    void integerParamHeadersCompareExactlyAsIntegers(String header, String body, boolean accepted) {
        client.modernHeaders("tools/call", "regional");
        client.header("Mcp-Param-Size", header.strip());
        JsonNode response = call("regional", "{\"size\":" + body + "}");
        if (accepted) {
            assertThat(result(response).has("isError")).as("%s", response).isFalse();
        } else {
            assertError(response, 1, -32020);
        }
    }

    @Test
    void a310DigitIntegerComparesExactlyAndNeverAsADouble() {
        String digits = "1" + "0".repeat(309);
        assertThat(digits).hasSize(310);
        client.modernHeaders("tools/call", "regional");
        client.header("Mcp-Param-Size", digits);
        assertThat(result(call("regional", "{\"size\":" + digits + "}")).has("isError")).isFalse();
        String nextOne = new BigInteger(digits).add(BigInteger.ONE).toString();
        client.header("Mcp-Param-Size", nextOne);
        assertError(call("regional", "{\"size\":" + digits + "}"), 1, -32020);
        // a double would round both to 1.0E309 (infinite): they must stay distinct
        assertThat(new BigDecimal(nextOne).doubleValue()).isEqualTo(new BigDecimal(digits).doubleValue());
    }

    @ParameterizedTest
    @ValueSource(strings = {"42.0", "4.2e1", "4.20E+1", "42.000"})
    void anIntegerArgumentWrittenAsADecimalMustStillMatchItsHeader(String body) {
        client.modernHeaders("tools/call", "regional");
        client.header("Mcp-Param-Size", "7");
        assertError(call("regional", "{\"size\":" + body + "}"), 1, -32020);
    }

    @Test
    void aStringParamHeaderIsComparedExactlyAfterDecoding() {
        client.modernHeaders("tools/call", "regional");
        client.header("Mcp-Param-Region", "North");
        assertError(call("regional", "{\"region\":\"north\"}"), 1, -32020);
        client.header("Mcp-Param-Region", b64("n\u00f8rth"));
        assertThat(result(call("regional", "{\"region\":\"n\u00f8rth\"}")).has("isError")).isFalse();
        client.header("Mcp-Param-Region", "n\u00f8rth");
        assertError(call("regional", "{\"region\":\"n\u00f8rth\"}"), 1, -32020);
    }

    @Test
    void innerSpacesAndTheWholeVisibleRangeAreLegalHeaderText() {
        client.modernHeaders("tools/call", "regional");
        for (String region : List.of("north pole", "~north", "!", "a\"b")) {
            client.header("Mcp-Param-Region", region);
            assertThat(result(call("regional", "{\"region\":" + CoreClient.JSON.writeValueAsString(region) + "}"))
                    .has("isError")).as(region).isFalse();
        }
        client.header("Mcp-Param-Region", "north\u007f");
        assertError(call("regional", "{\"region\":\"north\u007f\"}"), 1, -32020);
        client.header("Mcp-Param-Region", "north\u001f");
        assertError(call("regional", "{\"region\":\"north\\u001f\"}"), 1, -32020);
    }

    @Test
    void headersNeverAddArgumentsAndParamHeadersOfOtherToolsAreInert() {
        client.modernHeaders("tools/call", "record");
        client.header("Mcp-Param-Flag", "true");
        client.header("Mcp-Param-Region", "south");
        assertThat(result(call("record", "{}")).has("isError")).isFalse();
        assertThat(host.dispatched).containsExactly(java.util.Map.of());
    }

    @Test
    void aModernVersionHeaderCannotTurnALegacySessionRequestModernWithoutItsChecks() {
        client.withSession = true;
        client.headers.clear();
        client.initialize();
        client.header("MCP-Protocol-Version", "2025-11-25", "2026-07-28");
        JsonNode response = client.legacy(5, "tools/call", "{\"name\":\"count\"}");
        assertThat(response.has("error")).isTrue();
        assertThat(host.counted).hasValue(0);
    }
}
