package io.beammcp.core.internal.annotated;

import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;

/**
 * The constraints of a derived property also said in its description, for the clients that drop the keywords
 * when they convert a schema for a model (LangChain4j keeps a number's or a string's description, and drops
 * {@code minimum}, {@code maximum}, {@code minLength} and {@code default}): the host's description, then one
 * sentence of what it does not already say ({@code "How many days. From 1 to 7; default 3."}). Only the host's
 * constraints are said, never the range of the Java type; written once, when the schema is derived.
 */
final class ConstraintNotes {

    /** A note, and what the host's description holds when it already says it: words, or numbers as numbers. */
    private record Note(String text, List<String> tokens) {

        static Note of(String text, String... tokens) {
            return new Note(text, List.of(tokens));
        }
    }

    private ConstraintNotes() {
    }

    /** The notes, in the properties of the schemas derived while {@code on} says so (input schemas). */
    static void apply(SchemaGeneratorConfigBuilder config, BooleanSupplier on) {
        config.forFields().withInstanceAttributeOverride((attributes, field, context) -> {
            // the items of a list are no parameter: their constraints are the list's to say
            if (on.getAsBoolean() && !field.isFakeContainerItemScope()) {
                describe(attributes, NumberRanges.of(field.getType().getErasedType()));
            }
        });
    }

    /**
     * Adds to {@code description} the constraints among the property's own attributes that it does not say; a
     * bound no stricter than the {@code range} of the Java type, which the schema keeps, goes unsaid.
     */
    static void describe(ObjectNode attributes, NumberRanges.Range range) {
        List<Note> notes = new ArrayList<>();
        bounds(attributes, range, notes);
        List<String> patterns = patterns(attributes.path("pattern").asString(null));
        JsonNode minLength = attributes.get("minLength");
        // "not blank" and an address say that a string is not empty
        boolean implied = (patterns.contains(JakartaConstraints.NOT_BLANK) || patterns.contains(JakartaConstraints.EMAIL))
                && minLength != null && minLength.asInt() == 1;
        if (!implied || attributes.has("maxLength")) {
            count(attributes, "minLength", "maxLength", "character", "characters", notes);
        }
        for (String pattern : patterns) {
            notes.add(switch (pattern) {
                case JakartaConstraints.NOT_BLANK -> Note.of("not blank", "blank");
                case JakartaConstraints.EMAIL -> Note.of("an email address", "email");
                default -> Note.of("matching the regular expression `" + pattern + "`", pattern);
            });
        }
        count(attributes, "minItems", "maxItems", "item", "items", notes);
        count(attributes, "minProperties", "maxProperties", "entry", "entries", notes);
        JsonNode fallback = attributes.get("default");
        if (fallback != null) {
            notes.add(Note.of("default " + fallback, "default", fallback.isString() ? fallback.stringValue()
                    : fallback.toString()));
        }
        String written = attributes.path("description").asString("").strip();
        StringBuilder sentence = new StringBuilder();
        for (Note note : notes) {
            if (!says(written, note)) {
                sentence.append(sentence.isEmpty() ? "" : "; ").append(note.text());
            }
        }
        if (sentence.isEmpty()) {
            return;
        }
        sentence.setCharAt(0, Character.toUpperCase(sentence.charAt(0)));
        String separator = written.isEmpty() ? "" : ".!?".indexOf(written.charAt(written.length() - 1)) >= 0 ? " "
                : ". ";
        attributes.put("description", written + separator + sentence + ".");
    }

    /**
     * The patterns a {@code pattern} keyword holds: one, or those {@link JakartaConstraints#allOf} joined when the
     * last is one of its own.
     */
    private static List<String> patterns(String pattern) {
        if (pattern == null) {
            return List.of();
        }
        for (String own : List.of(JakartaConstraints.NOT_BLANK, JakartaConstraints.EMAIL)) {
            String last = JakartaConstraints.SEARCH + own + "))";
            String first = "^" + JakartaConstraints.SEARCH;
            if (pattern.startsWith(first) && pattern.endsWith(last)
                    && pattern.length() >= first.length() + last.length() + 2) {
                return List.of(pattern.substring(first.length(), pattern.length() - last.length() - 2), own);
            }
        }
        return List.of(pattern);
    }

    private static void bounds(ObjectNode attributes, NumberRanges.Range range, List<Note> notes) {
        String min = bound(attributes.get("minimum"), range == null ? null : range.min(), -1);
        String max = bound(attributes.get("maximum"), range == null ? null : range.max(), 1);
        String above = bound(attributes.get("exclusiveMinimum"), range == null ? null : range.min(), -1);
        String below = bound(attributes.get("exclusiveMaximum"), range == null ? null : range.max(), 1);
        if (min != null && max != null) {
            notes.add(Note.of("from " + min + " to " + max, min, max));
        } else if (min != null) {
            notes.add(Note.of("at least " + min, min));
        } else if (max != null) {
            notes.add(Note.of("at most " + max, max));
        }
        if (above != null) {
            notes.add(Note.of("greater than " + above, above));
        }
        if (below != null) {
            notes.add(Note.of("less than " + below, below));
        }
    }

    private static void count(ObjectNode attributes, String least, String most, String one, String many,
            List<Note> notes) {
        String min = number(attributes.get(least));
        String max = number(attributes.get(most));
        if (min != null && max != null) {
            notes.add(Note.of(min.equals(max) ? "exactly " + min + " " + (min.equals("1") ? one : many)
                    : min + " to " + max + " " + many, min, max));
        } else if (min != null) {
            notes.add(Note.of("at least " + min + " " + (min.equals("1") ? one : many), min));
        } else if (max != null) {
            notes.add(Note.of("at most " + max + " " + (max.equals("1") ? one : many), max));
        }
    }

    /** A bound as said, unless it is no stricter than the type's own ({@code side} -1 for a lower bound, 1 upper). */
    private static String bound(JsonNode node, BigDecimal limit, int side) {
        if (node != null && node.isNumber() && limit != null && node.decimalValue().compareTo(limit) * side >= 0) {
            return null;
        }
        return number(node);
    }

    /** A number as written plainly, unless its exponent is far from zero. */
    private static String number(JsonNode node) {
        if (node == null || !node.isNumber()) {
            return null;
        }
        BigDecimal value = node.decimalValue().stripTrailingZeros();
        return Math.abs(value.scale()) <= 30 ? value.toPlainString() : value.toString();
    }

    /** Whether the description holds every token of the note: numbers as whole numbers, words in any case. */
    private static boolean says(String description, Note note) {
        for (String token : note.tokens()) {
            boolean found = token.isEmpty() || Character.isDigit(token.charAt(token.length() - 1))
                    ? Pattern.compile("(?<![0-9.])" + Pattern.quote(token) + "(?![.,]?[0-9])").matcher(description).find()
                    : description.toLowerCase(Locale.ROOT).contains(token.toLowerCase(Locale.ROOT));
            if (!found) {
                return false;
            }
        }
        return true;
    }
}
