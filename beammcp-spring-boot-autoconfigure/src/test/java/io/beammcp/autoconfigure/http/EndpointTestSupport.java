package io.beammcp.autoconfigure.http;

import io.beammcp.testsupport.LiveHttp;
import io.beammcp.testsupport.Messages;
import io.beammcp.testsupport.RawHttp;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.TimeUnit;

/**
 * One real server for the endpoint tests (the context is shared by every subclass): Tomcat on a random
 * port, origins {@code http://localhost:*} and {@code https://app.example.com}, a 1 s body deadline, at
 * most 100 legacy sessions, the default 1 MiB body cap, a heartbeat every 200 ms on event streams. Requests go through the JDK's HTTP client, or
 * {@link RawHttp} where a library client would not send what the test needs.
 */
@SpringBootTest(classes = HttpTestHost.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "beammcp.http.allowed-origins=http://localhost:*,https://app.example.com",
                "beammcp.http.read-timeout=1s", "beammcp.http.session.max-count=100", "beammcp.streams.heartbeat=200ms" })
@Timeout(value = 60, unit = TimeUnit.SECONDS)
abstract class EndpointTestSupport {

    static final JsonMapper JSON = Messages.JSON;
    static final String MODERN = Messages.MODERN;
    static final String LEGACY = Messages.LEGACY;
    static final String META = Messages.META;
    static final int MIB = 1024 * 1024;

    static final HttpClient CLIENT = LiveHttp.CLIENT;

    @LocalServerPort
    int port;

    @Autowired
    McpHttpController controller;

    @Autowired
    McpSessionStore sessions;

    // ---- messages ----------------------------------------------------------------------------------

    /** A 2026-07-28 request; {@code params} holds the members besides {@code _meta}, or is empty. */
    static String modern(Object id, String method, String params) {
        return Messages.modern(id, method, params);
    }

    static String initialize(Object id) {
        return Messages.initialize(id, "http-test");
    }

    /** A 2025-11-25 request; {@code params} is a JSON object or {@code null}. */
    static String legacy(Object id, String method, String params) {
        return Messages.legacy(id, method, params);
    }

    static String notification(String method) {
        return Messages.notification(method);
    }

    static String echoCall(Object id, String text) {
        return modern(id, "tools/call", "\"name\":\"echo\",\"arguments\":{\"text\":\"" + text + "\"}");
    }

    /** The standard 2026-07-28 headers for a method, plus {@code Mcp-Name} when {@code name} is not null. */
    static String[] modernHeaders(String method, String name) {
        return LiveHttp.modernHeaders(method, name);
    }

    static String[] with(String[] headers, String... more) {
        return LiveHttp.with(headers, more);
    }

    // ---- the JDK client ----------------------------------------------------------------------------

    URI endpoint() {
        return URI.create("http://localhost:" + port + "/mcp");
    }

    /** POSTs {@code body} with the JSON media types and the given header name/value pairs. */
    HttpResponse<String> post(String body, String... headers) throws IOException, InterruptedException {
        return LiveHttp.post(endpoint(), body, headers);
    }

    HttpResponse<String> send(HttpRequest.Builder request, String... headers) throws IOException, InterruptedException {
        return LiveHttp.send(request, headers);
    }

    /** A 2025-11-25 session: initialize, then notifications/initialized; returns its id. */
    String openSession() throws IOException, InterruptedException {
        HttpResponse<String> init = post(initialize(0));
        String id = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        HttpResponse<String> initialized = post(notification("notifications/initialized"),
                "Mcp-Session-Id", id, "MCP-Protocol-Version", LEGACY);
        if (initialized.statusCode() != 202) {
            throw new AssertionError("notifications/initialized got " + initialized.statusCode());
        }
        return id;
    }

    static JsonNode json(HttpResponse<String> response) {
        return JSON.readTree(response.body());
    }

    /** The error code of a JSON-RPC error response. */
    static int code(HttpResponse<String> response) {
        return json(response).at("/error/code").asInt();
    }
}
