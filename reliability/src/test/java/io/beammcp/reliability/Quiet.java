package io.beammcp.reliability;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.slf4j.LoggerFactory;

/** Silences the host-fault log for bulk runs (fuzz, load), where thousands of expected faults would flood CI output. */
final class Quiet implements AutoCloseable {

    private final Logger logger;
    private final Level was;

    private Quiet(String name) {
        this.logger = (Logger) LoggerFactory.getLogger(name);
        this.was = logger.getLevel();
        logger.setLevel(Level.OFF);
    }

    static Quiet hostFaults() {
        return new Quiet("io.beammcp.host");
    }

    @Override
    public void close() {
        logger.setLevel(was);
    }
}
