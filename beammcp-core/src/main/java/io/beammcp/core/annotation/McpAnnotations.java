package io.beammcp.core.annotation;

import io.beammcp.core.internal.annotated.AnnotatedBeans;

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
        return AnnotatedBeans.isAnnotated(type);
    }
}
