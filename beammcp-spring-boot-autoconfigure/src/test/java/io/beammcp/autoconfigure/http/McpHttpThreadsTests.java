package io.beammcp.autoconfigure.http;

import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.server.McpServer;
import io.beammcp.testsupport.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.reactor.netty.autoconfigure.NettyReactiveWebServerAutoConfiguration;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.boot.webflux.autoconfigure.HttpHandlerAutoConfiguration;
import org.springframework.boot.webflux.autoconfigure.WebFluxAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Where host code runs, on each transport: on the servlet transport the thread that serves the request, so the
 * container's platform threads by default; on the reactive one a thread of the endpoint's own bounded pool, never
 * the event loop, unless the host declares its code non-blocking; on both, virtual threads when the application
 * serves on them (Java 21 or later; skipped before; run with {@code JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64});
 * and what a call that outlives its time limit does to the connection whose thread it keeps.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(Transport.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class McpHttpThreadsTests {

    @Parameter
    Transport transport;

    private static final String CALL = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{"
            + "\"name\":\"%s\",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";

    @Test
    void hostCodeRunsOnTheContainersThreadOrTheEndpointsPoolByDefault() throws Exception {
        try (ConfigurableApplicationContext context = start()) {
            assertThat(text(call(context, "thread"))).startsWith("Thread[")
                    .contains(transport == Transport.SERVLET ? "http-nio-" : "beammcp-host-");
        }
    }

    @Test
    void theAuthorizerRunsOffTheEventLoopUnlessItDeclaresItNeverBlocks() throws Exception {
        try (ConfigurableApplicationContext context = start()) {
            call(context, "thread");
            assertThat(App.AUTHORIZED_ON.get())
                    .startsWith(transport == Transport.SERVLET ? "http-nio-" : "beammcp-host-");
        }
        try (ConfigurableApplicationContext context = start("--test.authorizer-blocks=false")) {
            call(context, "thread");
            assertThat(App.AUTHORIZED_ON.get()).containsPattern(transport == Transport.SERVLET ? "^http-nio-"
                    : "-http-(nio|epoll|kqueue|io_uring)-");
        }
    }

    @Test
    void hostCodeDeclaredNonBlockingRunsOnTheEventLoop() throws Exception {
        assumeTrue(transport == Transport.REACTIVE, "the servlet transport serves on the container's threads");
        try (ConfigurableApplicationContext context = start("--beammcp.http.reactive.blocking-host-code=false")) {
            assertThat(text(call(context, "thread"))).startsWith("Thread[")
                    .containsPattern("-http-(nio|epoll|kqueue|io_uring)-");
        }
    }

    @Test
    @EnabledForJreRange(min = JRE.JAVA_21)
    void hostCodeRunsOnAVirtualThreadWhenTheApplicationServesOnThem() throws Exception {
        try (ConfigurableApplicationContext context = start("--spring.threads.virtual.enabled=true")) {
            assertThat(text(call(context, "thread"))).startsWith("VirtualThread[");
        }
    }

    @Test
    void aCallPastItsTimeLimitIsAnsweredAtTheLimitOnAConnectionThatThenCloses() throws Exception {
        try (ConfigurableApplicationContext context = start()) {
            long start = System.nanoTime();
            HttpResponse<String> response = call(context, "slow");
            long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertThat(JsonMapper.builder().build().readTree(response.body()).at("/result/isError").asBoolean())
                    .isTrue();
            // the tool ignores the interrupt and keeps its thread for 3 s: the answer does not wait for it, and
            // the client must not queue its next request behind it on this connection
            assertThat(elapsed).isLessThan(2_500);
            assertThat(response.headers().firstValue("Connection")).hasValue("close");
            // a quick call is answered normally and keeps its connection
            HttpResponse<String> quick = call(context, "thread");
            assertThat(quick.headers().firstValue("Connection")).isEmpty();
        }
    }

    private ConfigurableApplicationContext start(String... arguments) {
        return transport.application(App.class).properties("beammcp.http.allowed-origins=http://localhost:*")
                .run(arguments);
    }

    private static HttpResponse<String> call(ConfigurableApplicationContext context, String tool) throws Exception {
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest
                .newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28").header("Mcp-Method", "tools/call")
                .header("Mcp-Name", tool).POST(HttpRequest.BodyPublishers.ofString(CALL.formatted(tool))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return response;
    }

    private static String text(HttpResponse<String> response) {
        JsonNode answer = JsonMapper.builder().build().readTree(response.body());
        return answer.at("/result/content/0/text").asString();
    }

    @Configuration(proxyBeanMethods = false)
    @Import(OwnEventLoops.class)
    @ImportAutoConfiguration({ TomcatServletWebServerAutoConfiguration.class, DispatcherServletAutoConfiguration.class,
            WebMvcAutoConfiguration.class, NettyReactiveWebServerAutoConfiguration.class,
            HttpHandlerAutoConfiguration.class, WebFluxAutoConfiguration.class, BeamMcpHttpAutoConfiguration.class,
            BeamMcpReactiveHttpAutoConfiguration.class })
    static class App {

        @Bean
        McpServer mcpServer() {
            Catalog catalog = Catalog.of(List.of(ToolSpec.builder("thread").description("Names its thread").build(),
                    ToolSpec.builder("slow").description("Takes 3 s, interrupted or not").build()));
            return McpServer.builder(catalog, (tool, arguments, context) -> {
                if (tool.equals("slow")) {
                    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
                    while (System.nanoTime() < until) {
                        try {
                            Thread.sleep(50);
                        } catch (InterruptedException ignored) {
                            // a tool that will not stop
                        }
                    }
                }
                return ToolResult.of(Thread.currentThread().toString());
            }).toolTimeout(Duration.ofMillis(300)).build();
        }

        /** The thread the authorizer last ran on. */
        static final AtomicReference<String> AUTHORIZED_ON = new AtomicReference<>();

        @Bean
        McpAuthorizer mcpAuthorizer(@Value("${test.authorizer-blocks:true}") boolean blocks) {
            McpAuthorizer authorizer = request -> {
                AUTHORIZED_ON.set(Thread.currentThread().getName());
                return McpAuthorization.permit();
            };
            return blocks ? authorizer : McpAuthorizer.nonBlocking(authorizer);
        }
    }
}
