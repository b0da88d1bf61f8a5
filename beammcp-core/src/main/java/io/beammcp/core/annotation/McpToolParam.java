package io.beammcp.core.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Describes one argument of an {@link McpTool} method, or one property of a record or bean holding the
 * arguments. An argument is required unless it is an {@code Optional}, annotated {@code @Nullable}, has a
 * default or says {@code required = false}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.PARAMETER, ElementType.FIELD})
public @interface McpToolParam {

    /**
     * The argument's name; the parameter's name when empty (which needs {@code javac -parameters}).
     *
     * @return the name
     */
    String name() default "";

    /**
     * What the argument is, for the model.
     *
     * @return the description, or empty for none
     */
    String description() default "";

    /**
     * Whether a call must give the argument.
     *
     * @return {@code false} for an optional argument
     */
    boolean required() default true;

    /**
     * The value used when a call omits the argument, advertised as the schema's {@code default}: the text
     * itself for a string or enum argument, JSON text ({@code "3"}, {@code "true"}, {@code "[1,2]"}) for any
     * other. Setting one makes the argument optional.
     *
     * @return the default, or empty for none
     */
    String defaultValue() default "";
}
