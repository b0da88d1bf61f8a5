package io.beammcp.oauth;

import com.nimbusds.jose.jwk.JWKSet;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An authorization server's key set endpoint on loopback, serving the test issuer's public key, counting the
 * fetches and, when told to, answering each one late, as a slow issuer would.
 */
final class StubIssuer {

    final AtomicInteger fetches = new AtomicInteger();
    volatile long delayMillis;
    private final HttpServer server;

    private StubIssuer(HttpServer server) {
        this.server = server;
    }

    static StubIssuer start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
            StubIssuer issuer = new StubIssuer(server);
            byte[] keys = new JWKSet(OAuthTestApp.KEY.toPublicJWK()).toString().getBytes(StandardCharsets.UTF_8);
            server.createContext("/jwks", exchange -> {
                issuer.fetches.incrementAndGet();
                try {
                    Thread.sleep(issuer.delayMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, keys.length);
                try (OutputStream body = exchange.getResponseBody()) {
                    body.write(keys);
                }
            });
            server.setExecutor(Executors.newCachedThreadPool(task -> {
                Thread thread = new Thread(task, "stub-issuer");
                thread.setDaemon(true);
                return thread;
            }));
            server.start();
            return issuer;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    String jwksUri() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/jwks";
    }
}
