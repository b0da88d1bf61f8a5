package io.beammcp.core.spi;

import io.beammcp.core.Revision;

import java.security.Principal;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Sees every request and notification the server handles, for metrics and tracing: {@link #start} is called
 * on the thread that reads the message, once it is parsed and before it is routed; host code then runs
 * {@linkplain Scope#within within} the scope on its own thread; {@link Scope#stop} comes with the outcome just
 * before the reply goes to the transport. Clients' responses to the server's own requests and unreadable
 * input are not seen. A server built without an observer pays nothing for this.
 *
 * <p>Only facts about the message are given, never arguments, results or header values; an implementation
 * must not look for more.
 */
@FunctionalInterface
public interface McpObserver {

    /**
     * A message is about to be served.
     *
     * @param request what is known about it
     * @return the scope that ends with its outcome, never {@code null}
     */
    Scope start(Request request);

    /**
     * One observer that is all of these: each starts in order, host code runs within every scope (the first
     * outermost), and they stop in reverse order.
     *
     * @param observers the observers, possibly none
     * @return {@code null} for none (the server then observes nothing), the one, or all of them
     */
    static McpObserver all(List<McpObserver> observers) {
        return observers.isEmpty() ? null : observers.size() == 1 ? observers.get(0) : new Observers(observers);
    }

    /** One message being served. */
    interface Scope {

        /**
         * Runs the message's host code inside this scope, on the thread that runs it.
         *
         * @param work the host code
         * @param <T> what it returns
         * @return what {@code work} returned
         */
        default <T> T within(Supplier<T> work) {
            return work.get();
        }

        /**
         * The message was served; called once, on any thread, before its reply is sent.
         *
         * @param outcome how it ended
         */
        void stop(Outcome outcome);
    }

    /**
     * What is known about a message before it is routed.
     *
     * @param method the method as spelled on the wire when the server knows it, else {@code "_OTHER"} (so a
     *        client cannot mint new values)
     * @param target the tool ({@code tools/call}) or prompt ({@code prompts/get}) named, when the server offers
     *        one by that name; {@code "_OTHER"} for a name it does not offer; {@code null} for other methods
     * @param networkTransport {@code "pipe"} (stdio) or {@code "tcp"} (HTTP), from {@link TransportFacts}
     * @param requestId the JSON-RPC id as text, or {@code null} for a notification
     * @param sessionId the {@code Mcp-Session-Id} the message named, or {@code null}
     * @param resourceUri the URI of a {@code resources/read}, or {@code null}
     * @param principal who sent it, as the transport authenticated them, or {@code null}
     * @param traceContext the string members {@code traceparent}, {@code tracestate} and {@code baggage} of
     *        {@code params._meta}, and nothing else
     */
    record Request(String method, String target, String networkTransport, String requestId, String sessionId,
            String resourceUri, Principal principal, Map<String, String> traceContext) {

        /**
         * Whether the message is a notification, which gets no response.
         *
         * @return {@code true} without a request id
         */
        public boolean isNotification() {
            return requestId == null;
        }
    }

    /**
     * How a message ended.
     *
     * @param kind the kind of reply given
     * @param revision the revision it was served under, or {@code null} when it could not be classified
     * @param errorCode the JSON-RPC error code answered, or {@code null}
     * @param toolError a {@code tools/call} answered with a tool error ({@code isError: true}), its time limit
     *        included
     */
    record Outcome(Reply.Kind kind, Revision revision, Integer errorCode, boolean toolError) {
    }
}
