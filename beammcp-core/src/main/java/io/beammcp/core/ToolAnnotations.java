package io.beammcp.core;

/**
 * Hints about a tool's behaviour for clients; {@code null} leaves a hint unset (clients then assume the
 * protocol default). Explicit values override those derived from the tool's {@link ToolMode}.
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

    static ToolAnnotations of(ToolMode mode) {
        if (mode == null) {
            return NONE;
        }
        return switch (mode) {
            case READ_ONLY -> new ToolAnnotations(null, true, null, true, null);
            case PROPOSAL -> new ToolAnnotations(null, null, true, null, null);
        };
    }

    /**
     * These hints, with each unset one taken from {@code defaults}.
     *
     * @param defaults the hints to fall back on
     * @return the merged hints
     */
    public ToolAnnotations orElse(ToolAnnotations defaults) {
        return new ToolAnnotations(pick(title, defaults.title), pick(readOnlyHint, defaults.readOnlyHint),
                pick(destructiveHint, defaults.destructiveHint), pick(idempotentHint, defaults.idempotentHint),
                pick(openWorldHint, defaults.openWorldHint));
    }

    /**
     * Whether no hint is set.
     *
     * @return {@code true} when every field is {@code null}
     */
    public boolean isEmpty() {
        return title == null && readOnlyHint == null && destructiveHint == null && idempotentHint == null
                && openWorldHint == null;
    }

    private static <T> T pick(T value, T fallback) {
        return value != null ? value : fallback;
    }
}
