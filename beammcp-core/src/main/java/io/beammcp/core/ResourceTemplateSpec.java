package io.beammcp.core;

import java.util.List;

/**
 * A family of resources named by a URI template. Only two expressions are supported: {@code {var}}
 * matches one non-empty path segment (never a {@code /}), {@code {+var}} one or more characters of any
 * kind. A URI that a listed template matches is readable though unlisted. Build it with
 * {@link #builder(String, String)}.
 *
 * @param uriTemplate the template, unique in the catalog, for example {@code "weather://place/{name}"}
 * @param name its name
 * @param title a display title, or {@code null}
 * @param description a description, or {@code null}
 * @param mimeType the media type of matching resources, or {@code null}
 * @param annotations hints for clients, or {@code null}
 * @param icons icons, or {@code null}
 * @param scopes OAuth scopes a caller must hold to use it (never to see it), possibly empty
 */
public record ResourceTemplateSpec(String uriTemplate, String name, String title, String description,
        String mimeType, Annotations annotations, List<Icon> icons, List<String> scopes) implements ResourceEntry {

    /**
     * Copies the icons.
     */
    public ResourceTemplateSpec {
        icons = icons == null ? null : List.copyOf(icons);
        scopes = scopes == null ? List.of() : List.copyOf(scopes);
    }

    /**
     * Starts a template spec.
     *
     * @param uriTemplate the URI template
     * @param name its name
     * @return a builder
     */
    public static Builder builder(String uriTemplate, String name) {
        return new Builder(uriTemplate, name);
    }

    /**
     * Builds a {@link ResourceTemplateSpec}.
     */
    public static final class Builder {

        private final String uriTemplate;
        private final String name;
        private String title;
        private String description;
        private String mimeType;
        private Annotations annotations;
        private List<Icon> icons;
        private List<String> scopes;

        private Builder(String uriTemplate, String name) {
            this.uriTemplate = uriTemplate;
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
         * Sets the media type of matching resources.
         *
         * @param mimeType for example {@code "application/json"}
         * @return this builder
         */
        public Builder mimeType(String mimeType) {
            this.mimeType = mimeType;
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
        public ResourceTemplateSpec build() {
            return new ResourceTemplateSpec(uriTemplate, name, title, description, mimeType, annotations, icons, scopes);
        }
    }
}
