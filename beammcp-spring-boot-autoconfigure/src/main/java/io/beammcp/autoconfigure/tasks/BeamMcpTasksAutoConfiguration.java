package io.beammcp.autoconfigure.tasks;

import io.beammcp.autoconfigure.BeamMcpAutoConfiguration;
import io.beammcp.core.tasks.InMemoryTaskStore;
import io.beammcp.core.tasks.TaskStore;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Keeps tasks in memory unless the application (or a store module such as {@code beammcp-tasks-jdbc})
 * provides its own {@link TaskStore}; {@code beammcp.tasks.enabled=false} turns tasks off. With
 * {@code beammcp.tasks.store=jdbc} and no store provided, startup fails rather than keep tasks to one instance.
 */
@AutoConfiguration(before = BeamMcpAutoConfiguration.class)
@ConditionalOnProperty(name = "beammcp.tasks.enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(BeamMcpTasksProperties.class)
public final class BeamMcpTasksAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    TaskStore mcpTaskStore(BeamMcpTasksProperties properties) {
        if (properties.getStore() == BeamMcpTasksProperties.Store.JDBC) {
            throw new IllegalStateException("beammcp.tasks.store=jdbc needs the beammcp-tasks-jdbc module and a single "
                    + "DataSource bean (spring.datasource.url); without them tasks would stay in this instance's memory");
        }
        return new InMemoryTaskStore(properties.getMaxCount(), properties.getMaxCountPerCaller());
    }
}
