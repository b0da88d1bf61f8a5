package io.beammcp.autoconfigure;

import io.beammcp.autoconfigure.limits.BeamMcpLimitsProperties;
import io.beammcp.core.server.McpServer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code beammcp.limits}: off by default, bound from the environment by the core auto-configuration. */
class BeamMcpLimitsPropertiesTests {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeamMcpAutoConfiguration.class))
            .withUserConfiguration(Hosts.CatalogOnly.class, Hosts.DispatchOnly.class);

    @Test
    void offByDefault() {
        runner.run(context -> assertThat(context.getBean(BeamMcpLimitsProperties.class)
                .getMaxConcurrentCallsPerTool()).isZero());
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
}
