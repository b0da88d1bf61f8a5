package io.beammcp.autoconfigure.http;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.ResponseEntity;

import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Reads one request body with servlet non-blocking IO, against a size cap and a whole-body deadline.
 *
 * <p>Why non-blocking: a blocking read can only be bounded per read (the container's socket timeout), so
 * a client dripping one byte just inside that timeout would hold a thread for as long as it likes. Here
 * no thread waits for the client: the container calls {@link #onDataAvailable()} as bytes arrive, a
 * scheduled task answers 408 at the deadline whatever the client is doing, and a client that stalls
 * completely is also cut off by the container's own idle timeout ({@code server.tomcat.connection-timeout}).
 * The buffer grows with what actually arrived, never to a declared length up front, so a slow client
 * holds no more memory than it sent; reading stops at the first byte past the cap.
 *
 * <p>It takes over from the first, non-blocking look at the body ({@link BodyLimits}: the bytes that had
 * already arrived), once the request is asynchronous ({@link #start}), and ends by handing the body to the
 * next stages ({@link CoreCall}), on the thread that read its last bytes, or by answering 408, 413 or 400
 * itself (these three close the connection, since the body was not read to its end). That hand-off is the
 * one place where serving a request moves off the thread that received it: state bound to that thread (a
 * logging or security context) is carried across by the {@link McpContextPropagation} the endpoint has.
 */
final class BodyReader implements ReadListener {

    private static final Logger log = LoggerFactory.getLogger(BodyReader.class);
    private static final int FIRST_CHUNK = 8 * 1024;

    private final HttpServletRequest request;
    private final RequestHead head;
    private final DirectResponse answer;
    private final int cap;
    private final long deadline;
    private final ScheduledExecutorService timers;
    private final CoreCall then;
    private final Executor context;
    private final AtomicBoolean settled = new AtomicBoolean();
    private final int limit;
    private volatile ScheduledFuture<?> timer;
    private ServletInputStream in;
    private byte[] buffer;
    private int count;

    /**
     * @param head the request, whose Content-Length is at most {@code cap}, or {@code -1} for a chunked body
     * @param arrived the bytes of the body read already
     * @param deadline the {@link System#nanoTime()} by which the whole body must have arrived
     * @param then the stages that serve the body once it is read
     * @param context runs them with the context of the thread that admitted the request (its security context)
     */
    BodyReader(HttpServletRequest request, RequestHead head, byte[] arrived, int cap, long deadline,
            ScheduledExecutorService timers, DirectResponse answer, CoreCall then, Executor context) {
        this.request = request;
        this.head = head;
        this.answer = answer;
        this.cap = cap;
        this.deadline = deadline;
        this.timers = timers;
        this.then = then;
        this.context = context;
        // a declared length is enforced by the container; a chunked body is read one byte past the cap
        long declaredLength = head.contentLength();
        this.limit = declaredLength >= 0 ? (int) declaredLength : cap + 1;
        this.buffer = Arrays.copyOf(arrived, Math.max(arrived.length, Math.min(limit, FIRST_CHUNK)));
        this.count = arrived.length;
    }

    /** Reads the rest as it arrives; the request must be asynchronous. */
    void start() {
        answer.onGone(this::abandon);
        timer = timers.schedule(() -> settle(Replies.timeout()), Math.max(0, deadline - System.nanoTime()),
                TimeUnit.NANOSECONDS);
        try {
            in = request.getInputStream();
            in.setReadListener(this);
            if (in.isFinished()) {
                // something before us (a filter) consumed the body: the container will not call back
                onAllDataRead();
            }
        } catch (IOException | RuntimeException e) {
            log.error("Could not start reading an MCP request body; the client got 500", e);
            settle(Replies.internalError(true));
        }
    }

    @Override
    public void onDataAvailable() throws IOException {
        while (!settled.get() && !in.isFinished() && in.isReady()) {
            if (count == buffer.length) {
                buffer = Arrays.copyOf(buffer, (int) Math.min(2L * buffer.length, limit));
            }
            int read = in.read(buffer, count, buffer.length - count);
            if (read < 0) {
                return;
            }
            count += read;
            if (count > cap) {
                settle(Replies.tooLarge(cap));
                return;
            }
        }
    }

    @Override
    public void onAllDataRead() {
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

    @Override
    public void onError(Throwable failure) {
        // a reset or a malformed chunked encoding; the client is likely gone, the cause is no business of it
        log.debug("Reading an MCP request body failed: {}", failure.toString());
        settle(Replies.unreadable());
    }

    /** The client is gone: nothing more is read or answered. */
    private void abandon() {
        settled.set(true);
        cancelTimer();
    }

    private void settle(ResponseEntity<byte[]> response) {
        if (settled.compareAndSet(false, true)) {
            cancelTimer();
            answer.write(response);
        }
    }

    private void cancelTimer() {
        ScheduledFuture<?> t = timer;
        if (t != null) {
            t.cancel(false);
        }
    }
}
