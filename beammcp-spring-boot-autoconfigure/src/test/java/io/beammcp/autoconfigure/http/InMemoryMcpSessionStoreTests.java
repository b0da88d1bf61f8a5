package io.beammcp.autoconfigure.http;

import io.beammcp.autoconfigure.Wire;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.ToolResult;
import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.server.McpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

@Timeout(10)
class InMemoryMcpSessionStoreTests {

    private static final McpServer SERVER = McpServer.builder(Catalog.of(List.of()),
            (name, arguments, context) -> ToolResult.of("")).build();

    private final AtomicLong now = new AtomicLong();
    private final InMemoryMcpSessionStore store = new InMemoryMcpSessionStore(3, 3, Duration.ofMinutes(10), now::get);

    @Test
    void findsWhatItSavedUntilRemoved() {
        LegacySession session = McpServer.newSession();
        store.save("a", session);
        assertThat(store.find("a")).isSameAs(session);
        assertThat(store.find("b")).isNull();
        assertThat(store.remove("a")).isTrue();
        assertThat(store.remove("a")).isFalse();
        assertThat(store.find("a")).isNull();
    }

    @Test
    void whenFullTheLeastRecentlyUsedIsEvictedFirst() {
        store.save("a", McpServer.newSession());
        store.save("b", McpServer.newSession());
        store.save("c", McpServer.newSession());
        store.find("a");
        store.save("d", McpServer.newSession());
        assertThat(store.size()).isEqualTo(3);
        assertThat(store.find("b")).isNull();
        assertThat(store.find("a")).isNotNull();
        assertThat(store.find("c")).isNotNull();
        assertThat(store.find("d")).isNotNull();
    }

    @Test
    void anEvictedOrExpiredSessionIsClosedSoItsStreamEnds() {
        InMemoryMcpSessionStore two = new InMemoryMcpSessionStore(2, 2, Duration.ofMinutes(10), now::get);
        LegacySession evicted = McpServer.newSession();
        LegacySession expired = McpServer.newSession();
        LegacySession removed = McpServer.newSession();
        AtomicBoolean evictedEnded = openStream(evicted);
        AtomicBoolean expiredEnded = openStream(expired);
        AtomicBoolean removedEnded = openStream(removed);
        two.save("evicted", evicted);
        two.save("removed", removed);
        two.save("third", McpServer.newSession());
        assertThat(evictedEnded).as("the least recently used, evicted").isTrue();
        assertThat(two.remove("removed")).isTrue();
        assertThat(removedEnded).as("DELETE closes the session itself, not the store").isFalse();
        two.save("expired", expired);
        now.addAndGet(Duration.ofMinutes(11).toNanos());
        assertThat(expiredEnded).isFalse();
        assertThat(two.find("expired")).isNull();
        assertThat(expiredEnded).as("found expired").isTrue();
    }

    /**
     * Opens the session through a server (as a stdio exchange does with its own session) and opens a stream
     * on it, as a {@code GET} does; the flag says whether the stream ended.
     */
    private static AtomicBoolean openStream(LegacySession session) {
        Exchange exchange = Wire.stdio(session, sent -> { });
        SERVER.handle(Wire.initialize(1).getBytes(StandardCharsets.UTF_8), exchange);
        SERVER.handle("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}".getBytes(StandardCharsets.UTF_8),
                exchange);
        AtomicBoolean ended = new AtomicBoolean();
        assertThat(SERVER.openStream(exchange, reply -> ended.set(true))).isNull();
        return ended;
    }

    @Test
    void idleSessionsExpireAndUseKeepsThemAlive() {
        store.save("a", McpServer.newSession());
        store.save("b", McpServer.newSession());
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
        InMemoryMcpSessionStore bounded = new InMemoryMcpSessionStore(1000, 1000, Duration.ofMinutes(30));
        for (int i = 0; i < 10_000; i++) {
            bounded.save("s" + i, McpServer.newSession());
        }
        assertThat(bounded.size()).isEqualTo(1000);
        assertThat(bounded.find("s8999")).isNull();
        assertThat(bounded.find("s9000")).isNotNull();
    }

    @Test
    void aSessionUsedFromManyThreadsWhileOthersOpenStaysFoundAndTheBoundHolds() throws Exception {
        InMemoryMcpSessionStore shared = new InMemoryMcpSessionStore(100, 100, Duration.ofMinutes(30));
        LegacySession busy = McpServer.newSession();
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
                    shared.save("s" + i, McpServer.newSession());
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
    void aCallerAtItsShareKeepsAllAndOnePastEndsItsOwnLeastRecentlyUsedNotAnotherCallers() {
        InMemoryMcpSessionStore shared = new InMemoryMcpSessionStore(10, 2, Duration.ofMinutes(10), now::get);
        LegacySession bobs = owned("bob");
        shared.save("bob", bobs);
        LegacySession opened = McpServer.newSession();
        AtomicBoolean firstEnded = openStream(opened);
        LegacySession first = owned("alice", opened);
        shared.save("alice-1", first);
        shared.save("alice-2", owned("alice"));
        assertThat(shared.size()).as("at the share").isEqualTo(3);
        shared.find("alice-1");

        shared.save("alice-3", owned("alice"));
        assertThat(shared.find("alice-2")).as("alice's own least recently used").isNull();
        assertThat(shared.find("alice-1")).isSameAs(first);
        assertThat(shared.find("alice-3")).isNotNull();
        assertThat(shared.find("bob")).as("another caller's session stays").isSameAs(bobs);
        assertThat(firstEnded).isFalse();

        shared.save("alice-4", owned("alice"));
        shared.save("alice-5", owned("alice"));
        assertThat(shared.find("alice-1")).isNull();
        assertThat(firstEnded).as("an ended session is closed, as on eviction").isTrue();
        assertThat(shared.find("bob")).isSameAs(bobs);
    }

    @Test
    void sessionsOfNoNamedCallerCountOnlyTowardsTheWholeStore() {
        InMemoryMcpSessionStore shared = new InMemoryMcpSessionStore(10, 2, Duration.ofMinutes(10), now::get);
        for (String id : List.of("a", "b", "c", "d")) {
            shared.save(id, McpServer.newSession());
        }
        assertThat(shared.size()).isEqualTo(4);
    }

    @Test
    void refusesANonPositiveBound() {
        assertThatIllegalArgumentException().isThrownBy(() -> new InMemoryMcpSessionStore(0, 1, Duration.ofMinutes(1)));
        assertThatIllegalArgumentException().isThrownBy(() -> new InMemoryMcpSessionStore(1, 0, Duration.ofMinutes(1)));
    }

    /** A session opened by a named caller, as the core makes one for {@code initialize}. */
    static LegacySession owned(String caller) {
        return owned(caller, McpServer.newSession());
    }

    private static LegacySession owned(String caller, LegacySession session) {
        return new LegacySession() {
            @Override
            public boolean isOpen() {
                return session.isOpen();
            }

            @Override
            public boolean isInitialized() {
                return session.isInitialized();
            }

            @Override
            public io.beammcp.core.Revision revision() {
                return session.revision();
            }

            @Override
            public String owner() {
                return caller;
            }

            @Override
            public void close() {
                session.close();
            }
        };
    }
}
