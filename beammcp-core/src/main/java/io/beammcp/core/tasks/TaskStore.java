package io.beammcp.core.tasks;

import java.time.Instant;
import java.util.function.UnaryOperator;

/**
 * Where tasks live, so that every instance serving the same clients finds them: a task created through one
 * instance is polled, given input and cancelled through any other. The server decides everything about a
 * task (ids, owners, expiry, transitions); a store only keeps records and applies changes atomically.
 * {@link InMemoryTaskStore} suits one process; a shared store (such as the JDBC store of
 * {@code beammcp-tasks-jdbc}) suits several instances behind a load balancer.
 */
public interface TaskStore {

    /**
     * Stores a new task; once this returns, {@link #find} finds it from every instance.
     *
     * @param task the task, with a fresh id
     * @return {@code false} when the store already holds as many tasks as it may, in all or for the task's
     *         owner (nothing was stored)
     */
    boolean create(TaskRecord task);

    /**
     * The task of that id, as stored now.
     *
     * @param id the task id
     * @return the task, or {@code null} when there is none
     */
    TaskRecord find(String id);

    /**
     * Changes one task atomically: {@code change} is applied to the record as stored, and its answer stored
     * unless another change came first, in which case it is applied again to the newer record.
     *
     * @param id the task id
     * @param change the new record from the current one; returning the same record changes nothing
     * @return the record as stored afterwards, or {@code null} when there is no such task
     */
    TaskRecord update(String id, UnaryOperator<TaskRecord> change);

    /**
     * Removes one task at once, whatever its state: the server keeps a task for a task-only call before its
     * host code runs, and removes it when the call ends without becoming a task (an input round).
     *
     * @param id the task id; an unknown one changes nothing
     */
    void delete(String id);

    /**
     * Removes the tasks whose lifetime ended before {@code now}.
     *
     * @param now the current time
     */
    void purgeExpired(Instant now);
}
