package io.beammcp.autoconfigure.security;

import io.beammcp.autoconfigure.http.BeamMcpHttpAutoConfiguration;
import io.beammcp.autoconfigure.http.McpAuthorizer;
import io.beammcp.autoconfigure.http.McpContextPropagation;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.security.concurrent.DelegatingSecurityContextExecutor;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * With Spring Security on the classpath of an HTTP application: unless the application defines its own,
 * the {@link McpAuthorizer} admits the authenticated user of the request's security context and refuses
 * anyone else, and that security context is carried to host code when the rest of the body is read on
 * another thread.
 */
@AutoConfiguration(before = BeamMcpHttpAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({ SecurityContextHolder.class, McpAuthorizer.class })
@ConditionalOnProperty(name = "beammcp.transport", havingValue = "http", matchIfMissing = true)
public final class BeamMcpSecurityAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    McpAuthorizer mcpAuthorizer() {
        return new AuthenticatedAuthorizer();
    }

    @Bean
    @ConditionalOnMissingBean
    McpContextPropagation mcpSecurityContextPropagation() {
        return () -> new DelegatingSecurityContextExecutor(Runnable::run,
                SecurityContextHolder.getContextHolderStrategy().getContext());
    }
}
