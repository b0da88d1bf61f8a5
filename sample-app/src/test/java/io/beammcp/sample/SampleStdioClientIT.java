package io.beammcp.sample;

import io.beammcp.core.Revision;
import io.beammcp.test.McpTestClient;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.util.List;

/** The packaged sample spawned over stdio, as an MCP client starts it, in both revisions. */
@Timeout(120)
class SampleStdioClientIT {

    @ParameterizedTest
    @EnumSource(Revision.class)
    void converses(Revision revision) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        try (McpTestClient client = McpTestClient.stdio(List.of(java, "-jar", StdioProcess.JAR.toString(),
                "--beammcp.transport=stdio")).revision(revision)) {
            SampleConversations.converse(client);
        }
    }
}
