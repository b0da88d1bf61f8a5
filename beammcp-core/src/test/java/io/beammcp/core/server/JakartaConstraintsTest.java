package io.beammcp.core.server;

import io.beammcp.core.annotation.McpTool;
import jakarta.validation.constraints.AssertFalse;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Negative;
import jakarta.validation.constraints.NegativeOrZero;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Null;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each Jakarta constraint the schema carries (the table in docs/host-api.md): a value breaking only that
 * constraint is refused before the method runs, and the nearest value keeping it is served.
 */
class JakartaConstraintsTest {

    @SuppressWarnings("unused")
    static final class Constrained {

        final AtomicInteger reached = new AtomicInteger();

        private String ok() {
            reached.incrementAndGet();
            return "ok";
        }

        @McpTool String notNull(@NotNull String v) { return ok(); }
        @McpTool String isNull(@Null String v) { return ok(); }
        @McpTool String assertTrue(@AssertTrue boolean v) { return ok(); }
        @McpTool String assertFalse(@AssertFalse boolean v) { return ok(); }
        @McpTool String min(@Min(3) int v) { return ok(); }
        @McpTool String max(@Max(3) int v) { return ok(); }
        @McpTool String decimalMin(@DecimalMin("0.5") BigDecimal v) { return ok(); }
        @McpTool String decimalMinExclusive(@DecimalMin(value = "0.5", inclusive = false) BigDecimal v) { return ok(); }
        @McpTool String decimalMax(@DecimalMax("0.5") BigDecimal v) { return ok(); }
        @McpTool String decimalMaxExclusive(@DecimalMax(value = "0.5", inclusive = false) BigDecimal v) { return ok(); }
        @McpTool String positive(@Positive int v) { return ok(); }
        @McpTool String positiveOrZero(@PositiveOrZero int v) { return ok(); }
        @McpTool String negative(@Negative int v) { return ok(); }
        @McpTool String negativeOrZero(@NegativeOrZero int v) { return ok(); }
        @McpTool String sizeOfText(@Size(min = 2, max = 3) String v) { return ok(); }
        @McpTool String sizeOfList(@Size(min = 1, max = 2) List<String> v) { return ok(); }
        @McpTool String sizeOfMap(@Size(max = 1) Map<String, String> v) { return ok(); }
        @McpTool String notEmptyText(@NotEmpty String v) { return ok(); }
        @McpTool String notEmptyList(@NotEmpty List<String> v) { return ok(); }
        @McpTool String notEmptyMap(@NotEmpty Map<String, String> v) { return ok(); }
        @McpTool String notBlank(@NotBlank String v) { return ok(); }
        @McpTool String notBlankPattern(@NotBlank @Pattern(regexp = "^[a-z ]*$") String v) { return ok(); }
        @McpTool String pattern(@Pattern(regexp = "^[a-z]+$") String v) { return ok(); }
        @McpTool String email(@Email String v) { return ok(); }
    }

    private final Constrained host = new Constrained();
    private final Wire wire = new Wire(McpServer.builder().annotated("constrained", host).build());

    @ParameterizedTest(name = "{0}: {1} refused, {2} served")
    @CsvSource(delimiter = '|', textBlock = """
            notNull             | null                       | ""
            isNull              | ""                         | null
            assertTrue          | false                      | true
            assertFalse         | true                       | false
            min                 | 2                          | 3
            max                 | 4                          | 3
            decimalMin          | 0.49                       | 0.5
            decimalMinExclusive | 0.5                        | 0.51
            decimalMax          | 0.51                       | 0.5
            decimalMaxExclusive | 0.5                        | 0.49
            positive            | 0                          | 1
            positiveOrZero      | -1                         | 0
            negative            | 0                          | -1
            negativeOrZero      | 1                          | 0
            sizeOfText          | "a"                        | "ab"
            sizeOfText          | "abcd"                     | "abc"
            sizeOfList          | []                         | ["a"]
            sizeOfList          | ["a","b","c"]              | ["a","b"]
            sizeOfMap           | {"a":"1","b":"2"}          | {"a":"1"}
            notEmptyText        | ""                         | " "
            notEmptyList        | []                         | [""]
            notEmptyMap         | {}                         | {"a":""}
            notBlank            | "   "                      | " x "
            notBlank            | " \\t\\n\\r "             | "x"
            notBlank            | ""                         | "x"
            notBlankPattern     | "   "                      | " a b "
            notBlankPattern     | "A"                        | "a"
            pattern             | "Abc"                      | "abc"
            email               | "not-an-address"           | "a@example.org"
            email               | "a b@example.org"          | "a.b+c@example.org"
            email               | "@example.org"             | "a@b"
            """)
    void aValueBreakingOnlyThisConstraintIsRefusedBeforeTheMethodRuns(String tool, String refused, String served) {
        JsonNode refusal = result(call(tool, refused));
        assertThat(refusal.path("isError").asBoolean()).as("%s refused", refused).isTrue();
        assertThat(refusal.at("/content/0/text").asString()).startsWith("Invalid arguments for tool '" + tool + "':\n- $.v: ");
        assertThat(host.reached).hasValue(0);
        JsonNode admitted = result(call(tool, served));
        assertThat(admitted.has("isError")).as("%s served: %s", served, admitted).isFalse();
        assertThat(host.reached).hasValue(1);
    }

    private JsonNode call(String tool, String value) {
        return wire.modern(1, "tools/call", "\"name\":\"" + tool + "\",\"arguments\":{\"v\":" + value + "}");
    }
}
