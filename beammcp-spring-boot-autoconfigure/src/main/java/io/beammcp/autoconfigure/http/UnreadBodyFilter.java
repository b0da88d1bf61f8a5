package io.beammcp.autoconfigure.http;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Map;

/**
 * Keeps the endpoint's body unread until {@link McpHttpController} has checked Origin, Host, method and
 * authorization and reads it under its cap and deadline. What runs in front of a controller reads a body
 * when its media type asks for it: the multipart resolver of {@code DispatcherServlet} for
 * {@code multipart/*} (before any handler is chosen), {@code FormContentFilter} for a form-encoded PUT,
 * PATCH or DELETE, and the container for a form-encoded or multipart POST as soon as anything asks for a
 * request parameter (a filter, or Spring's debug log of the request). So a request
 * on the endpoint's path declaring a media type other than JSON goes on without one and without
 * parameters; its headers (so {@code Content-Type} as the authorizers see it) and body are untouched, and
 * the pipeline reads the body as it reads any other (the media type is not policed). Other paths never
 * reach this filter.
 *
 * <p>An answer given while a declared body is still unread, whoever gives it (the CORS filter to a preflight,
 * Spring Security's entry points and access-denied handlers, an error page, the endpoint's own refusals),
 * carries {@code Connection: close} ({@link ClosingResponse}), and a request the chain answered that way on
 * its own thread ends asynchronously: the container then closes the connection rather than drain the rest of
 * the body first, which would hold a request thread for as long as a client takes to drip it.
 */
final class UnreadBodyFilter implements Filter {

    private static final Logger log = LoggerFactory.getLogger(UnreadBodyFilter.class);

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!(request instanceof HttpServletRequest http) || !(response instanceof HttpServletResponse answer)) {
            chain.doFilter(request, response);
            return;
        }
        HttpServletRequest passed = passesUnchanged(http) ? http : new WithoutMediaType(http);
        if (http.getContentLengthLong() <= 0 && http.getHeader(HttpHeaders.TRANSFER_ENCODING) == null) {
            chain.doFilter(passed, answer);
            return;
        }
        ClosingResponse closing = new ClosingResponse(http, answer);
        chain.doFilter(passed, closing);
        if (!http.isAsyncStarted() && closing.closeIfUnread()) {
            try {
                http.startAsync(http, closing).complete();
            } catch (IllegalStateException e) {
                // a filter of the application does not support asynchronous requests: the container drains
                log.debug("An early answer on the MCP endpoint could not end without draining the body: {}",
                        e.toString());
            }
        }
    }

    /** No media type, or JSON: nothing in front of the endpoint reads such a body. */
    private static boolean passesUnchanged(HttpServletRequest request) {
        String contentType = request.getContentType();
        if (contentType == null) {
            return true;
        }
        try {
            return MediaType.APPLICATION_JSON.equalsTypeAndSubtype(MediaType.parseMediaType(contentType));
        } catch (InvalidMediaTypeException e) {
            return false;
        }
    }

    /** The request as the endpoint reads it: a body without a media type, hence without parameters in it. */
    private static final class WithoutMediaType extends HttpServletRequestWrapper {

        WithoutMediaType(HttpServletRequest request) {
            super(request);
        }

        @Override
        public String getContentType() {
            return null;
        }

        @Override
        public String getParameter(String name) {
            return null;
        }

        @Override
        public Map<String, String[]> getParameterMap() {
            return Map.of();
        }

        @Override
        public Enumeration<String> getParameterNames() {
            return Collections.emptyEnumeration();
        }

        @Override
        public String[] getParameterValues(String name) {
            return null;
        }
    }

    /**
     * The response of a request that declares a body: from the moment its answer may be committed (its
     * output is asked for, it is flushed, an error or a redirect is sent, or the chain has returned), it
     * carries {@code Connection: close} unless the body has been read to its end.
     */
    private static final class ClosingResponse extends HttpServletResponseWrapper {

        private final HttpServletRequest request;
        private boolean closes;

        ClosingResponse(HttpServletRequest request, HttpServletResponse response) {
            super(response);
            this.request = request;
        }

        @Override
        public ServletOutputStream getOutputStream() throws IOException {
            closeIfUnread();
            return super.getOutputStream();
        }

        @Override
        public PrintWriter getWriter() throws IOException {
            closeIfUnread();
            return super.getWriter();
        }

        @Override
        public void flushBuffer() throws IOException {
            closeIfUnread();
            super.flushBuffer();
        }

        @Override
        public void sendError(int status, String message) throws IOException {
            closeIfUnread();
            super.sendError(status, message);
        }

        @Override
        public void sendError(int status) throws IOException {
            closeIfUnread();
            super.sendError(status);
        }

        @Override
        public void sendRedirect(String location) throws IOException {
            closeIfUnread();
            super.sendRedirect(location);
        }

        @Override
        public void sendRedirect(String location, int status) throws IOException {
            closeIfUnread();
            super.sendRedirect(location, status);
        }

        @Override
        public void sendRedirect(String location, boolean clearBuffer) throws IOException {
            closeIfUnread();
            super.sendRedirect(location, clearBuffer);
        }

        @Override
        public void sendRedirect(String location, int status, boolean clearBuffer) throws IOException {
            closeIfUnread();
            super.sendRedirect(location, status, clearBuffer);
        }

        /** Marks a response not yet committed to close when the body is unread; whether it closes. */
        boolean closeIfUnread() {
            if (!isCommitted()) {
                closes = closes || unread();
                if (closes) {
                    setHeader(HttpHeaders.CONNECTION, "close");
                }
            }
            return closes;
        }

        private boolean unread() {
            try {
                return !request.getInputStream().isFinished();
            } catch (IOException | IllegalStateException e) {
                // read as characters, or not readable at all: whether it ended cannot be told
                return true;
            }
        }
    }
}
