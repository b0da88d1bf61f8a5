package io.beammcp.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Something host code asks of the client while serving a request: an elicitation (a form, or a URL the user
 * opens), a sampling completion, or the client's roots. Given to {@link CallContext#requireInput}, it becomes
 * an entry of {@code inputRequests} in 2026-07-28 and a server-to-client request in 2025-11-25.
 *
 * @param method {@code elicitation/create}, {@code sampling/createMessage} or {@code roots/list}
 * @param params the request's params as plain Java values (maps, lists, strings, numbers, booleans),
 *        immutable
 */
public record InputRequest(String method, Map<String, Object> params) {

    /** The method of an elicitation. */
    public static final String ELICITATION = "elicitation/create";
    /** The method of a sampling request. */
    public static final String SAMPLING = "sampling/createMessage";
    /** The method of a roots request. */
    public static final String ROOTS = "roots/list";

    /**
     * Checks the method and copies the params.
     *
     * @param method one of {@link #ELICITATION}, {@link #SAMPLING} and {@link #ROOTS}
     * @param params the request's params
     */
    public InputRequest {
        if (!ELICITATION.equals(method) && !SAMPLING.equals(method) && !ROOTS.equals(method)) {
            throw new IllegalArgumentException("An input request is elicitation/create, sampling/createMessage or "
                    + "roots/list, was " + method);
        }
        Objects.requireNonNull(params, "params");
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /**
     * A form elicitation: the client shows {@code message} and a form for {@code requestedSchema}, and
     * answers {@code {action, content?}}.
     *
     * @param message what to ask the user
     * @param requestedSchema a flat object schema of primitive properties, as plain Java values
     *        ({@code {"type": "object", "properties": {...}, "required": [...]}})
     * @return the request
     */
    public static InputRequest elicitation(String message, Map<String, Object> requestedSchema) {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(requestedSchema, "requestedSchema");
        return new InputRequest(ELICITATION, Map.of("message", message, "requestedSchema", requestedSchema));
    }

    /**
     * A URL elicitation: the client asks the user to open {@code url} (for example to sign in to a third
     * party), and answers {@code {action}} once the user consented or declined.
     *
     * @param message why the user should open the URL
     * @param url the URL, absolute
     * @return the request
     */
    public static InputRequest elicitationUrl(String message, String url) {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(url, "url");
        return new InputRequest(ELICITATION, Map.of("mode", "url", "message", message, "url", url));
    }

    /**
     * A sampling request with one user message of text.
     *
     * @param prompt the user message
     * @param maxTokens the most tokens the client's model may produce
     * @return the request
     */
    public static InputRequest sampling(String prompt, int maxTokens) {
        Objects.requireNonNull(prompt, "prompt");
        Map<String, Object> message = Map.of("role", "user", "content", Map.of("type", "text", "text", prompt));
        return new InputRequest(SAMPLING, Map.of("messages", List.of(message), "maxTokens", maxTokens));
    }

    /**
     * A sampling request with the whole of {@code CreateMessageRequest}'s params ({@code messages},
     * {@code maxTokens}, {@code systemPrompt}, {@code modelPreferences}, {@code tools}, ...).
     *
     * @param params the params
     * @return the request
     */
    public static InputRequest sampling(Map<String, Object> params) {
        return new InputRequest(SAMPLING, params);
    }

    /**
     * A request for the client's roots, answered {@code {roots: [{uri, name?}]}}.
     *
     * @return the request
     */
    public static InputRequest roots() {
        return new InputRequest(ROOTS, Map.of());
    }

    /**
     * The client capability this request needs, as it appears in {@code requiredCapabilities}:
     * {@code elicitation.form} (declared as {@code elicitation: {}} or {@code elicitation: {form: {}}}),
     * {@code elicitation.url}, {@code sampling}, {@code sampling.tools} when the request offers tools,
     * or {@code roots}.
     *
     * @return the capability as a path of names, for example {@code List.of("elicitation", "url")}
     */
    public List<String> requiredCapability() {
        switch (method) {
            case ELICITATION:
                return "url".equals(params.get("mode")) ? List.of("elicitation", "url") : List.of("elicitation", "form");
            case SAMPLING:
                return params.containsKey("tools") ? List.of("sampling", "tools") : List.of("sampling");
            default:
                return List.of("roots");
        }
    }
}
