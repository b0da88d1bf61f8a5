package io.beammcp.core.server;

import io.beammcp.core.CallContext;
import io.beammcp.core.InputRequest;
import io.beammcp.core.LogLevel;
import io.beammcp.core.MissingClientCapabilityException;
import io.beammcp.core.Revision;
import io.beammcp.core.ToolSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One request as host code sees it, and the life of its work: run once on a transport's executor, answered
 * exactly once by whichever comes first of the work's own reply, the time limit (a tool error) and a
 * cancellation (no answer). Timing out and cancelling interrupt the thread running host code; notifications
 * the work emits reach the exchange before the answer, and are dropped after it.
 */
final class RequestContext implements CallContext, Cancellable {

    private static final Logger log = LoggerFactory.getLogger(RequestContext.class);
    private static final int RUNNING = 0;
    private static final int DONE = 1;
    private static final int CANCELLED = 2;
    private static final int TIMED_OUT = 3;

    private final Revision revision;
    private final JsonNode id;
    private final Map<String, Object> clientInfo;
    private final Map<String, Object> clientCapabilities;
    private final Exchange exchange;
    private final JsonCodec codec;
    private final JsonNode progressToken;
    private final Supplier<LogLevel> threshold;
    /** Where {@code notifications/cancelled} finds this request, or {@code null} when it cannot name it. */
    private final LegacySession registry;
    private ToolSpec tool;
    /** The request's input, for the methods that may ask the client for some; else {@code null}. */
    private RequestInput input;
    private Duration inputTimeout;

    /** Guards the state, the worker and {@code answered}: held briefly, never while sending. */
    private final Object lock = new Object();
    /** Orders sends: a notification being sent completes before the answer goes out. */
    private final Object sendLock = new Object();
    private int state = RUNNING;
    /** The one answer has been delivered. */
    private boolean answered;
    private Thread worker;
    private boolean interrupted;
    private BigDecimal lastProgress;
    private Supplier<Reply> work;
    private Consumer<Reply> answer;
    private ScheduledFuture<?> deadline;

    RequestContext(Revision revision, JsonNode id, Map<String, Object> clientInfo,
            Map<String, Object> clientCapabilities, Exchange exchange, JsonCodec codec, JsonNode progressToken,
            Supplier<LogLevel> threshold, LegacySession registry) {
        this.revision = revision;
        this.id = id;
        this.clientInfo = clientInfo;
        this.clientCapabilities = clientCapabilities;
        this.exchange = exchange;
        this.codec = codec;
        this.progressToken = progressToken;
        this.threshold = threshold;
        this.registry = registry;
    }

    /** The same request, naming the tool it calls; set before the work starts. */
    RequestContext forTool(ToolSpec spec) {
        this.tool = spec;
        return this;
    }

    /** The same request, able to ask the client for input; set before the work starts. */
    RequestContext withInput(RequestInput input, Duration timeout) {
        this.input = input;
        this.inputTimeout = timeout;
        return this;
    }

    JsonNode id() {
        return id;
    }

    /** What host code asked the client for in this 2026-07-28 round, or {@code null}. */
    Map<String, InputRequest> askedInput() {
        return input == null ? null : input.asked();
    }

    RequestInput input() {
        return input;
    }

    // ---- CallContext ----------------------------------------------------------------------------------

