package io.beammcp.core.internal.call;

import io.beammcp.core.MissingClientCapabilityException;
import io.beammcp.core.internal.input.InputRequiredException;
import io.beammcp.core.internal.protocol.McpError;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one fault policy for host code: the client gets {@code -32603} without detail, the operator a log
 * line with the failure's class and stack but without its messages, which may quote argument values. Host
 * code failing after its request was cancelled (typically with the {@link InterruptedException} the
 * cancellation caused) is expected: nobody gets an answer, and the log line is at debug level. Host code
 * asking the client for input ends its work with a signal that is no fault: it passes through.
 */
public final class HostFaults {

    private static final Logger log = LoggerFactory.getLogger("io.beammcp.host");

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
        if (context != null && context.askedInput() != null) {
            log.debug("{} failed after asking for input, which is answered: {}", what, failure.getClass().getName());
            return new McpError(McpError.INTERNAL_ERROR, "Internal error");
        }
        if (context != null && context.isCancelled()) {
            log.debug("{} stopped after its request was cancelled: {}", what, failure.getClass().getName());
            return new McpError(McpError.INTERNAL_ERROR, "Internal error");
        }
        log.error("{} failed; the client got -32603 (exception messages withheld: they may hold argument values)",
                what, redact(failure, 0));
        return new McpError(McpError.INTERNAL_ERROR, "Internal error");
    }

    private static Throwable redact(Throwable failure, int depth) {
        Throwable cause = failure.getCause();
        Throwable redactedCause = cause != null && cause != failure && depth < 8 ? redact(cause, depth + 1) : null;
        Throwable copy = new Throwable(failure.getClass().getName(), redactedCause, false, true) {
            @Override
            public String toString() {
                return getMessage();
            }
        };
        copy.setStackTrace(failure.getStackTrace());
        return copy;
    }
}
