package io.beammcp.cluster.jdbc;

import io.beammcp.autoconfigure.http.McpSessionStore;
import io.beammcp.core.spi.LegacySession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.jdbc.core.simple.JdbcClient;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/**
 * Keeps 2025-11-25 sessions in the table {@code beammcp_session}, so that any instance serves any request of
 * any session: a row per session holds the SHA-256 of its id (the id itself is never stored), its owner, its
 * {@linkplain LegacySession#state() state} and a stamp that changes at every write. Each instance caches the
 * sessions it served, and re-reads one whose stamp changed; it is told by its {@link Peers} when another
 * instance changed a session it holds (its {@code GET} stream then filters by the new subscriptions), ended it
 * (its streams end here too), or received the client's answer to a request this instance waits on. After an
 * outage of the link, and at each purge, the cache is checked against the table, so a missed message costs
 * at most one purge interval. Bounds as the in-memory store's: count, count per caller (least recently used
 * ended first), idle time (expired rows purged, and ended everywhere). Every statement a request waits on
 * goes through {@link DatabaseCalls}: with the database down, requests fail at once instead of queueing.
 */
final class JdbcMcpSessionStore implements McpSessionStore, DisposableBean {

    /** The classpath location of the script that creates the cluster's tables (portable: PostgreSQL, H2). */
    static final String SCHEMA = "classpath:io/beammcp/cluster/jdbc/schema.sql";
    static final String CHANGED = "session-changed";
    static final String RELAY = "session-relay";
    static final String ENDED = "session-ended";

    private static final Logger log = LoggerFactory.getLogger(JdbcMcpSessionStore.class);

    private final JdbcClient jdbc;
    private final Peers peers;
    private final int maxCount;
    private final int maxPerCaller;
    private final long idleMs;
    private final long touchMs;
    private final LongSupplier clock;
    private final BiFunction<String, String, LegacySession> restorer;
    private final DatabaseCalls calls = new DatabaseCalls();
    private final SecureRandom stamps = new SecureRandom();
    private final Map<String, Cached> cache = new ConcurrentHashMap<>();
    private final ScheduledExecutorService purger;

    /**
     * @param restorer makes a session from its owner and state ({@code McpServer::restoreSession})
     * @param purgeEveryMs how often expired rows are purged and the cache checked; 0 for never (tests)
     */
    JdbcMcpSessionStore(JdbcClient jdbc, Peers peers, int maxCount, int maxPerCaller, long idleMs, LongSupplier clock,
            BiFunction<String, String, LegacySession> restorer, long purgeEveryMs) {
        if (maxCount <= 0 || maxPerCaller <= 0 || idleMs <= 0) {
            throw new IllegalArgumentException("The session bounds must be positive, were " + maxCount + ", "
                    + maxPerCaller + " and " + idleMs + " ms");
        }
        this.jdbc = jdbc;
        this.peers = peers;
        this.maxCount = maxCount;
        this.maxPerCaller = maxPerCaller;
        this.idleMs = idleMs;
        // the last use is written at most this often: one statement per request, not two
        this.touchMs = Math.min(idleMs / 10, 10_000);
        this.clock = clock;
        this.restorer = restorer;
        peers.on(CHANGED, payload -> refresh(text(payload)));
        peers.on(ENDED, payload -> endHere(text(payload)));
        peers.on(RELAY, this::relayed);
        peers.onReconnect(this::checkCache);
        if (purgeEveryMs > 0) {
            purger = Executors.newSingleThreadScheduledExecutor(task -> {
                Thread thread = new Thread(task, "beammcp-session-purge");
                thread.setDaemon(true);
                return thread;
            });
            purger.scheduleWithFixedDelay(this::purge, purgeEveryMs, purgeEveryMs, TimeUnit.MILLISECONDS);
        } else {
            purger = null;
        }
    }

