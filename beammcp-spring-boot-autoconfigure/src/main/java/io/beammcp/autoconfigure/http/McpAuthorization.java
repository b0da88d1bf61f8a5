package io.beammcp.autoconfigure.http;

import java.util.Objects;

/**
 * The verdict of an {@link McpAuthorizer} or {@link McpBodyAuthorizer}: the request may proceed, or it is
 * refused with a reason. The reason is written to the server's log only; the client gets an opaque
 * {@code 403 Forbidden}, so a reason may name what the client got wrong without leaking it.
 */
public final class McpAuthorization {

    private static final McpAuthorization PERMIT = new McpAuthorization(null);

    private final String reason;

    private McpAuthorization(String reason) {
        this.reason = reason;
    }

    /**
     * Lets the request proceed.
     *
     * @return the permitting verdict
     */
    public static McpAuthorization permit() {
        return PERMIT;
    }

    /**
     * Refuses the request with {@code 403 Forbidden}.
     *
     * @param reason why, for the operator's log only; never sent to the client
     * @return the refusing verdict
     */
    public static McpAuthorization deny(String reason) {
        return new McpAuthorization(Objects.requireNonNull(reason, "reason"));
    }

    /**
     * Whether the request may proceed.
     *
     * @return {@code true} for {@link #permit()}
     */
    public boolean isPermitted() {
        return reason == null;
    }

    /**
     * Why the request was refused.
     *
     * @return the reason given to {@link #deny(String)}, or {@code null} for {@link #permit()}
     */
    public String reason() {
        return reason;
    }

    @Override
    public String toString() {
        return reason == null ? "permit" : "deny";
    }
}
