package io.beammcp.reliability;

import io.beammcp.testsupport.RawHttp;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Mutated HTTP requests (request line, headers, framing, body) against the live server, 16 at a time: never a
 * 5xx except the documented ones (a throwing authorize hook: 500; an unknown transfer coding, answered by the
 * container as RFC 9112 requires: 501), never a hang past the 1 s body deadline, never a stack trace or class
 * name, and a 200 JSON-RPC answer always carries its request's id. {@code reliability.http.fuzz.cases} cases
 * (1,000 in CI, 20,000 with {@code -Preliability-full}).
 */
class HttpFuzzTest extends LiveServer {

    static final int CASES = Integer.getInteger("reliability.http.fuzz.cases", 1_000);
    /** The body deadline (1 s) plus a generous margin for a loaded 2-core machine. */
    static final int ANSWER_WITHIN_MILLIS = 6_000;

    private static final List<String> METHODS = List.of("POST", "POST", "POST", "POST", "POST", "POST", "POST", "POST",
            "GET", "DELETE", "PUT", "OPTIONS", "PATCH", "TRACE", "P\u00d6ST", "post");
    private static final List<String> PATHS = List.of("/mcp", "/mcp", "/mcp", "/mcp", "/mcp", "/mcp", "/mcp/", "/MCP",
            "/mcp?x=1", "/", "/mcp;x=1", "/%2e%2e/mcp", "/mcp%00", "*");

