package io.beammcp.cluster.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

/**
 * The databases the cluster is tested on: an embedded H2 (the session store; it has no LISTEN), and the
 * PostgreSQL that {@code interop/run.sh} starts, named by the system property {@value #POSTGRES_URL} (tests on
 * it are skipped without it).
 */
final class Databases {

    static final String POSTGRES_URL = "beammcp.test.postgres.url";
    static final String RESTART = "beammcp.test.postgres.restart";
    /** The commands that stop PostgreSQL and start it again, for an outage of a few seconds. */
    static final String DOWN = "beammcp.test.postgres.down";
    static final String UP = "beammcp.test.postgres.up";

    private Databases() {
    }

    /** A fresh in-memory H2 database with the tables created from the module's script. */
    static HikariDataSource h2(String name) {
        return withSchema(pool("jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1", "sa"));
    }

    /** A new pool on the PostgreSQL database of {@value #POSTGRES_URL}, its tables created. */
    static HikariDataSource postgres() {
        return withSchema(pool(System.getProperty(POSTGRES_URL), System.getProperty("beammcp.test.postgres.user",
                "beammcp")));
    }

    /** Empties the cluster's tables, the signing key included. */
    static void empty(HikariDataSource pool) {
        JdbcClient jdbc = JdbcClient.create(pool);
        for (String table : new String[] {"beammcp_session", "beammcp_cluster_event", "beammcp_cluster_key"}) {
            jdbc.sql("DELETE FROM " + table).update();
        }
    }

    private static HikariDataSource pool(String url, String user) {
        HikariDataSource pool = new HikariDataSource();
        pool.setJdbcUrl(url);
        pool.setUsername(user);
        pool.setMaximumPoolSize(6);
        // a database that is down is found at once, not after the pool's default of 30 s
        pool.setConnectionTimeout(1_000);
        return pool;
    }

    private static HikariDataSource withSchema(HikariDataSource pool) {
        new ResourceDatabasePopulator(new DefaultResourceLoader().getResource(JdbcMcpSessionStore.SCHEMA))
                .execute(pool);
        return pool;
    }
}
