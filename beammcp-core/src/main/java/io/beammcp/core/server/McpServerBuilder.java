package io.beammcp.core.server;

import io.beammcp.core.Binding;
import io.beammcp.core.BindingRegistry;
import io.beammcp.core.Completer;
import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.CatalogChanges;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.catalog.PromptRenderer;
import io.beammcp.core.catalog.ResourceReader;
import io.beammcp.core.extension.McpExtension;
import io.beammcp.core.internal.annotated.FixedSource;
import io.beammcp.core.internal.catalog.LowLevelSource;
import io.beammcp.core.internal.catalog.RegistrySource;
import io.beammcp.core.internal.catalog.Source;
import io.beammcp.core.internal.catalog.Sourced;
import io.beammcp.core.internal.engine.ServerConfig;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.CacheHints;
import io.beammcp.core.internal.tasks.TaskSettings;
import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.McpAccessPolicy;
import io.beammcp.core.spi.McpClusterLink;
import io.beammcp.core.spi.McpLimits;
import io.beammcp.core.spi.McpObserver;
import io.beammcp.core.tasks.TaskOptions;
import io.beammcp.core.tasks.TaskStore;
import tools.jackson.databind.json.JsonMapper;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Configures a {@link McpServer}. Every setting has a default; {@link #build()} checks the catalog and
 * refuses, naming the culprit, anything that could fail at call time.
 */
public final class McpServerBuilder {

    private Catalog catalog;
    private Dispatch dispatch;
    private String catalogSource = "Catalog";
    /** {@link Sourced} bindings and {@link FixedSource.Annotated} beans, in the order added. */
    private final List<Object> contributions = new ArrayList<>();
    private BindingRegistry registry;
    private String registrySource = "BindingRegistry";
    private JsonMapper valueMapper;
    private String serverName = "beammcp";
    private String serverVersion = "0.0.0";
    private String instructions;
    private int pageSize = 50;
    private long maxMessageSize = 1024 * 1024;
    private ResourceReader resourceReader;
    private PromptRenderer promptRenderer;
    private Completer completer;
    private final Map<CachedResult, CacheHints> caches = new EnumMap<>(CachedResult.class);
    private CatalogChanges changes;
    private Duration toolTimeout;
    private int maxStreams = 1000;
    private int maxStreamsPerSession = 8;
    private int maxStreamsPerCaller = 100;
    private byte[] inputStateKey;
    private Duration inputStateTtl = Duration.ofMinutes(10);
    private Duration inputTimeout = Duration.ofMinutes(5);
    private TaskStore taskStore;
    private TaskOptions taskOptions = TaskOptions.DEFAULTS;
    private McpObserver observer;
    private McpAccessPolicy accessPolicy;
    private McpLimits limits = McpLimits.DEFAULTS;
    private final List<ServerConfig.Contributed> extensions = new ArrayList<>();
    private McpClusterLink cluster;

    McpServerBuilder() {
    }

    McpServerBuilder(Catalog catalog, Dispatch dispatch) {
        catalog("Catalog", catalog, dispatch);
    }

    /**
     * Sets the low-level host: a catalog of specs and the one dispatch that runs its tools (with the
     * {@link #resourceReader}, {@link #promptRenderer} and {@link #completer} its resources and prompts need).
     *
     * @param source a name for it in error messages, such as its bean's name
     * @param catalog what it offers
     * @param dispatch how it runs a tool
     * @return this builder
     */
    public McpServerBuilder catalog(String source, Catalog catalog, Dispatch dispatch) {
        this.catalogSource = Objects.requireNonNull(source, "source");
        this.catalog = Objects.requireNonNull(catalog, "catalog");
        this.dispatch = Objects.requireNonNull(dispatch, "dispatch");
        return this;
    }

    /**
     * Adds a tool, resource, resource template, prompt or completion bound to the code that serves it.
     *
     * @param source a name for it in error messages, such as its bean's name
     * @param binding the binding
     * @return this builder
     */
    public McpServerBuilder add(String source, Binding binding) {
        contributions.add(new Sourced(Objects.requireNonNull(source, "source"), Objects.requireNonNull(binding, "binding")));
        return this;
    }

    /**
     * Adds what a bean's {@link io.beammcp.core.annotation annotated} methods offer.
     *
     * @param source a name for it in error messages, such as its bean's name
     * @param bean the object the methods are invoked on
     * @return this builder
     */
    public McpServerBuilder annotated(String source, Object bean) {
        return annotated(source, bean, bean.getClass());
    }

    /**
     * Adds what a bean's annotated methods offer, reading them from {@code type} (the class behind a proxy).
     *
     * @param source a name for it in error messages
     * @param bean the object the methods are invoked on, an instance of {@code type}
     * @param type the class whose annotated methods are read
     * @return this builder
     */
    public McpServerBuilder annotated(String source, Object bean, Class<?> type) {
        contributions.add(new FixedSource.Annotated(Objects.requireNonNull(source, "source"),
                Objects.requireNonNull(bean, "bean"), Objects.requireNonNull(type, "type")));
        return this;
    }

    /**
     * Adds a registry of bindings that change at run time; it declares that the lists change.
     *
     * @param source a name for it in error messages
     * @param registry the registry
     * @return this builder
     */
    public McpServerBuilder registry(String source, BindingRegistry registry) {
        this.registrySource = Objects.requireNonNull(source, "source");
        this.registry = registry;
        return this;
    }

    /**
     * Sets the mapper that writes host values (structured content, tool error detail, log data) and binds the
     * arguments of annotated tools, such as the application's configured mapper; requests are still read by
     * the server's own strict reader.
     *
     * @param mapper the mapper, or {@code null} for the server's defaults
     * @return this builder
     */
    public McpServerBuilder valueMapper(JsonMapper mapper) {
        this.valueMapper = mapper;
        return this;
    }

    /** Sets the name clients see in {@code serverInfo}; returns this builder. */
    public McpServerBuilder serverName(String name) {
        this.serverName = Objects.requireNonNull(name, "name");
        return this;
    }

    /** Sets the version clients see in {@code serverInfo}; returns this builder. */
    public McpServerBuilder serverVersion(String version) {
        this.serverVersion = Objects.requireNonNull(version, "version");
        return this;
    }

    /** Sets hints for the model, sent by {@code server/discover} and {@code initialize} ({@code null}: none). */
    public McpServerBuilder instructions(String instructions) {
        this.instructions = instructions;
        return this;
    }

    /** Sets how many items a list page holds, a positive number (default 50); returns this builder. */
    public McpServerBuilder pageSize(int pageSize) {
        this.pageSize = pageSize;
        return this;
    }

    /** Sets the largest message read, a positive number of bytes (default 1 MiB); returns this builder. */
    public McpServerBuilder maxMessageSize(long bytes) {
        this.maxMessageSize = bytes;
        return this;
    }

    /**
     * Sets the caching hints a 2026-07-28 client gets with one kind of result.
     *
     * @param kind the results the hints are for
     * @param ttl how long a client may reuse a result (default zero)
     * @param scope {@code "public"} or {@code "private"} (default)
     * @return this builder
     */
    public McpServerBuilder cache(CachedResult kind, Duration ttl, String scope) {
        caches.put(Objects.requireNonNull(kind, "kind"), CacheHints.of(ttl, scope));
        return this;
    }

    /** Sets how the low-level catalog's resources are read; required when it lists any, or {@code null}. */
    public McpServerBuilder resourceReader(ResourceReader reader) {
        this.resourceReader = reader;
        return this;
    }

    /** Sets how the low-level catalog's prompts are rendered; required when it lists any, or {@code null}. */
    public McpServerBuilder promptRenderer(PromptRenderer renderer) {
        this.promptRenderer = renderer;
        return this;
    }

    /** Sets what completes any argument without a completer of its own ({@code null}: none, the default). */
    public McpServerBuilder completer(Completer completer) {
        this.completer = completer;
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
    public McpServerBuilder catalogChanges(CatalogChanges changes) {
        this.changes = changes;
        return this;
    }

    /**
     * Sets how long a tool call may run, a positive limit ({@code null}: none, the default): past it the call is
     * cancelled (its host code interrupted) and answered with a tool error ({@code isError: true}); returns this.
     */
    public McpServerBuilder toolTimeout(Duration timeout) {
        this.toolTimeout = timeout;
        return this;
    }

    /** Sets how many streams ({@code subscriptions/listen}, a legacy session's) may be open at once (default 1000). */
    public McpServerBuilder maxStreams(int max) {
        this.maxStreams = max;
        return this;
    }

    /** Sets how many streams one legacy session (or the stdio process) may hold open at once (default 8). */
    public McpServerBuilder maxStreamsPerSession(int max) {
        this.maxStreamsPerSession = max;
        return this;
    }

    /** Sets how many streams one named caller ({@link Exchange#caller()}) may hold open at once (default 100). */
    public McpServerBuilder maxStreamsPerCaller(int max) {
        this.maxStreamsPerCaller = max;
        return this;
    }

    /**
     * Sets the key that seals the {@code requestState} of 2026-07-28 multi-round requests. Every instance
     * serving the same clients behind a load balancer needs the same key, so that a retry landing on
     * another instance is accepted; without one each server makes a random key of its own, which suits a
     * single process (stdio, one instance). Nothing is logged at startup either way: the first retry refused
     * because another instance sealed it logs one warning saying so.
     *
     * @param key at least 32 bytes of secret, or {@code null} for a random key (default)
     * @return this builder
     */
    public McpServerBuilder inputStateKey(byte[] key) {
        this.inputStateKey = key == null ? null : key.clone();
        return this;
    }

    /**
     * Sets how long a {@code requestState} stays valid: a retry after it is refused with {@code -32602}.
     *
     * @param ttl a positive duration (default 10 minutes)
     * @return this builder
     */
    public McpServerBuilder inputStateTtl(Duration ttl) {
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
    public McpServerBuilder inputTimeout(Duration timeout) {
        this.inputTimeout = Objects.requireNonNull(timeout, "timeout");
        return this;
    }

    /**
     * Runs tool calls as tasks of the Tasks extension ({@code io.modelcontextprotocol/tasks}, 2026-07-28) for
     * tools that declare {@link io.beammcp.core.TaskSupport}, and serves {@code tasks/get}, {@code tasks/update}
     * and {@code tasks/cancel}; {@code server/discover} then advertises the extension.
     *
     * @param store where tasks are kept, or {@code null} for no tasks (default)
     * @param options how tasks run ({@link TaskOptions#DEFAULTS} unless given)
     * @return this builder
     */
    public McpServerBuilder tasks(TaskStore store, TaskOptions options) {
        this.taskStore = store;
        this.taskOptions = Objects.requireNonNull(options, "options");
        return this;
    }

    /** Runs tasks as {@link #tasks(TaskStore, TaskOptions)} does, with the default options. */
    public McpServerBuilder tasks(TaskStore store) {
        return tasks(store, TaskOptions.DEFAULTS);
    }

    /**
     * Adds an extension of the protocol, such as the Skills extension {@link McpSkills} builds.
     *
     * @param source a name for it in error messages, such as its bean's name
     * @param extension the extension
     * @return this builder
     */
    public McpServerBuilder extension(String source, McpExtension extension) {
        extensions.add(new ServerConfig.Contributed(Objects.requireNonNull(source, "source"),
                Objects.requireNonNull(extension, "extension")));
        return this;
    }

    /** Sets what sees every request and notification served (metrics, tracing), or {@code null} for none. */
    public McpServerBuilder observer(McpObserver observer) {
        this.observer = observer;
        return this;
    }

    /** Sets who sees which entries and holds which scopes (none: all visible, no scope held); returns this builder. */
    public McpServerBuilder accessPolicy(McpAccessPolicy policy) {
        this.accessPolicy = policy;
        return this;
    }

    private CacheHints cache(CachedResult kind) {
        return caches.getOrDefault(kind, CacheHints.NONE);
    }

    /** Sets the guardrails ({@link McpLimits#DEFAULTS} unless given); returns this builder. */
    public McpServerBuilder limits(McpLimits limits) {
        this.limits = Objects.requireNonNull(limits, "limits");
        return this;
    }

    /**
     * Joins the server to the other instances of its cluster: list changes, resource updates and task changes
     * raised on one instance reach the streams held by every other.
     *
     * @param link the engine's link (as {@code beammcp-cluster-jdbc} makes), or {@code null} for one instance (default)
     * @return this builder
     */
    public McpServerBuilder cluster(McpClusterLink link) {
        this.cluster = link;
        return this;
    }

    /**
     * Compiles the catalog and builds the server.
     *
     * @return the server
     * @throws InvalidCatalogException naming what is wrong with the catalog or an extension, and both sources of
     *         a name, extension or method declared twice
     * @throws IllegalArgumentException naming a setting that is wrong
     */
    public McpServer build() {
        JsonMapper values = valueMapper != null ? valueMapper : JsonCodec.defaultValueMapper();
        List<Source> sources = new ArrayList<>();
        sources.add(FixedSource.of(contributions, values));
        if (catalog != null || resourceReader != null || promptRenderer != null || changes != null) {
            sources.add(new LowLevelSource(catalogSource, catalog, dispatch, resourceReader, promptRenderer, changes));
        }
        if (registry != null) {
            sources.add(new RegistrySource(registrySource, registry));
        }
        return new McpServer(new ServerConfig(sources, completer,
                new ServerConfig.Identity(serverName, serverVersion, instructions),
                new ServerConfig.Lists(pageSize, cache(CachedResult.TOOLS), cache(CachedResult.RESOURCES),
                        cache(CachedResult.PROMPTS), cache(CachedResult.DISCOVER)),
                new ServerConfig.Bounds(maxMessageSize, toolTimeout, maxStreams, maxStreamsPerSession,
                        maxStreamsPerCaller),
                new ServerConfig.Input(inputStateKey, inputStateTtl, inputTimeout), values, taskStore,
                taskStore == null ? null : TaskSettings.of(taskOptions), observer, limits,
                accessPolicy, List.copyOf(extensions), cluster));
    }
}
