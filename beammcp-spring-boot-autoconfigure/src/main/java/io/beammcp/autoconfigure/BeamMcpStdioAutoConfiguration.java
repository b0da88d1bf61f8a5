package io.beammcp.autoconfigure;

import io.beammcp.core.server.McpServer;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.thread.Threading;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.core.task.VirtualThreadTaskExecutor;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;
import org.springframework.util.ClassUtils;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.Principal;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.function.IntConsumer;

/**
 * With {@code beammcp.transport=stdio}: once every runner of the application has run, serves the
 * {@link McpServer} on standard input and output until end of input, then exits the JVM with status 0. Standard output is
 * written through its file descriptor, since {@code System.out} is routed to standard error then (see
 * the environment post-processor this module registers), so that nothing but responses reaches it. Host code
 * sees the principal {@code beammcp.stdio.principal.*} names, if any (with Spring Security, in its security
 * context too).
 */
@AutoConfiguration(after = BeamMcpAutoConfiguration.class)
@ConditionalOnProperty(name = "beammcp.transport", havingValue = "stdio")
@EnableConfigurationProperties(BeamMcpStdioProperties.class)
public final class BeamMcpStdioAutoConfiguration {

    private static final boolean SPRING_SECURITY = ClassUtils.isPresent(
            "org.springframework.security.core.context.SecurityContextHolder",
            BeamMcpStdioAutoConfiguration.class.getClassLoader());

    @Bean
    StdioRunner beamMcpStdioRunner(McpServer server, ApplicationContext context, Environment environment,
            BeamMcpStdioProperties properties) {
        StdioRunner runner = runner(server, context, environment, properties, System.in,
                new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 64 * 1024), System::exit);
        runner.grace(environment.getProperty("spring.lifecycle.timeout-per-shutdown-phase", Duration.class,
                Duration.ofSeconds(30)));
        return runner;
    }

    /** The runner on these streams, with the configured principal if any. */
    static StdioRunner runner(McpServer server, ApplicationContext context, Environment environment,
            BeamMcpStdioProperties properties, InputStream in, OutputStream out, IntConsumer exit) {
        BeamMcpStdioProperties.Principal configured = properties.getPrincipal();
        if (configured.getName() == null || configured.getName().isBlank()) {
            return new StdioRunner(server, context, in, out, exit, hostCode(environment));
        }
        if (!SPRING_SECURITY) {
            Principal named = configured::getName;
            return new StdioRunner(server, context, in, out, exit, hostCode(environment), named);
        }
        // with Spring Security, the principal is also the security context of every thread of the transport
        Principal principal = SecurityContexts.principal(configured.getName(), configured.getAuthorities());
        Executor threads = hostCode(environment);
        if (threads == null) {
            CustomizableThreadFactory daemons = new CustomizableThreadFactory("beammcp-stdio-");
            daemons.setDaemon(true);
            threads = Executors.newCachedThreadPool(daemons);
        }
        return new StdioRunner(server, context, in, out, exit, SecurityContexts.executor(principal, threads), principal);
    }

    /** A virtual thread per call when the application enables virtual threads, else the transport's own pool. */
    static Executor hostCode(Environment environment) {
        return Threading.VIRTUAL.isActive(environment) ? new VirtualThreadTaskExecutor("beammcp-stdio-virtual-") : null;
    }
}
