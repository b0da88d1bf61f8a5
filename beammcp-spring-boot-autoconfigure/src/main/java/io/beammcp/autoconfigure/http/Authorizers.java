package io.beammcp.autoconfigure.http;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.ResponseEntity;

/**
 * Stages 3 and 5 of the endpoint: the host's {@link McpAuthorizer} on the request line, headers and peer
 * before the body is read, and its optional {@link McpBodyAuthorizer} on the exact bytes once it is. Both
 * answer the same way: a refusal is 403 with an opaque body and its reason goes to the log; a hook that
 * throws or returns {@code null} is 500 with {@code -32603} and no detail, logged without the exception
 * messages, which may quote the request.
 *
 * <p>On the servlet transport the first runs on the container's thread that received the request, the second on
 * the thread that has the whole body, which for a slow body is the one that read its last bytes
 * ({@link BodyReader}). On the reactive transport both run on a thread for host code, the first on the event loop
 * when it declares it never blocks ({@link McpWebHandler}).
 */
final class Authorizers {

    private static final Logger log = LoggerFactory.getLogger(Authorizers.class);

    private final McpAuthorizer authorizer;
    private final McpBodyAuthorizer bodyAuthorizer;

    /**
     * @param bodyAuthorizer the body authorizer, or {@code null} when the application defines none
     */
    Authorizers(McpAuthorizer authorizer, McpBodyAuthorizer bodyAuthorizer) {
        this.authorizer = authorizer;
        this.bodyAuthorizer = bodyAuthorizer;
    }

    /** Whether the {@link McpAuthorizer} may block, so that the reactive transport runs it off the event loop. */
    boolean beforeBodyBlocks() {
        return authorizer.blocks();
    }

    /** Stage 3: the {@link McpAuthorizer}'s refusal (403 or 500), or {@code null} when the request may go on. */
    ResponseEntity<byte[]> beforeBody(RequestHead head, boolean close) {
        McpAuthorization verdict;
        try {
            verdict = authorizer.authorize(head);
        } catch (Exception | LinkageError | AssertionError e) {
            log.error("The McpAuthorizer failed; the client got 500 (peer {}; exception messages withheld: they may "
                    + "quote the request)", head.remoteAddress(), withoutMessages(e, 0));
            return Replies.internalError(close);
        }
        return refusal(verdict, "McpAuthorizer", head, close);
    }

    /** Stage 5: the {@link McpBodyAuthorizer}'s refusal (403 or 500), or {@code null} (also when there is none). */
    ResponseEntity<byte[]> ofBody(RequestHead head, byte[] body) {
        if (bodyAuthorizer == null) {
            return null;
        }
        McpAuthorization verdict;
        try {
            verdict = bodyAuthorizer.authorize(head, body.clone());
        } catch (Exception | LinkageError | AssertionError e) {
            log.error("The McpBodyAuthorizer failed; the client got 500 (peer {}; exception messages withheld: "
                    + "they may quote the request)", head.remoteAddress(), withoutMessages(e, 0));
            return Replies.internalError(false);
        }
        return refusal(verdict, "McpBodyAuthorizer", head, false);
    }

    private static ResponseEntity<byte[]> refusal(McpAuthorization verdict, String hook, RequestHead head,
            boolean close) {
        if (verdict == null) {
            log.error("The {} returned null instead of a verdict; the client got 500 (peer {})", hook,
                    head.remoteAddress());
            return Replies.internalError(close);
        }
        if (!verdict.isPermitted()) {
            log.info("MCP request refused by the {}: {} (peer {})", hook, verdict.reason(), head.remoteAddress());
            return Replies.forbidden(close);
        }
        return null;
    }

    /**
     * A copy of a hook's failure for the log: its class and stack, and its causes', without their messages,
     * which may quote header values or the body (the policy {@code HostFaults} applies to host code).
     */
    private static Throwable withoutMessages(Throwable failure, int depth) {
        Throwable cause = failure.getCause();
        return new Withheld(failure, cause != null && cause != failure && depth < 8 ? withoutMessages(cause, depth + 1)
                : null);
    }

    /** A failure's class name and stack, nothing else. */
    private static final class Withheld extends Throwable {

        private static final long serialVersionUID = 1L;

        private final String className;

        Withheld(Throwable failure, Throwable cause) {
            super(null, cause, false, true);
            this.className = failure.getClass().getName();
            setStackTrace(failure.getStackTrace());
        }

        @Override
        public String toString() {
            return className;
        }
    }
}
