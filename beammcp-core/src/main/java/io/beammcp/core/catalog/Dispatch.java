package io.beammcp.core.catalog;

import io.beammcp.core.CallContext;
import io.beammcp.core.ToolBinding;
import io.beammcp.core.ToolResult;

import java.util.Map;

/**
 * Runs the tools of a low-level {@link Catalog}: the server calls it only for a tool the catalog lists, and only
 * with arguments that passed the tool's input schema, as a {@link ToolBinding.Handler} sees them.
 */
@FunctionalInterface
public interface Dispatch {

    /**
     * Runs one tool call.
     *
     * @param toolName the name of a tool in the catalog
     * @param arguments the validated arguments, immutable
     * @param context facts about the call and the client
     * @return the result, never {@code null}
     * @throws Exception when the host fails
     */
    ToolResult call(String toolName, Map<String, Object> arguments, CallContext context) throws Exception;
}
