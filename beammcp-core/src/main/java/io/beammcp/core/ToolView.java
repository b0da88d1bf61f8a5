package io.beammcp.core;

import java.util.List;

/**
 * A tool's link to an MCP Apps view ({@code io.modelcontextprotocol/ui}): the {@code ui://} resource hosts render
 * its results with, and who may call it. Sent as the tool's {@code _meta.ui} (and the older flat
 * {@code _meta["ui/resourceUri"]}, which hosts still read); the view must be a resource of the catalog with the
 * MIME type {@link #MIME_TYPE}, or the server refuses to start naming the tool.
 *
 * @param resourceUri the view's {@code ui://} URI, or {@code null} for a tool without a view that only states its
 *        visibility (such as one only the view calls)
 * @param visibility who may call the tool: {@code model} and/or {@code app}; sent as written, never empty
 */
public record ToolView(String resourceUri, List<Visibility> visibility) {

    /** The MIME type of an MCP Apps view. */
    public static final String MIME_TYPE = "text/html;profile=mcp-app";

    /** Copies the visibility; none stated means both, written out because some hosts read only what is sent. */
    public ToolView {
        visibility = visibility == null || visibility.isEmpty() ? List.of(Visibility.MODEL, Visibility.APP)
                : List.copyOf(visibility);
    }

    /** Who may call a tool. */
    public enum Visibility {

        /** The model: the host lists the tool to it ({@code "model"}). */
        MODEL,

        /** The view: the host forwards the view's calls of it ({@code "app"}). */
        APP;

        /**
         * The value sent on the wire.
         *
         * @return {@code "model"} or {@code "app"}
         */
        public String wire() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
