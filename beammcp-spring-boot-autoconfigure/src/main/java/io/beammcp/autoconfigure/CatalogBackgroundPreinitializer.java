package io.beammcp.autoconfigure;

import io.beammcp.core.annotation.McpTool;
import io.beammcp.core.annotation.McpToolParam;
import io.beammcp.core.server.McpServer;

import org.springframework.boot.autoconfigure.preinitialize.BackgroundPreinitializer;

import java.util.List;

/**
 * Builds a throwaway server with one annotated tool on Spring Boot's background preinitialization thread, while
 * the main thread prepares the context: the schema generator and validator that compile the real catalog (a
 * tenth of a stdio start) are then loaded when it needs them. Off with
 * {@code -Dspring.backgroundpreinitializer.ignore=true}, as Spring Boot's own preinitializers.
 */
final class CatalogBackgroundPreinitializer implements BackgroundPreinitializer {

    @Override
    public void preinitialize() {
        McpServer.builder().annotated("preinitialize", new Sample()).build().close();
    }

    /** Parameters of the kinds tools commonly take: a record, a number with a default, an enum and a list. */
    static final class Sample {

        enum Unit { METRIC, IMPERIAL }

        record Place(String city, String country) {
        }

        record Answer(String text, List<Integer> values) {
        }

        @McpTool(description = "Exercises schema derivation.")
        Answer sample(@McpToolParam(name = "place", description = "A place.") Place place,
                @McpToolParam(name = "days", defaultValue = "1") int days,
                @McpToolParam(name = "unit", required = false) Unit unit,
                @McpToolParam(name = "tags", required = false) List<String> tags) {
            return new Answer(place.city(), List.of(days));
        }
    }
}
