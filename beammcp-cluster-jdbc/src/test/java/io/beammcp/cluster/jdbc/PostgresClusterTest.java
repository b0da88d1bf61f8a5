package io.beammcp.cluster.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.springframework.jdbc.core.simple.JdbcClient;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The link on PostgreSQL, as instances use it: each "instance" is a link with a pool of its own on the one
 * database. {@code interop/run.sh} starts a PostgreSQL and runs this test against it, naming the command that
 * restarts it in {@value Databases#RESTART}; a build without {@value Databases#POSTGRES_URL} skips it.
 */
@EnabledIfSystemProperty(named = Databases.POSTGRES_URL, matches = "jdbc:postgresql:.+")
class PostgresClusterTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private final List<HikariDataSource> pools = new ArrayList<>();
    private final List<PostgresClusterLink> links = new ArrayList<>();

    @BeforeEach
    void empty() {
        try (HikariDataSource pool = Databases.postgres()) {
            Databases.empty(pool);
        }
    }

    @AfterEach
    void close() {
        links.forEach(PostgresClusterLink::destroy);
        pools.forEach(HikariDataSource::close);
    }

    /** A new instance's link, listening, its core events collected in {@code events}. */
    private PostgresClusterLink instance(List<String> events) {
        HikariDataSource pool = Databases.postgres();
        pools.add(pool);
        PostgresClusterLink link = new PostgresClusterLink(pool, "beammcp");
        links.add(link);
        link.start(event -> events.add(new String(event, StandardCharsets.UTF_8)));
        link.start();
        await().atMost(WAIT).until(link::listening);
        return link;
    }

    private static void notify(String text) {
        try (HikariDataSource pool = Databases.postgres()) {
            JdbcClient.create(pool).sql("SELECT pg_notify('beammcp', ?)").param(text).query((row, n) -> 0).list();
        }
    }

    private static byte[] key() {
        try (HikariDataSource pool = Databases.postgres()) {
            return Base64.getDecoder().decode(JdbcClient.create(pool).sql("SELECT secret FROM beammcp_cluster_key")
                    .query(String.class).single());
        }
    }

    @Test
    void anEventReachesEveryOtherInstanceAndNeverComesBack() {
        List<String> seenByA = new CopyOnWriteArrayList<>();
        List<String> seenByB = new CopyOnWriteArrayList<>();
        List<String> seenByC = new CopyOnWriteArrayList<>();
        PostgresClusterLink a = instance(seenByA);
        PostgresClusterLink b = instance(seenByB);
        instance(seenByC);
        a.publish("from a".getBytes(StandardCharsets.UTF_8));
        await().atMost(WAIT).until(() -> seenByB.size() == 1 && seenByC.size() == 1);
        b.publish("from b".getBytes(StandardCharsets.UTF_8));
        // notifications arrive in order: a's own event, had it come back, would be before b's
        await().atMost(WAIT).until(() -> seenByA.size() == 1);
        assertThat(seenByA).containsExactly("from b");
        assertThat(seenByB).containsExactly("from a");
        assertThat(seenByC).containsExactly("from a", "from b");
    }

    @Test
    void anEventNotSignedWithTheClustersKeyIsDropped() {
        List<String> seenByA = new CopyOnWriteArrayList<>();
        List<String> seenByB = new CopyOnWriteArrayList<>();
        PostgresClusterLink a = instance(seenByA);
        instance(seenByB);
        byte[] payload = "forged".getBytes(StandardCharsets.UTF_8);
        String body = Base64.getEncoder().encodeToString(payload);
        long now = System.currentTimeMillis();
        byte[] otherKey = new byte[32];
        Arrays.fill(otherKey, (byte) 7);
        notify("not an event at all");
        notify("intruder core " + now + " " + body + " AAAA");
        notify(Envelope.signed(otherKey, "intruder", "core", now, body, payload).text());
        // a replay of an event the key signed, from long ago
        notify(Envelope.signed(key(), "intruder", "core", now - 120_000, body, payload).text());
        notify(Envelope.signed(key(), "insider", "core", now, body, "signed".getBytes(StandardCharsets.UTF_8))
                .text());
        a.publish("real".getBytes(StandardCharsets.UTF_8));
        await().atMost(WAIT).until(() -> seenByB.contains("real"));
        assertThat(seenByB).containsExactly("real");
        notify(Envelope.signed(key(), "insider", "core", System.currentTimeMillis(),
                Base64.getEncoder().encodeToString("signed".getBytes(StandardCharsets.UTF_8)),
                "signed".getBytes(StandardCharsets.UTF_8)).text());
        await().atMost(WAIT).until(() -> seenByB.size() == 2);
        assertThat(seenByB).as("what the key signed is taken").containsExactly("real", "signed");
    }

    @Test
    void anEventAtTheInlineLimitTravelsInTheNotifyAndOneByteMoreThroughTheTable() {
        List<String> seenByB = new CopyOnWriteArrayList<>();
        PostgresClusterLink a = instance(new CopyOnWriteArrayList<>());
        instance(seenByB);
        // Base64 of 3n bytes is 4n characters: 5,250 bytes make exactly the limit, 5,251 bytes go past it
        String atLimit = "a".repeat(PostgresClusterLink.INLINE / 4 * 3);
        String past = atLimit + "b";
        a.publish(atLimit.getBytes(StandardCharsets.UTF_8));
        await().atMost(WAIT).until(() -> seenByB.size() == 1);
        assertThat(seenByB.get(0)).isEqualTo(atLimit);
        assertThat(spilled()).as("the event at the limit went in the NOTIFY").isZero();
        a.publish(past.getBytes(StandardCharsets.UTF_8));
        await().atMost(WAIT).until(() -> seenByB.size() == 2);
        assertThat(seenByB.get(1)).isEqualTo(past);
        assertThat(spilled()).as("one byte more went through the table").isEqualTo(1);
    }

    private static int spilled() {
        try (HikariDataSource pool = Databases.postgres()) {
            return JdbcClient.create(pool).sql("SELECT COUNT(*) FROM beammcp_cluster_event").query(Integer.class)
                    .single();
        }
    }

    @Test
    void anEventTooLargeForANotifyTravelsThroughTheTable() {
        List<String> seenByB = new CopyOnWriteArrayList<>();
        PostgresClusterLink a = instance(new CopyOnWriteArrayList<>());
        instance(seenByB);
        String large = "x".repeat(100_000);
        a.publish(large.getBytes(StandardCharsets.UTF_8));
        a.publish("small".getBytes(StandardCharsets.UTF_8));
        await().atMost(WAIT).until(() -> seenByB.size() == 2);
        assertThat(seenByB.get(0)).isEqualTo(large);
        assertThat(seenByB.get(1)).isEqualTo("small");
        try (HikariDataSource pool = Databases.postgres()) {
            assertThat(JdbcClient.create(pool).sql("SELECT COUNT(*) FROM beammcp_cluster_event").query(Integer.class)
                    .single()).isEqualTo(1);
        }
    }

    /** A session store on the instance of that link. */
    private JdbcMcpSessionStore store(PostgresClusterLink link) {
        return new JdbcMcpSessionStore(JdbcClient.create(pools.get(links.indexOf(link))), link, 100, 100, 60_000,
                System::currentTimeMillis, FakeSession::restoredFrom, 0);
    }

    @Test
    void aSessionIsSharedChangedAnsweredAndEndedAcrossInstances() {
        PostgresClusterLink linkA = instance(new CopyOnWriteArrayList<>());
        PostgresClusterLink linkB = instance(new CopyOnWriteArrayList<>());
        JdbcMcpSessionStore a = store(linkA);
        JdbcMcpSessionStore b = store(linkB);
        FakeSession session = new FakeSession("alice", "{\"level\":null}");
        a.save("s1", session);
        FakeSession copy = (FakeSession) b.find("s1");
        assertThat(copy.owner()).isEqualTo("alice");
        assertThat(copy.state()).isEqualTo("{\"level\":null}");
        session.change("{\"level\":\"debug\"}");
        await().atMost(WAIT).until(() -> "{\"level\":\"debug\"}".equals(copy.state()));
        copy.relay("{\"id\":1,\"result\":{}}");
        await().atMost(WAIT).until(() -> session.received.contains("{\"id\":1,\"result\":{}}"));
        assertThat(a.remove("s1")).isTrue();
        await().atMost(WAIT).until(() -> copy.closed == 1);
        assertThat(b.find("s1")).isNull();
    }

    @Test
    void whileTheDatabaseIsDownTheStoreRefusesAtOnceAndServesAgainWhenItIsBack() throws Exception {
        PostgresClusterLink link = instance(new CopyOnWriteArrayList<>());
        JdbcMcpSessionStore store = store(link);
        store.save("s1", new FakeSession("", "{}"));
        // the pool's default, not the tests' short one
        pools.get(links.indexOf(link)).getHikariConfigMXBean().setConnectionTimeout(30_000);
        run(Databases.DOWN);
        try {
            await().atMost(WAIT).until(() -> !link.listening());
            // every request in the outage, the breaker's trials after each pause included, is refused at once
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(4);
            while (System.nanoTime() < until) {
                long started = System.nanoTime();
                assertThatThrownBy(() -> store.find("s1")).isInstanceOf(SessionStoreUnavailableException.class);
                assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
                Thread.sleep(200);
            }
        } finally {
            run(Databases.UP);
        }
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).ignoreExceptions()
                .until(() -> store.find("s1") != null);
    }

    private static void run(String property) throws Exception {
        String command = System.getProperty(property);
        assertThat(command).as("the command in " + property).isNotBlank();
        Process process = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(new File("target/postgres-commands.log"))).start();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("%s in time", command).isTrue();
        assertThat(process.exitValue()).as("exit of %s", command).isZero();
    }

    @Test
    void theLinkListensAgainAfterARestartOfPostgres() throws Exception {
        String restart = System.getProperty(Databases.RESTART);
        assertThat(restart).as("the command that restarts PostgreSQL, in " + Databases.RESTART).isNotBlank();
        List<String> seenByB = new CopyOnWriteArrayList<>();
        PostgresClusterLink a = instance(new CopyOnWriteArrayList<>());
        PostgresClusterLink b = instance(seenByB);
        AtomicInteger reconnects = new AtomicInteger();
        b.onReconnect(reconnects::incrementAndGet);
        JdbcMcpSessionStore store = store(b);
        store.save("s1", new FakeSession("", "{}"));
        Process process = new ProcessBuilder("sh", "-c", restart).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(new File("target/postgres-restart.log"))).start();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("restarted in time").isTrue();
        assertThat(process.exitValue()).as("exit of %s", restart).isZero();
        await().atMost(WAIT).until(() -> reconnects.get() == 1 && b.listening());
        // events sent while a's pool still held dead connections may be lost: send until one arrives
        await().atMost(WAIT).pollInterval(Duration.ofMillis(200)).until(() -> {
            a.publish("after".getBytes(StandardCharsets.UTF_8));
            return seenByB.contains("after");
        });
        // the session store's breaker lets a statement through again, and the session outlived the restart
        await().atMost(WAIT).pollInterval(Duration.ofMillis(200)).ignoreExceptions()
                .until(() -> store.find("s1") != null);
    }
}
