package io.beammcp.core;

import java.util.List;

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
 */
public record ResourceSpec(String uri, String name, String title, String description, String mimeType, Long size,
        Annotations annotations, List<Icon> icons, List<String> scopes) implements ResourceEntry {

    /**
     * Copies the icons.
     */
    public ResourceSpec {
        icons = icons == null ? null : List.copyOf(icons);
        scopes = scopes == null ? List.of() : List.copyOf(scopes);
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
         * Builds the spec; its checks happen when a server compiles the catalog.
         *
         * @return the spec
         */
        public ResourceSpec build() {
            return new ResourceSpec(uri, name, title, description, mimeType, size, annotations, icons, scopes);
        }
    }
}
