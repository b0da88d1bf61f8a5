package io.beammcp.core.internal.session;

import io.beammcp.core.LogLevel;
import io.beammcp.core.Revision;
import io.beammcp.core.internal.json.JavaValues;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.RevisionShape;
import io.beammcp.core.spi.LegacySession;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The core's {@link LegacySession}. A stdio process's session also tracks the process's 2026-07-28
 * requests and streams, since stdio cancels by request id. With a {@link Keeper}, each change of its state is
 * told before it is answered, and what the client sends about a request held elsewhere is relayed.
 */
public final class Session implements LegacySession {

    /** The most resources one session may be subscribed to at once. */
    public static final int MAX_SUBSCRIPTIONS = 1000;
    /** Reads and writes states and relayed messages: each was read by some instance's bounded reader before. */
    private static final JsonCodec JSON = new JsonCodec(Integer.MAX_VALUE);
    private static final SecureRandom RANDOM = new SecureRandom();

    private volatile Opened opened;
    private final String owner;
    private volatile boolean initialized;
    /** No log messages until the client sets a level. */
    private volatile LogLevel logLevel;
    private final Set<String> subscriptions = ConcurrentHashMap.newKeySet();
    private final Map<String, Cancellable> inFlight = new ConcurrentHashMap<>();
    private final Map<String, CompletableFuture<JsonNode>> awaiting = new ConcurrentHashMap<>();
    private final AtomicLong requestIds = new AtomicLong();
    private final Set<SessionStream> streams = ConcurrentHashMap.newKeySet();
    private volatile Keeper keeper;

    /** The core's view of a session a transport handed over; every session is one the core made. */
    /** A session of no principal, as stdio's. */
    public Session() {
        this("");
    }

    /** A session opened by the caller of this name ({@code ""} for none; see {@code Callers}). */
    public Session(String owner) {
        this.owner = owner;
    }

    @Override
    public String owner() {
        return owner;
    }

    /**
     * The core's own session behind the SPI type, or {@code null} for none; a session a transport made itself (not through
     * {@code McpServer.newSession()} or {@code initialize}) is refused, naming what to use instead.
     */
    public static Session of(LegacySession session) {
        if (session == null || session instanceof Session) {
            return (Session) session;
        }
        throw new IllegalArgumentException("A LegacySession of type " + session.getClass().getName()
                + " was given; sessions are made by the core: use McpServer.newSession() or the session initialize"
                + " opened");
    }

    /**
     * {@code notifications/cancelled}: stops the named request or stream of this peer, silently; a malformed id
     * is ignored, and one not held here is relayed to the other instances (with a keeper), else ignored.
     */
    public void cancel(ObjectNode params) {
        if (!cancelHeld(params) && keeper != null && params != null && params.get("requestId") != null) {
            ObjectNode message = JSON.object().put("jsonrpc", "2.0").put("method", "notifications/cancelled");
            message.set("params", params);
            keeper.relay(this, JSON.write(message));
        }
    }

