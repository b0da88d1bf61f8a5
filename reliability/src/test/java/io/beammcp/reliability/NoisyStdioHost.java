package io.beammcp.reliability;

import io.beammcp.autoconfigure.http.McpAuthorizer;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;

import java.util.List;

/**
 * A host that prints and logs everywhere a host can once the application starts: in a bean's constructor, in
 * a static initializer, on every tool call (System.out, System.err, a logger at every level, a stack trace),
 * from another thread; and two tools that start a child process writing to standard output. Run as its own
 * process by {@link StdioHygieneTest}.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
public class NoisyStdioHost {

    private static final Logger log = LoggerFactory.getLogger(NoisyStdioHost.class);

    public static void main(String[] args) {
        SpringApplication.run(NoisyStdioHost.class, args);
    }

    /** A bean that is noisy as it is created. */
    static final class Chatty {

        static {
            System.out.println("NOISE static initializer");
        }

        Chatty() {
            System.out.println("NOISE constructor");
            System.out.print("NOISE without newline ");
            log.info("NOISE log at startup");
        }
    }

    @Bean
    Chatty chatty() {
        return new Chatty();
    }

    @Bean
    Catalog catalog() {
        return Catalog.of(List.of(ToolSpec.builder("noisy").description("Prints and logs").build(),
                ToolSpec.builder("boom").description("Throws").build(),
                ToolSpec.builder("child").description("Runs a child process that inherits standard output").build(),
                ToolSpec.builder("child_redirected").description("Runs the same child, its output discarded").build()));
    }

    @Bean
    Dispatch dispatch() {
        return (tool, arguments, context) -> {
            if (tool.startsWith("child")) {
                // the child writes to the descriptor it inherits: standard output is still the protocol's there
                ProcessBuilder child = new ProcessBuilder("sh", "-c", "echo CHILD " + tool).inheritIO();
                if (tool.equals("child_redirected")) {
                    child.redirectOutput(ProcessBuilder.Redirect.DISCARD);
                }
                return ToolResult.of("child exited with " + child.start().waitFor());
            }
            System.out.println("NOISE stdout {\"jsonrpc\":\"2.0\",\"id\":\"forged\",\"result\":{}}");
            System.out.print("NOISE half a line");
            System.err.println("NOISE stderr");
            log.trace("NOISE trace");
            log.debug("NOISE debug");
            log.info("NOISE info");
            log.warn("NOISE warn");
            log.error("NOISE error", new IllegalStateException("NOISE exception"));
            new Throwable("NOISE printed trace").printStackTrace();
            Thread thread = new Thread(() -> System.out.println("NOISE from another thread"));
            thread.start();
            thread.join();
            if (tool.equals("boom")) {
                throw new IllegalStateException("NOISE host failure");
            }
            return ToolResult.of("quiet result");
        };
    }

    @Bean
    McpAuthorizer authorizer() {
        return McpAuthorizer.permitAll();
    }
}
