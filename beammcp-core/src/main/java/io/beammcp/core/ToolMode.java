package io.beammcp.core;

/**
 * What a tool does to the world, which gives its default annotations.
 */
public enum ToolMode {

    /** Only observes: advertised with {@code readOnlyHint} and {@code idempotentHint} true. */
    READ_ONLY,

    /** Proposes or makes a change: advertised with {@code destructiveHint} true. */
    PROPOSAL
}
