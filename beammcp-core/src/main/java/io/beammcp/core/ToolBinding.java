package io.beammcp.core;

import java.util.Map;
import java.util.Objects;

/**
 * A tool bound to the code that runs it, for hosts that build tools from data: declare one as a bean, give it
 * to {@link io.beammcp.core.server.McpServerBuilder#add}, or add it at run time to a {@link BindingRegistry}.
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
     * Runs one call of the bound tool, with arguments that passed its input schema. They hold only the
     * top-level properties the schema declares, with their values as sent: objects as
     * {@code Map<String, Object>}, arrays as {@code List<Object>}, strings, booleans, {@code null}, integers as
     * {@code Integer}, {@code Long} or {@code BigInteger} and decimals as {@code BigDecimal}, never rounded. An
     * exception thrown here becomes a JSON-RPC internal error ({@code -32603}) without detail for the client, and a
     * log line for the operator; a failure the model should see and react to is a {@link ToolResult#error(String)}.
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
