package io.beammcp.core.server;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The URI templates the server supports, compiled to an anchored pattern once: {@code {var}} is one
 * non-empty segment without {@code /}, {@code {+var}} one or more characters of any kind. Anything else
 * in braces, and any lone brace, is refused.
 */
final class UriTemplate {

    private static final Pattern VARIABLE = Pattern.compile("[A-Za-z0-9_]+");

    private final Pattern pattern;
    private final List<String> variables;

    private UriTemplate(Pattern pattern, List<String> variables) {
        this.pattern = pattern;
        this.variables = List.copyOf(variables);
    }

    static UriTemplate compile(String template) {
        StringBuilder regex = new StringBuilder();
        List<String> variables = new ArrayList<>();
        int i = 0;
        while (i < template.length()) {
            char c = template.charAt(i);
            if (c == '}') {
                throw new IllegalArgumentException("has a '}' without its '{'");
            }
            if (c != '{') {
                int next = nextBrace(template, i);
                regex.append(Pattern.quote(template.substring(i, next)));
                i = next;
                continue;
            }
            int close = template.indexOf('}', i);
            if (close < 0) {
                throw new IllegalArgumentException("has a '{' without its '}'");
            }
            String expression = template.substring(i + 1, close);
            boolean reserved = expression.startsWith("+");
            String name = reserved ? expression.substring(1) : expression;
            if (!VARIABLE.matcher(name).matches()) {
                throw new IllegalArgumentException("uses '{" + expression
                        + "}'; only {name} and {+name} with a name of letters, digits and '_' are supported");
            }
            if (variables.contains(name)) {
                throw new IllegalArgumentException("repeats the variable '" + name + "'");
            }
            variables.add(name);
            regex.append(reserved ? "(.+)" : "([^/]+)");
            i = close + 1;
        }
        return new UriTemplate(Pattern.compile(regex.toString(), Pattern.DOTALL), variables);
    }

    private static int nextBrace(String template, int from) {
        for (int i = from; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c == '{' || c == '}') {
                return i;
            }
        }
        return template.length();
    }

    boolean matches(String uri) {
        return pattern.matcher(uri).matches();
    }

    List<String> variables() {
        return variables;
    }
}
