package io.beammcp.tasks.jdbc;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.sql.init.DatabaseInitializationMode;

/** Settings of the JDBC task store, under {@code beammcp.tasks.jdbc}. */
@ConfigurationProperties("beammcp.tasks.jdbc")
public class BeamMcpTasksJdbcProperties {

    /**
     * When to create the beammcp_task table at startup (if it does not exist): always, only in an embedded
     * database, or never (the table is then created beforehand, from the module's schema.sql).
     */
    private DatabaseInitializationMode initializeSchema = DatabaseInitializationMode.EMBEDDED;

    public DatabaseInitializationMode getInitializeSchema() {
        return initializeSchema;
    }

    public void setInitializeSchema(DatabaseInitializationMode initializeSchema) {
        this.initializeSchema = initializeSchema;
    }
}
