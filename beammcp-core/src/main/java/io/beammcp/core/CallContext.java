package io.beammcp.core;

import java.util.Map;

/**
 * One request as host code sees it: facts about the request and the client, and the ways to talk back
 * while the work runs (progress, log messages) and to learn that the client no longer wants the answer.
 *
 * <p>Notifications sent here reach the client before the request's response, on that request's own
 * channel (over HTTP the response becomes an event stream at the first one); once the request has been
 * answered or cancelled they are dropped. Every method may be called from any thread.
 */
public interface CallContext {

    /**
     * The protocol revision the request is served under.
     *
     * @return the revision in force
     */
    Revision revision();

    /**
     * The request id, exactly as sent: a {@code String} or an integral {@code Number}.
     *
     * @return the JSON-RPC id
     */
    Object requestId();

    /**
     * The client's self-description ({@code name}, {@code version}, ...), as sent; empty when the
     * client sent none (it is optional in 2026-07-28).
     *
     * @return the client info, immutable
     */
    Map<String, Object> clientInfo();

    /**
     * The capabilities the client declared: in 2026-07-28 those of this request, in 2025-11-25 those of
     * the session's {@code initialize}.
     *
     * @return the client capabilities, immutable
     */
    Map<String, Object> clientCapabilities();

    /**
     * The tool being called, for {@code tools/call}.
     *
     * @return the tool's spec, including host labels such as {@link ToolSpec#commandClass()}, or
     *         {@code null} outside a tool call
     */
    ToolSpec tool();

    /**
     * Reports progress ({@code notifications/progress}). Sent only when the request carried a
     * {@code progressToken}, and only when {@code progress} is greater than the last value sent: a value
     * that does not increase is dropped, so progress the client sees always increases.
     *
     * @param progress the progress so far, a finite number (for example {@code 50})
     * @param total the total progress goes up to, or {@code null} when unknown
     * @param message what is being done, or {@code null}
     * @throws IllegalArgumentException when {@code progress} or {@code total} is not a finite number
     */
    void progress(Number progress, Number total, String message);

    /**
     * Sends a log message ({@code notifications/message}) when the client asked for messages at this
     * level or above: in 2026-07-28 with {@code io.modelcontextprotocol/logLevel} in the request's
     * {@code _meta}, in 2025-11-25 with {@code logging/setLevel} on the session (nothing is sent before
     * it). Otherwise the message is dropped.
     *
     * @param level the message's severity
     * @param logger the name of the logger, or {@code null}
     * @param data what to log: a string, or any value that serialises to JSON (a map, a record, ...)
     * @throws IllegalArgumentException when {@code data} cannot be serialised to JSON
     */
    void log(LogLevel level, String logger, Object data);

    /**
     * Whether the request was cancelled: the client sent {@code notifications/cancelled} for it, closed the
     * response stream it was reading, or the call ran past its time limit. Cancellation also interrupts
     * the thread running host code, so blocking calls end with an {@link InterruptedException}; whatever
     * the host returns afterwards is not sent.
     *
     * @return {@code true} once the answer is no longer wanted
     */
    boolean isCancelled();
}
