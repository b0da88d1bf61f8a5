package io.beammcp.reliability;

import io.beammcp.autoconfigure.http.McpSessionStore;
import io.beammcp.testsupport.RawHttp;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bounds under attack, on a server with the default 15 s body deadline and at most 300 legacy sessions:
 * 10,000 legacy {@code initialize} calls leave the session store at its bound, and 1,000 idle connections
 * (silent, half a head, a whole head and half a body) plus 1,000 open subscription streams where the server
 * offers them do not stop a new request from being served at once.
 */
@SpringBootTest(classes = ReliabilityApp.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "server.address=127.0.0.1", "beammcp.http.allowed-origins=http://localhost:*",
                "beammcp.http.session.max-count=300" })
class BoundsUnderAttackTest extends LiveServer {

    @Autowired
    McpSessionStore sessions;

    @Test
    void tenThousandLegacyInitializesKeepTheSessionStoreAtItsBound() throws Exception {
        int workers = 8;
        int each = 10_000 / workers;
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        List<Future<List<String>>> results = new ArrayList<>();
        try {
            for (int w = 0; w < workers; w++) {
                results.add(pool.submit(() -> {
                    List<String> ids = new ArrayList<>();
                    RawHttp raw = new RawHttp(port);
                    try {
                        for (int i = 0; i < each; i++) {
                            raw.post(CoreClient.initializeMessage(i));
                            RawHttp.Response response = raw.read();
                            assertThat(response.status()).isEqualTo(200);
                            ids.add(response.header("Mcp-Session-Id"));
                            if (response.closes()) {
                                raw.close();
                                raw = new RawHttp(port);
                            }
                        }
                    } finally {
                        raw.close();
                    }
                    return ids;
                }));
            }
            List<String> all = new ArrayList<>();
            for (Future<List<String>> result : results) {
                all.addAll(result.get(5, TimeUnit.MINUTES));
            }
            assertThat(all).hasSize(10_000).doesNotHaveDuplicates();
            HeapCensus census = HeapCensus.of(sessions, "never");
            // every map or list the store reaches (the index, each session's own state) holds at most 300 entries,
            // and all of them together a small multiple of the bound: nothing grows with the 10,000
            assertThat(census.holders.values()).as("%s", census.holders).allSatisfy(n -> assertThat(n)
                    .isLessThanOrEqualTo(300 * 3));
            assertThat(census.total).as("%s", census.holders).isLessThanOrEqualTo(300 * 20);
            long live = all.stream().filter(id -> sessions.find(id) != null).count();
            assertThat(live).isLessThanOrEqualTo(300);
            assertThat(raw(CoreClient.legacyMessage(1, "ping", null), "Mcp-Session-Id: " + all.get(0)).status())
                    .isEqualTo(404);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aThousandIdleConnectionsAndStreamsDoNotStopANewRequest() throws Exception {
        List<RawHttp> idle = new ArrayList<>();
        try {
            String body = CoreClient.modernMessage(1, "tools/list", null);
            for (int i = 0; i < 1_000; i++) {
                RawHttp raw = new RawHttp(port, 30_000);
                idle.add(raw);
                switch (i % 3) {
                    case 0 -> {
                        // connected, silent
                    }
                    case 1 -> raw.send("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: appl");
                    default -> raw.send(raw.head(body.length() + 100, modernHeaders("tools/list", null))
                            + body.substring(0, body.length() / 2));
                }
            }
            assertServedPromptly();
            int streams = openListenStreams(idle, 1_000);
            System.out.println("BoundsUnderAttackTest: 1000 idle connections, " + streams + " open listen streams");
            assertServedPromptly();
        } finally {
            for (RawHttp raw : idle) {
                try {
                    raw.close();
                } catch (IOException e) {
                    // closing
                }
            }
        }
    }

    private void assertServedPromptly() throws Exception {
        long start = System.nanoTime();
        RawHttp.Response response = raw(CoreClient.modernMessage(7, "tools/list", null), modernHeaders("tools/list", null));
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().get("id").asInt()).isEqualTo(7);
        assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(3_000);
    }

    /** Opens up to {@code count} subscriptions/listen streams and leaves them open; how many the server accepted. */
    private int openListenStreams(List<RawHttp> keep, int count) throws IOException {
        int open = 0;
        for (int i = 0; i < count; i++) {
            RawHttp raw = new RawHttp(port, 10_000);
            keep.add(raw);
            raw.post(CoreClient.modernMessage(i, "subscriptions/listen", "\"notifications\":{\"toolsListChanged\":true}"),
                    modernHeaders("subscriptions/listen", null));
            RawHttp.Response head = raw.readHead();
            String type = head.header("Content-Type");
            if (head.status() == 200 && type != null && type.startsWith("text/event-stream")) {
                open++;
            } else if (i == 0) {
                return 0;
            }
        }
        return open;
    }
}
