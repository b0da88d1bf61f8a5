package io.beammcp.core.server;

import io.beammcp.core.LogLevel;
import io.beammcp.core.Revision;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The state of one legacy (2025-11-25) client: what {@code initialize} negotiated, the log level set with
 * {@code logging/setLevel}, the resources it subscribed to, the streams it holds open and the requests it
 * can still cancel. A stdio process holds one from its start (not yet open), which also tracks the
 * process's 2026-07-28 requests and streams, since stdio cancels by request id; on HTTP, {@code initialize}
 * opens a new one and a session store keeps it under its {@code Mcp-Session-Id}.
 */
public final class LegacySession {

    /** The most resources one session may be subscribed to at once. */
    static final int MAX_SUBSCRIPTIONS = 1000;

    private volatile Opened opened;
    private volatile boolean initialized;
    /** Decision (WIRE.md §18.11): no log messages until the client sets a level. */
    private volatile LogLevel logLevel;
    private final Set<String> subscriptions = ConcurrentHashMap.newKeySet();
    /** Requests and streams in flight, by the {@link #key} of their id: what {@code notifications/cancelled} names. */
    final Map<String, Cancellable> inFlight = new ConcurrentHashMap<>();
    /** The server's own requests to this client awaiting an answer, by the {@link #key} of their id. */
    final Map<String, CompletableFuture<JsonNode>> awaiting = new ConcurrentHashMap<>();
    private final AtomicLong requestIds = new AtomicLong();
    /** The open streams this session holds; changed only under the lock of the server's stream registry. */
    final Set<Stream> streams = ConcurrentHashMap.newKeySet();

    /**
     * A session not yet opened by {@code initialize}.
     */
    public LegacySession() {
    }

    /**
     * Whether {@code initialize} has been answered for this session.
     *
     * @return {@code true} once open
     */
    public boolean isOpen() {
        return opened != null;
    }

    /**
     * Whether the client sent {@code notifications/initialized}.
     *
     * @return {@code true} once the client confirmed the handshake
     */
    public boolean isInitialized() {
        return initialized;
    }

    /**
     * The negotiated protocol revision.
     *
     * @return the revision, or {@code null} before {@code initialize}
     */
    public Revision revision() {
        Opened o = opened;
        return o == null ? null : o.revision;
    }

    /**
     * Ends the streams this session holds open (an HTTP {@code GET} stream; on stdio the process's
     * subscriptions), as the server does when the session ends: on HTTP {@code DELETE}, at the end of stdio
     * input. A 2026-07-28 subscription gets its final result, and on stdio {@code notifications/cancelled}.
     * Requests in flight are not affected.
     */
    public void close() {
        List.copyOf(streams).forEach(Stream::teardown);
    }

    Map<String, Object> clientCapabilities() {
        return opened.clientCapabilities;
    }

    Map<String, Object> clientInfo() {
        return opened.clientInfo;
    }

    synchronized boolean open(Revision revision, Map<String, Object> clientCapabilities,
            Map<String, Object> clientInfo) {
        if (opened != null) {
            return false;
        }
        opened = new Opened(revision, clientCapabilities, clientInfo);
        return true;
    }

    /** Marks the handshake confirmed; {@code true} the first time. */
    synchronized boolean markInitialized() {
        boolean first = !initialized;
        initialized = true;
        return first;
    }

    /**
     * The key of a JSON-RPC id (a string or an integer node) in {@link #inFlight} and {@link #awaiting}: the
     * string {@code "1"} and the number {@code 1} differ.
     */
    static String key(JsonNode id) {
        return id.isString() ? "\"" + id.stringValue() : id.asString();
    }

    /** A new id for a request of the server's own, unique in this session. */
    long nextRequestId() {
        return requestIds.incrementAndGet();
    }

    /** Hands a client's response to the server's request it answers; an unknown id is ignored. */
    void answered(JsonNode id, JsonNode response) {
        CompletableFuture<JsonNode> waiting = awaiting.remove(key(id));
        if (waiting != null) {
            waiting.complete(response);
        }
    }

    LogLevel logLevel() {
        return logLevel;
    }

    void logLevel(LogLevel level) {
        this.logLevel = level;
    }

    /** Subscribes to a resource; {@code false} when the session holds too many subscriptions already. */
    synchronized boolean subscribe(String uri) {
        if (subscriptions.contains(uri)) {
            return true;
        }
        return subscriptions.size() < MAX_SUBSCRIPTIONS && subscriptions.add(uri);
    }

    void unsubscribe(String uri) {
        subscriptions.remove(uri);
    }

    boolean subscribed(String uri) {
        return subscriptions.contains(uri);
    }

    private record Opened(Revision revision, Map<String, Object> clientCapabilities,
            Map<String, Object> clientInfo) {
    }
}
