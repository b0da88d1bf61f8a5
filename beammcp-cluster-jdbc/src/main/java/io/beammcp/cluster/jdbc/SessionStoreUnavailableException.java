package io.beammcp.cluster.jdbc;

import io.beammcp.autoconfigure.http.McpSessionStore;

/** The session table cannot be reached now; the endpoint answers 503, and the request may be sent again soon. */
final class SessionStoreUnavailableException extends McpSessionStore.UnavailableException {

    SessionStoreUnavailableException(Throwable cause) {
        super("The session store is unreachable; retry in " + DatabaseCalls.PAUSE.toSeconds() + " s", cause);
    }
}
