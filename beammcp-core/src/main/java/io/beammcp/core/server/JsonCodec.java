package io.beammcp.core.server;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JacksonSerializable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.cfg.JsonNodeFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.jsontype.TypeSerializer;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;

/**
 * The one JSON configuration of the server: a bounded reader for every input (messages, schemas,
 * cursors) and the writer for every output. Numbers are kept exact: integers as they are, decimals as
 * {@code BigDecimal} with their trailing zeros.
 *
 * <p>A repeated key is refused at any depth, however it is spelled (escapes are decoded before the
 * comparison): the codec's tree builder refuses it, which costs less than the parser's own detection and
 * refuses the same documents.
 */
final class JsonCodec {

    static final int MAX_NESTING_DEPTH = 64;
    private static final int SHARED_STRINGS = 256;
    private static final int SHARED_STRING_LENGTH = 32;

    /** String nodes are immutable: sharing them across messages and threads is safe. */
    private final JsonNode[] sharedStrings = new JsonNode[SHARED_STRINGS];

    private final JsonMapper mapper;

    JsonCodec(long maxMessageBytes) {
        StreamReadConstraints constraints = StreamReadConstraints.builder()
                .maxNestingDepth(MAX_NESTING_DEPTH)
                .maxDocumentLength(maxMessageBytes)
                .maxStringLength((int) Math.min(Integer.MAX_VALUE, maxMessageBytes))
                .build();
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(constraints)
                .build();
        this.mapper = JsonMapper.builder(factory)
                .nodeFactory(new CompactNodeFactory())
                .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(JsonNodeFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
                .build();
    }

    JsonMapper mapper() {
        return mapper;
    }

    ObjectNode object() {
        return mapper.createObjectNode();
    }

    JsonNodeFactory nodes() {
        return mapper.getNodeFactory();
    }

    /**
     * Reads one message; any failure (not JSON, too deep, a repeated key, trailing content) is a parse
     * error whose message never echoes the input.
     */
    JsonNode read(byte[] bytes) {
        try {
            Utf8.require(bytes);
            try (JsonParser parser = mapper.tokenStreamFactory().createParser(ObjectReadContext.empty(), bytes)) {
                JsonToken first = parser.nextToken();
                if (first == null) {
                    throw new McpError(McpError.PARSE_ERROR, "Parse error: the message is empty");
                }
                JsonNode root = value(parser, first);
                if (parser.nextToken() != null) {
                    throw new McpError(McpError.PARSE_ERROR, "Parse error");
                }
                return root;
            }
        } catch (StreamConstraintsException e) {
            throw new McpError(McpError.PARSE_ERROR, "Parse error: the message exceeds a reader limit");
        } catch (JacksonException e) {
            throw new McpError(McpError.PARSE_ERROR, "Parse error");
        }
    }

    /**
     * The tree of the value at the parser's current token, built as the mapper's {@code readTree} would (the
     * parser bounds the depth), without its per-call deserialization context; short strings seen before are
     * shared nodes.
     */
    private JsonNode value(JsonParser parser, JsonToken token) {
        JsonNodeFactory nodes = nodes();
        switch (token) {
            case START_OBJECT -> {
                ObjectNode object = nodes.objectNode();
                for (String name = parser.nextName(); name != null; name = parser.nextName()) {
                    if (object.replace(name, value(parser, parser.nextToken())) != null) {
                        throw new McpError(McpError.PARSE_ERROR, "Parse error");
                    }
                }
                return object;
            }
            case START_ARRAY -> {
                ArrayNode array = nodes.arrayNode();
                for (JsonToken item = parser.nextToken(); item != JsonToken.END_ARRAY; item = parser.nextToken()) {
                    array.add(value(parser, item));
                }
                return array;
            }
            case VALUE_STRING -> {
                return string(parser);
            }
            case VALUE_NUMBER_INT -> {
                return switch (parser.getNumberType()) {
                    case INT -> nodes.numberNode(parser.getIntValue());
                    case LONG -> nodes.numberNode(parser.getLongValue());
                    default -> nodes.numberNode(parser.getBigIntegerValue());
                };
            }
            case VALUE_NUMBER_FLOAT -> {
                return nodes.numberNode(parser.getDecimalValue());
            }
            case VALUE_TRUE -> {
                return nodes.booleanNode(true);
            }
            case VALUE_FALSE -> {
                return nodes.booleanNode(false);
            }
            case VALUE_NULL -> {
                return nodes.nullNode();
            }
            default -> throw new McpError(McpError.PARSE_ERROR, "Parse error");
        }
    }

    /**
     * A string node; one of at most {@value #SHARED_STRINGS} short strings seen before is the same node again
     * (messages repeat a few: {@code "2.0"}, methods, versions, names), which a racing thread may replace.
     */
    private JsonNode string(JsonParser parser) {
        int length = parser.getStringLength();
        if (length > SHARED_STRING_LENGTH) {
            return nodes().stringNode(parser.getString());
        }
        char[] chars = parser.getStringCharacters();
        int offset = parser.getStringOffset();
        int hash = 0;
        for (int i = 0; i < length; i++) {
            hash = 31 * hash + chars[offset + i];
        }
        int slot = (hash ^ hash >>> 16) & (SHARED_STRINGS - 1);
        JsonNode seen = sharedStrings[slot];
        if (seen != null && same(seen.stringValue(), chars, offset, length)) {
            return seen;
        }
        JsonNode node = nodes().stringNode(parser.getString());
        sharedStrings[slot] = node;
        return node;
    }

    private static boolean same(String text, char[] chars, int offset, int length) {
        if (text.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (text.charAt(i) != chars[offset + i]) {
                return false;
            }
        }
        return true;
    }

    JsonNode read(String text) {
        return read(text.getBytes(StandardCharsets.UTF_8));
    }

    byte[] write(JsonNode node) {
        return mapper.writeValueAsBytes(node);
    }

    /**
     * Writes a response: {@code jsonrpc}, then {@code id} unless {@code null}, then the {@code result} or
     * {@code error} member, without first building the envelope as a tree.
     */
    byte[] writeResponse(JsonNode id, String member, JsonNode value) {
        return mapper.writeValueAsBytes(new Response(id, member, value));
    }

    String writeString(JsonNode node) {
        return mapper.writeValueAsString(node);
    }

    /** Converts a host value to JSON; throws when the value cannot be serialised. */
    JsonNode toTree(Object value) {
        if (value instanceof String text) {
            return nodes().stringNode(text);
        }
        if (value instanceof Boolean bool) {
            return nodes().booleanNode(bool);
        }
        if (value instanceof Integer number) {
            return nodes().numberNode(number.intValue());
        }
        if (value instanceof Long number) {
            return nodes().numberNode(number.longValue());
        }
        return mapper.valueToTree(value);
    }

    /** A response as {@link #writeResponse} writes it. */
    private static final class Response extends JacksonSerializable.Base {

        private final JsonNode id;
        private final String member;
        private final JsonNode value;

        Response(JsonNode id, String member, JsonNode value) {
            this.id = id;
            this.member = member;
            this.value = value;
        }

        @Override
        public void serialize(JsonGenerator generator, SerializationContext context) {
            generator.writeStartObject();
            generator.writeStringProperty("jsonrpc", "2.0");
            if (id != null) {
                generator.writeName("id");
                id.serialize(generator, context);
            }
            generator.writeName(member);
            value.serialize(generator, context);
            generator.writeEndObject();
        }

        @Override
        public void serializeWithType(JsonGenerator generator, SerializationContext context, TypeSerializer types) {
            serialize(generator, context);
        }
    }

    /** Objects keep their members in a {@link MemberMap}; arrays start with room for 4 items instead of 10. */
    private static final class CompactNodeFactory extends JsonNodeFactory {

        private static final long serialVersionUID = 1L;

        @Override
        public ObjectNode objectNode() {
            return new ObjectNode(this, new MemberMap());
        }

        @Override
        public ArrayNode arrayNode() {
            return new ArrayNode(this, 4);
        }
    }
}
