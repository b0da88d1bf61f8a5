package io.beammcp.autoconfigure.http;

import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The endpoint's event streams ({@link SseStream}), opened and kept here: the writers that drain them, so
 * that no thread that hands a stream a message waits for the client; the heartbeat that every open stream
 * gets every {@code beammcp.streams.heartbeat}; and the set of the streams open now.
 */
final class EventStreams implements AutoCloseable {

    private final ScheduledThreadPoolExecutor heartbeats;
    private final ExecutorService writers;
    private final Set<SseStream> open = ConcurrentHashMap.newKeySet();

    EventStreams(Duration heartbeat) {
        this.heartbeats = new ScheduledThreadPoolExecutor(1, daemons("beammcp-http-heartbeats-"));
        this.heartbeats.scheduleAtFixedRate(() -> open.forEach(SseStream::heartbeat), heartbeat.toNanos(),
                heartbeat.toNanos(), TimeUnit.NANOSECONDS);
        this.writers = Executors.newCachedThreadPool(daemons("beammcp-http-sse-"));
    }

    private static CustomizableThreadFactory daemons(String prefix) {
        CustomizableThreadFactory threads = new CustomizableThreadFactory(prefix);
        threads.setDaemon(true);
        return threads;
    }

    /**
     * Opens an event stream on a response, heartbeated until it ends.
     *
     * @param onDead what to run when the client is found gone before the stream was finished
     */
    SseStream open(HttpAnswer response, Runnable onDead) {
        SseStream stream = new SseStream(response, writers, onDead, open::remove);
        open.add(stream);
        return stream;
    }

    /** The event streams open now. */
    int openCount() {
        return open.size();
    }

    @Override
    public void close() {
        heartbeats.shutdownNow();
        writers.shutdownNow();
    }
}
