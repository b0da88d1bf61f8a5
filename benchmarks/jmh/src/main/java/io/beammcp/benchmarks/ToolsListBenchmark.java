package io.beammcp.benchmarks;

import io.beammcp.core.Catalog;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.server.Exchange;
import io.beammcp.core.server.LegacySession;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.server.Transport;
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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One {@code tools/list} page (50 tools, from the middle of the list through a cursor) and one
 * {@code tools/call} of a catalog of 10, 1,000 and 100,000 tools: the page should cost the same apart from a
 * logarithmic term, the call should not depend on the catalog size.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ToolsListBenchmark {

    @Param({"10", "1000", "100000"})
    public int tools;

    private McpServer server;
    private byte[] listPage;
    private byte[] call;
    private final Exchange exchange = new Exchange() {
        @Override
        public Transport transport() {
            return Transport.STDIO;
        }

        @Override
        public LegacySession session() {
            return null;
        }
    };

    @Setup
    public void setUp() {
        List<ToolSpec> specs = new ArrayList<>();
        for (int i = 0; i < tools; i++) {
            specs.add(ToolSpec.builder(String.format("tool_%06d", i)).description("Tool " + i)
                    .inputSchema(Schemas.SMALL).build());
        }
        server = McpServer.builder(Catalog.of(specs), (name, arguments, context) -> ToolResult.of("ok")).build();
        String meta = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}";
        String first = new String(server.handle(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{"
                + meta + "}}").getBytes(StandardCharsets.UTF_8), exchange).body(), StandardCharsets.UTF_8);
        int at = first.indexOf("\"nextCursor\":\"");
        String cursor = at < 0 ? null : first.substring(at + 14, first.indexOf('"', at + 14));
        listPage = ("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\",\"params\":{"
                + (cursor == null ? "" : "\"cursor\":\"" + cursor + "\",") + meta + "}}").getBytes(StandardCharsets.UTF_8);
        call = ("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"tool_"
                + String.format("%06d", tools / 2) + "\",\"arguments\":{\"place\":\"Oslo\"}," + meta + "}}")
                .getBytes(StandardCharsets.UTF_8);
    }

    @Benchmark
    public byte[] listPage() {
        return server.handle(listPage, exchange).body();
    }

    @Benchmark
    public byte[] callInLargeCatalog() {
        return server.handle(call, exchange).body();
    }
}
