package io.beammcp.autoconfigure.http;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.cloud.CloudPlatform;
import org.springframework.core.env.Environment;

/**
 * Who may choose the client address the endpoint sees. With {@code server.forward-headers-strategy} that
 * address is the one {@code X-Forwarded-For} names: the address authorizers read
 * ({@link McpRequestHead#remoteAddress()}) and the caller whose tool calls {@code beammcp.limits} counts when a
 * request has no principal. {@code framework} takes the header from any client; {@code native} (also what
 * Spring Boot does on a cloud platform that forwards) from any peer matching
 * {@code server.tomcat.remoteip.internal-proxies}, by default every private and loopback address. A client
 * that reaches the instance without passing the proxy then picks its address, so a warning says so at startup
 * unless the trusted proxies are set. On the reactive transport, Reactor Netty ({@code native}) and Spring's
 * {@code ForwardedHeaderTransformer} ({@code framework}) both take the headers from every client, so either
 * setting is warned about.
 */
final class ForwardedHeaders {

    private static final Logger log = LoggerFactory.getLogger(ForwardedHeaders.class);

    static final String INTERNAL_PROXIES = "server.tomcat.remoteip.internal-proxies";

    private ForwardedHeaders() {
    }

    /**
     * Logs, and returns, the warning the environment deserves; {@code null} when it deserves none.
     *
     * @param reactive the application serves on the reactive transport
     */
    static String warn(Environment environment, boolean reactive) {
        String warning = reactive ? reactiveWarning(environment) : warning(environment);
        if (warning != null) {
            log.warn(warning);
        }
        return warning;
    }

    private static String reactiveWarning(Environment environment) {
        String strategy = environment.getProperty("server.forward-headers-strategy");
        boolean forwarded = "framework".equalsIgnoreCase(strategy) || "native".equalsIgnoreCase(strategy)
                || strategy == null && CloudPlatform.getActive(environment) != null
                && CloudPlatform.getActive(environment).isUsingForwardHeaders();
        return !forwarded ? null : "Forwarded headers are taken from every client on the reactive transport: one "
                + "that reaches this instance directly chooses the address the MCP endpoint sees (authorizers, and the "
                + "tool-call rate of callers without a principal). Let only the proxy reach this instance";
    }

    private static String warning(Environment environment) {
        String strategy = environment.getProperty("server.forward-headers-strategy");
        if ("framework".equalsIgnoreCase(strategy)) {
            return "server.forward-headers-strategy=framework takes X-Forwarded-For from every client: one that "
                    + "reaches this instance directly chooses the address the MCP endpoint sees (authorizers, and "
                    + "the tool-call rate of callers without a principal). Use native with " + INTERNAL_PROXIES
                    + " set to your proxy's address, unless only the proxy can reach this instance";
        }
        boolean nativeHeaders = "native".equalsIgnoreCase(strategy) || strategy == null
                && CloudPlatform.getActive(environment) != null
                && CloudPlatform.getActive(environment).isUsingForwardHeaders();
        if (nativeHeaders && !environment.containsProperty(INTERNAL_PROXIES)) {
            return "Forwarded headers are taken from every private and loopback address (Tomcat's default "
                    + INTERNAL_PROXIES + "): a client on those networks that reaches this instance directly "
                    + "chooses the address the MCP endpoint sees (authorizers, and the tool-call rate of callers "
                    + "without a principal). Set " + INTERNAL_PROXIES + " to your proxy's address";
        }
        return null;
    }
}
