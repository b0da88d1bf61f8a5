package io.beammcp.core;

/**
 * Thrown by a tool to end the call with a tool error ({@code isError: true}) whose text is this message, so
 * the model sees what went wrong and can react; the message is therefore written for the model. Extend it
 * for domain failures ({@code class NoSuchCityException extends ToolErrorException}).
 */
public class ToolErrorException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Object detail;

    /**
     * A tool error.
     *
     * @param message what went wrong, for the model
     */
    public ToolErrorException(String message) {
        this(message, null);
    }

    /**
     * A tool error with structured detail, sent as {@code structuredContent}.
     *
     * @param message what went wrong, for the model
     * @param detail a value that serialises to a JSON object, or {@code null}
     */
    public ToolErrorException(String message, Object detail) {
        super(message, null, false, false);
        this.detail = detail;
    }

    /**
     * The structured detail.
     *
     * @return the detail, or {@code null}
     */
    public Object detail() {
        return detail;
    }
}
