package io.beammcp.core.server;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Serves newline-delimited JSON-RPC on a pair of streams, normally standard input and output.
 *
 * <p>Messages that need no host code are answered in order on the reading thread; host code runs
 * concurrently (at most {@value #MAX_IN_FLIGHT} calls at once, then reading waits), so a slow tool never
 * delays a later {@code ping} or {@code tools/list}, nor a {@code notifications/cancelled} for it. Every
 * message (a response, a notification a call emits before its response, a frame of a
 * {@code subscriptions/listen}) is written as one whole line and flushed. A line longer than the server's
 * message cap is refused with {@code -32600} and skipped to its newline unparsed. On end of input,
 * {@code shutdown} or {@code exit}, in-flight calls finish and their responses are written, then the open
 * streams are ended (a listen gets its result, then {@code notifications/cancelled}), before {@link #serve}
 * returns.
 */
public final class StdioTransport {

    static final int MAX_IN_FLIGHT = 64;
    private static final Logger log = LoggerFactory.getLogger(StdioTransport.class);

    private final McpServer server;

    /**
     * A transport for a server.
     *
     * @param server the server to serve
     */
    public StdioTransport(McpServer server) {
        this.server = server;
    }

    /**
     * Serves until end of input, {@code shutdown} or {@code exit}.
     *
     * @param in the client's messages
     * @param out where responses and notifications go; nothing else is written to it
     * @throws IOException when reading fails
     * @throws InterruptedException when interrupted while waiting for in-flight calls
     */
    public void serve(InputStream in, OutputStream out) throws IOException, InterruptedException {
        LineWriter writer = new LineWriter(out);
        // the process is one legacy session, and tracks every request in flight for notifications/cancelled
        LegacySession session = new LegacySession();
        Exchange exchange = new Exchange() {
            @Override
            public Transport transport() {
                return Transport.STDIO;
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
        Semaphore slots = new Semaphore(MAX_IN_FLIGHT);
        AtomicInteger threads = new AtomicInteger();
        ExecutorService workers = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "beammcp-stdio-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        Executor hostCode = task -> {
            slots.acquireUninterruptibly();
            workers.execute(() -> {
                try {
                    task.run();
                } finally {
                    slots.release();
                }
            });
        };
        AtomicReference<Reply> last = new AtomicReference<>();
        LineReader reader = new LineReader(new BufferedInputStream(in, 64 * 1024), server.maxMessageSize());
        try {
            for (LineReader.Line line = reader.next(); line != null; line = reader.next()) {
                if (line.oversized()) {
                    writer.write(server.oversized());
                    continue;
                }
                server.handle(line.bytes(), exchange, hostCode, reply -> {
                    if (reply.endOfInput()) {
                        last.set(reply);
                    } else {
                        writer.write(reply);
                    }
                });
                if (last.get() != null) {
                    break;
                }
            }
        } finally {
            workers.shutdown();
            workers.awaitTermination(Long.MAX_VALUE, TimeUnit.NANOSECONDS);
            session.close();
        }
        if (last.get() != null) {
            writer.write(last.get());
        }
    }

    /** Writes whole lines, one at a time, flushed at once; a client that went away is not an error. */
    private static final class LineWriter {

        private final OutputStream out;
        private boolean broken;

        LineWriter(OutputStream out) {
            this.out = out;
        }

        void write(Reply reply) {
            if (reply.hasBody()) {
                write(reply.body());
            }
        }

        synchronized boolean write(byte[] line) {
            if (broken) {
                return false;
            }
            try {
                out.write(line);
                out.write('\n');
                out.flush();
                return true;
            } catch (IOException e) {
                broken = true;
                log.warn("stdout is closed; further messages are dropped");
                return false;
            }
        }
    }
}
