package io.beammcp.tasks.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

import javax.sql.DataSource;

/**
 * The databases the store is tested on: an embedded H2, and the PostgreSQL that {@code interop/run.sh}
 * starts, named by the system property {@value #POSTGRES_URL} (tests on it are skipped without it).
 */
final class Databases {

    static final String POSTGRES_URL = "beammcp.test.postgres.url";

    private Databases() {
    }

    /** A fresh in-memory H2 database with the table created from the module's script. */
    static HikariDataSource h2(String name) {
        return withSchema(pool("jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1", "sa"));
    }

    /** The PostgreSQL database of {@value #POSTGRES_URL}, its table created and emptied. */
    static HikariDataSource postgres() {
        HikariDataSource pool = withSchema(pool(System.getProperty(POSTGRES_URL),
                System.getProperty("beammcp.test.postgres.user", "beammcp")));
        JdbcClient.create(pool).sql("DELETE FROM beammcp_task").update();
        return pool;
    }

    private static HikariDataSource pool(String url, String user) {
        HikariDataSource pool = new HikariDataSource();
        pool.setJdbcUrl(url);
        pool.setUsername(user);
        pool.setMaximumPoolSize(12);
        return pool;
    }

    private static HikariDataSource withSchema(HikariDataSource pool) {
        new ResourceDatabasePopulator(new DefaultResourceLoader().getResource(JdbcTaskStore.SCHEMA)).execute(pool);
        return pool;
    }

    static int rows(DataSource dataSource) {
        return JdbcClient.create(dataSource).sql("SELECT COUNT(*) FROM beammcp_task").query(Integer.class).single();
    }
}
