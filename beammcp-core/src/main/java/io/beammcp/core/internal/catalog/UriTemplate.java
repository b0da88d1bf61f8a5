package io.beammcp.core.internal.catalog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The URI templates the server supports, compiled once: {@code {var}} is one non-empty segment without
 * {@code /}, {@code {+var}} one or more characters of any kind. Anything else in braces, and any lone
 * brace, is refused.
 *
 * <p>A uri matches when some choice of values for the variables spells it out exactly. The match runs
 * the template as a set of positions over the uri, one character at a time, never backtracking: its cost
 * is at most the uri's length times the template's, whatever the uri ({@code {a}-{b}} against a long run of
 * dashes included).
 */
public final class UriTemplate {

    private static final Pattern VARIABLE = Pattern.compile("[A-Za-z0-9_]+");
    /** A step matching one or more characters other than {@code /}. */
    private static final int SEGMENT = -1;
    /** A step matching one or more characters. */
    private static final int ANY = -2;

    /** The template as steps: a literal character (its value), {@link #SEGMENT} or {@link #ANY}. */
    private final int[] steps;
    private final List<String> variables;
    /** The same template as a regular expression, run only on a uri {@link #matches} accepted, to read the values. */
    private final Pattern extractor;

    private UriTemplate(int[] steps, List<String> variables, Pattern extractor) {
        this.steps = steps;
        this.variables = List.copyOf(variables);
        this.extractor = extractor;
    }

    public static UriTemplate compile(String template) {
        List<Integer> steps = new ArrayList<>();
        List<String> variables = new ArrayList<>();
        StringBuilder regex = new StringBuilder();
        int i = 0;
        while (i < template.length()) {
            char c = template.charAt(i);
            if (c == '}') {
                throw new IllegalArgumentException("has a '}' without its '{'");
            }
            if (c != '{') {
                steps.add((int) c);
                regex.append(Pattern.quote(String.valueOf(c)));
                i++;
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
            steps.add(reserved ? ANY : SEGMENT);
            regex.append(reserved ? "(.+)" : "([^/]+)");
            i = close + 1;
        }
        return new UriTemplate(steps.stream().mapToInt(Integer::intValue).toArray(), variables,
                Pattern.compile(regex.toString(), Pattern.DOTALL));
    }

    /**
     * The values of the variables in a uri this template matches, as they appear in it (still
     * percent-encoded), or {@code null} when it does not match.
     */
    public Map<String, String> values(String uri) {
        if (!matches(uri)) {
            return null;
        }
        Matcher matcher = extractor.matcher(uri);
        if (!matcher.matches()) {
            return null;
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (int v = 0; v < variables.size(); v++) {
            values.put(variables.get(v), matcher.group(v + 1));
        }
        return values;
    }

    /**
     * Whether the uri matches. State {@code k} means "the first {@code k} steps are matched"; a character
     * advances a state past a step that takes it, and keeps a state just past a variable in that variable
     * when the variable takes it too.
     */
    public boolean matches(String uri) {
        int end = steps.length;
        int[] current = new int[end + 1];
        int[] next = new int[end + 1];
        int[] addedAt = new int[end + 1];
        int count = 1;
        for (int i = 0; i < uri.length(); i++) {
            char c = uri.charAt(i);
            int mark = i + 1;
            int nextCount = 0;
            for (int k = 0; k < count; k++) {
                int state = current[k];
                if (state < end && takes(steps[state], c) && addedAt[state + 1] != mark) {
                    addedAt[state + 1] = mark;
                    next[nextCount++] = state + 1;
                }
                if (state > 0 && steps[state - 1] < 0 && takes(steps[state - 1], c) && addedAt[state] != mark) {
                    addedAt[state] = mark;
                    next[nextCount++] = state;
                }
            }
            if (nextCount == 0) {
                return false;
            }
            int[] swap = current;
            current = next;
            next = swap;
            count = nextCount;
        }
        for (int k = 0; k < count; k++) {
            if (current[k] == end) {
                return true;
            }
        }
        return false;
    }

    private static boolean takes(int step, char c) {
        return step >= 0 ? c == step : step == ANY || c != '/';
    }

    public List<String> variables() {
        return variables;
    }
}
