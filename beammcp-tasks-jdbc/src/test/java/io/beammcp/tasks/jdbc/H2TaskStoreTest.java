package io.beammcp.tasks.jdbc;

import com.zaxxer.hikari.HikariDataSource;

import java.util.UUID;

/** The store's contract on an embedded H2 database. */
class H2TaskStoreTest extends TaskStoreContract {

    @Override
    HikariDataSource database() {
        return Databases.h2("contract-" + UUID.randomUUID());
    }
}
