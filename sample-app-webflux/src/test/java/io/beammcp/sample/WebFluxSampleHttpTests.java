package io.beammcp.sample;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.web.server.reactive.context.ReactiveWebServerApplicationContext;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link SampleHttpTests} on the WebFlux sample: the same conversations, in both revisions, on Reactor Netty. */
class WebFluxSampleHttpTests extends SampleHttpTests {

    @Autowired
    ApplicationContext context;

    @Test
    void servedByReactorNetty() {
        assertThat(context).isInstanceOf(ReactiveWebServerApplicationContext.class);
        assertThat(((ReactiveWebServerApplicationContext) context).getWebServer().getClass().getSimpleName())
                .isEqualTo("NettyWebServer");
    }
}
