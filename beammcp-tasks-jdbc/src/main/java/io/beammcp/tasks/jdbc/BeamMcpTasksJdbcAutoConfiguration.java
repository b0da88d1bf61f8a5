package io.beammcp.tasks.jdbc;

import io.beammcp.autoconfigure.tasks.BeamMcpTasksAutoConfiguration;
import io.beammcp.autoconfigure.tasks.BeamMcpTasksProperties;
import io.beammcp.core.tasks.TaskStore;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.init.DataSourceScriptDatabaseInitializer;
import org.springframework.boot.sql.init.DatabaseInitializationSettings;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.simple.JdbcClient;

import javax.sql.DataSource;
import java.util.List;

/**
 * With {@code beammcp.tasks.store=jdbc}, keeps tasks in the application's {@link DataSource} (a
 * {@link JdbcTaskStore}) instead of in memory, creating its table as {@code beammcp.tasks.jdbc.initialize-schema}
 * says. Declare a {@link TaskStore} bean to replace it.
 */
@AutoConfiguration(before = BeamMcpTasksAutoConfiguration.class, after = DataSourceAutoConfiguration.class)
@ConditionalOnProperty(name = "beammcp.tasks.store", havingValue = "jdbc")
@ConditionalOnSingleCandidate(DataSource.class)
@EnableConfigurationProperties({BeamMcpTasksProperties.class, BeamMcpTasksJdbcProperties.class})
public final class BeamMcpTasksJdbcAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(TaskStore.class)
    @DependsOnDatabaseInitialization
    JdbcTaskStore mcpJdbcTaskStore(DataSource dataSource, BeamMcpTasksProperties properties) {
        return new JdbcTaskStore(JdbcClient.create(dataSource), properties.getMaxCount(),
                properties.getMaxCountPerCaller());
    }

    @Bean
    DataSourceScriptDatabaseInitializer mcpTaskStoreSchemaInitializer(DataSource dataSource,
            BeamMcpTasksJdbcProperties properties) {
        DatabaseInitializationSettings settings = new DatabaseInitializationSettings();
        settings.setSchemaLocations(List.of(JdbcTaskStore.SCHEMA));
        settings.setMode(properties.getInitializeSchema());
        return new DataSourceScriptDatabaseInitializer(dataSource, settings);
    }
}
