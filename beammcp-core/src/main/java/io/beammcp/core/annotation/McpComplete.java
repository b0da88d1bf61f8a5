package io.beammcp.core.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Offers a method as the completion of one prompt argument or one resource template variable. The method
 * takes the partial value as a {@code String}, optionally a {@code Map<String, String>} of the values already
 * given for the other arguments or variables, and returns a {@code List<String>} of matching values, best
 * first. Name exactly one of {@link #prompt()} and {@link #uriTemplate()}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface McpComplete {

    /**
     * The prompt whose argument is completed.
     *
     * @return the prompt's name, or empty for a template
     */
    String prompt() default "";

    /**
     * The resource template whose variable is completed.
     *
     * @return the template, or empty for a prompt
     */
    String uriTemplate() default "";

    /**
     * The argument or variable completed.
     *
     * @return its name
     */
    String argument();
}
