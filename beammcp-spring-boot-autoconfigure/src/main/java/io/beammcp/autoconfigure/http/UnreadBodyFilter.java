package io.beammcp.autoconfigure.http;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;

import java.io.IOException;
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
 */
final class UnreadBodyFilter implements Filter {

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        chain.doFilter(request instanceof HttpServletRequest http && !passesUnchanged(http) ? new WithoutMediaType(http)
                : request, response);
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
}
