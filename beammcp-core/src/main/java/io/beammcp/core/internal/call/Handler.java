package io.beammcp.core.internal.call;

/** Serves one method of one revision: an entry of the method table. */
@FunctionalInterface
public interface Handler {

    /**
     * Serves a request whose envelope, era and metadata have been checked.
     *
     * @throws io.beammcp.core.internal.protocol.McpError for a request the method refuses
     */
    Outcome handle(Request request);
}
