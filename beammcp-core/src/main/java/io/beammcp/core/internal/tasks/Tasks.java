package io.beammcp.core.internal.tasks;

import io.beammcp.core.MissingClientCapabilityException;
import io.beammcp.core.Revision;
import io.beammcp.core.internal.call.HostContext;
import io.beammcp.core.internal.input.InputAnswers;
import io.beammcp.core.internal.input.RequestInput;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.internal.protocol.ToolErrors;
import io.beammcp.core.internal.session.Session;
import io.beammcp.core.internal.streams.Broadcaster;
import io.beammcp.core.tasks.TaskRecord;
import io.beammcp.core.tasks.TaskStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.security.Principal;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * The Tasks extension ({@code io.modelcontextprotocol/tasks}, 2026-07-28): which requests declare it, task
 * creation and ends in the store, the input and cancellation of tasks, and the tasks running in this process.
 */
public final class Tasks {

    /** The extension's name, in capabilities. */
    public static final String EXTENSION = "io.modelcontextprotocol/tasks";

    private static final Logger log = LoggerFactory.getLogger(Tasks.class);
    private static final Base64.Encoder IDS = Base64.getUrlEncoder().withoutPadding();

    private final TaskStore store;
    private final TaskSettings settings;
    private final JsonCodec codec;
    private final TaskJson json;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, TaskCall> running = new ConcurrentHashMap<>();
    /** What each listened task's streams were last told, so an unchanged state (a lease renewed) is not told again. */
    private final Map<String, String> told = new ConcurrentHashMap<>();
    private final Broadcaster broadcaster;

    public Tasks(TaskStore store, TaskSettings settings, JsonCodec codec, Clock clock, Broadcaster broadcaster) {
        this.broadcaster = broadcaster;
        this.store = store;
        this.settings = settings;
        this.codec = codec;
        this.json = new TaskJson(codec);
        this.clock = clock;
    }

    /** Whether this request declared the extension: per request, in its own client capabilities. */
    public static boolean declared(HostContext context) {
        return context.revision() == Revision.V2026_07_28
                && context.clientCapabilities().get("extensions") instanceof Map<?, ?> extensions
                && extensions.containsKey(EXTENSION);
    }

    /** {@code -32021}, naming the extension: what a request that needs it but did not declare it gets. */
    public static McpError extensionRequired(JsonCodec codec) {
        ObjectNode data = codec.object();
        data.putObject("requiredCapabilities").putObject("extensions").putObject(EXTENSION);
        return new McpError(McpError.MISSING_REQUIRED_CLIENT_CAPABILITY,
                "Missing required client capability: extensions." + EXTENSION, data);
    }

    /**
     * Runs a task-capable tool call whose request declared the extension, on the request's thread until the
     * call is answered (see {@link TaskCall}).
     */
    public ObjectNode call(HostContext context, boolean required, Supplier<ObjectNode> work) {
        TaskCall call = new TaskCall(this, owner(context.principal()), required);
        context.bindTask(call);
        return call.call(work);
    }

    /** The name tasks are bound to: the principal's, or {@code ""} when the transport knows none. */
    static String owner(Principal principal) {
        return Session.ownerOf(principal);
    }

    /** A new working task, stored; {@code null} when the store holds as many as it may. */
    TaskRecord create(String owner) {
        Instant now = clock.instant();
        byte[] id = new byte[16];
        random.nextBytes(id);
        TaskRecord record = new TaskRecord(IDS.encodeToString(id), owner, "working", null, now, now,
                settings.ttl() == null ? null : settings.ttl().toMillis(), settings.pollInterval().toMillis(), null,
                null, null, null, false, now.plus(settings.lease()), 0);
        return store.create(record) ? record : null;
    }

    /** A required task whose work ended before it was answered: stored ended, answered as created. */
    ObjectNode createEnded(String owner, ObjectNode result, RuntimeException failure) {
        TaskRecord record = create(owner);
        if (record == null) {
            return storeFull();
        }
        TaskRecord ended = store.update(record.id(), current -> end(current, result, failure, false));
        return json.created(ended == null ? record : ended);
    }

