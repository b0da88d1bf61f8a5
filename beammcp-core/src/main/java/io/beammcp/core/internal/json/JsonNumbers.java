package io.beammcp.core.internal.json;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;

/** Host numbers (progress values) as exact JSON numbers. */
public final class JsonNumbers {

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

    /** The number as JSON: integers as integers (also a whole double), anything else as a decimal. */
    public static JsonNode node(Number value, JsonNodeFactory nodes) {
        BigDecimal decimal = finite(value, "number");
        if (decimal.signum() == 0 || decimal.stripTrailingZeros().scale() <= 0) {
            BigInteger integer = decimal.toBigIntegerExact();
            return integer.bitLength() < 64 ? nodes.numberNode(integer.longValue()) : nodes.numberNode(integer);
        }
        return nodes.numberNode(decimal);
    }
}
