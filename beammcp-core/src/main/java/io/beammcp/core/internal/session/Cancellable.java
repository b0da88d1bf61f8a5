package io.beammcp.core.internal.session;

/** Something in flight for a client that the client can call off: host work, or a stream it opened. */
public interface Cancellable {

    /** Stops it without answering; does nothing once it has ended. */
    void cancel();
}
