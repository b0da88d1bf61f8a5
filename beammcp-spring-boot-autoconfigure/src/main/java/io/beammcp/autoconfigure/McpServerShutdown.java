package io.beammcp.autoconfigure;

import io.beammcp.core.server.McpServer;
import org.springframework.context.SmartLifecycle;

/**
 * One step of the server's shutdown, taken when the application context stops, in its phase:
 * <ul>
 * <li>{@link #streams}: the open streams end ({@link McpServer#close()}) in the default phase, before the web
 * server's graceful shutdown, which would otherwise wait for those long-lived responses until its timeout;</li>
 * <li>{@link #calls}: the calls still running once the grace period is over are answered, each client getting
 * {@code -32603}, and their host code interrupted ({@link McpServer#endCallsInFlight()}), after the phases
 * that wait for them within {@code spring.lifecycle.timeout-per-shutdown-phase} (the web server's graceful
 * shutdown, the stdio transport's wait) and before the web server stops, so the answers still reach their
 * clients.</li>
 * </ul>
 */
final class McpServerShutdown implements SmartLifecycle {

    /** Between the web server's graceful shutdown ({@code DEFAULT_PHASE - 1024}) and its stop ({@code - 2048}). */
    static final int CALLS_PHASE = SmartLifecycle.DEFAULT_PHASE - 1536;

    private final Runnable step;
    private final int phase;
    private volatile boolean running;

    private McpServerShutdown(Runnable step, int phase) {
        this.step = step;
        this.phase = phase;
    }

    static McpServerShutdown streams(McpServer server) {
        return new McpServerShutdown(server::close, SmartLifecycle.DEFAULT_PHASE);
    }

    static McpServerShutdown calls(McpServer server) {
        return new McpServerShutdown(server::endCallsInFlight, CALLS_PHASE);
    }

    @Override
    public void start() {
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        step.run();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return phase;
    }
}
