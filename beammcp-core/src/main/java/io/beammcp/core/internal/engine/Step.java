package io.beammcp.core.internal.engine;

import io.beammcp.core.internal.call.Outcome;
import io.beammcp.core.internal.call.Request;
import io.beammcp.core.spi.Reply;

/** Where a message stands after its gate: answered already, or routed to a handler that decided an outcome. */
record Step(Reply reply, Request request, Outcome outcome) {

    static Step answered(Reply reply) {
        return new Step(reply, null, null);
    }

    static Step routed(Request request, Outcome outcome) {
        return new Step(null, request, outcome);
    }
}
