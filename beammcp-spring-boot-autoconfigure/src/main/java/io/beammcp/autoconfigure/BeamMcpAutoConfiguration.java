package io.beammcp.autoconfigure;

import io.beammcp.core.Catalog;
import io.beammcp.core.CatalogChanges;
import io.beammcp.core.Completer;
import io.beammcp.core.Dispatch;
import io.beammcp.core.PromptRenderer;
import io.beammcp.core.ResourceReader;
import io.beammcp.autoconfigure.tasks.BeamMcpTasksProperties;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.tasks.TaskStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

import java.nio.charset.StandardCharsets;

/**
 * Builds the {@link McpServer} from the application's {@link Catalog} and {@link Dispatch} beans, its
 * optional {@link ResourceReader}, {@link PromptRenderer}, {@link Completer} and {@link CatalogChanges}
 * beans (a {@code CatalogChanges} bean declares that the lists change), and the {@link BeamMcpProperties}.
 * A missing catalog or dispatch fails startup with an explanation of how to declare it; a catalog the core
 * refuses fails startup naming the culprit. Declare an {@code McpServer} bean to replace this one.
 *
 * <p>When the application context stops, the server's open streams end first (before the web server's
 * graceful shutdown waits for requests), each {@code subscriptions/listen} with its final result.
 */
@AutoConfiguration
@EnableConfigurationProperties(BeamMcpProperties.class)
public final class BeamMcpAutoConfiguration {

    private static final Logger log = LoggerFactory.getLogger(BeamMcpAutoConfiguration.class);

    @Bean
    @ConditionalOnMissingBean
    McpServer mcpServer(ObjectProvider<Catalog> catalog, ObjectProvider<Dispatch> dispatch,
            ObjectProvider<ResourceReader> resourceReader, ObjectProvider<PromptRenderer> promptRenderer,
            ObjectProvider<Completer> completer, ObjectProvider<CatalogChanges> changes, BeamMcpProperties properties,
            ObjectProvider<TaskStore> taskStore, ObjectProvider<BeamMcpTasksProperties> tasksProperties,
            Environment environment) {
        BeamMcpTasksProperties tasks = tasksProperties.getIfAvailable(BeamMcpTasksProperties::new);
        BeamMcpProperties.Tools tools = properties.getTools();
        BeamMcpProperties.Streams streams = properties.getStreams();
        BeamMcpProperties.ListCache resources = properties.getResources();
        BeamMcpProperties.ListCache prompts = properties.getPrompts();
        BeamMcpProperties.ListCache discover = properties.getDiscover();
        BeamMcpProperties.Input input = properties.getInput();
        if (input.getStateKey() == null && properties.getTransport() == BeamMcpProperties.Transport.HTTP) {
            log.warn("beammcp.input.state-key is not set: this instance seals requestState with a random key of its "
                    + "own, so behind a load balancer a multi-round request retried on another instance is refused. "
                    + "Give every instance the same secret of at least 32 bytes.");
        }
        return McpServer.builder(required(catalog, Catalog.class), required(dispatch, Dispatch.class))
                .serverName(orElse(properties.getServerName(),
                        environment.getProperty("spring.application.name", "beammcp")))
                .serverVersion(orElse(properties.getServerVersion(),
                        environment.getProperty("spring.application.version", "0.0.0")))
                .instructions(properties.getInstructions())
                .pageSize(properties.getPageSize())
                .maxMessageSize(properties.getMaxMessageSize().toBytes())
                .resourceReader(resourceReader.getIfAvailable())
                .promptRenderer(promptRenderer.getIfAvailable())
                .completer(completer.getIfAvailable())
                .toolsCache(tools.getTtl(), tools.getCacheScope())
                .resourcesCache(resources.getTtl(), resources.getCacheScope())
                .promptsCache(prompts.getTtl(), prompts.getCacheScope())
                .discoverCache(discover.getTtl(), discover.getCacheScope())
                .catalogChanges(changes.getIfAvailable())
                .toolTimeout(tools.getTimeout())
                .maxStreams(streams.getMaxOpen())
                .maxStreamsPerSession(streams.getMaxPerSession())
                .inputStateKey(input.getStateKey() == null ? null : input.getStateKey().getBytes(StandardCharsets.UTF_8))
                .inputStateTtl(input.getStateTtl())
                .inputTimeout(input.getTimeout())
                .tasks(tasks.isEnabled() ? taskStore.getIfAvailable() : null)
                .taskTtl(tasks.getTtl())
                .taskPollInterval(tasks.getPollInterval())
                .taskImmediateWindow(tasks.getImmediateWindow())
                .taskLease(tasks.getLease())
                .build();
    }

    @Bean
    McpServerStreamsLifecycle mcpServerStreamsLifecycle(McpServer server) {
        return new McpServerStreamsLifecycle(server);
    }

    /** The one bean of the type; none is a {@link MissingHostBeanException}, several are Spring's error. */
    private static <T> T required(ObjectProvider<T> beans, Class<T> type) {
        return beans.getIfAvailable(() -> {
            throw new MissingHostBeanException(type);
        });
    }

    private static String orElse(String value, String fallback) {
        return value != null ? value : fallback;
    }
}
