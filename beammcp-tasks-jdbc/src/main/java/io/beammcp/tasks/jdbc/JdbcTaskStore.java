package io.beammcp.tasks.jdbc;

import io.beammcp.core.tasks.TaskRecord;
import io.beammcp.core.tasks.TaskStore;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.function.UnaryOperator;

/**
 * Keeps tasks in the SQL table {@code beammcp_task} (the script {@value #SCHEMA} creates it), so that every
 * instance using the same database shares them. A change is a compare-and-set on the row's {@code version},
 * retried on the newer row when another instance changed it first; no lock is held between statements.
 */
public final class JdbcTaskStore implements TaskStore {

    /** The classpath location of the script that creates the table (portable: PostgreSQL, H2). */
    public static final String SCHEMA = "classpath:io/beammcp/tasks/jdbc/schema.sql";

    private static final String COLUMNS = "id, owner, status, status_message, created_at, last_updated_at, ttl_ms,"
            + " expires_at, poll_interval_ms, input_requests, input_responses, result, error, cancel_requested,"
            + " lease_until, version";
    private static final RowMapper<TaskRecord> ROW = JdbcTaskStore::read;

    private final JdbcClient jdbc;
    private final int maxCount;
    private final int maxPerOwner;

    /**
     * A store in the table {@code beammcp_task} of that database, holding at most {@code maxCount} unexpired tasks.
     * The bound is checked before each insert, so instances creating tasks at the same moment may each pass it.
     *
     * @param jdbc the database
     * @param maxCount a positive bound
     */
    public JdbcTaskStore(JdbcClient jdbc, int maxCount) {
        this(jdbc, maxCount, maxCount);
    }

    /**
     * A store in the table {@code beammcp_task} of that database, holding at most {@code maxCount} unexpired tasks
     * and at most {@code maxPerOwner} of one owner (tasks of the owner {@code ""}, no caller known, count toward
     * {@code maxCount} only). The bounds are checked before each insert, so instances creating tasks at the same
     * moment may each pass them.
     *
     * @param jdbc the database
     * @param maxCount a positive bound
     * @param maxPerOwner a positive bound on one owner's tasks
     */
    public JdbcTaskStore(JdbcClient jdbc, int maxCount, int maxPerOwner) {
        if (maxCount <= 0 || maxPerOwner <= 0) {
            throw new IllegalArgumentException("The task bounds must be positive, were " + maxCount + " and " + maxPerOwner);
        }
        this.jdbc = jdbc;
        this.maxCount = maxCount;
        this.maxPerOwner = maxPerOwner;
    }

    @Override
    public boolean create(TaskRecord task) {
        // one statement counts both: every unexpired task, and those of this task's owner
        long[] live = jdbc.sql("SELECT COUNT(*), COALESCE(SUM(CASE WHEN owner = :owner THEN 1 ELSE 0 END), 0)"
                        + " FROM beammcp_task WHERE expires_at IS NULL OR expires_at >= :now")
                .param("owner", task.owner()).param("now", task.createdAt().toEpochMilli())
                .query((row, number) -> new long[] {row.getLong(1), row.getLong(2)}).single();
        if (live[0] >= maxCount || !task.owner().isEmpty() && live[1] >= maxPerOwner) {
            return false;
        }
        try {
            bind(jdbc.sql("INSERT INTO beammcp_task (" + COLUMNS + ") VALUES (:id, :owner, :status, :statusMessage,"
                    + " :createdAt, :lastUpdatedAt, :ttlMs, :expiresAt, :pollIntervalMs, :inputRequests,"
                    + " :inputResponses, :result, :error, :cancelRequested, :leaseUntil, :version)"), task).update();
        } catch (DuplicateKeyException e) {
            throw new IllegalStateException("A task id was issued twice", e);
        }
        return true;
    }

