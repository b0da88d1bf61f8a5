package io.beammcp.sample;

import io.beammcp.autoconfigure.http.McpAuthorization;
import io.beammcp.autoconfigure.http.McpAuthorizer;
import io.beammcp.core.spi.McpAccessPolicy;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * Who may call the sample over HTTP: processes on this machine only. A real host would check a token or
 * a client certificate here; the server refuses to start until some {@link McpAuthorizer} is declared. The
 * oauth profile checks a token instead (the starter's authorizer admits what its OAuth chain authenticated).
 */
@Configuration(proxyBeanMethods = false)
@Profile("!oauth")
class WeatherSecurity {

    /** Callers on this machine hold every scope (plan_trip's {@code weather:plan}); the oauth profile asks the token. */
    @Bean
    McpAccessPolicy everyScopeOnThisMachine() {
        return (caller, scope) -> true;
    }

    /** Decides from the peer's address alone, so it never blocks: on WebFlux it runs on the event loop. */
    @Bean
    McpAuthorizer loopbackOnly() {
        return McpAuthorizer.nonBlocking(request -> isLoopback(request.remoteAddress()) ? McpAuthorization.permit()
                : McpAuthorization.deny("peer " + request.remoteAddress() + " is not on this machine"));
    }

    private static boolean isLoopback(String address) {
        try {
            return address != null && InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
