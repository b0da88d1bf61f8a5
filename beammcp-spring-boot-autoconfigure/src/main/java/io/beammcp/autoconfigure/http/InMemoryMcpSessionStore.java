package io.beammcp.autoconfigure.http;

import io.beammcp.core.server.LegacySession;

import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The default {@link McpSessionStore}: a map in least-recently-used order, bounded in count (opening a
 * session beyond it ends the one unused for longest) and in idle time (expired sessions are dropped as
 * the store is used, oldest first, so the work is proportional to what expired). One lock; each operation
 * is O(1) amortized.
 */
final class InMemoryMcpSessionStore implements McpSessionStore {

    private final int maxCount;
    private final long idleNanos;
    private final LongSupplier clock;
    private final LinkedHashMap<String, Entry> sessions = new LinkedHashMap<>(64, 0.75f, true);

    InMemoryMcpSessionStore(int maxCount, Duration idleTimeout) {
        this(maxCount, idleTimeout, System::nanoTime);
    }

    InMemoryMcpSessionStore(int maxCount, Duration idleTimeout, LongSupplier clock) {
        if (maxCount <= 0) {
            throw new IllegalArgumentException("The maximum session count must be positive, was " + maxCount);
        }
        this.maxCount = maxCount;
        this.idleNanos = idleTimeout.toNanos();
        this.clock = clock;
    }

    @Override
    public synchronized void save(String id, LegacySession session) {
        long now = clock.getAsLong();
        expire(now);
        sessions.put(id, new Entry(session, now));
        Iterator<Entry> oldest = sessions.values().iterator();
        while (sessions.size() > maxCount) {
            oldest.next();
            oldest.remove();
        }
    }

    @Override
    public synchronized LegacySession find(String id) {
        long now = clock.getAsLong();
        expire(now);
        Entry entry = sessions.get(id);
        if (entry == null) {
            return null;
        }
        entry.lastUsed = now;
        return entry.session;
    }

    @Override
    public synchronized boolean remove(String id) {
        expire(clock.getAsLong());
        return sessions.remove(id) != null;
    }

    synchronized int size() {
        return sessions.size();
    }

    /** Access order keeps the least recently used first, so the expired ones are a prefix. */
    private void expire(long now) {
        Iterator<Map.Entry<String, Entry>> it = sessions.entrySet().iterator();
        while (it.hasNext()) {
            if (now - it.next().getValue().lastUsed < idleNanos) {
                return;
            }
            it.remove();
        }
    }

    private static final class Entry {

        final LegacySession session;
        long lastUsed;

        Entry(LegacySession session, long lastUsed) {
            this.session = session;
            this.lastUsed = lastUsed;
        }
    }
}
