package io.beammcp.autoconfigure.actuator;

import io.beammcp.autoconfigure.http.McpSessionStore;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.server.McpServer;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;

import java.util.Map;

/**
 * The MCP server's health: {@code UP} once its catalog is compiled and it serves; {@code OUT_OF_SERVICE}
 * (HTTP 503 by default, so a load balancer sends new clients elsewhere) while open streams or legacy sessions
 * are at their bound, since the next client would be refused. Details: the catalog's counts, open streams and
 * legacy sessions against their bounds, and the calls in flight.
 */
final class McpHealthIndicator implements HealthIndicator {

    private final McpServer server;
    private final McpSessionStore sessions;
    private final int maxSessions;

    /**
     * @param sessions the HTTP session store, or {@code null} (stdio)
     * @param maxSessions its bound, or {@code 0} for none known
     */
    McpHealthIndicator(McpServer server, McpSessionStore sessions, int maxSessions) {
        this.server = server;
        this.sessions = sessions;
        this.maxSessions = maxSessions;
    }

    @Override
    public Health health() {
        Catalog catalog = server.catalog();
        int streams = server.openStreams();
        int maxStreams = server.maxStreams();
        boolean full = streams >= maxStreams;
        Health.Builder health = Health.up()
                .withDetail("tools", catalog.tools().size())
                .withDetail("resources", catalog.resources().size())
                .withDetail("prompts", catalog.prompts().size())
                .withDetail("streams", Map.of("open", streams, "max", maxStreams))
                .withDetail("callsInFlight", server.callsInFlight());
        int open = sessions == null ? -1 : sessions.count();
        if (open >= 0) {
            health.withDetail("sessions", maxSessions > 0 ? Map.of("open", open, "max", maxSessions)
                    : Map.of("open", open));
            full |= maxSessions > 0 && open >= maxSessions;
        }
        return full ? health.status(Status.OUT_OF_SERVICE).build() : health.build();
    }
}
