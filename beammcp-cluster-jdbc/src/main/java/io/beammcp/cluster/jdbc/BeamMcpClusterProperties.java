package io.beammcp.cluster.jdbc;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.sql.init.DatabaseInitializationMode;

/** Settings of the cluster on PostgreSQL, under {@code beammcp.cluster}. */
@ConfigurationProperties("beammcp.cluster")
public class BeamMcpClusterProperties {

    /**
     * Whether this instance joins the cluster of every instance using the same PostgreSQL database: events
     * between instances by LISTEN/NOTIFY, and 2025-11-25 sessions kept in the database.
     */
    private boolean enabled;

    /** The PostgreSQL notification channel the instances of one cluster share (a plain SQL identifier). */
    private String channel = "beammcp";

    /**
     * When to create the cluster's tables at startup (if they do not exist): always, only in an embedded
     * database, or never (the tables are then created beforehand, from the module's schema.sql).
     */
    private DatabaseInitializationMode initializeSchema = DatabaseInitializationMode.EMBEDDED;

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public String getChannel() {
        return channel;
    }

    public void setChannel(String channel) {
        if (channel == null || !channel.matches("[a-z_][a-z0-9_]{0,62}")) {
            throw new IllegalArgumentException("The cluster channel must be a lower-case SQL identifier of at most"
                    + " 63 characters, was " + channel);
        }
        this.channel = channel;
    }

    public DatabaseInitializationMode getInitializeSchema() {
        return initializeSchema;
    }

    public void setInitializeSchema(DatabaseInitializationMode initializeSchema) {
        this.initializeSchema = initializeSchema;
    }
}
