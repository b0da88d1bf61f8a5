package io.beammcp.core;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.Dispatch;
import java.util.Map;
import java.util.Objects;

/**
 * A tool bound to the code that runs it, for hosts that build tools from data: declare one as a bean (or
 * give it to {@link io.beammcp.core.server.McpServerBuilder#add}) next to annotated tools and the
 * {@link Catalog}.
 *
 * @param spec the tool, whose input schema is enforced before the handler runs
 * @param handler what runs a call
 */
public record ToolBinding(ToolSpec spec, Handler handler) implements Binding {

    /**
     * Checks that both parts are given.
     */
    public ToolBinding {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(handler, "handler");
    }

    /**
     * Binds a tool to its handler.
     *
     * @param spec the tool
     * @param handler what runs a call
     * @return the binding
     */
    public static ToolBinding of(ToolSpec spec, Handler handler) {
        return new ToolBinding(spec, handler);
    }

    /**
     * Runs one call of the bound tool; it sees arguments as {@link Dispatch} does.
     */
    @FunctionalInterface
    public interface Handler {

        /**
         * Runs one call.
         *
         * @param arguments the validated arguments, immutable, values as sent
         * @param context facts about the call and the client
         * @return the result, never {@code null}
         * @throws Exception when the host fails
         */
        ToolResult call(Map<String, Object> arguments, CallContext context) throws Exception;
    }
}
