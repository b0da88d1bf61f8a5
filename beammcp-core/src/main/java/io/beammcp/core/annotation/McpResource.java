package io.beammcp.core.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Offers a method as the reader of one listed resource. The method takes no arguments but an optional
 * {@link io.beammcp.core.CallContext}, and returns {@code String} (text contents), {@code byte[]} (binary
 * contents), {@link io.beammcp.core.ResourceContents}, a {@code List} of them or a
 * {@link io.beammcp.core.ReadResult}; {@code null} answers "not found".
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface McpResource {

    /**
     * The resource's absolute URI, unique in the server.
     *
     * @return the URI
     */
    String uri();

    /**
     * The resource's name; the method's name when empty.
     *
     * @return the name
     */
    String name() default "";

    /**
     * A display title.
     *
     * @return the title, or empty for none
     */
    String title() default "";

    /**
     * A description.
     *
     * @return the description, or empty for none
     */
    String description() default "";

    /**
     * The media type of the contents.
     *
     * @return for example {@code "text/plain"}, or empty for none
     */
    String mimeType() default "";

    /**
     * OAuth scopes a caller must hold to use it; a caller without them still sees it and is refused (over
     * HTTP 403 {@code insufficient_scope} naming all of them).
     *
     * @return the scopes, none by default
     */
    String[] scopes() default {};
}
