-- The table of beammcp's JDBC task store (beammcp-tasks-jdbc), one row per task. Portable SQL, run as is on
-- PostgreSQL and H2; creating it twice changes nothing. Instants are kept as their ISO-8601 text, so a task
-- reads back exactly as it was written; expires_at (epoch milliseconds, null for no expiry) is what the
-- count bound and the purge compare.
CREATE TABLE IF NOT EXISTS beammcp_task (
    id               VARCHAR(64) NOT NULL PRIMARY KEY,
    owner            TEXT        NOT NULL,
    status           VARCHAR(16) NOT NULL,
    status_message   TEXT,
    created_at       VARCHAR(40) NOT NULL,
    last_updated_at  VARCHAR(40) NOT NULL,
    ttl_ms           BIGINT,
    expires_at       BIGINT,
    poll_interval_ms BIGINT      NOT NULL,
    input_requests   TEXT,
    input_responses  TEXT,
    result           TEXT,
    error            TEXT,
    cancel_requested BOOLEAN     NOT NULL,
    lease_until      VARCHAR(40),
    version          BIGINT      NOT NULL
);

CREATE INDEX IF NOT EXISTS beammcp_task_expires_at ON beammcp_task (expires_at);
