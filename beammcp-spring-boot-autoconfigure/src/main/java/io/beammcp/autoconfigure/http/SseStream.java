package io.beammcp.autoconfigure.http;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter;

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

    private final Emitter emitter = new Emitter();
    private final Executor writers;
    private final Runnable onDead;
    private final Consumer<SseStream> onEnd;
    private final ArrayDeque<byte[]> queue = new ArrayDeque<>();
    private boolean draining;
    private boolean finishing;
    private boolean ended;

    /**
     * @param writers where the queue is drained
     * @param onDead what to run when the client is found gone (before the stream was finished)
     * @param onEnd what to run once the stream is over, whichever way
     */
    SseStream(Executor writers, Runnable onDead, Consumer<SseStream> onEnd) {
        this.writers = writers;
        this.onDead = onDead;
        this.onEnd = onEnd;
        emitter.onError(failure -> die(null));
        emitter.onTimeout(() -> die(null));
        emitter.onCompletion(() -> die(null));
    }

    /** The response body Spring MVC streams; set it as the request's result to commit the stream. */
    ResponseBodyEmitter emitter() {
        return emitter;
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
        die(null);
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
            onEnd.accept(this);
        }
    }

    private void drain() {
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
                emitter.complete();
                onEnd.accept(this);
                return;
            }
            try {
                emitter.send(next, MediaType.TEXT_EVENT_STREAM);
            } catch (Exception e) {
                log.debug("Writing an MCP event stream failed: {}", e.toString());
                die(e);
                return;
            }
        }
    }

    /** The client is gone or too slow: nothing more is written, and whoever waits on the stream is told. */
    private void die(Exception failure) {
        synchronized (this) {
            if (ended) {
                return;
            }
            ended = true;
            queue.clear();
        }
        if (failure != null) {
            emitter.completeWithError(failure);
        }
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

    /** The emitter: no time limit, and the headers every MCP event stream carries. */
    private static final class Emitter extends ResponseBodyEmitter {

        Emitter() {
            super(0L);
        }

        @Override
        protected void extendResponse(ServerHttpResponse response) {
            HttpHeaders headers = response.getHeaders();
            headers.setContentType(MediaType.TEXT_EVENT_STREAM);
            headers.setCacheControl("no-cache");
            headers.set("X-Accel-Buffering", "no");
        }
    }
}
