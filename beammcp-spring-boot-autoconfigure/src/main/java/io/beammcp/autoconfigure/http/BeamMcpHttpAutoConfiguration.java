package io.beammcp.autoconfigure.http;

import io.beammcp.autoconfigure.BeamMcpProperties;
import io.beammcp.core.server.McpServer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.servlet.DispatcherServlet;

/**
 * Serves the {@link McpServer} over Streamable HTTP at {@code beammcp.http.path} (default {@code /mcp}),
 * in a servlet web application whose {@code beammcp.transport} is {@code http} (the default).
 *
 * <p>Secure by default: startup fails, explaining what to add, unless the application defines an
 * {@link McpAuthorizer} bean and sets {@code beammcp.http.allowed-origins}; there is no default for
 * either. Every bean backs off when the application defines its own.
 */
@AutoConfiguration(afterName = "io.beammcp.autoconfigure.BeamMcpAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({ DispatcherServlet.class, DeferredResult.class })
@ConditionalOnProperty(name = "beammcp.transport", havingValue = "http", matchIfMissing = true)
@EnableConfigurationProperties({ BeamMcpHttpProperties.class, BeamMcpProperties.class })
public final class BeamMcpHttpAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    McpSessionStore mcpSessionStore(BeamMcpHttpProperties properties) {
        BeamMcpHttpProperties.Session session = properties.getSession();
        return new InMemoryMcpSessionStore(session.getMaxCount(), session.getIdleTimeout());
    }

    @Bean
    @ConditionalOnMissingBean
    McpHttpController mcpHttpController(McpServer server, BeamMcpHttpProperties properties,
            BeamMcpProperties serverProperties, ObjectProvider<McpAuthorizer> authorizer,
            ObjectProvider<McpBodyAuthorizer> bodyAuthorizer, McpSessionStore sessions) {
        if (properties.getAllowedOrigins() == null) {
            throw new MissingAllowedOriginsException(properties.getPath());
        }
        McpAuthorizer required = authorizer.getIfAvailable(() -> {
            throw new MissingMcpAuthorizerException(properties.getPath());
        });
        OriginGuard guard = new OriginGuard(properties.getAllowedOrigins(), properties.getAllowedHosts());
        return new McpHttpController(server, guard, required, bodyAuthorizer.getIfAvailable(), sessions,
                (int) properties.getMaxBodySize().toBytes(), properties.getReadTimeout(),
                serverProperties.getStreams().getHeartbeat());
    }
}
