package io.beammcp.autoconfigure.actuator;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.PromptArgument;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ResourceEntry;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.ResourceTemplateSpec;
import io.beammcp.core.ToolAnnotations;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.server.McpServer;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code mcp} Actuator endpoint: the catalog being served, by name, title and annotations (tools' hints
 * and the client capabilities they require, prompts' argument names, resources' URIs). Never schemas, their
 * examples, descriptions or anything from requests.
 */
@Endpoint(id = "mcp")
public class McpEndpoint {

    private final McpServer server;

    McpEndpoint(McpServer server) {
        this.server = server;
    }

    /**
     * The catalog as served now.
     *
     * @return tools, resources, resource templates and prompts
     */
    @ReadOperation
    public Map<String, Object> catalog() {
        Catalog catalog = server.catalog();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("tools", catalog.tools().stream().map(McpEndpoint::tool).toList());
        List<ResourceEntry> entries = catalog.resources();
        body.put("resources", entries.stream().filter(ResourceSpec.class::isInstance).map(ResourceSpec.class::cast)
                .map(r -> entry("uri", r.uri(), r.name(), r.title(), r.scopes())).toList());
        body.put("resourceTemplates", entries.stream().filter(ResourceTemplateSpec.class::isInstance)
                .map(ResourceTemplateSpec.class::cast)
                .map(t -> entry("uriTemplate", t.uriTemplate(), t.name(), t.title(), t.scopes())).toList());
        body.put("prompts", catalog.prompts().stream().map(McpEndpoint::prompt).toList());
        return body;
    }

    private static Map<String, Object> tool(ToolSpec tool) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("name", tool.name());
        putIfPresent(json, "title", tool.title());
        ToolAnnotations hints = tool.annotations();
        if (hints != null) {
            Map<String, Object> annotations = new LinkedHashMap<>();
            putIfPresent(annotations, "title", hints.title());
            putIfPresent(annotations, "readOnlyHint", hints.readOnlyHint());
            putIfPresent(annotations, "destructiveHint", hints.destructiveHint());
            putIfPresent(annotations, "idempotentHint", hints.idempotentHint());
            putIfPresent(annotations, "openWorldHint", hints.openWorldHint());
            if (!annotations.isEmpty()) {
                json.put("annotations", annotations);
            }
        }
        if (tool.requiredClientCapabilities() != null && !tool.requiredClientCapabilities().isEmpty()) {
            json.put("requiredClientCapabilities", tool.requiredClientCapabilities());
        }
        if (tool.taskSupport() != null) {
            json.put("taskSupport", tool.taskSupport().name().toLowerCase(java.util.Locale.ROOT));
        }
        putScopes(json, tool.scopes());
        return json;
    }

    private static Map<String, Object> prompt(PromptSpec prompt) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("name", prompt.name());
        putIfPresent(json, "title", prompt.title());
        json.put("arguments", prompt.arguments().stream().map(PromptArgument::name).toList());
        putScopes(json, prompt.scopes());
        return json;
    }

    private static Map<String, Object> entry(String key, String uri, String name, String title, List<String> scopes) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put(key, uri);
        json.put("name", name);
        putIfPresent(json, "title", title);
        putScopes(json, scopes);
        return json;
    }

    /** The scopes an entry requires, listed only when there are some. */
    private static void putScopes(Map<String, Object> json, List<String> scopes) {
        if (!scopes.isEmpty()) {
            json.put("scopes", scopes);
        }
    }

    private static void putIfPresent(Map<String, Object> json, String key, Object value) {
        if (value != null) {
            json.put(key, value);
        }
    }
}
