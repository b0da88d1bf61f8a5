package io.beammcp.autoconfigure;

import io.beammcp.core.server.McpServer;
import io.beammcp.core.server.StdioTransport;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.SmartLifecycle;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.Principal;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.function.IntConsumer;

/**
 * Serves stdio once every runner of the application has run (host code on the given executor, or on the transport's
 * own threads), then closes the context and exits the JVM, so that no non-daemon thread can keep it alive: status 0
 * at end of input or on {@code shutdown} / {@code exit}, 1 when reading fails. Runners of equal order run in no set
 * order, so as a runner it only marks that the application runs them; the loop starts on
 * {@link ApplicationReadyEvent}, which Spring Boot publishes after the last runner, on a non-daemon thread of its own:
 * blocking that event's thread would hold back the listeners after this one and the readiness state, and keep
 * {@code SpringApplication.run} from returning.
 *
 * <p>When the context stops before the input ends (the JVM got {@code SIGTERM}), messages read from then on
 * are not served and the calls already read are answered first, within the shutdown phase's grace period.
 */
final class StdioRunner implements CommandLineRunner, ApplicationListener<ApplicationReadyEvent>, SmartLifecycle {

    private static final Log log = LogFactory.getLog(StdioRunner.class);

    private final ApplicationContext context;
    private final InputStream in;
    private final OutputStream out;
    private final IntConsumer exit;
    private final StdioTransport transport;
    private Duration grace = Duration.ofSeconds(30);
    private volatile boolean running;
    private volatile boolean runnersCalled;

    StdioRunner(McpServer server, ApplicationContext context, InputStream in, OutputStream out, IntConsumer exit) {
        this(server, context, in, out, exit, null);
    }

    StdioRunner(McpServer server, ApplicationContext context, InputStream in, OutputStream out, IntConsumer exit,
            Executor hostCode) {
        this(server, context, in, out, exit, hostCode, null);
    }

    StdioRunner(McpServer server, ApplicationContext context, InputStream in, OutputStream out, IntConsumer exit,
            Executor hostCode, Principal principal) {
        this.context = context;
        this.in = in;
        this.out = out;
        this.exit = exit;
        this.transport = new StdioTransport(server, hostCode, principal);
    }

    /** How long stopping waits for the calls in flight: {@code spring.lifecycle.timeout-per-shutdown-phase}. */
    void grace(Duration grace) {
        this.grace = grace;
    }

    /** Marks that the application runs its runners: serving starts once they all have. */
    @Override
    public void run(String... args) {
        runnersCalled = true;
    }

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        // a child context's event reaches its parent's listeners too
        if (runnersCalled && event.getApplicationContext() == context) {
            new Thread(this::serveThenExit, "beammcp-stdio").start();
        }
    }

    /** Serves until the input ends, then closes the context and exits with the status. */
    private void serveThenExit() {
        int status = 1;
        try {
            status = serve();
        } catch (RuntimeException e) {
            log.error("Serving MCP on standard input failed; stopping", e);
        }
        int code = status;
        exit.accept(SpringApplication.exit(context, () -> code));
    }

    private int serve() {
        log.info("Serving MCP on standard input and output");
        try {
            transport.serve(in, out);
            log.info("MCP session on standard input ended; stopping");
            return 0;
        } catch (IOException e) {
            log.error("Reading standard input failed; stopping", e);
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            log.error("Interrupted while finishing in-flight calls; stopping");
            return 1;
        }
    }

    @Override
    public void start() {
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        try {
            if (!transport.stop(grace)) {
                log.warn("Stopping with MCP calls still running after " + grace);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