    @Override
    public void save(String id, LegacySession session) {
        String hash = hash(id);
        String state = session.state();
        if (state == null) {
            throw new IllegalStateException("A session is saved once initialize opened it, and then has a state");
        }
        long now = clock.getAsLong();
        long stamp = stamps.nextLong();
        calls.run(() -> jdbc.sql("INSERT INTO beammcp_session (id_hash, owner, state, version, last_used)"
                + " VALUES (?, ?, ?, ?, ?)").params(hash, session.owner(), state, stamp, now).update());
        session.keep(new Keeper(hash));
        cache.put(hash, new Cached(session, stamp));
        if (!session.owner().isEmpty()) {
            endAll(calls.run(() -> jdbc.sql("SELECT id_hash FROM beammcp_session WHERE owner = ? AND id_hash <> ?"
                    + " ORDER BY last_used DESC OFFSET ? ROWS").params(session.owner(), hash, maxPerCaller - 1)
                    .query(String.class).list()));
        }
        // the least recently used first: expired sessions are the oldest
        endAll(calls.run(() -> jdbc.sql("SELECT id_hash FROM beammcp_session WHERE id_hash <> ?"
                + " ORDER BY last_used DESC OFFSET ? ROWS").params(hash, maxCount - 1).query(String.class).list()));
    }

    @Override
    public LegacySession find(String id) {
        String hash = hash(id);
        Row row = calls.run(() -> row(hash));
        long now = clock.getAsLong();
        if (row == null || now - row.lastUsed >= idleMs) {
            // an expired row is deleted, and ended everywhere, by the purge
            endHere(hash);
            return null;
        }
        if (now - row.lastUsed >= touchMs) {
            calls.run(() -> jdbc.sql("UPDATE beammcp_session SET last_used = ? WHERE id_hash = ? AND last_used < ?")
                    .params(now, hash, now).update());
        }
        return cache.compute(hash, (key, cached) -> {
            if (cached == null) {
                LegacySession session = restorer.apply(row.owner, row.state);
                session.keep(new Keeper(hash));
                return new Cached(session, row.version);
            }
            return cached.take(row);
        }).session;
    }

    @Override
    public boolean remove(String id) {
        String hash = hash(id);
        long cutoff = clock.getAsLong() - idleMs;
        int deleted = calls.run(() -> jdbc.sql("DELETE FROM beammcp_session WHERE id_hash = ? AND last_used > ?")
                .params(hash, cutoff).update());
        // the endpoint closes the session it found; this instance only forgets it
        cache.remove(hash);
        if (deleted > 0) {
            peers.send(ENDED, hash.getBytes(StandardCharsets.UTF_8));
        }
        return deleted > 0;
    }

    @Override
    public int count() {
        try {
            long cutoff = clock.getAsLong() - idleMs;
            return calls.run(() -> jdbc.sql("SELECT COUNT(*) FROM beammcp_session WHERE last_used > ?").param(cutoff)
                    .query(Integer.class).single());
        } catch (RuntimeException e) {
            return -1;
        }
    }

    @Override
    public void destroy() {
        if (purger != null) {
            purger.shutdownNow();
        }
    }

    /** Deletes the expired rows, ending their sessions everywhere, then checks the cache against the table. */
    void purge() {
        try {
            long cutoff = clock.getAsLong() - idleMs;
            for (String hash : jdbc.sql("SELECT id_hash FROM beammcp_session WHERE last_used <= ?").param(cutoff)
                    .query(String.class).list()) {
                // a session used since the select is not deleted
                if (jdbc.sql("DELETE FROM beammcp_session WHERE id_hash = ? AND last_used <= ?").params(hash, cutoff)
                        .update() > 0) {
                    endEverywhere(hash);
                }
            }
            checkCache();
        } catch (RuntimeException e) {
            log.warn("Purging expired sessions failed; trying again later: {}", e.toString());
        }
    }

    /** Ends the cached sessions whose rows are gone, and re-reads those another instance changed. */
    void checkCache() {
        if (cache.isEmpty()) {
            return;
        }
        long cutoff = clock.getAsLong() - idleMs;
        Map<String, Long> live = jdbc.sql("SELECT id_hash, version FROM beammcp_session WHERE last_used > ?")
                .param(cutoff).query((rs, n) -> Map.entry(rs.getString(1), rs.getLong(2))).list().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        cache.forEach((hash, cached) -> {
            Long version = live.get(hash);
            if (version == null) {
                endHere(hash);
            } else if (version != cached.version) {
                refresh(hash);
            }
        });
    }

