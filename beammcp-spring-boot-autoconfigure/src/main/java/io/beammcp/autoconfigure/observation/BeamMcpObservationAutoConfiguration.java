package io.beammcp.autoconfigure.observation;

import io.beammcp.autoconfigure.BeamMcpAutoConfiguration;
import io.beammcp.core.spi.McpObserver;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * When the application has an {@link ObservationRegistry} (Spring Boot's Actuator or Micrometer modules), one
 * Micrometer observation per MCP request and notification, after {@link DefaultMcpObservationConvention} or
 * the application's {@link McpObservationConvention}; with Micrometer Tracing each becomes a server span whose
 * parent is the trace context in the request's {@code params._meta}. Other {@link McpObserver} beans see the
 * messages too. Without a registry the server observes nothing, at no cost; Spring Boot's
 * {@code management.observations.enable.mcp=false} turns these observations off.
 */
@AutoConfiguration(before = BeamMcpAutoConfiguration.class,
        after = ObservationAutoConfiguration.class)
@ConditionalOnClass(ObservationRegistry.class)
@ConditionalOnBean(ObservationRegistry.class)
public final class BeamMcpObservationAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(name = "mcpObservationObserver")
    McpObserver mcpObservationObserver(ObservationRegistry registry, ObjectProvider<McpObservationConvention> convention) {
        return new ObservationMcpObserver(registry, convention.getIfAvailable());
    }
}
