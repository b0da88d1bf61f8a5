package io.beammcp.core.internal.access;

import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.spi.Exchange;

/**
 * The one rule naming the caller that state is bound to (2025-11-25 sessions, input rounds, tasks, the
 * tool-call rate, streams): the transport's {@link Exchange#caller()}, or {@code ""} when the transport knows
 * no principal at all. A principal with an empty name binds nothing: its request is refused, since every
 * caller without a name would otherwise be one caller, sharing each other's sessions, rounds and rate.
 */
public final class Callers {

    private Callers() {
    }

    /**
     * The name of the caller of this exchange.
     *
     * @return the caller's name, or {@code ""} when the transport knows no principal
     * @throws McpError {@code -32600} when there is a principal but its name is empty
     */
    public static String of(Exchange exchange) {
        if (exchange.principal() == null) {
            return "";
        }
        return require(exchange.caller());
    }

    private static String require(String name) {
        if (name == null || name.isBlank()) {
            throw new McpError(McpError.INVALID_REQUEST,
                    "Invalid Request: the caller has no name, and nothing is bound to a caller without one");
        }
        return name;
    }
}
