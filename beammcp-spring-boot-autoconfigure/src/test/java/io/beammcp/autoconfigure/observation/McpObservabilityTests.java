package io.beammcp.autoconfigure.observation;

import io.beammcp.core.server.McpServer;
import io.beammcp.core.server.StdioTransport;
import io.beammcp.testsupport.LiveHttp;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The observability a team sees, through a real server: spans whose parent is the client's trace context in
 * {@code params._meta} (HTTP and stdio, both revisions) with host code's spans nested, the Prometheus series,
 * the health, info and {@code mcp} endpoints, and nothing from requests anywhere.
 */
@SpringBootTest(classes = ObservedApp.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "beammcp.http.allowed-origins=http://localhost:*", "spring.application.name=observed",
                "management.tracing.sampling.probability=1.0",
                "management.endpoints.web.exposure.include=health,info,prometheus,mcp",
                "management.endpoint.health.show-details=always", "logging.level.io.beammcp=TRACE",
                "logging.level.org.springframework.web=DEBUG" })
@ExtendWith(OutputCaptureExtension.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class McpObservabilityTests {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    static final String PARENT_ID = "00f067aa0ba902b7";
    static final String TRACEPARENT = "00-" + TRACE_ID + "-" + PARENT_ID + "-01";
    static final String SECRET_ARGUMENT = "argument-secret-5b1f9e";
    static final String SECRET_HEADER = "header-secret-c04d7a";
    static final HttpClient CLIENT = LiveHttp.CLIENT;

    @LocalServerPort
    int port;

    @Autowired
    InMemorySpanExporter spans;

    @Autowired
    SdkTracerProvider tracerProvider;

    @Autowired
    McpServer server;

    @BeforeEach
    void clear() {
        tracerProvider.forceFlush().join(5, TimeUnit.SECONDS);
        spans.reset();
    }

    static String meta(String extra) {
        return "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}" + extra + "}";
    }

    static String traced(String tool, String arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "," + meta(",\"traceparent\":\"" + TRACEPARENT
                + "\",\"tracestate\":\"rojo=00f067aa0ba902b7\"") + "}}";
    }

    HttpResponse<String> post(String body, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/mcp"))
                .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> get(String path) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    static String[] modernHeaders(String name) {
        return new String[] { "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/call", "Mcp-Name", name };
    }

    List<SpanData> finished() {
        tracerProvider.forceFlush().join(5, TimeUnit.SECONDS);
        return spans.getFinishedSpanItems();
    }

    SpanData mcpSpan(String name) {
        return finished().stream().filter(s -> s.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no span " + name + " in " + finished()));
    }

    @Test
    void aModernHttpCallIsAServerSpanUnderTheClientsTraceWithHostSpansNested() throws Exception {
        HttpResponse<String> response = post(traced("traced", "{}"), modernHeaders("traced"));
        assertThat(response.statusCode()).isEqualTo(200);
        SpanData call = mcpSpan("tools/call traced");
        assertThat(call.getTraceId()).isEqualTo(TRACE_ID);
        assertThat(call.getParentSpanId()).isEqualTo(PARENT_ID);
        assertThat(call.getKind()).isEqualTo(io.opentelemetry.api.trace.SpanKind.SERVER);
        assertThat(call.getAttributes().asMap()).extractingFromEntries(e -> e.getKey().getKey(), e -> e.getValue())
                .contains(org.assertj.core.groups.Tuple.tuple("mcp.method.name", "tools/call"),
                        org.assertj.core.groups.Tuple.tuple("gen_ai.tool.name", "traced"),
                        org.assertj.core.groups.Tuple.tuple("gen_ai.operation.name", "execute_tool"),
                        org.assertj.core.groups.Tuple.tuple("network.transport", "tcp"),
                        org.assertj.core.groups.Tuple.tuple("mcp.protocol.version", "2026-07-28"),
                        org.assertj.core.groups.Tuple.tuple("jsonrpc.request.id", "1"));
        SpanData host = mcpSpan("host-work");
        assertThat(host.getTraceId()).isEqualTo(TRACE_ID);
        assertThat(host.getParentSpanId()).isEqualTo(call.getSpanId());
    }

    @Test
    void aLegacyHttpCallInASessionTakesItsParentFromMetaToo() throws Exception {
        HttpResponse<String> init = post("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
                + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", "Mcp-Session-Id", session,
                "MCP-Protocol-Version", "2025-11-25");
        HttpResponse<String> call = post("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":"
                + "\"traced\",\"_meta\":{\"traceparent\":\"" + TRACEPARENT + "\"}}}", "Mcp-Session-Id", session,
                "MCP-Protocol-Version", "2025-11-25");
        assertThat(call.statusCode()).isEqualTo(200);
        SpanData span = mcpSpan("tools/call traced");
        assertThat(span.getParentSpanId()).isEqualTo(PARENT_ID);
        assertThat(span.getAttributes().asMap()).extractingFromEntries(e -> e.getKey().getKey(), e -> e.getValue())
                .contains(org.assertj.core.groups.Tuple.tuple("mcp.protocol.version", "2025-11-25"),
                        org.assertj.core.groups.Tuple.tuple("mcp.session.id", session));
        assertThat(mcpSpan("host-work").getParentSpanId()).isEqualTo(span.getSpanId());
    }

    @Test
    void overStdioBothRevisionsTakeTheirParentFromMeta() throws Exception {
        String input = traced("traced", "{}") + "\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{},"
                + "\"_meta\":{\"traceparent\":\"00-" + TRACE_ID + "-00000000000000aa-01\"}}}\n";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new StdioTransport(server).serve(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out);
        assertThat(out.toString(StandardCharsets.UTF_8).lines()).hasSize(3);
        SpanData modern = mcpSpan("tools/call traced");
        assertThat(modern.getParentSpanId()).isEqualTo(PARENT_ID);
        assertThat(modern.getAttributes().asMap()).extractingFromEntries(e -> e.getKey().getKey(), e -> e.getValue())
                .contains(org.assertj.core.groups.Tuple.tuple("network.transport", "pipe"));
        assertThat(mcpSpan("host-work").getParentSpanId()).isEqualTo(modern.getSpanId());
        SpanData legacy = mcpSpan("tools/call echo");
        assertThat(legacy.getParentSpanId()).isEqualTo("00000000000000aa");
        assertThat(legacy.getTraceId()).isEqualTo(TRACE_ID);
    }

    @Test
    void prometheusShowsTheOperationSeriesByMethodToolAndOutcome() throws Exception {
        post(traced("echo", "{\"text\":\"hi\"}"), modernHeaders("echo"));
        post(traced("fails", "{}"), modernHeaders("fails"));
        HttpResponse<String> scrape = get("/actuator/prometheus");
        assertThat(scrape.statusCode()).isEqualTo(200);
        List<String> series = scrape.body().lines()
                .filter(l -> l.startsWith("mcp_server_operation_duration_seconds_count")).toList();
        assertThat(series).anySatisfy(l -> assertThat(l).contains("mcp_method_name=\"tools/call\"")
                .contains("gen_ai_tool_name=\"echo\"").contains("gen_ai_operation_name=\"execute_tool\"")
                .contains("error_type=\"none\"")
                .contains("network_transport=\"tcp\"").contains("mcp_protocol_version=\"2026-07-28\""));
        assertThat(series).anySatisfy(l -> assertThat(l).contains("gen_ai_tool_name=\"fails\"")
                .contains("error_type=\"tool_error\""));
        // high-cardinality facts never become labels
        assertThat(series).noneSatisfy(l -> assertThat(l).containsAnyOf("request_id", "session_id", "resource_uri"));
    }

    @Test
    void healthInfoAndTheCatalogEndpoint() throws Exception {
        HttpResponse<String> health = get("/actuator/health/mcp");
        assertThat(health.statusCode()).isEqualTo(200);
        JsonNode mcp = JSON.readTree(health.body());
        assertThat(mcp.path("status").asString()).isEqualTo("UP");
        assertThat(mcp.at("/details/tools").asInt()).isEqualTo(3);
        assertThat(mcp.at("/details/streams/max").asInt()).isEqualTo(1000);
        assertThat(mcp.at("/details/sessions/max").asInt()).isEqualTo(1000);
        assertThat(mcp.at("/details/callsInFlight").asInt()).isZero();

        JsonNode info = JSON.readTree(get("/actuator/info").body()).path("mcp");
        assertThat(info.path("name").asString()).isEqualTo("observed");
        assertThat(info.path("revisions").toString()).isEqualTo("[\"2025-11-25\",\"2026-07-28\"]");
        assertThat(info.path("tools").asInt()).isEqualTo(3);
        assertThat(info.path("prompts").asInt()).isEqualTo(1);

        HttpResponse<String> catalog = get("/actuator/mcp");
        assertThat(catalog.statusCode()).isEqualTo(200);
        JsonNode body = JSON.readTree(catalog.body());
        assertThat(body.at("/tools/0/name").asString()).isEqualTo("echo");
        assertThat(body.at("/tools/0/title").asString()).isEqualTo("Echo");
        assertThat(body.at("/tools/0/annotations/readOnlyHint").asBoolean()).isTrue();
        assertThat(body.at("/prompts/0/arguments").toString()).isEqualTo("[\"who\"]");
        assertThat(catalog.body()).doesNotContain("inputSchema").doesNotContain("properties");
    }

    @Test
    void noArgumentResultOrHeaderValueReachesAnObservationSpanOrLog(CapturedOutput output) throws Exception {
        String arguments = "{\"text\":\"" + SECRET_ARGUMENT + "\"}";
        post(traced("echo", arguments), with(modernHeaders("echo"), "Authorization", "Bearer " + SECRET_HEADER,
                "X-Api-Key", SECRET_HEADER));
        post(traced("fails", arguments), with(modernHeaders("fails"), "Authorization", "Bearer " + SECRET_HEADER));
        post("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"prompts/get\",\"params\":{\"name\":\"greet\",\"arguments\":"
                + "{\"who\":\"" + SECRET_ARGUMENT + "\"}," + meta("") + "}}", "MCP-Protocol-Version", "2026-07-28",
                "Mcp-Method", "prompts/get", "Mcp-Name", "greet", "Authorization", "Bearer " + SECRET_HEADER);
        String stdio = traced("echo", arguments) + "\n";
        new StdioTransport(server).serve(new ByteArrayInputStream(stdio.getBytes(StandardCharsets.UTF_8)),
                new ByteArrayOutputStream());
        List<SpanData> all = finished();
        assertThat(all).extracting(SpanData::getName).contains("tools/call echo", "tools/call fails", "prompts/get greet");
        StringBuilder seen = new StringBuilder();
        for (SpanData span : all) {
            seen.append(span.getName()).append(span.getAttributes()).append(span.getEvents())
                    .append(span.getStatus()).append('\n');
        }
        seen.append(get("/actuator/prometheus").body());
        // host code's own log line and the server's trace-level lines were captured, and scanned
        assertThat(output.getAll()).contains("Running tool echo");
        seen.append(output.getAll());
        assertThat(seen.toString()).contains("tools/call").doesNotContain(SECRET_ARGUMENT).doesNotContain(SECRET_HEADER);
    }

    static String[] with(String[] headers, String... more) {
        String[] all = java.util.Arrays.copyOf(headers, headers.length + more.length);
        System.arraycopy(more, 0, all, headers.length, more.length);
        return all;
    }

}
