package io.beammcp.core.internal.call;

import io.beammcp.core.Revision;
import io.beammcp.core.internal.session.Cancellable;
import io.beammcp.core.internal.session.Session;
import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.Reply;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The life of one request's host work: run once on a transport's executor, answered exactly once by
 * whichever comes first of the work's own reply, the time limit (a tool error) and a cancellation (no
 * answer). Timing out and cancelling interrupt the thread running host code; notifications the work emits
 * reach the exchange before the answer, and are dropped after it.
 */
public final class CallLifecycle implements Cancellable {

    private static final Logger log = LoggerFactory.getLogger(CallLifecycle.class);

    private enum State { RUNNING, DONE, CANCELLED, TIMED_OUT }

    private final Revision revision;
    private final JsonNode id;
    private final Exchange exchange;
    /** Where {@code notifications/cancelled} finds this request, or {@code null} when it cannot name it. */
    private final Session registry;
    private final Supplier<Reply> work;
    private final Consumer<Reply> answer;
    /** The server's requests in flight, this one among them until it is answered. */
    private final Set<CallLifecycle> inFlight;

    /** Guards the state, the worker and {@code answered}: held briefly, never while sending. */
    private final Object lock = new Object();
    /** Orders sends: a notification being sent completes before the answer goes out. */
    private final Object sendLock = new Object();
    private State state = State.RUNNING;
    private boolean answered;
    private Thread worker;
    private boolean interrupted;
    private ScheduledFuture<?> deadline;

    /**
     * Binds the work and where its one answer goes, and counts the request in {@code inFlight} until it is
     * answered. From now on {@code notifications/cancelled} (through the registry) and the exchange's close
     * cancel the request.
     */
    public CallLifecycle(Revision revision, JsonNode id, Exchange exchange, Session registry, Supplier<Reply> work,
            Consumer<Reply> answer, Set<CallLifecycle> inFlight) {
        this.revision = revision;
        this.id = id;
        this.exchange = exchange;
        this.registry = registry;
        this.work = work;
        this.answer = answer;
        this.inFlight = inFlight;
        inFlight.add(this);
        if (registry != null) {
            registry.inFlight().putIfAbsent(Session.key(id), this);
        }
        exchange.onClose(this::cancel);
    }

    /** Runs the work on the executor; a request the executor refuses is left unanswered. */
    public void launch(Executor executor) {
        try {
            executor.execute(this::run);
        } catch (RejectedExecutionException e) {
            log.warn("Host work could not start ({}); the request is left unanswered", e.toString());
            cancel();
        }
    }

    /** Arms the time limit: past it the work is interrupted and the request answered with {@link #expire}. */
    public void deadline(ScheduledFuture<?> timer) {
        synchronized (lock) {
            if (state != State.RUNNING) {
                timer.cancel(false);
            } else {
                deadline = timer;
            }
        }
    }

    /** Answers with {@code reply} now, unless answered already, and interrupts the work if it is running. */
    public void expire(Reply reply) {
        finish(State.TIMED_OUT, reply);
    }

    public Revision revision() {
        return revision;
    }

    public JsonNode id() {
        return id;
    }

    @Override
    public void cancel() {
        finish(State.CANCELLED, Reply.of(Reply.Kind.UNANSWERED, revision));
    }

    public boolean isCancelled() {
        synchronized (lock) {
            return state == State.CANCELLED || state == State.TIMED_OUT;
        }
    }

    /** Sends a notification while the request is in flight; a client found gone cancels the request. */
    public boolean emit(byte[] notification) {
        synchronized (sendLock) {
            synchronized (lock) {
                if (state != State.RUNNING) {
                    return false;
                }
            }
            if (exchange.send(notification)) {
                return true;
            }
        }
        cancel();
        return false;
    }

    private void run() {
        boolean start;
        synchronized (lock) {
            start = state == State.RUNNING;
            if (start) {
                worker = Thread.currentThread();
            }
        }
        if (!start) {
            awaitAnswer();
            return;
        }
        Reply reply;
        try {
            reply = work.get();
        } finally {
            synchronized (lock) {
                worker = null;
                if (interrupted) {
                    // the interrupt was ours, for this request only; the thread goes on to other work
                    Thread.interrupted();
                }
            }
        }
        finish(State.DONE, reply);
        awaitAnswer();
    }

    /**
     * Returns once the request has been answered: when a timeout or a cancellation won the race, its
     * answer is being delivered by another thread, and a caller serving synchronously must not return before.
     */
    private void awaitAnswer() {
        boolean wasInterrupted = false;
        synchronized (lock) {
            while (!answered) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    wasInterrupted = true;
                }
            }
        }
        if (wasInterrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void finish(State to, Reply reply) {
        synchronized (lock) {
            if (state != State.RUNNING) {
                return;
            }
            state = to;
            if (to != State.DONE && worker != null) {
                interrupted = true;
                worker.interrupt();
            }
            if (deadline != null) {
                deadline.cancel(false);
            }
        }
        if (registry != null) {
            registry.inFlight().remove(Session.key(id), this);
        }
        inFlight.remove(this);
        try {
            synchronized (sendLock) {
                answer.accept(reply);
            }
        } finally {
            synchronized (lock) {
                answered = true;
                lock.notifyAll();
            }
        }
    }
}
