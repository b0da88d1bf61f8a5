package io.beammcp.testsupport.core;

import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.spi.TransportFacts;

import java.security.Principal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * An exchange as a transport would make it, for handing messages to {@code McpServer.handle} directly: its
 * facts, a copy of the headers taken when made, the legacy session, optionally a caller and where the
 * notifications sent through it go (by default they are dropped and the client counts as present).
 */
public final class StubExchange implements Exchange {

    private final TransportFacts facts;
    private final Map<String, List<String>> headers = new LinkedHashMap<>();
    private final LegacySession session;
    private final Principal principal;
    private final Consumer<byte[]> sent;

    private StubExchange(TransportFacts facts, Map<String, List<String>> headers, LegacySession session,
            Principal principal, Consumer<byte[]> sent) {
        this.facts = facts;
        headers.forEach((name, values) -> this.headers.put(name.toLowerCase(Locale.ROOT), values));
        this.session = session;
        this.principal = principal;
        this.sent = sent;
    }

    /** A stdio line of {@code session}. */
    public static StubExchange stdio(LegacySession session) {
        return of(TransportFacts.STDIO, Map.of(), session);
    }

    /** An HTTP request with these headers (names matched case-insensitively) and no legacy session. */
    public static StubExchange http(Map<String, List<String>> headers) {
        return of(TransportFacts.HTTP, headers, null);
    }

    public static StubExchange of(TransportFacts facts, Map<String, List<String>> headers, LegacySession session) {
        return new StubExchange(facts, headers, session, null, notification -> { });
    }

    /** This exchange from {@code caller}, as a new one. */
    public StubExchange from(Principal caller) {
        return new StubExchange(facts, headers, session, caller, sent);
    }

    /** This exchange handing each notification sent through it to {@code notifications}, as a new one. */
    public StubExchange sending(Consumer<byte[]> notifications) {
        return new StubExchange(facts, headers, session, principal, notifications);
    }

    @Override
    public TransportFacts facts() {
        return facts;
    }

    @Override
    public List<String> headers(String name) {
        return headers.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
    }

    @Override
    public Principal principal() {
        return principal;
    }

    @Override
    public LegacySession session() {
        return session;
    }

    @Override
    public boolean send(byte[] notification) {
        sent.accept(notification);
        return true;
    }
}
