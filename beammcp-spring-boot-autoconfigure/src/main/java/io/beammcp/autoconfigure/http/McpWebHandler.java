package io.beammcp.autoconfigure.http;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.SslInfo;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebHandler;
import reactor.core.publisher.Mono;

import java.net.InetSocketAddress;
import java.security.Principal;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * The Streamable HTTP endpoint on the reactive transport (Spring WebFlux, on Reactor Netty by the starter), with
 * the wire behaviour of the servlet endpoint ({@link McpHttpController}): each request passes the stages of
 * {@link McpHttpPipeline}, in their order. Its head ({@link RequestHead}, with the principal the security chain
 * authenticated) goes through the stages before the body on the event loop that received it, or, when the
 * {@link McpAuthorizer} may block, on a thread for host code; then the body is read as it arrives, without
 * holding a thread ({@link ReactiveBodyReader}); then, on a thread for host code ({@link HostThreads}), the body
 * authorizer, the core and host code. Host code never runs on an event loop unless the host declares it
 * non-blocking. The answer is written through a {@link ReactiveResponse}.
 * Its responses are counted until written ({@link ResponsesInFlight}), so that shutdown lets the last go out.
 */
final class McpWebHandler implements WebHandler, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(McpWebHandler.class);
    private static final byte[] EMPTY = new byte[0];

    private final McpHttpPipeline pipeline;
    private final HostThreads hostThreads;
    private final ResponsesInFlight responses;

    McpWebHandler(McpHttpPipeline pipeline, HostThreads hostThreads, ResponsesInFlight responses) {
        this.pipeline = pipeline;
        this.hostThreads = hostThreads;
        this.responses = responses;
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange) {
        return exchange.getPrincipal().map(Optional::of).defaultIfEmpty(Optional.empty())
                .flatMap(principal -> serve(exchange, ReactiveSecurity.caller(principal.orElse(null))));
    }

    private Mono<Void> serve(ServerWebExchange exchange, Principal principal) {
        long deadline = pipeline.bodies().deadline();
        ServerHttpRequest request = exchange.getRequest();
        RequestHead head = head(request, principal);
        ReactiveResponse answer = new ReactiveResponse(exchange.getResponse());
        Executor hostCode = ReactiveSecurity.within(principal, hostThreads.executor());
        Runnable stages = () -> admit(request, head, deadline, answer, hostCode);
        if (hostThreads.blocking() && pipeline.beforeBodyBlocks()) {
            // the authorizer is host code that may block: it runs where host code does, and the rest follows there
            try {
                hostCode.execute(stages);
            } catch (RuntimeException e) {
                log.error("No thread for host code took an MCP request; the client got 500", e);
                answer.write(Replies.internalError(head.declaresBody()));
            }
        } else {
            stages.run();
        }
        responses.begin();
        return answer.result().doFinally(signal -> responses.end());
    }

    /** The stages before the body; then a POST's body is read, and served on a thread for host code. */
    private void admit(ServerHttpRequest request, RequestHead head, long deadline, ReactiveResponse answer,
            Executor hostCode) {
        try {
            ResponseEntity<byte[]> early = pipeline.beforeBody(head, answer);
            if (early != null) {
                answer.write(early);
            } else if ("POST".equals(head.method())) {
                // a GET has its stream open
                BodyBuffer body = pipeline.bodies().buffer(head, EMPTY, answer, pipeline.core(), hostCode);
                if (head.declaresBody()) {
                    ReactiveBodyReader.read(request, body, deadline, pipeline.bodies());
                } else {
                    body.complete();
                }
            }
        } catch (RuntimeException e) {
            // the request must be answered whatever happened, or it would stay open forever
            log.error("Serving an MCP request failed; the client got 500", e);
            answer.write(Replies.internalError(head.declaresBody()));
        }
    }

    /** The request line, headers and peer, copied from the reactive request. */
    private static RequestHead head(ServerHttpRequest request, Principal principal) {
        RequestHead.Headers headers = new RequestHead.Headers();
        request.getHeaders().forEach((name, values) -> values.forEach(value -> headers.add(name, value)));
        SslInfo ssl = request.getSslInfo();
        X509Certificate[] chain = ssl == null ? null : ssl.getPeerCertificates();
        InetSocketAddress remote = request.getRemoteAddress();
        InetSocketAddress local = request.getLocalAddress();
        return RequestHead.of(request.getMethod().name(), request.getPath().value(), headers,
                new RequestHead.Peer(address(remote), remote == null ? -1 : remote.getPort(), address(local),
                        ssl != null, chain == null ? List.of() : List.of(chain)),
                principal, request.getHeaders().getContentLength());
    }

    /** An address as a servlet container reports it: the IP literal, else the name it was given as. */
    private static String address(InetSocketAddress address) {
        if (address == null) {
            return null;
        }
        return address.getAddress() != null ? address.getAddress().getHostAddress() : address.getHostString();
    }

    @Override
    public void destroy() {
        hostThreads.close();
    }
}
