package io.beammcp.autoconfigure.http;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Settings of the Streamable HTTP endpoint, under {@code beammcp.http}. A size or time that is not
 * positive fails startup, naming the property; {@code allowed-origins} has no default and is required.
 */
@ConfigurationProperties("beammcp.http")
public class BeamMcpHttpProperties {

    /** The path of the MCP endpoint. */
    private String path = "/mcp";

    /**
     * The browser origins allowed to call the endpoint, as scheme://host[:port], with port "*" for any port
     * (http://localhost:*), or "*" for every origin; required, and empty admits only requests without Origin.
     */
    private List<String> allowedOrigins;

    /**
     * The Host header values accepted, as host or host:port, or "*" for any; when empty, a request that
     * arrives on a loopback address must name localhost, 127.0.0.1 or [::1], and others are not checked.
     */
    private List<String> allowedHosts = new ArrayList<>();

    /** The largest request body accepted; a longer one is refused with 413 and never read past the limit. */
    private DataSize maxBodySize = DataSize.ofMegabytes(1);

    /** The time allowed to receive a whole request body, from the request's arrival; past it, 408. */
    private Duration readTimeout = Duration.ofSeconds(15);

    /** The sessions of legacy (2025-11-25) clients. */
    private final Session session = new Session();

    /** The reactive transport (Spring WebFlux). */
    private final Reactive reactive = new Reactive();

    public String getPath() {
        return path;
    }

    public void setPath(String path) {
        if (path == null || !path.startsWith("/")) {
            throw new IllegalArgumentException("The MCP endpoint path must start with '/', was '" + path + "'");
        }
        this.path = path;
    }

    public List<String> getAllowedOrigins() {
        return allowedOrigins;
    }

    public void setAllowedOrigins(List<String> allowedOrigins) {
        this.allowedOrigins = allowedOrigins;
    }

    public List<String> getAllowedHosts() {
        return allowedHosts;
    }

    public void setAllowedHosts(List<String> allowedHosts) {
        this.allowedHosts = allowedHosts;
    }

    public DataSize getMaxBodySize() {
        return maxBodySize;
    }

    public void setMaxBodySize(DataSize maxBodySize) {
        if (maxBodySize.toBytes() <= 0 || maxBodySize.toBytes() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("The maximum body size must be positive and below 2GB, was "
                    + maxBodySize);
        }
        this.maxBodySize = maxBodySize;
    }

    public Duration getReadTimeout() {
        return readTimeout;
    }

    public void setReadTimeout(Duration readTimeout) {
        if (readTimeout.isNegative() || readTimeout.isZero()) {
            throw new IllegalArgumentException("The read timeout must be positive, was " + readTimeout);
        }
        this.readTimeout = readTimeout;
    }

    public Session getSession() {
        return session;
    }

    public Reactive getReactive() {
        return reactive;
    }

    /**
     * Settings of the reactive transport only.
     */
    public static class Reactive {

        /**
         * Whether host code (tools, readers, prompts, completers, the body authorizer, the task store) may block:
         * true runs it on a virtual thread per request (spring.threads.virtual.enabled, Java 21 or later) or a
         * bounded pool, false on the event loop that read the request, for host code that never blocks.
         */
        private boolean blockingHostCode = true;

        /**
         * The most threads of the pool that runs host code when it may block and virtual threads are off (ten per
         * CPU by default); requests past them wait for one.
         */
        private int hostThreads = 10 * Runtime.getRuntime().availableProcessors();

        public int getHostThreads() {
            return hostThreads;
        }

        public void setHostThreads(int hostThreads) {
            if (hostThreads <= 0) {
                throw new IllegalArgumentException("The host threads must be positive, was " + hostThreads);
            }
            this.hostThreads = hostThreads;
        }

        public boolean isBlockingHostCode() {
            return blockingHostCode;
        }

        public void setBlockingHostCode(boolean blockingHostCode) {
            this.blockingHostCode = blockingHostCode;
        }
    }

    /**
     * The bounds of the in-memory store of legacy (2025-11-25) sessions.
     */
    public static class Session {

        /** The most sessions kept at once; when full, opening one ends the one unused for longest. */
        private int maxCount = 1000;

        /** The most sessions one authenticated caller may hold; opening one more ends that caller's own unused for longest. */
        private int maxPerCaller = 100;

        /** How long a session may stay unused before it ends; its client then gets 404 and starts over. */
        private Duration idleTimeout = Duration.ofMinutes(30);

        public int getMaxCount() {
            return maxCount;
        }

        public void setMaxCount(int maxCount) {
            if (maxCount <= 0) {
                throw new IllegalArgumentException("The maximum session count must be positive, was " + maxCount);
            }
            this.maxCount = maxCount;
        }

        public int getMaxPerCaller() {
            return maxPerCaller;
        }

        public void setMaxPerCaller(int maxPerCaller) {
            if (maxPerCaller <= 0) {
                throw new IllegalArgumentException("The maximum session count per caller must be positive, was "
                        + maxPerCaller);
            }
            this.maxPerCaller = maxPerCaller;
        }

        public Duration getIdleTimeout() {
            return idleTimeout;
        }

        public void setIdleTimeout(Duration idleTimeout) {
            if (idleTimeout.isNegative() || idleTimeout.isZero()) {
                throw new IllegalArgumentException("The session idle timeout must be positive, was " + idleTimeout);
            }
            this.idleTimeout = idleTimeout;
        }
    }
}
