package io.beammcp.core.server;

import io.beammcp.core.Catalog;
import io.beammcp.core.CatalogChanges;
import io.beammcp.core.Completer;
import io.beammcp.core.Dispatch;
import io.beammcp.core.LogLevel;
import io.beammcp.core.MissingClientCapabilityException;
import io.beammcp.core.PromptRenderer;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ResourceEntry;
import io.beammcp.core.ResourceReader;
import io.beammcp.core.Revision;
import io.beammcp.core.ToolSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The MCP server core: turns one incoming message into one {@link Reply}, for either protocol revision,
 * on any transport. It owns every protocol decision (era, method table, error codes, result shapes);
 * transports only frame bytes. Thread-safe; built once from the host's {@link Catalog} and
 * {@link Dispatch} with {@link #builder(Catalog, Dispatch)}.
 *
 * <p>Host code runs on the executor a transport hands to {@link #handle(byte[], Exchange, Executor, Consumer)};
 * what it emits (progress, log messages) goes out through the {@link Exchange} before the reply. A request
 * is answered once: by its result, by a tool error when the tool's time limit passes, or not at all when
 * cancelled. Streams of change notifications ({@code subscriptions/listen}, a legacy session's channel)
 * stay open until the client leaves or {@link #close()}.
 */
public final class McpServer implements AutoCloseable {

    static final String MODERN = Revision.V2026_07_28.id();
    static final String LEGACY = Revision.V2025_11_25.id();
    /** Versions whose traffic is legacy; only {@code 2025-11-25} is negotiated. */
    static final Set<String> LEGACY_VERSIONS = Set.of(LEGACY, "2025-06-18", "2025-03-26", "2024-11-05");
    /** Decision (WIRE.md §18.1): both revisions, modern first, in discover and in {@code -32022}. */
    static final List<String> SUPPORTED_VERSIONS = List.of(MODERN, LEGACY);
    static final String SUBSCRIPTION_ID_KEY = "io.modelcontextprotocol/subscriptionId";
    static final String SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";

    private static final Logger log = LoggerFactory.getLogger(McpServer.class);

    private final JsonCodec codec;
    private final SchemaCompiler compiler;
    private final Blocks blocks;
    private final Catalog catalog;
    private final ResourceReader resourceReader;
    private final PromptRenderer promptRenderer;
    /** The compiled catalog; replaced whole when the host reports a change. */
    private volatile Index index;
    private final Object recompiling = new Object();
    private final ToolCalls toolCalls;
    private final Completions completions;
    private final CatalogChanges changes;
    private final CatalogChanges.Listener changeListener = new ChangeListener();
    private final Streams streams;
    private final Duration toolTimeout;
    private final ScheduledThreadPoolExecutor timers;
    private final int pageSize;
    private final long maxMessageSize;
    private final ListCache toolsCache;
    private final ListCache resourcesCache;
    private final ListCache promptsCache;
    private final ListCache discoverCache;
    private final ObjectNode serverInfo;
    /** The {@code _meta} of every shaped 2026-07-28 result: encoded, never changed, so shared. */
    private final ObjectNode resultMeta;
    private final String instructions;
    private final InputStates inputStates;
    private final Duration inputTimeout;

    /** One compiled catalog: every list, indexed and sorted for paging. */
    private record Index(Paged<CompiledTool> tools, Resources resources, Prompts prompts) {
    }

    private McpServer(Builder b) {
        if (b.pageSize <= 0) {
            throw new IllegalArgumentException("Page size must be positive, was " + b.pageSize);
        }
        if (b.maxMessageSize <= 0) {
            throw new IllegalArgumentException("Maximum message size must be positive, was " + b.maxMessageSize);
        }
        if (b.toolTimeout != null && (b.toolTimeout.isNegative() || b.toolTimeout.isZero())) {
            throw new IllegalArgumentException("A tool timeout must be positive, was " + b.toolTimeout);
        }
        this.codec = new JsonCodec(b.maxMessageSize);
        this.compiler = new SchemaCompiler(codec);
        this.blocks = new Blocks(codec);
        this.catalog = b.catalog;
        this.resourceReader = b.resourceReader;
        this.promptRenderer = b.promptRenderer;
        this.index = new Index(ToolIndex.compile(catalog.tools(), codec, compiler),
                compileResources(catalog.resources()), compilePrompts(catalog.prompts()));
        this.toolCalls = new ToolCalls(codec, blocks, b.dispatch);
        this.completions = new Completions(b.completer, codec);
        this.streams = new Streams(b.maxStreams, b.maxStreamsPerSession);
        this.toolTimeout = b.toolTimeout;
        if (toolTimeout == null) {
            this.timers = null;
        } else {
            this.timers = new ScheduledThreadPoolExecutor(1, task -> {
                Thread thread = new Thread(task, "beammcp-tool-timeouts");
                thread.setDaemon(true);
                return thread;
            });
            this.timers.setRemoveOnCancelPolicy(true);
        }
        this.pageSize = b.pageSize;
        this.maxMessageSize = b.maxMessageSize;
        this.toolsCache = b.toolsCache;
        this.resourcesCache = b.resourcesCache;
        this.promptsCache = b.promptsCache;
        this.discoverCache = b.discoverCache;
        this.serverInfo = codec.object().put("name", b.serverName).put("version", b.serverVersion);
        this.resultMeta = codec.object();
        resultMeta.set(SERVER_INFO_KEY, serverInfo);
        this.instructions = b.instructions;
        if (b.inputTimeout.isNegative() || b.inputTimeout.isZero()) {
            throw new IllegalArgumentException("The input timeout must be positive, was " + b.inputTimeout);
        }
        this.inputTimeout = b.inputTimeout;
        this.inputStates = new InputStates(b.inputStateKey == null ? InputStates.randomKey() : b.inputStateKey,
                b.inputStateTtl, Clock.systemUTC(), codec);
        this.changes = b.changes;
        if (changes != null) {
            changes.addListener(changeListener);
        }
    }

    private Resources compileResources(List<ResourceEntry> entries) {
        return new Resources(entries, resourceReader, codec, blocks);
    }

    private Prompts compilePrompts(List<PromptSpec> specs) {
        return new Prompts(specs, promptRenderer, codec, compiler, blocks);
    }

    /**
     * Starts a server for a host.
     *
     * @param catalog what the host offers
     * @param dispatch how the host runs a tool
     * @return a builder
     */
    public static Builder builder(Catalog catalog, Dispatch dispatch) {
        return new Builder(catalog, dispatch);
    }

    /**
     * The largest message, in bytes, the server reads; transports refuse longer input unread.
     *
     * @return the cap in bytes
     */
    public long maxMessageSize() {
        return maxMessageSize;
    }

    /**
     * Whether the host declared that its lists change (it gave the builder a {@link CatalogChanges}): then
     * {@code listChanged} and {@code subscribe} are advertised, and legacy sessions may open a stream for
     * change notifications with {@link #openStream}.
     *
     * @return {@code true} when the lists may change
     */
    public boolean listsChange() {
        return changes != null;
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
        handle(message, exchange, Runnable::run, answer);
        return answer.reply;
    }

    /**
     * Serves one message. What needs no host code is answered before this returns, on the calling thread,
     * so a transport keeps the order of cheap messages; host code (a tool call, a resource read, a prompt,
     * a completion) runs on {@code hostCode}. {@code answer} gets exactly one reply per message, from any
     * thread, after every notification the work emitted through the exchange; a cancelled request gets an
     * {@linkplain Reply#unanswered() unanswered} reply. A {@code subscriptions/listen} is answered only when
     * its stream ends.
     *
     * @param message the raw message bytes (one stdio line or one HTTP body)
     * @param exchange what the transport knows besides the bytes, and the way to send notifications
     * @param hostCode where host code runs
     * @param answer where the reply goes
     */
    public void handle(byte[] message, Exchange exchange, Executor hostCode, Consumer<Reply> answer) {
        Pending pending = prepare(message, exchange);
        if (pending.done() != null) {
            answer.accept(pending.done());
        } else if (pending.listen() != null) {
            openListen(pending.listen(), exchange, answer);
        } else {
            RequestContext call = pending.call();
            call.bind(pending.work(), answer);
            if (timers != null && call.tool() != null) {
                Reply expired = result(call.revision(), call.id(),
                        shape(call.revision(), toolCalls.timedOut(call.tool().name(), toolTimeout), null));
                try {
                    call.deadline(timers.schedule(() -> call.expire(expired), toolTimeout.toNanos(),
                            TimeUnit.NANOSECONDS));
                } catch (RejectedExecutionException closed) {
                    // the server is closing: calls still served run without a limit
                }
            }
            call.launch(hostCode);
        }
    }

    /**
     * Opens the stream a legacy (2025-11-25) HTTP client asks for with {@code GET}: its session's channel
     * for change notifications, which the core sends through {@link Exchange#send} and ends by calling
     * {@code end} with an {@linkplain Reply#unanswered() unanswered} reply (on {@link #close()} or when the
     * session {@linkplain LegacySession#close() ends}). A client found gone closes it.
     *
     * @param exchange the request, with its session
     * @param end what ends the stream
     * @return {@code null} when the stream is open, else the refusal to frame: no live session
     *         ({@link Reply#sessionMissing()}), or too many streams ({@link Reply#overLimit()})
     */
    public Reply openStream(Exchange exchange, Consumer<Reply> end) {
        Revision era = Revision.V2025_11_25;
        LegacySession session = exchange.session();
        if (session == null || !session.isOpen()) {
            return new Reply(era, null, null, true, null, true, false, false, false);
        }
        Stream stream = new Stream(streams, exchange, session, null, legacyFilter(), end, unanswered(era), null);
        String refusal = stream.open(null);
        return refusal == null ? null : overLimit(era, null, refusal);
    }

    /**
     * The reply to an input the transport refused unread because it exceeds {@link #maxMessageSize()}.
     *
     * @return a {@code -32600} reply without id
     */
    public Reply oversized() {
        return error(null, null, new McpError(McpError.INVALID_REQUEST,
                "Invalid Request: the message exceeds " + maxMessageSize + " bytes"));
    }

    /**
     * Ends every open stream, as on shutdown: a {@code subscriptions/listen} gets its final result (and on
     * stdio {@code notifications/cancelled}), a legacy session's stream simply ends. No stream opens
     * afterwards and the host's {@link CatalogChanges} is no longer listened to; requests in flight finish.
     * Idempotent.
     */
    @Override
    public void close() {
        if (changes != null) {
            changes.removeListener(changeListener);
        }
        streams.close().forEach(Stream::teardown);
        if (timers != null) {
            // time limits already armed still fire
            timers.shutdown();
        }
    }

    /**
     * Everything that can be decided without host code, done now; what remains (host code, or a stream to
     * open) in the returned pending work.
     */
    private Pending prepare(byte[] bytes, Exchange exchange) {
        Message message;
        JsonNode root;
        try {
            root = codec.read(bytes);
            message = Message.parse(root);
        } catch (McpError e) {
            return Pending.now(error(null, null, e));
        } catch (Message.Refusal r) {
            return Pending.now(error(null, r.id, r.error));
        }
        if (exchange.transport() == Transport.STDIO) {
            if ("shutdown".equals(message.method()) && message.isRequest()) {
                return Pending.now(new Reply(null, response(message.id(), codec.object()), null, false, null, false,
                        true, false, false));
            }
            if ("exit".equals(message.method()) && message.isNotification()) {
                return Pending.now(new Reply(null, null, null, false, null, false, true, false, false));
            }
        }
        if ("server/discover".equals(message.method()) && message.isRequest() && !message.carriesModernMeta()
                && exchange.headers(HeaderRules.PROTOCOL_VERSION).isEmpty()) {
            // a dual-era client probes with discover before anything else, with or without _meta; over HTTP
            // a 2026-07-28 version header makes it an ordinary modern request, validated as such
            return Pending.now(result(Revision.V2026_07_28, message.id(), decorate(discover())));
        }
        Revision era = classify(message, exchange);
        try {
            return era == Revision.V2026_07_28 ? modern(message, exchange) : legacy(message, root, exchange);
        } catch (McpError e) {
            return Pending.now(message.isNotification() ? accepted(era) : error(era, message.id(), e));
        }
    }

    /** WIRE.md §1.1: modern metadata, else a modern version header (HTTP, not initialize), else legacy. */
    private static Revision classify(Message message, Exchange exchange) {
        if (message.carriesModernMeta()) {
            return Revision.V2026_07_28;
        }
        if (exchange.transport() == Transport.HTTP && !"initialize".equals(message.method())) {
            for (String version : exchange.headers(HeaderRules.PROTOCOL_VERSION)) {
                if (!LEGACY_VERSIONS.contains(version)) {
                    return Revision.V2026_07_28;
                }
            }
        }
        return Revision.V2025_11_25;
    }

    /**
     * {@code notifications/cancelled}: stops the named request or stream of this peer, silently; an
     * unknown, finished or malformed id is ignored (WIRE.md §13).
     */
    private static void cancel(LegacySession peer, Message message) {
        JsonNode requestId = message.params() == null ? null : message.params().get("requestId");
        if (peer != null && requestId != null && (requestId.isString() || requestId.isIntegralNumber())) {
            Cancellable target = peer.inFlight.get(LegacySession.key(requestId));
            if (target != null) {
                target.cancel();
            }
        }
    }

    // ---- 2026-07-28 ----------------------------------------------------------------------------------

    private Pending modern(Message message, Exchange exchange) {
        Revision era = Revision.V2026_07_28;
        if (message.isResponse()) {
            throw new McpError(McpError.INVALID_REQUEST,
                    "Invalid Request: clients send no responses in 2026-07-28, where servers send no requests");
        }
        boolean http = exchange.transport() == Transport.HTTP;
        if (message.isNotification()) {
            if (!http && "notifications/cancelled".equals(message.method())) {
                // over HTTP a 2026-07-28 client cancels by closing the response stream
                cancel(exchange.session(), message);
            }
            return Pending.now(accepted(era));
        }
        if (http) {
            HeaderRules.requireVersionPresent(exchange);
        }
        ObjectNode meta = message.meta();
        if (meta == null) {
            throw McpError.invalidMeta("Invalid params: params._meta with " + Message.VERSION_KEY + " and "
                    + Message.CAPABILITIES_KEY + " is required in 2026-07-28");
        }
        JsonNode version = meta.get(Message.VERSION_KEY);
        if (version == null || !version.isString()) {
            throw McpError.invalidMeta("Invalid params: params._meta." + Message.VERSION_KEY
                    + " is required and must be a string");
        }
        JsonNode capabilities = meta.get(Message.CAPABILITIES_KEY);
        if (capabilities == null || !capabilities.isObject()) {
            throw McpError.invalidMeta("Invalid params: params._meta." + Message.CAPABILITIES_KEY
                    + " is required and must be an object");
        }
        if (http) {
            HeaderRules.requireVersionEquals(exchange, version.stringValue());
        }
        if (!MODERN.equals(version.stringValue())) {
            throw unsupportedVersion(version.stringValue());
        }
        String method = message.method();
        if (http) {
            HeaderRules.requireMethodAndName(exchange, method, mirroredName(message));
        }
        JsonNode logLevel = meta.get(Message.LOG_LEVEL_KEY);
        LogLevel level = null;
        if (logLevel != null) {
            level = logLevel.isString() ? LogLevel.of(logLevel.stringValue()) : null;
            if (level == null) {
                throw McpError.invalidMeta("Invalid params: unknown " + Message.LOG_LEVEL_KEY);
            }
        }
        if ("server/discover".equals(method)) {
            return Pending.now(result(era, message.id(), decorate(discover())));
        }
        if ("subscriptions/listen".equals(method)) {
            return listen(message, http ? null : exchange.session());
        }
        LogLevel least = level;
        RequestContext context = new RequestContext(era, message.id(), JavaValues.map(meta.get(Message.CLIENT_INFO_KEY)),
                JavaValues.map(capabilities), exchange, codec, progressToken(meta), () -> least,
                http ? null : exchange.session());
        return serve(message, exchange, context);
    }

    /** The body value {@code Mcp-Name} mirrors, or {@code null} when the method has none. */
    private static String mirroredName(Message message) {
        String field = switch (message.method()) {
            case "tools/call", "prompts/get" -> "name";
            case "resources/read" -> "uri";
            default -> null;
        };
        if (field == null) {
            return null;
        }
        JsonNode value = message.params() == null ? null : message.params().get(field);
        if (value == null || !value.isString()) {
            throw McpError.invalidParams("Invalid params: params." + field + " must be a string");
        }
        return value.stringValue();
    }

    /** The request's {@code progressToken} when it is a string or an integer, else {@code null}: no progress. */
    private static JsonNode progressToken(ObjectNode meta) {
        JsonNode token = meta == null ? null : meta.get("progressToken");
        return token != null && (token.isString() || token.isIntegralNumber()) ? token : null;
    }

    private McpError unsupportedVersion(String requested) {
        ObjectNode data = codec.object();
        ArrayNode supported = data.putArray("supported");
        SUPPORTED_VERSIONS.forEach(supported::add);
        data.put("requested", requested);
        String message = LEGACY_VERSIONS.contains(requested)
                // Decision (WIRE.md §18.2): a legacy version in modern _meta is refused; it needs initialize
                ? "Unsupported protocol version: " + requested + " is served only through initialize"
                : "Unsupported protocol version";
        return new McpError(McpError.UNSUPPORTED_PROTOCOL_VERSION, message, data);
    }

    private ObjectNode discover() {
        ObjectNode result = codec.object();
        ArrayNode versions = result.putArray("supportedVersions");
        SUPPORTED_VERSIONS.forEach(versions::add);
        result.set("capabilities", capabilities());
        if (instructions != null) {
            result.put("instructions", instructions);
        }
        discoverCache.putOn(result);
        return result;
    }

    private ObjectNode decorate(ObjectNode result) {
        ObjectNode decorated = codec.object().put("resultType", "complete");
        decorated.setAll(result);
        decorated.putObject("_meta").set(SERVER_INFO_KEY, serverInfo);
        return decorated;
    }

    /**
     * {@code subscriptions/listen} (WIRE.md §3.5): the filter is checked now, so a bad one is refused before
     * any stream opens; the acknowledgement names the types honoured: list changes only when the host
     * declared that its lists change (and offers that list), updates only of resources it can read (listed,
     * or matched by a template) and only when it also offers resources. Always served, even when nothing
     * can be honoured.
     */
    private Pending listen(Message message, LegacySession owner) {
        JsonNode filter = message.params().get("notifications");
        if (filter == null || !filter.isObject()) {
            throw McpError.invalidParams("Invalid params: notifications must be an object");
        }
        Index current = index;
        boolean declared = changes != null;
        boolean resources = declared && current.resources().offered();
        boolean tools = requested(filter, "toolsListChanged") && declared;
        boolean prompts = requested(filter, "promptsListChanged") && declared && current.prompts().offered();
        boolean resourceList = requested(filter, "resourcesListChanged") && resources;
        Set<String> uris = new LinkedHashSet<>();
        JsonNode subscriptions = filter.get("resourceSubscriptions");
        if (subscriptions != null) {
            if (!subscriptions.isArray() || subscriptions.size() > LegacySession.MAX_SUBSCRIPTIONS) {
                throw McpError.invalidParams("Invalid params: resourceSubscriptions must be an array of at most "
                        + LegacySession.MAX_SUBSCRIPTIONS + " URIs");
            }
            for (JsonNode uri : subscriptions) {
                if (!uri.isString()) {
                    throw McpError.invalidParams("Invalid params: resourceSubscriptions must hold strings");
                }
                if (resources && current.resources().knows(uri.stringValue())) {
                    uris.add(uri.stringValue());
                }
            }
        }
        ObjectNode honoured = codec.object();
        if (tools) {
            honoured.put("toolsListChanged", true);
        }
        if (prompts) {
            honoured.put("promptsListChanged", true);
        }
        if (resourceList) {
            honoured.put("resourcesListChanged", true);
        }
        if (!uris.isEmpty()) {
            ArrayNode list = honoured.putArray("resourceSubscriptions");
            uris.forEach(list::add);
        }
        return Pending.listen(new Listen(message.id(), new Stream.Filter(tools, prompts, resourceList, Set.copyOf(uris)),
                honoured, owner));
    }

    private static boolean requested(JsonNode filter, String type) {
        JsonNode value = filter.get(type);
        if (value != null && !value.isBoolean()) {
            throw McpError.invalidParams("Invalid params: notifications." + type + " must be a boolean");
        }
        return value != null && value.booleanValue();
    }

    /** Opens a listen stream: registered, then acknowledged, so the acknowledgement is its first frame. */
    private void openListen(Listen listen, Exchange exchange, Consumer<Reply> answer) {
        Revision era = Revision.V2026_07_28;
        JsonNode id = listen.id();
        ObjectNode ack = tagged("notifications/subscriptions/acknowledged", id);
        ((ObjectNode) ack.get("params")).set("notifications", listen.honoured());
        ObjectNode result = decorate(codec.object());
        ((ObjectNode) result.get("_meta")).set(SUBSCRIPTION_ID_KEY, id);
        byte[] notice = null;
        if (exchange.transport() == Transport.STDIO) {
            // WIRE.md §18.8: on stdio the server's teardown also sends notifications/cancelled for the listen id
            ObjectNode cancelled = codec.object().put("jsonrpc", "2.0").put("method", "notifications/cancelled");
            cancelled.putObject("params").set("requestId", id);
            notice = codec.write(cancelled);
        }
        Stream stream = new Stream(streams, exchange, listen.owner(), id, listen.filter(), answer, result(era, id, result),
                notice);
        String refusal = stream.open(codec.write(ack));
        if (refusal != null) {
            answer.accept(overLimit(era, id, refusal));
        }
    }

    /** A notification tagged with a listen stream's id, for that stream only. */
    private ObjectNode tagged(String method, JsonNode listenId) {
        ObjectNode notification = codec.object().put("jsonrpc", "2.0").put("method", method);
        notification.putObject("params").putObject("_meta").set(SUBSCRIPTION_ID_KEY, listenId);
        return notification;
    }

    // ---- 2025-11-25 ----------------------------------------------------------------------------------

    private Pending legacy(Message message, JsonNode root, Exchange exchange) {
        Revision era = Revision.V2025_11_25;
        if (message.isRequest() && "initialize".equals(message.method())) {
            // over HTTP initialize always opens a new session; a stdio process is its own one session
            return Pending.now(initialize(message, exchange.transport() == Transport.HTTP ? null : exchange.session()));
        }
        LegacySession session = exchange.session();
        if (session == null) {
            McpError missing = new McpError(McpError.INVALID_REQUEST,
                    "Bad Request: no valid session; send initialize first");
            return Pending.now(new Reply(era, message.isNotification() ? null : errorBody(message.id(), missing),
                    missing.code(), true, null, true, false, false, false));
        }
        if (exchange.transport() == Transport.HTTP) {
            // WIRE.md §5.3: after initialize, every version header names the session's negotiated revision
            for (String version : exchange.headers(HeaderRules.PROTOCOL_VERSION)) {
                if (!version.equals(session.revision() == null ? null : session.revision().id())) {
                    McpError wrong = new McpError(McpError.INVALID_REQUEST,
                            "Bad Request: MCP-Protocol-Version does not match the session's protocol version");
                    return Pending.now(new Reply(era, message.isRequest() ? errorBody(message.id(), wrong) : null,
                            wrong.code(), true, null, false, false, false, false));
                }
            }
        }
        if (message.isResponse()) {
            // the client answering a request of the server's own (WIRE.md §4)
            session.answered(message.id(), root);
            return Pending.now(accepted(era));
        }
        if (message.isNotification()) {
            if ("notifications/cancelled".equals(message.method())) {
                cancel(session, message);
            } else if ("notifications/initialized".equals(message.method()) && session.isOpen()
                    && session.markInitialized() && exchange.transport() == Transport.STDIO && changes != null) {
                // a stdio process's legacy change notifications go to stdout from now on
                Stream channel = new Stream(streams, exchange, session, null, legacyFilter(), reply -> { },
                        unanswered(era), null);
                String refusal = channel.open(null);
                if (refusal != null) {
                    log.warn("This stdio session gets no change notifications: {}", refusal);
                }
            }
            return Pending.now(accepted(era));
        }
        if (!session.isOpen()) {
            // Decision (WIRE.md §18.3): before initialize only ping is served; other requests are told how to start
            if ("ping".equals(message.method())) {
                return Pending.now(result(era, message.id(), codec.object()));
            }
            throw McpError.invalidParams("Invalid params: missing " + Message.VERSION_KEY
                    + " in _meta, or send initialize");
        }
        switch (message.method()) {
            case "ping":
                return Pending.now(result(era, message.id(), codec.object()));
            case "initialize":
                throw new McpError(McpError.INVALID_REQUEST, "Invalid Request: already initialized");
            case "logging/setLevel":
                return Pending.now(setLevel(message, session));
            case "resources/subscribe":
            case "resources/unsubscribe":
                return Pending.now(subscription(message, session));
            default:
                RequestContext context = new RequestContext(era, message.id(), session.clientInfo(),
                        session.clientCapabilities(), exchange, codec, progressToken(message.meta()),
                        session::logLevel, session);
                return serve(message, exchange, context);
        }
    }

    /** {@code logging/setLevel}: the session's level from now on; the result is exactly {@code {}}. */
    private Reply setLevel(Message message, LegacySession session) {
        JsonNode level = message.params() == null ? null : message.params().get("level");
        LogLevel chosen = level != null && level.isString() ? LogLevel.of(level.stringValue()) : null;
        if (chosen == null) {
            throw McpError.invalidParams("Invalid params: level must be one of debug, info, notice, warning, error, "
                    + "critical, alert, emergency");
        }
        session.logLevel(chosen);
        return result(Revision.V2025_11_25, message.id(), codec.object());
    }

    /**
     * {@code resources/subscribe} and {@code resources/unsubscribe}, served only while {@code subscribe} is
     * advertised; the result is exactly {@code {}}. Subscribing needs a readable URI (else {@code -32002}).
     */
    private Reply subscription(Message message, LegacySession session) {
        Resources resources = index.resources();
        if (changes == null || !resources.offered()) {
            throw methodNotFound();
        }
        if ("resources/subscribe".equals(message.method())) {
            String uri = resources.readable(message.params(), false);
            if (!session.subscribe(uri)) {
                throw McpError.invalidParams("Invalid params: a session holds at most "
                        + LegacySession.MAX_SUBSCRIPTIONS + " subscriptions");
            }
        } else {
            JsonNode uri = message.params() == null ? null : message.params().get("uri");
            if (uri == null || !uri.isString()) {
                throw McpError.invalidParams("Invalid params: uri must be a string");
            }
            session.unsubscribe(uri.stringValue());
        }
        return result(Revision.V2025_11_25, message.id(), codec.object());
    }

    private Reply initialize(Message message, LegacySession session) {
        Revision era = Revision.V2025_11_25;
        ObjectNode params = message.params();
        if (params == null) {
            return error(era, message.id(), McpError.invalidParams("Invalid params: initialize needs params"));
        }
        JsonNode requested = params.get("protocolVersion");
        JsonNode capabilities = params.get("capabilities");
        JsonNode clientInfo = params.get("clientInfo");
        String problem = requested == null || !requested.isString() ? "protocolVersion must be a string"
                : capabilities == null || !capabilities.isObject() ? "capabilities must be an object"
                : clientInfo == null || !clientInfo.isObject() ? "clientInfo must be an object" : null;
        if (problem != null) {
            return error(era, message.id(), McpError.invalidParams("Invalid params: " + problem));
        }
        LegacySession target = session != null ? session : new LegacySession();
        if (!target.open(era, JavaValues.map(capabilities), JavaValues.map(clientInfo))) {
            return error(era, message.id(), new McpError(McpError.INVALID_REQUEST,
                    "Invalid Request: the session is already initialized"));
        }
        ObjectNode result = codec.object();
        // the only legacy revision implemented is 2025-11-25: any other request is answered with it
        result.put("protocolVersion", LEGACY);
        result.set("capabilities", capabilities());
        result.set("serverInfo", serverInfo);
        if (instructions != null) {
            result.put("instructions", instructions);
        }
        return new Reply(era, response(message.id(), result), null, false, session == null ? target : null, false,
                false, false, false);
    }

    /** A legacy session's channel gets every list change the server advertises and its subscribed resources. */
    private Stream.Filter legacyFilter() {
        Index current = index;
        return new Stream.Filter(true, current.prompts().offered(), current.resources().offered(), null);
    }

    // ---- methods of both revisions -------------------------------------------------------------------

    /**
     * Exactly what is served: tools always; resources, prompts and completions when the host provides them;
     * {@code listChanged} and {@code subscribe} when it declared that its lists change; logging always, since
     * host code may log in every request (the client chooses the level per request or per session).
     */
    private ObjectNode capabilities() {
        Index current = index;
        boolean declared = changes != null;
        ObjectNode capabilities = codec.object();
        capabilities.putObject("tools").put("listChanged", declared);
        if (current.resources().offered()) {
            capabilities.putObject("resources").put("subscribe", declared).put("listChanged", declared);
        }
        if (current.prompts().offered()) {
            capabilities.putObject("prompts").put("listChanged", declared);
        }
        if (completions.offered()) {
            capabilities.putObject("completions");
        }
        capabilities.putObject("logging");
        return capabilities;
    }

    /** The methods both revisions share, answered in the shape of the request's revision. */
    private Pending serve(Message message, Exchange exchange, RequestContext context) {
        Revision era = context.revision();
        boolean modern = era == Revision.V2026_07_28;
        ObjectNode params = message.params();
        String method = message.method();
        Index current = index;
        Resources resources = current.resources();
        Prompts prompts = current.prompts();
        if (method.startsWith("resources/") && !resources.offered()
                || method.startsWith("prompts/") && !prompts.offered()
                || method.equals("completion/complete") && !completions.offered()) {
            throw methodNotFound();
        }
        switch (method) {
            case "tools/list": {
                ObjectNode result = codec.object();
                current.tools().page(params, pageSize, result);
                return done(message, context, result, toolsCache);
            }
            case "tools/call":
                return callTool(message, exchange, context, current.tools());
            case "resources/list": {
                ObjectNode result = codec.object();
                resources.list(params, pageSize, result);
                return done(message, context, result, resourcesCache);
            }
            case "resources/templates/list": {
                ObjectNode result = codec.object();
                resources.listTemplates(params, pageSize, result);
                return done(message, context, result, resourcesCache);
            }
            case "resources/read": {
                String uri = resources.readable(params, modern);
                context.withInput(input(message, context, uri, null), inputTimeout);
                return later(message, context, () -> resources.read(uri, context, modern), resourcesCache);
            }
            case "prompts/list": {
                ObjectNode result = codec.object();
                prompts.list(params, pageSize, result);
                return done(message, context, result, promptsCache);
            }
            case "prompts/get": {
                Prompts.Prompt prompt = prompts.named(params);
                Map<String, String> arguments = prompts.arguments(prompt, params);
                JsonNode promptArguments = params == null ? null : params.get("arguments");
                context.withInput(input(message, context, prompt.spec().name(), promptArguments), inputTimeout);
                return later(message, context, () -> prompts.render(prompt, arguments, context), null);
            }
            case "completion/complete": {
                Completions.Request request = completions.parse(params, prompts, resources);
                return later(message, context, () -> completions.complete(request, context), null);
            }
            default:
                throw methodNotFound();
        }
    }

    private Pending done(Message message, RequestContext context, ObjectNode result, ListCache cache) {
        return Pending.now(result(context.revision(), message.id(), shape(context.revision(), result, cache)));
    }

    /**
     * Host code, to run later off the reading thread; its protocol errors are answered with the request id,
     * and a failure of the core itself with {@code -32603}, so the request is always answered.
     */
    private Pending later(Message message, RequestContext context, Supplier<ObjectNode> work, ListCache cache) {
        Revision era = context.revision();
        return Pending.later(context, () -> {
            Reply reply;
            try {
                reply = result(era, message.id(), shape(era, work.get(), cache));
            } catch (InputRequiredException asked) {
                reply = null;
            } catch (MissingClientCapabilityException e) {
                reply = error(era, message.id(), missingCapability(era, e));
            } catch (McpError e) {
                reply = error(era, message.id(), e);
            } catch (RuntimeException e) {
                log.error("Serving a request failed; the client got -32603", e);
                reply = error(era, message.id(), new McpError(McpError.INTERNAL_ERROR, "Internal error"));
            }
            if (context.askedInput() == null) {
                return reply;
            }
            // host code asked for input this round: that is the answer, whatever it did afterwards
            try {
                return result(era, message.id(), inputRequired(context));
            } catch (RuntimeException e) {
                return error(era, message.id(), HostFaults.internal("Asking for input", e, null));
            }
        });
    }

    /**
     * The 2026-07-28 input of a request that may ask the client for input, checked now (before host code);
     * in 2025-11-25 an empty one, filled as the client answers.
     */
    private RequestInput input(Message message, RequestContext context, String name, JsonNode arguments) {
        RequestInput input = new RequestInput(inputStates, message.method(), name, arguments, codec);
        return context.revision() == Revision.V2026_07_28 ? input.arrived(message.params()) : input;
    }

    /**
     * {@code InputRequiredResult} (WIRE.md §14): the requests of this round, and a sealed state carrying
     * every answer so far except those asked again, so the next round sees them all.
     */
    private ObjectNode inputRequired(RequestContext context) {
        ObjectNode result = codec.object().put("resultType", "input_required");
        ObjectNode requests = result.putObject("inputRequests");
        Map<String, String> asked = new LinkedHashMap<>();
        context.askedInput().forEach((key, request) -> {
            ObjectNode entry = requests.putObject(key).put("method", request.method());
            entry.set("params", codec.toTree(request.params()));
            asked.put(key, request.method());
        });
        result.put("requestState", context.input().seal(asked));
        result.putObject("_meta").set(SERVER_INFO_KEY, serverInfo);
        return result;
    }

    /**
     * Host code asked for input the client cannot give: {@code -32021} with the capabilities as an object
     * in 2026-07-28; in 2025-11-25, which has no such error, {@code -32602} with the same data.
     */
    private McpError missingCapability(Revision era, MissingClientCapabilityException e) {
        ObjectNode data = codec.object();
        ObjectNode required = data.putObject("requiredCapabilities");
        for (List<String> path : e.missing()) {
            ObjectNode at = required;
            for (String name : path) {
                at = at.has(name) ? (ObjectNode) at.get(name) : at.putObject(name);
            }
        }
        String message = "Missing required client capability: " + String.join(", ",
                e.missing().stream().map(path -> String.join(".", path)).toList());
        return era == Revision.V2026_07_28
                ? new McpError(McpError.MISSING_REQUIRED_CLIENT_CAPABILITY, message, data)
                : new McpError(McpError.INVALID_PARAMS, "Invalid params: " + message, data);
    }

    /** 2026-07-28 results carry resultType and serverInfo, and cacheable ones their hints; legacy ones nothing. */
    private ObjectNode shape(Revision era, ObjectNode result, ListCache cache) {
        if (era != Revision.V2026_07_28) {
            return result;
        }
        if (cache != null) {
            cache.putOn(result);
        }
        if (result.has("resultType")) {
            // shaped by its renderer, resultType first (core-built results only: hosts cannot add members)
            result.set("_meta", resultMeta);
            return result;
        }
        ObjectNode decorated = codec.object();
        decorated.put("resultType", "complete");
        decorated.setAll(result);
        decorated.set("_meta", resultMeta);
        return decorated;
    }

    private Pending callTool(Message message, Exchange exchange, RequestContext context, Paged<CompiledTool> tools) {
        Revision era = context.revision();
        ObjectNode params = message.params();
        JsonNode name = params == null ? null : params.get("name");
        if (name == null || !name.isString()) {
            throw McpError.invalidParams("Invalid params: name must be a string");
        }
        CompiledTool tool = tools.get(name.stringValue());
        if (tool == null) {
            String shown = ToolIndex.NAME.matcher(name.stringValue()).matches() ? ": " + name.stringValue() : "";
            throw McpError.invalidParams("Unknown tool" + shown);
        }
        JsonNode arguments = params.get("arguments");
        if (arguments == null) {
            arguments = codec.object();
        } else if (!arguments.isObject()) {
            throw McpError.invalidParams("Invalid params: arguments must be an object");
        }
        if (era == Revision.V2026_07_28 && exchange.transport() == Transport.HTTP) {
            tool.headerParams().check(exchange, arguments);
        }
        List<String> missing = missingCapabilities(tool.spec().requiredClientCapabilities(), context);
        if (!missing.isEmpty()) {
            if (era == Revision.V2026_07_28) {
                ObjectNode data = codec.object();
                ObjectNode required = data.putObject("requiredCapabilities");
                missing.forEach(required::putObject);
                throw new McpError(McpError.MISSING_REQUIRED_CLIENT_CAPABILITY,
                        "Missing required client capability: " + String.join(", ", missing), data);
            }
            // 2025-11-25 has no such error: the model learns it from a tool error
            return Pending.now(result(era, message.id(), toolCalls.missingCapabilities(tool, missing)));
        }
        ObjectNode violations = toolCalls.violations(tool, arguments);
        if (violations != null) {
            return Pending.now(result(era, message.id(), shape(era, violations, null)));
        }
        Map<String, Object> declared = toolCalls.declaredArguments(tool, arguments);
        RequestContext call = context.forTool(tool.spec())
                .withInput(input(message, context, tool.name(), arguments), inputTimeout);
        return later(message, call, () -> {
            try {
                return toolCalls.run(tool, declared, call);
            } catch (MissingClientCapabilityException e) {
                if (era == Revision.V2026_07_28) {
                    throw e;
                }
                // as for a tool's declared capabilities: 2025-11-25 has no error for it, the model learns it
                return toolCalls.missingCapabilities(tool, e.missing().stream().map(p -> String.join(".", p)).toList());
            }
        }, null);
    }

    private static List<String> missingCapabilities(List<String> required, RequestContext context) {
        if (required.isEmpty()) {
            return List.of();
        }
        List<String> missing = new ArrayList<>();
        for (String capability : required) {
            if (!context.clientCapabilities().containsKey(capability)) {
                missing.add(capability);
            }
        }
        return missing;
    }

    private static McpError methodNotFound() {
        return new McpError(McpError.METHOD_NOT_FOUND, "Method not found");
    }

    // ---- change notifications ------------------------------------------------------------------------

    /** What the server does when the host reports a change: recompile, swap, notify. */
    private final class ChangeListener implements CatalogChanges.Listener {

        @Override
        public void toolsChanged() {
            if (recompile("tools")) {
                broadcastList("tools");
            }
        }

        @Override
        public void promptsChanged() {
            if (recompile("prompts") && index.prompts().offered()) {
                broadcastList("prompts");
            }
        }

        @Override
        public void resourcesChanged() {
            if (recompile("resources") && index.resources().offered()) {
                broadcastList("resources");
            }
        }

        @Override
        public void resourceUpdated(String uri) {
            if (!index.resources().offered()) {
                return;
            }
            byte[] untagged = null;
            for (Stream stream : streams.open()) {
                if (!stream.wantsUpdate(uri)) {
                    continue;
                }
                if (stream.listenId() != null) {
                    ObjectNode notification = tagged("notifications/resources/updated", stream.listenId());
                    ((ObjectNode) notification.get("params")).put("uri", uri);
                    stream.deliver(codec.write(notification));
                } else {
                    if (untagged == null) {
                        ObjectNode notification = codec.object().put("jsonrpc", "2.0")
                                .put("method", "notifications/resources/updated");
                        notification.putObject("params").put("uri", uri);
                        untagged = codec.write(notification);
                    }
                    stream.deliver(untagged);
                }
            }
        }
    }

    /**
     * Reads one list from the catalog again and swaps in a new index holding it. When the catalog fails to
     * answer (logged like any host fault, without its message) or the new list does not compile (logged with
     * the core's message naming the culprit), the previous index keeps serving.
     */
    private boolean recompile(String kind) {
        synchronized (recompiling) {
            Index current = index;
            Supplier<Index> compile;
            switch (kind) {
                case "tools": {
                    List<ToolSpec> tools = listed(catalog::tools, kind);
                    if (tools == null) {
                        return false;
                    }
                    compile = () -> new Index(ToolIndex.compile(tools, codec, compiler), current.resources(),
                            current.prompts());
                    break;
                }
                case "prompts": {
                    List<PromptSpec> prompts = listed(catalog::prompts, kind);
                    if (prompts == null) {
                        return false;
                    }
                    compile = () -> new Index(current.tools(), current.resources(), compilePrompts(prompts));
                    break;
                }
                default: {
                    List<ResourceEntry> resources = listed(catalog::resources, kind);
                    if (resources == null) {
                        return false;
                    }
                    compile = () -> new Index(current.tools(), compileResources(resources), current.prompts());
                }
            }
            try {
                index = compile.get();
                return true;
            } catch (IllegalArgumentException e) {
                // the core's own refusal, naming the culprit in the catalog
                log.error("The host reported a change of its {}, but the new list is refused and the previous one "
                        + "keeps serving: {}", kind, e.getMessage());
                return false;
            }
        }
    }

    /** One list as the catalog answers it now, or {@code null} when the catalog fails (logged, message withheld). */
    private static <T> List<T> listed(Supplier<List<T>> list, String kind) {
        try {
            return list.get();
        } catch (RuntimeException e) {
            log.error("The host reported a change of its {}, but its catalog failed to list them ({}); the previous "
                    + "list keeps serving", kind, e.getClass().getName());
            return null;
        }
    }

    private void broadcastList(String kind) {
        String method = "notifications/" + kind + "/list_changed";
        byte[] untagged = null;
        for (Stream stream : streams.open()) {
            if (!stream.wantsList(kind)) {
                continue;
            }
            if (stream.listenId() != null) {
                stream.deliver(codec.write(tagged(method, stream.listenId())));
            } else {
                if (untagged == null) {
                    untagged = codec.write(codec.object().put("jsonrpc", "2.0").put("method", method));
                }
                stream.deliver(untagged);
            }
        }
    }

    // ---- envelopes -----------------------------------------------------------------------------------

    private Reply result(Revision era, JsonNode id, ObjectNode result) {
        return new Reply(era, response(id, result), null, false, null, false, false, false, false);
    }

    private Reply accepted(Revision era) {
        return new Reply(era, null, null, false, null, false, false, false, false);
    }

    private static Reply unanswered(Revision era) {
        return new Reply(era, null, null, false, null, false, false, true, false);
    }

    private Reply error(Revision era, JsonNode id, McpError e) {
        return new Reply(era, errorBody(id, e), e.code(), e.refusesRequest(era != Revision.V2025_11_25), null, false,
                false, false, false);
    }

    /**
     * Decision: a stream refused for the bounds (or during shutdown) is {@code -32600}, refused as such (over
     * HTTP 429, decided before any stream is committed), with a message naming the bound.
     */
    private Reply overLimit(Revision era, JsonNode id, String reason) {
        McpError e = new McpError(McpError.INVALID_REQUEST, "Too many open streams: " + reason);
        return new Reply(era, errorBody(id, e), e.code(), true, null, false, false, false, true);
    }

    private byte[] response(JsonNode id, ObjectNode result) {
        return codec.writeResponse(id, "result", result);
    }

    /** Decision (WIRE.md §18.4): an unreadable id is omitted, never sent as {@code null}. */
    private byte[] errorBody(JsonNode id, McpError e) {
        ObjectNode error = codec.object().put("code", e.code()).put("message", e.getMessage());
        if (e.data() != null) {
            error.set("data", e.data());
        }
        return codec.writeResponse(id, "error", error);
    }

    /** Work left after {@link #prepare}: a reply, host code to run with its context, or a stream to open. */
    /** The reply of a message served on the calling thread; a timeout may deliver it from another. */
    private static final class Answer implements Consumer<Reply> {

        volatile Reply reply;

        @Override
        public void accept(Reply reply) {
            this.reply = reply;
        }
    }

    private record Pending(Reply done, RequestContext call, Supplier<Reply> work, Listen listen) {

        static Pending now(Reply reply) {
            return new Pending(reply, null, null, null);
        }

        static Pending later(RequestContext call, Supplier<Reply> work) {
            return new Pending(null, call, work, null);
        }

        static Pending listen(Listen listen) {
            return new Pending(null, null, null, listen);
        }
    }

    /** A checked {@code subscriptions/listen}: its id, the filter honoured, and the stdio process owning it. */
    private record Listen(JsonNode id, Stream.Filter filter, ObjectNode honoured, LegacySession owner) {
    }

    /** {@code ttlMs} and {@code cacheScope} of one list's 2026-07-28 results. */
    record ListCache(long ttlMs, String scope) {

        ListCache {
            if (ttlMs < 0) {
                throw new IllegalArgumentException("A cache TTL must not be negative, was " + ttlMs + " ms");
            }
            if (!"public".equals(scope) && !"private".equals(scope)) {
                throw new IllegalArgumentException("A cache scope must be \"public\" or \"private\", was \"" + scope + "\"");
            }
        }

        static ListCache of(Duration ttl, String scope) {
            Objects.requireNonNull(ttl, "ttl");
            return new ListCache(ttl.toMillis(), scope);
        }

        void putOn(ObjectNode result) {
            result.put("ttlMs", ttlMs);
            result.put("cacheScope", scope);
        }
    }

    /**
     * Configures a {@link McpServer}. Every setting has a default; {@link #build()} checks the catalog and
     * refuses, naming the culprit, anything that could fail at call time.
     */
    public static final class Builder {

        private final Catalog catalog;
        private final Dispatch dispatch;
        private String serverName = "beammcp";
        private String serverVersion = "0.0.0";
        private String instructions;
        private int pageSize = 50;
        private long maxMessageSize = 1024 * 1024;
        private ResourceReader resourceReader;
        private PromptRenderer promptRenderer;
        private Completer completer;
        private ListCache toolsCache = new ListCache(0, "private");
        private ListCache resourcesCache = new ListCache(0, "private");
        private ListCache promptsCache = new ListCache(0, "private");
        private ListCache discoverCache = new ListCache(0, "private");
        private CatalogChanges changes;
        private Duration toolTimeout;
        private int maxStreams = 1000;
        private int maxStreamsPerSession = 8;
        private byte[] inputStateKey;
        private Duration inputStateTtl = Duration.ofMinutes(10);
        private Duration inputTimeout = Duration.ofMinutes(5);

        private Builder(Catalog catalog, Dispatch dispatch) {
            this.catalog = Objects.requireNonNull(catalog, "catalog");
            this.dispatch = Objects.requireNonNull(dispatch, "dispatch");
        }

        /**
         * Sets the name clients see in {@code serverInfo}.
         *
         * @param name the server's name
         * @return this builder
         */
        public Builder serverName(String name) {
            this.serverName = Objects.requireNonNull(name, "name");
            return this;
        }

        /**
         * Sets the version clients see in {@code serverInfo}.
         *
         * @param version the server's version
         * @return this builder
         */
        public Builder serverVersion(String version) {
            this.serverVersion = Objects.requireNonNull(version, "version");
            return this;
        }

        /**
         * Sets hints for the model, sent by {@code server/discover} and {@code initialize}.
         *
         * @param instructions the instructions, or {@code null} for none
         * @return this builder
         */
        public Builder instructions(String instructions) {
            this.instructions = instructions;
            return this;
        }

        /**
         * Sets how many items a list page holds.
         *
         * @param pageSize a positive page size (default 50)
         * @return this builder
         */
        public Builder pageSize(int pageSize) {
            this.pageSize = pageSize;
            return this;
        }

        /**
         * Sets the largest message read, in bytes.
         *
         * @param bytes a positive size (default 1 MiB)
         * @return this builder
         */
        public Builder maxMessageSize(long bytes) {
            this.maxMessageSize = bytes;
            return this;
        }

        /**
         * Sets the caching hints of {@code tools/list} results in 2026-07-28.
         *
         * @param ttl how long a client may reuse a page (default zero)
         * @param scope {@code "public"} or {@code "private"} (default)
         * @return this builder
         */
        public Builder toolsCache(Duration ttl, String scope) {
            this.toolsCache = ListCache.of(ttl, scope);
            return this;
        }

        /**
         * Sets the caching hints of {@code resources/list}, {@code resources/templates/list} and
         * {@code resources/read} results in 2026-07-28.
         *
         * @param ttl how long a client may reuse a result (default zero)
         * @param scope {@code "public"} or {@code "private"} (default)
         * @return this builder
         */
        public Builder resourcesCache(Duration ttl, String scope) {
            this.resourcesCache = ListCache.of(ttl, scope);
            return this;
        }

        /**
         * Sets the caching hints of {@code prompts/list} results in 2026-07-28.
         *
         * @param ttl how long a client may reuse a page (default zero)
         * @param scope {@code "public"} or {@code "private"} (default)
         * @return this builder
         */
        public Builder promptsCache(Duration ttl, String scope) {
            this.promptsCache = ListCache.of(ttl, scope);
            return this;
        }

        /**
         * Sets how resources are read; required when the catalog lists resources, and what makes the server
         * offer them.
         *
         * @param reader the reader, or {@code null} for none
         * @return this builder
         */
        public Builder resourceReader(ResourceReader reader) {
            this.resourceReader = reader;
            return this;
        }

        /**
         * Sets how prompts are rendered; required when the catalog lists prompts, and what makes the server
         * offer them.
         *
         * @param renderer the renderer, or {@code null} for none
         * @return this builder
         */
        public Builder promptRenderer(PromptRenderer renderer) {
            this.promptRenderer = renderer;
            return this;
        }

        /**
         * Sets the completion provider; with one, the server offers {@code completion/complete}.
         *
         * @param completer the completer, or {@code null} for none
         * @return this builder
         */
        public Builder completer(Completer completer) {
            this.completer = completer;
            return this;
        }

        /**
         * Sets the caching hints of {@code server/discover} results.
         *
         * @param ttl how long a client may reuse the result (default zero)
         * @param scope {@code "public"} or {@code "private"} (default)
         * @return this builder
         */
        public Builder discoverCache(Duration ttl, String scope) {
            this.discoverCache = ListCache.of(ttl, scope);
            return this;
        }

        /**
         * Declares that the host's lists change, and how it reports it: with one, the server advertises
         * {@code listChanged} and {@code subscribe}, serves {@code resources/subscribe} (2025-11-25) and
         * delivers change notifications to {@code subscriptions/listen} streams and legacy sessions.
         *
         * @param changes what the host calls after a change, or {@code null} for lists that never change
         *        (default)
         * @return this builder
         */
        public Builder catalogChanges(CatalogChanges changes) {
            this.changes = changes;
            return this;
        }

        /**
         * Sets how long a tool call may run: past it the call is cancelled (its host code interrupted) and
         * answered with a tool error ({@code isError: true}).
         *
         * @param timeout a positive time limit, or {@code null} for none (default)
         * @return this builder
         */
        public Builder toolTimeout(Duration timeout) {
            this.toolTimeout = timeout;
            return this;
        }

        /**
         * Sets how many streams of change notifications ({@code subscriptions/listen}, a legacy session's
         * stream) may be open at once in this server; more are refused.
         *
         * @param max a positive bound (default 1000)
         * @return this builder
         */
        public Builder maxStreams(int max) {
            this.maxStreams = max;
            return this;
        }

        /**
         * Sets how many streams one legacy session (or the stdio process) may hold open at once; more are
         * refused.
         *
         * @param max a positive bound (default 8)
         * @return this builder
         */
        public Builder maxStreamsPerSession(int max) {
            this.maxStreamsPerSession = max;
            return this;
        }

        /**
         * Sets the key that seals the {@code requestState} of 2026-07-28 multi-round requests. Every instance
         * serving the same clients behind a load balancer needs the same key, so that a retry landing on
         * another instance is accepted; without one each server makes a random key of its own, which suits a
         * single process (stdio, one instance).
         *
         * @param key at least 32 bytes of secret, or {@code null} for a random key (default)
         * @return this builder
         */
        public Builder inputStateKey(byte[] key) {
            this.inputStateKey = key == null ? null : key.clone();
            return this;
        }

        /**
         * Sets how long a {@code requestState} stays valid: a retry after it is refused with {@code -32602}.
         *
         * @param ttl a positive duration (default 10 minutes)
         * @return this builder
         */
        public Builder inputStateTtl(Duration ttl) {
            this.inputStateTtl = Objects.requireNonNull(ttl, "ttl");
            return this;
        }

        /**
         * Sets how long a 2025-11-25 request waits for the client's answers to the requests host code sends
         * it ({@code elicitation/create}, {@code sampling/createMessage}, {@code roots/list}); an answer that
         * does not come in time is treated as absent and its request cancelled.
         *
         * @param timeout a positive duration (default 5 minutes)
         * @return this builder
         */
        public Builder inputTimeout(Duration timeout) {
            this.inputTimeout = Objects.requireNonNull(timeout, "timeout");
            return this;
        }

        /**
         * Compiles the catalog and builds the server.
         *
         * @return the server
         * @throws IllegalArgumentException naming what is wrong with the catalog or a setting
         */
        public McpServer build() {
            return new McpServer(this);
        }
    }
}
