package io.beammcp.autoconfigure.http;

import io.beammcp.autoconfigure.BeamMcpAutoConfiguration;
import io.beammcp.core.server.McpServer;
import jakarta.servlet.DispatcherType;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletPath;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.web.servlet.DispatcherServlet;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Serves the {@link McpServer} over Streamable HTTP at {@code beammcp.http.path} (default {@code /mcp}),
 * in a servlet web application whose {@code beammcp.transport} is {@code http} (the default).
 *
 * <p>Secure by default: startup fails, explaining what to add, unless the application defines an
 * {@link McpAuthorizer} bean and sets {@code beammcp.http.allowed-origins}; there is no default for
 * either. The session store and the endpoint back off when the application defines its own.
 *
 * <p>The endpoint's path is mapped directly to the endpoint ({@link McpHandlerMapping}), ahead of the
 * application's annotated controllers. On the endpoint's path only, a filter ahead of all others ({@link UnreadBodyFilter}) keeps Spring MVC's
 * multipart resolver, its {@code FormContentFilter} and the container from reading the body before the
 * endpoint's own checks; multipart and form handling of the application's other paths is unchanged. Next comes
 * CORS ({@link McpCorsFilter}) for the same list of allowed origins, ahead of any security filter. The OAuth
 * discovery documents nothing else serves are an empty 404 ({@link WellKnownProbes}). A forwarded-headers setting
 * that lets clients choose their address is warned about at startup ({@link ForwardedHeaders}). Host code
 * runs on the thread serving the request, so an application that serves on virtual threads
 * ({@code spring.threads.virtual.enabled}, Java 21 or later) runs it on virtual threads.
 */
@AutoConfiguration(after = BeamMcpAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({ DispatcherServlet.class, DispatcherServletPath.class })
@ConditionalOnProperty(name = "beammcp.transport", havingValue = "http", matchIfMissing = true)
@Import(McpHttpPipelineConfiguration.class)
public final class BeamMcpHttpAutoConfiguration {

    @Bean
    FilterRegistrationBean<UnreadBodyFilter> mcpUnreadBodyFilter(BeamMcpHttpProperties properties,
            ObjectProvider<DispatcherServletPath> dispatcherServletPath) {
        FilterRegistrationBean<UnreadBodyFilter> registration = new FilterRegistrationBean<>(new UnreadBodyFilter());
        DispatcherServletPath servletPath = dispatcherServletPath.getIfAvailable();
        registration.addUrlPatterns(servletPath != null ? servletPath.getRelativePath(properties.getPath())
                : properties.getPath());
        registration.setDispatcherTypes(DispatcherType.REQUEST);
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        return registration;
    }

    @Bean
    FilterRegistrationBean<McpCorsFilter> mcpCorsFilter(BeamMcpHttpProperties properties,
            ObjectProvider<DispatcherServletPath> dispatcherServletPath) {
        FilterRegistrationBean<McpCorsFilter> registration = new FilterRegistrationBean<>(
                new McpCorsFilter(McpHttpPipelineConfiguration.guard(properties)));
        DispatcherServletPath servletPath = dispatcherServletPath.getIfAvailable();
        registration.addUrlPatterns(servletPath != null ? servletPath.getRelativePath(properties.getPath())
                : properties.getPath());
        registration.setDispatcherTypes(DispatcherType.REQUEST);
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 1);
        return registration;
    }

    @Bean
    WellKnownProbes mcpWellKnownProbes(BeamMcpHttpProperties properties) {
        return new WellKnownProbes(properties.getPath());
    }

    @Bean
    @ConditionalOnMissingBean
    McpHttpController mcpHttpController(McpHttpPipeline pipeline, ObjectProvider<McpContextPropagation> propagation,
            Environment environment) {
        ForwardedHeaders.warn(environment, false);
        McpHttpController controller = new McpHttpController(pipeline);
        propagation.ifAvailable(controller::propagation);
        return controller;
    }

    @Bean
    McpHandlerMapping mcpHandlerMapping(McpHttpController controller, BeamMcpHttpProperties properties,
            @Qualifier("requestMappingHandlerMapping") ObjectProvider<RequestMappingHandlerMapping> annotated) {
        return new McpHandlerMapping(properties.getPath(), controller, annotated.getIfAvailable());
    }
}
