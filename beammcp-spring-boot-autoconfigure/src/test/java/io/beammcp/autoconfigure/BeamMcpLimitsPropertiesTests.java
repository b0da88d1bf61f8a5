package io.beammcp.autoconfigure;

import io.beammcp.autoconfigure.limits.BeamMcpLimitsProperties;
import io.beammcp.core.spi.McpLimits;
import io.beammcp.core.server.McpServer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import tools.jackson.databind.JsonNode;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code beammcp.limits}: the result cap of 4 MiB by default, the others off; bound from the environment by the
 * core auto-configuration.
 */
class BeamMcpLimitsPropertiesTests {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeamMcpAutoConfiguration.class))
            .withUserConfiguration(Hosts.CatalogOnly.class, Hosts.DispatchOnly.class);

    @Test
    void onlyTheResultCapIsOnByDefault() {
        runner.run(context -> {
            McpLimits limits = context.getBean(BeamMcpLimitsProperties.class).toLimits();
            assertThat(limits).isEqualTo(new McpLimits(0, 4 * 1024 * 1024, 0, Duration.ofMinutes(1), 10_000))
                    .isEqualTo(McpLimits.DEFAULTS);
        });
        runner.withPropertyValues("beammcp.limits.max-result-size=0").run(context -> assertThat(
                context.getBean(BeamMcpLimitsProperties.class).toLimits()).isEqualTo(McpLimits.NONE));
    }

    @Test
    void theBoundIsBound() {
        runner.withPropertyValues("beammcp.limits.max-concurrent-calls-per-tool=3")
                .run(context -> assertThat(context.getBean(BeamMcpLimitsProperties.class)
                        .getMaxConcurrentCallsPerTool()).isEqualTo(3));
    }

    @Test
    void theResultCapReachesTheServer() {
        String call = Wire.modern(1, "tools/call", "\"name\":\"echo\",\"arguments\":{\"text\":\"" + "x".repeat(300) + "\"}");
        runner.withPropertyValues("beammcp.limits.max-result-size=200B").run(context -> {
            assertThat(context.getBean(BeamMcpLimitsProperties.class).getMaxResultSize().toBytes()).isEqualTo(200);
            JsonNode answer = Wire.ask(context.getBean(McpServer.class), call);
            assertThat(answer.at("/result/isError").asBoolean()).isTrue();
            assertThat(answer.at("/result/content/0/text").asString()).endsWith("over the server's limit of 200 bytes");
        });
    }

    @Test
    void theRateReachesTheServer() {
        String call = Wire.modern(1, "tools/call", "\"name\":\"echo\",\"arguments\":{\"text\":\"hi\"}");
        runner.withPropertyValues("beammcp.limits.tool-calls-per-caller=1", "beammcp.limits.tool-calls-period=2h",
                "beammcp.limits.max-tracked-callers=5").run(context -> {
            assertThat(context.getBean(BeamMcpLimitsProperties.class).toLimits())
                    .isEqualTo(new McpLimits(0, 4 * 1024 * 1024, 1, Duration.ofHours(2), 5));
            McpServer server = context.getBean(McpServer.class);
            assertThat(Wire.ask(server, call).at("/result/isError").asBoolean()).isFalse();
            JsonNode refused = Wire.ask(server, call);
            assertThat(refused.at("/result/isError").asBoolean()).isTrue();
            assertThat(refused.at("/result/content/0/text").asString())
                    .startsWith("Rate limit exceeded: at most 1 tool calls in 7200 s; retry after ");
        });
    }
}
