package io.beammcp.core.internal.engine;

import io.beammcp.core.Revision;
import io.beammcp.core.internal.call.Request;
import io.beammcp.core.internal.limits.CallerRates;
import io.beammcp.core.internal.protocol.CacheHints;
import io.beammcp.core.internal.protocol.Envelopes;
import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.internal.protocol.McpMethod;
import io.beammcp.core.internal.protocol.ResultShaper;
import io.beammcp.core.server.LegacySession;
import io.beammcp.core.server.Reply;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;

/** Replies built from results and errors: shaped for their revision, enveloped, and of the right kind. */
final class Answers {

    private final Envelopes envelopes;
    private final ResultShaper shaper;
    private final int maxResultBytes;

    Answers(Envelopes envelopes, ResultShaper shaper, int maxResultBytes) {
        this.envelopes = envelopes;
        this.shaper = shaper;
        this.maxResultBytes = maxResultBytes;
    }

    /** A result outside a session's methods, shaped for its revision. */
    Reply result(Revision era, JsonNode id, ObjectNode result, CacheHints cache) {
        return Reply.result(era, envelopes.result(id, shaper.shape(era, result, cache)), null);
    }

    /** A handler's result, shaped for the request's revision and, in a session, the revision it negotiated. */
    Reply result(Request request, ObjectNode result, CacheHints cache) {
        return Reply.result(request.era(), envelopes.result(request.id(), shape(request, result, cache)), null);
    }

    private ObjectNode shape(Request request, ObjectNode result, CacheHints cache) {
        return shaper.shape(request.era(), request.context().shape(), request.message().known(), result, cache);
    }

    /**
     * What host code produced, shaped, enveloped and measured once: a response over the result cap is never
     * sent, cut or not; a tool's becomes a tool error saying so, anything else {@code -32603}.
     */
    Reply hostResult(Request request, ObjectNode result, CacheHints cache) {
        Revision era = request.era();
        JsonNode id = request.id();
        McpMethod method = request.message().known();
        byte[] body = envelopes.result(id, shape(request, result, cache));
        if (maxResultBytes <= 0 || body.length <= maxResultBytes) {
            return Reply.result(era, body, null);
        }
        String tooLarge = "The result was too large to send: " + body.length + " bytes, over the server's limit of "
                + maxResultBytes + " bytes";
        if (method != McpMethod.TOOLS_CALL) {
            return error(era, id, new McpError(McpError.INTERNAL_ERROR, tooLarge));
        }
        ObjectNode error = result.objectNode();
        error.putArray("content").addObject().put("type", "text").put("text", tooLarge);
        error.put("isError", true);
        return result(era, id, error, null);
    }

    /** A result sent as it is ({@code initialize}, {@code shutdown}), possibly opening a session. */
    Reply unshaped(Revision era, JsonNode id, ObjectNode result, LegacySession opened) {
        return Reply.result(era, envelopes.result(id, result), opened);
    }

    /** An error: refusing the message as such, or a handler's outcome. */
    Reply error(Revision era, JsonNode id, McpError e) {
        if (e.scopes() != null) {
            return Reply.insufficientScope(era, envelopes.error(id, e), e.code(), e.scopes());
        }
        if (e.code() == McpError.RATE_LIMITED) {
            return Reply.rateLimited(era, envelopes.error(id, e), e.code(),
                    e.data().get(CallerRates.RETRY_AFTER).asLong());
        }
        Reply.Kind kind = e.refusesRequest(era != Revision.V2025_11_25) ? Reply.Kind.REFUSED : Reply.Kind.ERROR;
        return Reply.error(kind, era, envelopes.error(id, e), e.code());
    }

    /**
     * A batch refused in a session whose revision defines batches (2025-03-26): a batch of errors, one for
     * each request in it, so every request the client waits on is answered; one error without an id when
     * the batch holds no request.
     */
    Reply batchRefusal(ArrayNode batch, McpError e) {
        List<byte[]> errors = new ArrayList<>();
        for (JsonNode message : batch) {
            JsonNode id = message.get("id");
            if (message.path("method").isString() && id != null && (id.isString() || id.isIntegralNumber())) {
                errors.add(envelopes.error(id, e));
            }
        }
        return errors.isEmpty() ? error(null, null, e)
                : Reply.error(Reply.Kind.REFUSED, Revision.V2025_11_25, envelopes.batch(errors), e.code());
    }

    /** A refusal of another kind, with a body only when {@code answered} (a request, not a notification). */
    Reply refusal(Reply.Kind kind, Revision era, JsonNode id, McpError e, boolean answered) {
        return Reply.error(kind, era, answered ? envelopes.error(id, e) : null, e.code());
    }

    Reply accepted(Revision era) {
        return Reply.of(Reply.Kind.ACCEPTED, era);
    }
}