    @Override
    public Revision revision() {
        return revision;
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
    public void progress(Number progress, Number total, String message) {
        BigDecimal value = finite(progress, "progress");
        if (total != null) {
            finite(total, "total");
        }
        if (progressToken == null) {
            return;
        }
        synchronized (sendLock) {
            if (lastProgress != null && value.compareTo(lastProgress) <= 0) {
                return;
            }
            ObjectNode notification = notification("notifications/progress");
            ObjectNode params = notification.putObject("params");
            params.set("progressToken", progressToken);
            params.set("progress", number(progress));
            if (total != null) {
                params.set("total", number(total));
            }
            if (message != null) {
                params.put("message", message);
            }
            if (emit(codec.write(notification))) {
                lastProgress = value;
            }
        }
    }

    @Override
    public void log(LogLevel level, String logger, Object data) {
        Objects.requireNonNull(level, "level");
        LogLevel least = threshold.get();
        if (least == null || level.compareTo(least) < 0) {
            return;
        }
        JsonNode tree;
        try {
            tree = codec.toTree(data);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("The log data cannot be serialised as JSON", e);
        }
        ObjectNode notification = notification("notifications/message");
        ObjectNode params = notification.putObject("params").put("level", level.id());
        if (logger != null) {
            params.put("logger", logger);
        }
        params.set("data", tree == null ? codec.nodes().nullNode() : tree);
        emit(codec.write(notification));
    }

    @Override
    public boolean isCancelled() {
        synchronized (lock) {
            return state == CANCELLED || state == TIMED_OUT;
        }
    }

    @Override
    public Map<String, Object> inputResponse(String key) {
        Objects.requireNonNull(key, "key");
        JsonNode answer = input == null ? null : input.answer(key);
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
        if (revision == Revision.V2026_07_28) {
            input.ask(requests);
            throw new InputRequiredException();
        }
        askClient(requests);
    }

    /**
     * 2025-11-25: sends each request to the client on this request's channel, then waits for the answers
     * (which the session hands over as they arrive on any thread) until the input timeout; a request not
     * answered in time is cancelled with {@code notifications/cancelled}.
     */
    private void askClient(Map<String, InputRequest> requests) {
        LegacySession session = registry;
        Map<String, JsonNode> ids = new LinkedHashMap<>();
        List<CompletableFuture<JsonNode>> answers = new ArrayList<>();
        try {
            for (Map.Entry<String, InputRequest> entry : requests.entrySet()) {
                JsonNode requestId = codec.nodes().numberNode(session.nextRequestId());
                CompletableFuture<JsonNode> answer = new CompletableFuture<>();
                session.awaiting.put(LegacySession.key(requestId), answer);
                ids.put(entry.getKey(), requestId);
                answers.add(answer);
                ObjectNode request = codec.object().put("jsonrpc", "2.0");
                request.set("id", requestId);
                request.put("method", entry.getValue().method());
                ObjectNode params = request.putObject("params");
                params.setAll((ObjectNode) codec.toTree(entry.getValue().params()));
                if ("url".equals(entry.getValue().params().get("mode"))) {
                    // 2025-11-25 names each URL elicitation, for notifications/elicitation/complete
                    params.put("elicitationId", UUID.randomUUID().toString());
                }
                if (!emit(codec.write(request))) {
                    throw new CancellationException("The client is gone");
                }
            }
            long deadline = System.nanoTime() + inputTimeout.toNanos();
            int i = 0;
            for (Map.Entry<String, InputRequest> entry : requests.entrySet()) {
                CompletableFuture<JsonNode> answer = answers.get(i++);
                try {
                    JsonNode result = answer.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)
                            .get("result");
                    if (result != null && result.isObject() && RequestInput.fits(entry.getValue().method(), result)) {
                        input.answer(entry.getKey(), result);
                    }
                } catch (TimeoutException e) {
                    ObjectNode cancelled = notification("notifications/cancelled");
                    cancelled.putObject("params").put("reason", "The client did not answer in time")
                            .set("requestId", ids.get(entry.getKey()));
                    emit(codec.write(cancelled));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("The request was cancelled while waiting for the client");
        } catch (ExecutionException e) {
            throw new IllegalStateException("An answer future failed", e);
        } finally {
            ids.values().forEach(requestId -> session.awaiting.remove(LegacySession.key(requestId)));
        }
    }

    // ---- the work's life ------------------------------------------------------------------------------

    /**
     * Binds the work and where its one answer goes. From now on {@code notifications/cancelled} (through
     * the registry) and the exchange's close cancel the request.
     */
    void bind(Supplier<Reply> work, Consumer<Reply> answer) {
        this.work = work;
        this.answer = answer;
        if (registry != null) {
            registry.inFlight.putIfAbsent(LegacySession.key(id), this);
        }
        exchange.onClose(this::cancel);
    }

    /** Runs the bound work on the executor; a request the executor refuses is left unanswered. */
    void launch(Executor executor) {
        try {
            executor.execute(this::run);
        } catch (RejectedExecutionException e) {
            log.warn("Host work could not start ({}); the request is left unanswered", e.toString());
            cancel();
        }
    }

    /** Arms the time limit: past it the work is interrupted and the request answered with {@code reply}. */
    void deadline(ScheduledFuture<?> timer) {
        synchronized (lock) {
            if (state != RUNNING) {
                timer.cancel(false);
            } else {
                deadline = timer;
            }
        }
    }

    void expire(Reply reply) {
        finish(TIMED_OUT, reply);
    }

    @Override
    public void cancel() {
        finish(CANCELLED, new Reply(revision, null, null, false, null, false, false, true, false));
    }

    private void run() {
        boolean start;
        synchronized (lock) {
            start = state == RUNNING;
            if (start) {
                worker = Thread.currentThread();
            }
        }
        if (!start) {
            awaitAnswer();
            return;
        }
        Reply reply;
        try {
            reply = work.get();
        } finally {
            synchronized (lock) {
                worker = null;
                if (interrupted) {
                    // the interrupt was ours, for this request only; the thread goes on to other work
                    Thread.interrupted();
                }
            }
        }
        finish(DONE, reply);
        awaitAnswer();
    }

    /**
     * Returns once the request has been answered: when a timeout or a cancellation won the race, its
     * answer is being delivered by another thread, and a caller serving synchronously must not return before.
     */
    private void awaitAnswer() {
        boolean interrupted = false;
        synchronized (lock) {
            while (!answered) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void finish(int to, Reply reply) {
        synchronized (lock) {
            if (state != RUNNING) {
                return;
            }
            state = to;
            if (to != DONE && worker != null) {
                interrupted = true;
                worker.interrupt();
            }
            if (deadline != null) {
                deadline.cancel(false);
            }
        }
        if (registry != null) {
            registry.inFlight.remove(LegacySession.key(id), this);
        }
        try {
            synchronized (sendLock) {
                answer.accept(reply);
            }
        } finally {
            synchronized (lock) {
                answered = true;
                lock.notifyAll();
            }
        }
    }

    /** Sends a notification while the request is in flight; a client found gone cancels the request. */
    private boolean emit(byte[] notification) {
        synchronized (sendLock) {
            synchronized (lock) {
                if (state != RUNNING) {
                    return false;
                }
            }
            if (exchange.send(notification)) {
                return true;
            }
        }
        cancel();
        return false;
    }

    private ObjectNode notification(String method) {
        return codec.object().put("jsonrpc", "2.0").put("method", method);
    }

    private static BigDecimal finite(Number value, String name) {
        Objects.requireNonNull(value, name);
        if (value instanceof BigDecimal decimal) {
            return decimal;
        }
        if (value instanceof BigInteger integer) {
            return new BigDecimal(integer);
        }
        if (value instanceof Double || value instanceof Float) {
            double d = value.doubleValue();
            if (!Double.isFinite(d)) {
                throw new IllegalArgumentException("The " + name + " must be a finite number, was " + value);
            }
            return BigDecimal.valueOf(d);
        }
        return BigDecimal.valueOf(value.longValue());
    }

    /** The number as JSON: integers as integers (also a whole double), anything else as a decimal. */
    private JsonNode number(Number value) {
        BigDecimal decimal = finite(value, "number");
        if (decimal.signum() == 0 || decimal.stripTrailingZeros().scale() <= 0) {
            BigInteger integer = decimal.toBigIntegerExact();
            return integer.bitLength() < 64 ? codec.nodes().numberNode(integer.longValue())
                    : codec.nodes().numberNode(integer);
        }
        return codec.nodes().numberNode(decimal);
    }
}
