package io.beammcp.tasks.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The store's contract on PostgreSQL: {@code interop/run.sh} starts one and runs this test against it; a build
 * without {@value Databases#POSTGRES_URL} skips it.
 */
@EnabledIfSystemProperty(named = Databases.POSTGRES_URL, matches = "jdbc:postgresql:.+")
class PostgresTaskStoreTest extends TaskStoreContract {

    @Override
    HikariDataSource database() {
        return Databases.postgres();
    }
}
