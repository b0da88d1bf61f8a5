package io.beammcp.core.internal.engine;

import io.beammcp.core.internal.access.Access;
import io.beammcp.core.internal.catalog.ListKind;
import io.beammcp.core.internal.catalog.LiveCatalog;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.streams.Broadcaster;
import io.beammcp.core.spi.McpAccessPolicy;
import io.beammcp.core.spi.McpClusterLink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;

/**
 * The core's events between the instances of a cluster: a list change (with the entries that changed, so each
 * instance tells only the streams whose caller sees one), a resource update, an extension's message to its
 * peers. What this instance raises is published after its own streams were told; what it receives is told to
 * its own streams only, never published again. An event it cannot read is dropped.
 */
final class ClusterEvents {

    private static final Logger log = LoggerFactory.getLogger(ClusterEvents.class);
    private static final int VERSION = 1;

    private final McpClusterLink link;
    private final JsonCodec codec;
    private final LiveCatalog catalog;
    private final Broadcaster broadcaster;
    private final Access access;
    private final Extensions extensions;

    /** The events of a server; {@code link} is {@code null} for a server alone, which then publishes nothing. */
    ClusterEvents(McpClusterLink link, JsonCodec codec, LiveCatalog catalog, Broadcaster broadcaster, Access access,
            Extensions extensions) {
        this.link = link;
        this.codec = codec;
        this.catalog = catalog;
        this.broadcaster = broadcaster;
        this.access = access;
        this.extensions = extensions;
    }

    /** Starts receiving the other instances' events. */
    void start() {
        if (link != null) {
            link.start(this::receive);
        }
    }

    /** A list changed here: {@code changed} holds its entries, or is {@code null} when no policy filters them. */
    void listChanged(ListKind kind, ListDiff changed) {
        if (link == null) {
            return;
        }
        ObjectNode event = event("list").put("list", kind.name());
        if (changed != null) {
            ArrayNode entries = event.putArray("entries");
            changed.changed().forEach(entry -> entries.addArray().add(entry.kind().name()).add(entry.name()));
        }
        link.publish(codec.write(event));
    }

    void resourceUpdated(String uri) {
        if (link != null) {
            link.publish(codec.write(event("resource").put("uri", uri)));
        }
    }

    /** An extension's message to itself on the other instances. */
    void toPeers(String extension, ObjectNode message) {
        if (link != null) {
            ObjectNode event = event("extension").put("extension", extension);
            event.set("message", message);
            link.publish(codec.write(event));
        }
    }

    private ObjectNode event(String type) {
        return codec.object().put("v", VERSION).put("type", type);
    }

    /** One event another instance published; never throws, whatever the bytes. */
    void receive(byte[] bytes) {
        try {
            JsonNode event = codec.read(bytes);
            if (event.path("v").asInt() != VERSION) {
                log.debug("A cluster event of another version was dropped");
                return;
            }
            switch (event.path("type").asString("")) {
                case "list" -> listChanged(event);
                case "resource" -> {
                    if (catalog.offers(ListKind.RESOURCES) && event.path("uri").isString()) {
                        broadcaster.resourceUpdated(event.path("uri").stringValue());
                    }
                }
                case "extension" -> {
                    if (event.path("message") instanceof ObjectNode message) {
                        extensions.fromPeer(event.path("extension").asString(""), message);
                    }
                }
                default -> log.debug("A cluster event of an unknown type was dropped");
            }
        } catch (RuntimeException e) {
            // the engine vouches for the sender; a malformed or failing event still never reaches the link
            log.debug("A cluster event was dropped: {}", e.toString());
        }
    }

    private void listChanged(JsonNode event) {
        ListKind kind = ListKind.valueOf(event.path("list").asString(""));
        if (!catalog.offers(kind)) {
            return;
        }
        JsonNode entries = event.get("entries");
        if (entries == null || !access.filters()) {
            broadcaster.listChanged(kind, null);
            return;
        }
        List<ListDiff.Entry> changed = new ArrayList<>();
        for (JsonNode entry : entries) {
            changed.add(new ListDiff.Entry(McpAccessPolicy.Kind.valueOf(entry.path(0).asString("")),
                    entry.path(1).asString("")));
        }
        ListDiff diff = new ListDiff(List.copyOf(changed));
        broadcaster.listChanged(kind, principal -> diff.concerns(principal, access));
    }
}
