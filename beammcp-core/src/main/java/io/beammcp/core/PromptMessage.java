package io.beammcp.core;

/**
 * One message of a rendered prompt.
 *
 * @param role who speaks
 * @param content one content block
 */
public record PromptMessage(Role role, Content content) {

    /**
     * Who speaks a prompt message.
     */
    public enum Role {

        /** The user. */
        USER,

        /** The assistant. */
        ASSISTANT
    }

    /**
     * A user message.
     *
     * @param content the content
     * @return the message
     */
    public static PromptMessage user(Content content) {
        return new PromptMessage(Role.USER, content);
    }

    /**
     * An assistant message.
     *
     * @param content the content
     * @return the message
     */
    public static PromptMessage assistant(Content content) {
        return new PromptMessage(Role.ASSISTANT, content);
    }
}
