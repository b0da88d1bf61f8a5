package io.beammcp.autoconfigure;

import io.beammcp.core.server.McpServer;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.thread.Threading;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.core.task.VirtualThreadTaskExecutor;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.util.concurrent.Executor;

/**
 * With {@code beammcp.transport=stdio}: once the application has started, serves the {@link McpServer}
 * on standard input and output until end of input, then exits the JVM with status 0. Standard output is
 * written through its file descriptor, since {@code System.out} is routed to standard error then (see
 * the environment post-processor this module registers), so that nothing but responses reaches it.
 */
@AutoConfiguration(after = BeamMcpAutoConfiguration.class)
@ConditionalOnProperty(name = "beammcp.transport", havingValue = "stdio")
public final class BeamMcpStdioAutoConfiguration {

    @Bean
    StdioRunner beamMcpStdioRunner(McpServer server, ApplicationContext context, Environment environment) {
        return new StdioRunner(server, context, System.in,
                new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 64 * 1024), System::exit,
                hostCode(environment));
    }

    /** A virtual thread per call when the application enables virtual threads, else the transport's own pool. */
    static Executor hostCode(Environment environment) {
        return Threading.VIRTUAL.isActive(environment) ? new VirtualThreadTaskExecutor("beammcp-stdio-virtual-") : null;
    }
}
