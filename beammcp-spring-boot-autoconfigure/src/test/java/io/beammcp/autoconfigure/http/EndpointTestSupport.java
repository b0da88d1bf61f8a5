package io.beammcp.autoconfigure.http;

import io.beammcp.testsupport.LiveHttp;
import io.beammcp.testsupport.Messages;
import io.beammcp.testsupport.RawHttp;
import io.beammcp.testsupport.Transport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Real servers for the endpoint tests, each test class run once per {@link Transport}: {@link HttpTestHost} on a
 * random port, origins {@code http://localhost:*} and {@code https://app.example.com}, a 1 s body deadline, at
 * most 100 legacy sessions, the default 1 MiB body cap, a heartbeat every 200 ms on event streams, and what
 * {@link #properties()} adds. A server is started once per transport and set of properties, and shared by the
 * classes that ask for the same (it stops with the JVM). Requests go through the JDK's HTTP client, or
 * {@link RawHttp} where a library client would not send what the test needs.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(Transport.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
abstract class EndpointTestSupport {

    static final List<String> PROPERTIES = List.of("beammcp.http.allowed-origins=http://localhost:*,https://app.example.com",
            "beammcp.http.read-timeout=1s", "beammcp.http.session.max-count=100", "beammcp.streams.heartbeat=200ms");

    private static final Map<String, ConfigurableApplicationContext> SERVERS = new ConcurrentHashMap<>();

    static final JsonMapper JSON = Messages.JSON;
    static final String MODERN = Messages.MODERN;
    static final String LEGACY = Messages.LEGACY;
    static final String META = Messages.META;
    static final int MIB = 1024 * 1024;

    static final HttpClient CLIENT = LiveHttp.CLIENT;

    @Parameter
    Transport transport;

    ConfigurableApplicationContext context;

    int port;

    McpHttpPipeline pipeline;

    McpSessionStore sessions;

    /** The properties of this class's server besides {@link #PROPERTIES}. */
    List<String> properties() {
        return List.of();
    }

    @BeforeEach
    void server() {
        List<String> all = new ArrayList<>(PROPERTIES);
        all.addAll(properties());
        context = SERVERS.computeIfAbsent(transport + " " + all,
                key -> transport.application(HttpTestHost.class).properties(all.toArray(String[]::new)).run());
        port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
        pipeline = context.getBean(McpHttpPipeline.class);
        sessions = context.getBean(McpSessionStore.class);
    }

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
