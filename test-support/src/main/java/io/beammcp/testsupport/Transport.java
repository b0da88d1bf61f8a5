package io.beammcp.testsupport;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * The two HTTP transports the endpoint tests run against, each test class once per transport: the servlet one
 * (Tomcat, Spring MVC) and the reactive one (Reactor Netty, Spring WebFlux). Both stacks are on the test class
 * path; the application type picks one, and the auto-configuration of the other backs off.
 */
public enum Transport {

    SERVLET(WebApplicationType.SERVLET), REACTIVE(WebApplicationType.REACTIVE);

    private final WebApplicationType type;

    Transport(WebApplicationType type) {
        this.type = type;
    }

    /** An application of these sources on this transport, on a free loopback port. */
    public SpringApplicationBuilder application(Class<?>... sources) {
        return new SpringApplicationBuilder(sources).web(type).properties("server.port=0",
                "server.address=127.0.0.1", "spring.main.banner-mode=off");
    }
}
