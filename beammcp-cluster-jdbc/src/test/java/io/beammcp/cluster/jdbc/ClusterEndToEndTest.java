package io.beammcp.cluster.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import io.beammcp.autoconfigure.http.McpAuthorizer;
import io.beammcp.core.CallContext;
import io.beammcp.core.InputRequest;
import io.beammcp.core.annotation.McpResource;
import io.beammcp.core.annotation.McpTool;
import io.beammcp.core.catalog.CatalogChanges;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two applications in one JVM on the one PostgreSQL, as two instances behind a round-robin balancer with no
 * affinity: a 2025-11-25 session is served by both, a resource update raised on one reaches a stream held by
 * the other, and the answer to an elicitation reaches the instance waiting for it through the other. Skipped
 * without {@value Databases#POSTGRES_URL}.
 */
@EnabledIfSystemProperty(named = Databases.POSTGRES_URL, matches = "jdbc:postgresql:.+")
class ClusterEndToEndTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String RESOURCE = "test://shared";
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private final List<ConfigurableApplicationContext> instances = new ArrayList<>();

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class App {

        @Bean
        Tools tools() {
            return new Tools();
        }

        @Bean
        CatalogChanges changes() {
            return new CatalogChanges();
        }

        @Bean
        McpAuthorizer authorizer() {
            return McpAuthorizer.permitAll();
        }
    }

    static class Tools {

        @McpTool(name = "ask", description = "Asks the user's name.")
        public String ask(CallContext context) {
            Map<String, Object> answer = context.ask("name", InputRequest.elicitation("Your name?",
                    Map.of("type", "object", "properties", Map.of("name", Map.of("type", "string")))));
            return "Hello, " + (answer == null ? "nobody" : answer.get("content"));
        }

        @McpResource(uri = RESOURCE, description = "A resource both instances serve.")
        public String shared() {
            return "shared";
        }
    }

    @BeforeEach
    void start() {
        try (HikariDataSource pool = Databases.postgres()) {
            Databases.empty(pool);
        }
        for (int i = 0; i < 2; i++) {
            instances.add(new SpringApplicationBuilder(App.class).properties("server.port=0",
                    "beammcp.cluster.enabled=true", "beammcp.http.allowed-origins=http://localhost:*",
                    "spring.datasource.url=" + System.getProperty(Databases.POSTGRES_URL),
                    "spring.datasource.username=" + System.getProperty("beammcp.test.postgres.user", "beammcp"),
                    "spring.datasource.hikari.connection-timeout=2000").run());
        }
        instances.forEach(instance -> await().atMost(WAIT)
                .until(() -> instance.getBean(PostgresClusterLink.class).listening()));
    }

    @AfterEach
    void stop() {
        instances.forEach(ConfigurableApplicationContext::close);
    }

    private URI endpoint(int instance) {
        return URI.create("http://localhost:"
                + ((WebServerApplicationContext) instances.get(instance)).getWebServer().getPort() + "/mcp");
    }

    private HttpRequest.Builder request(int instance, String session) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(endpoint(instance)).timeout(WAIT)
                .header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json")
                .header("MCP-Protocol-Version", "2025-11-25");
        return session == null ? builder : builder.header("Mcp-Session-Id", session);
    }

    private HttpResponse<String> post(int instance, String session, String body) throws Exception {
        return CLIENT.send(request(instance, session).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** A session opened on that instance, its handshake confirmed. */
    private String open(int instance) throws Exception {
        HttpResponse<String> opened = post(instance, null, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
                + "\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"elicitation\":{}},"
                + "\"clientInfo\":{\"name\":\"cluster-test\",\"version\":\"1\"}}}");
        assertThat(opened.statusCode()).as(opened.body()).isEqualTo(200);
        String session = opened.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertThat(post(instance, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                .statusCode()).isEqualTo(202);
        return session;
    }

    /** The data lines of an event stream, collected as they arrive. */
    private List<String> stream(HttpRequest request) {
        List<String> lines = new CopyOnWriteArrayList<>();
        CLIENT.sendAsync(request, HttpResponse.BodyHandlers.ofLines())
                .thenAccept(response -> {
                    try (Stream<String> body = response.body()) {
                        body.filter(line -> line.startsWith("data:")).forEach(lines::add);
                    }
                });
        return lines;
    }

    @Test
    void aSessionOpenedOnOneInstanceIsServedByTheOtherAndHearsAnUpdateRaisedOnEither() throws Exception {
        String session = open(0);
        HttpResponse<String> subscribed = post(1, session, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":"
                + "\"resources/subscribe\",\"params\":{\"uri\":\"" + RESOURCE + "\"}}");
        assertThat(subscribed.body()).as("served by the instance that did not open it").contains("\"result\"");
        List<String> heard = stream(request(1, session).GET().build());
        // raised until heard: the stream opens while the first ones are sent
        await().atMost(WAIT).pollInterval(Duration.ofMillis(500)).until(() -> {
            instances.get(0).getBean(CatalogChanges.class).resourceUpdated(RESOURCE);
            return heard.stream().anyMatch(line -> line.contains("notifications/resources/updated"));
        });
        HttpResponse<String> ended = CLIENT.send(request(0, session).DELETE().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(ended.statusCode()).isEqualTo(204);
        assertThat(post(1, session, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\"}").statusCode())
                .as("ended on every instance").isEqualTo(404);
    }

    @Test
    void anElicitationAnsweredThroughTheOtherInstanceCompletes() throws Exception {
        String session = open(0);
        List<String> call = stream(request(0, session).POST(HttpRequest.BodyPublishers.ofString(
                "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"ask\","
                        + "\"arguments\":{}}}")).build());
        await().atMost(WAIT).until(() -> call.stream().anyMatch(line -> line.contains("elicitation/create")));
        String asked = call.stream().filter(line -> line.contains("elicitation/create")).findFirst().orElseThrow();
        String id = asked.replaceAll("^.*?\"id\":(\"[^\"]*\"|[0-9]+).*$", "$1");
        HttpResponse<String> answered = post(1, session, "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":"
                + "{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}}");
        assertThat(answered.statusCode()).isEqualTo(202);
        await().atMost(WAIT).until(() -> call.stream().anyMatch(line -> line.contains("Hello, {name=Ada}")));
    }
}
