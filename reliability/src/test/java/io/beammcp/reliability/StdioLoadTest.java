package io.beammcp.reliability;

import io.beammcp.core.server.McpServer;
import io.beammcp.core.server.StdioTransport;
import io.beammcp.testsupport.LineSink;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Load without loss over stdio: {@code reliability.stdio.requests} mixed requests of both revisions (20,000 in
 * CI, 100,000 with {@code -Preliability-full}) written into the loop's input through a pipe as fast as it takes
 * them, never waiting for an answer; every id is answered exactly once with its own payload.
 */
class StdioLoadTest {

    static final int REQUESTS = Integer.getInteger("reliability.stdio.requests", 20_000);

    @Test
    void pipelinedMixedRequestsAreAllAnsweredWithCompleteIds() throws Exception {
        TestHost host = new TestHost();
        McpServer server = host.server();
        PipedOutputStream client = new PipedOutputStream();
        PipedInputStream serverIn = new PipedInputStream(client, 1 << 20);
        BitSet answered = new BitSet(REQUESTS);
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        AtomicLong lines = new AtomicLong();
        OutputStream serverOut = new LineSink(line -> {
            lines.incrementAndGet();
            String problem = WireChecks.problem(line, "");
            JsonNode node = CoreClient.JSON.readTree(line);
            JsonNode id = node.get("id");
            if (problem == null && id != null && id.isString() && id.stringValue().equals("init")) {
                return;
            }
            if (problem != null || id == null || !id.isIntegralNumber()) {
                failures.add(problem != null ? problem : "no integer id: " + line);
                return;
            }
            int n = id.intValue();
            synchronized (answered) {
                if (n < 0 || n >= REQUESTS || answered.get(n)) {
                    failures.add("unexpected or repeated id " + n);
                }
                answered.set(n);
            }
            String expected = expectedText(n);
            if (expected != null && !line.contains(expected)) {
                failures.add("answer " + line + " lacks " + expected);
            }
        });
        Thread writer = new Thread(() -> {
            try (client) {
                client.write((CoreClient.initializeMessage(-1).replace("\"id\":-1", "\"id\":\"init\"") + "\n"
                        + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n").getBytes(StandardCharsets.UTF_8));
                for (int i = 0; i < REQUESTS; i++) {
                    client.write((request(i) + "\n").getBytes(StandardCharsets.UTF_8));
                }
            } catch (IOException e) {
                failures.add("writer: " + e);
            }
        }, "stdio-load-writer");
        long start = System.nanoTime();
        writer.start();
        try (Quiet quiet = Quiet.hostFaults()) {
            new StdioTransport(server).serve(serverIn, serverOut);
        }
        writer.join(10_000);
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("StdioLoadTest: %d requests in %.1f s (%.0f/s), %d lines%n", REQUESTS, seconds,
                REQUESTS / seconds, lines.get());
        assertThat(failures).isEmpty();
        assertThat(answered.cardinality()).isEqualTo(REQUESTS);
        assertThat(lines.get()).isEqualTo(REQUESTS + 1L);
    }

    private static String request(int i) {
        String tag = "t" + i;
        return switch (i % 10) {
            case 0 -> CoreClient.modernMessage(i, "tools/call", "\"name\":\"echo\",\"arguments\":{\"text\":\"" + tag + "\"}");
            case 1 -> CoreClient.legacyMessage(i, "tools/call", "{\"name\":\"echo\",\"arguments\":{\"text\":\"" + tag + "\"}}");
            case 2 -> CoreClient.modernMessage(i, "resources/read", "\"uri\":\"test://template/" + tag + "/data\"");
            case 3 -> CoreClient.legacyMessage(i, "prompts/get", "{\"name\":\"greet\",\"arguments\":{\"who\":\"" + tag + "\"}}");
            case 4 -> CoreClient.legacyMessage(i, "ping", null);
            case 5 -> CoreClient.modernMessage(i, "tools/list", null);
            case 6 -> CoreClient.modernMessage(i, "tools/call", "\"name\":\"boom\"");
            case 7 -> CoreClient.modernMessage(i, "server/discover", null);
            case 8 -> CoreClient.modernMessage(i, "completion/complete", "\"ref\":{\"type\":\"ref/prompt\",\"name\":\"greet\"},"
                    + "\"argument\":{\"name\":\"who\",\"value\":\"" + tag + "\"}");
            default -> CoreClient.legacyMessage(i, "unknown/method", null);
        };
    }

    private static String expectedText(int i) {
        return switch (i % 10) {
            case 0, 1, 2, 3, 8 -> "t" + i;
            case 6 -> "-32603";
            case 9 -> "-32601";
            default -> null;
        };
    }
}
