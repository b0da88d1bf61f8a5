package io.beammcp.core.internal.protocol;

import io.beammcp.core.internal.json.JsonCodec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;

/**
 * The one builder of a tool error ({@code isError: true}): one text block, the sentence every client shows the
 * model; the structured content only when host code sent it (checked against the tool's output schema first,
 * by the caller); the library's own machine-readable detail only in {@code _meta}, which no client validates
 * against the tool's output schema, as some clients do with {@code structuredContent} even on an error.
 */
public final class ToolErrors {

    /** The {@code _meta} key of a refusal's violations: {@code [{path, keyword, message}]}, at most ten. */
    public static final String VIOLATIONS = "io.beammcp/violations";

    /** How many violations a refusal lists; the text counts the others. */
    public static final int MAX_REPORTED = 10;

    /** What a result whose encoding ran out of memory is answered with, as a result over the cap is. */
    public static final String OUT_OF_MEMORY = "The result was too large to send: the server ran out of memory "
            + "encoding it";

    /** One broken rule: where in the value (a JSON path), which rule (a schema keyword, or {@code binding}), why. */
    public record Violation(String path, String keyword, String message) {
    }

    private ToolErrors() {
    }

    /** A tool error saying {@code text}. */
    public static ObjectNode of(JsonCodec codec, String text) {
        return of(codec, text, null);
    }

    /** A tool error saying {@code text}, with the structured content host code sent with it, or {@code null}. */
    public static ObjectNode of(JsonCodec codec, String text, JsonNode structured) {
        ObjectNode out = codec.object();
        out.putArray("content").addObject().put("type", "text").put("text", text == null ? "" : text);
        if (structured != null) {
            out.set("structuredContent", structured);
        }
        out.put("isError", true);
        return out;
    }

    /**
     * A refusal listing what broke which rule: the heading, then one line per violation naming its path, the
     * message and the rule (at most {@value #MAX_REPORTED}, then a count), and the same list in {@code _meta}.
     */
    public static ObjectNode violations(JsonCodec codec, String heading, List<Violation> violations) {
        ObjectNode out = of(codec, text(heading, violations));
        ArrayNode list = out.putObject("_meta").putArray(VIOLATIONS);
        for (Violation v : violations.subList(0, Math.min(violations.size(), MAX_REPORTED))) {
            list.addObject().put("path", v.path()).put("keyword", v.keyword()).put("message", v.message());
        }
        return out;
    }

    /** The heading, then one line per violation: its path, message and rule; at most ten, then a count. */
    public static String text(String heading, List<Violation> violations) {
        StringBuilder text = new StringBuilder(heading);
        for (Violation v : violations.subList(0, Math.min(violations.size(), MAX_REPORTED))) {
            text.append("\n- ").append(v.path()).append(": ").append(v.message()).append(" (").append(v.keyword())
                    .append(')');
        }
        if (violations.size() > MAX_REPORTED) {
            text.append("\n- and ").append(violations.size() - MAX_REPORTED).append(" more");
        }
        return text.toString();
    }

    /** What a result over the result cap is answered with: a tool error for a tool, {@code -32603} otherwise. */
    public static String tooLarge(int maxBytes) {
        return "The result was too large to send: over the server's limit of " + maxBytes + " bytes";
    }
}
