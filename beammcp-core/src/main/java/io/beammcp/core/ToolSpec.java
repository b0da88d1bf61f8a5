package io.beammcp.core;

import java.util.List;
import java.util.Map;

/**
 * One tool a server offers: its name, descriptions, schemas and hints. Build it with {@link #builder(String)}.
 *
 * <p>The input schema is the one source of truth for arguments: {@code tools/list} advertises it
 * verbatim and {@code tools/call} enforces it, so the two cannot drift.
 *
 * @param name the tool's name, unique in the catalog, matching {@code ^[A-Za-z0-9_.-]{1,64}$}
 * @param title a display title, or {@code null}
 * @param description what the tool does, for the model, or {@code null}
 * @param inputSchema a JSON Schema 2020-12 document (JSON text) with an object root, or {@code null}
 *        for a tool without arguments
 * @param outputSchema a JSON Schema 2020-12 document (JSON text) whose root is {@code type: object}, or
 *        {@code null}; when present, a successful result must be a JSON object matching it
 * @param annotations behaviour hints for clients; never {@code null}
 * @param icons icons, or {@code null}
 * @param meta free-form {@code _meta} sent with the tool, or {@code null}
 * @param commandClass a host label such as {@code "observe"}, never sent on the wire, or {@code null}
 * @param requiredClientCapabilities client capabilities the tool cannot work without (for example
 *        {@code "sampling"}); a call from a client that did not declare them never reaches dispatch
 * @param taskSupport whether a 2026-07-28 call may run as a task (the Tasks extension); never {@code null}
 * @param scopes OAuth scopes a caller must hold to use it (never to see it), possibly empty
 */
public record ToolSpec(String name, String title, String description, String inputSchema, String outputSchema,
        ToolAnnotations annotations, List<Icon> icons, Map<String, Object> meta, String commandClass,
        List<String> requiredClientCapabilities, TaskSupport taskSupport, List<String> scopes) {

    /**
     * Normalizes the optional collections and annotations.
     */
    public ToolSpec {
        annotations = annotations == null ? ToolAnnotations.NONE : annotations;
        icons = icons == null ? null : List.copyOf(icons);
        meta = meta == null ? null : Map.copyOf(meta);
        requiredClientCapabilities = requiredClientCapabilities == null ? List.of()
                : List.copyOf(requiredClientCapabilities);
        taskSupport = taskSupport == null ? TaskSupport.FORBIDDEN : taskSupport;
        scopes = scopes == null ? List.of() : List.copyOf(scopes);
    }

    /**
     * Starts a tool spec.
     *
     * @param name the tool's name
     * @return a builder
     */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /**
     * Builds a {@link ToolSpec}.
     */
    public static final class Builder {

        private final String name;
        private String title;
        private String description;
        private String inputSchema;
        private String outputSchema;
        private String hintTitle;
        private Boolean readOnly;
        private Boolean destructive;
        private Boolean idempotent;
        private Boolean openWorld;
        private List<Icon> icons;
        private Map<String, Object> meta;
        private String commandClass;
        private List<String> requiredClientCapabilities;
        private TaskSupport taskSupport;
        private List<String> scopes;

        private Builder(String name) {
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
         * @param description what the tool does
         * @return this builder
         */
        public Builder description(String description) {
            this.description = description;
            return this;
        }

        /**
         * Sets the input schema.
         *
         * @param json a JSON Schema 2020-12 document
         * @return this builder
         */
        public Builder inputSchema(String json) {
            this.inputSchema = json;
            return this;
        }

        /**
         * Sets the output schema.
         *
         * @param json a JSON Schema 2020-12 document with {@code type: object} at its root
         * @return this builder
         */
        public Builder outputSchema(String json) {
            this.outputSchema = json;
            return this;
        }

        /**
         * Advertises that the tool does not change its environment ({@code readOnlyHint: true}).
         *
         * @return this builder
         */
        public Builder readOnly() {
            this.readOnly = true;
            return this;
        }

        /**
         * Advertises that the tool may destroy or overwrite ({@code destructiveHint: true}).
         *
         * @return this builder
         */
        public Builder destructive() {
            return destructive(true);
        }

        /**
         * Advertises whether the tool may destroy or overwrite ({@code destructiveHint}).
         *
         * @param destructive the hint
         * @return this builder
         */
        public Builder destructive(boolean destructive) {
            this.destructive = destructive;
            return this;
        }

        /**
         * Advertises that repeating a call with the same arguments has no further effect
         * ({@code idempotentHint: true}).
         *
         * @return this builder
         */
        public Builder idempotent() {
            return idempotent(true);
        }

        /**
         * Advertises whether repeating a call with the same arguments has no further effect
         * ({@code idempotentHint}).
         *
         * @param idempotent the hint
         * @return this builder
         */
        public Builder idempotent(boolean idempotent) {
            this.idempotent = idempotent;
            return this;
        }

        /**
         * Advertises whether the tool reaches an open world of external entities ({@code openWorldHint}).
         *
         * @param openWorld {@code false} for a tool that only touches a closed, known world
         * @return this builder
         */
        public Builder openWorld(boolean openWorld) {
            this.openWorld = openWorld;
            return this;
        }

        /**
         * Sets every hint at once, as a host building tools from data has them; {@code null} hints stay unset.
         *
         * @param annotations the hints
         * @return this builder
         */
        public Builder annotations(ToolAnnotations annotations) {
            this.hintTitle = annotations.title();
            this.readOnly = annotations.readOnlyHint();
            this.destructive = annotations.destructiveHint();
            this.idempotent = annotations.idempotentHint();
            this.openWorld = annotations.openWorldHint();
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
         * Sets the free-form {@code _meta}.
         *
         * @param meta the metadata
         * @return this builder
         */
        public Builder meta(Map<String, Object> meta) {
            this.meta = meta;
            return this;
        }

        /**
         * Sets the host label, never sent on the wire.
         *
         * @param commandClass for example {@code "observe"}
         * @return this builder
         */
        public Builder commandClass(String commandClass) {
            this.commandClass = commandClass;
            return this;
        }

        /**
         * Declares client capabilities the tool cannot work without. A 2026-07-28 request that does not
         * declare them is refused with {@code -32021}; a 2025-11-25 session that did not declare them gets a
         * tool error saying so.
         *
         * @param capabilities capability names such as {@code "sampling"}, {@code "elicitation"}, {@code "roots"}
         * @return this builder
         */
        public Builder requiresClientCapabilities(String... capabilities) {
            this.requiredClientCapabilities = List.of(capabilities);
            return this;
        }

        /**
         * Declares whether a call may run as a task when the client declares the Tasks extension
         * ({@code io.modelcontextprotocol/tasks}, 2026-07-28 only): the client then polls {@code tasks/get}
         * for the result instead of waiting on the call.
         *
         * @param support {@link TaskSupport#OPTIONAL} or {@link TaskSupport#REQUIRED}; the default is
         *        {@link TaskSupport#FORBIDDEN}
         * @return this builder
         */
        public Builder taskSupport(TaskSupport support) {
            this.taskSupport = support;
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
         * @return the tool spec
         */
        public ToolSpec build() {
            return new ToolSpec(name, title, description, inputSchema, outputSchema,
                    new ToolAnnotations(hintTitle, readOnly, destructive, idempotent, openWorld), icons, meta,
                    commandClass, requiredClientCapabilities, taskSupport, scopes);
        }
    }
}
