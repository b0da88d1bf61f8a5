package io.beammcp.core.annotation;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * What a container asks before handing a bean to the server's builder.
 */
public final class McpAnnotations {

    private McpAnnotations() {
    }

    /**
     * Whether a class (or a superclass) has a method carrying one of this package's annotations.
     *
     * @param type a class, the user class behind a proxy
     * @return {@code true} when some method is annotated for MCP
     */
    public static boolean presentOn(Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Method method : c.getDeclaredMethods()) {
                if (!method.isBridge() && !method.isSynthetic() && !Modifier.isStatic(method.getModifiers())
                        && annotated(method)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether a method carries one of this package's annotations: it offers a tool, resource, template or
     * prompt, or completes an argument.
     *
     * @param method a method
     * @return {@code true} when it is annotated for MCP
     */
    public static boolean annotated(Method method) {
        return method.isAnnotationPresent(McpTool.class) || method.isAnnotationPresent(McpResource.class)
                || method.isAnnotationPresent(McpResourceTemplate.class) || method.isAnnotationPresent(McpPrompt.class)
                || method.isAnnotationPresent(McpComplete.class);
    }
}
