package io.beammcp.cluster.jdbc;

/** The session table cannot be reached now; the request may be sent again in a second. */
final class SessionStoreUnavailableException extends RuntimeException {

    SessionStoreUnavailableException(Throwable cause) {
        super("The session store is unreachable; retry in " + DatabaseCalls.PAUSE.toSeconds() + " s", cause);
    }
}
