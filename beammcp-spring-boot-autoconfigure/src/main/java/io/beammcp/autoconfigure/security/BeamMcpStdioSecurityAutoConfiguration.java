package io.beammcp.autoconfigure.security;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.security.web.SecurityFilterChain;

/**
 * With {@code beammcp.transport=stdio}, an application that declares {@code SecurityFilterChain} beans still
 * starts: it runs without a web server, so there is no {@code HttpSecurity} to build them from, nor a request
 * for them to filter, and their definitions are dropped.
 */
@AutoConfiguration
@ConditionalOnClass(SecurityFilterChain.class)
@ConditionalOnProperty(name = "beammcp.transport", havingValue = "stdio")
public final class BeamMcpStdioSecurityAutoConfiguration {

    private static final Log log = LogFactory.getLog(BeamMcpStdioSecurityAutoConfiguration.class);

    @Bean
    static BeanFactoryPostProcessor beamMcpStdioWithoutFilterChains() {
        return beanFactory -> {
            if (!(beanFactory instanceof BeanDefinitionRegistry registry)) {
                return;
            }
            for (String name : beanFactory.getBeanNamesForType(SecurityFilterChain.class, true, false)) {
                if (registry.containsBeanDefinition(name)) {
                    log.debug("MCP over stdio: the HTTP security filter chain '" + name + "' is not created");
                    registry.removeBeanDefinition(name);
                }
            }
        };
    }
}
