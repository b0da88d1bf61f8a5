package io.beammcp.core.server;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedTransferQueue;
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
 * {@code subscriptions/listen}) is written as one whole line, in the order it was sent, and flushed as soon as
 * no other message is waiting to be written: a burst of answers costs one flush, and no answer waits for
 * another. A line longer than the server's message cap is refused with {@code -32600} and skipped to its
 * newline unparsed. On end of input, {@code shutdown} or {@code exit}, in-flight calls finish and their
 * responses are written, then the open streams are ended (a listen gets its result, then
 * {@code notifications/cancelled}), before {@link #serve} returns, with everything written and flushed.
 *
 * <p>Host code runs on a cached pool: a call goes to an idle worker, or to a new one when none is idle, so
 * there are about as many workers as calls that ran at once; a worker idle for a minute ends. One writer
 * thread writes every message.
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
        // a cached pool hands a call to an idle worker, or starts one: about as many workers as calls at once
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
        LineReader reader = new LineReader(in, server.maxMessageSize());
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
            try {
                workers.shutdown();
                workers.awaitTermination(Long.MAX_VALUE, TimeUnit.NANOSECONDS);
                session.close();
            } finally {
                if (last.get() != null) {
                    writer.write(last.get());
                }
                writer.close();
            }
        }
    }

    /**
     * Writes whole lines, in the order given, on its own thread: every line waiting is written, then flushed
     * once when none is left; a client that went away is not an error.
     */
    private static final class LineWriter {

        private static final byte[] END = new byte[0];

        private final OutputStream out;
        private final LinkedTransferQueue<byte[]> lines = new LinkedTransferQueue<>();
        private final Thread thread;
        private volatile boolean broken;

        LineWriter(OutputStream out) {
            this.out = out;
            this.thread = new Thread(this::run, "beammcp-stdio-writer");
            thread.setDaemon(true);
            thread.start();
        }

        void write(Reply reply) {
            if (reply.hasBody()) {
                write(reply.body());
            }
        }

        /** Queues one line; {@code false} once writing has failed (the line is dropped). */
        boolean write(byte[] line) {
            if (broken) {
                return false;
            }
            lines.add(line);
            return true;
        }

        /** Writes what is queued, flushes, and stops the writer. */
        void close() throws InterruptedException {
            lines.add(END);
            thread.join();
        }

        private void run() {
            boolean interrupted = false;
            while (true) {
                byte[] line = lines.poll();
                if (line == null) {
                    flush();
                    try {
                        line = lines.take();
                    } catch (InterruptedException e) {
                        interrupted = true;
                        continue;
                    }
                }
                if (line == END) {
                    flush();
                    if (interrupted) {
                        Thread.currentThread().interrupt();
                    }
                    return;
                }
                if (!broken) {
                    try {
                        out.write(line);
                        out.write('\n');
                    } catch (IOException e) {
                        fail();
                    }
                }
            }
        }

        private void flush() {
            if (broken) {
                return;
            }
            try {
                out.flush();
            } catch (IOException e) {
                fail();
            }
        }

        private void fail() {
            broken = true;
            log.warn("stdout is closed; further messages are dropped");
        }
    }
}
