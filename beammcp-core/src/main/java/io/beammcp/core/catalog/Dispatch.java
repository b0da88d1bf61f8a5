package io.beammcp.core.catalog;

import io.beammcp.core.CallContext;
import io.beammcp.core.ToolResult;

import java.util.Map;

/**
 * Runs a tool. The server calls it only for a tool listed in the {@link Catalog}, and only with
 * arguments that passed the tool's input schema.
 *
 * <p>The arguments hold only the top-level properties the schema declares, with their values as sent:
 * objects as {@code Map<String, Object>}, arrays as {@code List<Object>}, strings, booleans,
 * {@code null}, integers as {@code Integer}, {@code Long} or {@code BigInteger} and decimals as
 * {@code BigDecimal}, never rounded. An exception thrown here becomes a JSON-RPC internal error
 * ({@code -32603}) without detail for the client, and a log line without argument values for the
 * operator; a failure the model should see and react to is a {@link ToolResult#error(String)} instead.
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
