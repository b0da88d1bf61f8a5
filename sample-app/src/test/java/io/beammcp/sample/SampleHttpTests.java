package io.beammcp.sample;

import io.beammcp.core.Revision;
import io.beammcp.test.McpTestClient;
import io.beammcp.test.autoconfigure.AutoConfigureMcpTestClient;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/** The sample over HTTP on a random port, as its team would test it, in both revisions. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureMcpTestClient
class SampleHttpTests {

    @Autowired
    ObjectProvider<McpTestClient> clients;

    @Test
    void stateless() {
        try (McpTestClient client = clients.getObject()) {
            SampleConversations.converse(client);
        }
    }

    @Test
    void withSessions() {
        try (McpTestClient client = clients.getObject().revision(Revision.V2025_11_25)) {
            SampleConversations.converse(client);
        }
    }
}
