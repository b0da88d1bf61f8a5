package io.beammcp.cluster.jdbc;

import io.beammcp.core.spi.McpClusterLink;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.core.simple.JdbcClient;

import javax.sql.DataSource;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The instances of one cluster joined by PostgreSQL's {@code LISTEN}/{@code NOTIFY} on one channel. One
 * connection of the pool is held for {@code LISTEN} by a daemon thread, which reads notifications as the driver
 * receives them and, when the connection fails, takes another with backoff (one warning per outage; the
 * {@linkplain #onReconnect reconnect actions} run when it is back). Events are sent from a single thread with a
 * bounded queue, so a request never waits on the database to publish: an event that cannot be sent (queue full,
 * database down) is dropped and logged. Each event is {@linkplain Envelope signed} with the key in
 * {@code beammcp_cluster_key} (the first instance writes it); an unsigned, forged or stale one is dropped, as is
 * an instance's own.
 */
final class PostgresClusterLink implements McpClusterLink, Peers, SmartLifecycle, DisposableBean {

    /** The kind of the core's own events. */
    static final String CORE = "core";
    /** The longest payload (Base64) sent in the NOTIFY itself: PostgreSQL refuses payloads of 8000 bytes. */
    static final int INLINE = 7000;
    /** How old an event may be when it is read: an older one is a replay, or was sent before an outage. */
    static final long MAX_AGE_MS = 60_000;
    private static final int QUEUE = 1000;
    private static final long MAX_BACKOFF_MS = 5_000;
    private static final long CHECK_MS = 5_000;

    private static final Logger log = LoggerFactory.getLogger(PostgresClusterLink.class);

    private final DataSource dataSource;
    private final JdbcClient jdbc;
    private final String channel;
    private final String instance;
    private final Map<String, Consumer<byte[]>> handlers = new ConcurrentHashMap<>();
    private final List<Runnable> reconnected = new CopyOnWriteArrayList<>();
    private final ThreadPoolExecutor sender;
    private volatile byte[] key;
    private volatile boolean running;
    private volatile Thread listener;
    private volatile boolean down;
    private volatile boolean listening;
    private volatile boolean dropping;
    private volatile long lastForgeryLogged;
    private volatile long lastPurge;

    /**
     * @param dataSource the PostgreSQL database every instance of the cluster uses
     * @param channel the notification channel, a plain identifier
     */
    PostgresClusterLink(DataSource dataSource, String channel) {
        this.dataSource = dataSource;
        this.jdbc = JdbcClient.create(dataSource);
        this.channel = channel;
        byte[] id = new byte[12];
        new SecureRandom().nextBytes(id);
        this.instance = Base64.getUrlEncoder().withoutPadding().encodeToString(id);
        this.sender = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(QUEUE),
                task -> daemon(task, "beammcp-cluster-send"));
    }

    @Override
    public void start(Consumer<byte[]> receiver) {
        on(CORE, receiver);
    }

    @Override
    public void publish(byte[] event) {
        send(CORE, event);
    }

    @Override
    public void send(String kind, byte[] payload) {
        try {
            sender.execute(() -> deliver(kind, payload));
        } catch (RejectedExecutionException e) {
            dropped("the queue of events to send is full or the link is closed");
        }
    }

    @Override
    public void on(String kind, Consumer<byte[]> handler) {
        handlers.put(kind, handler);
    }

    @Override
    public void onReconnect(Runnable action) {
        reconnected.add(action);
    }

    /** Starts listening. */
    @Override
    public synchronized void start() {
        if (!running) {
            running = true;
            listener = daemon(this::listen, "beammcp-cluster-listen");
            listener.start();
        }
    }

    /** Stops listening; events already queued are still sent until {@link #destroy()}. */
    @Override
    public void stop() {
        Thread thread;
        synchronized (this) {
            running = false;
            thread = listener;
            listener = null;
        }
        if (thread != null) {
            try {
                // the thread sees the flag within one wait for notifications
                thread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        listening = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Whether the link holds its {@code LISTEN} now: events of other instances reach it. */
    boolean listening() {
        return listening;
    }

    @Override
    public void destroy() {
        stop();
        sender.shutdown();
    }

    private void deliver(String kind, byte[] payload) {
        try {
            long now = System.currentTimeMillis();
            String inline = Base64.getEncoder().encodeToString(payload);
            String body = inline.length() <= INLINE ? inline : "@" + spill(inline, now);
            String text = Envelope.signed(key(), instance, kind, now, body, payload).text();
            jdbc.sql("SELECT pg_notify(?, ?)").params(channel, text).query((row, number) -> 0).list();
            if (dropping) {
                dropping = false;
                log.info("The cluster sends events again");
            }
        } catch (RuntimeException e) {
            dropped(e.toString());
        }
    }

    private long spill(String payload, long now) {
        if (now - lastPurge > MAX_AGE_MS / 6) {
            lastPurge = now;
            jdbc.sql("DELETE FROM beammcp_cluster_event WHERE created < ?").param(now - MAX_AGE_MS).update();
        }
        GeneratedKeyHolder row = new GeneratedKeyHolder();
        jdbc.sql("INSERT INTO beammcp_cluster_event (payload, created) VALUES (?, ?)").params(payload, now)
                .update(row, "id");
        return row.getKey().longValue();
    }

    private void dropped(String why) {
        if (!dropping) {
            dropping = true;
            log.warn("The cluster drops events it cannot send, until it can again: {}", why);
        }
    }

    /** The cluster's signing key: written by the first instance to start, read by every other. */
    private byte[] key() {
        byte[] known = key;
        if (known == null) {
            synchronized (this) {
                if (key == null) {
                    byte[] fresh = new byte[32];
                    new SecureRandom().nextBytes(fresh);
                    try {
                        jdbc.sql("INSERT INTO beammcp_cluster_key (id, secret) VALUES (1, ?)")
                                .param(Base64.getEncoder().encodeToString(fresh)).update();
                    } catch (DuplicateKeyException written) {
                        // another instance came first: its key is the cluster's
                    }
                    key = Base64.getDecoder().decode(jdbc.sql("SELECT secret FROM beammcp_cluster_key WHERE id = 1")
                            .query(String.class).single());
                }
                known = key;
            }
        }
        return known;
    }

    private void listen() {
        long backoff = 100;
        while (running) {
            try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
                PGConnection postgres = connection.unwrap(PGConnection.class);
                key();
                statement.execute("LISTEN " + channel);
                listening = true;
                if (down) {
                    down = false;
                    log.info("The cluster listens again; sessions are read again from the database");
                    reconnected.forEach(Runnable::run);
                }
                backoff = 100;
                long checked = System.currentTimeMillis();
                while (running) {
                    PGNotification[] notifications = postgres.getNotifications(500);
                    for (PGNotification notification : notifications == null ? new PGNotification[0] : notifications) {
                        if (channel.equals(notification.getName())) {
                            receive(notification.getParameter());
                        }
                    }
                    // a connection that died silently is found by using it
                    if (System.currentTimeMillis() - checked > CHECK_MS) {
                        statement.execute("SELECT 1");
                        checked = System.currentTimeMillis();
                    }
                }
            } catch (SQLException | RuntimeException e) {
                listening = false;
                if (!down && running) {
                    down = true;
                    log.warn("The cluster cannot listen to PostgreSQL; events of other instances are missed until"
                            + " it can again: {}", e.toString());
                }
                pause(backoff);
                backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
            }
        }
    }

    /** One notification on the channel: handed to its kind's handler when the cluster's key signed it. */
    void receive(String text) {
        Envelope envelope = Envelope.read(text);
        if (envelope == null) {
            forged("malformed", text);
            return;
        }
        if (envelope.instance().equals(instance)) {
            return;
        }
        if (Math.abs(System.currentTimeMillis() - envelope.sentAt()) > MAX_AGE_MS) {
            forged("stale", text);
            return;
        }
        byte[] payload;
        try {
            payload = envelope.spilled()
                    ? Base64.getDecoder().decode(jdbc.sql("SELECT payload FROM beammcp_cluster_event WHERE id = ?")
                            .param(envelope.row()).query(String.class).optional().orElse(""))
                    : Base64.getDecoder().decode(envelope.body());
        } catch (IllegalArgumentException e) {
            forged("malformed", text);
            return;
        }
        if (!envelope.signedBy(key(), payload)) {
            forged("unsigned", text);
            return;
        }
        Consumer<byte[]> handler = handlers.get(envelope.kind());
        if (handler != null) {
            try {
                handler.accept(payload);
            } catch (RuntimeException e) {
                log.warn("An event of kind {} from another instance failed", envelope.kind(), e);
            }
        }
    }

    /** At most one warning a minute: any role that may connect could otherwise fill the log. */
    private void forged(String what, String text) {
        long now = System.currentTimeMillis();
        if (now - lastForgeryLogged > 60_000) {
            lastForgeryLogged = now;
            log.warn("A {} event on channel {} was dropped (not signed by this cluster's key): {}", what, channel,
                    text.length() > 200 ? text.substring(0, 200) + "..." : text);
        } else {
            log.debug("A {} event on channel {} was dropped", what, channel);
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Thread daemon(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        return thread;
    }
}
