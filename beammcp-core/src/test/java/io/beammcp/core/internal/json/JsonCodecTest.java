package io.beammcp.core.internal.json;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The reader refuses what it must and keeps numbers exact; host values become the nodes Jackson makes. */
class JsonCodecTest {

    private final JsonCodec codec = new JsonCodec(1024 * 1024);

    @Test
    void aRepeatedKeyIsRefusedAtAnyDepthHoweverItIsSpelled() {
        for (String json : List.of("{\"a\":1,\"a\":2}", "{\"a\":1,\"\\u0061\":2}", "{\"x\":{\"b\":1,\"b\":1}}",
                "{\"x\":[{\"c\":{\"d\":[1,{\"e\":1,\"\\u0065\":2}]}}]}", "{\"\\u00e9\":1,\"\u00e9\":2}")) {
            assertThatThrownBy(() -> codec.read(json.getBytes(StandardCharsets.UTF_8)))
                    .as(json).isInstanceOf(ParseRefusal.class);
        }
        assertThat(codec.read("{\"a\":{\"a\":1},\"b\":[{\"a\":1},{\"a\":2}]}".getBytes(StandardCharsets.UTF_8))
                .size()).isEqualTo(2);
    }

    @Test
    void decimalsKeepTheirDigitsAndIntegersTheirType() {
        JsonNode node = codec.read("{\"d\":1.50,\"i\":7,\"l\":12345678901,\"b\":123456789012345678901234567890}"
                .getBytes(StandardCharsets.UTF_8));
        assertThat(node.get("d").decimalValue()).isEqualTo(new BigDecimal("1.50"));
        assertThat(node.get("i").isInt()).isTrue();
        assertThat(node.get("l").isLong()).isTrue();
        assertThat(node.get("b").isBigInteger()).isTrue();
        assertThat(new String(codec.write(node), StandardCharsets.UTF_8))
                .isEqualTo("{\"d\":1.50,\"i\":7,\"l\":12345678901,\"b\":123456789012345678901234567890}");
    }

    @Test
    void messagesAreTheTreesTheMappersOwnReaderBuilds() {
        for (String json : List.of("{\"jsonrpc\":\"2.0\",\"id\":42,\"method\":\"tools/call\",\"params\":{\"name\":\"t\"}}",
                "[1,-0,2147483648,-9223372036854775809,1.0,1e400,-2.5E-3,true,false,null,\"\",[],{}]",
                "{\"s\":\"caf\\u00e9 \\ud83d\\ude00 \\\"q\\\" \\n\",\"long\":\"" + "x".repeat(100) + "\"}",
                "  {\"nested\":[[{\"a\":[{}]}]]}  ", "\"just a string\"", "7")) {
            JsonNode read = codec.read(json.getBytes(StandardCharsets.UTF_8));
            assertThat(read).as(json).isEqualTo(codec.mapper().readTree(json));
            assertThat(codec.write(read)).as(json).isEqualTo(codec.write(codec.mapper().readTree(json)));
        }
        for (String json : List.of("", "  ", "{} {}", "{\"a\":1}x", "{\"a\":}", "[1,]", "{\"a\" 1}", "nul",
                "{\"id\":-23e72745378679051879}", "[1e2147483648]")) {
            assertThatThrownBy(() -> codec.read(json.getBytes(StandardCharsets.UTF_8)))
                    .as(json).isInstanceOf(ParseRefusal.class)
                    .satisfies(e -> assertThat(((ParseRefusal) e).reason()).startsWith("Parse error"));
        }
    }

    @Test
    void simpleHostValuesBecomeTheNodesJacksonMakes() {
        for (Object value : List.of("text", true, 7, 12345678901L, 1.5, new BigDecimal("2.50"), List.of(1))) {
            assertThat(codec.toTree(value)).isEqualTo(codec.mapper().valueToTree(value));
            assertThat(codec.toTree(value).getClass()).isEqualTo(codec.mapper().valueToTree(value).getClass());
        }
    }
}
