package io.beammcp.autoconfigure.http;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

import java.io.IOException;

/**
 * The servlet transport's {@link HttpAnswer}: the servlet response of one request, written by the endpoint
 * itself. Spring MVC's asynchronous results are not used, because each of them costs a second dispatch of the
 * request through the filters and the {@code DispatcherServlet} when it completes.
 *
 * <p>While the thread that received the request is still in the controller, the container ends the
 * response when that thread returns. A response still open by then (an event stream that stays, a body
 * still arriving) makes the request asynchronous ({@link #leave}), and the write that finishes the response
 * completes it. The client found gone by the container ({@link AsyncListener#onError}) runs the actions
 * registered with {@link #onGone}.
 */
final class DirectResponse implements HttpAnswer {

    private static final Logger log = LoggerFactory.getLogger(DirectResponse.class);

    private final HttpServletRequest request;
    private final HttpServletResponse response;
    private final GoneActions gone = new GoneActions();
    /** The thread running the request's host code, while it does. */
    private Thread hostCode;
    private AsyncContext async;
    private boolean streaming;
    private boolean finished;

    DirectResponse(HttpServletRequest request, HttpServletResponse response) {
        this.request = request;
        this.response = response;
    }

    /** Writes a whole answer and ends the response, unless it is already answered or streaming. */
    @Override
    public synchronized void write(ResponseEntity<byte[]> answer) {
        if (finished || streaming) {
            return;
        }
        finished = true;
        try {
            response.setStatus(answer.getStatusCode().value());
            answer.getHeaders().forEach((name, values) -> values.forEach(value -> response.addHeader(name, value)));
            if (hostCode != null && hostCode != Thread.currentThread()) {
                response.setHeader(HttpHeaders.CONNECTION, "close");
            }
            byte[] body = answer.getBody();
            if (body != null) {
                response.setContentLength(body.length);
                ServletOutputStream out = response.getOutputStream();
                out.write(body);
                out.flush();
            }
        } catch (IOException | RuntimeException e) {
            log.debug("Writing an MCP response failed: {}", e.toString());
        }
        complete();
    }

    /**
     * The writers of the stream write from their own threads, which the container allows only once the
     * request is asynchronous: made so now, before the first of them writes, rather than when the serving
     * thread leaves (a writer's flush racing that thread could end the response before its first event).
     */
    @Override
    public void willStream() {
        leave();
    }

    /** Commits the response as an event stream: its status and headers, flushed. */
    @Override
    public synchronized void beginStream() throws IOException {
        if (finished) {
            throw new IOException("the response is over");
        }
        streaming = true;
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType(MediaType.TEXT_EVENT_STREAM_VALUE);
        response.setHeader(HttpHeaders.CACHE_CONTROL, "no-cache");
        response.setHeader("X-Accel-Buffering", "no");
        response.flushBuffer();
    }

    /**
     * Writes one event (or comment) of the stream and flushes it. One thread at a time writes a stream, and
     * not under this object's lock: a client that reads slowly holds up no other thread.
     */
    @Override
    public void send(byte[] frame) throws IOException {
        synchronized (this) {
            if (finished) {
                throw new IOException("the response is over");
            }
        }
        ServletOutputStream out = response.getOutputStream();
        out.write(frame);
        out.flush();
    }

    /** Ends the stream (or the response, whatever was written). */
    @Override
    public synchronized void end() {
        if (!finished) {
            finished = true;
            complete();
        }
    }

    /** Marks the calling thread as the one running the request's host code, or none ({@code false}). */
    @Override
    public synchronized void runningHostCode(boolean running) {
        hostCode = running ? Thread.currentThread() : null;
    }

    /**
     * The thread that received the request leaves the controller: a response that is not over yet goes
     * on asynchronously, with no time limit from the container.
     */
    synchronized void leave() {
        if (finished || async != null) {
            return;
        }
        async = request.startAsync(request, response);
        async.setTimeout(0);
        async.addListener(new AsyncListener() {
            @Override
            public void onComplete(AsyncEvent event) {
            }

            @Override
            public void onTimeout(AsyncEvent event) {
                clientGone();
            }

            @Override
            public void onError(AsyncEvent event) {
                clientGone();
            }

            @Override
            public void onStartAsync(AsyncEvent event) {
            }
        });
    }

    /** Runs {@code action} once the container reports the client gone (at once if it already did). */
    @Override
    public void onGone(Runnable action) {
        gone.add(action);
    }

    private void clientGone() {
        if (gone.fire()) {
            end();
        }
    }

    /** After the last write: an asynchronous request completes; otherwise the serving thread's return ends it. */
    private void complete() {
        if (async != null) {
            try {
                async.complete();
            } catch (IllegalStateException e) {
                log.debug("Completing an MCP response failed: {}", e.toString());
            }
        }
    }
}
