package io.beammcp.cluster.jdbc;

import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * How a request's statements reach the session table, which may be on a database that is down: while
 * statements fail, a circuit breaker refuses them at once (one is let through each {@link #PAUSE} to see whether
 * the database is back), and at most {@link #WAITERS} requests wait on the database at once, so a pool waiting
 * for a connection holds no more threads than that. A refusal is a {@link SessionStoreUnavailableException}.
 */
final class DatabaseCalls {

    static final int WAITERS = 8;
    static final Duration PAUSE = Duration.ofSeconds(1);
    private static final Duration TURN = Duration.ofSeconds(1);

    private static final Logger log = LoggerFactory.getLogger(DatabaseCalls.class);

    private final Semaphore waiters = new Semaphore(WAITERS);
    private final CircuitBreaker breaker = CircuitBreaker.of("beammcp-session-store", CircuitBreakerConfig.custom()
            .slidingWindowSize(4).minimumNumberOfCalls(1).failureRateThreshold(50).waitDurationInOpenState(PAUSE)
            .permittedNumberOfCallsInHalfOpenState(1).build());

    DatabaseCalls() {
        breaker.getEventPublisher().onStateTransition(event -> log.warn("The session store {}",
                event.getStateTransition().getToState() == CircuitBreaker.State.CLOSED ? "answers again"
                        : "fails; requests naming a session are refused for now"));
    }

    /** The statement's result, or a {@link SessionStoreUnavailableException} without waiting for long. */
    <T> T run(Supplier<T> statement) {
        boolean turn;
        try {
            turn = waiters.tryAcquire(TURN.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            turn = false;
        }
        if (!turn) {
            throw new SessionStoreUnavailableException(null);
        }
        try {
            return breaker.executeSupplier(statement);
        } catch (CallNotPermittedException e) {
            throw new SessionStoreUnavailableException(null);
        } catch (RuntimeException e) {
            throw new SessionStoreUnavailableException(e);
        } finally {
            waiters.release();
        }
    }
}
