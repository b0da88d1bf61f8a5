package io.beammcp.autoconfigure.actuator;

import io.beammcp.autoconfigure.BeamMcpAutoConfiguration;
import io.beammcp.autoconfigure.BeamMcpProperties;
import io.beammcp.autoconfigure.http.BeamMcpHttpAutoConfiguration;
import io.beammcp.autoconfigure.http.BeamMcpHttpProperties;
import io.beammcp.autoconfigure.http.McpSessionStore;
import io.beammcp.core.server.McpServer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.autoconfigure.info.ConditionalOnEnabledInfoContributor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * With Spring Boot Actuator: the {@code mcp} health indicator ({@link McpHealthIndicator}), the {@code mcp}
 * info contributor ({@link McpInfoContributor}) and the {@code mcp} endpoint listing the catalog
 * ({@link McpEndpoint}), each exposed as the application's {@code management.*} settings say.
 */
@AutoConfiguration(after = { BeamMcpAutoConfiguration.class,
        BeamMcpHttpAutoConfiguration.class })
@ConditionalOnClass(name = "org.springframework.boot.actuate.endpoint.annotation.Endpoint")
@ConditionalOnBean(McpServer.class)
@EnableConfigurationProperties(BeamMcpProperties.class)
public final class BeamMcpActuatorAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnAvailableEndpoint(McpEndpoint.class)
    McpEndpoint mcpEndpoint(McpServer server) {
        return new McpEndpoint(server);
    }

    @Bean
    @ConditionalOnMissingBean(name = "mcpInfoContributor")
    @ConditionalOnEnabledInfoContributor("mcp")
    McpInfoContributor mcpInfoContributor(McpServer server, BeamMcpProperties properties, Environment environment) {
        String name = properties.getServerName() != null ? properties.getServerName()
                : environment.getProperty("spring.application.name", "beammcp");
        String version = properties.getServerVersion() != null ? properties.getServerVersion()
                : environment.getProperty("spring.application.version", "0.0.0");
        return new McpInfoContributor(server, name, version);
    }

    /** The health indicator, where Spring Boot's health module is present. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(HealthIndicator.class)
    @ConditionalOnEnabledHealthIndicator("mcp")
    static final class Health {

        @Bean
        @ConditionalOnMissingBean(name = "mcpHealthIndicator")
        McpHealthIndicator mcpHealthIndicator(McpServer server, ObjectProvider<McpSessionStore> sessions,
                ObjectProvider<BeamMcpHttpProperties> http) {
            BeamMcpHttpProperties properties = http.getIfAvailable();
            return new McpHealthIndicator(server, sessions.getIfAvailable(),
                    properties == null ? 0 : properties.getSession().getMaxCount());
        }
    }
}
