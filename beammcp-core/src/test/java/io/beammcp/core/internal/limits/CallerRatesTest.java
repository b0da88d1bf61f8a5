package io.beammcp.core.internal.limits;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rate as a sliding window, on a clock the test moves: no span of one period admits more than the limit,
 * across what would be the edge of a fixed window too, and a call is admitted again once the calls it waited
 * for are a period (and at most one slot) old.
 */
class CallerRatesTest {

    private static final long SECOND = 1_000_000_000L;

    private final AtomicLong now = new AtomicLong(1_000 * SECOND);
    private final CallerRates rates = new CallerRates(3, Duration.ofSeconds(10), 10, now::get);

    @Test
    void theLimitAtTheEndOfOnePeriodLeavesNothingAtTheStartOfTheNext() {
        now.addAndGet(9 * SECOND + SECOND / 2);
        for (int call = 0; call < 3; call++) {
            assertThat(rates.tryCall("alice")).as("call %d, at the limit", call + 1).isZero();
        }
        assertThat(rates.tryCall("alice")).as("one past it").isPositive();

        // a second later a window restarting every ten seconds would admit three more
        now.addAndGet(SECOND);
        assertThat(rates.tryCall("alice")).as("still within ten seconds of three calls").isBetween(1L, 11L);
        assertThat(rates.tryCall("bob")).as("another caller has its own").isZero();
    }

    @Test
    void aCallIsAdmittedOnceTheCallsItWaitedForAreAPeriodOld() {
        for (int call = 0; call < 3; call++) {
            assertThat(rates.tryCall("alice")).isZero();
        }
        long wait = rates.tryCall("alice");
        assertThat(wait).isBetween(10L, 11L);

        now.addAndGet(wait * SECOND - SECOND / 2);
        assertThat(rates.tryCall("alice")).as("half a second before the time it was given").isPositive();
        now.addAndGet(SECOND / 2);
        assertThat(rates.tryCall("alice")).as("at the time it was given").isZero();
    }

    @Test
    void noSpanOfOnePeriodEverHoldsMoreThanTheLimit() {
        long[] admitted = new long[200];
        int count = 0;
        for (int step = 0; step < 2_000 && count < admitted.length; step++) {
            now.addAndGet(SECOND / 7);
            if (rates.tryCall("alice") == 0) {
                admitted[count++] = now.get();
            }
        }
        assertThat(count).as("calls keep being admitted at the rate").isGreaterThan(30);
        for (int i = 3; i < count; i++) {
            assertThat(admitted[i] - admitted[i - 3]).as("four calls never fall within ten seconds")
                    .isGreaterThanOrEqualTo(10 * SECOND);
        }
    }
}
