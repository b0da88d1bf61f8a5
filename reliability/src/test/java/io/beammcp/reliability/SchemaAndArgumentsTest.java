package io.beammcp.reliability;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.server.McpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.beammcp.reliability.CoreClient.assertError;
import static io.beammcp.reliability.CoreClient.result;
import static org.assertj.core.api.Assertions.assertThat;

/** Tool arguments: every JSON Schema keyword enforced with a path, only declared keys reach host code. */
@Timeout(60)
class SchemaAndArgumentsTest {

    private final List<Map<String, Object>> seen = new CopyOnWriteArrayList<>();

    private CoreClient tool(String schema) {
        McpServer server = McpServer.builder(Catalog.of(List.of(ToolSpec.builder("t").inputSchema(schema).build())),
                (name, arguments, context) -> {
                    seen.add(arguments);
                    return ToolResult.of("ran");
                }).build();
        return new CoreClient(server);
    }

    /**
     * One row per keyword: the schema, arguments breaking it, the JSON path of the violation and the keyword
     * the violation names. Each is checked to be a tool error naming that path and keyword, with host code
     * never called, and the same schema with passing arguments runs (so each row fails without its check).
     */
    @ParameterizedTest(name = "{3}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "{\"properties\":{\"a\":{\"type\":\"string\"}}}|{\"a\":1}|$.a|type|{\"a\":\"x\"}",
            "{\"properties\":{\"a\":{\"enum\":[\"x\",\"y\"]}}}|{\"a\":\"z\"}|$.a|enum|{\"a\":\"y\"}",
            "{\"properties\":{\"a\":{\"const\":3}}}|{\"a\":4}|$.a|const|{\"a\":3}",
            "{\"properties\":{\"a\":{\"multipleOf\":3}}}|{\"a\":7}|$.a|multipleOf|{\"a\":9}",
            "{\"properties\":{\"a\":{\"maximum\":3}}}|{\"a\":4}|$.a|maximum|{\"a\":3}",
            "{\"properties\":{\"a\":{\"exclusiveMaximum\":3}}}|{\"a\":3}|$.a|exclusiveMaximum|{\"a\":2}",
            "{\"properties\":{\"a\":{\"minimum\":3}}}|{\"a\":2}|$.a|minimum|{\"a\":3}",
            "{\"properties\":{\"a\":{\"exclusiveMinimum\":3}}}|{\"a\":3}|$.a|exclusiveMinimum|{\"a\":4}",
            "{\"properties\":{\"a\":{\"maxLength\":2}}}|{\"a\":\"abc\"}|$.a|maxLength|{\"a\":\"ab\"}",
            "{\"properties\":{\"a\":{\"minLength\":2}}}|{\"a\":\"\\ud83d\\ude00\"}|$.a|minLength|{\"a\":\"ab\"}",
            "{\"properties\":{\"a\":{\"pattern\":\"^[0-9]+$\"}}}|{\"a\":\"12x\"}|$.a|pattern|{\"a\":\"12\"}",
            "{\"properties\":{\"a\":{\"maxItems\":1}}}|{\"a\":[1,2]}|$.a|maxItems|{\"a\":[1]}",
            "{\"properties\":{\"a\":{\"minItems\":2}}}|{\"a\":[1]}|$.a|minItems|{\"a\":[1,2]}",
            "{\"properties\":{\"a\":{\"uniqueItems\":true}}}|{\"a\":[1,1.0]}|$.a|uniqueItems|{\"a\":[1,2]}",
            "{\"properties\":{\"a\":{\"contains\":{\"const\":1}}}}|{\"a\":[2]}|$.a|minContains|{\"a\":[2,1]}",
            "{\"properties\":{\"a\":{\"contains\":{\"const\":1},\"maxContains\":1}}}|{\"a\":[1,1]}|$.a|maxContains|{\"a\":[1,2]}",
            "{\"properties\":{\"a\":{\"contains\":{\"const\":1},\"minContains\":2}}}|{\"a\":[1,2]}|$.a|minContains|{\"a\":[1,1]}",
            "{\"properties\":{\"a\":{\"maxProperties\":1}}}|{\"a\":{\"x\":1,\"y\":2}}|$.a|maxProperties|{\"a\":{\"x\":1}}",
            "{\"properties\":{\"a\":{\"minProperties\":1}}}|{\"a\":{}}|$.a|minProperties|{\"a\":{\"x\":1}}",
            "{\"required\":[\"a\"]}|{}|$|required|{\"a\":null}",
            "{\"dependentRequired\":{\"a\":[\"b\"]}}|{\"a\":1}|$|dependentRequired|{\"a\":1,\"b\":2}",
            "{\"dependentSchemas\":{\"a\":{\"required\":[\"b\"]}}}|{\"a\":1}|$|required|{\"a\":1,\"b\":2}",
            "{\"properties\":{\"a\":{}},\"additionalProperties\":false}|{\"a\":1,\"b\":2}|$|additionalProperties|{\"a\":1}",
            "{\"propertyNames\":{\"maxLength\":2}}|{\"abc\":1}|$|propertyNames|{\"ab\":1}",
            "{\"patternProperties\":{\"^n_\":{\"type\":\"integer\"}}}|{\"n_1\":\"x\"}|$.n_1|type|{\"n_1\":1}",
            "{\"properties\":{\"a\":{\"prefixItems\":[{\"type\":\"string\"}],\"items\":false}}}|{\"a\":[\"x\",2]}|$.a|items|{\"a\":[\"x\"]}",
            "{\"properties\":{\"a\":{\"items\":{\"type\":\"integer\"}}}}|{\"a\":[1,\"x\"]}|$.a[1]|type|{\"a\":[1,2]}",
            "{\"properties\":{\"a\":{}},\"unevaluatedProperties\":false}|{\"a\":1,\"b\":2}|$|unevaluatedProperties|{\"a\":1}",
            "{\"properties\":{\"a\":{\"prefixItems\":[{}],\"unevaluatedItems\":false}}}|{\"a\":[1,2]}|$.a|unevaluatedItems|{\"a\":[1]}",
            "{\"properties\":{\"a\":{\"allOf\":[{\"minimum\":1},{\"maximum\":2}]}}}|{\"a\":3}|$.a|maximum|{\"a\":2}",
            "{\"properties\":{\"a\":{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"boolean\"}]}}}|{\"a\":1}|$.a|type|{\"a\":true}",
            "{\"properties\":{\"a\":{\"oneOf\":[{\"minimum\":1},{\"maximum\":5}]}}}|{\"a\":3}|$.a|oneOf|{\"a\":9}",
            "{\"properties\":{\"a\":{\"not\":{\"type\":\"string\"}}}}|{\"a\":\"x\"}|$.a|not|{\"a\":1}",
            "{\"properties\":{\"a\":{\"if\":{\"minimum\":10},\"then\":{\"multipleOf\":10},\"else\":{\"maximum\":5}}}}|{\"a\":7}|$.a|maximum|{\"a\":20}",
            "{\"properties\":{\"a\":{\"if\":{\"minimum\":10},\"then\":{\"multipleOf\":10}}}}|{\"a\":11}|$.a|multipleOf|{\"a\":4}",
            "{\"$defs\":{\"p\":{\"type\":\"integer\"}},\"properties\":{\"a\":{\"$ref\":\"#/$defs/p\"}}}|{\"a\":\"x\"}|$.a|type|{\"a\":1}",
            "{\"properties\":{\"a\":{\"type\":\"object\",\"properties\":{\"b\":{\"type\":\"array\",\"items\":{\"properties\":{\"c\":{\"type\":\"null\"}}}}}}}}|{\"a\":{\"b\":[{},{\"c\":0}]}}|$.a.b[1].c|type|{\"a\":{\"b\":[{\"c\":null}]}}"})
    void everyKeywordsViolationIsRefusedWithItsPathBeforeHostCode(String properties, String bad, String path,
            String keyword, String good) {
        String schema = "{\"type\":\"object\"," + properties.substring(1);
        CoreClient client = tool(schema);
        JsonNode refused = result(client.modern(1, "tools/call", "\"name\":\"t\",\"arguments\":" + bad));
        assertThat(refused.path("isError").asBoolean()).as("%s", refused).isTrue();
        List<String> paths = new ArrayList<>();
        List<String> keywords = new ArrayList<>();
        refused.path("_meta").path("io.beammcp/violations").forEach(v -> {
            paths.add(v.path("path").asString());
            keywords.add(v.path("keyword").asString());
        });
        assertThat(paths).as("%s", refused).contains(path);
        assertThat(keywords).as("%s", refused).contains(keyword);
        assertThat(refused.path("content").get(0).path("text").asString()).contains(path);
        assertThat(seen).isEmpty();
        assertThat(result(client.modern(2, "tools/call", "\"name\":\"t\",\"arguments\":" + good)).has("isError"))
                .isFalse();
        assertThat(seen).hasSize(1);
    }

