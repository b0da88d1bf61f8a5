package io.beammcp.core.server;

import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.Reply;
import io.beammcp.core.spi.TransportFacts;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.internal.stdio.LineReader;
import io.beammcp.core.internal.stdio.LineWriter;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.Principal;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Serves newline-delimited JSON-RPC on a pair of streams, normally standard input and output.
 *
 * <p>One thread at a time reads: it parses each line and answers what needs no host code at once, in order.
 * Host code (a tool call, a resource read, a prompt, a completion) runs on the thread that read it, which first
 * hands reading on to another thread of the transport's executor, at most {@value #MAX_IN_FLIGHT} calls at once;
 * {@value #MAX_WAITING} more wait for a slot while reading goes on (past that, reading waits), so blocked tools
 * never hold back a later {@code server/discover}, {@code ping}, list or {@code notifications/cancelled}. Every
 * message is written as one whole line by
 * {@link LineWriter}, flushed when no other line waits to be written. A line longer than the server's message
 * cap is refused with {@code -32600} and skipped to its newline unparsed. On end of input, {@code shutdown} or
 * {@code exit}, in-flight calls finish and their responses are written, then the open streams end (a listen
 * gets its result, then {@code notifications/cancelled}), before {@link #serve} returns with everything flushed.
 * {@link #stop} does the same for a shutdown signal: what is read from then on is not served.
 */
public final class StdioTransport {

    static final int MAX_IN_FLIGHT = 64;
    static final int MAX_WAITING = 64;

    private final McpServer server;
    private final Executor hostCode;
    private final Principal principal;
    private volatile boolean stopping;
    private volatile Reading current;

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
        this(server, hostCode, null);
    }

    /**
     * A transport whose every message comes from one principal the host names (stdio authenticates nobody:
     * the process's owner is the caller), seen by host code as {@code CallContext.principal()}.
     *
     * @param server the server to serve
     * @param hostCode where host code runs, or {@code null} for threads of the transport's own
     * @param principal the caller, or {@code null} for none
     */
    public StdioTransport(McpServer server, Executor hostCode, Principal principal) {
        this.server = server;
        this.hostCode = hostCode;
        this.principal = principal;
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
        LegacySession session = McpServer.newSession();
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
            public Principal principal() {
                return principal;
            }

            @Override
            public boolean send(byte[] notification) {
                return writer.write(notification);
            }
        };
        ExecutorService own = hostCode == null ? Executors.newCachedThreadPool(daemons()) : null;
        ReplyLines answers = new ReplyLines(writer);
        Executor threads = own != null ? own : hostCode;
        Reading reading = new Reading(new LineReader(in, server.maxMessageSize()), exchange, answers, writer, threads);
        current = reading;
        try {
            // readers are threads of the executor, so that host code never runs on the caller's thread
            threads.execute(reading);
            reading.awaitEnd();
        } finally {
            try {
                reading.awaitCalls();
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

    /**
     * Stops serving, as on a shutdown signal while {@link #serve} still reads: messages read from now on are
     * not served, and this waits until every call already read has ended and been answered.
     *
     * @param grace how long to wait for those calls at most
     * @return whether they were all answered within {@code grace}
     * @throws InterruptedException when interrupted while waiting
     */
    public boolean stop(Duration grace) throws InterruptedException {
        stopping = true;
        Reading reading = current;
        return reading == null || reading.awaitCalls(grace);
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
    private static final class ReplyLines implements Consumer<Reply> {

        private final LineWriter writer;
        /** Set on the reading thread, which alone reads it. */
        private Reply last;

        ReplyLines(LineWriter writer) {
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

    /**
     * The input and the host code in flight. One thread at a time reads; a message that needs host code is run
     * by the thread that read it, which first hands reading on to another thread of the executor. A client that
     * waits for each answer then pays no hand-off before its call runs: the next reader wakes while the answer
     * is computed and sent. At most {@value #MAX_IN_FLIGHT} calls run at once; a call read while every slot is
     * taken waits for one, and reading goes on, so messages that need no host code are still answered. Only
     * when {@value #MAX_WAITING} calls wait as well does reading wait, which bounds what the transport holds.
     */
    private final class Reading implements Runnable, Executor {

        /** Guards the two counts below. */
        private final Object lock = new Object();
        private final ArrayDeque<Runnable> waiting = new ArrayDeque<>();
        private int running;
        private final CountDownLatch ended = new CountDownLatch(1);
        private final LineReader lines;
        private final Exchange exchange;
        private final ReplyLines answers;
        private final LineWriter writer;
        private final Executor threads;
        /** The thread that holds the input now. */
        private volatile Thread reader;
        private volatile IOException failure;

        Reading(LineReader lines, Exchange exchange, ReplyLines answers, LineWriter writer, Executor threads) {
            this.lines = lines;
            this.exchange = exchange;
            this.answers = answers;
            this.writer = writer;
            this.threads = threads;
        }

        /** Reads until the input ends, or until this thread takes a call and another thread reads on. */
        @Override
        public void run() {
            Thread me = Thread.currentThread();
            reader = me;
            try {
                for (LineReader.Line line = lines.next(); line != null && answers.last == null && !stopping;
                        line = lines.next()) {
                    if (line.oversized()) {
                        writer.write(server.oversized().body());
                    } else {
                        server.handle(line.bytes(), exchange, this, answers);
                        if (reader != me) {
                            return;
                        }
                    }
                }
            } catch (IOException e) {
                failure = e;
            } catch (RuntimeException | Error e) {
                failure = new IOException("Reading stopped", e);
            }
            ended.countDown();
        }

        /**
         * Runs host code: on the reading thread, after handing reading on, when a slot is free; elsewhere, on the
         * executor. Without a free slot the call waits for one and this returns at once.
         */
        @Override
        public void execute(Runnable call) {
            synchronized (lock) {
                try {
                    while (running == MAX_IN_FLIGHT && waiting.size() == MAX_WAITING) {
                        lock.wait();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new RejectedExecutionException("Interrupted while waiting for a call to end", e);
                }
                if (running == MAX_IN_FLIGHT) {
                    waiting.add(call);
                    return;
                }
                running++;
            }
            boolean reading = reader == Thread.currentThread();
            try {
                if (reading) {
                    reader = null;
                    threads.execute(this);
                } else {
                    threads.execute(() -> runThenWaiting(call));
                    return;
                }
            } catch (RuntimeException e) {
                if (reading) {
                    reader = Thread.currentThread();
                }
                free();
                throw e;
            }
            runThenWaiting(call);
        }

        /** Runs the call, then each call that waits for its slot, until none does. */
        private void runThenWaiting(Runnable call) {
            Runnable next = call;
            try {
                while (next != null) {
                    next.run();
                    next = nextOrFree();
                }
            } finally {
                if (next != null) {
                    // the call failed: the calls waiting for its slot must not wait for ever
                    Runnable after = nextOrFree();
                    if (after != null) {
                        threads.execute(() -> runThenWaiting(after));
                    }
                }
            }
        }

        /** The call that takes over an ending call's slot, or {@code null} when none waits and the slot is free. */
        private Runnable nextOrFree() {
            synchronized (lock) {
                Runnable next = waiting.poll();
                if (next == null) {
                    running--;
                }
                lock.notifyAll();
                return next;
            }
        }

        private void free() {
            synchronized (lock) {
                running--;
                lock.notifyAll();
            }
        }

        void awaitEnd() throws IOException, InterruptedException {
            ended.await();
            if (failure != null) {
                throw failure;
            }
        }

        /** Waits until every call handed over has ended (and been answered). */
        void awaitCalls() throws InterruptedException {
            synchronized (lock) {
                while (running > 0) {
                    lock.wait();
                }
            }
        }

        /** Waits at most {@code grace} until every call handed over has ended; whether they all did. */
        boolean awaitCalls(Duration grace) throws InterruptedException {
            long deadline = System.nanoTime() + grace.toNanos();
            synchronized (lock) {
                while (running > 0) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        return false;
                    }
                    TimeUnit.NANOSECONDS.timedWait(lock, left);
                }
                return true;
            }
        }
    }
}