    @Test
    void mutatedRequestsNeverGetAnUndocumented5xxOrHang() throws Exception {
        long seed = JsonRpcFuzzTest.SEED + 2;
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        AtomicInteger closedWithoutAnswer = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(16);
        List<Future<?>> futures = new ArrayList<>();
        int workers = 16;
        try (Quiet quiet = Quiet.hostFaults()) {
            for (int w = 0; w < workers; w++) {
                int worker = w;
                futures.add(pool.submit(() -> {
                    MessageFuzzer bodies = new MessageFuzzer(seed + 1000L * worker, MIB);
                    SplittableRandom random = new SplittableRandom(seed + 7919L * worker);
                    for (int i = worker; i < CASES && failures.size() < 20; i += workers) {
                        Case c = newCase(random, bodies);
                        try {
                            String problem = run(c, statuses, closedWithoutAnswer);
                            if (problem != null) {
                                failures.add("case " + i + " (seed " + seed + "): " + problem + "\n  " + c.describe());
                            }
                        } catch (Exception e) {
                            failures.add("case " + i + ": " + e + "\n  " + c.describe());
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get(10, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.println("HttpFuzzTest: " + CASES + " cases, seed " + seed + ", statuses " + statuses
                + ", closed without answer " + closedWithoutAnswer);
        assertThat(failures).isEmpty();
    }

    private record Case(String method, String path, List<String> headerLines, byte[] head, byte[] body,
            MessageFuzzer.Expectation expectation, boolean hostFault, boolean unknownCoding) {

        String describe() {
            return method + " " + path + " " + headerLines + " body="
                    + WireChecks.abbreviate(new String(body, StandardCharsets.UTF_8));
        }
    }

    private Case newCase(SplittableRandom random, MessageFuzzer bodies) {
        byte[] body = bodies.next();
        MessageFuzzer.Expectation expectation = bodies.expect(body);
        String method = pick(random, METHODS);
        String path = pick(random, PATHS);
        List<String> lines = new ArrayList<>();
        int host = random.nextInt(20);
        if (host > 2) {
            lines.add("Host: " + (host == 3 ? "evil.example.com" : host == 4 ? "127.0.0.1:" + port + ", evil" : "127.0.0.1:"
                    + port));
        }
        if (random.nextInt(10) > 0) {
            lines.add("Content-Type: " + pick(random, List.of("application/json", "application/json", "text/plain",
                    "application/json; charset=utf-16")));
            // multipart/form-data and application/x-www-form-urlencoded are left out: see HttpMultipartTest (known
            // bug: Spring MVC reads such bodies before the pipeline, so they hang past the deadline)
        }
        if (random.nextInt(10) > 1) {
            lines.add("Accept: " + pick(random, List.of("application/json, text/event-stream", "text/html", "*/*")));
        }
        if (random.nextInt(10) > 2) {
            lines.add("MCP-Protocol-Version: " + pick(random, List.of("2026-07-28", "2026-07-28", "2025-11-25", "v999", "",
                    "2026-07-28, 2025-11-25")));
        }
        if (random.nextInt(10) > 2) {
            lines.add("Mcp-Method: " + (expectation.method() != null && random.nextBoolean() ? ascii(expectation.method())
                    : pick(random, MessageFuzzer.METHODS.subList(0, 12))));
        }
        if (random.nextInt(3) == 0) {
            lines.add("Mcp-Name: " + pick(random, List.of("echo", "count", "boom", "=?base64?ZWNobw==?=",
                    "=?base64?ZWNobw?=", "test://static", "greet", "\u00e9cho")));
        }
        if (random.nextInt(5) == 0) {
            lines.add("Mcp-Param-" + pick(random, List.of("Region", "Size", "Metric", "X")) + ": "
                    + pick(random, List.of("1", "042", "42.0", "true", "north", "", "=?base64?bm9ydGg=?=")));
        }
        if (random.nextInt(5) == 0) {
            lines.add("Mcp-Session-Id: " + pick(random, List.of("A".repeat(43), "", "x y", "\u00ff", "a".repeat(5000))));
        }
        if (random.nextInt(5) == 0) {
            lines.add("Origin: " + pick(random, List.of("http://localhost:1", "http://evil.example.com", "null",
                    "https://app.example.com", "")));
        }
        boolean hostFault = false;
        if (random.nextInt(25) == 0) {
            String hook = pick(random, List.of("X-Deny: 1", "X-Throw: 1", "X-Body-Deny: 1", "X-Body-Throw: 1"));
            hostFault = hook.contains("Throw");
            lines.add(hook);
        }
        if (random.nextInt(10) == 0) {
            lines.add(pick(random, List.of("X-Junk: " + "j".repeat(random.nextInt(1, 9000)), "Cookie: a=b",
                    "Expect: 100-continue", "Connection: close", "Mcp-Method: tools/list", "Upgrade: h2c",
                    "Transfer-Encoding: identity")));
        }
        boolean codingLine = lines.stream().anyMatch(l -> l.startsWith("Transfer-Encoding: identity"));
        ByteArrayOutputStream framed = new ByteArrayOutputStream();
        int framing = random.nextInt(100);
        boolean unknownCoding = codingLine;
        if (framing < 70) {
            lines.add("Content-Length: " + body.length);
            framed.writeBytes(body);
        } else if (framing < 80) {
            lines.add("Transfer-Encoding: chunked");
            int at = 0;
            while (at < body.length) {
                int n = Math.min(body.length - at, random.nextInt(1, 64));
                framed.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                framed.write(body, at, n);
                framed.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
                at += n;
            }
            framed.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        } else if (framing < 84) {
            lines.add("Content-Length: " + (body.length + random.nextInt(1, 100)));
            framed.writeBytes(body);
        } else if (framing < 88) {
            lines.add("Content-Length: " + Math.max(0, body.length - random.nextInt(1, 10)));
            framed.writeBytes(body);
        } else if (framing < 91) {
            lines.add("Transfer-Encoding: chunked");
            framed.writeBytes(("zz\r\n" + new String(body, StandardCharsets.ISO_8859_1)).getBytes(StandardCharsets.ISO_8859_1));
        } else if (framing < 94) {
            lines.add("Content-Length: " + body.length);
            lines.add("Transfer-Encoding: chunked");
            framed.writeBytes(body);
        } else if (framing < 96) {
            lines.add("Transfer-Encoding: " + pick(random, List.of("gzip", "chunked, gzip", "compress")));
            unknownCoding = true;
            framed.writeBytes(body);
        } else {
            lines.add("Content-Length: " + pick(random, List.of("-1", "abc", "99999999999999999999", "1 1", "0x10")));
            framed.writeBytes(body);
        }
        StringBuilder head = new StringBuilder(method + " " + path + " HTTP/1.1\r\n");
        lines.forEach(line -> head.append(line).append("\r\n"));
        head.append("\r\n");
        return new Case(method, path, lines, head.toString().getBytes(StandardCharsets.ISO_8859_1), framed.toByteArray(),
                expectation, hostFault, unknownCoding);
    }

    private String run(Case c, Map<Integer, AtomicInteger> statuses, AtomicInteger closed) throws IOException {
        long start = System.nanoTime();
        try (RawHttp raw = new RawHttp(port, ANSWER_WITHIN_MILLIS)) {
            try {
                raw.send(c.head);
                raw.send(c.body);
            } catch (IOException e) {
                // the server may refuse and close before the whole request is written: an answer may still be there
            }
            RawHttp.Response response;
            try {
                response = raw.read();
            } catch (SocketTimeoutException e) {
                return "no answer within " + ANSWER_WITHIN_MILLIS + " ms";
            } catch (IOException e) {
                closed.incrementAndGet();
                return null;
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            int status = response.status();
            statuses.computeIfAbsent(status, s -> new AtomicInteger()).incrementAndGet();
            if (millis > ANSWER_WITHIN_MILLIS) {
                return "answered after " + millis + " ms";
            }
            if (status >= 500 && !(status == 500 && c.hostFault) && !(status == 501 && c.unknownCoding)) {
                return "status " + status + ": " + WireChecks.abbreviate(response.text());
            }
            String request = new String(c.head, StandardCharsets.ISO_8859_1) + new String(c.body, StandardCharsets.UTF_8);
            String leak = WireChecks.leak(response.text() + response.headers(), request);
            if (leak != null && status != 404 || leak != null && response.text().contains("Exception")) {
                return "status " + status + " " + leak;
            }
            String type = response.header("Content-Type");
            if (status == 200 && type != null && type.startsWith("application/json") && "/mcp".equals(c.path)) {
                String problem = MessageFuzzer.check(c.expectation, response.text(), request);
                if (problem != null) {
                    return "200 " + problem;
                }
            }
            return null;
        }
    }

    private static String ascii(String s) {
        StringBuilder out = new StringBuilder();
        for (char ch : s.toCharArray()) {
            out.append(ch >= 0x20 && ch < 0x7F ? ch : '?');
        }
        return out.toString();
    }

    private static <T> T pick(SplittableRandom random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }
}
