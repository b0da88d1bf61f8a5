package io.beammcp.core.internal.annotated;

import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.internal.catalog.Source;
import io.beammcp.core.internal.catalog.Sourced;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.List;

/** The contributions that never change: bindings added to the builder, and annotated beans, scanned. */
public final class FixedSource {

    /** An annotated bean, scanned when the server is built, once the mapper that binds its arguments is known. */
    public record Annotated(String source, Object bean, Class<?> type) {
    }

    private FixedSource() {
    }

    /**
     * One source of every contribution, in the order added.
     *
     * @param contributions {@link Sourced} bindings and {@link Annotated} beans
     * @throws InvalidCatalogException naming the bean and the method that cannot be served
     */
    public static Source of(List<Object> contributions, JsonMapper values) {
        AnnotatedBeans beans = null;
        List<Sourced> fixed = new ArrayList<>();
        for (Object contribution : contributions) {
            if (contribution instanceof Annotated a) {
                beans = beans == null ? new AnnotatedBeans(values) : beans;
                try {
                    beans.scan(a.bean(), a.type()).forEach(binding -> fixed.add(new Sourced(a.source(), binding)));
                } catch (InvalidCatalogException e) {
                    throw new InvalidCatalogException("'" + a.source() + "': " + e.getMessage());
                }
            } else {
                fixed.add((Sourced) contribution);
            }
        }
        List<Sourced> all = List.copyOf(fixed);
        return () -> all;
    }
}
