package io.beammcp.core.server;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.math.BigInteger;

import static io.beammcp.core.server.Wire.assertError;
import static org.assertj.core.api.Assertions.assertThat;

class EnvelopeTest {

    private final Wire wire = Wire.of();

    @Test
    void invalidJsonIsAParseErrorWithoutIdThatDoesNotEchoTheInput() {
        String raw = wire.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"secret-value");
        JsonNode response = Wire.JSON.readTree(raw);
        assertError(response, null, -32700);
        assertThat(raw).doesNotContain("secret-value");
        assertThat(wire.last.refused()).isTrue();
        assertThat(wire.last.revision()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "nul", "{\"a\":1} {\"b\":2}", "{\"jsonrpc\":\"2.0\",}"})
    void unreadableInputIsAParseError(String input) {
        assertError(wire.send(input), null, -32700);
    }

    @Test
    void aBatchIsRefusedAsAnInvalidRequest() {
        JsonNode response = wire.send("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]");
        assertError(response, null, -32600);
        assertThat(response.path("error").path("message").asString()).contains("batch");
    }

    @ParameterizedTest
    @ValueSource(strings = {"42", "\"text\"", "true", "null"})
    void aScalarMessageIsAnInvalidRequest(String input) {
        assertError(wire.send(input), null, -32600);
    }

    @Test
    void aMissingOrWrongJsonrpcVersionIsAnInvalidRequestThatEchoesTheId() {
        assertError(wire.send("{\"id\":7,\"method\":\"ping\"}"), 7, -32600);
        assertError(wire.send("{\"jsonrpc\":\"1.0\",\"id\":\"x\",\"method\":\"ping\"}"), "x", -32600);
    }

    @ParameterizedTest
    @ValueSource(strings = {"null", "1.5", "true", "{}", "[]"})
    void anIdThatIsNeitherStringNorIntegerIsRefusedWithoutEchoingIt(String id) {
        assertError(wire.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"ping\"}"), null, -32600);
    }

    @Test
    void stringAndIntegerIdsAreEchoedExactlyIncludingHugeIntegers() {
        wire.initialize();
        assertThat(wire.legacy("abc", "ping", null).get("id").isString()).isTrue();
        JsonNode numeric = wire.send("{\"jsonrpc\":\"2.0\",\"id\":123456789012345678901234567890,\"method\":\"ping\"}");
        assertThat(numeric.get("id").bigIntegerValue()).isEqualTo(new BigInteger("123456789012345678901234567890"));
        assertThat(wire.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":-0,\"method\":\"ping\"}")).contains("\"id\":0");
    }

    @Test
    void aMissingMethodIsAnInvalidRequestUnlessTheMessageIsAResponse() {
        assertError(wire.send("{\"jsonrpc\":\"2.0\",\"id\":3}"), 3, -32600);
        assertError(wire.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":5}"), 3, -32600);
        assertError(wire.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{},\"error\":{}}"), 3, -32600);
    }

    @Test
    void notificationsAreNeverAnsweredNotEvenWhenMalformedOrUnknown() {
        assertThat(wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/unknown\"}")).isNull();
        assertThat(wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"tools/call\",\"params\":7}")).isNull();
        assertThat(wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"_meta\":{}}")).isNull();
        wire.initialize();
        assertThat(wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{}}")).isNull();
    }

    @Test
    void aRepeatedKeyAtAnyDepthIsAParseErrorIncludingEscapedSpellings() {
        assertError(wire.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"id\":2,\"method\":\"ping\"}"), null, -32700);
        assertError(wire.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"a\":{\"b\":1,\"b\":2}}}"),
                null, -32700);
        assertError(wire.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":1,\"\\u0078\":2}}"),
                null, -32700);
    }

    @Test
    void nestingOf64LevelsIsReadAnd65IsRefused() {
        wire.initialize();
        assertThat(wire.send(nested(64)).has("result")).isTrue();
        assertError(wire.send(nested(65)), null, -32700);
    }

    /** A ping whose message is {@code depth} containers deep (the envelope is level 1). */
    private static String nested(int depth) {
        int inner = depth - 2;
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":" + "[".repeat(inner) + "]".repeat(inner)
                + "}}";
    }

    @Test
    void aTopLevelMetaIsRefusedAsInvalidParams() {
        JsonNode response = wire.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"_meta\":{}}");
        assertError(response, 1, -32602);
        assertThat(response.path("error").path("message").asString()).contains("_meta belongs inside params");
        assertThat(wire.last.refused()).isTrue();
    }

    @Test
    void paramsThatAreNotAnObjectAreInvalidParams() {
        assertError(wire.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":[1]}"), 1, -32602);
    }

    @Test
    void aMessageOverTheReaderCapIsRefusedWithoutEcho() {
        Wire small = Wire.of(b -> b.maxMessageSize(100), (n, a, c) -> null);
        String raw = small.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"pad\":\""
                + "p".repeat(200) + "\"}}");
        assertError(Wire.JSON.readTree(raw), null, -32700);
        assertThat(raw).doesNotContain("ppp");
    }

    @Test
    void theOversizedReplyIsAnInvalidRequestWithoutId() {
        JsonNode response = Wire.JSON.readTree(wire.server.oversized().body());
        assertError(response, null, -32600);
        assertThat(response.path("error").path("message").asString()).contains("1048576 bytes");
    }
}
