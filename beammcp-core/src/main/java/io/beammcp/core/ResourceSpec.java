package io.beammcp.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A concrete resource the host lists. Build it with {@link #builder(String, String)}.
 *
 * @param uri the resource's absolute URI, unique in the catalog
 * @param name its name
 * @param title a display title, or {@code null}
 * @param description a description, or {@code null}
 * @param mimeType its media type, or {@code null}
 * @param size its size in bytes, or {@code null}
 * @param annotations hints for clients, or {@code null}
 * @param icons icons, or {@code null}
 * @param scopes OAuth scopes a caller must hold to use it (never to see it), possibly empty
 * @param meta free-form {@code _meta} sent with the listed resource, or {@code null}
 */
public record ResourceSpec(String uri, String name, String title, String description, String mimeType, Long size,
        Annotations annotations, List<Icon> icons, List<String> scopes, Map<String, Object> meta)
        implements ResourceEntry {

    /**
     * Copies the icons, scopes and metadata.
     */
    public ResourceSpec {
        icons = icons == null ? null : List.copyOf(icons);
        scopes = scopes == null ? List.of() : List.copyOf(scopes);
        // in the order given, so the JSON a host may hash is the same at each start
        meta = meta == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(meta));
    }

    /**
     * A resource spec without {@code _meta}.
     *
     * @param uri the URI
     * @param name the name
     * @param title the title
     * @param description the description
     * @param mimeType the media type
     * @param size the size
     * @param annotations the hints
     * @param icons the icons
     * @param scopes the scopes
     */
    public ResourceSpec(String uri, String name, String title, String description, String mimeType, Long size,
            Annotations annotations, List<Icon> icons, List<String> scopes) {
        this(uri, name, title, description, mimeType, size, annotations, icons, scopes, null);
    }

    /**
     * Starts a resource spec.
     *
     * @param uri the resource's URI
     * @param name its name
     * @return a builder
     */
    public static Builder builder(String uri, String name) {
        return new Builder(uri, name);
    }

    /**
     * Builds a {@link ResourceSpec}.
     */
    public static final class Builder {

        private final String uri;
        private final String name;
        private String title;
        private String description;
        private String mimeType;
        private Long size;
        private Annotations annotations;
        private List<Icon> icons;
        private List<String> scopes;
        private Map<String, Object> meta;

        private Builder(String uri, String name) {
            this.uri = uri;
            this.name = name;
        }

        /**
         * Sets the display title.
         *
         * @param title the title
         * @return this builder
         */
        public Builder title(String title) {
            this.title = title;
            return this;
        }

        /**
         * Sets the description.
         *
         * @param description the description
         * @return this builder
         */
        public Builder description(String description) {
            this.description = description;
            return this;
        }

        /**
         * Sets the media type.
         *
         * @param mimeType for example {@code "text/plain"}
         * @return this builder
         */
        public Builder mimeType(String mimeType) {
            this.mimeType = mimeType;
            return this;
        }

        /**
         * Sets the size.
         *
         * @param size the size in bytes
         * @return this builder
         */
        public Builder size(long size) {
            this.size = size;
            return this;
        }

        /**
         * Sets the hints for clients.
         *
         * @param annotations the hints
         * @return this builder
         */
        public Builder annotations(Annotations annotations) {
            this.annotations = annotations;
            return this;
        }

        /**
         * Sets the icons.
         *
         * @param icons the icons
         * @return this builder
         */
        public Builder icons(List<Icon> icons) {
            this.icons = icons;
            return this;
        }

        /**
         * Declares the OAuth scopes a caller must hold to use it; a caller without them still sees it listed
         * and is refused (over HTTP 403 {@code insufficient_scope} naming all of them).
         *
         * @param scopes the scopes, for example {@code "files:write"}
         * @return this builder
         */
        public Builder scopes(String... scopes) {
            this.scopes = List.of(scopes);
            return this;
        }

        /**
         * Sets the free-form {@code _meta} of the listed resource.
         *
         * @param meta the metadata
         * @return this builder
         */
        public Builder meta(Map<String, Object> meta) {
            this.meta = meta;
            return this;
        }

        /**
         * Builds the spec; its checks happen when a server compiles the catalog.
         *
         * @return the spec
         */
        public ResourceSpec build() {
            return new ResourceSpec(uri, name, title, description, mimeType, size, annotations, icons, scopes, meta);
        }
    }
}
