package io.beammcp.interop;

import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpClientTransport;
import org.junit.jupiter.api.DisplayName;

/**
 * The Java SDK client spawning {@code java -jar sample-app.jar --beammcp.transport=stdio}: 2.x offers
 * 2025-11-25, while 1.x and 0.18.x offer only 2024-11-05 and disconnect on any other answer (their modules
 * set {@code interop.stdio.revision}).
 */
@DisplayName("java-sdk stdio")
class JavaSdkStdioIT extends LegacyFlows {

    @Override
    String revision() {
        return System.getProperty("interop.stdio.revision", LEGACY);
    }

    @Override
    McpClientTransport transport(boolean paged) {
        String[] extra = paged ? new String[] {"--beammcp.page-size=1"} : new String[0];
        ServerParameters server = ServerParameters.builder(SampleApp.JAVA).args(SampleApp.stdioCommand(extra)).build();
        StdioClientTransport transport = new StdioClientTransport(server, McpJsonDefaults.getMapper());
        transport.setStdErrorHandler(line -> { }); // the server logs to stderr; only stdout is protocol
        return transport;
    }
}
