package io.beammcp.autoconfigure;

import io.beammcp.core.server.McpServer;
import org.springframework.context.SmartLifecycle;

/**
 * Answers the calls still running once the shutdown's grace period is over ({@link McpServer#endCallsInFlight()}):
 * each client gets a {@code -32603} error saying the server shut down before its request was done, and host
 * code is interrupted. It stops after the phases that wait for calls within
 * {@code spring.lifecycle.timeout-per-shutdown-phase} (the web server's graceful shutdown, the stdio
 * transport's wait) and before the web server stops, so the answers still reach their clients.
 */
final class McpServerCallsLifecycle implements SmartLifecycle {

    /** Between the web server's graceful shutdown ({@code DEFAULT_PHASE - 1024}) and its stop ({@code - 2048}). */
    static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 1536;

    private final McpServer server;
    private volatile boolean running;

    McpServerCallsLifecycle(McpServer server) {
        this.server = server;
    }

    @Override
    public void start() {
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        server.endCallsInFlight();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return PHASE;
    }
}
