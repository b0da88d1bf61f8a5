package io.beammcp.autoconfigure.http;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.Ordered;
import org.springframework.http.HttpMethod;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.handler.SimpleUrlHandlerMapping;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import java.util.List;
import java.util.Map;

/**
 * The endpoint's path mapped straight to {@link McpHttpController}'s handler method, ahead of the annotated
 * controllers' mapping: a request to the endpoint is not looked up among the application's other mappings.
 * Otherwise it is that mapping's twin: the path is matched with its parser and options, so the same spellings
 * reach the endpoint; the same interceptors (the application's, {@code WebMvcConfigurer}'s included) and global
 * CORS rules apply; and {@code OPTIONS} is left to it, as it answers that itself for a mapping that names no
 * method. Not carried over: the application's API versioning, which concerns its own controllers.
 */
final class McpHandlerMapping extends SimpleUrlHandlerMapping {

    private final RequestMappingHandlerMapping annotated;

    McpHandlerMapping(String path, McpHttpController controller, RequestMappingHandlerMapping annotated) {
        super(Map.of(path, handlerMethod(controller)), Ordered.HIGHEST_PRECEDENCE + 10);
        this.annotated = annotated;
        if (annotated != null) {
            setPatternParser(annotated.getPatternParser());
            setUrlPathHelper(annotated.getUrlPathHelper());
            setPathMatcher(annotated.getPathMatcher());
            if (annotated.getCorsConfigurationSource() != null) {
                setCorsConfigurationSource(annotated.getCorsConfigurationSource());
            }
            HandlerInterceptor[] interceptors = annotated.getAdaptedInterceptors();
            if (interceptors != null) {
                setInterceptors((Object[]) interceptors);
            }
        }
    }

    @Override
    protected void detectMappedInterceptors(List<HandlerInterceptor> mappedInterceptors) {
        // the annotated controllers' interceptors, copied above, include the MappedInterceptor beans already
        if (annotated == null) {
            super.detectMappedInterceptors(mappedInterceptors);
        }
    }

    @Override
    protected Object getHandlerInternal(HttpServletRequest request) throws Exception {
        return HttpMethod.OPTIONS.matches(request.getMethod()) ? null : super.getHandlerInternal(request);
    }

    private static HandlerMethod handlerMethod(McpHttpController controller) {
        try {
            return new HandlerMethod(controller,
                    McpHttpController.class.getDeclaredMethod("serve", HttpServletRequest.class, HttpServletResponse.class));
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }
}
