package io.beammcp.core.internal.engine;

import io.beammcp.core.Completer;
import io.beammcp.core.extension.McpExtension;
import io.beammcp.core.internal.catalog.Source;
import io.beammcp.core.internal.protocol.CacheHints;
import io.beammcp.core.internal.tasks.TaskSettings;
import io.beammcp.core.spi.McpAccessPolicy;
import io.beammcp.core.spi.McpClusterLink;
import io.beammcp.core.spi.McpLimits;
import io.beammcp.core.spi.McpObserver;
import io.beammcp.core.tasks.TaskStore;
import tools.jackson.databind.json.JsonMapper;

import java.time.Duration;
import java.util.List;

/**
 * Everything a server is built from, as its builder collected it.
 *
 * @param sources what the host offers, in the order contributed
 * @param completer what completes arguments without a completer of their own, or {@code null}
 * @param valueMapper binds host values to and from JSON
 * @param tasks the task store, or {@code null} without the Tasks extension
 * @param taskSettings the tasks' settings, or {@code null} without a store
 * @param observer what observes each request, or {@code null}
 * @param accessPolicy what decides who sees what, or {@code null} for everyone everything
 * @param extensions the extensions contributed, in order (Tasks comes from {@code tasks})
 * @param cluster how the server reaches the other instances of its cluster, or {@code null} for none
 */
public record ServerConfig(List<Source> sources, Completer completer, Identity identity, Lists lists,
        Bounds bounds, Input input, JsonMapper valueMapper, TaskStore tasks, TaskSettings taskSettings,
        McpObserver observer, McpLimits limits, McpAccessPolicy accessPolicy, List<Contributed> extensions,
        McpClusterLink cluster) {

    /** An extension and who contributed it, for messages: its bean's name, {@code skills}. */
    public record Contributed(String source, McpExtension extension) {
    }

    /** What the server tells clients about itself. */
    public record Identity(String name, String version, String instructions) {
    }

    /** How lists page and what their answers may be cached for. */
    public record Lists(int pageSize, CacheHints tools, CacheHints resources, CacheHints prompts,
            CacheHints discover) {

        /** Refuses a page size that could only fail later. */
        public Lists {
            if (pageSize <= 0) {
                throw new IllegalArgumentException("Page size must be positive, was " + pageSize);
            }
        }
    }

    /**
     * How large a message may be, how long a tool may run ({@code null}: no limit) and how many streams may be
     * open: in all, per 2025-11-25 session, per caller.
     */
    public record Bounds(long maxMessageSize, Duration toolTimeout, int maxStreams, int maxStreamsPerSession,
            int maxStreamsPerCaller) {

        /** Refuses a bound that could only fail later, naming it. */
        public Bounds {
            if (maxMessageSize <= 0) {
                throw new IllegalArgumentException("Maximum message size must be positive, was " + maxMessageSize);
            }
            if (toolTimeout != null && (toolTimeout.isNegative() || toolTimeout.isZero())) {
                throw new IllegalArgumentException("A tool timeout must be positive, was " + toolTimeout);
            }
        }
    }

    /**
     * How input requests travel: the key sealing 2026-07-28 {@code requestState} ({@code null}: a random one),
     * how long such a state stays valid, and how long a 2025-11-25 call waits for the client's answer.
     */
    public record Input(byte[] stateKey, Duration stateTtl, Duration timeout) {

        /** Refuses a timeout that could only fail later. */
        public Input {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("The input timeout must be positive, was " + timeout);
            }
        }
    }
}
