package io.beammcp.autoconfigure.http;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Iterator;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Shutting the application down ends the open streams first: a {@code subscriptions/listen} gets its final
 * result and its stream ends, and the shutdown does not wait out the web server's grace period for them.
 */
@Timeout(60)
class McpHttpShutdownTests {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void closingTheContextEndsAListenWithItsResult() throws Exception {
        ConfigurableApplicationContext context = new SpringApplicationBuilder(HttpTestHost.class).properties(
                "server.port=0", "server.address=127.0.0.1", "beammcp.http.allowed-origins=http://localhost:*",
                "test.lists-change=true", "spring.main.banner-mode=off").run();
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
