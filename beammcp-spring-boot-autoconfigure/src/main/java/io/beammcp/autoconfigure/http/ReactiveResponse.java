package io.beammcp.autoconfigure.http;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpResponse;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;
import reactor.core.publisher.Mono;
import reactor.core.publisher.SignalType;
import reactor.core.publisher.Sinks;

import java.io.IOException;
import java.util.function.Function;

/**
 * The reactive transport's {@link HttpAnswer}: WebFlux's response of one request. The endpoint returns
 * {@link #result()} at once, before anything is known; the first {@link #write} or {@link #beginStream} decides
 * what it becomes, from whichever thread: a whole answer, or an event stream whose frames are emitted as they
 * are {@link #send sent}. A sender waits while the server has no room for another frame, so a client that reads
 * slowly holds up its stream's writer and nothing else, as a blocking servlet write does. The client found gone
 * (the server cancels the response when the connection closes) runs the actions registered with
 * {@link #onGone}.
 */
final class ReactiveResponse implements HttpAnswer {

    private static final Logger log = LoggerFactory.getLogger(ReactiveResponse.class);

    private final ServerHttpResponse response;
    private final Sinks.One<Mono<Void>> outcome = Sinks.one();
    private final GoneActions gone = new GoneActions();
    /** The thread running the request's host code, while it does. */
    private Thread hostCode;
    private FluxSink<DataBuffer> frames;
    private boolean streaming;
    private boolean finished;

    ReactiveResponse(ServerHttpResponse response) {
        this.response = response;
    }

    /** What the endpoint returns: completes once the response is written, whoever writes it. */
    Mono<Void> result() {
        return outcome.asMono().flatMap(Function.identity()).doFinally(signal -> {
            if (signal == SignalType.CANCEL || signal == SignalType.ON_ERROR) {
                clientGone();
            }
        });
    }

    @Override
    public synchronized void write(ResponseEntity<byte[]> answer) {
        if (finished || streaming) {
            return;
        }
        finished = true;
        response.setStatusCode(answer.getStatusCode());
        HttpHeaders headers = response.getHeaders();
        answer.getHeaders().forEach((name, values) -> values.forEach(value -> headers.add(name, value)));
        if (hostCode != null && hostCode != Thread.currentThread()) {
            headers.set(HttpHeaders.CONNECTION, "close");
        }
        byte[] body = answer.getBody();
        if (body == null) {
            outcome.tryEmitValue(response.setComplete());
            return;
        }
        headers.setContentLength(body.length);
        outcome.tryEmitValue(response.writeWith(Mono.fromSupplier(() -> response.bufferFactory().wrap(body))));
    }

    @Override
    public synchronized void beginStream() throws IOException {
        if (finished) {
            throw new IOException("the response is over");
        }
        streaming = true;
        response.setStatusCode(HttpStatus.OK);
        HttpHeaders headers = response.getHeaders();
        headers.setContentType(MediaType.TEXT_EVENT_STREAM);
        headers.set(HttpHeaders.CACHE_CONTROL, "no-cache");
        headers.set("X-Accel-Buffering", "no");
        // an empty first frame commits the status and headers at once, as a servlet's flush does
        Flux<DataBuffer> stream = Flux.concat(Mono.fromSupplier(() -> response.bufferFactory().wrap(new byte[0])),
                Flux.create(this::frames, FluxSink.OverflowStrategy.ERROR));
        outcome.tryEmitValue(response.writeAndFlushWith(stream.map(Mono::just)));
    }

    private synchronized void frames(FluxSink<DataBuffer> sink) {
        frames = sink;
        sink.onRequest(n -> wake());
        sink.onCancel(this::clientGone);
        if (finished) {
            sink.complete();
        }
        notifyAll();
    }

    private synchronized void wake() {
        notifyAll();
    }

    @Override
    public void send(byte[] frame) throws IOException {
        FluxSink<DataBuffer> sink;
        synchronized (this) {
            // waits for the server to take the stream, then for room for one more frame
            while (!finished && (frames == null || frames.requestedFromDownstream() == 0)) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while the client was not reading", e);
                }
            }
            if (finished) {
                throw new IOException("the response is over");
            }
            sink = frames;
        }
        sink.next(response.bufferFactory().wrap(frame));
    }

    @Override
    public synchronized void end() {
        if (finished) {
            return;
        }
        finished = true;
        notifyAll();
        if (frames != null) {
            frames.complete();
        } else if (!streaming) {
            outcome.tryEmitValue(response.setComplete());
        }
    }

    @Override
    public synchronized void runningHostCode(boolean running) {
        hostCode = running ? Thread.currentThread() : null;
    }

    @Override
    public void onGone(Runnable action) {
        gone.add(action);
    }

    private void clientGone() {
        if (gone.fire()) {
            log.trace("An MCP client went away before its response ended");
            end();
        }
    }
}
