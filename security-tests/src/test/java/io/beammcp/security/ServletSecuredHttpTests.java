package io.beammcp.security;

import org.springframework.boot.test.context.SpringBootTest;

/** {@link SecuredHttpTests} on the servlet transport: {@link SecuredApp} on Tomcat. */
@SpringBootTest(classes = SecuredApp.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ServletSecuredHttpTests extends SecuredHttpTests {
}
