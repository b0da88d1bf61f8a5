package io.beammcp.core.internal.limits;

import io.beammcp.core.internal.session.Session;
import io.beammcp.core.server.Exchange;
import io.beammcp.core.server.McpLimits;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.github.resilience4j.ratelimiter.internal.AtomicRateLimiter;

import java.security.Principal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The tool-call rate of each caller: a Resilience4j rate limiter per caller, which gives back its calls at the
 * start of each period, in a map of the callers seen most recently, so a stream of new callers (addresses)
 * costs a bounded amount of memory.
 */
public final class CallerRates {

    /** The key of the seconds to wait in the error's {@code data}, read back for the transport's framing. */
    public static final String RETRY_AFTER = "retryAfterSeconds";

    private static final CallerRates OFF = new CallerRates(0, McpLimits.DEFAULT_PERIOD, 1);

    private final RateLimiterConfig config;
    private final Map<String, AtomicRateLimiter> callers;

    private CallerRates(int limit, Duration period, int maxCallers) {
        this.config = limit <= 0 ? null : RateLimiterConfig.custom().limitForPeriod(limit)
                .limitRefreshPeriod(period).timeoutDuration(Duration.ZERO).build();
        // access order: the caller seen least recently goes first once the map is full
        this.callers = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, AtomicRateLimiter> eldest) {
                return size() > maxCallers;
            }
        };
    }

    public static CallerRates of(McpLimits limits) {
        return limits.toolCallsPerCaller() <= 0 ? OFF
                : new CallerRates(limits.toolCallsPerCaller(), limits.toolCallsPeriod(), limits.maxTrackedCallers());
    }

    public boolean bounded() {
        return config != null;
    }

    public int limit() {
        return config.getLimitForPeriod();
    }

    public Duration period() {
        return config.getLimitRefreshPeriod();
    }

    /** Who counts a call: the principal when there is one, else the peer's address, else the whole transport. */
    public static String callerOf(Exchange exchange, Principal principal) {
        String owner = Session.ownerOf(principal);
        if (!owner.isEmpty()) {
            return "principal:" + owner;
        }
        String peer = exchange.peer();
        return peer != null ? "peer:" + peer : "transport";
    }

    /**
     * Takes one call from the caller's allowance.
     *
     * @return zero when the call may run, else the seconds (at least one, rounded up) until the caller's
     *         next period, when it may call again
     */
    public long tryCall(String caller) {
        AtomicRateLimiter limiter;
        synchronized (callers) {
            limiter = callers.computeIfAbsent(caller, name -> new AtomicRateLimiter(name, config));
        }
        if (limiter.acquirePermission()) {
            return 0;
        }
        long nanos = limiter.getDetailedMetrics().getNanosToWait();
        return Math.max(1, (nanos + TimeUnit.SECONDS.toNanos(1) - 1) / TimeUnit.SECONDS.toNanos(1));
    }
}
