package io.beammcp.core.internal.engine;

import io.beammcp.core.Catalog;
import io.beammcp.core.CatalogChanges;
import io.beammcp.core.Completer;
import io.beammcp.core.Dispatch;
import io.beammcp.core.PromptRenderer;
import io.beammcp.core.ResourceReader;
import io.beammcp.core.internal.protocol.CacheHints;
import io.beammcp.core.internal.tasks.TaskSettings;
import io.beammcp.core.spi.McpAccessPolicy;
import io.beammcp.core.spi.McpObserver;
import io.beammcp.core.spi.McpLimits;
import io.beammcp.core.tasks.TaskStore;

import tools.jackson.databind.json.JsonMapper;

import java.time.Duration;

/** Everything a server is built from, as its builder collected it. */
public record ServerConfig(Catalog catalog, Dispatch dispatch, ResourceReader resourceReader,
        PromptRenderer promptRenderer, Completer completer, CatalogChanges changes, String serverName,
        String serverVersion, String instructions, int pageSize, long maxMessageSize, CacheHints toolsCache,
        CacheHints resourcesCache, CacheHints promptsCache, CacheHints discoverCache, Duration toolTimeout,
        int maxStreams, int maxStreamsPerSession, int maxStreamsPerCaller, byte[] inputStateKey, Duration inputStateTtl,
        Duration inputTimeout, JsonMapper valueMapper, TaskStore taskStore, TaskSettings taskSettings,
        McpObserver observer,
        McpLimits limits, McpAccessPolicy accessPolicy) {

    /** Refuses a setting that could only fail later, naming it. */
    public ServerConfig {
        if (pageSize <= 0) {
            throw new IllegalArgumentException("Page size must be positive, was " + pageSize);
        }
        if (maxMessageSize <= 0) {
            throw new IllegalArgumentException("Maximum message size must be positive, was " + maxMessageSize);
        }
        if (toolTimeout != null && (toolTimeout.isNegative() || toolTimeout.isZero())) {
            throw new IllegalArgumentException("A tool timeout must be positive, was " + toolTimeout);
        }
        if (inputTimeout.isNegative() || inputTimeout.isZero()) {
            throw new IllegalArgumentException("The input timeout must be positive, was " + inputTimeout);
        }
    }
}
