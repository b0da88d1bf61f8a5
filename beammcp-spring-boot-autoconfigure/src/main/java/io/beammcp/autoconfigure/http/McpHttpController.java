package io.beammcp.autoconfigure.http;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.security.cert.X509Certificate;
import java.util.Enumeration;
import java.util.List;

/**
 * The Streamable HTTP endpoint on the servlet transport (Spring MVC): one path, both protocol revisions. It
 * frames HTTP; the core decides the protocol. Each request passes the stages of {@link McpHttpPipeline}, in
 * their order: its head ({@link RequestHead}, copied from the servlet request) through the stages before the
 * body; then the body, read without blocking a thread ({@link BodyReader}): what has already arrived at once,
 * the rest as it arrives, after which the thread that read its last bytes goes on; then the core.
 *
 * <p>Every answer is written by the endpoint itself ({@link DirectResponse}), not by Spring MVC's return-value
 * handling nor its asynchronous results. An answer given before the body was read to its end returns from an
 * asynchronous request, so the container closes the connection at once rather than drain the body first.
 *
 * <p>2026-07-28 requests are served statelessly: nothing is read from or written to the session store,
 * and {@code Mcp-Session-Id} is neither honoured nor sent. A 2025-11-25 {@code initialize} opens a session
 * kept in the {@link McpSessionStore} under a fresh random id, sent back in {@code Mcp-Session-Id}; later
 * legacy requests need it (absent: 400; unknown or ended: 404), and DELETE ends it (204) with its stream.
 * GET opens the session's stream of change notifications when the host's lists change (else 405); a
 * session may hold only so many (429).
 */
@RestController
final class McpHttpController {

    private final McpHttpPipeline pipeline;
    private McpContextPropagation propagation = () -> Runnable::run;

    McpHttpController(McpHttpPipeline pipeline) {
        this.pipeline = pipeline;
    }

    /**
     * Serves one request, writing its answer to {@code response} itself in every case (refusals and DELETE
     * included): Spring MVC's return-value handling, message converters and content negotiation do nothing.
     */
    @RequestMapping("${beammcp.http.path:/mcp}")
    void serve(HttpServletRequest request, HttpServletResponse response) {
        long deadline = pipeline.bodies().deadline();
        RequestHead head = head(request);
        DirectResponse direct = new DirectResponse(request, response);
        ResponseEntity<byte[]> early = pipeline.beforeBody(head, direct);
        if (early != null) {
            if (head.declaresBody()) {
                // answered from an asynchronous request, the container closes the connection at once rather
                // than drain the body first, as it would after an ordinary return
                direct.leave();
            }
            direct.write(early);
            return;
        }
        // a GET has its stream open; a POST is read and served, now or once the rest of its body arrives
        if ("POST".equals(head.method())) {
            byte[] body = BodyReader.read(request, head, deadline, pipeline.bodies(), direct, pipeline.core(),
                    propagation.capture());
            if (body != null) {
                pipeline.serve(head, body, direct);
            }
        }
        direct.leave();
    }

    /** The request line, headers and peer, copied from the servlet request. */
    private static RequestHead head(HttpServletRequest request) {
        RequestHead.Headers headers = new RequestHead.Headers();
        Enumeration<String> names = request.getHeaderNames();
        while (names != null && names.hasMoreElements()) {
            String name = names.nextElement();
            Enumeration<String> values = request.getHeaders(name);
            while (values != null && values.hasMoreElements()) {
                headers.add(name, values.nextElement());
            }
        }
        Object chain = request.getAttribute("jakarta.servlet.request.X509Certificate");
        List<X509Certificate> certificates = chain instanceof X509Certificate[] c ? List.of(c) : List.of();
        return RequestHead.of(request.getMethod(), request.getRequestURI(), headers,
                new RequestHead.Peer(request.getRemoteAddr(), request.getRemotePort(), request.getLocalAddr(),
                        request.isSecure(), certificates),
                request.getUserPrincipal(), request.getContentLengthLong());
    }

    /** What carries the admitting thread's context (its security context) to a body read asynchronously. */
    void propagation(McpContextPropagation propagation) {
        this.propagation = propagation;
    }
}
