package io.beammcp.core.internal.limits;

import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.McpLimits;

import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The tool-call rate of each caller, as a sliding window: no span of one period ever holds more than the limit
 * of a caller's calls, however they fall (a window restarting each period would admit twice the limit across
 * its edge). The period is cut into {@value #SLOTS} slots, and a call is admitted when the calls counted in
 * the current slot and the {@value #SLOTS} before it (a span at least one period long, at most one slot
 * longer) are fewer than the limit. A caller costs a few counters, kept in a map of the callers seen most
 * recently, so a stream of new callers (addresses) costs a bounded amount of memory.
 */
public final class CallerRates {

    /** The key of the seconds to wait in the error's {@code data}, read back for the transport's framing. */
    public static final String RETRY_AFTER = "retryAfterSeconds";

    static final int SLOTS = 10;

    private static final CallerRates OFF = new CallerRates(0, McpLimits.DEFAULT_PERIOD, 1, System::nanoTime);

    private final int limit;
    private final Duration period;
    private final long slotNanos;
    private final LongSupplier clock;
    private final Map<String, Window> callers;

    CallerRates(int limit, Duration period, int maxCallers, LongSupplier clock) {
        this.limit = limit;
        this.period = period;
        this.slotNanos = Math.max(1, period.toNanos() / SLOTS);
        this.clock = clock;
        // access order: the caller seen least recently goes first once the map is full
        this.callers = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Window> eldest) {
                return size() > maxCallers;
            }
        };
    }

    public static CallerRates of(McpLimits limits) {
        return limits.toolCallsPerCaller() <= 0 ? OFF : new CallerRates(limits.toolCallsPerCaller(),
                limits.toolCallsPeriod(), limits.maxTrackedCallers(), System::nanoTime);
    }

    public boolean bounded() {
        return limit > 0;
    }

    public int limit() {
        return limit;
    }

    public Duration period() {
        return period;
    }

    /** Who counts a call: the named caller when there is one, else the peer's address, else the whole transport. */
    public static String callerOf(Exchange exchange, String caller) {
        if (!caller.isEmpty()) {
            return "principal:" + caller;
        }
        String peer = exchange.peer();
        return peer != null ? "peer:" + peer : "transport";
    }

    /**
     * Takes one call from the caller's allowance.
     *
     * @return zero when the call may run, else the seconds (at least one, rounded up) until enough of the
     *         caller's calls have left the window for the next to run
     */
    public long tryCall(String caller) {
        Window window;
        synchronized (callers) {
            window = callers.computeIfAbsent(caller, name -> new Window());
        }
        long now = clock.getAsLong();
        long nanos = window.tryCall(now, Math.floorDiv(now, slotNanos));
        long second = TimeUnit.SECONDS.toNanos(1);
        return nanos == 0 ? 0 : Math.max(1, (nanos + second - 1) / second);
    }

    /** One caller's counts: a ring of the current slot and the {@value #SLOTS} before it. */
    private final class Window {

        private final int[] counts = new int[SLOTS + 1];
        private long newest = Long.MIN_VALUE;

        /** Zero when admitted (and counted), else the nanoseconds until a call would be. */
        synchronized long tryCall(long now, long slot) {
            if (newest == Long.MIN_VALUE || slot - newest > SLOTS) {
                Arrays.fill(counts, 0);
            } else {
                for (long s = newest + 1; s <= slot; s++) {
                    counts[index(s)] = 0;
                }
            }
            newest = Math.max(newest, slot);
            int total = 0;
            for (int count : counts) {
                total += count;
            }
            if (total < limit) {
                counts[index(slot)]++;
                return 0;
            }
            // the oldest slots leave first: find the one whose leaving brings the count under the limit
            int excess = total - limit + 1;
            for (long s = slot - SLOTS; ; s++) {
                excess -= counts[index(s)];
                if (excess <= 0) {
                    return Math.max(1, (s + SLOTS + 1) * slotNanos - now);
                }
            }
        }

        private int index(long slot) {
            return (int) Math.floorMod(slot, (long) SLOTS + 1);
        }
    }
}
