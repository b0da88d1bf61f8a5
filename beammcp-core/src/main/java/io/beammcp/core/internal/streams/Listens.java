package io.beammcp.core.internal.streams;

import io.beammcp.core.Revision;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.Envelopes;
import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.internal.protocol.MetaKeys;
import io.beammcp.core.internal.protocol.Notification;
import io.beammcp.core.internal.protocol.ResultShaper;
import io.beammcp.core.internal.session.Session;
import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.Reply;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Opens the streams of change notifications: a 2026-07-28 {@code subscriptions/listen}, and a legacy
 * session's channel (an HTTP {@code GET}, or a stdio process after {@code notifications/initialized}).
 */
public final class Listens {

    private final Streams streams;
    private final JsonCodec codec;
    private final Envelopes envelopes;
    private final ResultShaper shaper;

    public Listens(Streams streams, JsonCodec codec, Envelopes envelopes, ResultShaper shaper) {
        this.streams = streams;
        this.codec = codec;
        this.envelopes = envelopes;
        this.shaper = shaper;
    }

    /**
     * Checks a listen's filter, so a bad one is refused before any stream opens; the acknowledgement names
     * the types honoured: list changes only when the host declared that its lists change (and offers that
     * list), updates only of resources it can read and only when it also offers resources, and the keys the
     * extensions that read other members agreed to follow. Always served, even when nothing can be honoured.
     */
    public Listen check(JsonNode id, JsonNode filter, Session owner, String caller, Offers offers,
            Map<String, Set<String>> followed) {
        if (filter == null || !filter.isObject()) {
            throw McpError.invalidParams("Invalid params: notifications must be an object");
        }
        boolean declared = offers.listsChange();
        boolean resources = declared && offers.resources();
        boolean tools = requested(filter, "toolsListChanged") && declared;
        boolean prompts = requested(filter, "promptsListChanged") && declared && offers.prompts();
        boolean resourceList = requested(filter, "resourcesListChanged") && resources;
        Set<String> uris = new LinkedHashSet<>();
        JsonNode subscriptions = filter.get("resourceSubscriptions");
        if (subscriptions != null) {
            if (!subscriptions.isArray() || subscriptions.size() > Session.MAX_SUBSCRIPTIONS) {
                throw McpError.invalidParams("Invalid params: resourceSubscriptions must be an array of at most "
                        + Session.MAX_SUBSCRIPTIONS + " URIs");
            }
            for (JsonNode uri : subscriptions) {
                if (!uri.isString()) {
                    throw McpError.invalidParams("Invalid params: resourceSubscriptions must hold strings");
                }
                if (resources && offers.knows(uri.stringValue())) {
                    uris.add(uri.stringValue());
                }
            }
        }
        ObjectNode honoured = codec.object();
        if (tools) {
            honoured.put("toolsListChanged", true);
        }
        if (prompts) {
            honoured.put("promptsListChanged", true);
        }
        if (resourceList) {
            honoured.put("resourcesListChanged", true);
        }
        if (!uris.isEmpty()) {
            ArrayNode list = honoured.putArray("resourceSubscriptions");
            uris.forEach(list::add);
        }
        followed.forEach((member, keys) -> {
            if (!keys.isEmpty()) {
                ArrayNode list = honoured.putArray(member);
                keys.forEach(list::add);
            }
        });
        return new Listen(id, new Stream.Filter(tools, prompts, resourceList, Set.copyOf(uris), Map.copyOf(followed)),
                honoured, owner, caller);
    }

    private static boolean requested(JsonNode filter, String type) {
        JsonNode value = filter.get(type);
        if (value != null && !value.isBoolean()) {
            throw McpError.invalidParams("Invalid params: notifications." + type + " must be a boolean");
        }
        return value != null && value.booleanValue();
    }

    /**
     * Opens a listen stream: registered, then acknowledged, so the acknowledgement is its first frame. When
     * the server ends it, it sends the listen's result, and on a connection that is a session (stdio) also
     * {@code notifications/cancelled} for the listen id.
     */
    public void open(Listen listen, Exchange exchange, Consumer<Reply> answer) {
        Revision era = Revision.V2026_07_28;
        JsonNode id = listen.id();
        ObjectNode ack = codec.object();
        ack.putObject("_meta").set(MetaKeys.SUBSCRIPTION_ID, id);
        ack.set("notifications", listen.honoured());
        ObjectNode result = codec.object();
        result.putObject("_meta").set(MetaKeys.SUBSCRIPTION_ID, id);
        byte[] notice = null;
        if (exchange.facts().connectionIsSession()) {
            ObjectNode params = codec.object();
            params.set("requestId", id);
            notice = envelopes.notification(Notification.CANCELLED, params);
        }
        Stream stream = new Stream(streams, exchange, listen.owner(), listen.caller(), id, listen.filter(), answer,
                Reply.result(era, envelopes.result(id, shaper.shape(era, result, null)), null), notice);
        String refusal = stream.open(envelopes.notification(Notification.SUBSCRIPTIONS_ACKNOWLEDGED, ack));
        if (refusal != null) {
            answer.accept(overLimit(era, id, refusal));
        }
    }

    /**
     * Opens a legacy session's channel, which gets every list change the server advertises (that its caller
     * may see) and its subscribed resources' updates, and simply ends when the server ends it.
     *
     * @return {@code null} when it opened, else why not
     */
    public String openChannel(Exchange exchange, Session session, Offers offers, Consumer<Reply> end) {
        Revision era = Revision.V2025_11_25;
        Stream stream = new Stream(streams, exchange, session, session.owner(), null,
                new Stream.Filter(true, offers.prompts(), offers.resources(), null, Map.of()), end,
                Reply.of(Reply.Kind.UNANSWERED, era), null);
        return stream.open(null);
    }

    /**
     * A stream refused for the bounds (or during shutdown) is {@code -32600}, refused as such (over HTTP 429,
     * decided before any stream is committed), with a message naming the bound.
     */
    public Reply overLimit(Revision era, JsonNode id, String reason) {
        McpError e = new McpError(McpError.INVALID_REQUEST, "Too many open streams: " + reason);
        return Reply.error(Reply.Kind.OVER_LIMIT, era, envelopes.error(id, e), e.code());
    }
}
