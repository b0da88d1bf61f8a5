package io.beammcp.reliability;

import io.beammcp.core.server.McpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;

import static io.beammcp.reliability.CoreClient.assertError;
import static io.beammcp.reliability.CoreClient.result;
import static org.assertj.core.api.Assertions.assertThat;

/** Size and shape of a message, at the core (the path both transports share). */
@Timeout(30)
class SizeAndShapeTest {

    private static final int CAP = 4096;
    private final TestHost host = new TestHost();
    private final CoreClient client = new CoreClient(host.server(b -> b.maxMessageSize(CAP)));

    /** A 2025-11-25 ping padded with spaces inside the object to exactly {@code length} bytes. */
    private static String pingOfLength(int length) {
        String head = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"";
        return head + " ".repeat(length - head.length() - 1) + "}";
    }

    @Test
    void aMessageOfExactlyTheCapIsReadAndOnePastIsRefusedWithoutEcho() {
        client.initialize();
        String atCap = pingOfLength(CAP);
        assertThat(atCap.getBytes(StandardCharsets.UTF_8)).hasSize(CAP);
        assertThat(result(client.send(atCap)).size()).isZero();
        String onePast = pingOfLength(CAP + 1);
        String raw = client.sendRaw(onePast);
        assertError(CoreClient.JSON.readTree(raw), null, -32700);
        assertThat(raw).doesNotContain("ping");
    }

    @Test
    void aMultiByteCharacterStraddlingTheCapCountsInBytesNotCharacters() {
        client.initialize();
        String head = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"p\":\"";
        String tail = "\"}}";
        // 'é' is two bytes: CAP - 1 characters that are CAP + 1 bytes
        int chars = CAP - head.length() - tail.length() - 1;
        String text = head + "x".repeat(chars - 1) + "\u00e9" + tail;
        assertThat(text.length()).isEqualTo(CAP - 1);
        assertThat(text.getBytes(StandardCharsets.UTF_8)).hasSize(CAP);
        assertThat(result(client.send(text)).size()).isZero();
        String over = head + "x".repeat(chars - 1) + "\u00e9\u00e9" + tail;
        assertThat(over.getBytes(StandardCharsets.UTF_8)).hasSize(CAP + 2);
        assertError(client.send(over), null, -32700);
    }

    @Test
    void nestingOf64IsReadAnd65IsRefusedInParamsArgumentsAndMeta() {
        client.initialize();
        // the envelope is level 1, params level 2
        assertThat(client.send(nestedPing(64)).has("result")).isTrue();
        assertError(client.send(nestedPing(65)), null, -32700);
        // inside tool arguments of a modern call: the limit is the same wherever the depth is
        String deepArgs = "\"name\":\"echo\",\"arguments\":{\"x\":" + "[".repeat(61) + "]".repeat(61) + "}";
        assertThat(client.modern(2, "tools/call", deepArgs).has("result")).isTrue();
        String tooDeep = "\"name\":\"echo\",\"arguments\":{\"x\":" + "[".repeat(62) + "]".repeat(62) + "}";
        assertError(client.modern(3, "tools/call", tooDeep), null, -32700);
        assertThat(host.dispatched).isEmpty();
    }

    @Test
    void aNestingBombWithinTheCapIsAParseErrorNotAStackOverflow() {
        McpServer roomy = host.server(b -> b.maxMessageSize(8 * 1024 * 1024));
        CoreClient big = new CoreClient(roomy);
        String bomb = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":" + "[".repeat(2_000_000) + "}}";
        assertError(big.send(bomb), null, -32700);
        String objects = "{\"a\":".repeat(500_000) + "1" + "}".repeat(500_000);
        assertError(big.send(objects), null, -32700);
    }

