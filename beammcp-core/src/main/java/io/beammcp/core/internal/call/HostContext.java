package io.beammcp.core.internal.call;

import io.beammcp.core.CallContext;
import io.beammcp.core.InputRequest;
import io.beammcp.core.LogLevel;
import io.beammcp.core.MissingClientCapabilityException;
import io.beammcp.core.Revision;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.extension.CallBinding;
import io.beammcp.core.internal.input.ClientRequests;
import io.beammcp.core.internal.input.InputRequiredException;
import io.beammcp.core.internal.input.RequestInput;
import io.beammcp.core.internal.json.JavaValues;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.json.JsonNumbers;
import io.beammcp.core.internal.protocol.Envelopes;
import io.beammcp.core.internal.protocol.Notification;
import io.beammcp.core.internal.protocol.RevisionShape;
import io.beammcp.core.internal.session.Session;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.security.Principal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * One request as host code sees it: who asks, in which revision, and the ways back to the client before
 * the answer (progress, log messages, input requests). What it emits goes through the request's
 * {@link CallLifecycle}, so nothing is sent after the answer.
 */
public final class HostContext implements CallContext {

    private final Revision revision;
    private final JsonNode id;
    private final Map<String, Object> clientInfo;
    private final Map<String, Object> clientCapabilities;
    private final JsonNode progressToken;
    private final Supplier<LogLevel> threshold;
    /** The legacy session to ask input through, and where {@code notifications/cancelled} finds the request. */
    private final Session session;
    private final JsonCodec codec;
    private final Envelopes envelopes;
    private ToolSpec tool;
    /** The validated arguments of a tool call, as read, for host code that binds them to Java types itself. */
    private JsonNode arguments;
    /** The request's input, for the methods that may ask the client for some; else {@code null}. */
    private RequestInput input;
    private Duration inputTimeout;
    private final Principal principal;
    private volatile CallLifecycle lifecycle;
    private volatile CallBinding task;
    private BigDecimal lastProgress;

    public HostContext(Revision revision, JsonNode id, Map<String, Object> clientInfo,
            Map<String, Object> clientCapabilities, JsonNode progressToken, Supplier<LogLevel> threshold,
            Session session, Principal principal, JsonCodec codec, Envelopes envelopes) {
        this.principal = principal;
        this.revision = revision;
        this.id = id;
        this.clientInfo = clientInfo;
        this.clientCapabilities = clientCapabilities;
        this.progressToken = progressToken;
        this.threshold = threshold;
        this.session = session;
        this.codec = codec;
        this.envelopes = envelopes;
    }

    /** Names the tool the request calls and its validated arguments; set before the work starts. */
    public void bindTool(ToolSpec spec, JsonNode validatedArguments) {
        this.tool = spec;
        this.arguments = validatedArguments;
    }

    /** The validated arguments of the tool call, or {@code null} outside one. */
    public JsonNode arguments() {
        return arguments;
    }

    /** Lets the request ask the client for input; set before the work starts. */
    public void bindInput(RequestInput requestInput, Duration timeout) {
        this.input = requestInput;
        this.inputTimeout = timeout;
    }

    /** The life of the request's work, from when it is bound; what the context emits goes through it. */
    public void attach(CallLifecycle work) {
        this.lifecycle = work;
    }

    /** What a wrapping extension adds to the call (the task it may become); set before the work starts. */
    public void bind(CallBinding binding) {
        this.task = binding;
    }

    /** Where {@code notifications/cancelled} finds the request, or {@code null}. */
    public Session session() {
        return session;
    }

    public JsonNode id() {
        return id;
    }

    /** What host code asked the client for in this 2026-07-28 round, or {@code null}. */
    public Map<String, InputRequest> askedInput() {
        return input == null ? null : input.asked();
    }

    public RequestInput input() {
        return input;
    }

    @Override
    public Revision revision() {
        return revision;
    }

