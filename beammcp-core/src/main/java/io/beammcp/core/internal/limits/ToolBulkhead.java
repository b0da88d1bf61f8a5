package io.beammcp.core.internal.limits;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;

/** Bounds how many calls of each tool run at once; a call over the bound is refused without waiting. */
public final class ToolBulkhead {

    private final int max;
    private final ConcurrentHashMap<String, Semaphore> permits = new ConcurrentHashMap<>();

    /** @param max calls of one tool at once, or zero or less for no bound */
    public ToolBulkhead(int max) {
        this.max = max;
    }

    public boolean bounded() {
        return max > 0;
    }

    public int max() {
        return max;
    }

    /** A permit for one call of {@code tool}, or {@code null} when as many are already running. */
    public Semaphore tryEnter(String tool) {
        Semaphore semaphore = permits.computeIfAbsent(tool, name -> new Semaphore(max));
        return semaphore.tryAcquire() ? semaphore : null;
    }
}
