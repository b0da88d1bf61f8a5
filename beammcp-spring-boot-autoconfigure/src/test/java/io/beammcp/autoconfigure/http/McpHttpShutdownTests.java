package io.beammcp.autoconfigure.http;

import io.beammcp.testsupport.Transport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.autoconfigure.context.LifecycleAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.SmartLifecycle;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Shutting the application down ends the open streams first: a {@code subscriptions/listen} gets its final
 * result and its stream ends, and the shutdown does not wait out the web server's grace period for them.
 * Calls in flight are answered within the grace period; a request arriving meanwhile is refused with 503.
 * On both transports.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(Transport.class)
@Timeout(60)
class McpHttpShutdownTests {

    @Parameter
    Transport transport;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final CountDownLatch stuckGate = new CountDownLatch(1);
    private ConfigurableApplicationContext stuckServer;

    @Test
    void closingTheContextEndsAListenWithItsResult() throws Exception {
        ConfigurableApplicationContext context = transport.application(HttpTestHost.class).properties(
                "beammcp.http.allowed-origins=http://localhost:*", "test.lists-change=true").run();
        int port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest listen = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/mcp"))
                .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "subscriptions/listen")
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":42,\"method\":"
                        + "\"subscriptions/listen\",\"params\":{\"notifications\":{\"toolsListChanged\":true},"
                        + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                        + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}"))
                .build();
        HttpResponse<Stream<String>> response = client.send(listen, HttpResponse.BodyHandlers.ofLines());
        Iterator<String> lines = response.body().iterator();
        assertThat(next(lines).path("method").asString()).isEqualTo("notifications/subscriptions/acknowledged");

        long start = System.nanoTime();
        context.close();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("no wait for the grace period")
                .isLessThan(Duration.ofSeconds(15));
        JsonNode result = next(lines);
        assertThat(result.path("id").asInt()).isEqualTo(42);
        assertThat(result.at("/result/resultType").asString()).isEqualTo("complete");
        assertThat(result.at("/result/_meta/io.modelcontextprotocol~1subscriptionId").asInt()).isEqualTo(42);
        while (lines.hasNext()) {
            assertThat(lines.next()).doesNotStartWith("data:");
        }
    }

    @Test
    void callsInFlightAreAnsweredAndNewRequestsRefusedWhileStopping() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        CountDownLatch entered = new CountDownLatch(1);
        HttpTestHost.GATE.set(gate);
        HttpTestHost.GATE_ENTERED.set(entered);
        HttpTestHost.TOGETHER.set(new CountDownLatch(2));
        Hold hold = new Hold();
        ConfigurableApplicationContext context = start(hold, "spring.lifecycle.timeout-per-shutdown-phase=30s");
        try {
            int port = port(context);
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            CompletableFuture<HttpResponse<String>> plain = client.sendAsync(call(port, 1, "gate"),
                    HttpResponse.BodyHandlers.ofString());
            CompletableFuture<HttpResponse<String>> streamed = client.sendAsync(call(port, 2, "together"),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
            awaitCount(HttpTestHost.TOGETHER.get(), 1);

            CompletableFuture<Void> closed = CompletableFuture.runAsync(context::close);
            assertThat(hold.stopping.await(10, TimeUnit.SECONDS)).as("the context is stopping").isTrue();
            HttpResponse<String> refused = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
                    .send(call(port, 3, "echo"), HttpResponse.BodyHandlers.ofString());
            assertThat(refused.statusCode()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Connection")).hasValue("close");
            assertThat(JSON.readTree(refused.body()).at("/error/code").asInt()).isEqualTo(-32603);
            assertThat(JSON.readTree(refused.body()).at("/error/message").asString())
                    .isEqualTo("Service Unavailable: the server is shutting down");

            hold.release.countDown();
            Thread.sleep(300);
            assertThat(closed).as("graceful shutdown waits for the calls in flight").isNotDone();
            gate.countDown();
            HttpTestHost.TOGETHER.get().countDown();
            HttpResponse<String> first = plain.get(10, TimeUnit.SECONDS);
            assertThat(first.statusCode()).isEqualTo(200);
            assertThat(JSON.readTree(first.body()).at("/result/content/0/text").asString()).isEqualTo("opened");
            HttpResponse<String> second = streamed.get(10, TimeUnit.SECONDS);
            assertThat(second.statusCode()).isEqualTo(200);
            assertThat(second.body()).contains("\"id\":2").contains("done 2");
            closed.get(20, TimeUnit.SECONDS);
        } finally {
            gate.countDown();
            hold.release.countDown();
            context.close();
        }
    }

    @Test
    void aCallOutlivingTheGracePeriodIsAnsweredThenAndDoesNotHoldTheShutdown() throws Exception {
        CompletableFuture<HttpResponse<String>> stuck = stuckCall();
        long start = System.nanoTime();
        stuckServer.close();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("the grace period, then no more waiting")
                .isLessThan(Duration.ofSeconds(5));
        assertShuttingDownError(stuck.get(5, TimeUnit.SECONDS));
    }

    @Test
    void aCallWhoseHostCodeIgnoresTheInterruptIsStillAnsweredAtTheEndOfTheGracePeriod() throws Exception {
        HttpTestHost.GATE_IGNORES_INTERRUPTS.set(true);
        CompletableFuture<HttpResponse<String>> stuck = stuckCall();
        CompletableFuture<Void> closed = CompletableFuture.runAsync(stuckServer::close);
        // answered while the host code still holds its thread, and the container waits for it
        assertShuttingDownError(stuck.get(5, TimeUnit.SECONDS));
        assertThat(closed).isNotDone();
        stuckGate.countDown();
        closed.get(20, TimeUnit.SECONDS);
    }

    /** A server with a 1 s grace period ({@link #stuckServer}) and a call in flight on it until {@link #stuckGate}. */
    private CompletableFuture<HttpResponse<String>> stuckCall() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        HttpTestHost.GATE.set(stuckGate);
        HttpTestHost.GATE_ENTERED.set(entered);
        Hold hold = new Hold();
        hold.release.countDown();
        stuckServer = start(hold, "spring.lifecycle.timeout-per-shutdown-phase=1s");
        CompletableFuture<HttpResponse<String>> stuck = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .build().sendAsync(call(port(stuckServer), 1, "gate"), HttpResponse.BodyHandlers.ofString());
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        return stuck;
    }

    @AfterEach
    void releaseTheStuckCall() {
        HttpTestHost.GATE_IGNORES_INTERRUPTS.set(false);
        stuckGate.countDown();
        if (stuckServer != null) {
            stuckServer.close();
        }
    }

    private static void assertShuttingDownError(HttpResponse<String> answer) {
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("Connection")).hasValue("close");
        assertThat(JSON.readTree(answer.body())).isEqualTo(JSON.readTree("{\"jsonrpc\":\"2.0\",\"id\":1,"
                + "\"error\":{\"code\":-32603,\"message\":\"Service Unavailable: the server shut down before "
                + "the request was done\"}}"));
    }

    private ConfigurableApplicationContext start(Hold hold, String grace) {
        // with the lifecycle auto-configuration, so that the grace period is the one configured
        return transport.application(HttpTestHost.class, LifecycleAutoConfiguration.class)
                .initializers(context -> context.getBeanFactory().registerSingleton("hold", hold))
                .properties("server.shutdown=graceful", grace, "beammcp.http.allowed-origins=http://localhost:*")
                .run();
    }

    private static int port(ConfigurableApplicationContext context) {
        return context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
    }

    private static HttpRequest call(int port, int id, String tool) {
        String arguments = "echo".equals(tool) ? "{\"text\":\"hi\"}" : "{}";
        return HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/mcp"))
                .timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "tools/call").header("Mcp-Name", tool)
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":" + id
                        + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool + "\",\"arguments\":"
                        + arguments + ",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                        + "\"io.modelcontextprotocol/clientCapabilities\":{},\"progressToken\":" + id + "}}}"))
                .build();
    }

    private static void awaitCount(CountDownLatch latch, long count) throws InterruptedException {
        for (int i = 0; i < 1000 && latch.getCount() > count; i++) {
            Thread.sleep(10);
        }
        assertThat(latch.getCount()).isEqualTo(count);
    }

    /**
     * Stops after the endpoint and before the web server's graceful shutdown, and holds the context there until
     * released: the window in which the web server still accepts connections but the endpoint is stopping.
     */
    static final class Hold implements SmartLifecycle {
        final CountDownLatch stopping = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        private volatile boolean running;

        @Override
        public void start() {
            running = true;
        }

        @Override
        public void stop() {
            stopping.countDown();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            running = false;
        }

        @Override
        public boolean isRunning() {
            return running;
        }

        @Override
        public int getPhase() {
            return SmartLifecycle.DEFAULT_PHASE - 512;
        }
    }

    private static JsonNode next(Iterator<String> lines) {
        while (lines.hasNext()) {
            String line = lines.next();
            if (line.startsWith("data: ")) {
                return JSON.readTree(line.substring("data: ".length()));
            }
        }
        throw new AssertionError("the stream ended");
    }
}
