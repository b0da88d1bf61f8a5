package io.beammcp.benchmarks;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.annotation.McpTool;
import io.beammcp.core.spi.Exchange;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.spi.Reply;
import jakarta.validation.constraints.NotBlank;
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
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What argument binding costs: the same 2026-07-28 {@code tools/call} served by an annotated method and by
 * the low-level {@link Dispatch} that casts its arguments by hand, with the same schema (the low-level tool
 * is given the schema the annotated one derives) and the same work in the tool. {@code small} is one string;
 * {@code record} a nested record and an enum.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class BindingBenchmark {

    /** Which API serves the call. */
    @Param({"lowLevel", "annotated"})
    public String api;

    /** The arguments' shape. */
    @Param({"small", "record"})
    public String shape;

    /** How the trip goes, as it is spelled on the wire. */
    public enum Transport {
        @JsonProperty("train") TRAIN("train"),
        @JsonProperty("plane") PLANE("plane");

        final String wire;

        Transport(String wire) {
            this.wire = wire;
        }
    }

    /** Where the trip goes. */
    public record Destination(@NotBlank String city, String country) {
    }

    /** The annotated host. */
    public static class Tools {

        @McpTool(name = "get_weather")
        public String weather(@NotBlank String place) {
            return place;
        }

        @McpTool(name = "plan_trip")
        public String plan(Destination destination, Transport transport) {
            return destination.city() + " by " + transport.wire;
        }
    }

    private McpServer server;
    private byte[] request;
    private final Exchange exchange = new StdioExchange();

    @Setup
    public void setUp() {
        server = server(api, shape);
        request = request(shape);
        Reply reply = server.handle(request, exchange);
        String body = new String(reply.body(), StandardCharsets.UTF_8);
        if (reply.errorCode() != null || body.contains("isError") || !body.contains(shape.equals("small") ? "Lisbon"
                : "Porto by train")) {
            throw new IllegalStateException("The benchmark request fails: " + body);
        }
    }

    static McpServer server(String api, String shape) {
        McpServer server;
        McpServer annotated = McpServer.builder().annotated("tools", new Tools()).build();
        String tool = shape.equals("small") ? "get_weather" : "plan_trip";
        if (api.equals("annotated")) {
            server = annotated;
        } else {
            // the low-level host, with the very schema the annotated tool derives
            String schema = McpTestSchemas.inputSchema(annotated, tool);
            Dispatch dispatch = shape.equals("small")
                    ? (name, arguments, context) -> ToolResult.of((String) arguments.get("place"))
                    : (name, arguments, context) -> {
                        @SuppressWarnings("unchecked")
                        Map<String, Object> destination = (Map<String, Object>) arguments.get("destination");
                        return ToolResult.of(destination.get("city") + " by " + arguments.get("transport"));
                    };
            server = McpServer.builder(Catalog.of(List.of(ToolSpec.builder(tool).inputSchema(schema).build())), dispatch)
                    .build();
        }
        return server;
    }

    static byte[] request(String shape) {
        String tool = shape.equals("small") ? "get_weather" : "plan_trip";
        String arguments = shape.equals("small") ? "{\"place\":\"Lisbon\"}"
                : "{\"destination\":{\"city\":\"Porto\",\"country\":\"Portugal\"},\"transport\":\"train\"}";
        return ("{\"jsonrpc\":\"2.0\",\"id\":42,\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool + "\","
                + "\"arguments\":" + arguments + ",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}").getBytes(StandardCharsets.UTF_8);
    }

    @Benchmark
    public byte[] toolsCall() {
        return server.handle(request, exchange).body();
    }
}
