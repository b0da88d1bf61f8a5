package io.beammcp.core;

/**
 * One argument of a prompt; its value is always a string.
 *
 * @param name the argument's name, unique within the prompt
 * @param required whether {@code prompts/get} must supply it
 * @param title a display title, or {@code null}
 * @param description a description, or {@code null}
 */
public record PromptArgument(String name, boolean required, String title, String description) {

    /**
     * A required argument.
     *
     * @param name the name
     * @param description a description
     * @return the argument
     */
    public static PromptArgument required(String name, String description) {
        return new PromptArgument(name, true, null, description);
    }

    /**
     * An optional argument.
     *
     * @param name the name
     * @param description a description
     * @return the argument
     */
    public static PromptArgument optional(String name, String description) {
        return new PromptArgument(name, false, null, description);
    }
}
