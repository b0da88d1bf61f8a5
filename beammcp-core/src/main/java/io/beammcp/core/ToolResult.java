package io.beammcp.core;

import java.util.List;

/**
 * What a tool call produced: a success or a tool error. A tool error reaches the model as a result
 * with {@code isError: true}, so it can react; it is not a protocol error.
 */
public sealed interface ToolResult {

    /**
     * A successful call.
     *
     * @param content the content blocks; when empty, the server derives one text block from
     *        {@code structured}
     * @param structured the structured result ({@code structuredContent}), or {@code null}; for a tool
     *        with an output schema it must be a JSON object matching that schema
     */
    record Success(List<Content> content, Object structured) implements ToolResult {

        /**
         * Copies the blocks.
         */
        public Success {
            content = List.copyOf(content);
        }
    }

    /**
     * A tool error.
     *
     * @param message what went wrong, for the model
     * @param detail structured detail sent as {@code structuredContent}, or {@code null}
     */
    record Error(String message, Object detail) implements ToolResult {
    }

    /**
     * A success holding one value. For a tool with an output schema the value must be a JSON object
     * (a {@code Map}, a record or a bean): it is sent as {@code structuredContent} plus a text block
     * holding its JSON. Otherwise a {@code String} is sent as a text block as it is, and any other value
     * as a text block holding its JSON.
     *
     * @param value the value
     * @return the result
     */
    static ToolResult of(Object value) {
        return new Success(List.of(), value);
    }

    /**
     * A success made of explicit content blocks.
     *
     * @param content the blocks
     * @return the result
     */
    static ToolResult content(Content... content) {
        return new Success(List.of(content), null);
    }

    /**
     * A success with structured content and explicit blocks shown alongside it.
     *
     * @param structured the structured content
     * @param content the blocks
     * @return the result
     */
    static ToolResult structured(Object structured, Content... content) {
        return new Success(List.of(content), structured);
    }

    /**
     * A tool error.
     *
     * @param message what went wrong, for the model
     * @return the result
     */
    static ToolResult error(String message) {
        return new Error(message, null);
    }

    /**
     * A tool error with structured detail.
     *
     * @param message what went wrong, for the model
     * @param detail structured detail
     * @return the result
     */
    static ToolResult error(String message, Object detail) {
        return new Error(message, detail);
    }
}
