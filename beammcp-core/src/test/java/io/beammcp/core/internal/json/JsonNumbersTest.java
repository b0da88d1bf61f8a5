package io.beammcp.core.internal.json;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;

/** Host numbers (progress values) become integers when they are, unless written out they are too long to. */
class JsonNumbersTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Test
    void integersUpToTheReadersLongestNumberAreWrittenAsIntegers() {
        assertThat(JsonNumbers.node(new BigDecimal("1E+3"), NODES).toString()).isEqualTo("1000");
        assertThat(JsonNumbers.node(2.0, NODES).toString()).isEqualTo("2");
        assertThat(JsonNumbers.node(new BigDecimal("1.000"), NODES).toString()).isEqualTo("1");
        JsonNode thousandDigits = JsonNumbers.node(new BigDecimal("1E+999"), NODES);
        assertThat(thousandDigits.isBigInteger()).isTrue();
        assertThat(thousandDigits.toString()).hasSize(1000);
        assertThat(JsonNumbers.node(0.5, NODES).toString()).isEqualTo("0.5");
    }

    @Test
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void anIntegerLongerWrittenOutStaysADecimalAndCostsNothing() {
        // expanding 1e999999999 into an integer would take minutes and gigabytes
        assertThat(JsonNumbers.node(new BigDecimal("1E+1000"), NODES).toString()).isEqualTo("1E+1000");
        assertThat(JsonNumbers.node(new BigDecimal("-1E+999999999"), NODES).toString()).isEqualTo("-1E+999999999");
        assertThat(JsonNumbers.digits(new BigDecimal("1E-999999999"))).isEqualTo(999_999_999L);
        assertThat(JsonNumbers.digits(new BigDecimal("123.45"))).isEqualTo(5);
    }
}
