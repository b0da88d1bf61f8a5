package io.beammcp.autoconfigure;

import io.beammcp.autoconfigure.limits.BeamMcpLimitsProperties;
import io.beammcp.autoconfigure.tasks.BeamMcpTasksProperties;
import io.beammcp.core.BindingRegistry;
import io.beammcp.core.Completer;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.CatalogChanges;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.catalog.PromptRenderer;
import io.beammcp.core.catalog.ResourceReader;
import io.beammcp.core.server.CachedResult;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.server.McpServerBuilder;
import io.beammcp.core.spi.McpAccessPolicy;
import io.beammcp.core.spi.McpClusterLink;
import io.beammcp.core.spi.McpObserver;
import io.beammcp.core.tasks.TaskOptions;
import io.beammcp.core.tasks.TaskStore;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.core.io.support.ResourcePatternUtils;
import org.springframework.util.ClassUtils;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;

/**
 * Builds the {@link McpServer} from everything the application contributes (see {@link McpHostDiscoverer}):
 * beans with {@code @McpTool}, {@code @McpResource}, {@code @McpPrompt} ... methods, binding beans, the
 * low-level {@link Catalog} and {@link Dispatch} with its {@link ResourceReader}, {@link PromptRenderer},
 * {@link Completer} and {@link CatalogChanges}, a {@link BindingRegistry} (the last two declare that the
 * lists change), {@code McpExtension} beans, and the skills of {@link BeamMcpSkillsProperties} and
 * {@code SkillBinding} beans (the Skills extension), with the {@link BeamMcpProperties}. Host values are written, and annotated arguments bound,
 * with the application's {@link JsonMapper} ({@code spring.jackson.*}) when there is one. Offering nothing, or
 * a catalog the core refuses, fails startup with an explanation. Every {@link McpObserver} bean sees every
 * message, in their order (see the observation auto-configuration). Declare an {@code McpServer} bean to replace this one.
 *
 * <p>When the application context stops, the server's open streams end first (before the web server's
 * graceful shutdown waits for requests), each {@code subscriptions/listen} with its final result.
 */
@AutoConfiguration
@EnableConfigurationProperties({BeamMcpProperties.class, BeamMcpLimitsProperties.class, BeamMcpSkillsProperties.class})
public final class BeamMcpAutoConfiguration {

    /** With Spring Security, task work runs within the security context of the request that started it. */
    private static final boolean SPRING_SECURITY = ClassUtils.isPresent(
            "org.springframework.security.core.context.SecurityContextHolder",
            BeamMcpAutoConfiguration.class.getClassLoader());

    @Bean
    @ConditionalOnMissingBean
    McpServer mcpServer(ConfigurableListableBeanFactory beans, ObjectProvider<JsonMapper> jsonMapper,
            BeamMcpProperties properties, ObjectProvider<TaskStore> taskStore,
            ObjectProvider<BeamMcpTasksProperties> tasksProperties, Environment environment,
            ObjectProvider<McpObserver> observers,
            BeamMcpLimitsProperties limits, ObjectProvider<McpAccessPolicy> accessPolicy,
            BeamMcpSkillsProperties skills, ResourceLoader loader, ObjectProvider<McpClusterLink> cluster) {
        BeamMcpTasksProperties tasks = tasksProperties.getIfAvailable(BeamMcpTasksProperties::new);
        BeamMcpProperties.Tools tools = properties.getTools();
        BeamMcpProperties.Streams streams = properties.getStreams();
        BeamMcpProperties.ListCache resources = properties.getResources();
        BeamMcpProperties.ListCache prompts = properties.getPrompts();
        BeamMcpProperties.ListCache discover = properties.getDiscover();
        BeamMcpProperties.Input input = properties.getInput();
        McpServerBuilder builder = McpServer.builder().valueMapper(jsonMapper.getIfAvailable());
        new McpHostDiscoverer(beans).contribute(builder, SkillsDiscoverer.contribute(builder, skills,
                ResourcePatternUtils.getResourcePatternResolver(loader), beans));
        return builder.serverName(orElse(properties.getServerName(),
                        environment.getProperty("spring.application.name", "beammcp")))
                .serverVersion(orElse(properties.getServerVersion(),
                        environment.getProperty("spring.application.version", "0.0.0")))
                .instructions(properties.getInstructions())
                .pageSize(properties.getPageSize())
                .maxMessageSize(properties.getMaxMessageSize().toBytes())
                .cache(CachedResult.TOOLS, tools.getTtl(), tools.getCacheScope())
                .cache(CachedResult.RESOURCES, resources.getTtl(), resources.getCacheScope())
                .cache(CachedResult.PROMPTS, prompts.getTtl(), prompts.getCacheScope())
                .cache(CachedResult.DISCOVER, discover.getTtl(), discover.getCacheScope())
                .toolTimeout(tools.getTimeout())
                .maxStreams(streams.getMaxOpen())
                .maxStreamsPerSession(streams.getMaxPerSession())
                .maxStreamsPerCaller(streams.getMaxPerCaller())
                .inputStateKey(input.getStateKey() == null ? null : input.getStateKey().getBytes(StandardCharsets.UTF_8))
                .inputStateTtl(input.getStateTtl())
                .inputTimeout(input.getTimeout())
                .limits(limits.toLimits())
                .tasks(tasks.isEnabled() ? taskStore.getIfAvailable() : null, new TaskOptions(tasks.getTtl(),
                        tasks.getPollInterval(), tasks.getImmediateWindow(), tasks.getLease(),
                        SPRING_SECURITY ? SecurityContexts.tasks() : null))
                .observer(McpObserver.all(observers.orderedStream().toList()))
                .accessPolicy(accessPolicy.getIfAvailable())
                .cluster(cluster.getIfAvailable())
                .build();
    }

    @Bean
    McpServerShutdown mcpServerStreamsLifecycle(McpServer server) {
        return McpServerShutdown.streams(server);
    }

    @Bean
    McpServerShutdown mcpServerCallsLifecycle(McpServer server) {
        return McpServerShutdown.calls(server);
    }

    private static String orElse(String value, String fallback) {
        return value != null ? value : fallback;
    }
}
