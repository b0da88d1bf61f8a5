package io.beammcp.autoconfigure;

import io.beammcp.autoconfigure.limits.BeamMcpLimitsProperties;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

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
}
