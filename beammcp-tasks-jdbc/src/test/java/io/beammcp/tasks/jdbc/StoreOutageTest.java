package io.beammcp.tasks.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The JDBC store's database goes away for a while, shorter than a task's lease (on H2: its connections refused). */
@Timeout(60)
class StoreOutageTest {

    private final HikariDataSource database = Databases.h2("outage-" + UUID.randomUUID());
    private final Outage flaky = new Outage(database);

    @AfterEach
    void close() {
        database.close();
    }

    @Test
    void aTaskWaitingForInputSurvivesAnOutageShorterThanItsLease() throws Exception {
        InputOutage.survives(flaky, () -> {
            flaky.down = true;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            // down for about a second (the watch tries every 100 ms), and until the waiting work met it
            while ((flaky.refused.get() < 10 || flaky.refusedToWork.get() == 0) && System.nanoTime() < deadline) {
                sleep();
            }
            flaky.down = false;
            assertThat(flaky.refusedToWork.get()).as("the waiting work met the outage").isPositive();
        });
    }

    private static void sleep() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A database whose connections are refused while it is down, as while PostgreSQL restarts. */
    static final class Outage extends DelegatingDataSource {

        volatile boolean down;
        final AtomicInteger refused = new AtomicInteger();
        /** Connections refused to a task's own work (its thread, not the watch's nor a request's). */
        final AtomicInteger refusedToWork = new AtomicInteger();

        Outage(HikariDataSource database) {
            super(database);
        }

        @Override
        public Connection getConnection() throws SQLException {
            if (down) {
                refused.incrementAndGet();
                String thread = Thread.currentThread().getName();
                if (thread.startsWith("beammcp-task-") && !thread.equals("beammcp-task-watch")) {
                    refusedToWork.incrementAndGet();
                }
                throw new SQLTransientConnectionException("the database is restarting");
            }
            return super.getConnection();
        }
    }
}
