package io.beammcp.core.internal.catalog;

import com.networknt.schema.ExecutionContext;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaContext;
import com.networknt.schema.SchemaException;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.keyword.BaseKeywordValidator;
import com.networknt.schema.keyword.Keyword;
import com.networknt.schema.keyword.KeywordType;
import com.networknt.schema.keyword.KeywordValidator;
import com.networknt.schema.path.NodePath;
import com.networknt.schema.utils.JsonNodeTypes;
import tools.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * {@code minimum}, {@code maximum}, {@code exclusiveMinimum} and {@code exclusiveMaximum} compared as exact
 * decimals whatever the size of the number, with the validator's own messages. The validator's checks read an
 * integer-typed value as a {@code long} when the bound is one, which throws past its range ({@code 1e19}).
 */
final class ExactBounds implements Keyword {

    /** The four keywords, replacing the validator's own in the dialect. */
    static final List<Keyword> ALL = List.of(
            new ExactBounds(KeywordType.MINIMUM, order -> order < 0),
            new ExactBounds(KeywordType.MAXIMUM, order -> order > 0),
            new ExactBounds(KeywordType.EXCLUSIVE_MINIMUM, order -> order <= 0),
            new ExactBounds(KeywordType.EXCLUSIVE_MAXIMUM, order -> order >= 0));

    private final KeywordType keyword;
    /** Whether a value breaks the bound, given how it compares with it. */
    private final IntPredicate breaks;

    private ExactBounds(KeywordType keyword, IntPredicate breaks) {
        this.keyword = keyword;
        this.breaks = breaks;
    }

    @Override
    public String getValue() {
        return keyword.getValue();
    }

    @Override
    public KeywordValidator newValidator(SchemaLocation location, JsonNode schemaNode, Schema parent,
            SchemaContext context) {
        if (!schemaNode.isNumber() || JsonNodeTypes.isNonFiniteNumber(schemaNode)) {
            throw new SchemaException(getValue() + " value is not a number");
        }
        return new Bound(location, schemaNode, parent, context);
    }

    private final class Bound extends BaseKeywordValidator {

        private final BigDecimal limit;

        Bound(SchemaLocation location, JsonNode schemaNode, Schema parent, SchemaContext context) {
            super(keyword, schemaNode, location, parent, context);
            this.limit = schemaNode.decimalValue();
        }

        @Override
        public void validate(ExecutionContext context, JsonNode node, JsonNode root, NodePath at) {
            // a bound applies to numbers only; NaN and infinities are no JSON numbers (a host result may hold one)
            if (node.isNumber() && !JsonNodeTypes.isNonFiniteNumber(node)
                    && breaks.test(node.decimalValue().compareTo(limit))) {
                context.addError(error().instanceNode(node).instanceLocation(at)
                        .evaluationPath(context.getEvaluationPath()).locale(context.getExecutionConfig().getLocale())
                        .arguments(schemaNode.asString()).build());
            }
        }
    }
}
