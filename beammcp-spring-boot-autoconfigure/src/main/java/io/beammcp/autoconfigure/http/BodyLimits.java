package io.beammcp.autoconfigure.http;

import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.ResponseEntity;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

import java.util.concurrent.Executor;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ScheduledThreadPoolExecutor;

/**
 * Stage 4 of the endpoint: the body, against {@code max-body-size} and {@code read-timeout}. A declared
 * Content-Length over the cap is 413 and the body stays unread. Otherwise what has already arrived is read
 * at once, without waiting, which is all of a small body as a rule; a body still on its way (or chunked) is
 * read by a {@link BodyReader} without blocking a thread, cut at the first byte past the cap (413), and
 * answered 408 when the whole of it has not arrived by the deadline. This component owns the timer of those
 * deadlines.
 */
final class BodyLimits implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(BodyLimits.class);
    private static final byte[] EMPTY = new byte[0];

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

    /**
     * The body, when all of it has arrived already (empty when the request declares none); otherwise
     * {@code null}: the request goes on asynchronously, and the rest is read as it arrives and handed to
     * {@code then} on the thread that read its last bytes, through {@code context} (the request's context, as
     * captured when it was admitted), or refused.
     */
    byte[] read(HttpServletRequest request, RequestHead head, long deadline, DirectResponse response, CoreCall then,
            Executor context) {
        if (!head.declaresBody()) {
            return EMPTY;
        }
        byte[] arrived = arrived(request, head.contentLength());
        if (arrived.length == head.contentLength()) {
            return arrived;
        }
        response.leave();
        new BodyReader(request, head, arrived, cap, deadline, deadlines, response, then, context).start();
        return null;
    }

    /**
     * The bytes of a declared-length body that can be read without waiting for the client: all of it, as a
     * rule, since a small body usually arrives with the headers; a chunked body is left to the reader, as is
     * whatever this read could not take (a read that fails here fails again there, and is answered 400).
     */
    private static byte[] arrived(HttpServletRequest request, long declaredLength) {
        if (declaredLength < 0) {
            return EMPTY;
        }
        byte[] body = new byte[(int) declaredLength];
        int count = 0;
        try {
            ServletInputStream in = request.getInputStream();
            while (count < body.length) {
                int available = in.available();
                if (available <= 0) {
                    break;
                }
                int read = in.read(body, count, Math.min(available, body.length - count));
                if (read < 0) {
                    break;
                }
                count += read;
            }
        } catch (IOException e) {
            log.debug("Reading an MCP request body at once failed: {}", e.toString());
        }
        return count == body.length ? body : Arrays.copyOf(body, count);
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
