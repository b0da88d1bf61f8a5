package io.beammcp.core.server;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Serves newline-delimited JSON-RPC on a pair of streams, normally standard input and output.
 *
 * <p>Messages that need no host code are answered in order on the reading thread; host code runs
 * concurrently (at most {@value #MAX_IN_FLIGHT} calls at once, then reading waits), so a slow tool delays a
 * later {@code ping} or {@code tools/list}, or a {@code notifications/cancelled} for it, by a few milliseconds
 * at most. Every message (a response, a notification a call emits before its response, a frame of a
 * {@code subscriptions/listen}) is written as one whole line, in the order it was sent, and flushed as soon as
 * no other message is waiting to be written: a burst of answers costs one flush. The one exception: the reading
 * thread, answering calls itself while it has more input read, flushes once per up to 16 answers, before it
 * waits for more input, or within a millisecond or two if a call of its takes long. A client that pipelines its
 * calls gets its answers in groups; one that waits for each answer gets each at once. A line longer than the
 * server's message cap is refused with {@code -32600} and skipped to its newline unparsed. On end of input,
 * {@code shutdown} or {@code exit}, in-flight calls finish and their responses are written, then the open
 * streams are ended (a listen gets its result, then {@code notifications/cancelled}), before {@link #serve}
 * returns, with everything written and flushed.
 *
 * <p>While calls are quick (under 50 µs), the reading thread runs each itself: handing a quick call to another
 * thread costs more than the call. A call of the reading thread's that blocks (or computes for a few
 * milliseconds) hands reading on to a new thread within a millisecond or two (a few for one computing), and
 * slow calls run on worker threads, about one computing per processor: more would only take turns with the
 * reading thread and the JIT compiler. A worker blocked in host code (or running one call for
 * tens of milliseconds) stops counting, so slow calls still run concurrently and never hold back the calls
 * queued behind them for more than a millisecond or two; a worker idle for a minute ends. The thread that ran
 * a call writes its response itself, unless another thread is writing already (which then writes it too);
 * every other message is written by one writer thread. A client that stops reading thus holds at most the one
 * thread writing, never reading.
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
     * @throws InterruptedException when interrupted while waiting for the end of input or for in-flight calls
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
        InputStream flushingFirst = new FilterInputStream(in) {
            @Override
            public int read(byte[] bytes, int offset, int length) throws IOException {
                // answers left unflushed while more input was read wait no longer than that input
                writer.flushLeftLines();
                return super.read(bytes, offset, length);
            }
        };
        Reading reading = new Reading(new LineReader(flushingFirst, server.maxMessageSize()), writer, exchange);
        try {
            reading.workers.startReading();
            reading.awaitEnd();
        } finally {
            try {
                reading.workers.finish();
                session.close();
            } finally {
                Reply last = reading.last();
                if (last != null && last.hasBody()) {
                    writer.write(last.body());
                }
                writer.close();
            }
        }
    }

    /**
     * Reads lines and serves them, on one thread at a time: a new one each time the reading thread stays in a
     * call of its own (see {@link Workers}).
     */
    private final class Reading implements Runnable {

        final Workers workers;
        private final LineReader lines;
        private final LineWriter writer;
        private final Exchange exchange;
        private final Consumer<Reply> answer = this::answer;
        /** The end-of-input reply ({@code shutdown} or {@code exit}), set by the reading thread. */
        private Reply last;
        private boolean ended;
        private Throwable failure;

        Reading(LineReader lines, LineWriter writer, Exchange exchange) {
            this.lines = lines;
            this.writer = writer;
            this.exchange = exchange;
            this.workers = new Workers(this, writer);
        }

        /** Reads until the end, or until reading is handed to another thread. */
        @Override
        public void run() {
            Thread self = Thread.currentThread();
            Throwable failed = null;
            try {
                for (LineReader.Line line = lines.next(); line != null; line = lines.next()) {
                    if (line.oversized()) {
                        writer.write(server.oversized().body());
                    } else {
                        server.handle(line.bytes(), exchange, workers, answer);
                        if (last != null) {
                            break;
                        }
                    }
                    if (!workers.reads(self)) {
                        workers.keepAsWorker();
                        return;
                    }
                }
            } catch (IOException | RuntimeException | Error e) {
                failed = e;
            }
            synchronized (this) {
                ended = true;
                failure = failed;
                notifyAll();
            }
        }

        /** Waits until reading has ended, on whichever thread, and throws what ended it, if anything did. */
        synchronized void awaitEnd() throws IOException, InterruptedException {
            while (!ended) {
                wait();
            }
            if (failure instanceof IOException e) {
                throw e;
            }
            if (failure instanceof RuntimeException e) {
                throw e;
            }
            if (failure instanceof Error e) {
                throw e;
            }
        }

        synchronized Reply last() {
            return last;
        }

        private void answer(Reply reply) {
            if (reply.endOfInput()) {
                last = reply;
            } else if (reply.hasBody()) {
                Thread thread = Thread.currentThread();
                if (workers.runsHostCode(thread)) {
                    ((Worker) thread).answeredAt = System.nanoTime();
                    // a call's answer comes after its host code: writing it here costs less than waking the
                    // writer thread; the reading thread with more lines read flushes once for several answers
                    writer.writeHere(reply.body(), workers.readsInCall(thread) && lines.buffered());
                } else {
                    writer.write(reply.body());
                }
            }
        }
    }

    /**
     * Runs host code, at most {@value #MAX_IN_FLIGHT} calls at once.
     *
     * <p>The reading thread runs a call itself, as a plain line loop would, unless each of the last
     * {@value #SLOW_IN_A_ROW} calls it ran took {@value #RUN_HERE_MICROS} µs or more until answered: handing a
     * quick call to another thread costs more than the call, while slow calls are better run side by side. Then
     * it hands calls to workers, and runs every {@value #PROBE_EVERY}th itself: one that computes for less than
     * {@value #RUN_HERE_MICROS} µs (processor time, as workers beside it make it wait) and is answered within a
     * tick brings calls back. A watch thread ticks every millisecond meanwhile. When the reading thread's own call is still running
     * at the next tick and the thread is not runnable (parked, sleeping, blocked on a monitor), or at the
     * {@value #READER_RUNNABLE_TICKS}th tick (computing, or in a blocking read, which is runnable), reading goes on
     * on a new thread and the call counts as slow. A later {@code ping} or {@code notifications/cancelled} thus
     * waits a few milliseconds at most.
     *
     * <p>A call not run by the reading thread is queued; a worker that finishes its call takes the next one without
     * waiting. Another worker is woken or started for a queued call only while fewer workers than processors are
     * computing. At each tick while calls are queued, a worker found on the same call as at the last tick and not
     * runnable, or on the same call for {@value #RUNNABLE_TICKS} ticks, is taken to be waiting rather than
     * computing and no longer holds back another worker; when every running call is waiting and none ended since
     * the last tick, every queued call gets a worker at once.
     */
    private static final class Workers implements Executor {

        private static final long IDLE_NANOS = TimeUnit.MINUTES.toNanos(1);
        private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
        private static final int RUNNABLE_TICKS = 20;
        private static final int READER_RUNNABLE_TICKS = 5;
        private static final long RUN_HERE_MICROS = 50;
        private static final long RUN_HERE_NANOS = TimeUnit.MICROSECONDS.toNanos(RUN_HERE_MICROS);
        private static final int SLOW_IN_A_ROW = 4;
        private static final int PROBE_EVERY = 16;
        private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
        private static final boolean CPU_TIME = THREADS.isCurrentThreadCpuTimeSupported();

        private final int processors = Runtime.getRuntime().availableProcessors();
        private final Semaphore slots = new Semaphore(MAX_IN_FLIGHT);
        private final Object lock = new Object();
        private final ArrayDeque<Runnable> calls = new ArrayDeque<>();
        private final List<Worker> workers = new ArrayList<>();
        private final Thread watch = new Thread(this::watch, "beammcp-stdio-watch");
        private final Runnable reading;
        private final LineWriter writer;
        /** The thread reading input, the only one that may run a call on its own. */
        private volatile Thread reader;
        /** The reader while it runs a call on its own; {@code null} otherwise, and once reading moved on. */
        private volatile Thread readerInCall;
        private long readerCalls;
        private long readerCallsAtLastTick;
        private int readerTicksOnCall;
        private int readers;
        /** How many calls in a row, up to {@value #SLOW_IN_A_ROW}, took {@value #RUN_HERE_MICROS} µs or more. */
        private int slowInARow;
        /** Calls handed to workers since the reader last ran one itself to see whether calls are quick again. */
        private int sinceProbe;
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

        /** Workers for calls, and for {@code reading} when it moves to a new thread; each tick flushes {@code writer}. */
        Workers(Runnable reading, LineWriter writer) {
            this.reading = reading;
            this.writer = writer;
            this.reader = new Worker(reading, "beammcp-stdio-reader-" + ++readers);
            watch.setDaemon(true);
            watch.start();
        }

        void startReading() {
            reader.start();
        }

        @Override
        public void execute(Runnable call) {
            slots.acquireUninterruptibly();
            if (Thread.currentThread() == reader) {
                Worker self = (Worker) Thread.currentThread();
                if (runsHere(self)) {
                    runHere(self, call);
                    return;
                }
            }
            Worker worker;
            synchronized (lock) {
                calls.add(call);
                if (calls.size() <= free + woken) {
                    return;
                }
                if (computing + free + woken >= processors) {
                    awakenWatch();
                    return;
                }
                worker = wakeOrCreate();
            }
            if (worker != null) {
                worker.start();
            }
        }

        /** Whether {@code thread} still reads input: {@code false} once reading has moved to another thread. */
        boolean reads(Thread thread) {
            return reader == thread;
        }

        /** Whether {@code thread} reads input and is running a call on its own. */
        boolean readsInCall(Thread thread) {
            return thread == readerInCall;
        }

        /** Whether {@code thread} is running host code: a worker, or the reader running a call on its own. */
        boolean runsHostCode(Thread thread) {
            return thread == readerInCall || thread instanceof Worker && thread != reader;
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

        /** Whether the reader is to run its call itself; if so, the call is taken to have started. */
        private boolean runsHere(Worker self) {
            synchronized (lock) {
                if (slowInARow == SLOW_IN_A_ROW && ++sinceProbe < PROBE_EVERY) {
                    return false;
                }
                sinceProbe = 0;
                self.probing = slowInARow == SLOW_IN_A_ROW;
                readerInCall = self;
                readerCalls++;
                awakenWatch();
                return true;
            }
        }

        /**
         * Runs a call on the reader, and counts it slow or quick: by how long it took until answered (or until it
         * returned if it was answered elsewhere, cancelled or timed out), or, for a try while calls go to
         * workers, by the processor time it took and whether it was answered within a tick.
         */
        private void runHere(Worker self, Runnable call) {
            self.answeredAt = 0;
            long cpuAtStart = self.probing && CPU_TIME ? THREADS.getCurrentThreadCpuTime() : -1;
            long start = System.nanoTime();
            run(call);
            long end = self.answeredAt != 0 ? self.answeredAt : System.nanoTime();
            boolean quick;
            if (cpuAtStart >= 0) {
                // workers running calls side by side take the processors from the reader in turns, so how long
                // a call took to answer tells little; how long it computed, and that it did not block, tells more
                quick = THREADS.getCurrentThreadCpuTime() - cpuAtStart < RUN_HERE_NANOS && end - start < TICK_NANOS;
            } else {
                quick = end - start < RUN_HERE_NANOS;
            }
            synchronized (lock) {
                if (readerInCall == self) {
                    readerInCall = null;
                }
                slowInARow = quick ? 0 : Math.min(slowInARow + 1, SLOW_IN_A_ROW);
            }
        }

        private void run(Runnable call) {
            // an interrupt host code left behind is not meant for the next call, nor for reading
            Thread.interrupted();
            try {
                call.run();
            } finally {
                slots.release();
            }
        }

        /** Makes the watch tick, if it sleeps. Called holding the lock. */
        private void awakenWatch() {
            if (!watching) {
                watching = true;
                LockSupport.unpark(watch);
            }
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

        /**
         * Keeps a reading thread that reading has moved on from as a worker, rather than letting it end: a
         * {@link java.io.PipedInputStream} fails its writer once the thread that read from it last has ended, and
         * the next reading thread may go on with lines already read for a while.
         */
        void keepAsWorker() {
            Worker self = (Worker) Thread.currentThread();
            synchronized (lock) {
                self.setName("beammcp-stdio-" + ++started);
                workers.add(self);
                free++;
            }
            work();
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
                run(call);
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

        /** Ticks while calls are queued or the reader runs calls on its own; sleeps otherwise. */
        private void watch() {
            boolean ticking = false;
            while (true) {
                List<Thread> starting = new ArrayList<>();
                boolean wasTicking = ticking;
                synchronized (lock) {
                    if (finished) {
                        return;
                    }
                    ticking = !calls.isEmpty() || readerInCall != null || readerCalls != readerCallsAtLastTick;
                    watching = ticking;
                    if (ticking) {
                        tick(wasTicking, starting);
                    }
                }
                starting.forEach(Thread::start);
                if (ticking) {
                    // answers the reading thread left unflushed before a call that takes long wait a tick at most
                    writer.flushLeftLines();
                    LockSupport.parkNanos(this, TICK_NANOS);
                } else {
                    LockSupport.park(this);
                }
            }
        }

        /**
         * Hands reading on to a new thread when the reader has been running one call of its own since the last
         * tick. Takes workers still on the call they ran at the last tick and not runnable (or runnable but
         * without an end for {@value #RUNNABLE_TICKS} ticks, as in a blocking read) to be waiting, and gives
         * queued calls the workers they then lack: every queued call, when all running calls are waiting and
         * none ended since the last tick. The first tick after a pause only takes note. Called holding the lock.
         */
        private void tick(boolean afterTick, List<Thread> starting) {
            readerTicksOnCall = afterTick && readerInCall != null && readerCalls == readerCallsAtLastTick
                    ? readerTicksOnCall + 1 : 0;
            if (readerTicksOnCall >= READER_RUNNABLE_TICKS
                    || readerTicksOnCall > 0 && readerInCall.getState() != Thread.State.RUNNABLE) {
                readerInCall = null;
                readerTicksOnCall = 0;
                slowInARow = SLOW_IN_A_ROW;
                Worker next = new Worker(reading, "beammcp-stdio-reader-" + ++readers);
                reader = next;
                starting.add(next);
            }
            readerCallsAtLastTick = readerCalls;
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

    /** A thread of {@link Workers}, running calls or reading; its fields are guarded by the workers' lock. */
    private static final class Worker extends Thread {

        /** Running a call. */
        boolean running;
        /** Taken to be waiting in its call, not computing (see {@link Workers#tick}). */
        boolean waiting;
        long calls;
        long callsAtLastTick;
        int ticksOnCall;
        /** When the call running on this thread was answered here; only this thread uses it. */
        long answeredAt;
        /** Running a call on reading to see whether calls are quick again; only this thread uses it. */
        boolean probing;

        Worker(Runnable work, String name) {
            super(work, name);
            setDaemon(true);
        }
    }

    /**
     * Writes whole lines, in the order given, flushing when none is left (or, for the reading thread with more
     * input read, when {@value #MAX_UNFLUSHED} wait); a client that went away is not an error. One thread at a
     * time writes every line waiting: the writer thread, woken for lines sent by threads that must not wait for
     * the output or to flush lines left unflushed, or the thread that ran a call writing its response.
     */
    private static final class LineWriter {

        /** Lines the reading thread may leave unflushed while it has more input read: a bound on their wait. */
        private static final int MAX_UNFLUSHED = 16;

        private final OutputStream out;
        private final Object lock = new Object();
        private final ArrayDeque<byte[]> lines = new ArrayDeque<>();
        private final Thread thread;
        /** A thread is writing the lines waiting, and flushes before it stops (unless it may leave them). */
        private boolean writing;
        /** Lines written and not yet flushed. */
        private int unflushed;
        /** The writer thread is to flush what was left unflushed. */
        private boolean flushWanted;
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

        /**
         * Writes one line on the calling thread, with any waiting, unless another thread is writing them. With
         * {@code more} (the reading thread has further input read already) the flush may wait for up to
         * {@value #MAX_UNFLUSHED} lines, or for {@link #flushLeftLines}.
         */
        void writeHere(byte[] line, boolean more) {
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
            drain(more);
        }

        /** Has the writer thread flush lines left unflushed, if any. */
        void flushLeftLines() {
            synchronized (lock) {
                if (unflushed > 0 && !writing) {
                    flushWanted = true;
                    lock.notify();
                }
            }
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
                    while (writing || lines.isEmpty() && !closed && !flushWanted) {
                        try {
                            lock.wait();
                        } catch (InterruptedException e) {
                            interrupted = true;
                        }
                    }
                    if (lines.isEmpty() && closed && unflushed == 0) {
                        break;
                    }
                    flushWanted = false;
                    writing = true;
                }
                drain(false);
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        /**
         * Writes every line waiting and flushes, until none is left; the caller is the one writing. With {@code
         * mayLeave} the flush is left to a later writer while fewer than {@value #MAX_UNFLUSHED} lines wait for it.
         */
        private void drain(boolean mayLeave) {
            while (true) {
                byte[] line;
                synchronized (lock) {
                    line = lines.poll();
                    if (line == null && (unflushed == 0 || mayLeave && unflushed < MAX_UNFLUSHED)) {
                        writing = false;
                        if (closed) {
                            // the writer thread, stopping, waits until no one writes
                            lock.notify();
                        }
                        return;
                    }
                    if (line == null) {
                        unflushed = 0;
                    } else {
                        unflushed++;
                    }
                }
                if (line == null) {
                    flush();
                } else if (!broken) {
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
