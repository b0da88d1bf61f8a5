package io.beammcp.core.internal.engine;

import io.beammcp.core.Revision;
import io.beammcp.core.internal.protocol.HeaderRules;
import io.beammcp.core.internal.protocol.McpMethod;
import io.beammcp.core.internal.protocol.Message;
import io.beammcp.core.internal.protocol.RevisionShape;
import io.beammcp.core.internal.protocol.Versions;
import io.beammcp.core.internal.session.Session;
import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.LegacySession;

/** The one place that decides which revision a message is served under. */
final class EraDecision {

    private EraDecision() {
    }

    /**
     * A dual-era client probes with {@code server/discover} before anything else, with or without
     * {@code _meta}; over HTTP a 2026-07-28 version header makes it an ordinary modern request, validated as
     * such.
     */
    static boolean isDiscoverProbe(Message message, Exchange exchange) {
        return message.isRequest(McpMethod.SERVER_DISCOVER) && !message.carriesModernMeta()
                && exchange.headers(HeaderRules.PROTOCOL_VERSION).isEmpty();
    }

    /**
     * 2026-07-28 when the message carries its metadata, or (where the header rules apply, and for anything
     * but {@code initialize}) a version header naming a version that is not legacy; 2025-11-25 otherwise.
     */
    static Revision classify(Message message, Exchange exchange) {
        if (message.carriesModernMeta()) {
            return Revision.V2026_07_28;
        }
        if (exchange.facts().headerRules() && message.known() != McpMethod.INITIALIZE) {
            for (String version : exchange.headers(HeaderRules.PROTOCOL_VERSION)) {
                if (!Versions.LEGACY_VERSIONS.contains(version)) {
                    return Revision.V2026_07_28;
                }
            }
        }
        return Revision.V2025_11_25;
    }

    /**
     * Whether the message came in a session whose revision defines JSON-RPC batches (2025-03-26): a batch,
     * refused in every revision, is then answered as that revision's client expects.
     */
    static boolean definesBatches(Exchange exchange) {
        LegacySession session = exchange.session();
        RevisionShape shape = session == null ? null : Session.of(session).shape();
        return shape != null && shape.has(RevisionShape.Feature.BATCHES);
    }
}
