package io.beammcp.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Settings of the MCP server, under {@code beammcp}. A value that could not serve (a page size, message
 * size, stream bound, tool or input timeout, state lifetime or heartbeat that is not positive, a negative
 * TTL, a cache scope other than {@code public} or {@code private}, a state key shorter than 32 bytes) fails
 * startup, naming the property.
 */
@ConfigurationProperties("beammcp")
public class BeamMcpProperties {

    /** The transport the MCP server is served on. */
    private Transport transport = Transport.HTTP;

    /** The name clients see in serverInfo; defaults to spring.application.name, else "beammcp". */
    private String serverName;

    /**
     * The version clients see in serverInfo; defaults to spring.application.version (the
     * Implementation-Version of the application's jar), else "0.0.0".
     */
    private String serverVersion;

    /** Hints for the model, sent by server/discover and initialize; none by default. */
    private String instructions;

    /** How many items one page of a list result holds. */
    private int pageSize = 50;

    /** The largest message read; a longer stdio line or HTTP body is refused unread. */
    private DataSize maxMessageSize = DataSize.ofMegabytes(1);

    /** Caching hints (2026-07-28) of tools/list results, and the time limit of tool calls. */
    private final Tools tools = new Tools();

    /** Caching hints (2026-07-28) of resources/list, resources/templates/list and resources/read results. */
    private final ListCache resources = new ListCache();

    /** Caching hints (2026-07-28) of prompts/list results. */
    private final ListCache prompts = new ListCache();

    /** Caching hints (2026-07-28) of server/discover results. */
    private final ListCache discover = new ListCache();

    /** The bounds and heartbeat of streams of change notifications. */
    private final Streams streams = new Streams();

    /** How host code asks the client for input (elicitation, sampling, roots). */
    private final Input input = new Input();

    public Transport getTransport() {
        return transport;
    }

    public void setTransport(Transport transport) {
        this.transport = transport;
    }

    public String getServerName() {
        return serverName;
    }

    public void setServerName(String serverName) {
        this.serverName = serverName;
    }

    public String getServerVersion() {
        return serverVersion;
    }

    public void setServerVersion(String serverVersion) {
        this.serverVersion = serverVersion;
    }

    public String getInstructions() {
        return instructions;
    }

    public void setInstructions(String instructions) {
        this.instructions = instructions;
    }

    public int getPageSize() {
        return pageSize;
    }

    public void setPageSize(int pageSize) {
        if (pageSize <= 0) {
            throw new IllegalArgumentException("The page size must be positive, was " + pageSize);
        }
        this.pageSize = pageSize;
    }

    public DataSize getMaxMessageSize() {
        return maxMessageSize;
    }

    public void setMaxMessageSize(DataSize maxMessageSize) {
        if (maxMessageSize.toBytes() <= 0) {
            throw new IllegalArgumentException("The maximum message size must be positive, was " + maxMessageSize);
        }
        this.maxMessageSize = maxMessageSize;
    }

    public Tools getTools() {
        return tools;
    }

    public ListCache getResources() {
        return resources;
    }

    public ListCache getPrompts() {
        return prompts;
    }

    public ListCache getDiscover() {
        return discover;
    }

    public Input getInput() {
        return input;
    }

    public Streams getStreams() {
        return streams;
    }

    /**
     * The transports an MCP server can be served on.
     */
    public enum Transport {

        /** Streamable HTTP, on the application's web server. */
        HTTP,

        /** Newline-delimited JSON-RPC on standard input and output; the application exits at end of input. */
        STDIO
    }

    /**
     * The caching hints ({@code ttlMs}, {@code cacheScope}) a 2026-07-28 client gets with one kind of result.
     */
    public static class ListCache {

        /** How long a client may reuse the result; zero means stale at once. */
        private Duration ttl = Duration.ZERO;

        /** Who may share a cached result: "public" (holds no user data) or "private". */
        private String cacheScope = "private";

        public Duration getTtl() {
            return ttl;
        }

        public void setTtl(Duration ttl) {
            if (ttl.isNegative()) {
                throw new IllegalArgumentException("A cache TTL must not be negative, was " + ttl);
            }
            this.ttl = ttl;
        }

        public String getCacheScope() {
            return cacheScope;
        }

