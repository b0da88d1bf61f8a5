package io.beammcp.autoconfigure.http;

import org.springframework.core.task.VirtualThreadTaskExecutor;

import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;

/**
 * Host code on a virtual thread of its own per call, when the application serves on virtual threads
 * ({@code spring.threads.virtual.enabled=true}, Java 21 or later): no pool to size, and a call blocking on
 * I/O (or waiting for the client's answer) holds no platform thread. At most {@code max} calls run at once;
 * past that a call runs on the thread that read it, as with the platform pool.
 */
final class VirtualThreadCalls implements Executor {

    private final ThreadFactory threads = new VirtualThreadTaskExecutor("beammcp-http-call-").getVirtualThreadFactory();
    private final Semaphore permits;

    VirtualThreadCalls(int max) {
        this.permits = new Semaphore(max);
    }

    @Override
    public void execute(Runnable call) {
        if (!permits.tryAcquire()) {
            call.run();
            return;
        }
        threads.newThread(() -> {
            try {
                call.run();
            } finally {
                permits.release();
            }
        }).start();
    }
}