    /** How many sessions this instance holds in its cache (tests). */
    int cached() {
        return cache.size();
    }

    private void endAll(List<String> hashes) {
        for (String hash : hashes) {
            if (calls.run(() -> jdbc.sql("DELETE FROM beammcp_session WHERE id_hash = ?").param(hash).update()) > 0) {
                endEverywhere(hash);
            }
        }
    }

    /** A session whose row was just deleted here: ended here and on the other instances. */
    private void endEverywhere(String hash) {
        endHere(hash);
        peers.send(ENDED, hash.getBytes(StandardCharsets.UTF_8));
    }

    /** The session ended: its copy here is closed (its streams end) and forgotten. */
    private void endHere(String hash) {
        Cached cached = cache.remove(hash);
        if (cached != null) {
            cached.session.close();
        }
    }

    /** Another instance changed a session: a copy held here takes its state now, for its streams' sake. */
    private void refresh(String hash) {
        if (!cache.containsKey(hash)) {
            return;
        }
        Row row = row(hash);
        if (row == null) {
            endHere(hash);
            return;
        }
        cache.computeIfPresent(hash, (key, cached) -> cached.take(row));
    }

    /** The session's row, or {@code null} when there is none. */
    private Row row(String hash) {
        return jdbc.sql("SELECT owner, state, version, last_used FROM beammcp_session WHERE id_hash = ?").param(hash)
                .query((rs, n) -> new Row(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getLong(4)))
                .optional().orElse(null);
    }

    /** A client's message another instance got for a session: handed to the copy here, if any. */
    private void relayed(byte[] payload) {
        int end = 0;
        while (end < payload.length && payload[end] != '\n') {
            end++;
        }
        Cached cached = end < payload.length ? cache.get(new String(payload, 0, end, StandardCharsets.UTF_8)) : null;
        if (cached != null) {
            byte[] message = new byte[payload.length - end - 1];
            System.arraycopy(payload, end + 1, message, 0, message.length);
            cached.session.receive(message);
        }
    }

    /** The SHA-256 of a session id, in hex: what the table and the messages between instances name. */
    static String hash(String id) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(id.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    private static String text(byte[] payload) {
        return new String(payload, StandardCharsets.UTF_8);
    }

    /** What the core tells of one session: written before the request that changed it is answered. */
    private final class Keeper implements LegacySession.Keeper {

        private final String hash;

        Keeper(String hash) {
            this.hash = hash;
        }

        @Override
        public void changed(LegacySession session) {
            String state = session.state();
            long stamp = stamps.nextLong();
            long now = clock.getAsLong();
            int updated = calls.run(() -> jdbc.sql("UPDATE beammcp_session SET state = ?, version = ?, last_used = ?"
                    + " WHERE id_hash = ?").params(state, stamp, now, hash).update());
            Cached cached = cache.get(hash);
            if (cached != null && cached.session == session) {
                cached.version = stamp;
            }
            if (updated > 0) {
                peers.send(CHANGED, hash.getBytes(StandardCharsets.UTF_8));
            }
        }

        @Override
        public void relay(LegacySession session, byte[] message) {
            byte[] prefix = (hash + "\n").getBytes(StandardCharsets.UTF_8);
            byte[] payload = new byte[prefix.length + message.length];
            System.arraycopy(prefix, 0, payload, 0, prefix.length);
            System.arraycopy(message, 0, payload, prefix.length, message.length);
            peers.send(RELAY, payload);
        }
    }

    private record Row(String owner, String state, long version, long lastUsed) {
    }

    private static final class Cached {

        final LegacySession session;
        volatile long version;

        Cached(LegacySession session, long version) {
            this.session = session;
            this.version = version;
        }

        /** Takes the row's state when another instance changed it since this copy was read. */
        Cached take(Row row) {
            if (version != row.version) {
                session.restore(row.state);
                version = row.version;
            }
            return this;
        }
    }
}
