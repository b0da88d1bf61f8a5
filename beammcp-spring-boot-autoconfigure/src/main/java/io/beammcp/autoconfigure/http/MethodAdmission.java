package io.beammcp.autoconfigure.http;

import io.beammcp.core.server.McpServer;
import org.springframework.http.ResponseEntity;

/**
 * Stage 2 of the endpoint: the HTTP methods it serves. {@code POST} always; {@code DELETE} when the request
 * names a legacy session (it ends it); {@code GET} when it names one and the host's lists can change (it
 * opens the session's stream of change notifications). Anything else is 405 with the {@code Allow} header
 * listing what that request could have used.
 */
final class MethodAdmission {

    private final McpServer server;

    MethodAdmission(McpServer server) {
        this.server = server;
    }

    /** A 405 with {@code Allow} when the method is not served for this request, else {@code null}. */
    ResponseEntity<byte[]> refusal(RequestHead head, boolean close) {
        boolean namesSession = head.sessionId() != null;
        boolean streams = namesSession && server.listsChange();
        String method = head.method();
        if ("POST".equals(method) || ("DELETE".equals(method) && namesSession) || ("GET".equals(method) && streams)) {
            return null;
        }
        return Replies.methodNotAllowed(streams ? "POST, GET, DELETE" : namesSession ? "POST, DELETE" : "POST", close);
    }
}
