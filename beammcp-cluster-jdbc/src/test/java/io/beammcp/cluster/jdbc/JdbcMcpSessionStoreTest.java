package io.beammcp.cluster.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import io.beammcp.core.spi.LegacySession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The session store's logic, on H2, with instances joined in memory ({@link MemoryPeers}): each "instance" is
 * a store of its own on the one database. PostgreSQL and its link: {@link PostgresClusterTest}.
 */
class JdbcMcpSessionStoreTest {

    private static final long IDLE = 1_000_000;

    private final HikariDataSource database = Databases.h2(UUID.randomUUID().toString());
    private final MemoryPeers.Network network = new MemoryPeers.Network();
    private final AtomicLong clock = new AtomicLong(1_000_000_000L);
    /** Two instances with the default bounds; a test of other bounds makes its own. */
    private final JdbcMcpSessionStore a = instance();
    private final JdbcMcpSessionStore b = instance();

    @AfterEach
    void close() {
        database.close();
    }

    private JdbcMcpSessionStore instance() {
        return instance(100, 100);
    }

    private JdbcMcpSessionStore instance(int maxCount, int maxPerCaller) {
        return new JdbcMcpSessionStore(JdbcClient.create(database), network.join(), maxCount, maxPerCaller, IDLE,
                clock::get, FakeSession::restoredFrom, 0);
    }

    private static FakeSession opened(JdbcMcpSessionStore store, String id, String owner) {
        FakeSession session = new FakeSession(owner, "{\"level\":\"" + id + "\"}");
        store.save(id, session);
        return session;
    }

    @Test
    void aSessionSavedOnOneInstanceIsServedByAnotherWithItsOwnerAndState() {
        FakeSession session = opened(a, "s1", "alice");
        assertThat(a.find("s1")).isSameAs(session);
        LegacySession copy = b.find("s1");
        assertThat(copy).isNotNull().isNotSameAs(session);
        assertThat(copy.owner()).isEqualTo("alice");
        assertThat(copy.state()).isEqualTo("{\"level\":\"s1\"}");
        assertThat(b.find("s1")).as("cached while unchanged").isSameAs(copy);
        assertThat(b.find("s2")).isNull();
    }

    @Test
    void aChangeReachesTheCopyAnotherInstanceHoldsAtOnce() {
        FakeSession session = opened(a, "s1", "");
        FakeSession copy = (FakeSession) b.find("s1");
        session.change("{\"level\":\"debug\"}");
        // no request on b: its GET stream must filter by the new state already
        assertThat(copy.state()).isEqualTo("{\"level\":\"debug\"}");
        assertThat(b.find("s1")).isSameAs(copy);
        assertThat(a.find("s1")).as("the writer's own copy is current").isSameAs(session);
        assertThat(session.restored).isEmpty();
    }

    @Test
    void aChangeAnotherInstanceMissedIsReadByItsNextRequest() {
        FakeSession session = opened(a, "s1", "");
        FakeSession copy = (FakeSession) b.find("s1");
        network.down = true;
        session.change("{\"level\":\"debug\"}");
        assertThat(copy.state()).isEqualTo("{\"level\":\"s1\"}");
        assertThat(b.find("s1")).isSameAs(copy);
        assertThat(copy.state()).isEqualTo("{\"level\":\"debug\"}");
    }

    @Test
    void aSessionEndedOnOneInstanceEndsEverywhere() {
        opened(a, "s1", "");
        FakeSession copy = (FakeSession) b.find("s1");
        assertThat(a.remove("s1")).isTrue();
        assertThat(copy.closed).as("the copy's GET stream ends").isEqualTo(1);
        assertThat(b.find("s1")).isNull();
        assertThat(b.remove("s1")).isFalse();
        assertThat(b.cached()).isZero();
    }

    @Test
    void aClientsAnswerReachesTheInstanceHoldingTheSessionOnly() {
        JdbcMcpSessionStore c = instance();
        FakeSession session = opened(a, "s1", "");
        FakeSession other = opened(c, "s2", "");
        FakeSession copy = (FakeSession) b.find("s1");
        copy.relay("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}");
        assertThat(session.received).containsExactly("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}");
        assertThat(other.received).isEmpty();
        assertThat(copy.received).isEmpty();
    }

