package io.beammcp.autoconfigure.http;

import org.springframework.context.SmartLifecycle;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The reactive endpoint's responses not yet written to their end. A reactive write returns before its bytes are
 * sent, so on shutdown, once the calls that outlived the grace period have been answered
 * ({@code McpServer.endCallsInFlight}, phase {@code DEFAULT_PHASE - 1536}) and before the web server stops
 * ({@code - 2048}), this waits for those answers to go out (at most {@value #FLUSH_SECONDS} s): stopping the
 * server would drop them, where a servlet write has sent its bytes when it returns.
 */
final class ResponsesInFlight implements SmartLifecycle {

    private static final int FLUSH_SECONDS = 5;

    private final AtomicInteger writing = new AtomicInteger();
    private volatile boolean running;

    /** A response begins. */
    void begin() {
        writing.incrementAndGet();
    }

    /** A response ended, written or not. */
    void end() {
        writing.decrementAndGet();
    }

    @Override
    public void start() {
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(FLUSH_SECONDS);
        while (writing.get() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 1792;
    }
}
