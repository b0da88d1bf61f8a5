package io.beammcp.core.server;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.CatalogChanges;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.internal.engine.Engine;
import io.beammcp.core.internal.engine.ServerConfig;
import io.beammcp.core.internal.session.Session;
import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.spi.Reply;
import io.beammcp.core.spi.TransportFacts;

import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * The MCP server core: turns one incoming message into one {@link Reply}, for either protocol revision,
 * on any transport. It owns every protocol decision (era, method table, error codes, result shapes);
 * transports only frame bytes, and tell the core what they are with {@link TransportFacts}. Thread-safe;
 * built once from the host's {@link Catalog} and {@link Dispatch} with {@link #builder(Catalog, Dispatch)}.
 *
 * <p>Host code runs on the executor a transport hands to {@link #handle(byte[], Exchange, Executor, Consumer)};
 * what it emits (progress, log messages) goes out through the {@link Exchange} before the reply. A request
 * is answered once: by its result, by a tool error when the tool's time limit passes, or not at all when
 * cancelled. Streams of change notifications ({@code subscriptions/listen}, a legacy session's channel)
 * stay open until the client leaves or {@link #close()}.
 */
public final class McpServer implements AutoCloseable {

    private final Engine engine;

    McpServer(ServerConfig config) {
        this.engine = new Engine(config);
    }

    /**
     * Starts a server whose contributions are added to the builder: annotated beans, bindings, a registry,
     * a low-level catalog.
     *
     * @return a builder
     */
    public static McpServerBuilder builder() {
        return new McpServerBuilder();
    }

    /**
     * Starts a server for a low-level host.
     *
     * @param catalog what the host offers
     * @param dispatch how the host runs a tool
     * @return a builder
     */
    public static McpServerBuilder builder(Catalog catalog, Dispatch dispatch) {
        return new McpServerBuilder(catalog, dispatch);
    }

    /**
     * The largest message, in bytes, the server reads; transports refuse longer input unread.
     *
     * @return the cap in bytes
     */
    public long maxMessageSize() {
        return engine.maxMessageSize();
    }

    /**
     * Whether the host declared that its lists change (it gave the builder a {@link CatalogChanges}): then
     * {@code listChanged} and {@code subscribe} are advertised, and legacy sessions may open a stream for
     * change notifications with {@link #openStream}.
     *
     * @return {@code true} when the lists may change
     */
    public boolean listsChange() {
        return engine.listsChange();
    }

    /**
     * The catalog served now, as compiled (after the host's last change): tools sorted by name, resources
     * and prompts as declared. For operations (an Actuator endpoint), not for serving.
     *
     * @return the catalog
     */
    public Catalog catalog() {
        return engine.catalog();
    }

    /**
     * How many streams of change notifications are open now, against {@link McpServerBuilder#maxStreams}.
     *
     * @return the count
     */
    public int openStreams() {
        return engine.openStreams();
    }

    /**
     * The bound of open streams.
     *
     * @return the bound set with {@link McpServerBuilder#maxStreams}
     */
    public int maxStreams() {
        return engine.maxStreams();
    }

    /**
     * How many requests have host code running or waiting to run, not yet answered.
     *
     * @return the count
     */
    public int callsInFlight() {
        return engine.inFlight();
    }

    /**
     * Serves one message, running any host code on the calling thread, and returns its reply.
     *
     * @param message the raw message bytes (one stdio line or one HTTP body)
     * @param exchange what the transport knows besides the bytes
     * @return what to send back, if anything; {@code null} for a {@code subscriptions/listen} that stays open
     */
    public Reply handle(byte[] message, Exchange exchange) {
        Answer answer = new Answer();
        engine.handle(message, exchange, Runnable::run, answer);
        return answer.reply;
    }

    /**
     * Serves one message. What needs no host code is answered before this returns, on the calling thread,
     * so a transport keeps the order of cheap messages; host code (a tool call, a resource read, a prompt,
     * a completion) runs on {@code hostCode}. {@code answer} gets exactly one reply per message, from any
     * thread, after every notification the work emitted through the exchange; a cancelled request gets an
     * {@linkplain Reply.Kind#UNANSWERED unanswered} reply. A {@code subscriptions/listen} is answered only when
     * its stream ends.
     *
     * @param message the raw message bytes (one stdio line or one HTTP body)
     * @param exchange what the transport knows besides the bytes, and the way to send notifications
     * @param hostCode where host code runs
     * @param answer where the reply goes
     */
    public void handle(byte[] message, Exchange exchange, Executor hostCode, Consumer<Reply> answer) {
        engine.handle(message, exchange, hostCode, answer);
    }

    /**
     * Opens the stream a legacy (2025-11-25) HTTP client asks for with {@code GET}: its session's channel
     * for change notifications, which the core sends through {@link Exchange#send} and ends by calling
     * {@code end} with an {@linkplain Reply.Kind#UNANSWERED unanswered} reply (on {@link #close()} or when the
     * session {@linkplain LegacySession#close() ends}). A client found gone closes it.
     *
     * @param exchange the request, with its session
     * @param end what ends the stream
     * @return {@code null} when the stream is open, else the refusal to frame: no live session
     *         ({@link Reply.Kind#SESSION_MISSING}), or too many streams ({@link Reply.Kind#OVER_LIMIT})
     */
    public Reply openStream(Exchange exchange, Consumer<Reply> end) {
        return engine.openStream(exchange, end);
    }

    /**
     * A 2025-11-25 session not yet opened by {@code initialize}, as a transport whose connection is the session
     * (stdio, or a test's in-process transport) holds from its start.
     *
     * @return a new session
     */
    public static LegacySession newSession() {
        return new Session();
    }

    /**
     * A 2025-11-25 session another instance opened, for a store that shares sessions between instances: bound
     * to its owner, with the state that instance wrote ({@link LegacySession#state()}).
     *
     * @param owner the caller that opened it ({@link LegacySession#owner()})
     * @param state its state as JSON text
     * @return the session, served here as on the instance that opened it
     */
    public static LegacySession restoreSession(String owner, String state) {
        LegacySession session = new Session(owner);
        session.restore(state);
        return session;
    }

    /**
     * The reply to an input the transport refused unread because it exceeds {@link #maxMessageSize()}.
     *
     * @return a {@code -32600} reply without id
     */
    public Reply oversized() {
        return engine.oversized();
    }

    /**
     * Answers every request whose host code is still running with a {@code -32603} error saying the server
     * shut down before the request was done, and interrupts that host code: what a shutdown does once its
     * grace period is over, so that no client is left without an answer and the threads of host code that
     * heeds interrupts come free. Requests read afterwards are served as usual.
     */
    public void endCallsInFlight() {
        engine.endCalls();
    }

    /**
     * Ends every open stream, as on shutdown: a {@code subscriptions/listen} gets its final result (and on
     * stdio {@code notifications/cancelled}), a legacy session's stream simply ends. No stream opens
     * afterwards and the host's {@link CatalogChanges} is no longer listened to; requests in flight finish.
     * Idempotent.
     */
    @Override
    public void close() {
        engine.close();
    }

    /** The reply of a message served on the calling thread; a timeout may deliver it from another. */
    private static final class Answer implements Consumer<Reply> {

        volatile Reply reply;

        @Override
        public void accept(Reply reply) {
            this.reply = reply;
        }
    }
}
