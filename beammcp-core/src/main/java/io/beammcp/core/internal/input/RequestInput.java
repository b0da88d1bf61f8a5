package io.beammcp.core.internal.input;

import io.beammcp.core.InputRequest;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.McpError;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The input side of one request that may ask the client for input ({@code tools/call}, {@code prompts/get},
 * {@code resources/read}): the client's answers so far, checked on arrival, and what host code asks for in
 * this round.
 */
public final class RequestInput {

    /** The most input requests one round may make. */
    public static final int MAX_REQUESTS = 64;

    private final InputStates states;
    private final String method;
    private final String name;
    private final JsonNode arguments;
    private final JsonCodec codec;
    private final String caller;
    /** Computed when first needed (a state to open or to seal), so a call that asks nothing pays nothing. */
    private InputStates.Binding binding;
    /** The answers: in 2026-07-28 those sealed in the state plus the request's own; in 2025-11-25 those received. */
    private ObjectNode answers;
    private volatile Map<String, InputRequest> asked;

    /**
     * The input of a request of {@code method} on the tool or prompt {@code name} (or the resource URI)
     * with {@code arguments}, from the principal named {@code caller} ({@code ""} for none), none of whose
     * answers have arrived yet.
     */
    public RequestInput(InputStates states, String method, String name, JsonNode arguments, JsonCodec codec,
            String caller) {
        this.caller = caller;
        this.states = states;
        this.method = method;
        this.name = name;
        this.arguments = arguments;
        this.codec = codec;
    }

    /**
     * Reads the 2026-07-28 input of the request: its {@code inputResponses} (an object of objects) and, when
     * present, its {@code requestState}, opened for this request; answers to what the state says was asked
     * must have the shape of that method's result. Anything else is {@code -32602}.
     */
    public RequestInput arrived(ObjectNode params) {
        JsonNode responses = params == null ? null : params.get("inputResponses");
        if (responses != null && !responses.isObject()) {
            throw McpError.invalidParams("Invalid params: inputResponses must be an object");
        }
        JsonNode state = params == null ? null : params.get("requestState");
        if (state != null && !state.isString()) {
            throw McpError.invalidParams("Invalid params: requestState must be a string");
        }
        Map<String, String> askedBefore = Map.of();
        if (state != null) {
            InputStates.Opened opened = states.open(state.stringValue(), binding());
            askedBefore = opened.asked();
            answers().setAll(opened.answers());
        }
        if (responses != null) {
            for (Map.Entry<String, JsonNode> answer : responses.properties()) {
                if (!answer.getValue().isObject()) {
                    throw McpError.invalidParams("Invalid params: every value of inputResponses must be an object");
                }
                String askedMethod = askedBefore.get(answer.getKey());
                if (askedMethod != null && !fits(askedMethod, answer.getValue())) {
                    throw McpError.invalidParams("Invalid params: inputResponses." + answer.getKey()
                            + " is not a result of " + askedMethod);
                }
                answers().set(answer.getKey(), answer.getValue());
            }
        }
        return this;
    }

    /** The answer under {@code key}, or {@code null}. */
    public JsonNode answer(String key) {
        ObjectNode current = answers;
        return current == null ? null : current.get(key);
    }

    /** Records an answer the client gave (2025-11-25). */
    public void answer(String key, JsonNode result) {
        answers().set(key, result);
    }

    /**
     * The sealed state for the round that asked {@code requested}: every answer so far except those asked
     * again, and what was asked.
     */
    public String seal(Map<String, String> requested) {
        ObjectNode carried = answers == null ? codec.object() : answers.deepCopy();
        requested.keySet().forEach(carried::remove);
        return states.seal(binding(), requested, carried);
    }

    private InputStates.Binding binding() {
        if (binding == null) {
            binding = states.bind(method, name, arguments, caller);
        }
        return binding;
    }

    private ObjectNode answers() {
        if (answers == null) {
            answers = codec.object();
        }
        return answers;
    }

    /** Whether {@code result} has the shape of a client's result to {@code method}. */
    public static boolean fits(String method, JsonNode result) {
        switch (method) {
            case InputRequest.ELICITATION: {
                JsonNode action = result.get("action");
                JsonNode content = result.get("content");
                return action != null && action.isString()
                        && List.of("accept", "decline", "cancel").contains(action.stringValue())
                        && (content == null || content.isObject());
            }
            case InputRequest.SAMPLING: {
                JsonNode content = result.get("content");
                return result.path("role").isString() && result.path("model").isString()
                        && content != null && (content.isObject() || content.isArray());
            }
            default: {
                JsonNode roots = result.get("roots");
                if (roots == null || !roots.isArray()) {
                    return false;
                }
                for (JsonNode root : roots) {
                    if (!root.isObject() || !root.path("uri").isString()) {
                        return false;
                    }
                }
                return true;
            }
        }
    }

    /** The capabilities among the requests' needs that {@code declared} lacks, each as a path of names. */
    public static List<List<String>> missing(Map<String, InputRequest> requests, Map<String, Object> declared) {
        List<List<String>> missing = new ArrayList<>();
        for (InputRequest request : requests.values()) {
            List<String> needed = request.requiredCapability();
            if (!declares(declared, needed) && !missing.contains(needed)) {
                missing.add(needed);
            }
        }
        return missing;
    }

    /**
     * Whether the capabilities declare {@code needed}. Form elicitation is declared by {@code elicitation: {}}
     * too, while {@code elicitation: {url: {}}} alone declares URL mode only (2026-07-28, Elicitation, Capabilities).
     */
    public static boolean declares(Map<String, Object> declared, List<String> needed) {
        Object top = declared.get(needed.get(0));
        if (!(top instanceof Map<?, ?> sub)) {
            return false;
        }
        if (needed.size() == 1) {
            return true;
        }
        if ("form".equals(needed.get(1)) && sub.isEmpty()) {
            return true;
        }
        return sub.get(needed.get(1)) instanceof Map;
    }

    /** Records what host code asks for in this round (2026-07-28); the last call wins. */
    public void ask(Map<String, InputRequest> requests) {
        asked = new LinkedHashMap<>(requests);
    }

    /** What host code asked for in this round, or {@code null}. */
    public Map<String, InputRequest> asked() {
        return asked;
    }

    public static void check(Map<String, InputRequest> requests) {
        if (requests.isEmpty()) {
            throw new IllegalArgumentException("requireInput needs at least one request");
        }
        if (requests.size() > MAX_REQUESTS) {
            throw new IllegalArgumentException("requireInput takes at most " + MAX_REQUESTS + " requests, was "
                    + requests.size());
        }
        requests.forEach((key, request) -> {
            if (key == null || key.isEmpty() || request == null) {
                throw new IllegalArgumentException("An input request needs a non-empty key and a request");
            }
        });
    }
}
