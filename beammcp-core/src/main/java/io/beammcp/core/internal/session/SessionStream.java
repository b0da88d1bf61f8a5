package io.beammcp.core.internal.session;

/** A stream a session holds open, which ends with the session. */
public interface SessionStream {

    /** The server ends the stream, as on shutdown. */
    void teardown();
}
