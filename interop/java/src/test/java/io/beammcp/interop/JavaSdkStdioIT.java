package io.beammcp.interop;

import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpClientTransport;
import org.junit.jupiter.api.DisplayName;

/** The Java SDK client spawning {@code java -jar sample-app.jar --beammcp.transport=stdio}. */
@DisplayName("java-sdk stdio (2025-11-25)")
class JavaSdkStdioIT extends LegacyFlows {

    @Override
    McpClientTransport transport(boolean paged) {
        String[] extra = paged ? new String[] {"--beammcp.page-size=1"} : new String[0];
        ServerParameters server = ServerParameters.builder(SampleApp.JAVA).args(SampleApp.stdioCommand(extra)).build();
        StdioClientTransport transport = new StdioClientTransport(server, McpJsonDefaults.getMapper());
        transport.setStdErrorHandler(line -> { }); // the server logs to stderr; only stdout is protocol
        return transport;
    }
}
