package io.beammcp.autoconfigure.http;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.Executor;

/**
 * Stage 4 on the servlet transport: reads one request body with servlet non-blocking IO into a
 * {@link BodyBuffer}, against its cap and whole-body deadline.
 *
 * <p>Why non-blocking: a blocking read can only be bounded per read (the container's socket timeout), so
 * a client dripping one byte just inside that timeout would hold a thread for as long as it likes. Here
 * what has already arrived is read at once, without waiting ({@link #read}), which is all of a small body as
 * a rule; for the rest no thread waits for the client: the container calls {@link #onDataAvailable()} as
 * bytes arrive, a scheduled task answers 408 at the deadline whatever the client is doing, and a client that
 * stalls completely is also cut off by the container's own idle timeout ({@code server.tomcat.connection-timeout}).
 *
 * <p>The body is handed to the next stages ({@link CoreCall}) on the thread that read its last bytes. That
 * hand-off is the one place where serving a request moves off the thread that received it: state bound to
 * that thread (a logging or security context) is carried across by the {@link McpContextPropagation} the
 * endpoint has.
 */
final class BodyReader implements ReadListener {

    private static final Logger log = LoggerFactory.getLogger(BodyReader.class);
    private static final byte[] EMPTY = new byte[0];

    private final HttpServletRequest request;
    private final BodyBuffer body;
    private ServletInputStream in;

    private BodyReader(HttpServletRequest request, BodyBuffer body) {
        this.request = request;
        this.body = body;
    }

    /**
     * The body, when all of it has arrived already (empty when the request declares none); otherwise
     * {@code null}: the request goes on asynchronously, and the rest is read as it arrives and handed to
     * {@code then} on the thread that read its last bytes, through {@code context} (the request's context, as
     * captured when it was admitted), or refused.
     */
    static byte[] read(HttpServletRequest request, RequestHead head, long deadline, BodyLimits limits,
            DirectResponse response, CoreCall then, Executor context) {
        if (!head.declaresBody()) {
            return EMPTY;
        }
        byte[] arrived = arrived(request, head.contentLength());
        if (arrived.length == head.contentLength()) {
            return arrived;
        }
        response.leave();
        BodyReader reader = new BodyReader(request, limits.buffer(head, arrived, response, then, context));
        limits.start(reader.body, deadline);
        reader.start();
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

    /** Reads the rest as it arrives; the request must be asynchronous. */
    private void start() {
        try {
            in = request.getInputStream();
            in.setReadListener(this);
            if (in.isFinished()) {
                // something before us (a filter) consumed the body: the container will not call back
                onAllDataRead();
            }
        } catch (IOException | RuntimeException e) {
            log.error("Could not start reading an MCP request body; the client got 500", e);
            body.refuse(Replies.internalError(true));
        }
    }

    @Override
    public void onDataAvailable() throws IOException {
        while (!body.settled() && !in.isFinished() && in.isReady()) {
            byte[] room = body.room();
            int read = in.read(room, body.count(), room.length - body.count());
            if (read < 0 || !body.added(read)) {
                return;
            }
        }
    }

    @Override
    public void onAllDataRead() {
        body.complete();
    }

    @Override
    public void onError(Throwable failure) {
        body.failed(failure);
    }
}
