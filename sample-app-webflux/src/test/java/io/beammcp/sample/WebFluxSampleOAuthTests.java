package io.beammcp.sample;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.security.oauth2.jwt.NimbusReactiveJwtDecoder;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;

/** {@link SampleOAuthTests} on the WebFlux sample, its chain {@link WeatherOAuthReactiveSecurity}. */
class WebFluxSampleOAuthTests extends SampleOAuthTests {

    /** The issuer's keys for the reactive resource server. */
    @TestConfiguration(proxyBeanMethods = false)
    static class ReactiveIssuerKeys {

        @Bean
        ReactiveJwtDecoder reactiveJwtDecoder() throws Exception {
            return NimbusReactiveJwtDecoder.withPublicKey(KEY.toRSAPublicKey()).build();
        }
    }
}
