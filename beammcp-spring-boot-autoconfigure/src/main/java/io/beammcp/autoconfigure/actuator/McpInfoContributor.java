package io.beammcp.autoconfigure.actuator;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.Revision;
import io.beammcp.core.server.McpServer;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/** {@code info.mcp}: the server's name and version, the revisions it serves, and how much its catalog holds. */
final class McpInfoContributor implements InfoContributor {

    private final McpServer server;
    private final String name;
    private final String version;

    McpInfoContributor(McpServer server, String name, String version) {
        this.server = server;
        this.name = name;
        this.version = version;
    }

    @Override
    public void contribute(Info.Builder builder) {
        Catalog catalog = server.catalog();
        Map<String, Object> mcp = new LinkedHashMap<>();
        mcp.put("name", name);
        mcp.put("version", version);
        mcp.put("revisions", Arrays.stream(Revision.values()).map(Revision::id).toList());
        mcp.put("tools", catalog.tools().size());
        mcp.put("resources", catalog.resources().size());
        mcp.put("prompts", catalog.prompts().size());
        builder.withDetail("mcp", mcp);
    }
}
