package io.beammcp.autoconfigure.http;

import io.beammcp.autoconfigure.BeamMcpAutoConfiguration;
import io.beammcp.core.server.McpServer;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.thread.Threading;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.web.reactive.DispatcherHandler;
import org.springframework.web.reactive.handler.SimpleUrlHandlerMapping;

import java.util.Map;

/**
 * Serves the {@link McpServer} over Streamable HTTP at {@code beammcp.http.path} (default {@code /mcp}) in a
 * reactive web application (Spring WebFlux; Reactor Netty with {@code beammcp-spring-boot-starter-webflux}),
 * whose {@code beammcp.transport} is {@code http} (the default), with the wire behaviour of the servlet
 * transport ({@link BeamMcpHttpAutoConfiguration}): the same stages, properties, refusals and startup checks.
 *
 * <p>The endpoint ({@link McpWebHandler}) is mapped directly, ahead of the application's handlers. On its path
 * only, a filter ahead of all others ({@link ReactiveUnreadBodyFilter}) keeps the body unread until the
 * endpoint's own checks and closes the connection after an answer given before the body was read; next comes
 * CORS ({@link ReactiveCorsFilter}) for the same list of allowed origins, ahead of any security filter. The OAuth
 * discovery documents nothing else serves are an empty 404 ({@link ReactiveWellKnownProbes}). Host code never
 * runs on an event loop unless declared non-blocking ({@link HostThreads}).
 */
@AutoConfiguration(after = BeamMcpAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnClass(DispatcherHandler.class)
@ConditionalOnProperty(name = "beammcp.transport", havingValue = "http", matchIfMissing = true)
@Import(McpHttpPipelineConfiguration.class)
public final class BeamMcpReactiveHttpAutoConfiguration {

    @Bean
    ResponsesInFlight mcpResponsesInFlight() {
        return new ResponsesInFlight();
    }

    @Bean
    McpWebHandler mcpWebHandler(McpHttpPipeline pipeline, ResponsesInFlight responses,
            BeamMcpHttpProperties properties, Environment environment) {
        ForwardedHeaders.warn(environment, true);
        BeamMcpHttpProperties.Reactive reactive = properties.getReactive();
        return new McpWebHandler(pipeline, HostThreads.of(reactive.isBlockingHostCode(),
                Threading.VIRTUAL.isActive(environment), reactive.getHostThreads()), responses);
    }

    @Bean
    SimpleUrlHandlerMapping mcpHandlerMapping(McpWebHandler handler, BeamMcpHttpProperties properties) {
        // ahead of the router functions' mapping (-1) and the annotated controllers' (0)
        return new SimpleUrlHandlerMapping(Map.of(properties.getPath(), handler), Ordered.HIGHEST_PRECEDENCE + 10);
    }

    @Bean
    ReactiveUnreadBodyFilter mcpUnreadBodyFilter(BeamMcpHttpProperties properties) {
        return new ReactiveUnreadBodyFilter(properties.getPath());
    }

    @Bean
    ReactiveCorsFilter mcpCorsFilter(BeamMcpHttpProperties properties) {
        return new ReactiveCorsFilter(properties.getPath(), McpHttpPipelineConfiguration.guard(properties));
    }

    @Bean
    ReactiveWellKnownProbes mcpWellKnownProbes(BeamMcpHttpProperties properties) {
        return new ReactiveWellKnownProbes(properties.getPath());
    }
}
