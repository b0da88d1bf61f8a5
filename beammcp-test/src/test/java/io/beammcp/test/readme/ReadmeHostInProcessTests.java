package io.beammcp.test.readme;

import io.beammcp.core.Revision;
import io.beammcp.test.McpTestClient;
import io.beammcp.test.autoconfigure.AutoConfigureMcpTestClient;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Without a web server the auto-configured client talks to the server bean in process, in both revisions. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE)
@AutoConfigureMcpTestClient
class ReadmeHostInProcessTests {

    @Autowired
    ObjectProvider<McpTestClient> clients;

    @Test
    void callsTheToolInProcess() {
        for (Revision revision : Revision.values()) {
            try (McpTestClient client = clients.getObject().revision(revision)) {
                assertThat(client.callTool("getWeather", Map.of("place", "Oslo")).text()).isEqualTo("Sunny in Oslo");
            }
        }
    }

    @Test
    void eachInjectionGetsAClientOfItsOwn() {
        assertThat(clients.getObject()).isNotSameAs(clients.getObject());
    }
}
