package io.beammcp.core.catalog;

import io.beammcp.core.CallContext;
import io.beammcp.core.PromptResult;

import java.util.Map;

/**
 * Renders prompts. The server calls it only for a prompt the catalog lists, with arguments that passed
 * the prompt's declared argument list: every required one present, nothing undeclared, every value a
 * string. An exception thrown here becomes {@code -32603} without detail.
 */
@FunctionalInterface
public interface PromptRenderer {

    /**
     * Renders one prompt.
     *
     * @param name the name of a listed prompt
     * @param arguments the declared arguments that were supplied, immutable
     * @param context facts about the request and the client
     * @return the rendering, never {@code null}
     * @throws Exception when the host fails
     */
    PromptResult render(String name, Map<String, String> arguments, CallContext context) throws Exception;
}
