package io.beammcp.core.internal.call;

import io.beammcp.core.InvalidParamsException;
import io.beammcp.core.MissingClientCapabilityException;
import io.beammcp.core.ToolErrorException;
import io.beammcp.core.internal.input.InputRequiredException;
import io.beammcp.core.internal.protocol.McpError;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one fault policy for host code: the client gets {@code -32603} without detail, the operator a log
 * line with the failure as it was thrown (class, message, causes and stack): the host's own exception in
 * the operator's own log, which the server never sends on. Host code failing after its request was
 * cancelled (typically with the {@link InterruptedException} the cancellation caused) is expected: nobody
 * gets an answer, and the log line is at debug level. Host code asking the client for input ends its work
 * with a signal that is no fault: it passes through. The refusals host code throws on purpose
 * ({@link InvalidParamsException}, {@link ToolErrorException}) carry messages written for the client: they
 * are the only host exception text that reaches the wire, read here.
 */
public final class HostFaults {

    private static final Logger log = LoggerFactory.getLogger("io.beammcp.host");

    /** What a caller refused by host code is told, as a tool error or with {@link McpError#ACCESS_DENIED}. */
    public static final String ACCESS_DENIED = "Access denied";
    private static final String SPRING_DENIAL = "org.springframework.security.access.AccessDeniedException";

    private HostFaults() {
    }

    public static McpError internal(String what, Throwable failure, HostContext context) {
        if (failure instanceof InputRequiredException || failure instanceof MissingClientCapabilityException) {
            // host code asking the client for input, or unable to: the server answers it, not a fault
            throw (RuntimeException) failure;
        }
        if (failure instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        if (denied(failure)) {
            log.info("{} denied access to its caller: {}", what, failure.getClass().getName());
            return new McpError(McpError.ACCESS_DENIED, ACCESS_DENIED);
        }
        if (context != null && context.askedInput() != null) {
            log.debug("{} failed after asking for input, which is answered: {}", what, failure.getClass().getName());
            return new McpError(McpError.INTERNAL_ERROR, "Internal error");
        }
        if (context != null && context.isCancelled()) {
            log.debug("{} stopped after its request was cancelled: {}", what, failure.getClass().getName());
            return new McpError(McpError.INTERNAL_ERROR, "Internal error");
        }
        log.error("{} failed; the client got -32603", what, failure);
        return new McpError(McpError.INTERNAL_ERROR, "Internal error");
    }

    /**
     * The answer to a refusal host code threw: {@code -32602} with its message; a not-found one gets
     * {@code notFoundCode} and {@code data} naming what was not found, when given.
     */
    public static McpError refused(InvalidParamsException refusal, int notFoundCode, ObjectNode data) {
        String message = refusal.getMessage() == null ? "Invalid params" : refusal.getMessage();
        if (refusal.isNotFound()) {
            return new McpError(notFoundCode, message, data);
        }
        return new McpError(McpError.INVALID_PARAMS, message);
    }

    /**
     * Whether host code refused its caller rather than failed: a Spring Security {@code AccessDeniedException}
     * (method security's {@code AuthorizationDeniedException} is one), recognised by name since the core
     * depends on no framework.
     */
    public static boolean denied(Throwable failure) {
        for (Class<?> type = failure.getClass(); type != null; type = type.getSuperclass()) {
            if (SPRING_DENIAL.equals(type.getName())) {
                return true;
            }
        }
        return false;
    }

    /** The text of a tool error host code threw, for the model. */
    public static String toolError(ToolErrorException error) {
        return error.getMessage() == null ? "" : error.getMessage();
    }
}
