package io.beammcp.core.server;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

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
 * <p>Host code runs on worker threads, about one computing per processor: more would only take turns with the
 * reading thread and the JIT compiler. A worker blocked in host code (or running one call for tens of
 * milliseconds) stops counting, so slow calls still run concurrently and never hold back the calls queued
 * behind them for more than a millisecond or two; a worker idle for a minute ends. A worker writes the response
 * of its call itself, unless another thread is writing already (which then writes it too); every other message
 * is written by one writer thread. A client that stops reading thus holds at most the one thread writing,
 * never the reading thread.
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
        Workers workers = new Workers();
        AtomicReference<Reply> last = new AtomicReference<>();
        LineReader reader = new LineReader(in, server.maxMessageSize());
        try {
            for (LineReader.Line line = reader.next(); line != null; line = reader.next()) {
                if (line.oversized()) {
                    writer.write(server.oversized().body());
                    continue;
                }
                server.handle(line.bytes(), exchange, workers, reply -> {
                    if (reply.endOfInput()) {
                        last.set(reply);
                    } else if (reply.hasBody()) {
                        if (Thread.currentThread() instanceof Worker) {
                            // a call's answer comes after its host code: writing it here costs less than waking
                            // the writer thread
                            writer.writeHere(reply.body());
                        } else {
                            writer.write(reply.body());
                        }
                    }
                });
                if (last.get() != null) {
                    break;
                }
            }
        } finally {
            try {
                workers.finish();
                session.close();
            } finally {
                if (last.get() != null && last.get().hasBody()) {
                    writer.write(last.get().body());
                }
                writer.close();
            }
        }
    }

    /**
     * Runs host code, at most {@value #MAX_IN_FLIGHT} calls at once. A call is queued; a worker that finishes
     * its call takes the next one without waiting. Another worker is woken or started for a queued call only
     * while fewer workers than processors are computing. A watch thread ticks every millisecond while calls are
     * queued: a worker found on the same call as at the last tick and not runnable (parked, sleeping, blocked
     * on a monitor), or on the same call for {@value #RUNNABLE_TICKS} ticks (a blocking read is runnable), is
     * taken to be waiting rather than computing and no longer holds back another worker; when every running call
     * is waiting and none ended since the last tick, every queued call gets a worker at once.
     */
    private static final class Workers implements Executor {

        private static final long IDLE_NANOS = TimeUnit.MINUTES.toNanos(1);
        private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
        private static final int RUNNABLE_TICKS = 20;

        private final int processors = Runtime.getRuntime().availableProcessors();
        private final Semaphore slots = new Semaphore(MAX_IN_FLIGHT);
        private final Object lock = new Object();
        private final ArrayDeque<Runnable> calls = new ArrayDeque<>();
        private final List<Worker> workers = new ArrayList<>();
        private final Thread watch = new Thread(this::watch, "beammcp-stdio-watch");
        /** Workers awake and not running host code: each takes a queued call before it waits. */
        private int free;
        /** Workers waiting for a call. */
        private int idle;
        /** Waiting workers notified and not yet awake. */
        private int woken;
        /** Workers running a call not (yet) taken to be waiting. */
        private int computing;
        private long ended;
        private long endedAtLastTick;
        private int started;
        private boolean watching;
        private boolean finished;

        Workers() {
            watch.setDaemon(true);
            watch.start();
        }

        @Override
        public void execute(Runnable call) {
            slots.acquireUninterruptibly();
            Worker worker;
            synchronized (lock) {
                calls.add(call);
                if (calls.size() <= free + woken) {
                    return;
                }
                if (computing + free + woken >= processors) {
                    if (!watching) {
                        watching = true;
                        LockSupport.unpark(watch);
                    }
                    return;
                }
                worker = wakeOrCreate();
            }
            if (worker != null) {
                worker.start();
            }
        }

        /** Waits for every call to end, then lets the workers end. */
        void finish() throws InterruptedException {
            slots.acquire(MAX_IN_FLIGHT);
            synchronized (lock) {
                finished = true;
                lock.notifyAll();
            }
            LockSupport.unpark(watch);
        }

        /** Wakes a waiting worker, or returns a new one for the caller to start. Called holding the lock. */
        private Worker wakeOrCreate() {
            if (idle > woken) {
                woken++;
                lock.notify();
                return null;
            }
            free++;
            Worker worker = new Worker(this::work, "beammcp-stdio-" + ++started);
            workers.add(worker);
            return worker;
        }

        private void work() {
            Worker self = (Worker) Thread.currentThread();
            Runnable call = null;
            while (true) {
                synchronized (lock) {
                    if (call != null) {
                        ended++;
                        if (!self.waiting) {
                            computing--;
                        }
                        self.running = false;
                        free++;
                    }
                    call = next();
                    free--;
                    if (call == null) {
                        workers.remove(self);
                        return;
                    }
                    self.running = true;
                    self.waiting = false;
                    self.calls++;
                    computing++;
                }
                // an interrupt host code left behind is not meant for the next call
                Thread.interrupted();
                try {
                    call.run();
                } finally {
                    slots.release();
                }
            }
        }

        /** The next call, waiting for one; {@code null} when the worker should end. Called holding the lock. */
        private Runnable next() {
            long deadline = System.nanoTime() + IDLE_NANOS;
            Runnable call;
            while ((call = calls.poll()) == null && !finished) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                free--;
                idle++;
                try {
                    TimeUnit.NANOSECONDS.timedWait(lock, left);
                } catch (InterruptedException e) {
                    // not a request to end: workers end when finished or idle
                }
                idle--;
                free++;
                if (woken > 0) {
                    woken--;
                }
            }
            return call;
        }

        /** Ticks while calls are queued, giving them the workers that computing workers cannot. */
        private void watch() {
            boolean ticking = false;
            while (true) {
                List<Worker> starting = new ArrayList<>();
                boolean wasTicking = ticking;
                synchronized (lock) {
                    if (finished) {
                        return;
                    }
                    ticking = !calls.isEmpty();
                    watching = ticking;
                    if (ticking) {
                        tick(wasTicking, starting);
                    }
                }
                starting.forEach(Thread::start);
                if (ticking) {
                    LockSupport.parkNanos(this, TICK_NANOS);
                } else {
                    LockSupport.park(this);
                }
            }
        }

        /**
         * Takes workers still on the call they ran at the last tick and not runnable (or runnable but without
         * an end for {@value #RUNNABLE_TICKS} ticks, as in a blocking read) to be waiting, and gives queued calls
         * the workers they then lack: every queued call, when all running calls are waiting and none ended
         * since the last tick. The first tick after a pause only takes note. Called holding the lock.
         */
        private void tick(boolean afterTick, List<Worker> starting) {
            for (Worker worker : workers) {
                if (!worker.running || worker.waiting) {
                    continue;
                }
                worker.ticksOnCall = afterTick && worker.calls == worker.callsAtLastTick ? worker.ticksOnCall + 1 : 0;
                worker.callsAtLastTick = worker.calls;
                if (worker.ticksOnCall >= RUNNABLE_TICKS
                        || worker.ticksOnCall > 0 && worker.getState() != Thread.State.RUNNABLE) {
                    worker.waiting = true;
                    computing--;
                }
            }
            boolean stuck = afterTick && ended == endedAtLastTick && computing == 0;
            endedAtLastTick = ended;
            int wanted = stuck ? calls.size() : Math.min(calls.size(), processors - computing);
            for (int more = wanted - free - woken; more > 0; more--) {
                Worker worker = wakeOrCreate();
                if (worker != null) {
                    starting.add(worker);
                }
            }
        }
    }

    /** A thread of {@link Workers}; its fields are guarded by the workers' lock. */
    private static final class Worker extends Thread {

        /** Running a call. */
        boolean running;
        /** Taken to be waiting in its call, not computing (see {@link Workers#tick}). */
        boolean waiting;
        long calls;
        long callsAtLastTick;
        int ticksOnCall;

        Worker(Runnable work, String name) {
            super(work, name);
            setDaemon(true);
        }
    }

    /**
     * Writes whole lines, in the order given, flushing when none is left; a client that went away is not an
     * error. One thread at a time writes every line waiting: the writer thread, woken for lines sent by
     * threads that must not wait for the output, or a worker writing the response of its call.
     */
    private static final class LineWriter {

        private final OutputStream out;
        private final Object lock = new Object();
        private final ArrayDeque<byte[]> lines = new ArrayDeque<>();
        private final Thread thread;
        /** A thread is writing the lines waiting, and flushes before it stops. */
        private boolean writing;
        private boolean closed;
        private volatile boolean broken;

        LineWriter(OutputStream out) {
            this.out = out;
            this.thread = new Thread(this::run, "beammcp-stdio-writer");
            thread.setDaemon(true);
            thread.start();
        }

        /** Queues one line for the writer thread; {@code false} once writing has failed (the line is dropped). */
        boolean write(byte[] line) {
            if (broken) {
                return false;
            }
            synchronized (lock) {
                lines.add(line);
                if (!writing) {
                    lock.notify();
                }
            }
            return true;
        }

        /** Writes one line on the calling thread, with any waiting, unless another thread is writing them. */
        void writeHere(byte[] line) {
            if (broken) {
                return;
            }
            synchronized (lock) {
                lines.add(line);
                if (writing) {
                    return;
                }
                writing = true;
            }
            drain();
        }

        /** Writes what is queued, flushes, and stops the writer thread. */
        void close() throws InterruptedException {
            synchronized (lock) {
                closed = true;
                lock.notify();
            }
            thread.join();
        }

        private void run() {
            boolean interrupted = false;
            while (true) {
                synchronized (lock) {
                    while (writing || lines.isEmpty() && !closed) {
                        try {
                            lock.wait();
                        } catch (InterruptedException e) {
                            interrupted = true;
                        }
                    }
                    if (lines.isEmpty()) {
                        break;
                    }
                    writing = true;
                }
                drain();
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        /** Writes every line waiting and flushes, until none is left; the caller is the one writing. */
        private void drain() {
            boolean unflushed = false;
            while (true) {
                byte[] line;
                synchronized (lock) {
                    line = lines.poll();
                    if (line == null && !unflushed) {
                        writing = false;
                        if (closed) {
                            // the writer thread, stopping, waits until no one writes
                            lock.notify();
                        }
                        return;
                    }
                }
                if (line == null) {
                    flush();
                    unflushed = false;
                } else if (!broken) {
                    try {
                        out.write(line);
                        out.write('\n');
                        unflushed = true;
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
