package io.beammcp.core.internal.engine;

import io.beammcp.core.Revision;
import io.beammcp.core.internal.catalog.ListKind;
import io.beammcp.core.internal.catalog.LiveCatalog;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.CacheHints;
import io.beammcp.core.internal.protocol.ResultShaper;
import io.beammcp.core.internal.protocol.RevisionShape;
import io.beammcp.core.internal.protocol.Versions;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the server says about itself: its capabilities, in {@code server/discover} (2026-07-28) and in the
 * {@code initialize} result (2025-11-25).
 */
final class Capabilities {

    private final JsonCodec codec;
    private final LiveCatalog catalog;
    private final String instructions;
    private final CacheHints discoverCache;
    private final ResultShaper shaper;
    private final Extensions extensions;

    Capabilities(JsonCodec codec, LiveCatalog catalog, String instructions,
            CacheHints discoverCache, ResultShaper shaper, Extensions extensions) {
        this.extensions = extensions;
        this.codec = codec;
        this.catalog = catalog;
        this.instructions = instructions;
        this.discoverCache = discoverCache;
        this.shaper = shaper;
    }

    /**
     * Exactly what is served: tools always; resources, prompts and completions when the host provides them;
     * {@code listChanged} and {@code subscribe} when it declared that its lists change; logging always, since
     * host code may log in every request (the client chooses the level per request or per session).
     */
    private ObjectNode capabilities() {
        boolean declared = catalog.listsChange();
        ObjectNode capabilities = codec.object();
        capabilities.putObject("tools").put("listChanged", declared);
        if (catalog.offers(ListKind.RESOURCES)) {
            capabilities.putObject("resources").put("subscribe", declared).put("listChanged", declared);
        }
        if (catalog.offers(ListKind.PROMPTS)) {
            capabilities.putObject("prompts").put("listChanged", declared);
        }
        if (catalog.completes()) {
            capabilities.putObject("completions");
        }
        capabilities.putObject("logging");
        return capabilities;
    }

    /** The capabilities of a revision, with the extensions served in it and their settings. */
    private ObjectNode capabilities(Revision revision) {
        ObjectNode capabilities = capabilities();
        ObjectNode served = extensions.advertised(revision, codec);
        if (served != null) {
            capabilities.set("extensions", served);
        }
        return capabilities;
    }

    /** The unshaped {@code server/discover} result, with its cache hints. */
    ObjectNode discover() {
        ObjectNode result = codec.object();
        ArrayNode versions = result.putArray("supportedVersions");
        Versions.SUPPORTED.forEach(versions::add);
        result.set("capabilities", capabilities(Revision.V2026_07_28));
        if (instructions != null) {
            result.put("instructions", instructions);
        }
        return result;
    }

    CacheHints discoverCache() {
        return discoverCache;
    }

    /** The {@code initialize} result of the negotiated revision, with the capabilities it defines. */
    ObjectNode initialize(RevisionShape negotiated) {
        ObjectNode result = codec.object();
        result.put("protocolVersion", negotiated.id());
        ObjectNode capabilities = capabilities(Revision.V2025_11_25);
        if (!negotiated.has(RevisionShape.Feature.COMPLETIONS)) {
            capabilities.remove("completions");
        }
        result.set("capabilities", capabilities);
        result.set("serverInfo", shaper.serverInfo());
        if (instructions != null) {
            result.put("instructions", instructions);
        }
        return result;
    }
}
