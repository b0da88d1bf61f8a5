package io.beammcp.autoconfigure.http;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.ResponseEntity;

import java.util.Arrays;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One request body still arriving, as either transport reads it ({@link BodyReader} on servlet non-blocking
 * IO, {@link ReactiveBodyReader} on WebFlux's body), against the cap and the whole-body deadline. It ends
 * once: handed to the next stages ({@link CoreCall}) on {@code context}, or refused (413 at the first byte
 * past the cap, 408 at the deadline, 400 when reading fails; each closes the connection, since the body was
 * not read to its end), or abandoned when the client is gone. The buffer grows with what actually arrived,
 * never to a declared length up front, so a slow client holds no more memory than it sent.
 */
final class BodyBuffer {

    private static final Logger log = LoggerFactory.getLogger(BodyBuffer.class);
    private static final int FIRST_CHUNK = 8 * 1024;

    private final RequestHead head;
    private final HttpAnswer answer;
    private final int cap;
    private final int limit;
    private final CoreCall then;
    private final Executor context;
    private final AtomicBoolean settled = new AtomicBoolean();
    private volatile ScheduledFuture<?> timer;
    private byte[] buffer;
    private int count;

    /**
     * @param head the request, whose Content-Length is at most {@code cap}, or {@code -1} for a chunked body
     * @param arrived the bytes of the body read already
     * @param then the stages that serve the body once it is read
     * @param context where they run: the request's context (servlet), or a thread for host code (reactive)
     */
    BodyBuffer(RequestHead head, byte[] arrived, int cap, HttpAnswer answer, CoreCall then, Executor context) {
        this.head = head;
        this.answer = answer;
        this.cap = cap;
        this.then = then;
        this.context = context;
        // a declared length is enforced by the server; a chunked body is read one byte past the cap
        long declaredLength = head.contentLength();
        this.limit = declaredLength >= 0 ? (int) declaredLength : cap + 1;
        this.buffer = Arrays.copyOf(arrived, Math.max(arrived.length, Math.min(limit, FIRST_CHUNK)));
        this.count = arrived.length;
    }

    /** Arms the deadline ({@link System#nanoTime()}) on {@code timers}, and stops when the client is gone. */
    void start(long deadline, ScheduledExecutorService timers) {
        answer.onGone(this::abandon);
        timer = timers.schedule(() -> refuse(Replies.timeout()), Math.max(0, deadline - System.nanoTime()),
                TimeUnit.NANOSECONDS);
    }

    /** The buffer to read the next bytes into, from {@link #count()}: grown when full, never past the limit. */
    byte[] room() {
        if (count == buffer.length) {
            buffer = Arrays.copyOf(buffer, (int) Math.min(2L * buffer.length, limit));
        }
        return buffer;
    }

    /** How many bytes have arrived. */
    int count() {
        return count;
    }

    /** Counts {@code read} bytes just put in {@link #room()}; past the cap, refuses (413): {@code false}. */
    boolean added(int read) {
        count += read;
        if (count > cap) {
            refuse(Replies.tooLarge(cap));
            return false;
        }
        return true;
    }

    /** Whether the body has ended: served, refused or abandoned. */
    boolean settled() {
        return settled.get();
    }

    /** The whole body arrived: it is handed to the next stages, on {@code context}. */
    void complete() {
        if (!settled.compareAndSet(false, true)) {
            return;
        }
        cancelTimer();
        byte[] body = count == buffer.length ? buffer : Arrays.copyOf(buffer, count);
        buffer = null;
        try {
            context.execute(() -> then.serve(head, body, answer));
        } catch (RuntimeException | Error e) {
            // the request must be answered whatever happened, or it would stay open forever
            answer.write(Replies.internalError(false));
            if (e instanceof VirtualMachineError) {
                throw e;
            }
            log.error("Serving an MCP request failed; the client got 500", e);
        }
    }

    /** Reading failed (a reset, a malformed chunked encoding): the client is likely gone, the cause is no business of it. */
    void failed(Throwable failure) {
        log.debug("Reading an MCP request body failed: {}", failure.toString());
        refuse(Replies.unreadable());
    }

    /** Ends the body with a refusal, unless it has ended. */
    void refuse(ResponseEntity<byte[]> response) {
        if (settled.compareAndSet(false, true)) {
            cancelTimer();
            answer.write(response);
        }
    }

    /** The client is gone: nothing more is read or answered. */
    private void abandon() {
        settled.set(true);
        cancelTimer();
    }

    private void cancelTimer() {
        ScheduledFuture<?> t = timer;
        if (t != null) {
            t.cancel(false);
        }
    }
}
