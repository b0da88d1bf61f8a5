package io.beammcp.core.internal.call;

import io.beammcp.core.internal.protocol.CacheHints;
import io.beammcp.core.internal.streams.Listen;
import tools.jackson.databind.node.ObjectNode;

import java.util.function.Supplier;

/**
 * What a handler decided: a result now, host work to run (whose result comes later), or a stream to open.
 * A result is shaped for the request's revision by the engine, once.
 *
 * @param result the result, for a handler that answered now
 * @param work the host work producing the result, run on the transport's executor
 * @param cache the cache hints of the result (2026-07-28), or {@code null}
 * @param listen the stream to open, for {@code subscriptions/listen}
 */
public record Outcome(ObjectNode result, Supplier<ObjectNode> work, CacheHints cache, Listen listen) {

    public static Outcome result(ObjectNode result) {
        return new Outcome(result, null, null, null);
    }

    public static Outcome result(ObjectNode result, CacheHints cache) {
        return new Outcome(result, null, cache, null);
    }

    public static Outcome work(Supplier<ObjectNode> work, CacheHints cache) {
        return new Outcome(null, work, cache, null);
    }

    public static Outcome listen(Listen listen) {
        return new Outcome(null, null, null, listen);
    }
}
