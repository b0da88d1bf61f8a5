package io.beammcp.autoconfigure.actuator;

import io.beammcp.autoconfigure.BeamMcpAutoConfiguration;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class BeamMcpActuatorAutoConfigurationTests {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeamMcpAutoConfiguration.class,
                    BeamMcpActuatorAutoConfiguration.class))
            .withUserConfiguration(Host.class);

    @Configuration(proxyBeanMethods = false)
    static class Host {

        @Bean
        Catalog catalog() {
            return Catalog.of(List.of(ToolSpec.builder("b").destructive().build(), ToolSpec.builder("a").scopes("files:read", "files:write").build()));
        }

        @Bean
        Dispatch dispatch() {
            return (tool, arguments, context) -> ToolResult.of("ok");
        }
    }

    @Test
    void aStdioServerIsUpWithoutSessionDetailsAndItsInfoNamesItAfterTheApplication() {
        runner.withPropertyValues("spring.application.name=demo", "beammcp.server-version=2.0.0",
                "beammcp.streams.max-open=3").run(context -> {
            Health health = context.getBean(McpHealthIndicator.class).health();
            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsEntry("tools", 2).containsEntry("callsInFlight", 0)
                    .containsEntry("streams", Map.of("open", 0, "max", 3)).doesNotContainKey("sessions");
            Info.Builder info = new Info.Builder();
            context.getBean(McpInfoContributor.class).contribute(info);
            assertThat(info.build().get("mcp")).isEqualTo(Map.of("name", "demo", "version", "2.0.0",
                    "revisions", List.of("2025-11-25", "2026-07-28"), "tools", 2, "resources", 0, "prompts", 0));
        });
    }

    @Test
    void theEndpointListsToolsByNameWithTheirHintsAndScopes() {
        runner.withPropertyValues("management.endpoints.web.exposure.include=mcp").run(context -> {
            Map<String, Object> catalog = context.getBean(McpEndpoint.class).catalog();
            assertThat(catalog.get("tools").toString()).isEqualTo("[{name=a, taskSupport=forbidden, scopes=[files:read, files:write]}, "
                    + "{name=b, annotations={destructiveHint=true}, taskSupport=forbidden}]");
        });
    }

    @Test
    void theEndpointIsAbsentUnlessExposedAndTheHealthIndicatorCanBeTurnedOff() {
        runner.withPropertyValues("management.health.mcp.enabled=false").run(context -> assertThat(context)
                .doesNotHaveBean(McpEndpoint.class).doesNotHaveBean(McpHealthIndicator.class)
                .hasSingleBean(McpInfoContributor.class));
    }

    @Test
    void theInfoContributorCanBeTurnedOffByNameOrWithActuatorsDefaults() {
        runner.withPropertyValues("management.info.mcp.enabled=false").run(context -> assertThat(context)
                .doesNotHaveBean(McpInfoContributor.class).hasSingleBean(McpHealthIndicator.class));
        runner.withPropertyValues("management.info.defaults.enabled=false").run(context -> assertThat(context)
                .doesNotHaveBean(McpInfoContributor.class));
        runner.withPropertyValues("management.info.defaults.enabled=false", "management.info.mcp.enabled=true")
                .run(context -> assertThat(context).hasSingleBean(McpInfoContributor.class));
    }

    @Test
    void bothSwitchesAreDescribedInTheMetadata() throws Exception {
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            assertThat(in).isNotNull();
            JsonNode metadata = JsonMapper.builder().build().readTree(in);
            List<String> described = new ArrayList<>();
            metadata.get("properties").forEach(property -> {
                if (!property.path("description").asString("").isBlank()) {
                    described.add(property.get("name").stringValue());
                }
            });
            assertThat(described).contains("management.health.mcp.enabled", "management.info.mcp.enabled");
        }
    }
}
