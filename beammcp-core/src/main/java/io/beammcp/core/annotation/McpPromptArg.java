package io.beammcp.core.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Describes one argument of an {@link McpPrompt} method.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface McpPromptArg {

    /**
     * The argument's name; the parameter's name when empty (which needs {@code javac -parameters}).
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
     * What the argument is.
     *
     * @return the description, or empty for none
     */
    String description() default "";

    /**
     * Whether {@code prompts/get} must give the argument.
     *
     * @return {@code false} for an optional argument
     */
    boolean required() default true;
}
