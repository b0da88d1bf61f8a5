package io.beammcp.reliability;

import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Checks every message the server sends must pass whatever it was sent: a JSON-RPC 2.0 response object
 * with exactly one of {@code result}/{@code error}, an id that is a string or an integer (or absent, never
 * {@code null}), and nothing of the server's insides (a stack frame, a Java class or package name) unless
 * the request itself carried that text.
 */
final class WireChecks {

    /**
     * Text that betrays a Java implementation: packages, exception names, stack frames, source lines. The
     * library's own package is matched with its dot: {@code io.beammcp/} is the prefix of its {@code _meta} keys.
     */
    static final List<String> INSIDES = List.of("java.", "javax.", "jakarta.", "tools.jackson", "com.fasterxml",
            "com.networknt", "io.beammcp.", "org.springframework", "org.apache", "Exception", "Throwable", "Error:",
            "\tat ", ".java:", "NullPointer", "StackOverflow", "OutOfMemory", "Caused by");
    private static final Pattern FRAME = Pattern.compile("\\bat [A-Za-z_$][\\w$]*(\\.[\\w$<>]+)+\\(");

    private WireChecks() {
    }

    /**
     * The problem with one response, or {@code null} when it is well formed.
     *
     * @param raw the response text
     * @param request the request text (insides it carried itself may be echoed)
     */
    static String problem(String raw, String request) {
        JsonNode node;
        try {
            node = CoreClient.JSON.readTree(raw);
        } catch (RuntimeException e) {
            return "not JSON: " + abbreviate(raw);
        }
        if (node == null || !node.isObject()) {
            return "not a JSON object: " + abbreviate(raw);
        }
        if (!"2.0".equals(node.path("jsonrpc").asString(null))) {
            return "jsonrpc is not \"2.0\": " + abbreviate(raw);
        }
        if (node.has("result") == node.has("error")) {
            return "not exactly one of result/error: " + abbreviate(raw);
        }
        if (node.has("method")) {
            return "a response with a method: " + abbreviate(raw);
        }
        JsonNode id = node.get("id");
        if (id != null && !(id.isString() || id.isIntegralNumber())) {
            return "id is neither string nor integer: " + abbreviate(raw);
        }
        if (node.has("error")) {
            JsonNode error = node.get("error");
            if (!error.isObject() || !error.path("code").isIntegralNumber() || !error.path("message").isString()) {
                return "malformed error object: " + abbreviate(raw);
            }
        } else if (!node.get("result").isObject()) {
            return "result is not an object: " + abbreviate(raw);
        }
        return leak(raw, request);
    }

    /** Implementation detail in {@code text} that {@code request} did not carry itself; {@code null} if none. */
    static String leak(String text, String request) {
        String sent = request == null ? "" : request;
        for (String inside : INSIDES) {
            if (text.contains(inside) && !sent.contains(inside)) {
                return "carries \"" + inside.replace("\t", "\\t") + "\": " + abbreviate(text);
            }
        }
        if (FRAME.matcher(text).find() && !FRAME.matcher(sent).find()) {
            return "carries a stack frame: " + abbreviate(text);
        }
        if (text.contains(TestHost.SECRET) && !sent.contains(TestHost.SECRET)) {
            return "carries a host secret: " + abbreviate(text);
        }
        return null;
    }

    static String abbreviate(String text) {
        return text == null ? "null" : text.length() <= 400 ? text : text.substring(0, 400) + "...";
    }
}
