package io.beammcp.core.internal.engine;

import io.beammcp.core.LogLevel;
import io.beammcp.core.Revision;
import io.beammcp.core.internal.call.Handler;
import io.beammcp.core.internal.call.HostContext;
import io.beammcp.core.internal.call.Request;
import io.beammcp.core.internal.json.JavaValues;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.Envelopes;
import io.beammcp.core.internal.protocol.HeaderRules;
import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.internal.protocol.McpMethod;
import io.beammcp.core.internal.protocol.Message;
import io.beammcp.core.internal.protocol.MetaKeys;
import io.beammcp.core.internal.protocol.Versions;
import io.beammcp.core.internal.session.Session;
import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.TransportFacts;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The gate of 2026-07-28 messages: stateless, every request carries its version and capabilities in
 * {@code params._meta}, mirrored in headers where the header rules apply. A request that passes is routed
 * to its method's handler with the context host code will see.
 */
final class ModernRequests {

    private static final Revision ERA = Revision.V2026_07_28;

    private final MethodTable table;
    private final Answers answers;
    private final JsonCodec codec;
    private final Envelopes envelopes;

    ModernRequests(MethodTable table, Answers answers, JsonCodec codec, Envelopes envelopes) {
        this.table = table;
        this.answers = answers;
        this.codec = codec;
        this.envelopes = envelopes;
    }

    Step route(Message message, Exchange exchange) {
        if (message.isResponse()) {
            throw new McpError(McpError.INVALID_REQUEST,
                    "Invalid Request: clients send no responses in 2026-07-28, where servers send no requests");
        }
        TransportFacts facts = exchange.facts();
        if (message.isNotification()) {
            if (facts.connectionIsSession() && message.isNotification(McpMethod.NOTIFICATIONS_CANCELLED)
                    && exchange.session() != null) {
                // over HTTP a 2026-07-28 client cancels by closing the response stream instead
                Session.of(exchange.session()).cancel(message.params());
            }
            return Step.answered(answers.accepted(ERA));
        }
        if (facts.headerRules()) {
            HeaderRules.requireVersionPresent(exchange);
        }
        ObjectNode meta = message.meta();
        if (meta == null) {
            throw McpError.invalidMeta("Invalid params: params._meta with " + MetaKeys.VERSION + " and "
                    + MetaKeys.CAPABILITIES + " is required in 2026-07-28");
        }
        JsonNode version = meta.get(MetaKeys.VERSION);
        if (version == null || !version.isString()) {
            throw McpError.invalidMeta("Invalid params: params._meta." + MetaKeys.VERSION
                    + " is required and must be a string");
        }
        JsonNode capabilities = meta.get(MetaKeys.CAPABILITIES);
        if (capabilities == null || !capabilities.isObject()) {
            throw McpError.invalidMeta("Invalid params: params._meta." + MetaKeys.CAPABILITIES
                    + " is required and must be an object");
        }
        if (facts.headerRules()) {
            HeaderRules.requireVersionEquals(exchange, version.stringValue());
        }
        if (!Versions.MODERN.equals(version.stringValue())) {
            throw unsupportedVersion(version.stringValue());
        }
        MethodTable.Route route = table.modern(message.method());
        if (facts.headerRules()) {
            HeaderRules.requireMethodAndName(exchange, message.method(), mirroredName(message, route));
        }
        LogLevel level = logLevel(meta);
        if (route == null) {
            throw McpError.methodNotFound();
        }
        Handler handler = route.handler();
        Session connection = facts.connectionIsSession() ? Session.of(exchange.session()) : null;
        HostContext context = new HostContext(ERA, message.id(), JavaValues.map(meta.get(MetaKeys.CLIENT_INFO)),
                JavaValues.map(capabilities), message.progressToken(), () -> level, connection, exchange.principal(), codec,
                envelopes);
        Request request = new Request(message, exchange, context);
        return Step.routed(request, handler.handle(request));
    }

    /** The least level of log messages the request wants, or {@code null} for none. */
    private static LogLevel logLevel(ObjectNode meta) {
        JsonNode logLevel = meta.get(MetaKeys.LOG_LEVEL);
        if (logLevel == null) {
            return null;
        }
        LogLevel level = logLevel.isString() ? LogLevel.of(logLevel.stringValue()) : null;
        if (level == null) {
            throw McpError.invalidMeta("Invalid params: unknown " + MetaKeys.LOG_LEVEL);
        }
        return level;
    }

    /** The body value {@code Mcp-Name} mirrors, or {@code null} when the method has none (an extension's is known only when served). */
    private static String mirroredName(Message message, MethodTable.Route route) {
        String field = route != null ? route.mirroredParam()
                : message.known() == null ? null : message.known().mirroredParam();
        if (field == null) {
            return null;
        }
        JsonNode value = message.params() == null ? null : message.params().get(field);
        if (value == null || !value.isString()) {
            throw McpError.invalidParams("Invalid params: params." + field + " must be a string");
        }
        return value.stringValue();
    }

    private McpError unsupportedVersion(String requested) {
        ObjectNode data = codec.object();
        ArrayNode supported = data.putArray("supported");
        Versions.SUPPORTED.forEach(supported::add);
        data.put("requested", requested);
        String message = Versions.LEGACY_VERSIONS.contains(requested)
                // a legacy version in modern _meta is refused: it is negotiated only by initialize
                ? "Unsupported protocol version: " + requested + " is served only through initialize"
                : "Unsupported protocol version";
        return new McpError(McpError.UNSUPPORTED_PROTOCOL_VERSION, message, data);
    }
}
