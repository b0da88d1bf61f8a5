package io.beammcp.core.internal.apps;

import io.beammcp.core.Binding;
import io.beammcp.core.ResourceBinding;
import io.beammcp.core.Revision;
import io.beammcp.core.ToolBinding;
import io.beammcp.core.ToolView;
import io.beammcp.core.ViewResource;
import io.beammcp.core.extension.McpExtension;
import io.beammcp.core.internal.catalog.Source;
import io.beammcp.core.internal.catalog.Sourced;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The MCP Apps extension ({@code io.modelcontextprotocol/ui}) on the extension API: advertised in both revisions,
 * with the view MIME type it serves, when a tool of the server names a view; clients declare nothing to use the
 * tools and read the views (those without it get the tools' text content). It serves, as resources, the views
 * tools name that no binding serves and the class path holds by convention.
 */
public final class AppsExtension implements McpExtension {

    public static final String ID = "io.modelcontextprotocol/ui";

    private final List<Binding> views;

    private AppsExtension(List<Binding> views) {
        this.views = List.copyOf(views);
    }

    /**
     * The extension for the server's sources as they are at startup, or {@code null} when no tool names a view.
     * A source that fails to list is skipped here: the catalog reports it.
     */
    public static AppsExtension of(List<Source> sources) {
        Set<String> named = new LinkedHashSet<>();
        Set<String> served = new HashSet<>();
        for (Source source : sources) {
            List<Sourced> bindings;
            try {
                bindings = source.bindings();
            } catch (RuntimeException e) {
                continue;
            }
            for (Sourced sourced : bindings) {
                if (sourced.binding() instanceof ToolBinding tool && tool.spec().view() != null
                        && tool.spec().view().resourceUri() != null) {
                    named.add(tool.spec().view().resourceUri());
                } else if (sourced.binding() instanceof ResourceBinding resource) {
                    served.add(resource.spec().uri());
                }
            }
        }
        if (named.isEmpty()) {
            return null;
        }
        List<Binding> views = new ArrayList<>();
        for (String uri : named) {
            if (!served.contains(uri)) {
                try {
                    views.add(ViewResource.builder(uri).build());
                } catch (IllegalStateException noHtml) {
                    // the catalog refuses the tool, naming it and where the HTML was looked for
                }
            }
        }
        return new AppsExtension(views);
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Map<String, Object> settings(Revision revision) {
        return Map.of("mimeTypes", List.of(ToolView.MIME_TYPE));
    }

    @Override
    public List<Binding> bindings() {
        return views;
    }
}
