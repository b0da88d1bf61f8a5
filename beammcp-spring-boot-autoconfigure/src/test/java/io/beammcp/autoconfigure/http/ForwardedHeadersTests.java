package io.beammcp.autoconfigure.http;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The startup warning about forwarded headers: given when clients other than the proxy may choose the address
 * the endpoint sees, and not once the trusted proxies are set or when no forwarded header is read. On the
 * reactive transport every forwarded-headers setting takes them from every client.
 */
class ForwardedHeadersTests {

    private static String warning(String... properties) {
        return warning(false, properties);
    }

    private static String warning(boolean reactive, String... properties) {
        MockEnvironment environment = new MockEnvironment();
        for (String property : properties) {
            int equals = property.indexOf('=');
            environment.setProperty(property.substring(0, equals), property.substring(equals + 1));
        }
        return ForwardedHeaders.warn(environment, reactive);
    }

    @Test
    void theFrameworkStrategyTrustsEveryClientWhateverElseIsSet() {
        assertThat(warning("server.forward-headers-strategy=framework")).contains("from every client");
        assertThat(warning("server.forward-headers-strategy=FRAMEWORK",
                "server.tomcat.remoteip.internal-proxies=10\\.0\\.0\\.7")).contains("from every client");
    }

    @Test
    void theNativeStrategyWithTomcatsDefaultProxiesTrustsEveryPrivateAddress() {
        assertThat(warning("server.forward-headers-strategy=native"))
                .contains("every private and loopback address", "server.tomcat.remoteip.internal-proxies");
        assertThat(warning("spring.main.cloud-platform=cloud_foundry"))
                .as("a platform whose proxy forwards turns native on").contains("every private and loopback address");
    }

    @Test
    void trustedProxiesOrNoForwardedHeadersNeedNoWarning() {
        assertThat(warning("server.forward-headers-strategy=native",
                "server.tomcat.remoteip.internal-proxies=10\\.0\\.0\\.7")).isNull();
        assertThat(warning("server.forward-headers-strategy=none")).isNull();
        assertThat(warning()).isNull();
    }

    @Test
    void onTheReactiveTransportEitherStrategyTrustsEveryClientWhateverElseIsSet() {
        assertThat(warning(true, "server.forward-headers-strategy=native",
                "server.tomcat.remoteip.internal-proxies=10\\.0\\.0\\.7")).contains("from every client");
        assertThat(warning(true, "server.forward-headers-strategy=framework")).contains("from every client");
        assertThat(warning(true, "spring.main.cloud-platform=cloud_foundry")).contains("from every client");
        assertThat(warning(true, "server.forward-headers-strategy=none")).isNull();
        assertThat(warning(true)).isNull();
    }
}
