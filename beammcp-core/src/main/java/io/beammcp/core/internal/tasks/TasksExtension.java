package io.beammcp.core.internal.tasks;

import io.beammcp.core.MissingClientCapabilityException;
import io.beammcp.core.Revision;
import io.beammcp.core.TaskSupport;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.extension.CallWrapper;
import io.beammcp.core.extension.ExtensionMethod;
import io.beammcp.core.extension.ExtensionRequest;
import io.beammcp.core.extension.ListenFilter;
import io.beammcp.core.extension.ListenStreams;
import io.beammcp.core.extension.McpExtension;
import io.beammcp.core.extension.Negotiation;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.tasks.TaskStore;
import tools.jackson.databind.node.ObjectNode;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The Tasks extension ({@code io.modelcontextprotocol/tasks}) on the extension API: advertised with an empty
 * settings object in 2026-07-28 only (the extension is not defined in 2025-11-25), negotiated per request, its
 * three methods refusing a request that did not declare it, a task-capable {@code tools/call} run as a task
 * when its request declared it, and {@code notifications/tasks} to the listen streams that follow a task
 * ({@code notifications.taskIds}).
 */
public final class TasksExtension implements McpExtension {

    private static final String TASK_ID = "taskId";

    private final Tasks tasks;
    private final TasksHandler handler;
    private final Clock clock;
    private TaskWatch watch;

    /** The extension over a store; its watch of the store starts with the server ({@link #start}). */
    public TasksExtension(TaskStore store, TaskSettings settings, JsonCodec codec, Clock clock) {
        this.tasks = new Tasks(store, settings, codec, clock);
        this.handler = new TasksHandler(tasks, codec);
        this.clock = clock;
    }

    @Override
    public String id() {
        return Tasks.EXTENSION;
    }

    @Override
    public Map<String, Object> settings(Revision revision) {
        return revision == Revision.V2026_07_28 ? Map.of() : null;
    }

    @Override
    public Negotiation negotiation() {
        return Negotiation.REQUIRED;
    }

    @Override
    public List<ExtensionMethod> methods() {
        // Mcp-Name mirrors the task id, so intermediaries can route a task's traffic to the instance holding it
        return List.of(ExtensionMethod.of("tasks/get", handler::get).mirroring(TASK_ID),
                ExtensionMethod.of("tasks/update", handler::update).mirroring(TASK_ID),
                ExtensionMethod.of("tasks/cancel", handler::cancel).mirroring(TASK_ID));
    }

    @Override
    public CallWrapper wraps(String method) {
        return "tools/call".equals(method) ? this::call : null;
    }

    /**
     * A task-capable tool's call runs as a task when its request declared the extension; without it, an
     * optional one is an ordinary call and a task-only one has no answer ({@code -32021}).
     */
    private Supplier<ObjectNode> call(ExtensionRequest call, Supplier<ObjectNode> work) {
        ToolSpec tool = call.context().tool();
        TaskSupport support = tool == null ? TaskSupport.FORBIDDEN : tool.taskSupport();
        if (support == TaskSupport.FORBIDDEN) {
            return work;
        }
        if (!call.declared()) {
            if (support == TaskSupport.REQUIRED) {
                throw new MissingClientCapabilityException(List.of(List.of("extensions", Tasks.EXTENSION)));
            }
            return work;
        }
        return () -> tasks.call(call, support == TaskSupport.REQUIRED, work);
    }

    @Override
    public Map<String, ListenFilter> listens() {
        return Map.of(Tasks.TASK_IDS, tasks::follow);
    }

    @Override
    public synchronized void start(ListenStreams streams) {
        tasks.attach(streams);
        // started with the server, not when built: a server whose build is refused leaves no thread behind
        watch = new TaskWatch(tasks, clock);
    }

    /** Another instance changed a task: read on the watch's thread, so the cluster's thread never waits on the store. */
    @Override
    public synchronized void fromPeer(ObjectNode message) {
        if (watch != null) {
            watch.soon(() -> tasks.fromPeer(message));
        }
    }

    @Override
    public synchronized void close() {
        if (watch != null) {
            watch.close();
        }
    }
}
