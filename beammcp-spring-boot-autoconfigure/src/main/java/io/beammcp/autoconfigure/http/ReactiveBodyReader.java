package io.beammcp.autoconfigure.http;

import org.reactivestreams.Subscription;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.server.reactive.ServerHttpRequest;
import reactor.core.publisher.BaseSubscriber;

/**
 * Stage 4 on the reactive transport: reads one request body from WebFlux's stream of buffers into a
 * {@link BodyBuffer}, against its cap and whole-body deadline. No thread waits for the client: the server
 * hands each buffer over as it arrives, the buffer is copied and released at once, and reading stops at the
 * first byte past the cap; the deadline's timer answers 408 whatever the client is doing. The body, once
 * whole, goes to the next stages on the request's thread for host code ({@link McpWebHandler}).
 */
final class ReactiveBodyReader extends BaseSubscriber<DataBuffer> {

    private final BodyBuffer body;

    private ReactiveBodyReader(BodyBuffer body) {
        this.body = body;
    }

    /** Reads the body of {@code request} into {@code body}, from now until it ends, under its deadline. */
    static void read(ServerHttpRequest request, BodyBuffer body, long deadline, BodyLimits limits) {
        limits.start(body, deadline);
        request.getBody().subscribe(new ReactiveBodyReader(body));
    }

    @Override
    protected void hookOnSubscribe(Subscription subscription) {
        subscription.request(Long.MAX_VALUE);
    }

    @Override
    protected void hookOnNext(DataBuffer buffer) {
        try {
            int readable = buffer.readableByteCount();
            while (readable > 0) {
                if (body.settled()) {
                    cancel();
                    return;
                }
                byte[] room = body.room();
                int take = Math.min(readable, room.length - body.count());
                if (take == 0) {
                    // more bytes than the request declared: the server framed it wrong, and the body is not this one
                    body.failed(new IllegalStateException("a body longer than its Content-Length"));
                    cancel();
                    return;
                }
                buffer.read(room, body.count(), take);
                readable -= take;
                if (!body.added(take)) {
                    cancel();
                    return;
                }
            }
        } finally {
            DataBufferUtils.release(buffer);
        }
    }

    @Override
    protected void hookOnComplete() {
        body.complete();
    }

    @Override
    protected void hookOnError(Throwable failure) {
        body.failed(failure);
    }
}
