package io.beammcp.autoconfigure.security;

import io.beammcp.autoconfigure.http.BeamMcpHttpAutoConfiguration;
import io.beammcp.autoconfigure.http.BeamMcpReactiveHttpAutoConfiguration;
import io.beammcp.autoconfigure.http.McpAuthorizer;
import io.beammcp.autoconfigure.http.McpContextPropagation;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.concurrent.DelegatingSecurityContextExecutor;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * With Spring Security on the classpath of an HTTP application, servlet or reactive: unless the application
 * defines its own, the {@link McpAuthorizer} admits the authenticated user the security chain found and refuses
 * anyone else. On the servlet transport the request's security context is carried to host code when the rest of
 * the body is read on another thread; the reactive transport runs host code within a security context holding
 * the request's principal by itself.
 */
@AutoConfiguration(before = { BeamMcpHttpAutoConfiguration.class, BeamMcpReactiveHttpAutoConfiguration.class })
@ConditionalOnWebApplication
@ConditionalOnClass({ SecurityContextHolder.class, McpAuthorizer.class })
@ConditionalOnProperty(name = "beammcp.transport", havingValue = "http", matchIfMissing = true)
public final class BeamMcpSecurityAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    McpAuthorizer mcpAuthorizer() {
        return new AuthenticatedAuthorizer();
    }

    /** The servlet transport's hand-off of the admitting thread's security context. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    static final class Propagation {

        @Bean
        @ConditionalOnMissingBean
        McpContextPropagation mcpSecurityContextPropagation() {
            return () -> new DelegatingSecurityContextExecutor(Runnable::run,
                    SecurityContextHolder.getContextHolderStrategy().getContext());
        }
    }
}
