package io.beammcp.core.internal.tasks;

import io.beammcp.core.MissingClientCapabilityException;
import io.beammcp.core.extension.ExtensionRequest;
import io.beammcp.core.extension.ListenStreams;
import io.beammcp.core.internal.input.RequestInput;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.internal.protocol.ToolErrors;
import io.beammcp.core.tasks.TaskRecord;
import io.beammcp.core.tasks.TaskStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * The Tasks extension ({@code io.modelcontextprotocol/tasks}, 2026-07-28): which requests declare it, task
 * creation and ends in the store, the input and cancellation of tasks, and the tasks running in this process.
 */
final class Tasks {

    /** The extension's name, in capabilities. */
    static final String EXTENSION = "io.modelcontextprotocol/tasks";
    /** The member of a listen's filter naming the tasks it follows, and their notification. */
    static final String TASK_IDS = "taskIds";
    private static final String NOTIFICATION = "notifications/tasks";
    /** The member of a message to the other instances naming the task that changed. */
    private static final String TASK = "task";

    private static final Logger log = LoggerFactory.getLogger(Tasks.class);
    private static final Base64.Encoder IDS = Base64.getUrlEncoder().withoutPadding();
    /** The alphabet of the ids issued (base64url), at most as long as the JDBC store's column. */
    private static final Pattern ISSUABLE = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    private final TaskStore store;
    private final TaskSettings settings;
    private final JsonCodec codec;
    private final TaskJson json;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, TaskCall> running = new ConcurrentHashMap<>();
    /** What each listened task's streams were last told, so an unchanged state (a lease renewed) is not told again. */
    private final Map<String, String> told = new ConcurrentHashMap<>();
    /** The listen streams, once the server started the extension; {@code null} before. */
    private volatile ListenStreams streams;
    private final StoreCalls calls;
    private final TaskEnds ends;

    Tasks(TaskStore store, TaskSettings settings, JsonCodec codec, Clock clock) {
        this.store = store;
        this.settings = settings;
        this.codec = codec;
        this.json = new TaskJson(codec);
        this.clock = clock;
        this.calls = new StoreCalls(settings.lease(), codec);
        this.ends = new TaskEnds(codec, json, clock);
    }

    /**
     * Runs a task-capable tool call whose request declared the extension, on the request's thread until the
     * call is answered (see {@link TaskCall}); the task belongs to the call's caller.
     */
    ObjectNode call(ExtensionRequest request, boolean required, Supplier<ObjectNode> work) {
        TaskCall call = new TaskCall(this, request.caller(), required);
        request.bind(call);
        return call.call(work);
    }

    /**
     * A new working task, stored; {@code null} when the store holds as many as it may, in all or for this owner.
     *
     * @throws McpError the retryable {@code -32603} when the store is unreachable
     */
    TaskRecord create(String owner) {
        Instant now = clock.instant();
        byte[] id = new byte[16];
        random.nextBytes(id);
        TaskRecord record = new TaskRecord(IDS.encodeToString(id), owner, "working", null, now, now,
                settings.ttl() == null ? null : settings.ttl().toMillis(), settings.pollInterval().toMillis(), null,
                null, null, null, false, now.plus(settings.lease()), 0);
        return calls.request(() -> store.create(record)) ? record : null;
    }

    /** A task kept for a call that did not become one (it asked for input, or was cancelled): removed. */
    void release(TaskCall call) {
        running.remove(call.taskId());
        try {
            // one try, as a request's store call: the answer waits on it, and a task never handed out can expire
            calls.request(() -> {
                store.delete(call.taskId());
                return null;
            });
        } catch (RuntimeException e) {
            log.warn("The task store failed while removing a task never handed out; it stays until it expires: {}",
                    e.toString());
        }
    }

    /**
     * The tasks of a listen's {@code notifications.taskIds} that the caller may see; asking for them needs the
     * extension declared on that request ({@code -32021}).
     */
    Set<String> follow(ExtensionRequest request, JsonNode ids) {
        if (!request.declared()) {
            throw new MissingClientCapabilityException(List.of(List.of("extensions", EXTENSION)));
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
            if (visible(id.stringValue(), request.caller()) != null) {
                visible.add(id.stringValue());
            }
        }
        return visible;
    }

    /** Starts telling the listen streams that follow a task its changes. */
    void attach(ListenStreams streams) {
        this.streams = streams;
    }

    /** Tells the listen streams that asked about this task its state, once per state they can see. */
    private void changed(TaskRecord record) {
        ListenStreams listening = streams;
        if (record == null || listening == null
                || !told.containsKey(record.id()) && !listening.followed(TASK_IDS).contains(record.id())) {
            return;
        }
        ObjectNode detailed = json.detailed(record);
        String text = json.write(detailed);
        if (!text.equals(told.put(record.id(), text))) {
            listening.notify(TASK_IDS, record.id(), NOTIFICATION, detailed);
        }
    }

    /** The answer when no task can be created: a tool error the model can read. */
    ObjectNode storeFull() {
        return ToolErrors.of(codec, "The server holds as many tasks as it may; try again later");
    }

    void running(TaskCall call) {
        running.put(call.taskId(), call);
    }