    /** The revision a session negotiated, which shapes what it is sent; {@code null} for a 2026-07-28 request. */
    public RevisionShape shape() {
        return revision == Revision.V2026_07_28 || session == null ? null : session.shape();
    }

    @Override
    public Object requestId() {
        return JavaValues.of(id);
    }

    @Override
    public Map<String, Object> clientInfo() {
        return clientInfo;
    }

    @Override
    public Map<String, Object> clientCapabilities() {
        return clientCapabilities;
    }

    @Override
    public ToolSpec tool() {
        return tool;
    }

    @Override
    public Principal principal() {
        return principal;
    }

    @Override
    public boolean startTask() {
        CallBinding binding = task;
        return binding != null && binding.startTask();
    }

    /** Whether the call runs as a task now: then progress and log messages are not sent. */
    private boolean inTask() {
        CallBinding binding = task;
        return binding != null && binding.isTask();
    }

    @Override
    public void progress(Number progress, Number total, String message) {
        BigDecimal value = JsonNumbers.finite(progress, "progress");
        if (total != null) {
            JsonNumbers.finite(total, "total");
        }
        if (progressToken == null || inTask()) {
            return;
        }
        synchronized (this) {
            // progress only ever increases: a value not above the last one sent is dropped
            if (lastProgress != null && value.compareTo(lastProgress) <= 0) {
                return;
            }
            ObjectNode params = codec.object();
            params.set("progressToken", progressToken);
            params.set("progress", JsonNumbers.node(progress, codec.nodes()));
            if (total != null) {
                params.set("total", JsonNumbers.node(total, codec.nodes()));
            }
            RevisionShape shape = shape();
            if (message != null && (shape == null || shape.has(RevisionShape.Feature.PROGRESS_MESSAGE))) {
                params.put("message", message);
            }
            if (emit(envelopes.notification(Notification.PROGRESS, params))) {
                lastProgress = value;
            }
        }
    }

    @Override
    public void log(LogLevel level, String logger, Object data) {
        Objects.requireNonNull(level, "level");
        LogLevel least = threshold.get();
        if (least == null || level.compareTo(least) < 0 || inTask()) {
            return;
        }
        JsonNode tree;
        try {
            tree = codec.toTree(data);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("The log data cannot be serialised as JSON", e);
        }
        ObjectNode params = codec.object().put("level", level.id());
        if (logger != null) {
            params.put("logger", logger);
        }
        params.set("data", tree == null ? codec.nodes().nullNode() : tree);
        emit(envelopes.notification(Notification.MESSAGE, params));
    }

    @Override
    public boolean isCancelled() {
        CallLifecycle work = lifecycle;
        CallBinding binding = task;
        return work != null && work.isCancelled() || binding != null && binding.isCancelled();
    }

    @Override
    public Map<String, Object> inputResponse(String key) {
        Objects.requireNonNull(key, "key");
        CallBinding binding = task;
        JsonNode answer = binding == null ? null : binding.answer(key);
        if (answer == null && input != null) {
            answer = input.answer(key);
        }
        return answer == null ? null : JavaValues.map(answer);
    }

    @Override
    public boolean canRequest(InputRequest request) {
        return RequestInput.declares(clientCapabilities, request.requiredCapability());
    }

    @Override
    public void requireInput(Map<String, InputRequest> requests) {
        RequestInput.check(requests);
        if (input == null) {
            throw new IllegalStateException("Input can be asked for only in tools/call, prompts/get and resources/read");
        }
        List<List<String>> missing = RequestInput.missing(requests, clientCapabilities);
        if (!missing.isEmpty()) {
            throw new MissingClientCapabilityException(missing);
        }
        if (inTask()) {
            task.requireInput(requests);
            return;
        }
        if (revision == Revision.V2026_07_28) {
            input.ask(requests);
            throw new InputRequiredException();
        }
        new ClientRequests(session, codec, envelopes, this::emit, inputTimeout).ask(requests, input);
    }

    private boolean emit(byte[] notification) {
        CallLifecycle work = lifecycle;
        return work != null && work.emit(notification);
    }
}
