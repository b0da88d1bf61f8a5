package io.beammcp.core;

/**
 * Hints about a tool's behaviour for clients; {@code null} leaves a hint unset (clients then assume the
 * protocol default). Set them with the named methods of {@link ToolSpec.Builder}.
 *
 * @param title a display title
 * @param readOnlyHint the tool does not change its environment
 * @param destructiveHint the tool may destroy or overwrite
 * @param idempotentHint repeating a call with the same arguments has no further effect
 * @param openWorldHint the tool reaches an open world of external entities
 */
public record ToolAnnotations(String title, Boolean readOnlyHint, Boolean destructiveHint,
        Boolean idempotentHint, Boolean openWorldHint) {

    /** No hints. */
    public static final ToolAnnotations NONE = new ToolAnnotations(null, null, null, null, null);

    /**
     * Whether no hint is set.
     *
     * @return {@code true} when every field is {@code null}
     */
    public boolean isEmpty() {
        return title == null && readOnlyHint == null && destructiveHint == null && idempotentHint == null
                && openWorldHint == null;
    }
}
