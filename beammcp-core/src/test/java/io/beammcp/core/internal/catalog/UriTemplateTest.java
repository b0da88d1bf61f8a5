package io.beammcp.core.internal.catalog;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.Random;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** Template matching: what a template admits, and that no uri makes matching slow. */
class UriTemplateTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "test://template/{id}/data | test://template/123/data | true",
        "test://template/{id}/data | test://template//data | false",
        "test://template/{id}/data | test://template/1/2/data | false",
        "test://template/{id}/data | test://template/123/data/x | false",
        "file:///{+path} | file:///a/b/c.txt | true",
        "file:///{+path} | file:/// | false",
        "x://{a}-{b} | x://1-2-3 | true",
        "x://{a}-{b} | x://1- | false",
        "x://{a}-x | x://b-c-x | true",
        "x://{a}{b} | x://ab | true",
        "x://{a}{b} | x://a | false",
        "x://{+a}x/{b} | x://1x/x/2 | true",
        "x://{a}x/{b} | x://1x/x/2 | false",
        "x://{+a}/{b}/{+c} | x://p/q/r/s/t | true",
    })
    void aUriMatchesWhenSomeValuesOfTheVariablesSpellItExactly(String template, String uri, boolean matches) {
        assertThat(UriTemplate.compile(template).matches(uri)).isEqualTo(matches);
    }

    @Test
    void aReservedVariableTakesNewlinesAndASegmentVariableEverythingButASlash() {
        assertThat(UriTemplate.compile("x://{+a}").matches("x://a\nb")).isTrue();
        assertThat(UriTemplate.compile("x://{a}").matches("x://a\n\u0000%2F\u00e9b")).isTrue();
        assertThat(UriTemplate.compile("x://{a}").matches("x://a/b")).isFalse();
    }

    /** The regular expression the templates used to compile to: the meaning the matcher keeps. */
    private static boolean regexMatches(String template, String uri) {
        StringBuilder regex = new StringBuilder();
        for (String part : template.split("(?=\\{)|(?<=\\})")) {
            if (part.startsWith("{+")) {
                regex.append("(.+)");
            } else if (part.startsWith("{")) {
                regex.append("([^/]+)");
            } else {
                regex.append(Pattern.quote(part));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL).matcher(uri).matches();
    }

    @Test
    void matchesExactlyWhatTheAnchoredRegularExpressionMatched() {
        String[] pieces = {"a", "b", "-", "/", "ab", "-/", "{v0}", "{v1}", "{+v2}", "{v3}", "{+v4}"};
        char[] letters = {'a', 'b', '-', '/', '\n'};
        long seed = System.nanoTime();
        Random random = new Random(seed);
        int matched = 0;
        for (int n = 0; n < 20_000; n++) {
            StringBuilder template = new StringBuilder();
            for (int i = 0, count = 1 + random.nextInt(6); i < count; i++) {
                String piece = pieces[random.nextInt(pieces.length)];
                if (!template.toString().contains(piece) || !piece.startsWith("{")) {
                    template.append(piece);
                }
            }
            StringBuilder uri = new StringBuilder();
            for (int i = 0, length = random.nextInt(10); i < length; i++) {
                uri.append(letters[random.nextInt(letters.length)]);
            }
            boolean expected = regexMatches(template.toString(), uri.toString());
            assertThat(UriTemplate.compile(template.toString()).matches(uri.toString()))
                    .as("seed %d: %s against %s", seed, template, uri).isEqualTo(expected);
            matched += expected ? 1 : 0;
        }
        assertThat(matched).isGreaterThan(500);
    }

    @ParameterizedTest
    @ValueSource(strings = {"x://{a}-{b}", "x://{a}-{b}-{c}-{d}", "x://{a}{b}{c}", "x://{+a}{+b}z", "x://{+a}-{+b}-{c}",
        "x://-{+a}-{b}-"})
    void aMegabyteUriThatDoesNotMatchIsRefusedInLinearTime(String template) {
        UriTemplate compiled = UriTemplate.compile(template);
        String dashes = "x://" + "-".repeat(1 << 20);
        assertTimeoutPreemptively(Duration.ofSeconds(2), () -> {
            assertThat(compiled.matches(dashes + "/")).isFalse();
            assertThat(compiled.matches(dashes + "/-/")).isFalse();
        });
    }
}
