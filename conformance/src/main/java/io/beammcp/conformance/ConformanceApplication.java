package io.beammcp.conformance;

import io.beammcp.autoconfigure.http.McpAuthorizer;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.CatalogChanges;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ToolSpec;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import javax.sql.DataSource;
import java.util.ArrayList;
import java.util.List;

/**
 * The fixture host the official conformance suite drives: FIXTURE.md's tools, resources and prompts,
 * written with the public starter API only, served on loopback. Its {@link CatalogChanges} bean declares
 * that the lists change (the trigger tools report changes through it), so list changes and resource
 * subscriptions are advertised and served. There is a {@link DataSource} only with {@code spring.datasource.url}:
 * then tasks may be kept in it ({@code beammcp.tasks.store=jdbc}) and the instances form a cluster
 * ({@code beammcp.cluster.enabled}; interop/run.sh: three instances on one PostgreSQL).
 */
@SpringBootApplication(exclude = DataSourceAutoConfiguration.class)
public class ConformanceApplication {

    public static void main(String[] args) {
        SpringApplication.run(ConformanceApplication.class, args);
    }

    @Bean
    Catalog catalog() {
        List<ToolSpec> tools = new ArrayList<>(FixtureTools.TOOLS);
        tools.addAll(FixtureInput.TOOLS);
        tools.addAll(FixtureTasks.TOOLS);
        List<PromptSpec> prompts = new ArrayList<>(FixturePrompts.PROMPTS);
        prompts.add(FixtureInput.PROMPT);
        return Catalog.of(tools, FixtureResources.RESOURCES, prompts);
    }

    @Bean
    CatalogChanges catalogChanges() {
        return new CatalogChanges();
    }

    @Bean
    Dispatch dispatch(CatalogChanges changes) {
        return new FixtureTools(changes);
    }

    @Bean
    FixtureResources resources() {
        return new FixtureResources();
    }

    @Bean
    FixturePrompts prompts() {
        return new FixturePrompts();
    }

    /** The suite authenticates nothing; the server only listens on loopback. */
    @Bean
    McpAuthorizer authorizer() {
        return McpAuthorizer.permitAll();
    }

    /** The database of the shared task store and the cluster, from the usual {@code spring.datasource.*} properties. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = "spring.datasource.url")
    @EnableConfigurationProperties(DataSourceProperties.class)
    static class TaskDatabase {

        @Bean
        DataSource dataSource(DataSourceProperties properties) {
            return properties.initializeDataSourceBuilder().build();
        }
    }
}