    @Test
    void formatIsAnAnnotationAndNotAsserted() {
        CoreClient client = tool("{\"type\":\"object\",\"properties\":{\"a\":{\"format\":\"email\"}}}");
        assertThat(result(client.modern(1, "tools/call", "\"name\":\"t\",\"arguments\":{\"a\":\"not an email\"}"))
                .has("isError")).isFalse();
    }

    @Test
    void undeclaredKeysNeverReachDispatchWhateverTheirNameOrCount() {
        CoreClient client = tool("{\"type\":\"object\",\"properties\":{\"a\":{}}}");
        StringBuilder arguments = new StringBuilder("{\"a\":1,\"__proto__\":{},\"constructor\":1,\"\":2,\"A\":3,"
                + "\"a \":4,\"\\u0000a\":5,\"toString\":6");
        for (int i = 0; i < 10_000; i++) {
            arguments.append(",\"u").append(i).append("\":").append(i);
        }
        result(client.modern(1, "tools/call", "\"name\":\"t\",\"arguments\":" + arguments.append("}")));
        assertThat(seen).hasSize(1);
        assertThat(seen.get(0)).containsOnlyKeys("a");
    }

    @Test
    void nestedValuesOfDeclaredKeysArriveExactlyAsSent() {
        // only top-level keys are filtered (docs/host-api.md: "only the top-level keys the schema declares, values
        // as sent"); a nested object is the declared value itself, so its members arrive as the client wrote them
        CoreClient client = tool("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"object\","
                + "\"properties\":{\"x\":{}}}}}");
        result(client.modern(1, "tools/call", "\"name\":\"t\",\"arguments\":{\"a\":{\"x\":1,\"y\":2}}"));
        assertThat(seen.get(0).get("a")).isEqualTo(Map.of("x", 1, "y", 2));
    }

