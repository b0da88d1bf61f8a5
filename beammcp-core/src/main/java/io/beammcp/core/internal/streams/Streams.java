package io.beammcp.core.internal.streams;

import io.beammcp.core.internal.session.Session;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The server's open streams, bounded in number overall and per legacy session (a stdio process counts as
 * one session). Once closed, it admits no more.
 */
public final class Streams {

    private final int maxOpen;
    private final int maxPerSession;
    private final Set<Stream> open = ConcurrentHashMap.newKeySet();
    private boolean closed;

    public Streams(int maxOpen, int maxPerSession) {
        if (maxOpen <= 0 || maxPerSession <= 0) {
            throw new IllegalArgumentException("Stream limits must be positive, were " + maxOpen + " and " + maxPerSession);
        }
        this.maxOpen = maxOpen;
        this.maxPerSession = maxPerSession;
    }

    /** Registers a stream; {@code null} when admitted, else the reason it is not. */
    synchronized String admit(Stream stream) {
        if (closed) {
            return "the server is shutting down";
        }
        if (open.size() >= maxOpen) {
            return "this server holds at most " + maxOpen + " open streams";
        }
        Session owner = stream.owner();
        if (owner != null && owner.streams().size() >= maxPerSession) {
            return "a session holds at most " + maxPerSession + " open streams";
        }
        open.add(stream);
        if (owner != null) {
            owner.streams().add(stream);
        }
        return null;
    }

    synchronized void remove(Stream stream) {
        if (open.remove(stream) && stream.owner() != null) {
            stream.owner().streams().remove(stream);
        }
    }

    /** How many streams are open now. */
    public int count() {
        return open.size();
    }

    /** The streams open now; safe to iterate while streams open and close. */
    public Iterable<Stream> open() {
        return open;
    }

    /** Admits no more streams and returns those still open, for the server to end. */
    public synchronized List<Stream> close() {
        closed = true;
        return List.copyOf(open);
    }
}
