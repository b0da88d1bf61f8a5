package io.beammcp.core.internal.engine;

import io.beammcp.core.Revision;
import io.beammcp.core.internal.call.Request;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.limits.CallerRates;
import io.beammcp.core.internal.protocol.CacheHints;
import io.beammcp.core.internal.protocol.Envelopes;
import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.internal.protocol.McpMethod;
import io.beammcp.core.internal.protocol.ResultShaper;
import io.beammcp.core.internal.protocol.RevisionShape;
import io.beammcp.core.internal.protocol.ToolErrors;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.spi.Reply;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JacksonSerializable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;

/** Replies built from results and errors: shaped for their revision, enveloped, and of the right kind. */
final class Answers {

    private static final Logger log = LoggerFactory.getLogger(Answers.class);

    private final JsonCodec codec;
    private final Envelopes envelopes;
    private final ResultShaper shaper;
    private final int maxResultBytes;

    Answers(JsonCodec codec, Envelopes envelopes, ResultShaper shaper, int maxResultBytes) {
        this.codec = codec;
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

    private JacksonSerializable shape(Request request, ObjectNode result, CacheHints cache) {
        return shaper.shape(request.era(), request.context().shape(), request.message().known(), result, cache);
    }

    /**
     * What host code produced, shaped, enveloped and measured once, as it is written: a response over the result
     * cap is never sent, cut or not, nor held whole; a tool's becomes a tool error saying so, anything else
     * {@code -32603}. Running out of memory while encoding it ends this call the same way, not the transport.
     */
    Reply hostResult(Request request, ObjectNode result, CacheHints cache) {
        return hostResult(request.era(), request.id(), request.message().known(), request.message().method(),
                request.context().shape(), result, cache);
    }

    /** As {@link #hostResult(Request, ObjectNode, CacheHints)}, for a session of {@code session}'s revision. */
    Reply hostResult(Revision era, JsonNode id, McpMethod method, RevisionShape session, ObjectNode result,
            CacheHints cache) {
        return hostResult(era, id, method, method.id(), session, result, cache);
    }

    /** {@code method} is {@code null} for an extension's, which {@code name} names. */
    private Reply hostResult(Revision era, JsonNode id, McpMethod method, String name, RevisionShape session,
            ObjectNode result, CacheHints cache) {
        byte[] body;
        try {
            JacksonSerializable shaped = shaper.shape(era, session, method, result, cache);
            body = maxResultBytes > 0 ? envelopes.result(id, shaped, maxResultBytes) : envelopes.result(id, shaped);
        } catch (OutOfMemoryError exhausted) {
            log.error("Encoding a {} result ran out of memory; the client got {}: {}", name, answer(method),
                    exhausted.toString());
            return unsent(era, id, method, ToolErrors.OUT_OF_MEMORY);
        }
        if (body != null) {
            return Reply.result(era, body, null);
        }
        log.warn("A {} result was larger than the result cap of {} bytes and was not sent; the client got {}",
                name, maxResultBytes, answer(method));
        return unsent(era, id, method, ToolErrors.tooLarge(maxResultBytes));
    }

    private static String answer(McpMethod method) {
        return method == McpMethod.TOOLS_CALL ? "a tool error" : "-32603";
    }

    private Reply unsent(Revision era, JsonNode id, McpMethod method, String message) {
        if (method != McpMethod.TOOLS_CALL) {
            return error(era, id, new McpError(McpError.INTERNAL_ERROR, message));
        }
        return result(era, id, ToolErrors.of(codec, message), null);
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
