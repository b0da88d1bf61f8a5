package io.beammcp.core.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Offers a method as the reader of a family of resources named by a URI template ({@code {var}} one path
 * segment, {@code {+var}} any characters). Each {@code String} parameter receives the template variable of
 * its name, percent-decoded; a {@code Map<String, String>} parameter receives them all, and a
 * {@link io.beammcp.core.CallContext} parameter the request. Return types are those of {@link McpResource}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface McpResourceTemplate {

    /**
     * The URI template, unique in the server, for example {@code "weather://place/{name}"}.
     *
     * @return the template
     */
    String uriTemplate();

    /**
     * The template's name; the method's name when empty.
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
     * The media type of matching resources.
     *
     * @return for example {@code "application/json"}, or empty for none
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
