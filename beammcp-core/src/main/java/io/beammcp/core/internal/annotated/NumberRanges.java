package io.beammcp.core.internal.annotated;

import com.github.victools.jsonschema.generator.CustomDefinition;
import com.github.victools.jsonschema.generator.CustomDefinition.AttributeInclusion;
import com.github.victools.jsonschema.generator.CustomDefinition.DefinitionType;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.TypeScope;

import java.math.BigDecimal;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The range of each Java number type as {@code minimum} and {@code maximum} of its schema, so what a tool
 * advertises is what it can bind: a value past it is refused by the schema, as any other violation, instead of
 * failing to bind ({@code int}), wrapping ({@code byte} takes {@code 200} as {@code -56}) or becoming an infinity
 * ({@code double}). The generator merges them with the constraints of a member, keeping the stricter bound.
 */
final class NumberRanges {

    record Range(BigDecimal min, BigDecimal max) {

        static Range of(long min, long max) {
            return new Range(BigDecimal.valueOf(min), BigDecimal.valueOf(max));
        }

        static Range of(double max) {
            return new Range(BigDecimal.valueOf(-max), BigDecimal.valueOf(max));
        }
    }

    private static final Range BYTE = Range.of(Byte.MIN_VALUE, Byte.MAX_VALUE);
    private static final Range SHORT = Range.of(Short.MIN_VALUE, Short.MAX_VALUE);
    private static final Range INT = Range.of(Integer.MIN_VALUE, Integer.MAX_VALUE);
    private static final Range LONG = Range.of(Long.MIN_VALUE, Long.MAX_VALUE);
    private static final Range FLOAT = Range.of(Float.MAX_VALUE);
    private static final Range DOUBLE = Range.of(Double.MAX_VALUE);

    private static final Map<Class<?>, Range> RANGES = Map.ofEntries(Map.entry(byte.class, BYTE),
            Map.entry(Byte.class, BYTE), Map.entry(short.class, SHORT), Map.entry(Short.class, SHORT),
            Map.entry(int.class, INT), Map.entry(Integer.class, INT), Map.entry(long.class, LONG),
            Map.entry(Long.class, LONG), Map.entry(float.class, FLOAT), Map.entry(Float.class, FLOAT),
            Map.entry(double.class, DOUBLE), Map.entry(Double.class, DOUBLE));

    private NumberRanges() {
    }

    /**
     * The ranges, in the schemas derived while {@code on} says so (input schemas: a result needs none); and a
     * {@code byte} an integer everywhere, as Jackson reads and writes it (the generator makes it a string).
     */
    static void apply(SchemaGeneratorConfigBuilder config, BooleanSupplier on) {
        config.forTypesInGeneral()
                .withCustomDefinitionProvider((type, context) -> type.getErasedType() == byte.class
                        || type.getErasedType() == Byte.class ? new CustomDefinition(context.getGeneratorConfig()
                        .createObjectNode().put("type", "integer"), DefinitionType.INLINE, AttributeInclusion.YES) : null)
                .withNumberInclusiveMinimumResolver(type -> on.getAsBoolean() ? bound(type, true) : null)
                .withNumberInclusiveMaximumResolver(type -> on.getAsBoolean() ? bound(type, false) : null);
    }

    /** The range of a Java number type, or {@code null}. */
    static Range of(Class<?> type) {
        return RANGES.get(type);
    }

    private static BigDecimal bound(TypeScope type, boolean min) {
        Range range = RANGES.get(type.getType().getErasedType());
        return range == null ? null : min ? range.min() : range.max();
    }
}
