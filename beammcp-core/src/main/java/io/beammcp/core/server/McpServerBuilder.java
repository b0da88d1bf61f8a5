package io.beammcp.core.server;

import io.beammcp.core.Catalog;
import io.beammcp.core.CatalogChanges;
import io.beammcp.core.Completer;
import io.beammcp.core.Dispatch;
import io.beammcp.core.PromptRenderer;
import io.beammcp.core.ResourceReader;
import io.beammcp.core.internal.engine.ServerConfig;
import io.beammcp.core.internal.protocol.CacheHints;
import io.beammcp.core.internal.tasks.TaskSettings;
import io.beammcp.core.internal.tasks.TaskThreads;
import io.beammcp.core.tasks.TaskStore;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * Configures a {@link McpServer}. Every setting has a default; {@link #build()} checks the catalog and
 * refuses, naming the culprit, anything that could fail at call time.
 */
public final class McpServerBuilder {


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
    private CacheHints toolsCache = CacheHints.NONE;
    private CacheHints resourcesCache = CacheHints.NONE;
    private CacheHints promptsCache = CacheHints.NONE;
    private CacheHints discoverCache = CacheHints.NONE;
    private CatalogChanges changes;
    private Duration toolTimeout;
    private int maxStreams = 1000;
    private int maxStreamsPerSession = 8;
    private byte[] inputStateKey;
    private Duration inputStateTtl = Duration.ofMinutes(10);
    private Duration inputTimeout = Duration.ofMinutes(5);
    private TaskStore taskStore;
    private Duration taskTtl = Duration.ofHours(1);
    private Duration taskPollInterval = Duration.ofSeconds(1);
    private Duration taskImmediateWindow = Duration.ofMillis(100);
    private Executor taskExecutor;
    private Duration taskLease = Duration.ofSeconds(30);

    McpServerBuilder(Catalog catalog, Dispatch dispatch) {
        this.catalog = Objects.requireNonNull(catalog, "catalog");
        this.dispatch = Objects.requireNonNull(dispatch, "dispatch");
    }

    /**
     * Sets the name clients see in {@code serverInfo}.
     *
     * @param name the server's name
     * @return this builder
     */
    public McpServerBuilder serverName(String name) {
        this.serverName = Objects.requireNonNull(name, "name");
        return this;
    }

    /**
     * Sets the version clients see in {@code serverInfo}.
     *
     * @param version the server's version
     * @return this builder
     */
    public McpServerBuilder serverVersion(String version) {
        this.serverVersion = Objects.requireNonNull(version, "version");
        return this;
    }

    /**
     * Sets hints for the model, sent by {@code server/discover} and {@code initialize}.
     *
     * @param instructions the instructions, or {@code null} for none
     * @return this builder
     */
    public McpServerBuilder instructions(String instructions) {
        this.instructions = instructions;
        return this;
    }

    /**
     * Sets how many items a list page holds.
     *
     * @param pageSize a positive page size (default 50)
     * @return this builder
     */
    public McpServerBuilder pageSize(int pageSize) {
        this.pageSize = pageSize;
        return this;
    }

    /**
     * Sets the largest message read, in bytes.
     *
     * @param bytes a positive size (default 1 MiB)
     * @return this builder
     */
    public McpServerBuilder maxMessageSize(long bytes) {
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
    public McpServerBuilder toolsCache(Duration ttl, String scope) {
        this.toolsCache = CacheHints.of(ttl, scope);
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
    public McpServerBuilder resourcesCache(Duration ttl, String scope) {
        this.resourcesCache = CacheHints.of(ttl, scope);
        return this;
    }

    /**
     * Sets the caching hints of {@code prompts/list} results in 2026-07-28.
     *
     * @param ttl how long a client may reuse a page (default zero)
     * @param scope {@code "public"} or {@code "private"} (default)
     * @return this builder
     */
    public McpServerBuilder promptsCache(Duration ttl, String scope) {
        this.promptsCache = CacheHints.of(ttl, scope);
        return this;
    }

    /**
     * Sets how resources are read; required when the catalog lists resources, and what makes the server
     * offer them.
     *
     * @param reader the reader, or {@code null} for none
     * @return this builder
     */
    public McpServerBuilder resourceReader(ResourceReader reader) {
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
    public McpServerBuilder promptRenderer(PromptRenderer renderer) {
        this.promptRenderer = renderer;
        return this;
    }

    /**
     * Sets the completion provider; with one, the server offers {@code completion/complete}.
     *
     * @param completer the completer, or {@code null} for none
     * @return this builder
     */
    public McpServerBuilder completer(Completer completer) {
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
    public McpServerBuilder discoverCache(Duration ttl, String scope) {
        this.discoverCache = CacheHints.of(ttl, scope);
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
     * Sets how long a tool call may run: past it the call is cancelled (its host code interrupted) and
     * answered with a tool error ({@code isError: true}).
     *
     * @param timeout a positive time limit, or {@code null} for none (default)
     * @return this builder
     */
    public McpServerBuilder toolTimeout(Duration timeout) {
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
    public McpServerBuilder maxStreams(int max) {
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
    public McpServerBuilder maxStreamsPerSession(int max) {
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
     * @return this builder
     */
    public McpServerBuilder tasks(TaskStore store) {
        this.taskStore = store;
        return this;
    }

    /**
     * Sets how long a task is kept after its creation (its {@code ttlMs}).
     *
     * @param ttl a positive duration, or {@code null} for as long as the store keeps it (default 1 hour)
     * @return this builder
     */
    public McpServerBuilder taskTtl(Duration ttl) {
        this.taskTtl = ttl;
        return this;
    }

    /**
     * Sets how often clients are told to poll a task ({@code pollIntervalMs}).
     *
     * @param interval a positive duration (default 1 second)
     * @return this builder
     */
    public McpServerBuilder taskPollInterval(Duration interval) {
        this.taskPollInterval = Objects.requireNonNull(interval, "interval");
        return this;
    }

    /**
     * Sets how long a task-capable call may take and still be answered as an ordinary call, unless its host
     * code starts the task sooner.
     *
     * @param window a positive duration (default 100 ms)
     * @return this builder
     */
    public McpServerBuilder taskImmediateWindow(Duration window) {
        this.taskImmediateWindow = Objects.requireNonNull(window, "window");
        return this;
    }

    /**
     * Sets how long a running task stays vouched for by this process without a renewal (renewed while it
     * runs): a task whose process stopped is {@code failed} once its lease has run out.
     *
     * @param lease a positive duration (default 30 seconds)
     * @return this builder
     */
    public McpServerBuilder taskLease(Duration lease) {
        this.taskLease = Objects.requireNonNull(lease, "lease");
        return this;
    }

    /**
     * Sets where the host code of task-capable calls runs.
     *
     * @param executor an executor that runs each task without waiting for another to end, or {@code null} for
     *        threads of the server's own (default)
     * @return this builder
     */
    public McpServerBuilder taskExecutor(Executor executor) {
        this.taskExecutor = executor;
        return this;
    }

    /**
     * Compiles the catalog and builds the server.
     *
     * @return the server
     * @throws IllegalArgumentException naming what is wrong with the catalog or a setting
     */
    public McpServer build() {
        return new McpServer(new ServerConfig(catalog, dispatch, resourceReader, promptRenderer, completer, changes,
                serverName, serverVersion, instructions, pageSize, maxMessageSize, toolsCache, resourcesCache,
                promptsCache, discoverCache, toolTimeout, maxStreams, maxStreamsPerSession, inputStateKey,
                inputStateTtl, inputTimeout, taskStore, taskStore == null ? null
                        : new TaskSettings(taskTtl, taskPollInterval, taskImmediateWindow, Duration.ofMillis(100),
                                taskLease, taskExecutor == null ? TaskThreads.INSTANCE : taskExecutor)));
    }
}
