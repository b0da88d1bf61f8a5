package io.beammcp.core.internal.tasks;

import io.beammcp.core.InputRequest;
import io.beammcp.core.extension.CallBinding;
import io.beammcp.core.internal.input.InputRequiredException;
import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.tasks.TaskRecord;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * One task-capable tool call whose request declared the extension. Its host code runs on the task executor
 * while the request waits for the call's answer: the tool's result or an input round, when the code ends or
 * asks within the immediate window; otherwise, once the call has become a task (the code called
 * {@code startTask()}, or ran past the window), the {@code CreateTaskResult}. From then on the work's end,
 * its input and its cancellation go through the task store. A task-only call takes its task from the store
 * before its host code runs, so a full store refuses it before any of its work is done.
 */
final class TaskCall implements CallBinding {

    private enum Phase { CALL, TASK, ENDED }

    private final Tasks tasks;
    private final String owner;
    private final boolean required;
    private final CompletableFuture<ObjectNode> answer = new CompletableFuture<>();
    private final Map<String, JsonNode> answers = new ConcurrentHashMap<>();
    private final Object lock = new Object();
    /** Notified when the task's record may hold new answers, or the task was cancelled. */
    private final Object signal = new Object();
    private Phase phase = Phase.CALL;
    /** The task kept for a task-only call before its host code runs; handed out when the call becomes one. */
    private TaskRecord kept;
    private volatile boolean task;
    private volatile String taskId;
    private volatile boolean cancelled;
    private Thread worker;

    TaskCall(Tasks tasks, String owner, boolean required) {
        this.tasks = tasks;
        this.owner = owner;
        this.required = required;
    }

    String taskId() {
        return taskId;
    }

    /** Runs {@code work} on the task executor and answers the call; runs on the request's own thread. */
    ObjectNode call(Supplier<ObjectNode> work) {
        if (required) {
            kept = tasks.create(owner);
            if (kept == null) {
                return tasks.storeFull();
            }
            taskId = kept.id();
            tasks.running(this);
        }
        try {
            tasks.executor().execute(() -> execute(work));
        } catch (RuntimeException e) {
            if (kept != null) {
                tasks.release(this);
            }
            throw e;
        }
        try {
            try {
                return answer.get(tasks.immediateWindow().toNanos(), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                startTask();
                return answer.get();
            }
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
        } catch (InterruptedException e) {
            // the request was cancelled (or timed out) before it was answered: so is its work
            Thread.currentThread().interrupt();
            cancel();
            throw new CancellationException("The call was cancelled");
        }
    }

    private void execute(Supplier<ObjectNode> work) {
        synchronized (lock) {
            if (phase == Phase.ENDED) {
                return;
            }
            worker = Thread.currentThread();
        }
        ObjectNode result = null;
        RuntimeException failure = null;
        try {
            result = work.get();
        } catch (RuntimeException e) {
            failure = e;
        } finally {
            synchronized (lock) {
                worker = null;
                // an interrupt was for this call only; the thread goes on to other work
                Thread.interrupted();
            }
        }
        end(result, failure);
    }

    private void end(ObjectNode result, RuntimeException failure) {
        Phase was;
        boolean born;
        synchronized (lock) {
            was = phase;
            phase = Phase.ENDED;
            // a task-only call whose work ended within the window: its task is born ended
            born = was == Phase.CALL && kept != null && !cancelled && !(failure instanceof InputRequiredException);
        }
        if (was == Phase.CALL && !born) {
            if (kept != null) {
                // an input round, or a cancelled call: the task kept for it was never handed out, and its place is
                // given back before the answer, so the client's next round finds it free
                tasks.release(this);
            }
            if (failure != null) {
                answer.completeExceptionally(failure);
            } else {
                answer.complete(result);
            }
            return;
        }
        TaskRecord ended = tasks.finish(this, result, failure, cancelled);
        if (born) {
            answer.complete(tasks.json().created(ended == null ? kept : ended));
        }
    }

    @Override
    public boolean startTask() {
        synchronized (lock) {
            if (phase != Phase.CALL) {
                return task;
            }
            if (cancelled) {
                return false;
            }
            TaskRecord record = kept;
            if (record == null) {
                try {
                    record = tasks.create(owner);
                } catch (McpError unreachable) {
                    record = null;
                }
                if (record == null) {
                    // no task to be had: the call goes on as an ordinary one, answered when its work ends
                    return false;
                }
                taskId = record.id();
                tasks.running(this);
            }
            phase = Phase.TASK;
            task = true;
            answer.complete(tasks.json().created(record));
            return true;
        }
    }

    @Override
    public boolean isTask() {
        return task;
    }

    @Override
    public boolean isCancelled() {
        return cancelled;
    }

    /** Stops the work: the host thread is interrupted, and input it waits for stops being awaited. */
    void cancel() {
        cancelled = true;
        synchronized (lock) {
            if (worker != null) {
                worker.interrupt();
            }
        }
        wake();
    }

    /** Something about the task changed in the store: input it waits for may have come. */
    void wake() {
        synchronized (signal) {
            signal.notifyAll();
        }
    }

    @Override
    public void requireInput(Map<String, InputRequest> requests) {
        ObjectNode asked = tasks.json().read("{}");
        requests.forEach((key, request) -> {
            ObjectNode entry = asked.putObject(key).put("method", request.method());
            entry.set("params", tasks.toTree(request.params()));
        });
        tasks.ask(taskId, asked);
        try {
            while (true) {
                TaskRecord record = tasks.current(taskId);
                if (record == null || record.terminal() || record.cancelRequested() || cancelled) {
                    throw new CancellationException("The task was cancelled while waiting for input");
                }
                Map<String, JsonNode> taken = tasks.take(taskId, requests.keySet());
                if (taken != null) {
                    answers.putAll(taken);
                    return;
                }
                synchronized (signal) {
                    signal.wait(tasks.watchInterval().toMillis());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("The task was cancelled while waiting for input");
        }
    }

    @Override
    public JsonNode answer(String key) {
        return answers.get(key);
    }
}
