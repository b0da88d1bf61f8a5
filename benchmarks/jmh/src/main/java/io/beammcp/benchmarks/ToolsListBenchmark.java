package io.beammcp.benchmarks;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.spi.Exchange;
import io.beammcp.core.server.McpServer;
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
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One {@code tools/list} page and one {@code tools/call} of a catalog of 10, 1,000 and 100,000 tools: the page
 * should cost the same apart from a logarithmic term, the call should not depend on the catalog size. Every
 * catalog serves the same page, {@value #PAGE_SIZE} tools through a cursor (the keyset cursor names a position
 * before the first tool, so that the 10-tool catalog fills a page too and the cursor's binary search over the
 * whole catalog is still paid).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ToolsListBenchmark {

    static final int PAGE_SIZE = 10;

    @Param({"10", "1000", "100000"})
    public int tools;

    private McpServer server;
    private byte[] listPage;
    private byte[] call;
    private final Exchange exchange = new StdioExchange();

    @Setup
    public void setUp() {
        List<ToolSpec> specs = new ArrayList<>();
        for (int i = 0; i < tools; i++) {
            specs.add(ToolSpec.builder(String.format("tool_%06d", i)).description("Tool " + i)
                    .inputSchema(Schemas.SMALL).build());
        }
        server = McpServer.builder(Catalog.of(specs), (name, arguments, context) -> ToolResult.of("ok"))
                .pageSize(PAGE_SIZE).build();
        String meta = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}";
        // a keyset cursor is base64url("tools:" + last key sent); "tool_" sorts before every tool name
        String cursor = Base64.getUrlEncoder().withoutPadding()
                .encodeToString("tools:tool_".getBytes(StandardCharsets.UTF_8));
        listPage = ("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\",\"params\":{\"cursor\":\"" + cursor + "\","
                + meta + "}}").getBytes(StandardCharsets.UTF_8);
        String page = new String(server.handle(listPage, exchange).body(), StandardCharsets.UTF_8);
        int listed = page.split("\"name\":\"tool_", -1).length - 1;
        if (listed != Math.min(PAGE_SIZE, tools) || page.contains("\"error\"")) {
            throw new IllegalStateException("The page is not " + PAGE_SIZE + " tools: " + page);
        }
        call = ("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"tool_"
                + String.format("%06d", tools / 2) + "\",\"arguments\":{\"place\":\"Oslo\"}," + meta + "}}")
                .getBytes(StandardCharsets.UTF_8);
        String answer = new String(server.handle(call, exchange).body(), StandardCharsets.UTF_8);
        if (!answer.contains("\"result\"") || answer.contains("isError")) {
            throw new IllegalStateException("The benchmark call fails: " + answer);
        }
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
