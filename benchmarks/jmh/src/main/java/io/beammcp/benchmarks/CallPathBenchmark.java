package io.beammcp.benchmarks;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.spi.Exchange;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.spi.Reply;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The whole per-call path of a 2026-07-28 {@code tools/call}: decode, route, validate the arguments against
 * the compiled schema, dispatch to a tool that does nothing, encode the response. Run with
 * {@code -prof gc} for bytes allocated per call.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class CallPathBenchmark {

    /** {@code small}: one required string; {@code nested50}: 50 properties, ten of them nested objects. */
    @Param({"small", "nested50"})
    public String schema;

    private McpServer server;
    private byte[] request;
    private final Exchange exchange = new StdioExchange();

    @Setup
    public void setUp() {
        ToolSpec tool = ToolSpec.builder("get_weather").description("Weather.")
                .inputSchema(schema.equals("small") ? Schemas.SMALL : Schemas.nested50()).build();
        server = McpServer.builder(Catalog.of(List.of(tool)), (name, arguments, context) -> ToolResult.of("ok"))
                .build();
        String arguments = schema.equals("small") ? "{\"place\":\"Lisbon\"}" : Schemas.nested50Arguments();
        request = ("{\"jsonrpc\":\"2.0\",\"id\":42,\"method\":\"tools/call\",\"params\":{\"name\":\"get_weather\","
                + "\"arguments\":" + arguments + ",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}").getBytes(StandardCharsets.UTF_8);
        Reply reply = server.handle(request, exchange);
        if (reply.errorCode() != null || new String(reply.body(), StandardCharsets.UTF_8).contains("isError")) {
            throw new IllegalStateException("The benchmark request fails: " + new String(reply.body(), StandardCharsets.UTF_8));
        }
    }

    @Benchmark
    public byte[] toolsCall() {
        return server.handle(request, exchange).body();
    }
}
