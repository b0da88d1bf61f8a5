package io.beammcp.core.internal.engine;

import io.beammcp.core.LogLevel;
import io.beammcp.core.Revision;
import io.beammcp.core.internal.access.Callers;
import io.beammcp.core.internal.call.Handler;
import io.beammcp.core.internal.call.HostContext;
import io.beammcp.core.internal.call.Outcome;
import io.beammcp.core.internal.call.Request;
import io.beammcp.core.internal.json.JavaValues;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.Envelopes;
import io.beammcp.core.internal.protocol.HeaderRules;
import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.internal.protocol.McpMethod;
import io.beammcp.core.internal.protocol.Message;
import io.beammcp.core.internal.protocol.MetaKeys;
import io.beammcp.core.internal.protocol.RevisionShape;
import io.beammcp.core.internal.session.Session;
import io.beammcp.core.internal.streams.Listens;
import io.beammcp.core.internal.streams.Offers;
import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.spi.Reply;
import io.beammcp.core.spi.TransportFacts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The gate of 2025-11-25 messages: the session handshake ({@code initialize}, then
 * {@code notifications/initialized}), the session every later message needs, the client's answers to the
 * server's own requests, and the methods only this revision has. A request that passes is routed to its
 * method's handler with the session's context. {@code initialize} negotiates 2024-11-05, 2025-03-26 and
 * 2025-06-18 too: such a session is served here alike, what it is sent shaped for its revision.
 */
final class LegacyRequests {

    private static final Logger log = LoggerFactory.getLogger(LegacyRequests.class);
    private static final Revision ERA = Revision.V2025_11_25;

    private final MethodTable table;
    private final Answers answers;
    private final Capabilities capabilities;
    private final Offers offers;
    private final Listens listens;
    private final JsonCodec codec;
    private final Envelopes envelopes;

    LegacyRequests(MethodTable table, Answers answers, Capabilities capabilities, Offers offers,
            Listens listens, JsonCodec codec, Envelopes envelopes) {
        this.table = table;
        this.answers = answers;
        this.capabilities = capabilities;
        this.offers = offers;
        this.listens = listens;
        this.codec = codec;
        this.envelopes = envelopes;
    }

    Step route(Message message, Exchange exchange) {
        TransportFacts facts = exchange.facts();
        if (message.isRequest(McpMethod.INITIALIZE)) {
            // a connection that is a session initializes itself; elsewhere initialize opens a new session
            return Step.answered(initialize(message, facts.connectionIsSession() ? exchange.session() : null,
                    exchange));
        }
        LegacySession named = exchange.session();
        if (named == null) {
            McpError missing = new McpError(McpError.INVALID_REQUEST,
                    "Bad Request: no valid session; send initialize first");
            return Step.answered(answers.refusal(Reply.Kind.SESSION_MISSING, ERA, message.id(), missing,
                    !message.isNotification()));
        }
        Session session = Session.of(named);
        if (facts.headerRules()) {
            // after initialize, every version header names the session's negotiated revision; none is needed
            // (2025-03-26 and earlier have no such header; later ones mean the negotiated revision without one)
            for (String version : exchange.headers(HeaderRules.PROTOCOL_VERSION)) {
                if (!version.equals(session.shape() == null ? null : session.shape().id())) {
                    McpError wrong = new McpError(McpError.INVALID_REQUEST,
                            "Bad Request: MCP-Protocol-Version does not match the session's protocol version");
                    return Step.answered(answers.refusal(Reply.Kind.REFUSED, ERA, message.id(), wrong,
                            message.isRequest()));
                }
            }
        }
        if (message.isResponse()) {
            // the client answering a request of the server's own
            session.answered(message.id(), message.root());
            return Step.answered(answers.accepted(ERA));
        }
        if (message.isNotification()) {
            notification(message, exchange, session);
            return Step.answered(answers.accepted(ERA));
        }
        if (!session.isOpen()) {
            // before initialize only ping is served; other requests are told how to start
            if (message.known() == McpMethod.PING) {
                return Step.answered(answers.result(ERA, message.id(), codec.object(), null));
            }
            throw McpError.invalidParams("Invalid params: missing " + MetaKeys.VERSION + " in _meta, or send initialize");
        }
        MethodTable.Route route = table.legacy(message.method());
        if (route == null) {
            throw McpError.methodNotFound();
        }
        Handler handler = route.handler();
        HostContext context = new HostContext(ERA, message.id(), session.clientInfo(), session.clientCapabilities(),
                message.progressToken(), session::logLevel, session, exchange.principal(), codec,
                envelopes);
        Request request = new Request(message, exchange, context);
        return Step.routed(request, handler.handle(request));
    }

    private void notification(Message message, Exchange exchange, Session session) {
        if (message.known() == McpMethod.NOTIFICATIONS_CANCELLED) {
            if (session != null) {
                session.cancel(message.params());
            }
        } else if (message.known() == McpMethod.NOTIFICATIONS_INITIALIZED && session.isOpen()
                && session.markInitialized() && exchange.facts().connectionIsSession() && offers.listsChange()) {
            // a session's change notifications go out on its connection from now on
            String refusal = listens.openChannel(exchange, session, offers, reply -> { });
            if (refusal != null) {
                log.warn("This stdio session gets no change notifications: {}", refusal);
            }
        }
    }

    private Reply initialize(Message message, LegacySession session, Exchange exchange) {
        ObjectNode params = message.params();
        if (params == null) {
            return answers.error(ERA, message.id(), McpError.invalidParams("Invalid params: initialize needs params"));
        }
        JsonNode requested = params.get("protocolVersion");
        JsonNode clientCapabilities = params.get("capabilities");
        JsonNode clientInfo = params.get("clientInfo");
        String problem = requested == null || !requested.isString() ? "protocolVersion must be a string"
                : clientCapabilities == null || !clientCapabilities.isObject() ? "capabilities must be an object"
                : clientInfo == null || !clientInfo.isObject() ? "clientInfo must be an object" : null;
        if (problem != null) {
            return answers.error(ERA, message.id(), McpError.invalidParams("Invalid params: " + problem));
        }
        Session target;
        try {
            // a new session belongs to its opener: another caller presenting its id finds none
            target = session != null ? Session.of(session) : new Session(Callers.of(exchange));
        } catch (McpError e) {
            return answers.error(ERA, message.id(), e);
        }
        RevisionShape negotiated = RevisionShape.negotiate(requested.stringValue());
        if (!target.open(negotiated, negotiated.clientCapabilities(JavaValues.map(clientCapabilities)),
                JavaValues.map(clientInfo))) {
            return answers.error(ERA, message.id(), new McpError(McpError.INVALID_REQUEST,
                    "Invalid Request: the session is already initialized"));
        }
        return answers.unshaped(ERA, message.id(), capabilities.initialize(negotiated),
                session == null ? target : null);
    }

    /** {@code logging/setLevel}: the session's level from now on; the result is exactly {@code {}}. */
    static Outcome setLevel(Request request, JsonCodec codec) {
        JsonNode level = request.params() == null ? null : request.params().get("level");
        LogLevel chosen = level != null && level.isString() ? LogLevel.of(level.stringValue()) : null;
        if (chosen == null) {
            throw McpError.invalidParams("Invalid params: level must be one of debug, info, notice, warning, error, "
                    + "critical, alert, emergency");
        }
        request.context().session().logLevel(chosen);
        return Outcome.result(codec.object());
    }
}
