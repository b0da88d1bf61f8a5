package io.beammcp.core.internal.host;

import io.beammcp.core.Catalog;
import io.beammcp.core.CatalogChanges;
import io.beammcp.core.CatalogRegistry;
import io.beammcp.core.Completer;
import io.beammcp.core.Dispatch;
import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.PromptRenderer;
import io.beammcp.core.ResourceReader;
import io.beammcp.core.internal.annotated.AnnotatedBeans;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.List;

/** What a builder's contributions become: the one catalog, dispatch, reader, renderer and completer the engine serves. */
public final class HostAssembly {

    /** An annotated bean, scanned when the server is built, once the mapper that binds its arguments is known. */
    public record Annotated(String source, Object bean, Class<?> type) {
    }

    /** What the engine is given. */
    public record Served(Catalog catalog, Dispatch dispatch, ResourceReader reader, PromptRenderer renderer,
            Completer completer, CatalogChanges changes) {
    }

    private HostAssembly() {
    }

    /**
     * Scans the annotated beans and composes every contribution, in the order they were added.
     *
     * @param contributions {@link Contribution}s and {@link Annotated} beans
     */
    public static Served compose(HostCatalog.Legacy legacy, List<Object> contributions, CatalogRegistry registry,
            String registrySource, JsonMapper values) {
        AnnotatedBeans beans = null;
        List<Contribution> scanned = new ArrayList<>();
        for (Object contribution : contributions) {
            if (contribution instanceof Annotated a) {
                beans = beans == null ? new AnnotatedBeans(values) : beans;
                try {
                    scanned.add(beans.scan(a.source(), a.bean(), a.type()));
                } catch (InvalidCatalogException e) {
                    throw new InvalidCatalogException("'" + a.source() + "': " + e.getMessage());
                }
            } else {
                scanned.add((Contribution) contribution);
            }
        }
        HostCatalog host = new HostCatalog(legacy, scanned, registry, registrySource);
        return new Served(host, host, host.readerOrNull(), host.rendererOrNull(), host.completerOrNull(), host.changes());
    }
}
