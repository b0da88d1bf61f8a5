package io.beammcp.core.internal.engine;

import io.beammcp.core.MissingClientCapabilityException;
import io.beammcp.core.Revision;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.internal.call.CallLifecycle;
import io.beammcp.core.internal.call.HostContext;
import io.beammcp.core.internal.call.HostFaults;
import io.beammcp.core.internal.call.Outcome;
import io.beammcp.core.internal.call.Request;
import io.beammcp.core.internal.catalog.CatalogIndex;
import io.beammcp.core.internal.catalog.LiveCatalog;
import io.beammcp.core.internal.input.InputAnswers;
import io.beammcp.core.internal.input.InputRequiredException;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.json.ParseRefusal;
import io.beammcp.core.internal.protocol.CacheHints;
import io.beammcp.core.internal.protocol.Envelopes;
import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.internal.protocol.McpMethod;
import io.beammcp.core.internal.protocol.Message;
import io.beammcp.core.internal.session.Session;
import io.beammcp.core.internal.streams.Listens;
import io.beammcp.core.internal.streams.Offers;
import io.beammcp.core.internal.streams.Stream;
import io.beammcp.core.internal.streams.Streams;
import io.beammcp.core.internal.tools.ToolCalls;
import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.spi.McpObserver;
import io.beammcp.core.spi.Reply;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The request path: bytes are read and the envelope checked; the era is decided; the era's gate checks the
 * message and routes it through the method table to a feature handler; the handler's outcome is a result
 * (shaped for the era and enveloped here), host work (run on the transport's executor, answered once), or a
 * stream to open.
 */
public final class Engine {

    private static final Logger log = LoggerFactory.getLogger(Engine.class);

    private final JsonCodec codec;
    private final Envelopes envelopes;
    private final Answers answers;
    private final LiveCatalog catalog;
    private final Capabilities capabilities;
    private final ModernRequests modern;
    private final LegacyRequests legacy;
    private final Streams streams;
    private final Listens listens;
    private final Offers offers;
    private final ToolCalls toolCalls;
    private final Duration toolTimeout;
    private final ScheduledThreadPoolExecutor timers;
    private final long maxMessageSize;
    private final Extensions extensions;
    /** The methods extensions add, which observation names like the server's own. */
    private final Set<String> extensionMethods;
    /** {@code null} without an observer: then nothing is observed, at no cost. */
    private final McpObserver observer;
    /** Requests whose host work has started and is not answered yet. */
    private final Set<CallLifecycle> inFlight = ConcurrentHashMap.newKeySet();
    private final int maxStreams;

    public Engine(ServerConfig config) {
        Wiring wiring = new Wiring(config);
        this.codec = wiring.codec;
        this.envelopes = wiring.envelopes;
        this.answers = wiring.answers;
        this.catalog = wiring.catalog;
        this.capabilities = wiring.capabilities;
        this.modern = wiring.modern;
        this.legacy = wiring.legacy;
        this.streams = wiring.streams;
        this.listens = wiring.listens;
        this.offers = wiring.offers;
        this.toolCalls = wiring.toolCalls;
        this.timers = wiring.timers;
        this.extensions = wiring.extensions;
        this.extensionMethods = wiring.extensions.methods();
        this.toolTimeout = config.bounds().toolTimeout();
        this.maxMessageSize = config.bounds().maxMessageSize();
        this.maxStreams = config.bounds().maxStreams();
        this.observer = config.observer();
    }

    public long maxMessageSize() {
        return maxMessageSize;
    }

    public boolean listsChange() {
        return catalog.listsChange();
    }

    /**
     * Serves one message: what needs no host code is answered before this returns; host code runs on
     * {@code hostCode}, and {@code answer} gets exactly one reply per message.
     */
    public void handle(byte[] bytes, Exchange exchange, Executor hostCode, Consumer<Reply> answer) {
        Message message;
        try {
            message = Message.parse(codec.read(bytes));
        } catch (ParseRefusal e) {
            answer.accept(answers.error(null, null, new McpError(McpError.PARSE_ERROR, e.reason())));
            return;
        } catch (Message.Refusal r) {
            answer.accept(r.batch() != null && EraDecision.definesBatches(exchange)
                    ? answers.batchRefusal(r.batch(), r.error()) : answers.error(null, r.id(), r.error()));
            return;
        }
        Observed observed = null;
        if (observer != null && !message.isResponse()) {
            Consumer<Reply> wrapped = Observed.start(observer, message, exchange, this::offers,
                    extensionMethods::contains, answer);
            if (wrapped instanceof Observed o) {
                observed = o;
                answer = o;
            }
        }
        Step step = prepare(message, exchange);
        if (step.reply() != null) {
            answer.accept(step.reply());
            return;
        }
        Request request = step.request();
        Outcome outcome = step.outcome();
        if (outcome.listen() != null) {
            listens.open(outcome.listen(), exchange, answer);
        } else if (outcome.work() == null) {
            if (observed != null) {
                observed.saw(outcome.result());
            }
            answer.accept(answers.result(request, outcome.result(), outcome.cache()));
        } else {
            launch(request, outcome, hostCode, answer, observed);
        }
    }

    /** Whether a {@code tools/call} or {@code prompts/get} names a tool or prompt the server offers now. */
    private boolean offers(Message message) {
        if (!Observed.named(message)) {
            return false;
        }
        String name = message.params().get("name").stringValue();
        CatalogIndex index = catalog.index();
        return message.known() == McpMethod.TOOLS_CALL ? index.tools().get(name) != null
                : index.prompts().get(name) != null;
    }

    /** Everything that can be decided without host code, done now. */
    private Step prepare(Message message, Exchange exchange) {
        if (exchange.facts().endsByMessage()) {
            if (message.isRequest(McpMethod.SHUTDOWN)) {
                return Step.answered(Reply.endOfInput(envelopes.result(message.id(), codec.object())));
            }
            if (message.isNotification(McpMethod.EXIT)) {
                return Step.answered(Reply.endOfInput(null));
            }
        }
        if (EraDecision.isDiscoverProbe(message, exchange)) {
            return Step.answered(answers.result(Revision.V2026_07_28, message.id(), capabilities.discover(),
                    capabilities.discoverCache()));
        }
        Revision era = EraDecision.classify(message, exchange);
        try {
            return era == Revision.V2026_07_28 ? modern.route(message, exchange) : legacy.route(message, exchange);
        } catch (McpError e) {
            return Step.answered(message.isNotification() ? answers.accepted(era) : answers.error(era, message.id(), e));
        } catch (RuntimeException e) {
            // a fault of the core while routing: this request is answered, the transport serves on
            log.error("Routing a {} request failed; the client got -32603", era.id(), e);
            return Step.answered(message.isNotification() ? answers.accepted(era)
                    : answers.error(era, message.id(), new McpError(McpError.INTERNAL_ERROR, "Internal error")));
        }
    }

    /** Binds host work to its request's life and starts it, under the tool time limit when there is one. */
    private void launch(Request request, Outcome outcome, Executor hostCode, Consumer<Reply> answer,
            Observed observed) {
        HostContext context = request.context();
        Supplier<ObjectNode> work = observed == null ? outcome.work() : observed.within(outcome.work());
        CallLifecycle call = new CallLifecycle(request.era(), request.id(), request.exchange(), context.session(),
                hostWork(request, work, outcome.cache()), answer, inFlight);
        context.attach(call);
        if (timers != null && context.tool() != null) {
            Reply expired = answers.result(request, toolCalls.timedOut(context.tool().name(), toolTimeout), null);
            if (observed != null) {
                observed.expiresWith(expired);
            }
            try {
                call.deadline(timers.schedule(() -> call.expire(expired), toolTimeout.toNanos(), TimeUnit.NANOSECONDS));
            } catch (RejectedExecutionException closed) {
                // the server is closing: calls still served run without a limit
            }
        }
        call.launch(hostCode);
    }

    /**
     * Host work as it runs off the reading thread: its protocol errors are answered with the request id, and
     * a failure of the core itself with {@code -32603}, so the request is always answered. Host code that
     * asked for input this round is answered with the input it needs, whatever it did afterwards.
     */
    private Supplier<Reply> hostWork(Request request, Supplier<ObjectNode> work, CacheHints cache) {
        Revision era = request.era();
        JsonNode id = request.id();
        HostContext context = request.context();
        return () -> {
            Reply reply;
            try {
                reply = answers.hostResult(request, work.get(), cache);
            } catch (InputRequiredException asked) {
                reply = null;
            } catch (MissingClientCapabilityException e) {
                reply = answers.error(era, id, InputAnswers.missingCapability(codec, era, e));
            } catch (McpError e) {
                reply = answers.error(era, id, e);
            } catch (RuntimeException e) {
                log.error("Serving a request failed; the client got -32603", e);
                reply = answers.error(era, id, new McpError(McpError.INTERNAL_ERROR, "Internal error"));
            }
            if (context.askedInput() == null) {
                return reply;
            }
            try {
                return answers.result(era, id, InputAnswers.inputRequired(codec, context.askedInput(), context.input()),
                        null);
            } catch (RuntimeException e) {
                return answers.error(era, id, HostFaults.internal("Asking for input", e, null));
            }
        };
    }

    /**
     * Opens a legacy session's stream of change notifications ({@code GET} over HTTP).
     *
     * @return {@code null} when open, else the refusal: no live session, or too many streams
     */
    public Reply openStream(Exchange exchange, Consumer<Reply> end) {
        Revision era = Revision.V2025_11_25;
        LegacySession session = exchange.session();
        if (session == null || !session.isOpen()) {
            return Reply.of(Reply.Kind.SESSION_MISSING, era);
        }
        String refusal = listens.openChannel(exchange, Session.of(session), offers, end);
        return refusal == null ? null : listens.overLimit(era, null, refusal);
    }

    /** The catalog served now, as compiled. */
    public Catalog catalog() {
        return catalog.index().snapshot();
    }

    /** How many streams are open, and the bound. */
    public int openStreams() {
        return streams.count();
    }

    public int maxStreams() {
        return maxStreams;
    }

    /** Requests whose host work has started and is not answered yet. */
    public int inFlight() {
        return inFlight.size();
    }

    /** Answers every request still in flight with {@code -32603} and interrupts its host code: the server stops. */
    public void endCalls() {
        McpError stopping = new McpError(McpError.INTERNAL_ERROR,
                "Service Unavailable: the server shut down before the request was done");
        for (CallLifecycle call : inFlight) {
            call.expire(answers.error(call.revision(), call.id(), stopping));
        }
    }

    /** The reply to an input a transport refused unread because it exceeds the message cap. */
    public Reply oversized() {
        return answers.error(null, null, new McpError(McpError.INVALID_REQUEST,
                "Invalid Request: the message exceeds " + maxMessageSize + " bytes"));
    }

    /** Ends every open stream and stops listening to the host's changes; requests in flight finish. */
    public void close() {
        catalog.stopListening();
        extensions.close();
        streams.close().forEach(Stream::teardown);
        if (timers != null) {
            // time limits already armed still fire
            timers.shutdown();
        }
    }
}
