package io.beammcp.autoconfigure.http;

import org.springframework.http.ResponseEntity;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledThreadPoolExecutor;

/**
 * Stage 4 of the endpoint: the body, against {@code max-body-size} and {@code read-timeout}. A declared
 * Content-Length over the cap is 413 and the body stays unread. Otherwise the transport reads it without
 * blocking a thread ({@link BodyReader}, {@link ReactiveBodyReader}) into a {@link BodyBuffer}, cut at the
 * first byte past the cap (413), and answered 408 when the whole of it has not arrived by the deadline. This
 * component owns the timer of those deadlines.
 */
final class BodyLimits implements AutoCloseable {

    private final int cap;
    private final long readTimeoutNanos;
    private final ScheduledThreadPoolExecutor deadlines;

    BodyLimits(int cap, Duration readTimeout) {
        this.cap = cap;
        this.readTimeoutNanos = readTimeout.toNanos();
        CustomizableThreadFactory threads = new CustomizableThreadFactory("beammcp-http-deadlines-");
        threads.setDaemon(true);
        this.deadlines = new ScheduledThreadPoolExecutor(1, threads);
        this.deadlines.setRemoveOnCancelPolicy(true);
    }

    /** The {@link System#nanoTime()} by which the whole body of a request arriving now must have arrived. */
    long deadline() {
        return System.nanoTime() + readTimeoutNanos;
    }

    /** A 413 when the declared Content-Length exceeds the cap, else {@code null}. */
    ResponseEntity<byte[]> refusal(RequestHead head) {
        return head.contentLength() > cap ? Replies.tooLarge(cap) : null;
    }

    /** A body to read under the cap, whose bytes so far are {@code arrived}, served by {@code then} on {@code context}. */
    BodyBuffer buffer(RequestHead head, byte[] arrived, HttpAnswer answer, CoreCall then, Executor context) {
        return new BodyBuffer(head, arrived, cap, answer, then, context);
    }

    /** Arms the body's deadline. */
    void start(BodyBuffer body, long deadline) {
        body.start(deadline, deadlines);
    }

    /** The body deadlines scheduled and not yet cancelled or run. */
    int pendingDeadlines() {
        return deadlines.getQueue().size();
    }

    @Override
    public void close() {
        deadlines.shutdownNow();
    }
}
