package io.beammcp.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * An MCP Apps view as a resource: the HTML document hosts render a tool's results with, served as written with
 * MIME type {@link ToolView#MIME_TYPE} and its {@code _meta.ui} (CSP origins, permissions, border, domain) both on
 * the listed resource and on the one content item a read answers. A tool names it through
 * {@link ToolSpec.Builder#view} or {@code @McpTool(view = ...)}. Declare one when the view needs metadata or its
 * HTML comes from elsewhere; a view a tool names that no binding serves is found by convention on the class path
 * with no metadata: {@code ui://weather/forecast} at {@code classpath:mcp/apps/weather/forecast.html}.
 */
public final class ViewResource {

    /** A path segment a class path entry can hold: no dot segment, nothing to escape. */
    private static final Pattern SEGMENT = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]*");

    private ViewResource() {
    }

    /**
     * Where the class path holds a view's HTML by convention: {@code ui://weather/forecast} at
     * {@code mcp/apps/weather/forecast.html}.
     *
     * @param uri the view's URI
     * @return the class path location, or {@code null} for a URI no class path entry can hold (not {@code ui://},
     *         a dot segment, a query, an empty segment)
     */
    public static String classpathOf(String uri) {
        if (uri == null || !uri.startsWith("ui://")) {
            return null;
        }
        String path = uri.substring("ui://".length());
        for (String segment : path.split("/", -1)) {
            if (!SEGMENT.matcher(segment).matches()) {
                return null;
            }
        }
        return "mcp/apps/" + path + ".html";
    }

    /** A view's HTML as the class path holds it by convention, read as UTF-8; {@code null} when it holds none. */
    private static String classpathHtml(String uri) {
        String path = classpathOf(uri);
        if (path == null) {
            return null;
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try (InputStream in = (loader != null ? loader : ViewResource.class.getClassLoader())
                .getResourceAsStream(path)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Reading classpath:" + path, e);
        }
    }

    /**
     * Starts a view.
     *
     * @param uri its {@code ui://} URI
     * @return a builder
     */
    public static Builder builder(String uri) {
        return new Builder(uri);
    }

    /** A Permission Policy feature a view asks the host for ({@code _meta.ui.permissions}); hosts may refuse it. */
    public enum Permission {

        /** {@code camera}. */
        CAMERA,

        /** {@code microphone}. */
        MICROPHONE,

        /** {@code geolocation}. */
        GEOLOCATION,

        /** {@code clipboardWrite}. */
        CLIPBOARD_WRITE;

        String wire() {
            String[] words = name().toLowerCase(Locale.ROOT).split("_");
            return words.length == 1 ? words[0]
                    : words[0] + Character.toUpperCase(words[1].charAt(0)) + words[1].substring(1);
        }
    }

    /** Builds a view's {@link ResourceBinding}. */
    public static final class Builder {

        private final String uri;
        private String name;
        private String title;
        private String description;
        private String html;
        private final Map<String, List<String>> csp = new LinkedHashMap<>();
        private List<Permission> permissions = List.of();
        private Boolean prefersBorder;
        private String domain;

        private Builder(String uri) {
            this.uri = uri;
        }

        /**
         * How {@code resources/list} shows the view.
         *
         * @param name its name, or {@code null} for the last segment of its URI
         * @param title a display title, or {@code null}
         * @param description a description, or {@code null}
         * @return this builder
         */
        public Builder listedAs(String name, String title, String description) {
            this.name = name;
            this.title = title;
            this.description = description;
            return this;
        }

        /**
         * Sets the HTML document, served as written; by default it is read once from the class path by convention.
         *
         * @param html a complete HTML5 document
         * @return this builder
         */
        public Builder html(String html) {
            this.html = html;
            return this;
        }

        /**
         * Origins the view may fetch from or open sockets to ({@code csp.connectDomains}); none by default.
         *
         * @param origins such as {@code https://api.example.com}
         * @return this builder
         */
        public Builder connectDomains(String... origins) {
            return csp("connectDomains", origins);
        }

        /**
         * Origins the view may load scripts, styles, images, fonts and media from ({@code csp.resourceDomains}).
         *
         * @param origins such as {@code https://cdn.example.com} or {@code https://*.example.com}
         * @return this builder
         */
        public Builder resourceDomains(String... origins) {
            return csp("resourceDomains", origins);
        }

        /**
         * Origins the view may embed in frames ({@code csp.frameDomains}).
         *
         * @param origins the origins
         * @return this builder
         */
        public Builder frameDomains(String... origins) {
            return csp("frameDomains", origins);
        }

        /**
         * Origins the view's {@code <base>} may name ({@code csp.baseUriDomains}).
         *
         * @param origins the origins
         * @return this builder
         */
        public Builder baseUriDomains(String... origins) {
            return csp("baseUriDomains", origins);
        }

        private Builder csp(String list, String... origins) {
            csp.put(list, List.of(origins));
            return this;
        }

        /**
         * The Permission Policy features the view asks for.
         *
         * @param permissions the features
         * @return this builder
         */
        public Builder permissions(Permission... permissions) {
            this.permissions = List.of(permissions);
            return this;
        }

        /**
         * Whether the host should draw a border and background around the view; left to the host by default.
         *
         * @param prefersBorder the preference
         * @return this builder
         */
        public Builder prefersBorder(boolean prefersBorder) {
            this.prefersBorder = prefersBorder;
            return this;
        }

        /**
         * A dedicated sandbox origin for the view, in the format the host documents.
         *
         * @param domain the domain
         * @return this builder
         */
        public Builder domain(String domain) {
            this.domain = domain;
            return this;
        }

        /**
         * Builds the view; its URI, MIME type and CSP origins are checked when a server compiles the catalog.
         *
         * @return the resource binding serving it
         * @throws IllegalStateException when no HTML is given and the class path holds none for the URI
         */
        public ResourceBinding build() {
            // read once: hosts may pin a view by its hash, so its bytes never change while the server runs
            String document = html != null ? html : classpathHtml(uri);
            if (document == null) {
                throw new IllegalStateException("View " + uri + " has no HTML: none given and no classpath:"
                        + classpathOf(uri));
            }
            Map<String, Object> ui = new LinkedHashMap<>();
            csp.entrySet().removeIf(list -> list.getValue().isEmpty());
            if (!csp.isEmpty()) {
                ui.put("csp", csp);
            }
            if (!permissions.isEmpty()) {
                Map<String, Object> asked = new LinkedHashMap<>();
                permissions.forEach(permission -> asked.put(permission.wire(), Map.of()));
                ui.put("permissions", asked);
            }
            if (domain != null) {
                ui.put("domain", domain);
            }
            if (prefersBorder != null) {
                ui.put("prefersBorder", prefersBorder);
            }
            Map<String, Object> meta = ui.isEmpty() ? null : Map.of("ui", ui);
            String named = name != null ? name : uri.substring(uri.lastIndexOf('/') + 1);
            ResourceSpec spec = ResourceSpec.builder(uri, named).title(title).description(description)
                    .mimeType(ToolView.MIME_TYPE).meta(meta).build();
            ReadResult read = ReadResult.of(ResourceContents.text(uri, ToolView.MIME_TYPE, document).withMeta(meta));
            return ResourceBinding.of(spec, (requested, context) -> read);
        }
    }
}
