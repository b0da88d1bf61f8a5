package io.beammcp.core.internal.streams;

import io.beammcp.core.extension.ListenStreams;
import io.beammcp.core.internal.catalog.ListKind;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.Envelopes;
import io.beammcp.core.internal.protocol.MetaKeys;
import io.beammcp.core.internal.protocol.Notification;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.security.Principal;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Delivers a change to every open stream that wants it: a listen stream gets the notification tagged with
 * its id, a legacy channel the untagged one (encoded once for all of them); and an extension's notification to
 * the listen streams that follow its key.
 */
public final class Broadcaster implements ListenStreams {

    private final Streams streams;
    private final JsonCodec codec;
    private final Envelopes envelopes;

    public Broadcaster(Streams streams, JsonCodec codec, Envelopes envelopes) {
        this.streams = streams;
        this.codec = codec;
        this.envelopes = envelopes;
    }

    /**
     * Announces a change of one list to the streams that want it and, when {@code concerns} is given, whose
     * caller (the principal that opened the stream) it concerns.
     */
    public void listChanged(ListKind kind, Predicate<Principal> concerns) {
        byte[] untagged = null;
        for (Stream stream : streams.open()) {
            if (!stream.wantsList(kind) || concerns != null && !concerns.test(stream.principal())) {
                continue;
            }
            if (stream.listenId() != null) {
                stream.deliver(envelopes.notification(kind.changed(), tagged(stream.listenId())));
            } else {
                if (untagged == null) {
                    untagged = envelopes.notification(kind.changed(), null);
                }
                stream.deliver(untagged);
            }
        }
    }

    public void resourceUpdated(String uri) {
        byte[] untagged = null;
        for (Stream stream : streams.open()) {
            if (!stream.wantsUpdate(uri)) {
                continue;
            }
            if (stream.listenId() != null) {
                ObjectNode params = tagged(stream.listenId());
                params.put("uri", uri);
                stream.deliver(envelopes.notification(Notification.RESOURCES_UPDATED, params));
            } else {
                if (untagged == null) {
                    untagged = envelopes.notification(Notification.RESOURCES_UPDATED, codec.object().put("uri", uri));
                }
                stream.deliver(untagged);
            }
        }
    }

    /** Sends an extension's notification to the listen streams that follow its key, each tagged with its id. */
    @Override
    public void notify(String member, String key, String method, ObjectNode params) {
        for (Stream stream : streams.open()) {
            if (stream.follows(member, key)) {
                ObjectNode tagged = tagged(stream.listenId());
                tagged.setAll(params);
                stream.deliver(envelopes.notification(method, tagged));
            }
        }
    }

    @Override
    public Set<String> followed(String member) {
        Set<String> keys = new HashSet<>();
        for (Stream stream : streams.open()) {
            keys.addAll(stream.followed(member));
        }
        return keys;
    }

    /** The params of a notification for one listen stream only. */
    private ObjectNode tagged(JsonNode listenId) {
        ObjectNode params = codec.object();
        params.putObject("_meta").set(MetaKeys.SUBSCRIPTION_ID, listenId);
        return params;
    }
}
