package io.beammcp.core.annotation;

import io.beammcp.core.TaskSupport;
import io.beammcp.core.ToolView;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Offers a method as an MCP tool. Its parameters are the tool's arguments (each described with
 * {@link McpToolParam}, or one record or bean holding them all), plus an optional
 * {@link io.beammcp.core.CallContext}. The input schema is derived from the parameter types, advertised by
 * {@code tools/list} and enforced before the method runs; a record or bean return type is sent as
 * {@code structuredContent} with a derived output schema.
 *
 * <p>Return {@code String} (a text block), {@link io.beammcp.core.Content}, a {@code List} of them,
 * {@link io.beammcp.core.ToolResult}, or any record or bean. {@code void} or {@code null} is a success
 * without content. Throw {@link io.beammcp.core.ToolErrorException} for a failure the model should see,
 * {@link io.beammcp.core.InvalidParamsException} for {@code -32602}; anything else is {@code -32603},
 * logged with its stack trace.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface McpTool {

    /**
     * The tool's name, unique in the server; the method's name when empty.
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
     * What the tool does, for the model.
     *
     * @return the description, or empty for none
     */
    String description() default "";

    /**
     * Whether the tool only observes its environment ({@code readOnlyHint}).
     *
     * @return {@code true} for a read-only tool
     */
    boolean readOnly() default false;

    /**
     * Whether the tool may destroy or overwrite ({@code destructiveHint}); advertised only when set.
     *
     * @return the hint
     */
    Hint destructive() default Hint.UNSET;

    /**
     * Whether repeating a call has no further effect ({@code idempotentHint}); advertised only when set.
     *
     * @return the hint
     */
    Hint idempotent() default Hint.UNSET;

    /**
     * Whether the tool reaches an open world of external entities ({@code openWorldHint}); advertised only
     * when set.
     *
     * @return the hint
     */
    Hint openWorld() default Hint.UNSET;

    /**
     * Client capabilities the tool cannot work without, such as {@code "sampling"}.
     *
     * @return the capability names
     */
    String[] requiredClientCapabilities() default {};

    /**
     * Whether a 2026-07-28 call may run as a task of the Tasks extension (the client then polls for the
     * result): see {@link TaskSupport}.
     *
     * @return the task support, {@link TaskSupport#FORBIDDEN} by default
     */
    TaskSupport taskSupport() default TaskSupport.FORBIDDEN;

    /**
     * An explicit input schema (JSON Schema 2020-12 text) that replaces the derived one.
     *
     * @return the schema, or empty to derive it
     */
    String inputSchema() default "";

    /**
     * An explicit output schema (JSON Schema 2020-12 text) that replaces the derived one.
     *
     * @return the schema, or empty to derive it from a record or bean return type
     */
    String outputSchema() default "";

    /**
     * OAuth scopes a caller must hold to use it; a caller without them still sees it and is refused (over
     * HTTP 403 {@code insufficient_scope} naming all of them).
     *
     * @return the scopes, none by default
     */
    String[] scopes() default {};

    /**
     * The {@code ui://} URI of the tool's MCP Apps view, which hosts render its results with: a resource of MIME
     * type {@code text/html;profile=mcp-app}, declared as a binding or found by convention (for
     * {@code ui://weather/forecast}, {@code classpath:mcp/apps/weather/forecast.html}).
     *
     * @return the view's URI, or empty for none
     */
    String view() default "";

    /**
     * Who may call the tool ({@code _meta.ui.visibility}): {@link ToolView.Visibility#APP} alone keeps it from
     * the model, for the view's own calls.
     *
     * @return the visibility; empty states none, which is both when a view is named
     */
    ToolView.Visibility[] visibility() default {};

    /** A behaviour hint that is either stated or left to the client's default. */
    enum Hint {

        /** Not advertised. */
        UNSET,

        /** Advertised as {@code true}. */
        TRUE,

        /** Advertised as {@code false}. */
        FALSE
    }
}
