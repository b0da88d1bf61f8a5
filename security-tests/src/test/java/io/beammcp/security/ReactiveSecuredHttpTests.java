package io.beammcp.security;

import org.springframework.boot.test.context.SpringBootTest;

/** {@link SecuredHttpTests} on the reactive transport: {@link ReactiveSecuredApp} on Reactor Netty. */
@SpringBootTest(classes = ReactiveSecuredApp.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "spring.main.web-application-type=reactive")
class ReactiveSecuredHttpTests extends SecuredHttpTests {
}
