package io.beammcp.test.autoconfigure;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Gives a {@code @SpringBootTest} an {@link io.beammcp.test.McpTestClient} to inject: over HTTP to the running
 * application when the test starts a web server ({@code webEnvironment = RANDOM_PORT}), in process against the
 * {@code McpServer} bean otherwise. Each injection point gets a client of its own; an application that wants a
 * token gets it with {@link io.beammcp.test.McpTestClient#bearerToken(java.util.function.Supplier)}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ImportAutoConfiguration(McpTestClientAutoConfiguration.class)
public @interface AutoConfigureMcpTestClient {
}