    @Test
    void aRepeatedKeyIsRefusedAtDepthSixtyInsideArraysAndObjects() {
        String inner = "{\"k\":1,\"k\":2}";
        String wrapped = inner;
        for (int i = 0; i < 58; i++) {
            wrapped = (i % 2 == 0 ? "[" + wrapped + "]" : "{\"w\":" + wrapped + "}");
        }
        String message = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"record\","
                + "\"arguments\":{\"obj\":{\"deep\":" + wrapped + "}}," + CoreClient.META + "}}";
        assertError(client.send(message), null, -32700);
        assertThat(host.dispatched).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            // the envelope's own keys, spelled twice with escapes: a proxy and the server could read different ids
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"\\u0069d\":2,\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"\\u006Dethod\":\"tools/call\"}",
            "{\"jsonrpc\":\"2.0\",\"\\u006a\\u0073\\u006f\\u006e\\u0072\\u0070\\u0063\":\"2.0\",\"id\":1,\"method\":\"ping\"}",
            // params and _meta repeated: which _meta wins decides the revision
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{},\"p\\u0061rams\":{}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":{},\"\\u005fmeta\":{}}}",
            // a tool name repeated with an escaped spelling
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"n\\u0061me\":\"boom\"}}",
            // the same key written with a solidus escape and a literal
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"a/b\":1,\"a\\/b\":2}}"})
    void aRepeatedKeyInAnyEscapedSpellingIsAParseErrorWithoutId(String message) {
        String raw = client.sendRaw(message);
        assertError(CoreClient.JSON.readTree(raw), null, -32700);
        assertThat(host.counted).hasValue(0);
    }

    @Test
    void keysThatOnlyLookAlikeAreDistinctAndNotConfused() {
        // a key differing by case or by a trailing space is another key: not a duplicate, and not the envelope's
        client.initialize();
        JsonNode response = client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"ID\":2,\"id \":3,\"method\":\"ping\"}");
        assertThat(response.get("id").asInt()).isEqualTo(1);
        assertThat(result(response).size()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "\t\r\n",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\u0000", "{'jsonrpc':'2.0','id':1,'method':'ping'}",
            "{jsonrpc:\"2.0\",id:1,method:\"ping\"}", "{\"jsonrpc\":\"2.0\",\"id\":01,\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":NaN,\"method\":\"ping\"}", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",}",
            "/* c */{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}"})
    void emptyAndNonStrictJsonIsAParseErrorWithoutId(String input) {
        assertError(client.send(input), null, -32700);
    }

    @Test
    void aByteOrderMarkIsToleratedAsRfc8259Allows() {
        client.initialize();
        assertThat(result(client.send("\uFEFF{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}")).size()).isZero();
    }

    /** A tools/call of echo whose text holds {@code bytes} between 'a' and 'b'. */
    private static byte[] echoWithBytes(int... bytes) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        out.writeBytes(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{\"text\":\"a").getBytes(StandardCharsets.UTF_8));
        for (int b : bytes) {
            out.write(b);
        }
        out.writeBytes(("b\"}," + CoreClient.META + "}}").getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    @ParameterizedTest
    @ValueSource(strings = {"C3 28", "80", "FF", "FE", "C3", "E2 82", "ED A0 80", "ED BF BF", "F8 88 80 80 80"})
    void malformedUtf8IsAParseError(String hex) {
        int[] bytes = java.util.Arrays.stream(hex.split(" ")).mapToInt(h -> Integer.parseInt(h, 16)).toArray();
        assertError(CoreClient.JSON.readTree(client.sendBytes(echoWithBytes(bytes))), null, -32700);
    }

    @ParameterizedTest
    @ValueSource(strings = {"C0 AF", "C1 BF", "E0 80 AF", "F0 80 80 AF", "F4 90 80 80", "F5 80 80 80"})
    void overlongAndOutOfRangeUtf8IsAParseError(String hex) {
        int[] bytes = java.util.Arrays.stream(hex.split(" ")).mapToInt(h -> Integer.parseInt(h, 16)).toArray();
        assertError(CoreClient.JSON.readTree(client.sendBytes(echoWithBytes(bytes))), null, -32700);
    }

    @ParameterizedTest
    @ValueSource(strings = {"UTF-16", "UTF-16LE", "UTF-32"})
    void utf16AndUtf32AreNotReadAsAMessage(String charset) {
        client.initialize();
        byte[] encoded = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}"
                .getBytes(java.nio.charset.Charset.forName(charset));
        assertError(CoreClient.JSON.readTree(client.sendBytes(encoded)), null, -32700);
    }

    @ParameterizedTest
    @ValueSource(strings = {"[]", "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]", "0", "-1", "1e999",
            "\"ping\"", "true", "false", "null", "[[[[]]]]"})
    void arraysAndScalarsAreInvalidRequestsWithoutId(String input) {
        assertError(client.send(input), null, -32600);
    }

    @Test
    void numbersUpToTheReaderLimitStayExactAndLongerOnesAreRefused() {
        client.initialize();
        String digits = "9".repeat(1000);
        JsonNode response = client.send("{\"jsonrpc\":\"2.0\",\"id\":" + digits + ",\"method\":\"ping\","
                + "\"params\":{\"x\":1e-999999999,\"y\":-1E+999999999}}");
        assertThat(response.get("id").toString()).isEqualTo(digits);
        assertThat(result(response).size()).isZero();
        // a number longer than Jackson's 1000-character limit is refused before it is converted
        assertError(client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":"
                + "1".repeat(1001) + "}}"), null, -32700);
    }

    private static String nestedPing(int depth) {
        int inner = depth - 2;
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":" + "[".repeat(inner) + "]".repeat(inner)
                + "}}";
    }
}
