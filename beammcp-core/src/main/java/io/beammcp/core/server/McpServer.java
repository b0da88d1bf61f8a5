package io.beammcp.core.server;

import io.beammcp.core.Catalog;
import io.beammcp.core.Completer;
import io.beammcp.core.Dispatch;
import io.beammcp.core.PromptRenderer;
import io.beammcp.core.ResourceReader;
import io.beammcp.core.Revision;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The MCP server core: turns one incoming message into one {@link Reply}, for either protocol revision,
 * on any transport. It owns every protocol decision (era, method table, error codes, result shapes);
 * transports only frame bytes. Thread-safe; built once from the host's {@link Catalog} and
 * {@link Dispatch} with {@link #builder(Catalog, Dispatch)}.
 */
public final class McpServer {

    static final String MODERN = Revision.V2026_07_28.id();
    static final String LEGACY = Revision.V2025_11_25.id();
    /** Versions whose traffic is legacy; only {@code 2025-11-25} is negotiated. */
    static final Set<String> LEGACY_VERSIONS = Set.of(LEGACY, "2025-06-18", "2025-03-26", "2024-11-05");
    /** Decision (WIRE.md §18.1): both revisions, modern first, in discover and in {@code -32022}. */
    static final List<String> SUPPORTED_VERSIONS = List.of(MODERN, LEGACY);
    static final Set<String> LOG_LEVELS =
            Set.of("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency");

    private final JsonCodec codec;
    private final Paged<CompiledTool> tools;
    private final ToolCalls toolCalls;
    private final Resources resources;
    private final Prompts prompts;
    private final Completions completions;
    private final int pageSize;
    private final long maxMessageSize;
    private final ListCache toolsCache;
    private final ListCache resourcesCache;
    private final ListCache promptsCache;
    private final ListCache discoverCache;
    private final ObjectNode serverInfo;
    private final String instructions;

    private McpServer(Builder b) {
        if (b.pageSize <= 0) {
            throw new IllegalArgumentException("Page size must be positive, was " + b.pageSize);
        }
        if (b.maxMessageSize <= 0) {
            throw new IllegalArgumentException("Maximum message size must be positive, was " + b.maxMessageSize);
        }
        this.codec = new JsonCodec(b.maxMessageSize);
        SchemaCompiler compiler = new SchemaCompiler(codec);
        Blocks blocks = new Blocks(codec);
        this.tools = ToolIndex.compile(b.catalog.tools(), codec, compiler);
        this.toolCalls = new ToolCalls(codec, blocks, b.dispatch);
        this.resources = new Resources(b.catalog.resources(), b.resourceReader, codec, blocks);
        this.prompts = new Prompts(b.catalog.prompts(), b.promptRenderer, codec, compiler, blocks);
        this.completions = new Completions(b.completer, prompts, resources, codec);
        this.pageSize = b.pageSize;
        this.maxMessageSize = b.maxMessageSize;
        this.toolsCache = b.toolsCache;
        this.resourcesCache = b.resourcesCache;
        this.promptsCache = b.promptsCache;
        this.discoverCache = b.discoverCache;
        this.serverInfo = codec.object().put("name", b.serverName).put("version", b.serverVersion);
        this.instructions = b.instructions;
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
     * Serves one message: a JSON-RPC request, notification or client response.
     *
     * @param message the raw message bytes (one stdio line or one HTTP body)
     * @param exchange what the transport knows besides the bytes
     * @return what to send back, if anything
     */
    public Reply handle(byte[] message, Exchange exchange) {
        return prepare(message, exchange).get();
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
     * Everything that can be decided without host code, done now; what remains (a tool call) in the
     * returned supplier, so a transport can keep order for cheap messages and run host code aside.
     */
    Pending prepare(byte[] bytes, Exchange exchange) {
        Message message;
        try {
            message = Message.parse(codec.read(bytes));
        } catch (McpError e) {
            return Pending.now(error(null, null, e));
        } catch (Message.Refusal r) {
            return Pending.now(error(null, r.id, r.error));
        }
        if (exchange.transport() == Transport.STDIO) {
            if ("shutdown".equals(message.method()) && message.isRequest()) {
                return Pending.now(new Reply(null, response(message.id(), codec.object()), null, false, null, false, true));
            }
            if ("exit".equals(message.method()) && message.isNotification()) {
                return Pending.now(new Reply(null, null, null, false, null, false, true));
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
            return era == Revision.V2026_07_28 ? modern(message, exchange) : legacy(message, exchange);
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

    // ---- 2026-07-28 ----------------------------------------------------------------------------------

    private Pending modern(Message message, Exchange exchange) {
        Revision era = Revision.V2026_07_28;
        if (message.isResponse()) {
            throw new McpError(McpError.INVALID_REQUEST,
                    "Invalid Request: clients send no responses in 2026-07-28, where servers send no requests");
        }
        if (message.isNotification()) {
            return Pending.now(accepted(era));
        }
        boolean http = exchange.transport() == Transport.HTTP;
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
        if (logLevel != null && !(logLevel.isString() && LOG_LEVELS.contains(logLevel.stringValue()))) {
            throw McpError.invalidMeta("Invalid params: unknown " + Message.LOG_LEVEL_KEY);
        }
        if ("server/discover".equals(method)) {
            return Pending.now(result(era, message.id(), decorate(discover())));
        }
        RequestContext context = new RequestContext(era, JavaValues.of(message.id()),
                JavaValues.map(meta.get(Message.CLIENT_INFO_KEY)), JavaValues.map(capabilities), null);
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
        decorated.putObject("_meta").set("io.modelcontextprotocol/serverInfo", serverInfo);
        return decorated;
    }

    // ---- 2025-11-25 ----------------------------------------------------------------------------------

    private Pending legacy(Message message, Exchange exchange) {
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
                    missing.code(), true, null, true, false));
        }
        if (exchange.transport() == Transport.HTTP) {
            // WIRE.md §5.3: after initialize, every version header names the session's negotiated revision
            for (String version : exchange.headers(HeaderRules.PROTOCOL_VERSION)) {
                if (!version.equals(session.revision() == null ? null : session.revision().id())) {
                    McpError wrong = new McpError(McpError.INVALID_REQUEST,
                            "Bad Request: MCP-Protocol-Version does not match the session's protocol version");
                    return Pending.now(new Reply(era, message.isRequest() ? errorBody(message.id(), wrong) : null,
                            wrong.code(), true, null, false, false));
                }
            }
        }
        if (message.isResponse() || message.isNotification()) {
            if ("notifications/initialized".equals(message.method()) && session.isOpen()) {
                session.markInitialized();
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
        return switch (message.method()) {
            case "ping" -> Pending.now(result(era, message.id(), codec.object()));
            case "initialize" -> throw new McpError(McpError.INVALID_REQUEST, "Invalid Request: already initialized");
            default -> serve(message, exchange, new RequestContext(era, JavaValues.of(message.id()),
                    session.clientInfo(), session.clientCapabilities(), null));
        };
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
                false);
    }

    // ---- methods of both revisions -------------------------------------------------------------------

    /** Exactly what is served: tools always; resources, prompts and completions when the host provides them. */
    private ObjectNode capabilities() {
        ObjectNode capabilities = codec.object();
        capabilities.putObject("tools").put("listChanged", false);
        if (resources.offered()) {
            capabilities.putObject("resources").put("subscribe", false).put("listChanged", false);
        }
        if (prompts.offered()) {
            capabilities.putObject("prompts").put("listChanged", false);
        }
        if (completions.offered()) {
            capabilities.putObject("completions");
        }
        return capabilities;
    }

    /** The methods both revisions share, answered in the shape of the request's revision. */
    private Pending serve(Message message, Exchange exchange, RequestContext context) {
        Revision era = context.revision();
        boolean modern = era == Revision.V2026_07_28;
        ObjectNode params = message.params();
        String method = message.method();
        if (method.startsWith("resources/") && !resources.offered()
                || method.startsWith("prompts/") && !prompts.offered()
                || method.equals("completion/complete") && !completions.offered()) {
            throw methodNotFound();
        }
        switch (method) {
            case "tools/list": {
                ObjectNode result = codec.object();
                tools.page(params, pageSize, result);
                return done(message, context, result, toolsCache);
            }
            case "tools/call":
                return callTool(message, exchange, context);
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
                return later(message, context, () -> prompts.render(prompt, arguments, context), null);
            }
            case "completion/complete": {
                Completions.Request request = completions.parse(params);
                return later(message, context, () -> completions.complete(request), null);
            }
            default:
                throw methodNotFound();
        }
    }

    private Pending done(Message message, RequestContext context, ObjectNode result, ListCache cache) {
        return Pending.now(result(context.revision(), message.id(), shape(context.revision(), result, cache)));
    }

    /** Host code runs later, off the reading thread; its protocol errors are answered with the request id. */
    private Pending later(Message message, RequestContext context, Supplier<ObjectNode> work, ListCache cache) {
        Revision era = context.revision();
        return Pending.later(() -> {
            try {
                return result(era, message.id(), shape(era, work.get(), cache));
            } catch (McpError e) {
                return error(era, message.id(), e);
            }
        });
    }

    /** 2026-07-28 results carry resultType and serverInfo, and cacheable ones their hints; legacy ones nothing. */
    private ObjectNode shape(Revision era, ObjectNode result, ListCache cache) {
        if (era != Revision.V2026_07_28) {
            return result;
        }
        if (cache != null) {
            cache.putOn(result);
        }
        return decorate(result);
    }

    private Pending callTool(Message message, Exchange exchange, RequestContext context) {
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
        List<String> missing = tool.spec().requiredClientCapabilities().stream()
                .filter(capability -> !context.clientCapabilities().containsKey(capability)).toList();
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
        RequestContext toolContext = new RequestContext(era, context.requestId(), context.clientInfo(),
                context.clientCapabilities(), tool.spec());
        return later(message, context, () -> toolCalls.run(tool, declared, toolContext), null);
    }

    private static McpError methodNotFound() {
        return new McpError(McpError.METHOD_NOT_FOUND, "Method not found");
    }

    // ---- envelopes -----------------------------------------------------------------------------------

    private Reply result(Revision era, JsonNode id, ObjectNode result) {
        return new Reply(era, response(id, result), null, false, null, false, false);
    }

    private Reply accepted(Revision era) {
        return new Reply(era, null, null, false, null, false, false);
    }

    private Reply error(Revision era, JsonNode id, McpError e) {
        return new Reply(era, errorBody(id, e), e.code(), e.refusesRequest(era != Revision.V2025_11_25), null, false,
                false);
    }

    private byte[] response(JsonNode id, ObjectNode result) {
        ObjectNode envelope = codec.object().put("jsonrpc", "2.0");
        envelope.set("id", id);
        envelope.set("result", result);
        return codec.write(envelope);
    }

    /** Decision (WIRE.md §18.4): an unreadable id is omitted, never sent as {@code null}. */
    private byte[] errorBody(JsonNode id, McpError e) {
        ObjectNode envelope = codec.object().put("jsonrpc", "2.0");
        if (id != null) {
            envelope.set("id", id);
        }
        ObjectNode error = envelope.putObject("error").put("code", e.code()).put("message", e.getMessage());
        if (e.data() != null) {
            error.set("data", e.data());
        }
        return codec.write(envelope);
    }

    /** Work left after {@link #prepare}: either done, or host code to run. */
    record Pending(Reply done, Supplier<Reply> work) {

        static Pending now(Reply reply) {
            return new Pending(reply, null);
        }

        static Pending later(Supplier<Reply> work) {
            return new Pending(null, work);
        }

        boolean runsHostCode() {
            return work != null;
        }

        Reply get() {
            return done != null ? done : work.get();
        }
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