        public void setCacheScope(String cacheScope) {
            if (!"public".equals(cacheScope) && !"private".equals(cacheScope)) {
                throw new IllegalArgumentException(
                        "A cache scope must be \"public\" or \"private\", was \"" + cacheScope + "\"");
            }
            this.cacheScope = cacheScope;
        }
    }

    /**
     * The caching hints of {@code tools/list} results, and how long one tool call may run.
     */
    public static class Tools extends ListCache {

        /** How long a tool call may run before it is cancelled and answered with a tool error; none by default. */
        private Duration timeout;

        public Duration getTimeout() {
            return timeout;
        }

        public void setTimeout(Duration timeout) {
            if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
                throw new IllegalArgumentException("The tool timeout must be positive, was " + timeout);
            }
            this.timeout = timeout;
        }
    }

    /**
     * The streams of change notifications (2026-07-28 subscriptions/listen, a 2025-11-25 session's GET stream
     * or stdio channel): how many may be open, and how often an idle HTTP event stream is checked.
     */
    public static class Streams {

        /** The most streams open at once in this server; more are refused (HTTP 429). */
        private int maxOpen = 1000;

        /** The most streams one 2025-11-25 session (or the stdio process) may hold open; more are refused. */
        private int maxPerSession = 8;

        /** The most streams one authenticated caller may hold open, whatever its sessions; more are refused (HTTP 429). */
        private int maxPerCaller = 100;

        /** How often every open HTTP event stream gets a comment line, so that a client gone silently is found. */
        private Duration heartbeat = Duration.ofSeconds(15);

        public int getMaxOpen() {
            return maxOpen;
        }

        public void setMaxOpen(int maxOpen) {
            if (maxOpen <= 0) {
                throw new IllegalArgumentException("The maximum number of open streams must be positive, was " + maxOpen);
            }
            this.maxOpen = maxOpen;
        }

        public int getMaxPerSession() {
            return maxPerSession;
        }

        public void setMaxPerSession(int maxPerSession) {
            if (maxPerSession <= 0) {
                throw new IllegalArgumentException(
                        "The maximum number of streams per session must be positive, was " + maxPerSession);
            }
            this.maxPerSession = maxPerSession;
        }

        public int getMaxPerCaller() {
            return maxPerCaller;
        }

        public void setMaxPerCaller(int maxPerCaller) {
            if (maxPerCaller <= 0) {
                throw new IllegalArgumentException(
                        "The maximum number of streams per caller must be positive, was " + maxPerCaller);
            }
            this.maxPerCaller = maxPerCaller;
        }

        public Duration getHeartbeat() {
            return heartbeat;
        }

        public void setHeartbeat(Duration heartbeat) {
            if (heartbeat.isNegative() || heartbeat.isZero()) {
                throw new IllegalArgumentException("The stream heartbeat must be positive, was " + heartbeat);
            }
            this.heartbeat = heartbeat;
        }
    }

    /**
     * Input from the client: the sealing of 2026-07-28 {@code requestState} values, and how long a
     * 2025-11-25 request waits for the client's answers.
     */
    public static class Input {

        /**
         * The secret (at least 32 bytes of UTF-8) that seals requestState values; every instance behind one load
         * balancer needs the same. When absent each process makes a random one, so a retry reaching another
         * instance is refused.
         */
        private String stateKey;

        /** How long a requestState stays valid; a retry after it is refused. */
        private Duration stateTtl = Duration.ofMinutes(10);

        /** How long a 2025-11-25 request waits for the client to answer an elicitation, sampling or roots request. */
        private Duration timeout = Duration.ofMinutes(5);

        public String getStateKey() {
            return stateKey;
        }

        public void setStateKey(String stateKey) {
            if (stateKey != null && stateKey.getBytes(StandardCharsets.UTF_8).length < 32) {
                throw new IllegalArgumentException("The input state key must be at least 32 bytes long");
            }
            this.stateKey = stateKey;
        }

        public Duration getStateTtl() {
            return stateTtl;
        }

        public void setStateTtl(Duration stateTtl) {
            if (stateTtl.isNegative() || stateTtl.isZero()) {
                throw new IllegalArgumentException("The input state lifetime must be positive, was " + stateTtl);
            }
            this.stateTtl = stateTtl;
        }

        public Duration getTimeout() {
            return timeout;
        }

        public void setTimeout(Duration timeout) {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("The input timeout must be positive, was " + timeout);
            }
            this.timeout = timeout;
        }
    }
}
