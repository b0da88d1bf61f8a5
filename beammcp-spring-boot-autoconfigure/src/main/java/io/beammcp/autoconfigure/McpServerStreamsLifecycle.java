package io.beammcp.autoconfigure;

import io.beammcp.core.server.McpServer;
import org.springframework.context.SmartLifecycle;

/**
 * Ends the server's open streams when the application context stops ({@link McpServer#close()}). It stops
 * in the default phase, before the web server's graceful shutdown, which would otherwise wait for those
 * long-lived responses until its timeout.
 */
final class McpServerStreamsLifecycle implements SmartLifecycle {

    private final McpServer server;
    private volatile boolean running;

    McpServerStreamsLifecycle(McpServer server) {
        this.server = server;
    }

    @Override
    public void start() {
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        server.close();
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
