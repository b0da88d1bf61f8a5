package io.beammcp.core.internal.json;

import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.cfg.JsonNodeFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;

/**
 * The one JSON configuration of the server: a bounded reader for every input (messages, schemas,
 * cursors, sealed states) and the writer for every output. Jackson reads and writes; this class only sets
 * its limits: strict UTF-8 first ({@link Utf8}), a size and nesting bound, a repeated key refused at any
 * depth however it is spelled, no trailing content, and exact numbers (integers as they are, decimals as
 * {@code BigDecimal} with their trailing zeros).
 */
public final class JsonCodec {

    public static final int MAX_NESTING_DEPTH = 64;

    private final JsonMapper mapper;
    /** Writes host values: the application's mapper when given, so its settings shape what the host returns. */
    private final JsonMapper values;

    public JsonCodec(long maxMessageBytes) {
        this(maxMessageBytes, null);
    }

    public JsonCodec(long maxMessageBytes, JsonMapper values) {
        StreamReadConstraints constraints = StreamReadConstraints.builder()
                .maxNestingDepth(MAX_NESTING_DEPTH)
                .maxDocumentLength(maxMessageBytes)
                .maxStringLength((int) Math.min(Integer.MAX_VALUE, maxMessageBytes))
                .build();
        this.mapper = JsonMapper.builder(JsonFactory.builder().streamReadConstraints(constraints).build())
                .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(JsonNodeFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
                .build();
        this.values = values != null ? values : mapper;
    }

    /** The mapper for host values when the application gives none: Jackson's defaults, numbers kept exact. */
    public static JsonMapper defaultValueMapper() {
        return JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(JsonNodeFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES).build();
    }

    public JsonMapper mapper() {
        return mapper;
    }

    public ObjectNode object() {
        return mapper.createObjectNode();
    }

    public JsonNodeFactory nodes() {
        return mapper.getNodeFactory();
    }

    /**
     * Reads one message; any failure (not UTF-8 JSON text, too long or deep, a repeated key, trailing
     * content, nothing at all) is a parse error whose message never echoes the input.
     */
    public JsonNode read(byte[] bytes) {
        Utf8.require(bytes);
        JsonNode root;
        try {
            root = mapper.readTree(bytes);
        } catch (StreamConstraintsException | NumberFormatException | ArithmeticException e) {
            // a number beyond what BigDecimal holds (an exponent past its scale) is a reader limit too
            throw new ParseRefusal("Parse error: the message exceeds a reader limit");
        } catch (JacksonException e) {
            throw new ParseRefusal("Parse error");
        }
        if (root == null || root.isMissingNode()) {
            throw new ParseRefusal("Parse error: the message is empty");
        }
        return root;
    }

    public JsonNode read(String text) {
        return read(text.getBytes(StandardCharsets.UTF_8));
    }

    public byte[] write(JsonNode node) {
        return mapper.writeValueAsBytes(node);
    }

    public String writeString(JsonNode node) {
        return mapper.writeValueAsString(node);
    }

    /** Converts a host value to JSON with the host values' mapper; throws when the value cannot be serialised. */
    public JsonNode toTree(Object value) {
        return values.valueToTree(value);
    }

    /**
     * Reads a JSON document the host wrote (a schema); {@link IllegalArgumentException} says where it is not
     * JSON, by line and column, and what was found there.
     */
    public JsonNode readDocument(String text, String role) {
        try {
            JsonNode node = mapper.readTree(text);
            if (node == null || node.isMissingNode()) {
                throw new IllegalArgumentException(role + " is empty");
            }
            return node;
        } catch (JacksonException e) {
            tools.jackson.core.TokenStreamLocation at = e.getLocation();
            String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw new IllegalArgumentException(role + " is not valid JSON" + where + ": " + e.getOriginalMessage());
        }
    }
}
