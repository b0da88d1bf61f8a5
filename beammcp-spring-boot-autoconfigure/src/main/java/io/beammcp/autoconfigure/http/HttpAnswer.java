package io.beammcp.autoconfigure.http;

import org.springframework.http.ResponseEntity;

import java.io.IOException;

/**
 * The response of one request as the stages write it, whatever the transport: one whole answer, or an event
 * stream. {@link DirectResponse} writes it to the servlet response, {@link ReactiveResponse} to WebFlux's. The
 * first of {@link #write} and {@link #beginStream} decides which it is; a later {@link #write} is ignored.
 *
 * <p>An answer written by another thread while the thread that runs the request's host code is still busy
 * with it (a tool that outlived its time limit, a call answered at shutdown) carries {@code Connection: close}:
 * the client has its answer, and must not queue its next request behind that host code on the same
 * connection.
 */
interface HttpAnswer {

    /** Writes a whole answer and ends the response, unless it is already answered or streaming. */
    void write(ResponseEntity<byte[]> answer);

    /**
     * The response is about to become an event stream written by other threads: called on the thread that
     * decided it, before any of them writes.
     */
    default void willStream() {
    }

    /** Commits the response as an event stream: its status and headers, flushed. */
    void beginStream() throws IOException;

    /**
     * Writes one event (or comment) of the stream and waits until the client can take more: one thread at a
     * time writes a stream, and a client that reads slowly holds up only that thread.
     */
    void send(byte[] frame) throws IOException;

    /** Ends the stream (or the response, whatever was written). */
    void end();

    /** Marks the calling thread as the one running the request's host code, or none ({@code false}). */
    void runningHostCode(boolean running);

    /** Runs {@code action} once the client is found gone (at once if it already was). */
    void onGone(Runnable action);
}
