package io.beammcp.autoconfigure.http;

import io.beammcp.testsupport.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.reactor.netty.autoconfigure.NettyReactiveWebServerAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.webflux.autoconfigure.HttpHandlerAutoConfiguration;
import org.springframework.boot.webflux.autoconfigure.WebFluxAutoConfiguration;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.web.reactive.DispatcherHandler;
import org.springframework.web.reactive.handler.SimpleUrlHandlerMapping;
import org.springframework.web.server.WebFilter;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.InputStream;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * The reactive transport's auto-configuration: its conditions, its properties, the filters ahead of everything on
 * the endpoint's path, and the same startup refusals, explained by the same failure analyzers, as the servlet one.
 */
@Timeout(60)
@ExtendWith(OutputCaptureExtension.class)
class BeamMcpReactiveHttpAutoConfigurationTests {

    private static final String ORIGINS = "beammcp.http.allowed-origins=http://localhost:*";

    private final ReactiveWebApplicationContextRunner reactive = new ReactiveWebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeamMcpReactiveHttpAutoConfiguration.class))
            .withUserConfiguration(BeamMcpHttpAutoConfigurationTests.Server.class);

    private final ReactiveWebApplicationContextRunner secured = reactive
            .withUserConfiguration(BeamMcpHttpAutoConfigurationTests.PermitAll.class).withPropertyValues(ORIGINS);

    @Test
    void reactiveApplicationGetsTheEndpointMappedAtItsPath() {
        secured.withPropertyValues("beammcp.http.path=/ai/mcp").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).hasSingleBean(McpWebHandler.class);
            assertThat(context).doesNotHaveBean(McpHttpController.class);
            assertThat(context.getBean(McpSessionStore.class)).isInstanceOf(InMemoryMcpSessionStore.class);
            SimpleUrlHandlerMapping mapping = context.getBean("mcpHandlerMapping", SimpleUrlHandlerMapping.class);
            assertThat(mapping.getUrlMap()).containsOnlyKeys("/ai/mcp");
            assertThat(mapping.getOrder()).isLessThan(-1);
        });
    }

    @Test
    void theUnreadBodyFilterComesFirstAndCorsNext() {
        secured.run(context -> {
            List<WebFilter> filters = context.getBeanProvider(WebFilter.class).orderedStream().toList();
            assertThat(filters.get(0)).isInstanceOf(ReactiveUnreadBodyFilter.class);
            assertThat(filters.get(1)).isInstanceOf(ReactiveCorsFilter.class);
            assertThat(((Ordered) filters.get(0)).getOrder()).isEqualTo(Ordered.HIGHEST_PRECEDENCE);
        });
    }

    @Test
    void servletStdioAndNonReactiveApplicationsGetNoReactiveEndpoint() {
        new WebApplicationContextRunner().withConfiguration(AutoConfigurations.of(BeamMcpReactiveHttpAutoConfiguration.class))
                .withUserConfiguration(BeamMcpHttpAutoConfigurationTests.Server.class)
                .run(context -> assertThat(context).doesNotHaveBean(McpWebHandler.class));
        reactive.withPropertyValues("beammcp.transport=stdio").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).doesNotHaveBean(McpWebHandler.class);
            assertThat(context).doesNotHaveBean(McpHttpPipeline.class);
        });
        secured.withClassLoader(new FilteredClassLoader(DispatcherHandler.class))
                .run(context -> assertThat(context).doesNotHaveBean(McpWebHandler.class));
    }

    @Test
    void theHostCodeSettingsBindAndAreDocumented() throws Exception {
        secured.run(context -> {
            BeamMcpHttpProperties.Reactive properties = context.getBean(BeamMcpHttpProperties.class).getReactive();
            assertThat(properties.isBlockingHostCode()).isTrue();
            assertThat(properties.getHostThreads()).isEqualTo(10 * Runtime.getRuntime().availableProcessors());
        });
        secured.withPropertyValues("beammcp.http.reactive.blocking-host-code=false",
                "beammcp.http.reactive.host-threads=3").run(context -> {
                    BeamMcpHttpProperties.Reactive properties = context.getBean(BeamMcpHttpProperties.class).getReactive();
                    assertThat(properties.isBlockingHostCode()).isFalse();
                    assertThat(properties.getHostThreads()).isEqualTo(3);
                });
        secured.withPropertyValues("beammcp.http.reactive.host-threads=0")
                .run(context -> assertThat(context).hasFailed());
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            JsonNode metadata = JsonMapper.builder().build().readTree(in);
            for (String name : List.of("beammcp.http.reactive.blocking-host-code", "beammcp.http.reactive.host-threads")) {
                boolean documented = false;
                for (JsonNode property : metadata.get("properties")) {
                    documented |= property.get("name").stringValue().equals(name)
                            && !property.path("description").asString("").isBlank();
                }
                assertThat(documented).as(name).isTrue();
            }
        }
    }

    @Test
    void missingAuthorizerOrAllowedOriginsFailsStartupAsOnTheServletTransport() {
        reactive.withPropertyValues(ORIGINS).run(context -> {
            assertThat(context).hasFailed();
            FailureAnalysis analysis = new MissingMcpAuthorizerFailureAnalyzer().analyze(context.getStartupFailure());
            assertThat(analysis.getDescription()).isEqualTo(MissingMcpAuthorizerFailureAnalyzer.DESCRIPTION
                    .formatted("/mcp"));
        });
        reactive.withUserConfiguration(BeamMcpHttpAutoConfigurationTests.PermitAll.class).run(context -> {
            assertThat(context).hasFailed();
            FailureAnalysis analysis = new MissingAllowedOriginsFailureAnalyzer().analyze(context.getStartupFailure());
            assertThat(analysis.getDescription()).isEqualTo(MissingAllowedOriginsFailureAnalyzer.DESCRIPTION
                    .formatted("/mcp"));
        });
    }

    @Test
    void aReactiveApplicationWithoutAuthorizerDoesNotStart(CapturedOutput output) {
        assertThatException().isThrownBy(() -> Transport.REACTIVE.application(WebApp.class).run("--" + ORIGINS));
        assertThat(output).contains("APPLICATION FAILED TO START",
                MissingMcpAuthorizerFailureAnalyzer.DESCRIPTION.formatted("/mcp"),
                MissingMcpAuthorizerFailureAnalyzer.ACTION);
    }

    @Test
    void runsAfterTheServerAutoConfigurationAndIsRegistered() {
        AutoConfiguration annotation = BeamMcpReactiveHttpAutoConfiguration.class.getAnnotation(AutoConfiguration.class);
        assertThat(annotation.after()).containsExactly(io.beammcp.autoconfigure.BeamMcpAutoConfiguration.class);
        assertThat(ImportCandidates.load(AutoConfiguration.class, getClass().getClassLoader()))
                .contains(BeamMcpReactiveHttpAutoConfiguration.class.getName());
    }

    @Configuration(proxyBeanMethods = false)
    @Import(OwnEventLoops.class)
    @ImportAutoConfiguration({ NettyReactiveWebServerAutoConfiguration.class, HttpHandlerAutoConfiguration.class,
            WebFluxAutoConfiguration.class, BeamMcpReactiveHttpAutoConfiguration.class })
    static class WebApp extends BeamMcpHttpAutoConfigurationTests.Server {
    }
}