    /**
     * The tasks of a listen's {@code notifications.taskIds} that the caller may see; asking for them needs the
     * extension declared on that request ({@code -32021}). A filter without task ids asks for none.
     */
    public Set<String> listened(JsonNode filter, HostContext context) {
        JsonNode ids = filter == null ? null : filter.get("taskIds");
        if (ids == null) {
            return Set.of();
        }
        if (!declared(context)) {
            throw extensionRequired(codec);
        }
        if (!ids.isArray()) {
            throw McpError.invalidParams("Invalid params: notifications.taskIds must be an array of task ids");
        }
        Set<String> visible = new LinkedHashSet<>();
        for (JsonNode id : ids) {
            if (!id.isString()) {
                throw McpError.invalidParams("Invalid params: notifications.taskIds must hold strings");
            }
            // ids the caller cannot see are left out of the acknowledgement, as if unknown
            if (visible(id.stringValue(), context.principal()) != null) {
                visible.add(id.stringValue());
            }
        }
        return visible;
    }

    /** Tells the listen streams that asked about this task its state, once per state they can see. */
    private void changed(TaskRecord record) {
        if (record == null || !told.containsKey(record.id()) && !broadcaster.listenedTasks().contains(record.id())) {
            return;
        }
        ObjectNode detailed = json.detailed(record);
        String text = json.write(detailed);
        if (!text.equals(told.put(record.id(), text))) {
            broadcaster.taskChanged(record.id(), detailed);
        }
    }

    /** The answer when no task can be created: a tool error the model can read. */
    ObjectNode storeFull() {
        return ToolErrors.of(codec, "The server holds as many tasks as it may; try again later");
    }

    void running(TaskCall call) {
        running.put(call.taskId(), call);
    }

    /** The work of a task ended: its record ends too, {@code completed}, {@code failed} or {@code cancelled}. */
    void finish(TaskCall call, ObjectNode result, RuntimeException failure, boolean cancelled) {
        try {
            changed(store.update(call.taskId(), current -> end(current, result, failure, cancelled)));
        } catch (RuntimeException e) {
            // a shared store may be unreachable: the task is failed once its lease runs out
            log.warn("The task store failed while recording the end of a task; it fails when its lease runs out: {}",
                    e.toString());
        } finally {
            running.remove(call.taskId());
        }
    }

    private TaskRecord end(TaskRecord current, ObjectNode result, RuntimeException failure, boolean cancelled) {
        Instant now = clock.instant();
        if (current.terminal()) {
            return current;
        }
        if (cancelled || current.cancelRequested() || failure instanceof CancellationException) {
            return current.ended("cancelled", null, null, "The task was cancelled", now);
        }
        if (failure == null) {
            return current.ended("completed", json.write(result), null, null, now);
        }
        McpError error = failure instanceof McpError e ? e
                : failure instanceof MissingClientCapabilityException e
                        ? InputAnswers.missingCapability(codec, Revision.V2026_07_28, e)
                        : internal(failure);
        ObjectNode body = codec.object().put("code", error.code()).put("message", error.getMessage());
        if (error.data() != null) {
            body.set("data", error.data());
        }
        return current.ended("failed", null, json.write(body), error.getMessage(), now);
    }

    private static McpError internal(RuntimeException failure) {
        log.error("A task's work failed; its status is failed with -32603", failure);
        return new McpError(McpError.INTERNAL_ERROR, "Internal error");
    }

    /** Puts a task in {@code input_required} with these requests outstanding, besides any already. */
    void ask(String id, ObjectNode asked) {
        changed(store.update(id, current -> {
            ObjectNode outstanding = current.inputRequests() == null ? codec.object() : json.read(current.inputRequests());
            outstanding.setAll(asked);
            return current.withInput("input_required", json.write(outstanding), current.inputResponses(),
                    clock.instant());
        }));
    }

    /** Takes the answers to {@code keys} once every one has come; {@code null} until then. */
    Map<String, JsonNode> take(String id, Set<String> keys) {
        Map<String, JsonNode> taken = new LinkedHashMap<>();
        store.update(id, current -> {
            taken.clear();
            ObjectNode responses = current.inputResponses() == null ? null : json.read(current.inputResponses());
            if (responses == null || !keys.stream().allMatch(responses::has)) {
                return current;
            }
            keys.forEach(key -> taken.put(key, responses.remove(key)));
            return current.withInput(current.status(), current.inputRequests(),
                    responses.isEmpty() ? null : json.write(responses), current.lastUpdatedAt());
        });
        return taken.isEmpty() ? null : taken;
    }

