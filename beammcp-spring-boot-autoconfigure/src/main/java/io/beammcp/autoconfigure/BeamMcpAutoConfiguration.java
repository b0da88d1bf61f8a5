package io.beammcp.autoconfigure;

import io.beammcp.core.Catalog;
import io.beammcp.core.Completer;
import io.beammcp.core.Dispatch;
import io.beammcp.core.PromptRenderer;
import io.beammcp.core.ResourceReader;
import io.beammcp.core.server.McpServer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Builds the {@link McpServer} from the application's {@link Catalog} and {@link Dispatch} beans, its
 * optional {@link ResourceReader}, {@link PromptRenderer} and {@link Completer} beans, and the
 * {@link BeamMcpProperties}. A missing catalog or dispatch fails startup with an explanation of how to
 * declare it; a catalog the core refuses fails startup naming the culprit. Declare an {@code McpServer}
 * bean to replace this one.
 */
@AutoConfiguration
@EnableConfigurationProperties(BeamMcpProperties.class)
public final class BeamMcpAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    McpServer mcpServer(ObjectProvider<Catalog> catalog, ObjectProvider<Dispatch> dispatch,
            ObjectProvider<ResourceReader> resourceReader, ObjectProvider<PromptRenderer> promptRenderer,
            ObjectProvider<Completer> completer, BeamMcpProperties properties, Environment environment) {
        BeamMcpProperties.ListCache tools = properties.getTools();
        BeamMcpProperties.ListCache resources = properties.getResources();
        BeamMcpProperties.ListCache prompts = properties.getPrompts();
        BeamMcpProperties.ListCache discover = properties.getDiscover();
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
                .build();
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
