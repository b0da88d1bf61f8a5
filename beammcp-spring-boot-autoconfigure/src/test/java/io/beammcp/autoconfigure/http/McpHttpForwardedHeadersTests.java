package io.beammcp.autoconfigure.http;

import io.beammcp.testsupport.RawHttp;
import io.beammcp.testsupport.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.ConfigurableApplicationContext;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Who a caller without a principal is, for the tool-call rate ({@code 1} a minute here), when a client that
 * reaches the instance directly sends {@code X-Forwarded-For}: under the documented setting (native forwarded
 * headers, {@code server.tomcat.remoteip.internal-proxies} naming only the proxy) a forged header changes
 * nothing, while with Tomcat's default trusted proxies it makes a loopback client a new caller per header; on the
 * reactive transport, whose server trusts every client's header, so does any client (hence the startup warning).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class McpHttpForwardedHeadersTests {

    private static ConfigurableApplicationContext start(String... more) {
        return start(Transport.SERVLET, more);
    }

    private static ConfigurableApplicationContext start(Transport transport, String... more) {
        return transport.application(HttpTestHost.class).properties("beammcp.http.allowed-origins=http://localhost:*",
                "beammcp.limits.tool-calls-per-caller=1", "beammcp.limits.tool-calls-period=1m",
                "server.forward-headers-strategy=native").properties(more).run();
    }

    /** The status of a tool call sent from 127.0.0.1 claiming to come from {@code forwardedFor}. */
    private static int call(ConfigurableApplicationContext context, String forwardedFor) throws Exception {
        int port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
        try (RawHttp raw = new RawHttp(port)) {
            raw.post(EndpointTestSupport.modern(1, "tools/call", "\"name\":\"count\""),
                    "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/call", "Mcp-Name: count",
                    "X-Forwarded-For: " + forwardedFor);
            return raw.read().status();
        }
    }

    @Test
    void aForgedForwardedForFromAPeerThatIsNotTheProxyDoesNotMakeANewCaller() throws Exception {
        try (ConfigurableApplicationContext context = start(
                "server.tomcat.remoteip.internal-proxies=192\\.0\\.2\\.10")) {
            assertThat(call(context, "203.0.113.1")).isEqualTo(200);
            assertThat(call(context, "203.0.113.2")).as("the same caller: the peer, 127.0.0.1").isEqualTo(429);
        }
    }

    @Test
    void withTomcatsDefaultTrustedProxiesALoopbackClientChoosesItsAddress() throws Exception {
        try (ConfigurableApplicationContext context = start()) {
            assertThat(call(context, "203.0.113.1")).isEqualTo(200);
            assertThat(call(context, "203.0.113.2")).as("a caller of its own choosing").isEqualTo(200);
            assertThat(call(context, "203.0.113.2")).isEqualTo(429);
        }
    }

    @Test
    void onTheReactiveTransportAnyClientChoosesItsAddress() throws Exception {
        try (ConfigurableApplicationContext context = start(Transport.REACTIVE,
                "server.tomcat.remoteip.internal-proxies=192\\.0\\.2\\.10")) {
            assertThat(call(context, "203.0.113.1")).isEqualTo(200);
            assertThat(call(context, "203.0.113.2")).as("a caller of its own choosing").isEqualTo(200);
            assertThat(call(context, "203.0.113.2")).isEqualTo(429);
        }
    }
}
