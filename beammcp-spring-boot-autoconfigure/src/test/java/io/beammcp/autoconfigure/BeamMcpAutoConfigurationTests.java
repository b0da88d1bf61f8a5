package io.beammcp.autoconfigure;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.CatalogChanges;
import io.beammcp.core.Completer;
import io.beammcp.core.Content;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.catalog.PromptRenderer;
import io.beammcp.core.PromptResult;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.catalog.ResourceReader;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.spi.McpClusterLink;
import io.beammcp.core.spi.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

class BeamMcpAutoConfigurationTests {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeamMcpAutoConfiguration.class));

    private final ApplicationContextRunner host = runner
            .withUserConfiguration(Hosts.CatalogOnly.class, Hosts.DispatchOnly.class);

    @Test
    void serverIsBuiltFromCatalogAndDispatch() {
        host.run(context -> {
            McpServer server = context.getBean(McpServer.class);
            JsonNode list = Wire.ask(server, Wire.modern(1, "tools/list", ""));
            assertThat(list.at("/result/tools").findValuesAsString("name")).containsExactly("echo", "shout");
            JsonNode call = Wire.ask(server,
                    Wire.modern(2, "tools/call", "\"name\":\"shout\",\"arguments\":{\"text\":\"hi\"}"));
            assertThat(call.at("/result/content/0/text").stringValue()).isEqualTo("HI");
        });
    }

    @Test
    void aClusterLinkBeanJoinsTheServerToItsCluster() {
        List<Consumer<byte[]>> receivers = new ArrayList<>();
        host.withBean(McpClusterLink.class, () -> new McpClusterLink() {
            @Override
            public void start(Consumer<byte[]> receiver) {
                receivers.add(receiver);
            }

            @Override
            public void publish(byte[] event) {
            }
        }).run(context -> {
            assertThat(context).hasSingleBean(McpServer.class);
            assertThat(receivers).as("the server started the link").hasSize(1);
        });
    }

    @Test
    void serverInfoDefaultsToTheApplicationNameAndVersion() {
        host.withPropertyValues("spring.application.name=weather", "spring.application.version=1.2.3")
                .run(context -> assertThat(serverInfo(context.getBean(McpServer.class)))
                        .isEqualTo(Wire.parse("{\"name\":\"weather\",\"version\":\"1.2.3\"}")));
    }

    @Test
    void serverInfoFallsBackToBeammcpAndZeroVersion() {
        host.run(context -> assertThat(serverInfo(context.getBean(McpServer.class)))
                .isEqualTo(Wire.parse("{\"name\":\"beammcp\",\"version\":\"0.0.0\"}")));
    }

    @Test
    void propertiesReachTheServer() {
        host.withPropertyValues("spring.application.name=ignored", "beammcp.server-name=forecaster",
                "beammcp.server-version=2.0.0", "beammcp.instructions=Ask about the weather.",
                "beammcp.page-size=1", "beammcp.max-message-size=10KB", "beammcp.tools.ttl=30s",
                "beammcp.tools.cache-scope=public", "beammcp.discover.ttl=1m").run(context -> {
                    McpServer server = context.getBean(McpServer.class);
                    assertThat(server.maxMessageSize()).isEqualTo(10 * 1024);
                    assertThat(serverInfo(server))
                            .isEqualTo(Wire.parse("{\"name\":\"forecaster\",\"version\":\"2.0.0\"}"));
                    JsonNode discover = Wire.ask(server, Wire.modern(1, "server/discover", "")).get("result");
                    assertThat(discover.get("instructions").stringValue()).isEqualTo("Ask about the weather.");
                    assertThat(discover.get("ttlMs").asLong()).isEqualTo(60_000);
                    assertThat(discover.get("cacheScope").stringValue()).isEqualTo("private");
                    JsonNode list = Wire.ask(server, Wire.modern(2, "tools/list", "")).get("result");
                    assertThat(list.get("tools")).hasSize(1);
                    assertThat(list.has("nextCursor")).isTrue();
                    assertThat(list.get("ttlMs").asLong()).isEqualTo(30_000);
                    assertThat(list.get("cacheScope").stringValue()).isEqualTo("public");
                });
    }

    @Test
    void userDefinedServerBacksOff() {
        host.withUserConfiguration(OwnServer.class).run(context -> {
            assertThat(context).hasSingleBean(McpServer.class);
            assertThat(context.getBean(McpServer.class)).isSameAs(context.getBean(OwnServer.class).server);
        });
    }

    @Test
    void missingCatalogFailsWithAnalyzerText() {
        runner.withUserConfiguration(Hosts.DispatchOnly.class).run(context -> {
            FailureAnalysis analysis = new MissingCatalogFailureAnalyzer().analyze(context.getStartupFailure());
            assertThat(analysis.getDescription()).isEqualTo("The MCP server needs a bean of type"
                    + " io.beammcp.core.catalog.Catalog, listing the tools to offer, and the application defines none.");
            assertThat(analysis.getAction()).isEqualTo("Add a bean such as @Bean Catalog catalog() { return"
                    + " Catalog.of(List.of(ToolSpec.builder(\"get_weather\").description(\"Current weather for a"
                    + " place\").build())); } to a @Configuration class.");
        });
    }

    @Test
    void missingDispatchFailsWithAnalyzerText() {
        runner.withUserConfiguration(Hosts.CatalogOnly.class).run(context -> {
            FailureAnalysis analysis = new MissingCatalogFailureAnalyzer().analyze(context.getStartupFailure());
            assertThat(analysis.getDescription()).isEqualTo("The MCP server needs a bean of type"
                    + " io.beammcp.core.catalog.Dispatch, running the tools of the Catalog, and the application defines"
                    + " none.");
            assertThat(analysis.getAction()).isEqualTo("Add a bean such as @Bean Dispatch dispatch() { return"
                    + " (tool, arguments, context) -> ToolResult.of(\"Sunny\"); } to a @Configuration class.");
        });
    }

    @Test
    void catalogTheCoreRefusesFailsStartupNamingTheTool() {
        runner.withUserConfiguration(BadCatalog.class, Hosts.DispatchOnly.class).run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("Tool name 'get weather'");
        });
    }

    @Test
    void resourceReaderPromptRendererAndCompleterBeansReachTheServerWithTheirCachingHints() {
        runner.withUserConfiguration(FullHost.class, Hosts.DispatchOnly.class)
                .withPropertyValues("beammcp.resources.ttl=5s", "beammcp.resources.cache-scope=public",
                        "beammcp.prompts.ttl=2s")
                .run(context -> {
                    McpServer server = context.getBean(McpServer.class);
                    JsonNode capabilities = Wire.ask(server, Wire.modern(1, "server/discover", ""))
                            .at("/result/capabilities");
                    assertThat(capabilities.has("resources")).isTrue();
                    assertThat(capabilities.has("prompts")).isTrue();
                    assertThat(capabilities.has("completions")).isTrue();
                    JsonNode read = Wire.ask(server, Wire.modern(2, "resources/read", "\"uri\":\"test://a\"")).get("result");
                    assertThat(read.at("/contents/0/text").stringValue()).isEqualTo("A");
                    assertThat(read.get("ttlMs").asLong()).isEqualTo(5_000);
                    assertThat(read.get("cacheScope").stringValue()).isEqualTo("public");
                    JsonNode prompts = Wire.ask(server, Wire.modern(3, "prompts/list", "")).get("result");
                    assertThat(prompts.get("ttlMs").asLong()).isEqualTo(2_000);
                    JsonNode prompt = Wire.ask(server, Wire.modern(4, "prompts/get", "\"name\":\"p\"")).get("result");
                    assertThat(prompt.at("/messages/0/content/text").stringValue()).isEqualTo("rendered p");
                });
    }

    @Test
    void withoutReaderRendererOrCompleterNothingMoreIsAdvertised() {
        host.run(context -> {
            JsonNode capabilities = Wire.ask(context.getBean(McpServer.class), Wire.modern(1, "server/discover", ""))
                    .at("/result/capabilities");
            assertThat(capabilities.has("resources")).isFalse();
            assertThat(capabilities.has("prompts")).isFalse();
            assertThat(capabilities.has("completions")).isFalse();
        });
    }

    @Test
    void aCatalogChangesBeanDeclaresThatTheListsChange() {
        host.withUserConfiguration(Changing.class).run(context -> {
            McpServer server = context.getBean(McpServer.class);
            assertThat(server.listsChange()).isTrue();
            assertThat(Wire.ask(server, Wire.modern(1, "server/discover", "")).at("/result/capabilities/tools/listChanged")
                    .asBoolean()).isTrue();
        });
        host.run(context -> assertThat(context.getBean(McpServer.class).listsChange()).isFalse());
    }

    @Test
    void theToolTimeoutAndTheStreamBoundReachTheServer() {
        runner.withUserConfiguration(Hosts.CatalogOnly.class, Hanging.class)
                .withPropertyValues("beammcp.tools.timeout=200ms", "beammcp.streams.max-open=1").run(context -> {
                    McpServer server = context.getBean(McpServer.class);
                    JsonNode call = Wire.ask(server, Wire.modern(1, "tools/call",
                            "\"name\":\"echo\",\"arguments\":{\"text\":\"hi\"}")).get("result");
                    assertThat(call.get("isError").asBoolean()).isTrue();
                    assertThat(call.at("/content/0/text").stringValue()).contains("within 200 ms");
                    assertThat(listen(server, 1, new CompletableFuture<>())).isTrue();
                    CompletableFuture<Reply> refused = new CompletableFuture<>();
                    listen(server, 2, refused);
                    assertThat(refused.join().kind()).isEqualTo(Reply.Kind.OVER_LIMIT);
                });
    }

    @Test
    void stoppingTheContextEndsTheOpenStreamsWithTheirResult() {
        host.run(context -> {
            CompletableFuture<Reply> end = new CompletableFuture<>();
            assertThat(listen(context.getBean(McpServer.class), "l", end)).isTrue();
            context.stop();
            JsonNode result = Wire.JSON.readTree(end.get(10, TimeUnit.SECONDS).body());
            assertThat(result.at("/result/_meta/io.modelcontextprotocol~1subscriptionId").stringValue()).isEqualTo("l");
        });
    }

    /** Opens a {@code subscriptions/listen} as one stdio line would; {@code true} when it is acknowledged. */
    private static boolean listen(McpServer server, Object id, CompletableFuture<Reply> end) {
        return listen(server, id, end, null);
    }

    private static boolean listen(McpServer server, Object id, CompletableFuture<Reply> end, Principal caller) {
        LegacySession session = McpServer.newSession();
        boolean[] acknowledged = new boolean[1];
        server.handle(Wire.modern(id, "subscriptions/listen", "\"notifications\":{}").getBytes(StandardCharsets.UTF_8),
                Wire.stdio(session, sent -> acknowledged[0] = true, caller), Runnable::run, end::complete);
        return acknowledged[0];
    }

    @Test
    void theStreamShareOfACallerReachesTheServer() {
        runner.withUserConfiguration(Hosts.CatalogOnly.class, Hanging.class)
                .withPropertyValues("beammcp.streams.max-per-caller=1")
                .run(context -> {
                    McpServer server = context.getBean(McpServer.class);
                    Principal alice = () -> "alice";
                    assertThat(listen(server, 1, new CompletableFuture<>(), alice)).isTrue();
                    CompletableFuture<Reply> refused = new CompletableFuture<>();
                    listen(server, 2, refused, alice);
                    assertThat(refused.get(10, TimeUnit.SECONDS).kind()).isEqualTo(Reply.Kind.OVER_LIMIT);
                });
    }

    private static final String SHARED_KEY = "beammcp.input.state-key=a secret shared by every instance!";

    private static String askForRoots(int id, String extra) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{\"text\":\"x\"}" + extra + ",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":"
                + "\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{\"roots\":{}}}}}";
    }

    @Test
    void instancesSharingTheStateKeyAcceptEachOthersRequestState() {
        ApplicationContextRunner asking = runner.withUserConfiguration(Hosts.CatalogOnly.class, AskingForRoots.class);
        asking.withPropertyValues(SHARED_KEY).run(first -> asking.withPropertyValues(SHARED_KEY).run(second -> {
            JsonNode round1 = Wire.ask(first.getBean(McpServer.class), askForRoots(1, "")).get("result");
            assertThat(round1.get("resultType").stringValue()).isEqualTo("input_required");
            String retry = askForRoots(2, ",\"inputResponses\":{\"roots\":{\"roots\":[]}},\"requestState\":"
                    + round1.get("requestState"));
            JsonNode round2 = Wire.ask(second.getBean(McpServer.class), retry).get("result");
            assertThat(round2.at("/content/0/text").stringValue()).isEqualTo("roots: {roots=[]}");
        }));
        asking.run(first -> asking.run(second -> {
            JsonNode round1 = Wire.ask(first.getBean(McpServer.class), askForRoots(1, "")).get("result");
            String retry = askForRoots(2, ",\"inputResponses\":{\"roots\":{\"roots\":[]}},\"requestState\":"
                    + round1.get("requestState"));
            assertThat(Wire.ask(second.getBean(McpServer.class), retry).at("/error/code").asInt())
                    .as("each instance has a random key of its own").isEqualTo(-32602);
        }));
    }

    @Test
    @ExtendWith(OutputCaptureExtension.class)
    void noServerWarnsAtStartupButARetrySealedByAnotherInstanceWarnsOnce(CapturedOutput output) {
        host.run(context -> assertThat(context).hasSingleBean(McpServer.class));
        host.withPropertyValues("beammcp.transport=stdio").run(context -> assertThat(context)
                .hasSingleBean(McpServer.class));
        assertThat(output).doesNotContain("WARN").doesNotContain("state key");
        ApplicationContextRunner asking = runner.withUserConfiguration(Hosts.CatalogOnly.class, AskingForRoots.class);
        asking.run(first -> asking.run(second -> {
            String state = Wire.ask(first.getBean(McpServer.class), askForRoots(1, "")).at("/result/requestState")
                    .toString();
            String retry = askForRoots(2, ",\"inputResponses\":{\"roots\":{\"roots\":[]}},\"requestState\":" + state);
            Wire.ask(second.getBean(McpServer.class), retry);
            Wire.ask(second.getBean(McpServer.class), retry);
        }));
        assertThat(output.getAll().split("another instance sealed it", -1)).as("said once").hasSize(2);
        assertThat(output).contains("beammcp.input.state-key");
        asking.withPropertyValues(SHARED_KEY).run(first -> asking.withPropertyValues(
                "beammcp.input.state-key=another-secret-of-at-least-32-bytes!!").run(second -> {
                    String state = Wire.ask(first.getBean(McpServer.class), askForRoots(1, ""))
                            .at("/result/requestState").toString();
                    Wire.ask(second.getBean(McpServer.class), askForRoots(2, ",\"inputResponses\":{\"roots\":"
                            + "{\"roots\":[]}},\"requestState\":" + state));
                }));
        assertThat(output.getAll().split("another instance sealed it", -1)).as("a configured key is not this case")
                .hasSize(2);
    }

    @Test
    void aStateKeyShorterThan32BytesFailsStartup() {
        host.withPropertyValues("beammcp.input.state-key=too short").run(context -> assertThat(context)
                .getFailure().rootCause().hasMessageContaining("at least 32 bytes"));
    }

    @Test
    void theInputTimeoutReachesTheServer() {
        runner.withUserConfiguration(Hosts.CatalogOnly.class, AskingForRoots.class)
                .withPropertyValues("beammcp.input.timeout=100ms").run(context -> {
                    McpServer server = context.getBean(McpServer.class);
                    LegacySession session = McpServer.newSession();
                    List<String> sent = new java.util.concurrent.CopyOnWriteArrayList<>();
                    Exchange exchange = Wire.stdio(session, sent::add);
                    server.handle(("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                            + "\"2025-11-25\",\"capabilities\":{\"roots\":{}},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}")
                            .getBytes(StandardCharsets.UTF_8), exchange);
                    Reply reply = server.handle(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":"
                            + "{\"name\":\"echo\",\"arguments\":{\"text\":\"x\"}}}").getBytes(StandardCharsets.UTF_8), exchange);
                    assertThat(Wire.parse(new String(reply.body(), StandardCharsets.UTF_8)).at("/result/content/0/text")
                            .stringValue()).isEqualTo("roots: null");
                    assertThat(sent).hasSize(2);
                    assertThat(sent.get(1)).contains("notifications/cancelled");
                });
    }

    private static JsonNode serverInfo(McpServer server) {
        return Wire.ask(server, Wire.modern(1, "server/discover", ""))
                .at("/result/_meta/io.modelcontextprotocol~1serverInfo");
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnServer {

        final McpServer server = McpServer.builder(Catalog.of(List.of()), (tool, arguments, context) -> null)
                .build();

        @Bean
        McpServer ownServer() {
            return server;
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class AskingForRoots {

        @Bean
        Dispatch dispatch() {
            return (tool, arguments, context) -> ToolResult.of("roots: "
                    + context.ask("roots", io.beammcp.core.InputRequest.roots()));
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class FullHost {

        @Bean
        Catalog catalog() {
            return Catalog.of(List.of(), List.of(ResourceSpec.builder("test://a", "a").build()),
                    List.of(PromptSpec.of("p", "A prompt.")));
        }

        @Bean
        ResourceReader reader() {
            return (uri, context) -> ReadResult.of(ResourceContents.text(uri, "text/plain", "A"));
        }

        @Bean
        PromptRenderer renderer() {
            return (name, arguments, context) -> PromptResult.of(PromptMessage.user(Content.text("rendered " + name)));
        }

        @Bean
        Completer completer() {
            return (reference, argument, value, context) -> List.of();
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class Changing {

        @Bean
        CatalogChanges catalogChanges() {
            return new CatalogChanges();
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class Hanging {

        @Bean
        Dispatch dispatch() {
            return (tool, arguments, context) -> {
                Thread.sleep(20_000);
                return ToolResult.of("too late");
            };
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class BadCatalog {

        @Bean
        Catalog catalog() {
            return Catalog.of(List.of(ToolSpec.builder("get weather").build()));
        }
    }
}
