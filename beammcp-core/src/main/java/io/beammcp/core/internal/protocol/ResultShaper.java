package io.beammcp.core.internal.protocol;

import io.beammcp.core.Revision;
import io.beammcp.core.internal.json.JsonCodec;
import tools.jackson.databind.node.ObjectNode;

/**
 * Shapes a handler's result for its revision, once: a 2026-07-28 result carries {@code resultType} first,
 * its cache hints when it has any, and {@code serverInfo} in {@code _meta}; a 2025-11-25 result is sent as
 * the handler built it.
 */
public final class ResultShaper {

    private final JsonCodec codec;
    private final ObjectNode serverInfo;
    /** The {@code _meta} of every shaped 2026-07-28 result: encoded, never changed, so shared. */
    private final ObjectNode resultMeta;

    public ResultShaper(JsonCodec codec, String name, String version) {
        this.codec = codec;
        this.serverInfo = codec.object().put("name", name).put("version", version);
        this.resultMeta = codec.object();
        resultMeta.set(MetaKeys.SERVER_INFO, serverInfo);
    }

    /** {@code {name, version}}, as {@code initialize} and {@code _meta} carry it. */
    public ObjectNode serverInfo() {
        return serverInfo;
    }

    public ObjectNode shape(Revision era, ObjectNode result, CacheHints cache) {
        if (era != Revision.V2026_07_28) {
            return result;
        }
        if (cache != null) {
            cache.putOn(result);
        }
        ObjectNode shaped = result;
        if (!result.has("resultType")) {
            shaped = codec.object();
            shaped.put("resultType", "complete");
            shaped.setAll(result);
        }
        // (core-built results only: hosts cannot add members) a refusal's own _meta keeps its keys; the shared
        // one is never written to
        if (shaped.get("_meta") instanceof ObjectNode own && own != resultMeta) {
            own.set(MetaKeys.SERVER_INFO, serverInfo);
        } else {
            shaped.set("_meta", resultMeta);
        }
        return shaped;
    }

    /** A complete 2026-07-28 result with an {@code _meta} of its own, to which the caller may add. */
    public ObjectNode complete(ObjectNode result) {
        ObjectNode shaped = codec.object().put("resultType", "complete");
        shaped.setAll(result);
        shaped.putObject("_meta").set(MetaKeys.SERVER_INFO, serverInfo);
        return shaped;
    }
}
