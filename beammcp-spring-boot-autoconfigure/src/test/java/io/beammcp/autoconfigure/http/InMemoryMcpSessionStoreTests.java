package io.beammcp.autoconfigure.http;

import io.beammcp.core.server.LegacySession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

@Timeout(10)
class InMemoryMcpSessionStoreTests {

    private final AtomicLong now = new AtomicLong();
    private final InMemoryMcpSessionStore store = new InMemoryMcpSessionStore(3, Duration.ofMinutes(10), now::get);

    @Test
    void findsWhatItSavedUntilRemoved() {
        LegacySession session = new LegacySession();
        store.save("a", session);
        assertThat(store.find("a")).isSameAs(session);
        assertThat(store.find("b")).isNull();
        assertThat(store.remove("a")).isTrue();
        assertThat(store.remove("a")).isFalse();
        assertThat(store.find("a")).isNull();
    }

    @Test
    void whenFullTheLeastRecentlyUsedIsEvictedFirst() {
        store.save("a", new LegacySession());
        store.save("b", new LegacySession());
        store.save("c", new LegacySession());
        store.find("a");
        store.save("d", new LegacySession());
        assertThat(store.size()).isEqualTo(3);
        assertThat(store.find("b")).isNull();
        assertThat(store.find("a")).isNotNull();
        assertThat(store.find("c")).isNotNull();
        assertThat(store.find("d")).isNotNull();
    }

    @Test
    void idleSessionsExpireAndUseKeepsThemAlive() {
        store.save("a", new LegacySession());
        store.save("b", new LegacySession());
        now.addAndGet(Duration.ofMinutes(6).toNanos());
        store.find("a");
        now.addAndGet(Duration.ofMinutes(6).toNanos());
        assertThat(store.find("b")).isNull();
        assertThat(store.find("a")).isNotNull();
        now.addAndGet(Duration.ofMinutes(10).toNanos());
        assertThat(store.find("a")).isNull();
        assertThat(store.size()).isZero();
    }

    @Test
    void tenThousandSavesKeepTheBound() {
        InMemoryMcpSessionStore bounded = new InMemoryMcpSessionStore(1000, Duration.ofMinutes(30));
        for (int i = 0; i < 10_000; i++) {
            bounded.save("s" + i, new LegacySession());
        }
        assertThat(bounded.size()).isEqualTo(1000);
        assertThat(bounded.find("s8999")).isNull();
        assertThat(bounded.find("s9000")).isNotNull();
    }

    @Test
    void aSessionUsedFromManyThreadsWhileOthersOpenStaysFoundAndTheBoundHolds() throws Exception {
        InMemoryMcpSessionStore shared = new InMemoryMcpSessionStore(100, Duration.ofMinutes(30));
        LegacySession busy = new LegacySession();
        shared.save("busy", busy);
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> users = new ArrayList<>();
            for (int t = 0; t < 6; t++) {
                users.add(threads.submit(() -> {
                    int found = 0;
                    for (int i = 0; i < 20_000; i++) {
                        found += shared.find("busy") == busy ? 1 : 0;
                    }
                    return found;
                }));
            }
            Future<?> opener = threads.submit(() -> {
                for (int i = 0; i < 5_000; i++) {
                    shared.save("s" + i, new LegacySession());
                    shared.remove("s" + (i - 50));
                }
            });
            opener.get(30, TimeUnit.SECONDS);
            for (Future<Integer> user : users) {
                // the busy session is used all along, so it is never the least recently used one
                assertThat(user.get(30, TimeUnit.SECONDS)).isEqualTo(20_000);
            }
            assertThat(shared.size()).isLessThanOrEqualTo(100);
            assertThat(shared.find("busy")).isSameAs(busy);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void refusesANonPositiveBound() {
        assertThatIllegalArgumentException().isThrownBy(() -> new InMemoryMcpSessionStore(0, Duration.ofMinutes(1)));
    }
}
