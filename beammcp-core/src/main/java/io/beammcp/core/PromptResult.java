package io.beammcp.core;

import java.util.List;

/**
 * A rendered prompt.
 *
 * @param description a description of this rendering, or {@code null}
 * @param messages the messages
 */
public record PromptResult(String description, List<PromptMessage> messages) {

    /**
     * Copies the messages.
     */
    public PromptResult {
        messages = List.copyOf(messages);
    }

    /**
     * A rendering without description.
     *
     * @param messages the messages
     * @return the result
     */
    public static PromptResult of(PromptMessage... messages) {
        return new PromptResult(null, List.of(messages));
    }
}
