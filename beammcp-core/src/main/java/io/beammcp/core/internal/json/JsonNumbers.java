package io.beammcp.core.internal.json;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;

/** Host numbers (progress values) as exact JSON numbers. */
public final class JsonNumbers {

    /**
     * The most digits of a number the reader takes (Jackson's default limit on a number's text); a number longer
     * than that written out ({@code 1e999999999}) takes minutes and gigabytes to become an integer.
     */
    public static final int MAX_DIGITS = 1000;

    private JsonNumbers() {
    }

    /** The number as a decimal; a non-finite double or float is refused. */
    public static BigDecimal finite(Number value, String name) {
        Objects.requireNonNull(value, name);
        if (value instanceof BigDecimal decimal) {
            return decimal;
        }
        if (value instanceof BigInteger integer) {
            return new BigDecimal(integer);
        }
        if (value instanceof Double || value instanceof Float) {
            double d = value.doubleValue();
            if (!Double.isFinite(d)) {
                throw new IllegalArgumentException("The " + name + " must be a finite number, was " + value);
            }
            return BigDecimal.valueOf(d);
        }
        return BigDecimal.valueOf(value.longValue());
    }

    /**
     * The number as JSON: integers as integers (also a whole double), anything else, and an integer longer than
     * {@link #MAX_DIGITS} written out, as a decimal.
     */
    public static JsonNode node(Number value, JsonNodeFactory nodes) {
        BigDecimal decimal = finite(value, "number");
        BigDecimal whole = decimal.stripTrailingZeros();
        if (whole.scale() <= 0 && digits(whole) <= MAX_DIGITS) {
            BigInteger integer = whole.toBigIntegerExact();
            return integer.bitLength() < 64 ? nodes.numberNode(integer.longValue()) : nodes.numberNode(integer);
        }
        return nodes.numberNode(decimal);
    }

    /** How many digits the number takes written out without an exponent. */
    public static long digits(BigDecimal value) {
        long scale = value.scale();
        return scale > 0 ? Math.max(value.precision(), scale) : value.precision() - scale;
    }
}
