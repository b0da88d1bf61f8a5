package io.beammcp.autoconfigure.http;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The guard parses Host values and local addresses by hand, without regexes: the same verdicts as the
 * patterns that define them, on chosen and on random inputs.
 */
class OriginGuardParsingTests {

    private static final String HOST = "\\[[0-9A-Fa-f:.]+]|[A-Za-z0-9.\\-_]+";
    private static final String IP = "[0-9.]+|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*(%[A-Za-z0-9_.\\-]+)?";

    @Test
    void hostValuesParseAsTheirPatternSays() {
        List<String> values = new ArrayList<>(List.of("localhost", "LOCALHOST:8080", "127.0.0.1:1", "[::1]", "[::1]:65535",
                "[::1]x", "[::1]:", "[]", "[", "]", ":80", "a:", "a:123456", "a:12a", "a:1:2", "a b", "a_b-c.d",
                "\u0661\u0662", "[\uff10::1]", "h\u00e9", "[::ffff:127.0.0.1]:99999", "", "x:00080"));
        Random random = new Random(7);
        String alphabet = "aZ09:.[]_-%\u00e9 f";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder value = new StringBuilder();
            for (int k = random.nextInt(9); k > 0; k--) {
                value.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            values.add(value.toString());
        }
        for (String value : values) {
            assertThat(OriginGuard.HostPattern.parseHeader(value)).as(value).isEqualTo(reference(value));
        }
    }

    @Test
    void localAddressesAreIpLiteralsAsTheirPatternSays() {
        List<String> values = new ArrayList<>(List.of("127.0.0.1", "::1", "fe80::1%eth0", "fe80::1%", "%eth0", "1.2.3",
                "::ffff:127.0.0.1", "g::1", "localhost", "", "\u0661::1", "::1%e%0"));
        Random random = new Random(11);
        String alphabet = "09af:.%gA_-\u0661";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder value = new StringBuilder();
            for (int k = random.nextInt(8); k > 0; k--) {
                value.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            values.add(value.toString());
        }
        for (String value : values) {
            assertThat(OriginGuard.isIpLiteral(value)).as(value).isEqualTo(value.matches(IP));
        }
    }

    @Test
    void hostsAreComparedWithoutCaseAndLoopbackNamesWithAnyPort() {
        OriginGuard hosts = new OriginGuard(List.of("*"), List.of("MCP.example.com", "localhost:8080", "[::1]"));
        assertThat(hosts.admitsHosts(List.of("mcp.EXAMPLE.com:443"), "10.0.0.1")).isTrue();
        assertThat(hosts.admitsHosts(List.of("LOCALHOST:8080"), "10.0.0.1")).isTrue();
        assertThat(hosts.admitsHosts(List.of("localhost:8081"), "10.0.0.1")).isFalse();
        assertThat(hosts.admitsHosts(List.of("[::1]:9"), "10.0.0.1")).isTrue();
        assertThat(hosts.admitsHosts(List.of("mcp.example.com.evil"), "10.0.0.1")).isFalse();
        OriginGuard loopback = new OriginGuard(List.of("*"), List.of());
        for (int i = 0; i < 3; i++) {
            assertThat(loopback.admitsHosts(List.of("LocalHost:1"), "127.0.0.1")).isTrue();
            assertThat(loopback.admitsHosts(List.of("[::1]"), "::1")).isTrue();
            assertThat(loopback.admitsHosts(List.of("evil.example:80"), "127.0.0.1")).isFalse();
            assertThat(loopback.admitsHosts(List.of("localhost:x"), "127.0.0.1")).isFalse();
            assertThat(loopback.admitsHosts(List.of("evil.example:80"), "10.0.0.1")).isTrue();
        }
    }

    @Test
    void originVerdictsStayCorrectAcrossManyDistinctValues() {
        OriginGuard guard = new OriginGuard(List.of("https://app.example.com", "http://localhost:*"), List.of());
        for (int i = 0; i < 3 * OriginGuard.REMEMBERED; i++) {
            assertThat(guard.admitsOrigins(List.of("http://localhost:" + (1000 + i)))).isTrue();
            assertThat(guard.admitsOrigins(List.of("https://evil" + i + ".example"))).isFalse();
            assertThat(guard.admitsOrigins(List.of("HTTPS://APP.example.com:443"))).isTrue();
        }
    }

    /** The parsing as it was written with regexes. */
    private static OriginGuard.HostPattern reference(String value) {
        String host;
        String port = null;
        if (value.startsWith("[")) {
            int end = value.indexOf(']');
            if (end < 0) {
                return null;
            }
            host = value.substring(0, end + 1);
            String rest = value.substring(end + 1);
            if (!rest.isEmpty()) {
                if (!rest.startsWith(":")) {
                    return null;
                }
                port = rest.substring(1);
            }
        } else {
            int colon = value.indexOf(':');
            host = colon < 0 ? value : value.substring(0, colon);
            port = colon < 0 ? null : value.substring(colon + 1);
        }
        if (host.isEmpty() || !host.matches(HOST)) {
            return null;
        }
        int number = -1;
        if (port != null) {
            if (!port.matches("[0-9]{1,5}")) {
                return null;
            }
            number = Integer.parseInt(port);
        }
        return new OriginGuard.HostPattern(host.toLowerCase(Locale.ROOT), number);
    }
}
