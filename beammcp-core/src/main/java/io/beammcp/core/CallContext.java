package io.beammcp.core;

import java.security.Principal;
import java.util.Map;

/**
 * One request as host code sees it: facts about the request and the client, and the ways to talk back
 * while the work runs (progress, log messages) and to learn that the client no longer wants the answer.
 *
 * <p>Notifications sent here reach the client before the request's response, on that request's own
 * channel (over HTTP the response becomes an event stream at the first one); once the request has been
 * answered or cancelled they are dropped. Every method may be called from any thread.
 *
 * <p>Host code that needs something from the client (a form filled in, a sampling completion, the roots)
 * asks through {@link #requireInput} and reads the answers with {@link #inputResponse}, written once for
 * both revisions:
 * <pre>{@code
 * Map<String, Object> answer = context.ask("user_name", InputRequest.elicitation("Your name?", schema));
 * if (answer == null || !"accept".equals(answer.get("action"))) {
 *     return ToolResult.error("No name given");
 * }
 * }</pre>
 * In 2026-07-28 {@code requireInput} ends this round: the client gets {@code resultType: "input_required"},
 * and retries with the answers, running the host code again, which now finds them. In 2025-11-25 it sends
 * the requests to the client, waits for the answers and returns. Work done before {@code requireInput} may
 * therefore run more than once; keep it free of side effects.
 */
public interface CallContext {

    /**
     * The protocol revision the request is served under. A session whose {@code initialize} negotiated an
     * earlier revision (2024-11-05, 2025-03-26 or 2025-06-18) is served as 2025-11-25, with what it is sent
     * shaped for the revision it negotiated.
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
     * Who is calling, as the transport authenticated them: over HTTP the application's authenticated user
     * (with Spring Security, its {@code Authentication}), over stdio whatever principal the host configured.
     *
     * @return the caller, or {@code null} when the transport knows none
     */
    default Principal principal() {
        return null;
    }

    /**
     * Runs the rest of this tool call as a task of the Tasks extension, when the tool declares
     * {@link TaskSupport} and this 2026-07-28 request declared the extension: the client is answered now with
     * a {@code CreateTaskResult} and polls {@code tasks/get}; input asked from now on goes through
     * {@code tasks/get} and {@code tasks/update}, while progress and log messages are no longer sent (the
     * extension has none for tasks). Without it, nothing changes. A task-capable call also becomes a task
     * by itself when its host code runs past the server's immediate window.
     *
     * <p>A {@link TaskSupport#REQUIRED} call's task is taken from the store before its host code runs: when the
     * store is full (or the caller holds its share of it), the call is refused and the host code never runs,
     * so for such a call this always answers {@code true}. An {@link TaskSupport#OPTIONAL} call for which no
     * task can be had (the store full or unreachable) goes on as an ordinary call, whose result the client
     * waits for, as without the extension.
     *
     * @return {@code true} when the call is (now) a task, {@code false} when it goes on as an ordinary call
     */
    default boolean startTask() {
        return false;
    }

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

    /**
     * The client's answer to the input request of this key: an elicitation's {@code {action, content?}}, a
     * sampling {@code {role, content, model, stopReason?}} or roots {@code {roots: [...]}}, as plain Java
     * values. In 2026-07-28 the answers of every earlier round of this request are kept (in its sealed
     * {@code requestState}); in 2025-11-25 those received by {@link #requireInput}.
     *
     * @param key the key the request was made under
     * @return the answer, immutable, or {@code null} when there is none (not asked yet, not answered,
     *         answered with an error, or the client did not answer in time)
     */
    Map<String, Object> inputResponse(String key);

    /**
     * Whether the client declared the capability an input request needs (this request's capabilities in
     * 2026-07-28, the session's in 2025-11-25), so {@link #requireInput} may send it.
     *
     * @param request the request
     * @return {@code true} when it may be sent
     */
    boolean canRequest(InputRequest request);

    /**
     * Asks the client for input, under keys of the host's choosing, in {@code tools/call},
     * {@code prompts/get} and {@code resources/read}. In 2026-07-28 it never returns: the round ends with
     * an {@code input_required} result (whatever the host does after catching anything), and the client's
     * retry runs the host code again with the answers. In 2025-11-25 it sends each request to the client on
     * the request's own channel, waits for every answer (at most the server's input timeout; an answer
     * that does not come in time stays absent and its request is cancelled), and returns.
     *
     * @param requests what to ask, by key
     * @throws MissingClientCapabilityException when the client did not declare a capability a request
     *         needs; nothing was sent
     * @throws IllegalStateException outside {@code tools/call}, {@code prompts/get} and
     *         {@code resources/read}
     * @throws java.util.concurrent.CancellationException when the request was cancelled while waiting
     */
    void requireInput(Map<String, InputRequest> requests);

    /**
     * The client's answer under {@code key}, asking for it with {@link #requireInput} when there is none
     * yet: {@code inputResponse(key)}, else {@code requireInput(Map.of(key, request))} and then
     * {@code inputResponse(key)}.
     *
     * @param key the key to ask under
     * @param request what to ask when there is no answer yet
     * @return the answer, or {@code null} when the client did not give one (2025-11-25 only: in 2026-07-28
     *         the round ends instead)
     * @throws MissingClientCapabilityException as {@link #requireInput} does
     */
    default Map<String, Object> ask(String key, InputRequest request) {
        Map<String, Object> answer = inputResponse(key);
        if (answer == null) {
            requireInput(Map.of(key, request));
            answer = inputResponse(key);
        }
        return answer;
    }
}
