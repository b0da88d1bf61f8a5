package io.beammcp.autoconfigure.observation;

import io.beammcp.autoconfigure.BeamMcpAutoConfiguration;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.Content;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.catalog.PromptRenderer;
import io.beammcp.core.PromptResult;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.catalog.ResourceReader;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.ToolErrorException;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.spi.McpObserver;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.spi.TransportFacts;
import io.beammcp.testsupport.Messages;
import io.beammcp.testsupport.core.StubExchange;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class BeamMcpObservationAutoConfigurationTests {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeamMcpObservationAutoConfiguration.class,
                    BeamMcpAutoConfiguration.class))
            .withUserConfiguration(Host.class);

    @Configuration(proxyBeanMethods = false)
    static class Host {

        @Bean
        Catalog catalog() {
            return Catalog.of(List.of(ToolSpec.builder("echo").inputSchema(
                    "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}}}").build(),
                    ToolSpec.builder("fails").build()), List.of(ResourceSpec.builder("note://a", "a").build()),
                    List.of(new PromptSpec("greet", null, null, List.of(), List.of())));
        }

        @Bean
        PromptRenderer promptRenderer() {
            return (name, arguments, context) -> PromptResult.of(PromptMessage.user(Content.text("hello")));
        }

        @Bean
        ResourceReader resourceReader() {
            return (uri, context) -> ReadResult.of(ResourceContents.text(uri, "text/plain", "note"));
        }

        @Bean
        Dispatch dispatch() {
            return (tool, arguments, context) -> {
                if (tool.equals("fails")) {
                    throw new ToolErrorException("it failed");
                }
                return ToolResult.of(String.valueOf(arguments.get("text")));
            };
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class Registry {

        @Bean
        TestObservationRegistry observationRegistry() {
            return TestObservationRegistry.create();
        }
    }

    static String modern(Object id, String method, String params) {
        return Messages.modern(id, method, params);
    }

    static void send(McpServer server, TransportFacts facts, LegacySession session, String message) {
        server.handle(message.getBytes(StandardCharsets.UTF_8), StubExchange.of(facts, java.util.Map.of(), session));
    }

    @Test
    void withoutARegistryNothingIsObserved() {
        runner.run(context -> assertThat(context).hasSingleBean(McpServer.class).doesNotHaveBean(McpObserver.class));
        assertThat(McpObserver.all(List.of())).isNull();
    }

    @Test
    void anApplicationObserverSeesEveryMessageAlongsideTheObservations() {
        java.util.List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        runner.withUserConfiguration(Registry.class)
                .withBean("guard", McpObserver.class, () -> request -> outcome -> seen.add(request.method()))
                .run(context -> {
                    send(context.getBean(McpServer.class), TransportFacts.STDIO, McpServer.newSession(),
                            modern(1, "tools/list", ""));
                    assertThat(seen).containsExactly("tools/list");
                    TestObservationRegistryAssert.assertThat(context.getBean(TestObservationRegistry.class))
                            .hasSingleObservationThat().hasContextualNameEqualTo("tools/list");
                });
    }

    @Test
    void eachStdioMessageKindIsOneObservationNamedAndTaggedAfterTheSemanticConventions() {
        runner.withUserConfiguration(Registry.class).run(context -> {
            TestObservationRegistry registry = context.getBean(TestObservationRegistry.class);
            McpServer server = context.getBean(McpServer.class);
            LegacySession session = McpServer.newSession();
            send(server, TransportFacts.STDIO, session, modern(1, "tools/call",
                    "\"name\":\"echo\",\"arguments\":{\"text\":\"hi\"}"));
            TestObservationRegistryAssert.assertThat(registry).hasNumberOfObservationsEqualTo(1)
                    .hasSingleObservationThat().hasNameEqualTo("mcp.server.operation.duration")
                    .hasContextualNameEqualTo("tools/call echo").hasBeenStarted().hasBeenStopped()
                    .hasLowCardinalityKeyValue("mcp.method.name", "tools/call")
                    .hasLowCardinalityKeyValue("gen_ai.operation.name", "execute_tool")
                    .hasLowCardinalityKeyValue("gen_ai.tool.name", "echo")
                    .hasLowCardinalityKeyValue("gen_ai.prompt.name", "none")
                    .hasLowCardinalityKeyValue("mcp.protocol.version", "2026-07-28")
                    .hasLowCardinalityKeyValue("network.transport", "pipe")
                    .hasLowCardinalityKeyValue("error.type", "none")
                    .hasLowCardinalityKeyValue("rpc.jsonrpc.error_code", "none")
                    .hasHighCardinalityKeyValue("jsonrpc.request.id", "1")
                    .doesNotHaveError();
            registry.clear();

            send(server, TransportFacts.STDIO, session, modern(2, "tools/call", "\"name\":\"fails\""));
            TestObservationRegistryAssert.assertThat(registry).hasSingleObservationThat()
                    .hasLowCardinalityKeyValue("error.type", "tool_error")
                    .hasLowCardinalityKeyValue("rpc.jsonrpc.error_code", "none").hasError();
            registry.clear();

            send(server, TransportFacts.STDIO, session, modern(3, "tools/call", "\"name\":\"nope\""));
            TestObservationRegistryAssert.assertThat(registry).hasSingleObservationThat()
                    .hasLowCardinalityKeyValue("gen_ai.tool.name", "_OTHER")
                    .hasLowCardinalityKeyValue("error.type", "-32602")
                    .hasLowCardinalityKeyValue("rpc.jsonrpc.error_code", "-32602").hasError();
            registry.clear();

            send(server, TransportFacts.STDIO, session, modern(4, "made/up", ""));
            TestObservationRegistryAssert.assertThat(registry).hasSingleObservationThat()
                    .hasContextualNameEqualTo("_OTHER")
                    .hasLowCardinalityKeyValue("mcp.method.name", "_OTHER")
                    .hasLowCardinalityKeyValue("error.type", "-32601");
            registry.clear();

            send(server, TransportFacts.STDIO, session, modern(41, "prompts/get", "\"name\":\"greet\""));
            send(server, TransportFacts.STDIO, session, modern(42, "resources/read", "\"uri\":\"note://a\""));
            TestObservationRegistryAssert.assertThat(registry).hasNumberOfObservationsEqualTo(2)
                    .hasAnObservation(o -> o.hasContextualNameEqualTo("prompts/get greet")
                            .hasLowCardinalityKeyValue("gen_ai.prompt.name", "greet")
                            .hasLowCardinalityKeyValue("gen_ai.operation.name", "none")
                            .hasLowCardinalityKeyValue("gen_ai.tool.name", "none"))
                    .hasAnObservation(o -> o.hasContextualNameEqualTo("resources/read")
                            .hasHighCardinalityKeyValue("mcp.resource.uri", "note://a")
                            .doesNotHaveLowCardinalityKeyValueWithKey("mcp.resource.uri"));
            registry.clear();

            send(server, TransportFacts.STDIO, session, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"initialize\","
                    + "\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                    + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
            send(server, TransportFacts.STDIO, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            send(server, TransportFacts.STDIO, session, "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/list\"}");
            TestObservationRegistryAssert.assertThat(registry).hasNumberOfObservationsEqualTo(3)
                    .forAllObservationsWithNameEqualTo(DefaultMcpObservationConvention.NAME,
                            o -> o.hasLowCardinalityKeyValue("mcp.protocol.version", "2025-11-25"))
                    .hasAnObservation(o -> o.hasContextualNameEqualTo("initialize"))
                    .hasAnObservation(o -> o.hasContextualNameEqualTo("tools/list"))
                    .hasAnObservation(o -> o.hasContextualNameEqualTo("notifications/initialized")
                            .doesNotHaveHighCardinalityKeyValueWithKey("jsonrpc.request.id"));
        });
    }

    @Test
    void httpMessagesAreTcpAndACustomConventionNamesThem() {
        runner.withUserConfiguration(Registry.class)
                .withBean(McpObservationConvention.class, () -> new DefaultMcpObservationConvention() {
                    @Override
                    public String getName() {
                        return "custom.mcp";
                    }
                }).run(context -> {
                    TestObservationRegistry registry = context.getBean(TestObservationRegistry.class);
                    McpServer server = context.getBean(McpServer.class);
                    // HTTP without the routing headers: refused, and still observed
                    send(server, TransportFacts.HTTP, null, modern(1, "tools/list", ""));
                    TestObservationRegistryAssert.assertThat(registry).hasSingleObservationThat()
                            .hasNameEqualTo("custom.mcp")
                            .hasLowCardinalityKeyValue("network.transport", "tcp")
                            .hasLowCardinalityKeyValue("mcp.method.name", "tools/list");
                });
    }

    @Test
    void aRequestLeftUnansweredIsCancelled() {
        McpObservationContext context = new McpObservationContext(new McpObserver.Request("tools/call", "echo", "pipe",
                "1", null, null, null, java.util.Map.of()));
        context.setOutcome(new McpObserver.Outcome(io.beammcp.core.spi.Reply.Kind.UNANSWERED,
                io.beammcp.core.Revision.V2026_07_28, null, false));
        assertThat(new DefaultMcpObservationConvention().getLowCardinalityKeyValues(context).stream()
                .filter(k -> k.getKey().equals("error.type")).findFirst().orElseThrow().getValue()).isEqualTo("cancelled");
    }

    @Test
    void theRegistryIsTheApplications() {
        runner.withBean(ObservationRegistry.class, ObservationRegistry::create)
                .run(context -> assertThat(context).hasSingleBean(McpObserver.class));
    }
}