    @Test
    void booleansNullsAndNumbersArriveAsThemselves() {
        TestHost host = new TestHost();
        CoreClient client = new CoreClient(host.server());
        result(client.modern(1, "tools/call", "\"name\":\"record\",\"arguments\":{\"flag\":true,\"off\":false,"
                + "\"nothing\":null,\"n\":1.50,\"s\":\"true\",\"obj\":{\"t\":true,\"f\":false,\"z\":null},"
                + "\"list\":[true,false,null,0,\"null\"]}"));
        Map<String, Object> args = host.dispatched.get(0);
        assertThat(args.get("flag")).isEqualTo(Boolean.TRUE);
        assertThat(args.get("off")).isEqualTo(Boolean.FALSE);
        assertThat(args).containsKey("nothing");
        assertThat(args.get("nothing")).isNull();
        assertThat(args.get("n")).isEqualTo(new BigDecimal("1.50"));
        assertThat(args.get("s")).isEqualTo("true");
        Map<?, ?> obj = (Map<?, ?>) args.get("obj");
        assertThat(obj.get("t")).isEqualTo(Boolean.TRUE);
        assertThat(obj.get("f")).isEqualTo(Boolean.FALSE);
        assertThat(obj.containsKey("z")).isTrue();
        assertThat(obj.get("z")).isNull();
        assertThat(args.get("list")).isEqualTo(Arrays.asList(true, false, null, 0, "null"));
        result(client.modern(2, "tools/call", "\"name\":\"record\",\"arguments\":{\"n\":123456789012345678901234567890}"));
        assertThat(host.dispatched.get(1).get("n")).isEqualTo(new BigInteger("123456789012345678901234567890"));
    }

    @Test
    void aNameThatIsTrueAnObjectNullANumberOrMissingIsInvalidParams() {
        TestHost host = new TestHost();
        CoreClient client = new CoreClient(host.server());
        int id = 0;
        for (String params : List.of("\"name\":true", "\"name\":{\"name\":\"count\"}", "\"name\":null", "\"name\":1",
                "\"name\":[\"count\"]", "\"arguments\":{}", "\"name\":\"\"", "\"name\":\"count \"", "\"name\":\"COUNT\"")) {
            JsonNode response = client.modern(++id, "tools/call", params);
            assertError(response, id, -32602);
            assertThat(client.last.refused()).isFalse();
        }
        client.initialize();
        assertError(client.legacy(99, "tools/call", "{\"name\":false}"), 99, -32602);
        assertThat(host.counted).hasValue(0);
    }

    @Test
    void argumentsThatAreNotAnObjectNeverReachDispatch() {
        TestHost host = new TestHost();
        CoreClient client = new CoreClient(host.server());
        int id = 0;
        for (String arguments : List.of("[]", "null", "\"{}\"", "1", "true")) {
            assertError(client.modern(++id, "tools/call", "\"name\":\"record\",\"arguments\":" + arguments), id, -32602);
        }
        assertThat(host.dispatched).isEmpty();
    }

    @Test
    void aStrictSchemaRefusesUndeclaredKeysAsAToolError() {
        TestHost host = new TestHost();
        JsonNode refused = result(new CoreClient(host.server()).modern(1, "tools/call",
                "\"name\":\"strict\",\"arguments\":{\"a\":\"x\",\"b\":\"" + TestHost.SECRET + "\"}"));
        assertThat(refused.path("isError").asBoolean()).isTrue();
        assertThat(refused.toString()).doesNotContain(TestHost.SECRET);
        assertThat(host.dispatched).isEmpty();
    }
}
