package io.beammcp.core.internal.input;

import io.beammcp.core.Revision;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.Message;
import tools.jackson.databind.JsonNode;

import java.time.Duration;

/** Makes requests able to ask the client for input: {@code tools/call}, {@code prompts/get}, {@code resources/read}. */
public final class Inputs {

    private final InputStates states;
    private final JsonCodec codec;
    private final Duration timeout;

    public Inputs(InputStates states, JsonCodec codec, Duration timeout) {
        this.states = states;
        this.codec = codec;
        this.timeout = timeout;
    }

    /**
     * The input of a request on the tool or prompt {@code name} (or the resource URI) with {@code arguments}:
     * in 2026-07-28 its answers so far, checked now (before host code); in 2025-11-25 an empty one, filled
     * as the client answers. A 2026-07-28 round is bound to {@code caller} (see {@code Callers}): its state
     * opens for that caller only.
     */
    public RequestInput open(Revision era, Message message, String name, JsonNode arguments, String caller) {
        RequestInput input = new RequestInput(states, message.method(), name, arguments, codec, caller);
        return era == Revision.V2026_07_28 ? input.arrived(message.params()) : input;
    }

    /** How long a 2025-11-25 request waits for the client's answers. */
    public Duration timeout() {
        return timeout;
    }
}