    /** Cancels the request named, when it is held here. */
    private boolean cancelHeld(JsonNode params) {
        JsonNode requestId = params == null ? null : params.get("requestId");
        if (requestId != null && (requestId.isString() || requestId.isIntegralNumber())) {
            Cancellable target = inFlight().get(key(requestId));
            if (target != null) {
                target.cancel();
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean isOpen() {
        return opened != null;
    }

    @Override
    public boolean isInitialized() {
        return initialized;
    }

    @Override
    public Revision revision() {
        return opened == null ? null : Revision.V2025_11_25;
    }

    /** The revision {@code initialize} negotiated, which shapes what the session is sent; {@code null} before. */
    public RevisionShape shape() {
        Opened o = opened;
        return o == null ? null : o.shape;
    }

    @Override
    public void close() {
        List.copyOf(streams).forEach(SessionStream::teardown);
    }

    public Map<String, Object> clientCapabilities() {
        return opened.clientCapabilities;
    }

    public Map<String, Object> clientInfo() {
        return opened.clientInfo;
    }

    /** Opens the session with what {@code initialize} negotiated; {@code false} when it is open already. */
    public synchronized boolean open(RevisionShape shape, Map<String, Object> clientCapabilities,
            Map<String, Object> clientInfo) {
        if (opened != null) {
            return false;
        }
        opened = new Opened(shape, clientCapabilities, clientInfo);
        return true;
    }

    /** Marks the handshake confirmed; {@code true} the first time. */
    public boolean markInitialized() {
        boolean first;
        synchronized (this) {
            first = !initialized;
            initialized = true;
        }
        if (first) {
            changed();
        }
        return first;
    }

    /** Requests and streams in flight, by the {@link #key} of their id: what {@code notifications/cancelled} names. */
    public Map<String, Cancellable> inFlight() {
        return inFlight;
    }

    /** The server's own requests to this client awaiting an answer, by the {@link #key} of their id. */
    public Map<String, CompletableFuture<JsonNode>> awaiting() {
        return awaiting;
    }

    /** The open streams this session holds; changed only under the lock of the server's stream registry. */
    public Set<SessionStream> streams() {
        return streams;
    }

    /**
     * The key of a JSON-RPC id (a string or an integer node) in {@link #inFlight} and {@link #awaiting}: the
     * string {@code "1"} and the number {@code 1} differ.
     */
    public static String key(JsonNode id) {
        return id.isString() ? "\"" + id.stringValue() : id.asString();
    }

    /** A new id for a request of the server's own, unique in this session. */
    public long nextRequestId() {
        return requestIds.incrementAndGet();
    }

    /**
     * Hands a client's response to the server's request it answers; one this instance does not await is relayed
     * to the others (with a keeper), else ignored.
     */
    public void answered(JsonNode id, JsonNode response) {
        if (!answeredHere(id, response) && keeper != null) {
            keeper.relay(this, JSON.write(response));
        }
    }

    private boolean answeredHere(JsonNode id, JsonNode response) {
        CompletableFuture<JsonNode> waiting = awaiting.remove(key(id));
        return waiting != null && waiting.complete(response);
    }

    public LogLevel logLevel() {
        return logLevel;
    }

    public void logLevel(LogLevel level) {
        LogLevel before = logLevel;
        this.logLevel = level;
        if (before != level) {
            changed();
        }
    }

    /** Subscribes to a resource; {@code false} when the session holds too many subscriptions already. */
    public boolean subscribe(String uri) {
        synchronized (this) {
            if (subscriptions.contains(uri)) {
                return true;
            }
            if (subscriptions.size() >= MAX_SUBSCRIPTIONS || !subscriptions.add(uri)) {
                return false;
            }
        }
        changed();
        return true;
    }

    public void unsubscribe(String uri) {
        if (subscriptions.remove(uri)) {
            changed();
        }
    }

    public boolean subscribed(String uri) {
        return subscriptions.contains(uri);
    }

    @Override
    public String state() {
        Opened o = opened;
        if (o == null) {
            return null;
        }
        ObjectNode state = JSON.object().put("revision", o.shape.id()).put("initialized", initialized);
        state.set("capabilities", JSON.toTree(o.clientCapabilities));
        state.set("clientInfo", JSON.toTree(o.clientInfo));
        LogLevel level = logLevel;
        state.put("logLevel", level == null ? null : level.id());
        subscriptions.forEach(state.putArray("subscriptions")::add);
        return JSON.writeString(state);
    }

    @Override
    public void restore(String state) {
        JsonNode read = JSON.read(state);
        if (!read.path("revision").isString() || !read.path("subscriptions").isArray()) {
            throw new IllegalArgumentException("Not the state of a session");
        }
        Opened restored = new Opened(RevisionShape.negotiate(read.path("revision").stringValue()),
                JavaValues.map(read.get("capabilities")), JavaValues.map(read.get("clientInfo")));
        synchronized (this) {
            opened = restored;
            initialized = read.path("initialized").asBoolean();
            logLevel = LogLevel.of(read.path("logLevel").asString(""));
            Set<String> uris = ConcurrentHashMap.newKeySet();
            read.path("subscriptions").forEach(uri -> uris.add(uri.asString()));
            subscriptions.retainAll(uris);
            subscriptions.addAll(uris);
            // the server's requests of each instance need ids of their own: an answer names the one it answers
            requestIds.compareAndSet(0, RANDOM.nextLong(1L << 40) << 8);
        }
    }

    @Override
    public void keep(Keeper keeper) {
        this.keeper = keeper;
    }

    @Override
    public boolean receive(byte[] message) {
        JsonNode read;
        try {
            read = JSON.read(message);
        } catch (RuntimeException e) {
            return false;
        }
        if ("notifications/cancelled".equals(read.path("method").asString(""))) {
            return cancelHeld(read.get("params"));
        }
        JsonNode id = read.get("id");
        return !read.has("method") && id != null && (id.isString() || id.isIntegralNumber()) && answeredHere(id, read);
    }

    /** Tells the keeper the state changed, before the request that changed it is answered. */
    private void changed() {
        Keeper k = keeper;
        if (k != null && opened != null) {
            k.changed(this);
        }
    }

    private record Opened(RevisionShape shape, Map<String, Object> clientCapabilities,
            Map<String, Object> clientInfo) {
    }
}
