package io.beammcp.core.server;

import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.annotation.McpTool;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;

import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Numbers of any size and exponent in every keyword and binding step that reads them: each is answered, a value
 * the schema refuses as a tool error naming its path and keyword (with the request's id), never an exception out
 * of the server; and a Java number parameter refuses, as its advertised schema says, what it cannot hold.
 */
@Timeout(60)
class NumbersTest {

    private final AtomicInteger reached = new AtomicInteger();

    private Wire tool(String propertySchema) {
        return Wire.of((name, args, ctx) -> {
            reached.incrementAndGet();
            return ToolResult.of("ok " + args.get("n"));
        }, ToolSpec.builder("t").inputSchema("{\"type\":\"object\",\"properties\":{\"n\":" + propertySchema + "}}")
                .build());
    }

    private static String callN(Object id, String value) {
        return Wire.modernText(id, "tools/call", "\"name\":\"t\",\"arguments\":{\"n\":" + value + "}", Wire.MODERN_META);
    }

    /** The text of the tool error refusing the call, which names each path and keyword. */
    private static String refusal(JsonNode response, Object id) {
        assertThat(response.get("id")).isEqualTo(Wire.JSON.valueToTree(id));
        JsonNode result = result(response);
        assertThat(result.path("isError").asBoolean()).as("a tool error in %s", response).isTrue();
        return result.at("/content/0/text").asString();
    }

    @ParameterizedTest(name = "{0} for {1}")
    @CsvSource(delimiter = '|', textBlock = """
            {"type":"integer","minimum":1,"maximum":7}                   | 1e19                        | maximum
            {"type":"integer","minimum":1,"maximum":7}                   | 1.0e19                      | maximum
            {"type":"integer","minimum":1,"maximum":7}                   | -1e19                       | minimum
            {"type":"integer","minimum":1,"maximum":7}                   | 1e400                       | maximum
            {"type":"integer","minimum":1,"maximum":7}                   | 1e999999999                 | maximum
            {"type":"integer","minimum":1,"maximum":7}                   | -1E+2147483647              | minimum
            {"type":"integer","exclusiveMinimum":0,"exclusiveMaximum":8} | 1e19                        | exclusiveMaximum
            {"type":"integer","exclusiveMinimum":0,"exclusiveMaximum":8} | -1e400                      | exclusiveMinimum
            {"type":"integer","maximum":9223372036854775806}             | 9223372036854775807         | maximum
            {"type":"number","maximum":9223372036854775807}              | 9223372036854775807.5       | maximum
            {"type":"number","maximum":7}                                | 7.0000000000000000000000001 | maximum
            {"type":"number","exclusiveMaximum":7}                       | 7.000                       | exclusiveMaximum
            {"type":"number","exclusiveMinimum":-1e999999999}            | -1e999999999                | exclusiveMinimum
            """)
    void aNumberPastABoundIsRefusedWithTheRequestIdWhateverItsSize(String schema, String value, String keyword) {
        Wire wire = tool(schema);
        assertThat(refusal(wire.send(callN(7, value)), 7)).startsWith("Invalid arguments for tool 't':\n- $.n: ")
                .endsWith("(" + keyword + ")");
        // the same over a 2025-11-25 session
        wire.initialize();
        JsonNode legacy = wire.legacy("x", "tools/call", "{\"name\":\"t\",\"arguments\":{\"n\":" + value + "}}");
        assertThat(refusal(legacy, "x")).endsWith("(" + keyword + ")");
        assertThat(reached).hasValue(0);
    }

    @ParameterizedTest(name = "{0} for {1}")
    @CsvSource(delimiter = '|', textBlock = """
            {"type":"integer","minimum":1,"maximum":9223372036854775807} | 9223372036854775807              | true
            {"type":"integer","minimum":-9223372036854775808}            | -9.223372036854775808e18         | true
            {"type":"number","maximum":7}                                | 6.9999999999999999999999999      | true
            {"type":"number","exclusiveMaximum":1e999999999}             | 1e999999998                      | true
            {"type":"number","minimum":1e-999999999}                     | 1e-999999999                     | true
            {"multipleOf":7}                                             | 1e999999999                      | false
            {"multipleOf":7}                                             | 7e999999999                      | true
            {"multipleOf":0.01}                                          | 1e999999999                      | true
            {"multipleOf":0.01}                                          | 1e-999999999                     | false
            {"multipleOf":1e-300}                                        | 1                                | true
            {"multipleOf":1e300}                                         | 1e999999999                      | true
            {"multipleOf":1e300}                                         | 1e299                            | false
            {"multipleOf":3}                                             | 99999999999999999999             | true
            {"enum":[1,2.5,1e999999999]}                                 | 2.50                             | true
            {"enum":[1,2.5,1e999999999]}                                 | 10e999999998                     | true
            {"enum":[1,2.5,1e999999999]}                                 | 1e999999998                      | false
            {"const":1e19}                                               | 10000000000000000000             | true
            {"const":1e19}                                               | 1e-999999999                     | false
            {"uniqueItems":true}                                         | [1e999999999,10e999999998]       | false
            {"uniqueItems":true}                                         | [1e999999999,1e-999999999,1e400] | true
            {"type":"integer"}                                           | 1e999999999                      | true
            {"type":"integer"}                                           | 1e-999999999                     | false
            """)
    void eachKeywordReadsHugeAndTinyNumbersExactlyAndAtOnce(String schema, String value, boolean admitted) {
        JsonNode response = tool(schema).send(callN(1, value));
        assertThat(result(response).has("isError")).as("%s", response).isEqualTo(!admitted);
    }

    @Test
    void aValueTheValidatorFailsOnIsRefusedAndTheFailureLoggedWithoutIt() {
        // the JDK's regular expressions recurse once per repetition of a group: 500,000 overflow a thread's stack
        Wire wire = tool("{\"type\":\"string\",\"pattern\":\"^(a|b)*$\"}");
        try (LogCapture log = new LogCapture()) {
            assertThat(refusal(wire.send(callN(3, "\"" + "a".repeat(500_000) + "\"")), 3))
                    .isEqualTo("Invalid arguments for tool 't':\n- $: cannot be checked against the schema (schema)");
            assertThat(log.text()).contains("The schema validator failed on a value, which is refused: "
                    + "java.lang.StackOverflowError").doesNotContain("aaaa");
        }
        assertThat(result(wire.send(callN(4, "\"abba\""))).has("isError")).isFalse();
        assertThat(reached).hasValue(1);
    }

    static final class Numbers {

        final AtomicInteger reached = new AtomicInteger();

        @McpTool
        String forecast(@Min(1) @Max(7) int days) {
            reached.incrementAndGet();
            return "days " + days;
        }

        @McpTool
        String java(int i, long l, short s, byte b, double d, float f) {
            reached.incrementAndGet();
            return i + " " + l + " " + s + " " + b + " " + d + " " + f;
        }

        @McpTool
        String big(BigInteger n, List<BigInteger> more, BigDecimal exact) {
            reached.incrementAndGet();
            return n.bitLength() + " " + more.size() + " " + exact;
        }

        @McpTool
        String maybe(OptionalInt limit) {
            reached.incrementAndGet();
            return String.valueOf(limit);
        }
    }

    private final Numbers numbers = new Numbers();
    private final Wire annotated = new Wire(McpServer.builder().annotated("numbers", numbers).build());

    private JsonNode call(String tool, String arguments) {
        return annotated.modern(1, "tools/call", "\"name\":\"" + tool + "\",\"arguments\":" + arguments);
    }

    @ParameterizedTest
    @CsvSource({"1e19", "1.0e19", "1e400", "1e999999999"})
    void aDecimalPastLongForABoundedIntParameterIsAToolError(String days) {
        assertThat(refusal(call("forecast", "{\"days\":" + days + "}"), 1))
                .isEqualTo("Invalid arguments for tool 'forecast':\n- $.days: must have a maximum value of 7 (maximum)");
        assertThat(numbers.reached).hasValue(0);
    }

    @Test
    void eachJavaNumberParameterAdvertisesItsRange() {
        // read as text: a test's default JSON reader would round the bounds to doubles
        String list = annotated.sendRaw(Wire.modernText(1, "tools/list", null, Wire.MODERN_META));
        assertThat(list).contains("{\"i\":{\"type\":\"integer\",\"minimum\":-2147483648,\"maximum\":2147483647},"
                + "\"l\":{\"type\":\"integer\",\"minimum\":-9223372036854775808,\"maximum\":9223372036854775807},"
                + "\"s\":{\"type\":\"integer\",\"minimum\":-32768,\"maximum\":32767},"
                + "\"b\":{\"type\":\"integer\",\"minimum\":-128,\"maximum\":127},"
                + "\"d\":{\"type\":\"number\",\"minimum\":-1.7976931348623157E+308,\"maximum\":1.7976931348623157E+308},"
                + "\"f\":{\"type\":\"number\",\"minimum\":-3.4028234663852886E+38,\"maximum\":3.4028234663852886E+38}}");
    }

    @Test
    void aJavaNumberParameterTakesItsWholeRangeAndRefusesOnePastEachEnd() {
        String max = "{\"i\":2147483647,\"l\":9223372036854775807,\"s\":32767,\"b\":127,\"d\":1.7976931348623157e308,"
                + "\"f\":3.4028234663852886e38}";
        assertThat(result(call("java", max)).at("/content/0/text").asString())
                .isEqualTo("2147483647 9223372036854775807 32767 127 1.7976931348623157E308 3.4028235E38");
        String min = "{\"i\":-2147483648,\"l\":-9223372036854775808,\"s\":-32768,\"b\":-128,\"d\":-1.7976931348623157e308,"
                + "\"f\":-3.4028234663852886e38}";
        assertThat(result(call("java", min)).at("/content/0/text").asString())
                .isEqualTo("-2147483648 -9223372036854775808 -32768 -128 -1.7976931348623157E308 -3.4028235E38");
        String overMax = "{\"i\":2147483648,\"l\":9223372036854775808,\"s\":32768,\"b\":128,\"d\":1e309,\"f\":3.5e38}";
        assertThat(refusal(call("java", overMax), 1)).contains("$.i: ", "$.l: ", "$.s: ", "$.b: ", "$.d: ", "$.f: ")
                .doesNotContain("(minimum)");
        String underMin = "{\"i\":-2147483649,\"l\":-9223372036854775809,\"s\":-32769,\"b\":-129,\"d\":-1e309,"
                + "\"f\":-3.5e38}";
        assertThat(refusal(call("java", underMin), 1)).contains("$.i: ", "$.l: ", "$.s: ", "$.b: ", "$.d: ", "$.f: ")
                .doesNotContain("(maximum)");
        assertThat(numbers.reached).hasValue(2);
    }

    @Test
    void aNumberLongerThanTheReaderTakesWrittenOutIsNeverBound() {
        // 1e999 has 1,000 digits written out, the most the reader takes as text; 1e1000 one more
        String thousand = "{\"n\":1e999,\"more\":[1e999],\"exact\":1e999}";
        assertThat(result(call("big", thousand)).at("/content/0/text").asString()).isEqualTo("3319 1 1E+999");
        assertThat(refusal(call("big", "{\"n\":1e1000,\"more\":[],\"exact\":1}"), 1))
                .isEqualTo("Invalid arguments for tool 'big':\n- $.n: holds a number of more than 1000 digits written "
                        + "out, which is not bound (binding)");
        assertThat(refusal(call("big", "{\"n\":1,\"more\":[2,1e999999999],\"exact\":1}"), 1)).contains("- $.more: ");
        assertThat(refusal(call("big", "{\"n\":1,\"more\":[],\"exact\":1e-999999999}"), 1)).contains("- $.exact: ");
        assertThat(numbers.reached).hasValue(1);
    }

    @Test
    void anOptionalIntIsAnIntegerInItsRangeOrNothing() {
        assertThat(result(call("maybe", "{}")).at("/content/0/text").asString()).isEqualTo("OptionalInt.empty");
        assertThat(result(call("maybe", "{\"limit\":null}")).at("/content/0/text").asString())
                .isEqualTo("OptionalInt.empty");
        assertThat(result(call("maybe", "{\"limit\":5}")).at("/content/0/text").asString()).isEqualTo("OptionalInt[5]");
        assertThat(refusal(call("maybe", "{\"limit\":2147483648}"), 1)).endsWith("(maximum)");
        assertThat(numbers.reached).hasValue(3);
    }
}
