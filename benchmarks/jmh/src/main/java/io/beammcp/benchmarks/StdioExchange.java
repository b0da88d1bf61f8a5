package io.beammcp.benchmarks;

import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.spi.TransportFacts;

/** The exchange the core benchmarks call through: stdio facts, no session, notifications dropped. */
final class StdioExchange implements Exchange {

    @Override
    public TransportFacts facts() {
        return TransportFacts.STDIO;
    }

    @Override
    public LegacySession session() {
        return null;
    }
}
