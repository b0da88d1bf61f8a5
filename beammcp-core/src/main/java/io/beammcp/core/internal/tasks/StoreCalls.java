package io.beammcp.core.internal.tasks;

import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.limits.CallerRates;
import io.beammcp.core.internal.protocol.McpError;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * How the server calls its task store, which may be a database that restarts or goes away. A request never
 * waits long on it: while the store fails, requests are answered at once with a retryable {@code -32603} (a
 * circuit breaker that lets one request try again each {@link #PAUSE}), and at most {@link #WAITERS} requests
 * wait on the store at once, so a store that hangs (a pool waiting for connections) holds no more threads than
 * that. A task's own work waits longer: its store calls are retried with backoff for up to one lease, the
 * time other instances keep believing in the task, so an outage shorter than that loses nothing.
 */
final class StoreCalls {

    /** How many requests may wait on the store at once. */
    static final int WAITERS = 8;
    /** How long a request waits for one of those to end before it is answered unavailable. */
    private static final Duration TURN = Duration.ofSeconds(1);
    /** How long requests are answered unavailable at once after the store failed, before one tries it again. */
    static final Duration PAUSE = Duration.ofSeconds(1);
    private static final long FIRST_BACKOFF_MS = 50;
    private static final long MAX_BACKOFF_MS = 1_000;

    private static final Logger log = LoggerFactory.getLogger(StoreCalls.class);

    private final Semaphore waiters = new Semaphore(WAITERS);
    private final CircuitBreaker breaker = CircuitBreaker.of("beammcp-task-store", CircuitBreakerConfig.custom()
            .slidingWindowSize(4).minimumNumberOfCalls(1).failureRateThreshold(50)
            .waitDurationInOpenState(PAUSE).permittedNumberOfCallsInHalfOpenState(1)
            // the server's own refusals (an answer of the wrong shape) are no fault of the store
            .ignoreExceptions(McpError.class).build());
    private final Duration lease;
    private final JsonCodec codec;
    private volatile boolean stopped;

    StoreCalls(Duration lease, JsonCodec codec) {
        this.lease = lease;
        this.codec = codec;
        breaker.getEventPublisher().onStateTransition(event -> log.warn("The task store {}: {}",
                event.getStateTransition().getToState() == CircuitBreaker.State.CLOSED ? "answers again"
                        : "fails; requests about tasks are answered as unavailable for now",
                event.getStateTransition()));
    }

    /** A store call made while a request waits: its answer, or the retryable {@code -32603} at once. */
    <T> T request(Supplier<T> call) {
        try {
            if (!waiters.tryAcquire(TURN.toMillis(), TimeUnit.MILLISECONDS)) {
                throw unavailable();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unavailable();
        }
        try {
            return breaker.executeSupplier(call);
        } catch (McpError e) {
            throw e;
        } catch (CallNotPermittedException e) {
            throw unavailable();
        } catch (RuntimeException e) {
            // while the breaker is open no request tries the store: at most one such line a second
            log.warn("The task store failed while serving a request: {}", e.toString());
            throw unavailable();
        } finally {
            waiters.release();
        }
    }

    /**
     * A store call of a task's own work: retried with backoff while the store fails, for up to one lease from
     * the first failure (and not past this server's stop); then the store's failure is thrown.
     *
     * @throws CancellationException when the thread is interrupted while waiting to try again
     */
    <T> T work(Supplier<T> call) {
        long backoff = FIRST_BACKOFF_MS;
        Long deadline = null;
        while (true) {
            try {
                return call.get();
            } catch (McpError e) {
                throw e;
            } catch (RuntimeException e) {
                if (deadline == null) {
                    deadline = System.nanoTime() + lease.toNanos();
                    log.warn("The task store failed during a task's work; trying again for up to {}: {}", lease,
                            e.toString());
                }
                if (stopped || System.nanoTime() - deadline >= 0) {
                    log.warn("The task store still fails; the task's work gives up: {}", e.toString());
                    throw e;
                }
                try {
                    Thread.sleep(backoff);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new CancellationException("The task was cancelled while the store was unreachable");
                }
                backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
            }
        }
    }

    /** The server stops: work no longer waits for the store to come back. */
    void stop() {
        stopped = true;
    }

    private McpError unavailable() {
        long seconds = PAUSE.toSeconds();
        ObjectNode data = codec.object().put(CallerRates.RETRY_AFTER, seconds);
        return new McpError(McpError.INTERNAL_ERROR, "The task store is unreachable; retry in " + seconds + " s", data);
    }
}
