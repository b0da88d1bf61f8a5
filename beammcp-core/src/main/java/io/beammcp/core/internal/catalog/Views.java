package io.beammcp.core.internal.catalog;

import io.beammcp.core.ToolView;
import io.beammcp.core.ViewResource;
import io.beammcp.core.internal.json.JsonCodec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * MCP Apps views ({@code io.modelcontextprotocol/ui}) in the catalog: a tool's {@code _meta.ui} written from its
 * view, and every view a tool names checked against the resources, refusing, naming the tool, a view no resource
 * serves, one of another MIME type and a CSP entry that is not an origin (a host would build its CSP from it).
 */
final class Views {

    /** The CSP lists of a view's {@code _meta.ui.csp}: each entry an origin the host allows. */
    static final List<String> CSP_LISTS = List.of("connectDomains", "resourceDomains", "frameDomains",
            "baseUriDomains");
    /** An origin: scheme, host (a leading {@code *.} wildcard allowed) and port; no path, no trailing slash. */
    private static final Pattern ORIGIN = Pattern.compile(
            "(?:https?|wss?)://(?:\\*\\.)?[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*"
                    + "[A-Za-z0-9])?)*(?::[0-9]{1,5})?");

    private Views() {
    }

    /** Whether a CSP entry is an origin. */
    static boolean isOrigin(String entry) {
        return entry != null && ORIGIN.matcher(entry).matches();
    }

    /** Writes a tool's {@code _meta.ui} and the flat {@code ui/resourceUri} hosts still read. */
    static void link(ObjectNode meta, ToolView view, String tool, JsonCodec codec) {
        if (meta.has("ui") || meta.has("ui/resourceUri")) {
            throw new IllegalArgumentException("Tool '" + tool + "' has a view and also _meta.ui or _meta"
                    + "[\"ui/resourceUri\"]: declare the view once");
        }
        ObjectNode ui = codec.object();
        String uri = view.resourceUri();
        if (uri != null) {
            if (!isViewUri(uri)) {
                throw new IllegalArgumentException("Tool '" + tool + "' names view '" + uri
                        + "', which is not a ui:// URI");
            }
            ui.put("resourceUri", uri);
        }
        ArrayNode visibility = ui.putArray("visibility");
        view.visibility().forEach(v -> visibility.add(v.wire()));
        meta.set("ui", ui);
        if (uri != null) {
            meta.put("ui/resourceUri", uri);
        }
    }

    /** Whether a URI can name a view: absolute, of the {@code ui} scheme, with a host. */
    static boolean isViewUri(String uri) {
        try {
            URI parsed = new URI(uri);
            return "ui".equals(parsed.getScheme()) && parsed.getRawAuthority() != null;
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /** Checks every view a tool names; answers the tools naming each view, for the access policy. */
    static Map<String, List<String>> check(Paged<CompiledTool> tools, ResourceIndex resources) {
        Map<String, List<String>> byView = new LinkedHashMap<>();
        for (CompiledTool tool : tools.all()) {
            ToolView view = tool.spec().view();
            if (view == null || view.resourceUri() == null) {
                continue;
            }
            String uri = view.resourceUri();
            String named = "Tool '" + tool.name() + "' names view " + uri;
            CompiledResource resource = resources.resource(uri);
            if (resource == null) {
                throw new IllegalArgumentException(named + ", which no resource serves (declare one, or put the HTML"
                        + " at classpath:" + ViewResource.classpathOf(uri) + ")");
            }
            if (!ToolView.MIME_TYPE.equals(resource.spec().mimeType())) {
                throw new IllegalArgumentException(named + ", whose MIME type is '" + resource.spec().mimeType()
                        + "', not " + ToolView.MIME_TYPE);
            }
            JsonNode csp = resource.advertised().path("_meta").path("ui").path("csp");
            for (String list : CSP_LISTS) {
                for (JsonNode entry : csp.path(list)) {
                    if (!entry.isString() || !isOrigin(entry.stringValue())) {
                        throw new IllegalArgumentException(named + ", whose csp." + list + " entry " + entry
                                + " is not an origin (scheme://host[:port], such as https://api.example.com)");
                    }
                }
            }
            byView.computeIfAbsent(uri, key -> new ArrayList<>()).add(tool.name());
        }
        Map<String, List<String>> copy = new LinkedHashMap<>();
        byView.forEach((uri, names) -> copy.put(uri, List.copyOf(names)));
        return Map.copyOf(copy);
    }
}
