package io.beammcp.autoconfigure.http;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * One response as a server-sent event stream: each message an {@code event: message} with one
 * {@code data:} line of compact JSON, flushed as it is written; no {@code id:} (nothing is resumable).
 *
 * <p>Nobody who hands it a message waits for the network: messages queue (at most {@value #MAX_QUEUED},
 * past which the client is too slow and the stream is dropped) and one writer at a time drains the queue
 * on the writers' executor, so a client that stops reading holds up neither host code, nor the other
 * streams a change goes to, nor the heartbeat. The heartbeat, a comment line, is queued when the stream is
 * idle; writing it is how a client that went away silently is found. A failed write, an error reported by
 * the container, or an overflowing queue ends the stream as dead; {@link #finish} ends it after its last
 * message.
 */
final class SseStream {

    static final int MAX_QUEUED = 1024;
    private static final Logger log = LoggerFactory.getLogger(SseStream.class);
    private static final byte[] EVENT = "event: message\ndata: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HEARTBEAT = ": keep-alive\n\n".getBytes(StandardCharsets.US_ASCII);

    private final HttpAnswer response;
    private final Executor writers;
    private final Runnable onDead;
    private final Consumer<SseStream> onEnd;
    private final ArrayDeque<byte[]> queue = new ArrayDeque<>();
    private boolean begun;
    private boolean draining;
    private boolean finishing;
    private boolean ended;

    /**
     * Opens the stream: its status and headers are written at once, by a writer.
     *
     * @param response the response the stream is written to
     * @param writers where the queue is drained
     * @param onDead what to run when the client is found gone (before the stream was finished)
     * @param onEnd what to run once the stream is over, whichever way
     */
    SseStream(HttpAnswer response, Executor writers, Runnable onDead, Consumer<SseStream> onEnd) {
        this.response = response;
        this.writers = writers;
        this.onDead = onDead;
        this.onEnd = onEnd;
        synchronized (this) {
            schedule();
        }
    }

    /**
     * Queues one message.
     *
     * @return {@code false} when the stream is over or the client is gone
     */
    boolean send(byte[] json) {
        synchronized (this) {
            if (ended || finishing) {
                return false;
            }
            if (queue.size() < MAX_QUEUED) {
                queue.add(event(json));
                schedule();
                return true;
            }
        }
        log.debug("An MCP event stream was dropped: its client reads too slowly");
        die();
        return false;
    }

    /** Queues a comment line when nothing else is waiting to be written. */
    synchronized void heartbeat() {
        if (!ended && !finishing && !draining) {
            queue.add(HEARTBEAT);
            schedule();
        }
    }

    /** Ends the stream after what is queued, and after {@code last} when it is not {@code null}. */
    synchronized void finish(byte[] last) {
        if (ended || finishing) {
            return;
        }
        if (last != null) {
            queue.add(event(last));
        }
        finishing = true;
        schedule();
    }

    private void schedule() {
        if (draining) {
            return;
        }
        draining = true;
        try {
            writers.execute(this::drain);
        } catch (RejectedExecutionException e) {
            // the endpoint is shut down: nothing can be written any more
            draining = false;
            ended = true;
            queue.clear();
            response.end();
            onEnd.accept(this);
        }
    }

    private void drain() {
        if (!begin()) {
            return;
        }
        while (true) {
            byte[] next;
            boolean complete = false;
            synchronized (this) {
                next = queue.poll();
                if (next == null) {
                    draining = false;
                    if (!finishing || ended) {
                        return;
                    }
                    ended = true;
                    complete = true;
                }
            }
            if (complete) {
                response.end();
                onEnd.accept(this);
                return;
            }
            try {
                response.send(next);
            } catch (IOException | RuntimeException e) {
                log.debug("Writing an MCP event stream failed: {}", e.toString());
                die();
                return;
            }
        }
    }

    /** The status and headers, before the first event (only the draining thread writes); false if that failed. */
    private boolean begin() {
        if (!begun) {
            begun = true;
            try {
                response.beginStream();
            } catch (IOException | RuntimeException e) {
                log.debug("Starting an MCP event stream failed: {}", e.toString());
                die();
                return false;
            }
        }
        return true;
    }

    /** The client is gone or too slow: nothing more is written, and whoever waits on the stream is told. */
    void die() {
        synchronized (this) {
            if (ended) {
                return;
            }
            ended = true;
            queue.clear();
        }
        response.end();
        onEnd.accept(this);
        onDead.run();
    }

    private static byte[] event(byte[] json) {
        byte[] frame = new byte[EVENT.length + json.length + 2];
        System.arraycopy(EVENT, 0, frame, 0, EVENT.length);
        System.arraycopy(json, 0, frame, EVENT.length, json.length);
        frame[frame.length - 2] = '\n';
        frame[frame.length - 1] = '\n';
        return frame;
    }
}
