package io.beammcp.autoconfigure.tasks;

import io.beammcp.core.tasks.InMemoryTaskStore;
import io.beammcp.core.tasks.TaskStore;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Keeps tasks in memory unless the application (or a store module such as {@code beammcp-tasks-jdbc})
 * provides its own {@link TaskStore}; {@code beammcp.tasks.enabled=false} turns tasks off.
 */
@AutoConfiguration(beforeName = "io.beammcp.autoconfigure.BeamMcpAutoConfiguration")
@ConditionalOnProperty(name = "beammcp.tasks.enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(BeamMcpTasksProperties.class)
public final class BeamMcpTasksAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    TaskStore mcpTaskStore(BeamMcpTasksProperties properties) {
        return new InMemoryTaskStore(properties.getMaxCount());
    }
}
