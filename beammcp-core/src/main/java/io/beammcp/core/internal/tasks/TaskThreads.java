package io.beammcp.core.internal.tasks;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** The default home of task work: daemon threads, one per task running, kept a minute when idle. */
final class TaskThreads implements Executor {

    public static final TaskThreads INSTANCE = new TaskThreads();

    private final ExecutorService threads;

    private TaskThreads() {
        AtomicInteger count = new AtomicInteger();
        this.threads = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "beammcp-task-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    @Override
    public void execute(Runnable command) {
        threads.execute(command);
    }
}
