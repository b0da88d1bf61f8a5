package io.beammcp.core;

import java.util.List;
import java.util.Map;

/**
 * Suggests values for a prompt argument or a resource template variable. Providing one makes the server
 * advertise the {@code completions} capability. The server checks the reference (a listed prompt or
 * template, and one of its arguments or variables) before calling it, and sends at most 100 values.
 */
@FunctionalInterface
public interface Completer {

    /**
     * Suggests values, best first.
     *
     * @param reference the prompt or template
     * @param argumentName the argument or variable being completed
     * @param partialValue what the user typed so far
     * @param context values already given for other arguments, immutable
     * @return every matching value, best first; the server sends the first 100 and tells the total
     * @throws Exception when the host fails
     */
    List<String> complete(Reference reference, String argumentName, String partialValue, Map<String, String> context)
            throws Exception;

    /**
     * What is being completed.
     *
     * @param prompt the prompt's name, or {@code null} for a template
     * @param uriTemplate the template, or {@code null} for a prompt
     */
    record Reference(String prompt, String uriTemplate) {
    }
}
