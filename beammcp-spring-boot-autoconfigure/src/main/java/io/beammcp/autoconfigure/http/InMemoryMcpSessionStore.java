package io.beammcp.autoconfigure.http;

import io.beammcp.core.spi.LegacySession;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The default {@link McpSessionStore}: bounded in count (opening a session beyond it ends the one unused
 * for longest), in count per named caller (opening one beyond the caller's share ends that caller's own
 * session unused for longest, so that one caller cannot push everyone else's out) and in idle time (a
 * session unused for longer is gone). Finding a session takes no lock, so
 * the requests of one session, or of many, do not queue behind each other: it is one lookup, and the
 * session's last use noted. An expired session is dropped when it is looked up, and all of them when a
 * session is opened in a full store, before the least recently used is ended; only that, a scan of at
 * most {@code max-count} sessions, happens under a lock, and only when a session opens (a named caller's
 * share is counted by such a scan too). A session that
 * leaves the store by expiry or eviction is {@linkplain LegacySession#close() closed}, as on {@code DELETE}:
 * its {@code GET} stream ends instead of holding a stream slot for a session no request can name.
 */
final class InMemoryMcpSessionStore implements McpSessionStore {

    private final int maxCount;
    private final int maxPerCaller;
    private final long idleNanos;
    private final LongSupplier clock;
    private final ConcurrentHashMap<String, Entry> sessions = new ConcurrentHashMap<>();
    /** Orders uses: the clock may give two uses the same time. */
    private final AtomicLong uses = new AtomicLong();
    private final Object opening = new Object();

    InMemoryMcpSessionStore(int maxCount, int maxPerCaller, Duration idleTimeout) {
        this(maxCount, maxPerCaller, idleTimeout, System::nanoTime);
    }

    InMemoryMcpSessionStore(int maxCount, int maxPerCaller, Duration idleTimeout, LongSupplier clock) {
        if (maxCount <= 0 || maxPerCaller <= 0) {
            throw new IllegalArgumentException("The maximum session counts must be positive, were " + maxCount
                    + " and " + maxPerCaller);
        }
        this.maxCount = maxCount;
        this.maxPerCaller = maxPerCaller;
        this.idleNanos = idleTimeout.toNanos();
        this.clock = clock;
    }

    @Override
    public void save(String id, LegacySession session) {
        List<LegacySession> ended = new ArrayList<>();
        synchronized (opening) {
            long now = clock.getAsLong();
            sessions.put(id, new Entry(session, now, uses.incrementAndGet()));
            if (!session.owner().isEmpty()) {
                endBeyondShare(session.owner(), ended);
            }
            if (sessions.size() > maxCount) {
                for (Iterator<Entry> it = sessions.values().iterator(); it.hasNext(); ) {
                    Entry entry = it.next();
                    if (expired(entry, now)) {
                        it.remove();
                        ended.add(entry.session);
                    }
                }
                while (sessions.size() > maxCount) {
                    ended.add(removeLeastRecentlyUsed());
                }
            }
        }
        ended.forEach(LegacySession::close);
    }

    @Override
    public LegacySession find(String id) {
        Entry entry = sessions.get(id);
        if (entry == null) {
            return null;
        }
        long now = clock.getAsLong();
        if (expired(entry, now)) {
            if (sessions.remove(id, entry)) {
                entry.session.close();
            }
            return null;
        }
        entry.lastUsed = now;
        entry.lastUse = uses.incrementAndGet();
        return entry.session;
    }

    @Override
    public boolean remove(String id) {
        Entry entry = sessions.remove(id);
        return entry != null && !expired(entry, clock.getAsLong());
    }

    @Override
    public int count() {
        return size();
    }

    int size() {
        return sessions.size();
    }

    private boolean expired(Entry entry, long now) {
        return now - entry.lastUsed >= idleNanos;
    }

    /** Called holding the lock: the caller's sessions beyond its share end, least recently used first. */
    private void endBeyondShare(String owner, List<LegacySession> ended) {
        while (true) {
            int held = 0;
            Map.Entry<String, Entry> oldest = null;
            for (Map.Entry<String, Entry> candidate : sessions.entrySet()) {
                if (owner.equals(candidate.getValue().session.owner())) {
                    held++;
                    if (oldest == null || candidate.getValue().lastUse < oldest.getValue().lastUse) {
                        oldest = candidate;
                    }
                }
            }
            if (held <= maxPerCaller) {
                return;
            }
            if (sessions.remove(oldest.getKey(), oldest.getValue())) {
                ended.add(oldest.getValue().session);
            }
        }
    }

    /** Called holding the lock with more than {@code maxCount} sessions, so there is one to remove. */
    private LegacySession removeLeastRecentlyUsed() {
        Map.Entry<String, Entry> oldest = null;
        for (Map.Entry<String, Entry> candidate : sessions.entrySet()) {
            if (oldest == null || candidate.getValue().lastUse < oldest.getValue().lastUse) {
                oldest = candidate;
            }
        }
        sessions.remove(oldest.getKey(), oldest.getValue());
        return oldest.getValue().session;
    }

    private static final class Entry {

        final LegacySession session;
        volatile long lastUsed;
        volatile long lastUse;

        Entry(LegacySession session, long lastUsed, long lastUse) {
            this.session = session;
            this.lastUsed = lastUsed;
            this.lastUse = lastUse;
        }
    }
}
