package io.beammcp.autoconfigure.http;

import org.springframework.core.task.VirtualThreadTaskExecutor;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import java.util.concurrent.Executor;

/**
 * Where the reactive transport runs what follows a request's body (the body authorizer, the core and host
 * code): never on the event loop that read it, unless the host declares its code non-blocking
 * ({@code beammcp.http.reactive.blocking-host-code=false}). A virtual thread per request when the application
 * enables them ({@code spring.threads.virtual.enabled}, Java 21 or later), as a servlet container then serves
 * on; otherwise a bounded pool of its own (Reactor's bounded elastic scheduler, by default ten threads per CPU
 * as Reactor's own, each request queued for the least busy one), so host code that blocks holds up neither the event loops nor the
 * application's other blocking work.
 */
final class HostThreads implements AutoCloseable {

    private final Executor executor;
    private final Scheduler pool;
    private final boolean blocking;

    private HostThreads(Executor executor, Scheduler pool, boolean blocking) {
        this.executor = executor;
        this.pool = pool;
        this.blocking = blocking;
    }

    /**
     * @param blocking host code may block: it gets threads of its own
     * @param virtual the application serves on virtual threads
     * @param poolSize the most threads of the pool, when there is one
     */
    static HostThreads of(boolean blocking, boolean virtual, int poolSize) {
        if (!blocking) {
            return new HostThreads(Runnable::run, null, false);
        }
        if (virtual) {
            return new HostThreads(new VirtualThreadTaskExecutor("beammcp-host-"), null, true);
        }
        Scheduler pool = Schedulers.newBoundedElastic(poolSize, Schedulers.DEFAULT_BOUNDED_ELASTIC_QUEUESIZE,
                "beammcp-host", 60, true);
        return new HostThreads(pool::schedule, pool, true);
    }

    /** Whether host code may block, and so gets threads of its own. */
    boolean blocking() {
        return blocking;
    }

    /** Where the rest of one request runs. */
    Executor executor() {
        return executor;
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.dispose();
        }
    }
}
