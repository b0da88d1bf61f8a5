package io.beammcp.test;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * What the client sends and how it reports what it gets over HTTP, against a scripted server: the bearer token
 * read per request, the headers mirroring the body on the tasks methods, and HTTP failures with their status,
 * challenge and body.
 */
class HttpClientWireTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String RESULT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"complete\","
            + "\"tools\":[]}}";

    record Answer(int status, String contentType, String body, Map<String, String> headers) {
    }

    record Received(Headers headers, JsonNode body) {
    }

    private final Queue<Answer> answers = new ArrayDeque<>();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private HttpServer server;
    private McpTestClient client;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/mcp", exchange -> {
            JsonNode sent = JSON.readTree(exchange.getRequestBody().readAllBytes());
            received.add(new Received(exchange.getRequestHeaders(), sent));
            Answer answer = answers.isEmpty() ? new Answer(200, "application/json", RESULT, Map.of()) : answers.poll();
            byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", answer.contentType());
            answer.headers().forEach(exchange.getResponseHeaders()::add);
            exchange.sendResponseHeaders(answer.status(), body.length == 0 ? -1 : body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        client = McpTestClient.http(URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/mcp"));
    }

    @AfterEach
    void stop() {
        client.close();
        server.stop(0);
    }

    @Test
    void theBearerTokenIsAskedForEachRequestAndNoneIsSentWhenItGivesNone() {
        AtomicReference<String> token = new AtomicReference<>("first");
        client.bearerToken(token::get);
        client.listTools();
        token.set("second");
        client.listTools();
        token.set(null);
        client.listTools();
        client.bearerToken("fixed").listTools();

        assertThat(received).extracting(request -> String.valueOf(request.headers().get("Authorization")))
                .containsExactly("[Bearer first]", "[Bearer second]", "null", "[Bearer fixed]");
    }

    @Test
    void theTasksMethodsNameTheirTaskInMcpName() {
        for (String method : List.of("tasks/get", "tasks/update", "tasks/cancel")) {
            client.request(method, JSON.createObjectNode().put("taskId", "t-1"));
        }
        client.request("ping", null);

        assertThat(received).extracting(request -> request.headers().getFirst("Mcp-Method") + " "
                + request.headers().getFirst("Mcp-Name"))
                .containsExactly("tasks/get t-1", "tasks/update t-1", "tasks/cancel t-1", "ping null");
    }

    @Test
    void anAnswerWithoutJsonRpcIsAnErrorWithItsStatusChallengeAndBody() {
        String body = "{\"error\":\"invalid_token\",\"error_description\":\"Jwt expired\"}";
        answers.add(new Answer(401, "application/json", body,
                Map.of("WWW-Authenticate", "Bearer error=\"invalid_token\"")));

        assertThatExceptionOfType(McpErrorException.class).isThrownBy(() -> client.callTool("echo", Map.of()))
                .satisfies(e -> {
                    assertThat(e.httpStatus()).isEqualTo(401);
                    assertThat(e.wwwAuthenticate()).isEqualTo("Bearer error=\"invalid_token\"");
                    assertThat(e.body()).isEqualTo(body);
                    assertThat(e.code()).isZero();
                    assertThat(e.getMessage()).isEqualTo("No JSON-RPC response: HTTP 401, WWW-Authenticate: Bearer "
                            + "error=\"invalid_token\", body: " + body);
                });
    }

    @Test
    void anErrorPageOrAnEmptyAnswerIsAnErrorWithItsStatus() {
        answers.add(new Answer(502, "text/html", "<html><body>Bad Gateway</body></html>", Map.of()));
        answers.add(new Answer(500, "application/json", "", Map.of()));

        assertThatExceptionOfType(McpErrorException.class).isThrownBy(client::listTools)
                .withMessage("No JSON-RPC response: HTTP 502, body: <html><body>Bad Gateway</body></html>");
        assertThatExceptionOfType(McpErrorException.class).isThrownBy(client::listTools)
                .withMessage("No JSON-RPC response: HTTP 500, no body")
                .satisfies(e -> assertThat(e.body()).isEmpty());
    }

    @Test
    void aJsonRpcErrorKeepsTheStatusAndChallengeItCameWith() {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-31403,\"message\":\"Insufficient scope\","
                + "\"data\":{\"scopes\":[\"files:write\"]}}}";
        String challenge = "Bearer error=\"insufficient_scope\", scope=\"files:write\"";
        answers.add(new Answer(403, "application/json", body, Map.of("WWW-Authenticate", challenge)));

        ToolCallResult refused = client.callTool("purge", Map.of());
        assertThat(refused.errorCode()).isEqualTo(-31403);
        assertThatExceptionOfType(McpErrorException.class).isThrownBy(refused::result).satisfies(e -> {
            assertThat(e.getMessage()).isEqualTo("-31403 Insufficient scope: HTTP 403, WWW-Authenticate: " + challenge);
            assertThat(e.httpStatus()).isEqualTo(403);
            assertThat(e.wwwAuthenticate()).isEqualTo(challenge);
            assertThat(e.body()).isEqualTo(body);
            assertThat(e.data().at("/scopes/0").asString()).isEqualTo("files:write");
        });
    }

    @Test
    void aLongBodyIsQuotedInPartAndKeptWhole() {
        String body = "x".repeat(2000);
        answers.add(new Answer(503, "text/plain", body, Map.of()));

        assertThatExceptionOfType(McpErrorException.class).isThrownBy(client::listTools).satisfies(e -> {
            assertThat(e.getMessage()).isEqualTo("No JSON-RPC response: HTTP 503, body: " + "x".repeat(500) + "...");
            assertThat(e.body()).isEqualTo(body);
        });
    }

    @Test
    void progressTokenAndMetaGivenByTheTestAreSentAlongsideTheRevisionsOwn() {
        ObjectNode params = JSON.createObjectNode();
        params.putObject("_meta").put("io.modelcontextprotocol/logLevel", "debug").put("progressToken", "mine");
        client.progressToken(7).request("tools/list", params);

        JsonNode meta = received.get(0).body().at("/params/_meta");
        assertThat(meta.get("progressToken").asString()).as("the request's own token wins").isEqualTo("mine");
        assertThat(meta.get("io.modelcontextprotocol/logLevel").asString()).isEqualTo("debug");
        assertThat(meta.get("io.modelcontextprotocol/protocolVersion").asString()).isEqualTo("2026-07-28");

        client.listTools();
        assertThat(received.get(1).body().at("/params/_meta/progressToken").asInt()).isEqualTo(7);
    }
}
