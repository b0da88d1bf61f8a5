package io.beammcp.core.server;

import io.beammcp.core.Catalog;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class StdioTransportTest {

    private final CountDownLatch release = new CountDownLatch(1);
    private final McpServer server = McpServer.builder(Catalog.of(List.of(
            ToolSpec.builder("slow").build(), ToolSpec.builder("fast").build())), (name, args, ctx) -> {
                if (name.equals("slow")) {
                    release.await(20, TimeUnit.SECONDS);
                }
                return ToolResult.of(name + " done");
            }).maxMessageSize(200).build();

    private static String call(Object id, String tool) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool + "\","
                + Wire.MODERN_META + "}}";
    }

    private List<JsonNode> serveAll(String input) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new StdioTransport(server).serve(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out);
        List<JsonNode> lines = new ArrayList<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n", -1)) {
            if (!line.isEmpty()) {
                lines.add(Wire.JSON.readTree(line));
            }
        }
        assertThat(out.toString(StandardCharsets.UTF_8)).matches("(?s)|.*\n");
        return lines;
    }

    @Test
    void aLineOverTheCapIsRefusedUnreadAndTheNextLineIsAnswered() throws Exception {
        String exactlyAtCap = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\",\"params\":{\"p\":\"";
        exactlyAtCap = exactlyAtCap + "x".repeat(200 - exactlyAtCap.length() - 3) + "\"}}";
        assertThat(exactlyAtCap).hasSize(200);
        String onePast = exactlyAtCap.replace("\"p\":\"x", "\"p\":\"xx");
        assertThat(onePast).hasSize(201);
        List<JsonNode> lines = serveAll(onePast + "\n" + exactlyAtCap + "\r\n");
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0).path("error").path("code").asInt()).isEqualTo(-32600);
        assertThat(lines.get(0).has("id")).isFalse();
        assertThat(lines.get(1).path("id").asInt()).isEqualTo(2);
        assertThat(lines.get(1).path("result").isObject()).isTrue();
    }

    @Test
    void aHugeLineIsDrainedWithoutBeingKept() throws Exception {
        List<JsonNode> lines = serveAll("[" + "1,".repeat(5_000_000) + "1]\n{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}");
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0).path("error").path("code").asInt()).isEqualTo(-32600);
        assertThat(lines.get(1).path("id").asInt()).isEqualTo(3);
    }

    @Test
    void blankLinesAreSkippedAndCarriageReturnsTolerated() throws Exception {
        List<JsonNode> lines = serveAll("\n  \r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\r\n\n\t\n");
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0).path("id").asInt()).isEqualTo(1);
    }

    @Test
    void aSlowCallDoesNotDelayALaterPing() throws Exception {
        PipedOutputStream client = new PipedOutputStream();
        PipedInputStream serverIn = new PipedInputStream(client, 1 << 16);
        PipedInputStream clientIn = new PipedInputStream(1 << 16);
        OutputStream serverOut = new PipedOutputStream(clientIn);
        Thread loop = new Thread(() -> {
            try {
                new StdioTransport(server).serve(serverIn, serverOut);
                serverOut.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        loop.start();
        BufferedReader reader = new BufferedReader(new InputStreamReader(clientIn, StandardCharsets.UTF_8));
        client.write((call(1, "slow") + "\n" + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n" + call(3, "fast")
                + "\n").getBytes(StandardCharsets.UTF_8));
        client.flush();
        Set<Integer> early = new HashSet<>();
        early.add(Wire.JSON.readTree(reader.readLine()).path("id").asInt());
        early.add(Wire.JSON.readTree(reader.readLine()).path("id").asInt());
        assertThat(early).containsExactlyInAnyOrder(2, 3);
        release.countDown();
        assertThat(Wire.JSON.readTree(reader.readLine()).path("id").asInt()).isEqualTo(1);
        client.close();
        loop.join(10_000);
        assertThat(loop.isAlive()).isFalse();
    }

    @Test
    void endOfInputFinishesEveryInFlightCallBeforeReturning() throws Exception {
        release.countDown();
        StringBuilder input = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            input.append(call(i, i % 10 == 0 ? "slow" : "fast")).append('\n');
        }
        List<JsonNode> lines = serveAll(input.toString());
        Set<Integer> ids = new HashSet<>();
        lines.forEach(line -> ids.add(line.path("id").asInt()));
        assertThat(lines).hasSize(1000);
        assertThat(ids).hasSize(1000);
    }

    @Test
    void shutdownAnswersAfterInFlightWorkAndStopsReading() throws Exception {
        release.countDown();
        List<JsonNode> lines = serveAll(call(1, "slow") + "\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}\n");
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0).path("id").asInt()).isEqualTo(1);
        assertThat(lines.get(1).toString()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}");
    }

    @Test
    void exitEndsTheLoopWithoutAnswer() throws Exception {
        List<JsonNode> lines = serveAll("{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}\n{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}\n");
        assertThat(lines).isEmpty();
    }

    @Test
    void theProcessIsOneLegacySession() throws Exception {
        List<JsonNode> lines = serveAll("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
                + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}\n"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}\n");
        assertThat(lines).hasSize(2);
        assertThat(lines.get(1).path("result").path("tools").size()).isEqualTo(2);
        assertThat(lines.get(1).path("result").has("resultType")).isFalse();
    }

    @Test
    void aClosedOutputDoesNotStopTheLoop() throws Exception {
        OutputStream closed = new OutputStream() {
            @Override
            public void write(int b) throws java.io.IOException {
                throw new java.io.IOException("closed");
            }
        };
        release.countDown();
        new StdioTransport(server).serve(new ByteArrayInputStream((call(1, "fast") + "\n" + call(2, "fast") + "\n")
                .getBytes(StandardCharsets.UTF_8)), closed);
    }
}
