package io.beammcp.core.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Offers a method as a prompt. Its {@code String} parameters are the prompt's arguments (described with
 * {@link McpPromptArg}; required unless {@code Optional}, {@code @Nullable} or {@code required = false}),
 * plus an optional {@link io.beammcp.core.CallContext}. Return {@link io.beammcp.core.PromptResult},
 * {@link io.beammcp.core.PromptMessage}, a {@code List} of them, or a {@code String} sent as one user
 * message.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface McpPrompt {

    /**
     * The prompt's name, unique in the server; the method's name when empty.
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
     * What the prompt is for.
     *
     * @return the description, or empty for none
     */
    String description() default "";

    /**
     * OAuth scopes a caller must hold to use it; a caller without them still sees it and is refused (over
     * HTTP 403 {@code insufficient_scope} naming all of them).
     *
     * @return the scopes, none by default
     */
    String[] scopes() default {};
}
