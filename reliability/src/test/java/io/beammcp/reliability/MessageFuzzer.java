package io.beammcp.reliability;

import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.cfg.JsonNodeFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Generates JSON-RPC messages for property tests, seeded and reproducible: valid messages of both revisions
 * for every method the server knows (and some it does not), then near-valid and hostile variants made by
 * mutating the tree (dropped, retyped, added, duplicated members, deep nesting, extreme numbers) and the
 * bytes (truncation, flipped and inserted bytes, invalid and overlong UTF-8, escaped duplicate keys, batches,
 * BOMs).
 *
 * <p>The oracle ({@link #expect}) says what the server must answer from the bytes alone, reading them
 * exactly as strictly as the server's reader is configured to.
 */
final class MessageFuzzer {

    static final List<String> METHODS = List.of("server/discover", "initialize", "ping", "tools/list", "tools/call",
            "resources/list", "resources/templates/list", "resources/read", "prompts/list", "prompts/get",
            "completion/complete", "logging/setLevel", "resources/subscribe", "resources/unsubscribe",
            "subscriptions/listen", "tasks/list", "tasks/get", "notifications/initialized", "notifications/cancelled",
            "notifications/progress", "unknown/method", "", "TOOLS/LIST", "tools/list ", "rpc.discover", "\u0000",
            "tools\u2215list");
    static final List<String> TOOLS = List.of("echo", "regional", "record", "strict", "count", "boom", "unserialisable",
            "nothing", "sampler", "missing", "", "ECHO", "<script>", "a".repeat(65));
    static final List<String> URIS = List.of("test://static", "test://broken", "test://template/1/data",
            "test://template//data", "file:///a/b", "file:///../etc/passwd", "test://unlisted", "", "\u0000",
            "test://template/{id}/data");
    static final List<String> KEYS = List.of("jsonrpc", "id", "method", "params", "result", "error", "_meta", "name",
            "arguments", "uri", "cursor", "ref", "argument", "__proto__", "constructor", "text", "size", "region",
            "io.modelcontextprotocol/protocolVersion", "io.modelcontextprotocol/clientCapabilities",
            "io.modelcontextprotocol/logLevel", "progressToken", "x");

    /** What the server must send back for one message. */
    enum Kind {
        /** Nothing: a notification. */
        NONE,
        /** Exactly one response carrying the request's id. */
        ONE_WITH_ID,
        /** Exactly one error response without id (unreadable bytes, a malformed envelope without a readable id). */
        ERROR_WITHOUT_ID,
        /** Exactly one error response carrying the id (a malformed envelope whose id is readable). */
        ERROR_WITH_ID,
        /** A client response: accepted silently (legacy), or refused with an error carrying its id. */
        NONE_OR_ERROR_WITH_ID
    }

    record Expectation(Kind kind, JsonNode id, String method) {
    }

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final SplittableRandom random;
    private final JsonMapper reader;
    private final JsonMapper writer = JsonMapper.builder().build();

    MessageFuzzer(long seed, long maxMessageSize) {
        this.random = new SplittableRandom(seed);
        StreamReadConstraints constraints = StreamReadConstraints.builder().maxNestingDepth(64)
                .maxDocumentLength(maxMessageSize).maxStringLength((int) Math.min(Integer.MAX_VALUE, maxMessageSize))
                .build();
        JsonFactory factory = JsonFactory.builder().streamReadConstraints(constraints)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
        this.reader = JsonMapper.builder(factory).enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).enable(JsonNodeFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES).build();
    }

    // ---- generation ------------------------------------------------------------------------------------

    /** One message: valid (about a third), near-valid or hostile. */
    byte[] next() {
        ObjectNode message = valid();
        int treeMutations = random.nextInt(10) < 4 ? 0 : random.nextInt(1, 4);
        for (int i = 0; i < treeMutations; i++) {
            mutateTree(message);
        }
        byte[] bytes = writer.writeValueAsBytes(message);
        if (random.nextInt(10) < 3) {
            bytes = mutateBytes(bytes);
        }
        return bytes;
    }

    ObjectNode valid() {
        ObjectNode message = NODES.objectNode().put("jsonrpc", "2.0");
        int kind = random.nextInt(100);
        if (kind < 8) {
            // a client response
            message.set("id", id());
            if (random.nextBoolean()) {
                message.putObject("result");
            } else {
                message.putObject("error").put("code", -32000).put("message", "x");
            }
            return message;
        }
        String method = pick(METHODS);
        if (kind >= 20) {
            message.set("id", id());
        }
        message.put("method", method);
        if (method.equals("initialize") && random.nextBoolean()) {
            message.putObject("params").put("protocolVersion", random.nextBoolean() ? "2025-11-25" : "2026-07-28")
                    .<ObjectNode>set("capabilities", NODES.objectNode())
                    .putObject("clientInfo").put("name", "fuzz").put("version", "1");
            return message;
        }
        if (random.nextInt(10) == 0) {
            return message;
        }
        ObjectNode params = message.putObject("params");
        switch (method) {
            case "tools/call" -> {
                String tool = pick(TOOLS);
                params.put("name", tool);
                if (random.nextInt(4) > 0) {
                    params.set("arguments", arguments());
                }
            }
            case "resources/read", "resources/subscribe" -> params.put("uri", pick(URIS));
            case "prompts/get" -> {
                params.put("name", random.nextBoolean() ? "greet" : pick(List.of("broken", "nope", "")));
                if (random.nextBoolean()) {
                    params.putObject("arguments").put("who", string());
                }
            }
            case "completion/complete" -> {
                params.putObject("ref").put("type", random.nextBoolean() ? "ref/prompt" : "ref/resource")
                        .put("name", "greet").put("uri", "test://template/{id}/data");
                params.putObject("argument").put("name", random.nextBoolean() ? "who" : "id").put("value", string());
            }
            case "tools/list", "resources/list", "prompts/list", "resources/templates/list" -> {
                if (random.nextInt(3) == 0) {
                    params.put("cursor", random.nextBoolean() ? string() : "dG9vbHM6ZWNobw");
                }
            }
            default -> {
                if (random.nextInt(4) == 0) {
                    params.set("x", value(2));
                }
            }
        }
        if (random.nextInt(10) < 6) {
            ObjectNode meta = params.putObject("_meta");
            meta.put("io.modelcontextprotocol/protocolVersion", random.nextInt(10) < 8 ? "2026-07-28"
                    : pick(List.of("2025-11-25", "v999", "")));
            meta.set("io.modelcontextprotocol/clientCapabilities", random.nextInt(10) < 8 ? capabilities() : value(1));
            if (random.nextInt(5) == 0) {
                meta.put("io.modelcontextprotocol/logLevel", pick(List.of("info", "debug", "loud", "")));
            }
            if (random.nextInt(5) == 0) {
                meta.set("progressToken", random.nextBoolean() ? NODES.numberNode(random.nextInt()) : NODES.stringNode("p"));
            }
        }
        return message;
    }

    private JsonNode capabilities() {
        ObjectNode capabilities = NODES.objectNode();
        if (random.nextBoolean()) {
            capabilities.putObject("sampling");
        }
        if (random.nextBoolean()) {
            capabilities.putObject("roots").put("listChanged", true);
        }
        return capabilities;
    }

    private ObjectNode arguments() {
        ObjectNode arguments = NODES.objectNode();
        int n = random.nextInt(5);
        for (int i = 0; i < n; i++) {
            arguments.set(random.nextBoolean() ? pick(KEYS) : string(), value(3));
        }
        return arguments;
    }

    JsonNode id() {
        return switch (random.nextInt(8)) {
            case 0 -> NODES.numberNode(random.nextInt(-5, 5));
            case 1 -> NODES.numberNode(random.nextLong());
            case 2 -> NODES.numberNode(new BigInteger(128, new java.util.Random(random.nextLong())));
            case 3 -> NODES.stringNode("");
            case 4 -> NODES.stringNode(string());
            default -> NODES.numberNode(random.nextInt(1_000_000));
        };
    }

    JsonNode value(int depth) {
        int choice = random.nextInt(depth <= 0 ? 8 : 11);
        return switch (choice) {
            case 0 -> NODES.nullNode();
            case 1 -> NODES.booleanNode(random.nextBoolean());
            case 2 -> NODES.numberNode(random.nextInt());
            case 3 -> NODES.numberNode(new BigDecimal(pick(List.of("0.0", "-0", "1e308", "1E-400", "42.0", "4.2e1",
                    "9007199254740993", "1e999999", "-1.5", "123456789012345678901234567890.5"))));
            case 4, 5 -> NODES.stringNode(string());
            case 6 -> NODES.stringNode(pick(TOOLS));
            case 7 -> NODES.stringNode(pick(URIS));
            case 8 -> {
                ArrayNode array = NODES.arrayNode();
                int n = random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    array.add(value(depth - 1));
                }
                yield array;
            }
            default -> {
                ObjectNode object = NODES.objectNode();
                int n = random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    object.set(random.nextBoolean() ? pick(KEYS) : string(), value(depth - 1));
                }
                yield object;
            }
        };
    }

    String string() {
        int length = random.nextInt(12);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < length; i++) {
            int c = random.nextInt(10);
            s.append(switch (c) {
                case 0 -> (char) random.nextInt(0, 0x20);
                case 1 -> "\u00e9\u4e2d";
                case 2 -> "\ud83d\ude00";
                case 3 -> '"';
                case 4 -> '\\';
                case 5 -> '/';
                default -> (char) random.nextInt('a', 'z' + 1);
            });
        }
        return s.toString();
    }

    private void mutateTree(ObjectNode root) {
        List<ObjectNode> objects = new ArrayList<>();
        collect(root, objects);
        ObjectNode target = objects.get(random.nextInt(objects.size()));
        List<String> names = new ArrayList<>(target.propertyNames());
        switch (random.nextInt(7)) {
            case 0 -> {
                if (!names.isEmpty()) {
                    target.remove(pick(names));
                }
            }
            case 1 -> {
                if (!names.isEmpty()) {
                    target.set(pick(names), value(2));
                }
            }
            case 2 -> target.set(pick(KEYS), value(2));
            case 3 -> target.set(string(), value(1));
            case 4 -> {
                // deep nesting near the limit, either side of it
                int depth = random.nextInt(50, 70);
                JsonNode deep = NODES.arrayNode();
                for (int i = 0; i < depth; i++) {
                    deep = NODES.arrayNode().add(deep);
                }
                target.set(pick(KEYS), deep);
            }
            case 5 -> root.set("id", pick(List.of(NODES.nullNode(), NODES.numberNode(new BigDecimal("1.5")),
                    NODES.booleanNode(true), NODES.objectNode(), NODES.arrayNode(), NODES.numberNode(new BigDecimal("1e2")))));
            default -> root.set("jsonrpc", pick(List.of(NODES.stringNode("1.0"), NODES.numberNode(2),
                    NODES.nullNode(), NODES.stringNode("2.0 "))));
        }
    }

    private static void collect(JsonNode node, List<ObjectNode> into) {
        if (node instanceof ObjectNode object) {
            into.add(object);
        }
        if (node.isContainer()) {
            for (JsonNode child : node) {
                collect(child, into);
            }
        }
    }

    byte[] mutateBytes(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
        switch (random.nextInt(12)) {
            case 0 -> out.write(bytes, 0, at);
            case 1 -> {
                out.write(bytes, 0, at);
                out.write(random.nextInt(256));
                out.write(bytes, at, bytes.length - at);
            }
            case 2 -> {
                byte[] copy = bytes.clone();
                if (copy.length > 0) {
                    copy[at] ^= (byte) (1 << random.nextInt(8));
                }
                out.writeBytes(copy);
            }
            case 3 -> {
                // a duplicate envelope key, plain or escaped
                String key = pick(List.of("\"id\":99,", "\"\\u0069d\":99,", "\"method\":\"ping\",",
                        "\"\\u006dethod\":\"ping\",", "\"params\":{},", "\"jsonrpc\":\"2.0\","));
                out.writeBytes("{".getBytes(StandardCharsets.UTF_8));
                out.writeBytes(key.getBytes(StandardCharsets.UTF_8));
                out.write(bytes, 1, Math.max(0, bytes.length - 1));
            }
            case 4 -> {
                out.writeBytes("[".getBytes(StandardCharsets.UTF_8));
                out.writeBytes(bytes);
                out.writeBytes("]".getBytes(StandardCharsets.UTF_8));
            }
            case 5 -> {
                out.write(0xEF);
                out.write(0xBB);
                out.write(0xBF);
                out.writeBytes(bytes);
            }
            case 6 -> {
                out.writeBytes(bytes);
                out.writeBytes(pick(List.of(" {}", "x", "\u0000", "]", ",")).getBytes(StandardCharsets.UTF_8));
            }
            case 7 -> {
                out.write(bytes, 0, at);
                int[] invalid = pick(List.of(new int[] {0xC3, 0x28}, new int[] {0xFF}, new int[] {0x80},
                        new int[] {0xED, 0xA0, 0x80}, new int[] {0xF8, 0x88, 0x80, 0x80, 0x80}, new int[] {0xE2, 0x82},
                        new int[] {0xC0, 0xAF}, new int[] {0xE0, 0x80, 0xAF}, new int[] {0xF4, 0x90, 0x80, 0x80}));
                for (int b : invalid) {
                    out.write(b);
                }
                out.write(bytes, at, bytes.length - at);
            }
            case 8 -> {
                out.write(bytes, 0, at);
                out.writeBytes("[".repeat(random.nextInt(60, 200)).getBytes(StandardCharsets.UTF_8));
                out.write(bytes, at, bytes.length - at);
            }
            case 9 -> out.writeBytes(pick(List.of("", " ", "null", "true", "1", "\"x\"", "[]", "{}", "[{}]",
                    "{\"jsonrpc\":\"2.0\"}", "nul", "{\"id\":1}")).getBytes(StandardCharsets.UTF_8));
            case 10 -> {
                out.write(bytes, 0, at);
                if (at + 1 < bytes.length) {
                    out.write(bytes, at + 1, bytes.length - at - 1);
                }
            }
            default -> {
                int from = random.nextInt(Math.max(1, bytes.length));
                int to = Math.min(bytes.length, from + random.nextInt(1, 20));
                out.writeBytes(bytes);
                out.write(bytes, from, to - from);
            }
        }
        return out.toByteArray();
    }

    private <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    // ---- the oracle --------------------------------------------------------------------------------------

    /** What the server must answer to {@code bytes}, read as strictly as the server's own reader. */
    Expectation expect(byte[] bytes) {
        JsonNode root;
        try {
            root = read(bytes);
        } catch (RuntimeException e) {
            return new Expectation(Kind.ERROR_WITHOUT_ID, null, null);
        }
        if (root == null || root.isMissingNode() || !root.isObject()) {
            return new Expectation(Kind.ERROR_WITHOUT_ID, null, null);
        }
        JsonNode id = root.get("id");
        if (id != null && !(id.isString() || id.isIntegralNumber())) {
            return new Expectation(Kind.ERROR_WITHOUT_ID, null, null);
        }
        Kind malformed = id == null ? Kind.ERROR_WITHOUT_ID : Kind.ERROR_WITH_ID;
        JsonNode jsonrpc = root.get("jsonrpc");
        if (jsonrpc == null || !jsonrpc.isString() || !"2.0".equals(jsonrpc.stringValue())) {
            return new Expectation(malformed, id, null);
        }
        JsonNode method = root.get("method");
        if (method == null) {
            boolean response = id != null && root.has("result") != root.has("error");
            return new Expectation(response ? Kind.NONE_OR_ERROR_WITH_ID : malformed, id, null);
        }
        if (!method.isString()) {
            return new Expectation(malformed, id, null);
        }
        return new Expectation(id == null ? Kind.NONE : Kind.ONE_WITH_ID, id, method.stringValue());
    }

    /**
     * The server's reading: RFC 3629 UTF-8 exactly (the JDK's decoder refuses overlong forms, surrogates and
     * code points past U+10FFFF) without a NUL byte, then Jackson as configured.
     */
    private JsonNode read(byte[] bytes) {
        for (byte b : bytes) {
            if (b == 0) {
                throw new IllegalArgumentException("NUL");
            }
        }
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("not UTF-8", e);
        }
        return reader.readTree(bytes);
    }

    /** The request as the server reads it, for telling echoed input from leaked internals. */
    String decoded(byte[] bytes) {
        try {
            return read(bytes).toString();
        } catch (RuntimeException e) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    /** A problem with {@code response} for a message expected to get {@code expectation}, or {@code null}. */
    static String check(Expectation expectation, String response, String request) {
        Kind kind = expectation.kind();
        if (response == null) {
            return kind == Kind.NONE || kind == Kind.NONE_OR_ERROR_WITH_ID ? null : "no response, expected " + kind;
        }
        if (kind == Kind.NONE) {
            return "a notification was answered: " + WireChecks.abbreviate(response);
        }
        String problem = WireChecks.problem(response, request);
        if (problem != null) {
            return problem;
        }
        JsonNode node = CoreClient.JSON.readTree(response);
        JsonNode id = node.get("id");
        switch (kind) {
            case ERROR_WITHOUT_ID -> {
                if (id != null || !node.has("error")) {
                    return "expected an error without id: " + WireChecks.abbreviate(response);
                }
            }
            case ERROR_WITH_ID, NONE_OR_ERROR_WITH_ID -> {
                if (!sameId(expectation.id(), id) || !node.has("error")) {
                    return "expected an error with id " + expectation.id() + ": " + WireChecks.abbreviate(response);
                }
            }
            default -> {
                if (!sameId(expectation.id(), id)) {
                    return "expected id " + expectation.id() + ": " + WireChecks.abbreviate(response);
                }
            }
        }
        return null;
    }

    static boolean sameId(JsonNode expected, JsonNode actual) {
        if (expected == null || actual == null) {
            return expected == actual;
        }
        if (expected.isString()) {
            return actual.isString() && expected.stringValue().equals(actual.stringValue());
        }
        return actual.isIntegralNumber() && expected.bigIntegerValue().equals(actual.bigIntegerValue());
    }

    /** A key for matching responses to requests regardless of order: the id's type and value. */
    static String idKey(JsonNode id) {
        return id == null ? "-" : (id.isString() ? "s:" + id.stringValue() : "n:" + id.bigIntegerValue());
    }

    static Map<String, Object> summary(Expectation e) {
        return Map.of("kind", e.kind(), "method", String.valueOf(e.method()));
    }
}
