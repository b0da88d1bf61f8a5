package io.beammcp.autoconfigure.http;

import io.beammcp.core.server.LegacySession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

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
    void refusesANonPositiveBound() {
        assertThatIllegalArgumentException().isThrownBy(() -> new InMemoryMcpSessionStore(0, Duration.ofMinutes(1)));
    }
}