    @Override
    public TaskRecord find(String id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM beammcp_task WHERE id = :id").param("id", id).query(ROW)
                .optional().orElse(null);
    }

    @Override
    public TaskRecord update(String id, UnaryOperator<TaskRecord> change) {
        while (true) {
            TaskRecord current = find(id);
            if (current == null) {
                return null;
            }
            TaskRecord next = change.apply(current);
            if (next == current) {
                return current;
            }
            // every stored change moves the version on, so a writer that read the older row never matches
            TaskRecord stored = next.version() > current.version() ? next : versioned(next, current.version() + 1);
            int updated = bind(jdbc.sql("UPDATE beammcp_task SET owner = :owner, status = :status,"
                    + " status_message = :statusMessage, created_at = :createdAt, last_updated_at = :lastUpdatedAt,"
                    + " ttl_ms = :ttlMs, expires_at = :expiresAt, poll_interval_ms = :pollIntervalMs,"
                    + " input_requests = :inputRequests, input_responses = :inputResponses, result = :result,"
                    + " error = :error, cancel_requested = :cancelRequested, lease_until = :leaseUntil,"
                    + " version = :version WHERE id = :id AND version = :expected"), stored)
                    .param("expected", current.version()).update();
            if (updated == 1) {
                return stored;
            }
        }
    }

    @Override
    public void delete(String id) {
        jdbc.sql("DELETE FROM beammcp_task WHERE id = :id").param("id", id).update();
    }

    @Override
    public void purgeExpired(Instant now) {
        jdbc.sql("DELETE FROM beammcp_task WHERE expires_at < :now").param("now", now.toEpochMilli()).update();
    }

    private static JdbcClient.StatementSpec bind(JdbcClient.StatementSpec statement, TaskRecord task) {
        Long expiresAt = task.ttlMs() == null ? null : task.createdAt().toEpochMilli() + task.ttlMs();
        return statement.param("id", task.id())
                .param("owner", task.owner())
                .param("status", task.status())
                .param("statusMessage", task.statusMessage(), Types.VARCHAR)
                .param("createdAt", task.createdAt().toString())
                .param("lastUpdatedAt", task.lastUpdatedAt().toString())
                .param("ttlMs", task.ttlMs(), Types.BIGINT)
                .param("expiresAt", expiresAt, Types.BIGINT)
                .param("pollIntervalMs", task.pollIntervalMs())
                .param("inputRequests", task.inputRequests(), Types.VARCHAR)
                .param("inputResponses", task.inputResponses(), Types.VARCHAR)
                .param("result", task.result(), Types.VARCHAR)
                .param("error", task.error(), Types.VARCHAR)
                .param("cancelRequested", task.cancelRequested())
                .param("leaseUntil", task.leaseUntil() == null ? null : task.leaseUntil().toString(), Types.VARCHAR)
                .param("version", task.version());
    }

    private static TaskRecord read(ResultSet row, int number) throws SQLException {
        String leaseUntil = row.getString("lease_until");
        return new TaskRecord(row.getString("id"), row.getString("owner"), row.getString("status"),
                row.getString("status_message"), Instant.parse(row.getString("created_at")),
                Instant.parse(row.getString("last_updated_at")), row.getObject("ttl_ms", Long.class),
                row.getLong("poll_interval_ms"), row.getString("input_requests"), row.getString("input_responses"),
                row.getString("result"), row.getString("error"), row.getBoolean("cancel_requested"),
                leaseUntil == null ? null : Instant.parse(leaseUntil), row.getLong("version"));
    }

    private static TaskRecord versioned(TaskRecord t, long version) {
        return new TaskRecord(t.id(), t.owner(), t.status(), t.statusMessage(), t.createdAt(), t.lastUpdatedAt(),
                t.ttlMs(), t.pollIntervalMs(), t.inputRequests(), t.inputResponses(), t.result(), t.error(),
                t.cancelRequested(), t.leaseUntil(), version);
    }
}
