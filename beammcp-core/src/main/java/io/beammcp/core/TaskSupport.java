package io.beammcp.core;

/**
 * Whether a tool call may run as a task of the Tasks extension ({@code io.modelcontextprotocol/tasks}), which
 * exists only in 2026-07-28 and only for a request that declares the extension in its client capabilities.
 *
 * <p>A task-capable call with the extension declared starts like any call. It is answered with the tool's
 * result when the host code finishes (or asks for input) within the server's immediate window; it becomes a
 * task (the client gets a {@code CreateTaskResult} and polls {@code tasks/get}) when the host code calls
 * {@link CallContext#startTask()} or runs past that window. Input asked before it became a task is gathered in
 * rounds of the call itself; input asked in the task goes through {@code tasks/get} and {@code tasks/update}.
 */
public enum TaskSupport {

    /** Never a task: the call is always answered with its result (the default). */
    FORBIDDEN,

    /** A task when the extension is declared and the work is not immediate; without it, an ordinary call. */
    OPTIONAL,

    /**
     * Always a task: with the extension declared, even an immediate answer comes as a task; without it the
     * call is refused with {@code -32021}, naming the extension.
     */
    REQUIRED
}