    /**
     * The work of a task ended: its record ends too, {@code completed}, {@code failed} or {@code cancelled}. The
     * outcome is kept here while the store is unreachable, up to a lease; answers the record as stored, or
     * {@code null} when it could not be.
     */
    TaskRecord finish(TaskCall call, ObjectNode result, RuntimeException failure, boolean cancelled) {
        try {
            TaskRecord ended = calls.work(() -> store.update(call.taskId(),
                    current -> ends.end(current, result, failure, cancelled)));
            changed(ended);
            tellPeers(call.taskId());
            return ended;
        } catch (RuntimeException e) {
            // unreachable for a whole lease: other instances fail the task as their lease check says
            log.warn("The task store failed while recording the end of a task; it fails when its lease runs out: {}",
                    e.toString());
            return null;
        } finally {
            running.remove(call.taskId());
        }
    }

    /** Puts a task in {@code input_required} with these requests outstanding, besides any already. */
    void ask(String id, ObjectNode asked) {
        changed(calls.work(() -> store.update(id, current -> {
            ObjectNode outstanding = current.inputRequests() == null ? codec.object() : json.read(current.inputRequests());
            outstanding.setAll(asked);
            return current.withInput("input_required", json.write(outstanding), current.inputResponses(),
                    clock.instant());
        })));
        tellPeers(id);
    }

    /** The task as stored now, for its own work: the store is tried again while unreachable, up to a lease. */
    TaskRecord current(String id) {
        return calls.work(() -> store.find(id));
    }

    /** Takes the answers to {@code keys} once every one has come; {@code null} until then. */
    Map<String, JsonNode> take(String id, Set<String> keys) {
        Map<String, JsonNode> taken = new LinkedHashMap<>();
        calls.work(() -> store.update(id, current -> {
            taken.clear();
            ObjectNode responses = current.inputResponses() == null ? null : json.read(current.inputResponses());
            if (responses == null || !keys.stream().allMatch(responses::has)) {
                return current;
            }
            keys.forEach(key -> taken.put(key, responses.remove(key)));
            return current.withInput(current.status(), current.inputRequests(),
                    responses.isEmpty() ? null : json.write(responses), current.lastUpdatedAt());
        }));
        return taken.isEmpty() ? null : taken;
    }

    /**
     * The task of this id if the caller may see it: known, not expired, and created by the same caller;
     * a live task whose server stopped vouching for it (its lease ran out) is failed first. An id of another
     * form than those issued is unknown without a look in the store (a database may refuse its characters).
     */
    TaskRecord visible(String id, String owner) {
        if (!ISSUABLE.matcher(id).matches()) {
            return null;
        }
        TaskRecord record = calls.request(() -> store.find(id));
        Instant now = clock.instant();
        if (record == null || record.expiredAt(now) || !record.owner().equals(owner)) {
            return null;
        }
        if (!record.terminal() && record.leaseUntil() != null && record.leaseUntil().isBefore(now)
                && !running.containsKey(id)) {
            record = calls.request(() -> store.update(id, current -> ends.stopped(current,
                    "The server running this task stopped before it ended", "The server running this task stopped")));
        }
        return record;
    }

    /**
     * Delivers answers to a task's outstanding requests: each is checked against the shape of its method's
     * result ({@code -32602} otherwise, nothing changed); keys not outstanding are ignored.
     */
    void deliver(String id, JsonNode responses) {
        TaskRecord after = calls.request(() -> store.update(id, current -> {
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
        }));
        changed(after);
        tellPeers(id);
        TaskCall local = running.get(id);
        if (local != null) {
            local.wake();
        }
    }

    /** Asks for a task's cancellation; the work running it (in this process or another) stops. */
    void cancel(String id) {
        calls.request(() -> store.update(id, current -> current.terminal() || current.cancelRequested() ? current
                : current.withCancelRequested()));
        TaskCall local = running.get(id);
        if (local != null) {
            local.cancel();
        } else {
            tellPeers(id);
        }
    }

    /** Tells this extension on the other instances of a cluster that a task changed in the store. */
    private void tellPeers(String id) {
        ListenStreams listening = streams;
        if (listening != null) {
            listening.tellPeers(codec.object().put(TASK, id));
        }
    }

    /**
     * Another instance changed a task in the store: the listen streams here that follow it are told, and its
     * work, when it runs here, is cancelled or woken at once, without waiting for the watch.
     */
    void fromPeer(JsonNode message) {
        String id = message.path(TASK).asString("");
        if (!ISSUABLE.matcher(id).matches()) {
            return;
        }
        TaskCall local = running.get(id);
        ListenStreams listening = streams;
        if (local == null && !told.containsKey(id) && (listening == null || !listening.followed(TASK_IDS).contains(id))) {
            return;
        }
        TaskRecord record = store.find(id);
        changed(record);
        if (local != null) {
            if (record == null || record.cancelRequested()) {
                local.cancel();
            } else {
                local.wake();
            }
        }
    }

    /**
     * The watch's tick: cancellations and answers that came through other processes reach the work here, and
     * changes made by other processes reach the listen streams opened here.
     */
    void watch() {
        Instant now = clock.instant();
        ListenStreams listening = streams;
        Set<String> listened = listening == null ? Set.of() : listening.followed(TASK_IDS);
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
        calls.stop();
        running.forEach((id, call) -> {
            // failed first: the work's own end, once cancelled, must find the task ended already
            try {
                changed(store.update(id, current -> ends.stopped(current, "The server running this task shut down",
                        "The server running this task shut down")));
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
