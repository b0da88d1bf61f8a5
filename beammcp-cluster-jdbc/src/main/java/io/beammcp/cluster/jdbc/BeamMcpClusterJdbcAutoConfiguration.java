package io.beammcp.cluster.jdbc;

import io.beammcp.autoconfigure.BeamMcpAutoConfiguration;
import io.beammcp.autoconfigure.http.BeamMcpHttpAutoConfiguration;
import io.beammcp.autoconfigure.http.BeamMcpHttpProperties;
import io.beammcp.autoconfigure.http.BeamMcpReactiveHttpAutoConfiguration;
import io.beammcp.autoconfigure.http.McpSessionStore;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.spi.McpClusterLink;
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
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

import javax.sql.DataSource;
import java.util.List;

/**
 * With {@code beammcp.cluster.enabled=true}, joins this instance to every other using the same PostgreSQL
 * {@link DataSource}: events between instances by {@code LISTEN}/{@code NOTIFY} (the server's
 * {@link McpClusterLink}), and 2025-11-25 sessions kept in the database (the endpoint's {@link McpSessionStore},
 * bounded by {@code beammcp.http.session.*}), so that a load balancer needs no session affinity. The tables
 * are created as {@code beammcp.cluster.initialize-schema} says.
 */
@AutoConfiguration(after = DataSourceAutoConfiguration.class, before = {BeamMcpAutoConfiguration.class,
        BeamMcpHttpAutoConfiguration.class, BeamMcpReactiveHttpAutoConfiguration.class})
@ConditionalOnProperty(name = "beammcp.cluster.enabled", havingValue = "true")
@EnableConfigurationProperties({BeamMcpClusterProperties.class, BeamMcpHttpProperties.class})
public final class BeamMcpClusterJdbcAutoConfiguration {

    /** The longest a statement on the session table may take before the request is refused. */
    private static final int QUERY_TIMEOUT_SECONDS = 5;

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnSingleCandidate(DataSource.class)
    static class Joined {

        @Bean
        @DependsOnDatabaseInitialization
        PostgresClusterLink mcpClusterLink(DataSource dataSource, BeamMcpClusterProperties properties) {
            return new PostgresClusterLink(dataSource, properties.getChannel());
        }

        @Bean
        @ConditionalOnMissingBean(McpSessionStore.class)
        @DependsOnDatabaseInitialization
        JdbcMcpSessionStore mcpJdbcSessionStore(DataSource dataSource, PostgresClusterLink link,
                BeamMcpHttpProperties http) {
            BeamMcpHttpProperties.Session session = http.getSession();
            JdbcTemplate template = new JdbcTemplate(dataSource);
            template.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            long idle = session.getIdleTimeout().toMillis();
            return new JdbcMcpSessionStore(JdbcClient.create(template), link, session.getMaxCount(),
                    session.getMaxPerCaller(), idle, System::currentTimeMillis, McpServer::restoreSession,
                    Math.max(idle / 4, 10_000));
        }

        @Bean
        DataSourceScriptDatabaseInitializer mcpClusterSchemaInitializer(DataSource dataSource,
                BeamMcpClusterProperties properties) {
            DatabaseInitializationSettings settings = new DatabaseInitializationSettings();
            settings.setSchemaLocations(List.of(JdbcMcpSessionStore.SCHEMA));
            settings.setMode(properties.getInitializeSchema());
            return new DataSourceScriptDatabaseInitializer(dataSource, settings);
        }
    }

    /** Without the database, instances would each run alone while the operator believes them joined. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnMissingBean(DataSource.class)
    static class NoDatabase {

        @Bean
        Object mcpClusterWithoutDatabase() {
            throw new IllegalStateException("beammcp.cluster.enabled=true needs the DataSource of the PostgreSQL"
                    + " database the instances share (spring.datasource.url)");
        }
    }
}
