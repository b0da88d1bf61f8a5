package io.beammcp.core.server;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link StdioTransport#stop}, what a shutdown signal does while the input is still open: calls already read
 * are answered, and what is read afterwards is not served; a call still running once the grace period is over
 * is answered by {@link McpServer#endCallsInFlight()}.
 */
@Timeout(30)
class StdioStopTest {

    private final CountDownLatch entered = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch interrupted = new CountDownLatch(1);
    private final McpServer server = McpServer.builder(Catalog.of(List.of(
            ToolSpec.builder("slow").build(), ToolSpec.builder("fast").build())), (name, args, ctx) -> {
                if (name.equals("slow")) {
                    entered.countDown();
                    try {
                        release.await(20, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        interrupted.countDown();
                        throw e;
                    }
                }
                return ToolResult.of(name + " done");
            }).build();
    private final StdioTransport transport = new StdioTransport(server);
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private static String call(int id, String tool) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\"," + Wire.MODERN_META + "}}\n";
    }

    @Test
    void aCallAlreadyReadIsAnsweredAndALaterOneIsNotServed() throws Exception {
        PipedOutputStream client = new PipedOutputStream();
        PipedInputStream in = new PipedInputStream(client, 1 << 16);
        CompletableFuture<Void> serving = CompletableFuture.runAsync(() -> serve(in));
        client.write(call(1, "slow").getBytes(StandardCharsets.UTF_8));
        client.flush();
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();

        CompletableFuture<Boolean> stopped = CompletableFuture.supplyAsync(this::stop);
        Thread.sleep(200);
        assertThat(stopped).as("waits for the call in flight").isNotDone();
        client.write(call(2, "fast").getBytes(StandardCharsets.UTF_8));
        client.flush();
        Thread.sleep(200);
        release.countDown();
        assertThat(stopped.get(10, TimeUnit.SECONDS)).isTrue();
        client.close();
        serving.get(10, TimeUnit.SECONDS);

        String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
        assertThat(lines).hasSize(1);
        JsonNode answer = Wire.JSON.readTree(lines[0]);
        assertThat(answer.path("id").asInt()).isEqualTo(1);
        assertThat(answer.at("/result/content/0/text").asString()).isEqualTo("slow done");
    }

    @Test
    void stoppingGivesUpOnACallThatOutlivesTheGracePeriodAndEndingTheCallsInFlightAnswersIt() throws Exception {
        PipedOutputStream client = new PipedOutputStream();
        PipedInputStream in = new PipedInputStream(client, 1 << 16);
        CompletableFuture.runAsync(() -> serve(in));
        client.write(call(1, "slow").getBytes(StandardCharsets.UTF_8));
        client.flush();
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        try {
            assertThat(transport.stop(Duration.ofMillis(200))).isFalse();
            server.endCallsInFlight();
            assertThat(interrupted.await(10, TimeUnit.SECONDS)).as("the host code is interrupted").isTrue();
            assertThat(server.callsInFlight()).isZero();
            String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
            assertThat(lines).hasSize(1);
            assertThat(Wire.JSON.readTree(lines[0])).isEqualTo(Wire.JSON.readTree("{\"jsonrpc\":\"2.0\",\"id\":1,"
                    + "\"error\":{\"code\":-32603,\"message\":\"Service Unavailable: the server shut down before "
                    + "the request was done\"}}"));
        } finally {
            release.countDown();
            client.close();
        }
    }

    @Test
    void stoppingATransportThatServedToTheEndReturnsAtOnce() throws Exception {
        PipedOutputStream client = new PipedOutputStream();
        PipedInputStream in = new PipedInputStream(client, 1 << 16);
        CompletableFuture<Void> serving = CompletableFuture.runAsync(() -> serve(in));
        client.write(call(1, "fast").getBytes(StandardCharsets.UTF_8));
        client.close();
        serving.get(10, TimeUnit.SECONDS);
        assertThat(transport.stop(Duration.ZERO)).isTrue();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("fast done");
    }

    private void serve(PipedInputStream in) {
        try {
            transport.serve(in, out);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private boolean stop() {
        try {
            return transport.stop(Duration.ofSeconds(10));
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
