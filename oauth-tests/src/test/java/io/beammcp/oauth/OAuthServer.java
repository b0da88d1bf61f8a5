package io.beammcp.oauth;

import io.beammcp.testsupport.Transport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.context.ConfigurableApplicationContext;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link OAuthTestApp} as an OAuth 2.1 protected resource ({@link OAuthTestApp#RESOURCE}, issuer
 * {@link OAuthTestApp#ISSUER}, origins {@code http://localhost:*}) with the test class's {@link #properties()},
 * each test class run once per {@link Transport}: Tomcat with Spring Security's servlet resource server, and
 * Reactor Netty with its reactive one. A server is started once per transport and set of properties, and shared
 * by the classes that ask for the same (it stops with the JVM).
 */
@ParameterizedClass(name = "{0}")
@EnumSource(Transport.class)
abstract class OAuthServer {

    private static final Map<String, ConfigurableApplicationContext> SERVERS = new ConcurrentHashMap<>();

    @Parameter
    Transport transport;

    int port;

    /** The properties of this class's server besides the resource, its issuer and the origins. */
    abstract List<String> properties();

    @BeforeEach
    void server() {
        List<String> all = new ArrayList<>(List.of("beammcp.http.allowed-origins=http://localhost:*",
                "beammcp.http.oauth2.resource=" + OAuthTestApp.RESOURCE));
        all.addAll(properties());
        ConfigurableApplicationContext context = SERVERS.computeIfAbsent(transport + " " + all,
                key -> transport.application(OAuthTestApp.class).properties(all.toArray(String[]::new)).run());
        port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
    }
}
