package io.beammcp.autoconfigure.http;

import io.beammcp.autoconfigure.BeamMcpProperties;
import io.beammcp.core.server.McpServer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What both transports' auto-configurations share: the session store and the stages of the endpoint
 * ({@link McpHttpPipeline}), which refuse to start without {@code beammcp.http.allowed-origins} and an
 * {@link McpAuthorizer} (explained by the failure analyzers).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ BeamMcpHttpProperties.class, BeamMcpProperties.class })
class McpHttpPipelineConfiguration {

    @Bean
    @ConditionalOnMissingBean
    McpSessionStore mcpSessionStore(BeamMcpHttpProperties properties) {
        BeamMcpHttpProperties.Session session = properties.getSession();
        return new InMemoryMcpSessionStore(session.getMaxCount(), session.getMaxPerCaller(),
                session.getIdleTimeout());
    }

    @Bean
    McpHttpPipeline mcpHttpPipeline(McpServer server, BeamMcpHttpProperties properties,
            BeamMcpProperties serverProperties, ObjectProvider<McpAuthorizer> authorizer,
            ObjectProvider<McpBodyAuthorizer> bodyAuthorizer, McpSessionStore sessions,
            ObjectProvider<McpScopeChallenge> challenge) {
        if (properties.getAllowedOrigins() == null) {
            throw new MissingAllowedOriginsException(properties.getPath());
        }
        McpAuthorizer required = authorizer.getIfAvailable(() -> {
            throw new MissingMcpAuthorizerException(properties.getPath());
        });
        return new McpHttpPipeline(server, guard(properties), required, bodyAuthorizer.getIfAvailable(), sessions,
                (int) properties.getMaxBodySize().toBytes(), properties.getReadTimeout(),
                serverProperties.getStreams().getHeartbeat(),
                challenge.getIfAvailable(() -> McpScopeChallenge.bearer(null)));
    }

    /** The Origin and Host policy of the properties, for the endpoint and for CORS. */
    static OriginGuard guard(BeamMcpHttpProperties properties) {
        return new OriginGuard(properties.getAllowedOrigins() == null ? java.util.List.of()
                : properties.getAllowedOrigins(), properties.getAllowedHosts());
    }
}
