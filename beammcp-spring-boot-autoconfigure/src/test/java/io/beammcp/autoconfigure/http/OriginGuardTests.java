package io.beammcp.autoconfigure.http;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

@Timeout(10)
class OriginGuardTests {

    private final OriginGuard guard = new OriginGuard(
            List.of("https://app.example.com", "http://localhost:*", "http://[::1]:8080", "vscode-webview://abc"),
            List.of());

    @Test
    void originsMatchOnSchemeHostAndPort() {
        assertThat(guard.admitsOrigins(List.of())).isTrue();
        assertThat(guard.admitsOrigins(List.of("https://app.example.com"))).isTrue();
        assertThat(guard.admitsOrigins(List.of("HTTPS://App.Example.Com:443"))).isTrue();
        assertThat(guard.admitsOrigins(List.of("http://localhost:65535"))).isTrue();
        assertThat(guard.admitsOrigins(List.of("http://localhost"))).isTrue();
        assertThat(guard.admitsOrigins(List.of("http://[::1]:8080"))).isTrue();
        assertThat(guard.admitsOrigins(List.of("vscode-webview://abc"))).isTrue();
        assertThat(guard.admitsOrigins(List.of("http://[::1]:8081"))).isFalse();
        assertThat(guard.admitsOrigins(List.of("https://localhost:3000"))).isFalse();
        assertThat(guard.admitsOrigins(List.of("https://app.example.com/path"))).isFalse();
        assertThat(guard.admitsOrigins(List.of("https://user@app.example.com"))).isFalse();
        assertThat(guard.admitsOrigins(List.of("null"))).isFalse();
        assertThat(guard.admitsOrigins(List.of("https://app.example.com", "https://evil.example"))).isFalse();
    }

    @Test
    void starAdmitsEveryOriginAndEmptyAdmitsOnlyNone() {
        OriginGuard any = new OriginGuard(List.of("*"), List.of());
        assertThat(any.admitsOrigins(List.of("https://anything.example", "null"))).isTrue();
        OriginGuard none = new OriginGuard(List.of(), List.of());
        assertThat(none.admitsOrigins(List.of())).isTrue();
        assertThat(none.admitsOrigins(List.of("http://localhost:8080"))).isFalse();
    }

    @Test
    void malformedEntriesAreRefusedNamingThem() {
        assertThatIllegalArgumentException().isThrownBy(() -> new OriginGuard(List.of("https://"), List.of()))
                .withMessageContaining("'https://'");
        assertThatIllegalArgumentException().isThrownBy(() -> new OriginGuard(List.of("*"), List.of("bad host!")))
                .withMessageContaining("'bad host!'");
    }

    @Test
    void loopbackArrivalsMustNameLoopback() {
        assertThat(guard.admitsHosts(List.of("localhost:8080"), "127.0.0.1")).isTrue();
        assertThat(guard.admitsHosts(List.of("[::1]:8080"), "0:0:0:0:0:0:0:1")).isTrue();
        assertThat(guard.admitsHosts(List.of("127.0.0.1"), "127.0.0.5")).isTrue();
        assertThat(guard.admitsHosts(List.of("evil.example.com"), "127.0.0.1")).isFalse();
        assertThat(guard.admitsHosts(List.of("localhost:80", "evil.example.com"), "127.0.0.1")).isFalse();
        assertThat(guard.admitsHosts(List.of("localhost:x"), "127.0.0.1")).isFalse();
        assertThat(guard.admitsHosts(List.of(), "127.0.0.1")).isTrue();
        // another interface: the server cannot know its public names, Origin protects it
        assertThat(guard.admitsHosts(List.of("mcp.example.com"), "10.0.0.7")).isTrue();
    }

    @Test
    void configuredHostsApplyEverywhere() {
        OriginGuard hosts = new OriginGuard(List.of("*"), List.of("mcp.example.com", "localhost:8080"));
        assertThat(hosts.admitsHosts(List.of("MCP.example.com:443"), "10.0.0.7")).isTrue();
        assertThat(hosts.admitsHosts(List.of("localhost:8080"), "127.0.0.1")).isTrue();
        assertThat(hosts.admitsHosts(List.of("localhost:8081"), "127.0.0.1")).isFalse();
        assertThat(hosts.admitsHosts(List.of("other.example.com"), "10.0.0.7")).isFalse();
        assertThat(new OriginGuard(List.of("*"), List.of("*")).admitsHosts(List.of("anything"), "127.0.0.1")).isTrue();
    }

    @Test
    void onlyIpLiteralsCountAsLoopback() {
        assertThat(OriginGuard.isLoopback("127.0.0.1")).isTrue();
        assertThat(OriginGuard.isLoopback("::1")).isTrue();
        assertThat(OriginGuard.isLoopback("[::1]")).isTrue();
        assertThat(OriginGuard.isLoopback("::ffff:127.0.0.1")).isTrue();
        assertThat(OriginGuard.isLoopback("10.0.0.1")).isFalse();
        assertThat(OriginGuard.isLoopback("localhost")).isFalse();
        assertThat(OriginGuard.isLoopback(null)).isFalse();
    }
}
