package io.beammcp.core.server;

import io.beammcp.core.internal.stdio.LineReader;
import io.beammcp.core.internal.stdio.LineWriter;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Serves newline-delimited JSON-RPC on a pair of streams, normally standard input and output.
 *
 * <p>One thread reads: it parses each line and answers what needs no host code at once, in order. Host code
 * (a tool call, a resource read, a prompt, a completion) runs on the transport's executor, at most
 * {@value #MAX_IN_FLIGHT} calls at once (then reading waits), so a blocked tool never holds back a later
 * {@code ping}, list or {@code notifications/cancelled}. Every message is written as one whole line by
 * {@link LineWriter}, flushed when no other line waits to be written. A line longer than the server's message
 * cap is refused with {@code -32600} and skipped to its newline unparsed. On end of input, {@code shutdown} or
 * {@code exit}, in-flight calls finish and their responses are written, then the open streams end (a listen
 * gets its result, then {@code notifications/cancelled}), before {@link #serve} returns with everything flushed.
 */
public final class StdioTransport {

    static final int MAX_IN_FLIGHT = 64;

    private final McpServer server;
    private final Executor hostCode;

    /**
     * A transport for a server whose host code runs on threads of the transport's own, one per call in flight.
     *
     * @param server the server to serve
     */
    public StdioTransport(McpServer server) {
        this(server, null);
    }

    /**
     * A transport for a server whose host code runs on {@code hostCode} (for example one virtual thread per
     * call); it must run each task without waiting for another to end.
     *
     * @param server the server to serve
     * @param hostCode where host code runs, or {@code null} for threads of the transport's own
     */
    public StdioTransport(McpServer server, Executor hostCode) {
        this.server = server;
        this.hostCode = hostCode;
    }

    /**
     * Serves until end of input, {@code shutdown} or {@code exit}.
     *
     * @param in the client's messages
     * @param out where responses and notifications go; nothing else is written to it. Lines are written by the
     *        thread that has them (a call's own thread included), so it must not be a stream of an interruptible
     *        channel, which a cancelled call's interrupt would close: a file's or a socket's stream, as stdout is
     * @throws IOException when reading fails
     * @throws InterruptedException when interrupted while waiting for in-flight calls
     */
    public void serve(InputStream in, OutputStream out) throws IOException, InterruptedException {
        LineWriter writer = new LineWriter(out);
        // the process is one legacy session, and tracks every request in flight for notifications/cancelled
        LegacySession session = LegacySession.create();
        Exchange exchange = new Exchange() {
            @Override
            public TransportFacts facts() {
                return TransportFacts.STDIO;
            }

            @Override
            public LegacySession session() {
                return session;
            }

            @Override
            public boolean send(byte[] notification) {
                return writer.write(notification);
            }
        };
        ExecutorService own = hostCode == null ? Executors.newCachedThreadPool(daemons()) : null;
        Calls calls = new Calls(own != null ? own : hostCode);
        Answers answers = new Answers(writer);
        try {
            LineReader lines = new LineReader(in, server.maxMessageSize());
            for (LineReader.Line line = lines.next(); line != null && answers.last == null; line = lines.next()) {
                if (line.oversized()) {
                    writer.write(server.oversized().body());
                } else {
                    server.handle(line.bytes(), exchange, calls, answers);
                }
            }
        } finally {
            try {
                calls.awaitAll();
                session.close();
            } finally {
                if (own != null) {
                    own.shutdown();
                }
                if (answers.last != null && answers.last.hasBody()) {
                    writer.write(answers.last.body());
                }
                writer.flush();
            }
        }
    }

    private static ThreadFactory daemons() {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, "beammcp-stdio-call-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    /** Writes each reply's response; keeps the end of input ({@code shutdown}, {@code exit}) for last. */
    private static final class Answers implements Consumer<Reply> {

        private final LineWriter writer;
        /** Set on the reading thread, which alone reads it. */
        private Reply last;

        Answers(LineWriter writer) {
            this.writer = writer;
        }

        @Override
        public void accept(Reply reply) {
            if (reply.kind() == Reply.Kind.END_OF_INPUT) {
                last = reply;
            } else if (reply.hasBody()) {
                writer.write(reply.body());
            }
        }
    }

    /** The host code in flight: at most {@value #MAX_IN_FLIGHT} calls, each released when it ends. */
    private static final class Calls implements Executor {

        private final Semaphore slots = new Semaphore(MAX_IN_FLIGHT);
        private final Executor executor;

        Calls(Executor executor) {
            this.executor = executor;
        }

        @Override
        public void execute(Runnable call) {
            try {
                slots.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RejectedExecutionException("Interrupted while waiting for a call to end", e);
            }
            try {
                executor.execute(() -> {
                    try {
                        call.run();
                    } finally {
                        slots.release();
                    }
                });
            } catch (RuntimeException e) {
                slots.release();
                throw e;
            }
        }

        /** Waits until every call handed over has ended (and been answered). */
        void awaitAll() throws InterruptedException {
            slots.acquire(MAX_IN_FLIGHT);
            slots.release(MAX_IN_FLIGHT);
        }
    }
}
