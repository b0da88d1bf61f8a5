package io.beammcp.benchmarks;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.keyword.AnnotationKeyword;
import com.networknt.schema.path.PathType;
import io.beammcp.benchmarks.stdio.PlainLineLoop;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.cfg.JsonNodeFeature;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The price of the building blocks the core's call path is made of, outside the core, to tell which part of
 * {@link CallPathBenchmark}'s time and allocation is the libraries' and which is the server's own:
 * <ul>
 * <li>{@code plainAnswer}: the whole stdio baseline per line (Jackson tree in, equivalent answer tree out,
 * bytes) - the floor the target ratios compare with;</li>
 * <li>{@code readTreeDefault} / {@code readTreeStrict}: parsing the request into a tree with a default mapper
 * and with the core's reader settings (duplicate detection, exact decimals);</li>
 * <li>{@code readTreeDupTreeKey}: the same with duplicate keys refused while the tree is built
 * ({@code DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY}) instead of by the parser
 * ({@code StreamReadFeature.STRICT_DUPLICATE_DETECTION}), a cheaper way to the same refusal;</li>
 * <li>{@code validateSmall} / {@code validateNested50}: the JSON Schema 2020-12 validator (networknt,
 * configured as the core does) on the arguments of {@link CallPathBenchmark}, schemas compiled once;</li>
 * <li>{@code writeAnswer}: encoding the decorated answer tree.</li>
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class ComponentsBenchmark {

    private JsonMapper plain;
    private JsonMapper strict;
    private JsonMapper dupTreeKey;
    private JsonNode nestedArguments;
    private Schema nestedSchema;
    private byte[] request;
    private JsonNode requestTree;
    private JsonNode arguments;
    private JsonNode answer;
    private Schema schema;

    @Setup
    public void setUp() {
        plain = JsonMapper.builder().build();
        strict = JsonMapper.builder(JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build())
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(JsonNodeFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
                .build();
        dupTreeKey = JsonMapper.builder()
                .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(JsonNodeFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
                .build();
        request = ("{\"jsonrpc\":\"2.0\",\"id\":42,\"method\":\"tools/call\",\"params\":{\"name\":\"get_weather\","
                + "\"arguments\":{\"place\":\"Lisbon\"},\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":"
                + "\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}").getBytes(StandardCharsets.UTF_8);
        requestTree = plain.readTree(request);
        arguments = requestTree.path("params").path("arguments");
        answer = PlainLineLoop.answer(plain, requestTree);
        Dialect dialect = Dialect.builder(Dialects.getDraft202012()).keyword(new AnnotationKeyword("x-mcp-header"))
                .build();
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(dialect,
                builder -> builder.schemaLoader(loader -> loader.fetchRemoteResources(false))
                        .schemaRegistryConfig(SchemaRegistryConfig.builder().pathType(PathType.JSON_PATH).build()));
        schema = registry.getSchema(strict.readTree(Schemas.SMALL));
        schema.initializeValidators();
        nestedSchema = registry.getSchema(strict.readTree(Schemas.nested50()));
        nestedSchema.initializeValidators();
        nestedArguments = strict.readTree(Schemas.nested50Arguments());
        if (!schema.validate(arguments).isEmpty() || !nestedSchema.validate(nestedArguments).isEmpty()) {
            throw new IllegalStateException("The arguments fail the schema");
        }
        try {
            dupTreeKey.readTree("{\"a\":1,\"a\":2}");
            throw new IllegalStateException("FAIL_ON_READING_DUP_TREE_KEY let a duplicate key through");
        } catch (tools.jackson.core.JacksonException expected) {
            // refused, as the core's reader refuses it
        }
    }

    @Benchmark
    public byte[] plainAnswer() {
        return plain.writeValueAsBytes(PlainLineLoop.answer(plain, plain.readTree(request)));
    }

    @Benchmark
    public JsonNode readTreeDefault() {
        return plain.readTree(request);
    }

    @Benchmark
    public JsonNode readTreeStrict() {
        return strict.readTree(request);
    }

    @Benchmark
    public JsonNode readTreeDupTreeKey() {
        return dupTreeKey.readTree(request);
    }

    @Benchmark
    public List<?> validateNested50() {
        return nestedSchema.validate(nestedArguments);
    }

    @Benchmark
    public List<?> validateSmall() {
        return schema.validate(arguments);
    }

    @Benchmark
    public byte[] writeAnswer() {
        return strict.writeValueAsBytes(answer);
    }
}
