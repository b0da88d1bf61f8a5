package io.beammcp.test.helpdesk;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A small helpdesk, the host the feature tests show how to test: its tickets as tools, resources and a prompt,
 * with completion, input requests, a task, progress and an OAuth scope ({@link Helpdesk}). Its endpoint is an
 * OAuth 2.1 protected resource on Spring Security's resource server: the tests set the properties and supply
 * the decoder that {@code spring.security.oauth2.resourceserver.jwt.issuer-uri} would in production.
 */
@SpringBootApplication
public class HelpdeskApplication {

    public static void main(String[] args) {
        SpringApplication.run(HelpdeskApplication.class, args);
    }
}
