package io.beammcp.core.internal.streams;

import io.beammcp.core.internal.session.Session;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The server's open streams, bounded in number overall, per named caller (so that one caller cannot hold every
 * slot) and per legacy session (a stdio process counts as one session). Callers without a name (no principal)
 * count only towards the overall bound. Once closed, it admits no more.
 */
public final class Streams {

    private final int maxOpen;
    private final int maxPerSession;
    private final int maxPerCaller;
    private final Set<Stream> open = ConcurrentHashMap.newKeySet();
    /** How many streams each named caller holds; changed under this registry's lock. */
    private final Map<String, Integer> perCaller = new HashMap<>();
    private boolean closed;

    public Streams(int maxOpen, int maxPerSession, int maxPerCaller) {
        if (maxOpen <= 0 || maxPerSession <= 0 || maxPerCaller <= 0) {
            throw new IllegalArgumentException("Stream limits must be positive, were " + maxOpen + ", "
                    + maxPerSession + " and " + maxPerCaller);
        }
        this.maxOpen = maxOpen;
        this.maxPerSession = maxPerSession;
        this.maxPerCaller = maxPerCaller;
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
        String caller = stream.caller();
        if (!caller.isEmpty() && perCaller.getOrDefault(caller, 0) >= maxPerCaller) {
            return "a caller holds at most " + maxPerCaller + " open streams";
        }
        open.add(stream);
        if (!caller.isEmpty()) {
            perCaller.merge(caller, 1, Integer::sum);
        }
        if (owner != null) {
            owner.streams().add(stream);
        }
        return null;
    }

    synchronized void remove(Stream stream) {
        if (!open.remove(stream)) {
            return;
        }
        if (stream.owner() != null) {
            stream.owner().streams().remove(stream);
        }
        if (!stream.caller().isEmpty()) {
            perCaller.computeIfPresent(stream.caller(), (caller, held) -> held == 1 ? null : held - 1);
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