    @Test
    void whatAnInstanceMissedInAnOutageOfTheLinkIsMadeUpWhenItIsBack() {
        FakeSession changed = opened(a, "s1", "");
        opened(a, "s2", "");
        FakeSession changedCopy = (FakeSession) b.find("s1");
        FakeSession endedCopy = (FakeSession) b.find("s2");
        network.down = true;
        changed.change("{\"level\":\"debug\"}");
        a.remove("s2");
        assertThat(endedCopy.closed).isZero();
        network.up();
        assertThat(changedCopy.state()).isEqualTo("{\"level\":\"debug\"}");
        assertThat(endedCopy.closed).isEqualTo(1);
        assertThat(b.cached()).isEqualTo(1);
    }

    @Test
    void aSessionUnusedForTheIdleTimeoutIsGoneEverywhere() {
        FakeSession session = opened(a, "s1", "");
        FakeSession copy = (FakeSession) b.find("s1");
        clock.addAndGet(IDLE - 1);
        assertThat(a.find("s1")).as("just before the timeout").isSameAs(session);
        // that use counts for every instance: the session lives another idle timeout from it
        clock.addAndGet(IDLE - 1);
        assertThat(b.find("s1")).isSameAs(copy);
        clock.addAndGet(IDLE);
        assertThat(a.find("s1")).as("at the timeout").isNull();
        assertThat(session.closed).isEqualTo(1);
        a.purge();
        assertThat(copy.closed).as("the purge ends it on every instance").isEqualTo(1);
        assertThat(JdbcClient.create(database).sql("SELECT COUNT(*) FROM beammcp_session").query(Integer.class)
                .single()).isZero();
        assertThat(a.remove("s1")).isFalse();
    }

    @Test
    void aCallerPastItsShareLosesItsLeastRecentlyUsedSessionOnEveryInstance() {
        JdbcMcpSessionStore a = instance(100, 2);
        JdbcMcpSessionStore b = instance(100, 2);
        FakeSession first = opened(a, "s1", "alice");
        clock.addAndGet(IDLE / 4);
        opened(a, "s2", "alice");
        opened(a, "bob", "bob");
        clock.addAndGet(IDLE / 4);
        FakeSession firstCopy = (FakeSession) b.find("s1");
        assertThat(first.closed).as("at the share").isZero();
        clock.addAndGet(IDLE / 4);
        opened(b, "s3", "alice");
        assertThat(a.find("s2")).as("past it: the one unused for longest ends").isNull();
        assertThat(a.find("s1")).isSameAs(first);
        assertThat(b.find("s1")).isSameAs(firstCopy);
        assertThat(a.find("s3")).isNotNull();
        assertThat(a.find("bob")).isNotNull();
    }

    @Test
    void pastTheCountTheLeastRecentlyUsedSessionEnds() {
        JdbcMcpSessionStore a = instance(2, 2);
        FakeSession first = opened(a, "s1", "");
        clock.addAndGet(IDLE / 4);
        FakeSession second = opened(a, "s2", "");
        clock.addAndGet(IDLE / 4);
        assertThat(a.find("s1")).as("at the count").isSameAs(first);
        opened(a, "s3", "");
        assertThat(second.closed).as("past it").isEqualTo(1);
        assertThat(a.find("s2")).isNull();
        assertThat(a.find("s1")).isSameAs(first);
        assertThat(a.count()).isEqualTo(2);
    }

    @Test
    void theTableHoldsAHashOfTheIdNeverTheId() {
        String id = "N3v3r-Stored-" + UUID.randomUUID();
        a.save(id, new FakeSession("alice", "{}"));
        List<Map<String, Object>> rows = JdbcClient.create(database).sql("SELECT * FROM beammcp_session")
                .query().listOfRows();
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).get("ID_HASH")).isEqualTo(JdbcMcpSessionStore.hash(id)).asString().hasSize(64);
        assertThat(rows.get(0).values()).allSatisfy(value -> assertThat(String.valueOf(value)).doesNotContain(id));
    }

    @Test
    void withTheDatabaseDownRequestsAreRefusedAsUnavailableAndTheCountIsUnknown() {
        opened(a, "s1", "");
        database.close();
        for (int failed = 0; failed < 3; failed++) {
            assertThatThrownBy(() -> a.find("s1")).isInstanceOf(SessionStoreUnavailableException.class)
                    .hasMessage("The session store is unreachable; retry in 1 s");
        }
        // most of the last statements failed: the breaker is open, refusing without trying the database
        assertThatThrownBy(() -> a.find("s1")).isInstanceOf(SessionStoreUnavailableException.class).hasNoCause();
        assertThatThrownBy(() -> a.save("s2", new FakeSession("", "{}")))
                .isInstanceOf(SessionStoreUnavailableException.class);
        assertThat(a.count()).isEqualTo(-1);
    }
}
