package io.beammcp.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

import java.time.Duration;

/**
 * Settings of the MCP server, under {@code beammcp}. A value that could not serve (a page size or
 * message size that is not positive, a negative TTL, a cache scope other than {@code public} or
 * {@code private}) fails startup, naming the property.
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

    /** Caching hints (2026-07-28) of tools/list results. */
    private final ListCache tools = new ListCache();

    /** Caching hints (2026-07-28) of resources/list, resources/templates/list and resources/read results. */
    private final ListCache resources = new ListCache();

    /** Caching hints (2026-07-28) of prompts/list results. */
    private final ListCache prompts = new ListCache();

    /** Caching hints (2026-07-28) of server/discover results. */
    private final ListCache discover = new ListCache();

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

    public ListCache getTools() {
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
}
