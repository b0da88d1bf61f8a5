package io.beammcp.test.autoconfigure;

import io.beammcp.core.server.McpServer;
import io.beammcp.test.McpTestClient;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Lazy;
import org.springframework.context.annotation.Scope;
import org.springframework.core.env.Environment;

import java.net.URI;

/**
 * The {@link McpTestClient} of {@link AutoConfigureMcpTestClient}: a new one per injection point, made when it
 * is injected, so the web server's port is known by then.
 */
@AutoConfiguration
@ConditionalOnClass(McpServer.class)
public final class McpTestClientAutoConfiguration {

    @Bean
    @Lazy
    @Scope(ConfigurableBeanFactory.SCOPE_PROTOTYPE)
    @ConditionalOnMissingBean
    McpTestClient mcpTestClient(Environment environment, ObjectProvider<McpServer> server) {
        Integer port = environment.getProperty("local.server.port", Integer.class);
        if (port == null) {
            return McpTestClient.inProcess(server.getObject());
        }
        String path = environment.getProperty("beammcp.http.path", "/mcp");
        return McpTestClient.http(URI.create("http://localhost:" + port + path));
    }
}
