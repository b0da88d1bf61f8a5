package io.beammcp.core.internal.input;

import io.beammcp.core.InputRequest;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.Envelopes;
import io.beammcp.core.internal.protocol.Notification;
import io.beammcp.core.internal.session.Session;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/**
 * The 2025-11-25 way host code gets input: the server sends each request to the client on the request's own
 * channel, then waits for the answers (which the session hands over as they arrive, on any thread) until the
 * input timeout; a request not answered in time is cancelled with {@code notifications/cancelled}.
 */
public final class ClientRequests {

    private final Session session;
    private final JsonCodec codec;
    private final Envelopes envelopes;
    private final Predicate<byte[]> emit;
    private final Duration timeout;

    /**
     * @param emit sends one message on the request's channel; {@code false} when the client is gone
     */
    public ClientRequests(Session session, JsonCodec codec, Envelopes envelopes, Predicate<byte[]> emit,
            Duration timeout) {
        this.session = session;
        this.codec = codec;
        this.envelopes = envelopes;
        this.emit = emit;
        this.timeout = timeout;
    }

    /** Asks, waits, and records each answer that has the shape of its method's result in {@code input}. */
    public void ask(Map<String, InputRequest> requests, RequestInput input) {
        Map<String, JsonNode> ids = new LinkedHashMap<>();
        List<CompletableFuture<JsonNode>> answers = new ArrayList<>();
        try {
            for (Map.Entry<String, InputRequest> entry : requests.entrySet()) {
                JsonNode requestId = codec.nodes().numberNode(session.nextRequestId());
                CompletableFuture<JsonNode> answer = new CompletableFuture<>();
                session.awaiting().put(Session.key(requestId), answer);
                ids.put(entry.getKey(), requestId);
                answers.add(answer);
                ObjectNode params = codec.object();
                params.setAll((ObjectNode) codec.toTree(entry.getValue().params()));
                if ("url".equals(entry.getValue().params().get("mode"))) {
                    // 2025-11-25 names each URL elicitation, for notifications/elicitation/complete
                    params.put("elicitationId", UUID.randomUUID().toString());
                } else if (InputRequest.ELICITATION.equals(entry.getValue().method())
                        && !session.shape().asBuilt()) {
                    // an elicitation before 2025-11-25 is a form without a mode
                    params.remove("mode");
                }
                if (!emit.test(envelopes.request(requestId, entry.getValue().method(), params))) {
                    throw new CancellationException("The client is gone");
                }
            }
            long deadline = System.nanoTime() + timeout.toNanos();
            int i = 0;
            for (Map.Entry<String, InputRequest> entry : requests.entrySet()) {
                CompletableFuture<JsonNode> answer = answers.get(i++);
                try {
                    JsonNode result = answer.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)
                            .get("result");
                    if (result != null && result.isObject() && RequestInput.fits(entry.getValue().method(), result)) {
                        input.answer(entry.getKey(), result);
                    }
                } catch (TimeoutException e) {
                    ObjectNode params = codec.object().put("reason", "The client did not answer in time");
                    params.set("requestId", ids.get(entry.getKey()));
                    emit.test(envelopes.notification(Notification.CANCELLED, params));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("The request was cancelled while waiting for the client");
        } catch (ExecutionException e) {
            throw new IllegalStateException("An answer future failed", e);
        } finally {
            ids.values().forEach(requestId -> session.awaiting().remove(Session.key(requestId)));
        }
    }
}