    /**
     * The task of this id if the caller may see it: known, not expired, and created by the same principal;
     * a live task whose server stopped vouching for it (its lease ran out) is failed first.
     */
    TaskRecord visible(String id, Principal principal) {
        TaskRecord record = store.find(id);
        Instant now = clock.instant();
        if (record == null || record.expiredAt(now) || !record.owner().equals(owner(principal))) {
            return null;
        }
        if (!record.terminal() && record.leaseUntil() != null && record.leaseUntil().isBefore(now)
                && !running.containsKey(id)) {
            ObjectNode error = codec.object().put("code", McpError.INTERNAL_ERROR)
                    .put("message", "The server running this task stopped before it ended");
            record = store.update(id, current -> current.terminal() ? current
                    : current.ended("failed", null, json.write(error), "The server running this task stopped", now));
        }
        return record;
    }

    /**
     * Delivers answers to a task's outstanding requests: each is checked against the shape of its method's
     * result ({@code -32602} otherwise, nothing changed); keys not outstanding are ignored.
     */
    void deliver(String id, JsonNode responses) {
        TaskRecord after = store.update(id, current -> {
            if (!"input_required".equals(current.status()) || current.inputRequests() == null) {
                return current;
            }
            ObjectNode outstanding = json.read(current.inputRequests());
            ObjectNode delivered = current.inputResponses() == null ? codec.object() : json.read(current.inputResponses());
            boolean changed = false;
            for (Map.Entry<String, JsonNode> answer : responses.properties()) {
                JsonNode request = outstanding.get(answer.getKey());
                if (request == null) {
                    continue;
                }
                if (!answer.getValue().isObject() || !RequestInput.fits(request.path("method").asString(), answer.getValue())) {
                    throw McpError.invalidParams("Invalid params: inputResponses." + answer.getKey() + " is not a result of "
                            + request.path("method").asString());
                }
                outstanding.remove(answer.getKey());
                delivered.set(answer.getKey(), answer.getValue());
                changed = true;
            }
            if (!changed) {
                return current;
            }
            return current.withInput(outstanding.isEmpty() ? "working" : "input_required",
                    outstanding.isEmpty() ? null : json.write(outstanding), json.write(delivered), clock.instant());
        });
        changed(after);
        TaskCall local = running.get(id);
        if (local != null) {
            local.wake();
        }
    }

    /** Asks for a task's cancellation; the work running it (in this process or another) stops. */
    void cancel(String id) {
        store.update(id, current -> current.terminal() || current.cancelRequested() ? current
                : current.withCancelRequested());
        TaskCall local = running.get(id);
        if (local != null) {
            local.cancel();
        }
    }

    /**
     * The watch's tick: cancellations and answers that came through other processes reach the work here, and
     * changes made by other processes reach the listen streams opened here.
     */
    void watch() {
        Instant now = clock.instant();
        Set<String> listened = broadcaster.listenedTasks();
        told.keySet().retainAll(listened);
        for (String id : listened) {
            changed(store.find(id));
        }
        running.forEach((id, call) -> {
            TaskRecord record = store.find(id);
            if (record == null || record.cancelRequested()) {
                call.cancel();
            } else {
                call.wake();
                if (record.leaseUntil() == null || record.leaseUntil().isBefore(now.plus(settings.lease().dividedBy(2)))) {
                    store.update(id, current -> current.terminal() ? current : current.withLease(now.plus(settings.lease())));
                }
            }
        });
    }

    /** Ends every task running here, as failed, at shutdown; their work is cancelled. */
    void stop() {
        running.forEach((id, call) -> {
            // failed first: the work's own end, once cancelled, must find the task ended already
            ObjectNode error = codec.object().put("code", McpError.INTERNAL_ERROR)
                    .put("message", "The server running this task shut down");
            try {
                changed(store.update(id, current -> current.terminal() ? current
                        : current.ended("failed", null, json.write(error), "The server running this task shut down",
                                clock.instant())));
            } catch (RuntimeException e) {
                // the other tasks still end; this one is failed once its lease runs out
                log.warn("The task store failed while failing a task at shutdown: {}", e.toString());
            }
            call.cancel();
        });
    }

    TaskStore store() {
        return store;
    }

    TaskJson json() {
        return json;
    }

    JsonNode toTree(Object value) {
        return codec.toTree(value);
    }

    Executor executor() {
        return settings.executor();
    }

    Duration immediateWindow() {
        return settings.immediateWindow();
    }

    Duration watchInterval() {
        return settings.watchInterval();
    }

    TaskSettings settings() {
        return settings;
    }
}
