package io.beammcp.autoconfigure.security;

import io.beammcp.autoconfigure.BeamMcpAutoConfiguration;
import io.beammcp.core.spi.McpAccessPolicy;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.security.core.Authentication;

/**
 * With Spring Security on the classpath, over HTTP and stdio alike: declared scopes are read from the caller's
 * {@code SCOPE_} authorities ({@link AuthorityScopes}) unless the application defines its own
 * {@link McpAccessPolicy}.
 */
@AutoConfiguration(before = BeamMcpAutoConfiguration.class)
@ConditionalOnClass({ Authentication.class, McpAccessPolicy.class })
public final class BeamMcpAccessAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(McpAccessPolicy.class)
    AuthorityScopes mcpAuthorityScopes() {
        return new AuthorityScopes();
    }
}
