package io.beammcp.core.internal.engine;

import io.beammcp.core.internal.access.Access;
import io.beammcp.core.internal.catalog.CatalogIndex;
import io.beammcp.core.internal.catalog.ListKind;
import io.beammcp.core.internal.catalog.LiveCatalog;
import io.beammcp.core.internal.streams.Broadcaster;

/**
 * Tells the streams of each change the catalog swapped in: all of them when everything is visible (no
 * per-stream work), else only those whose caller sees an entry that changed, so a change of hidden entries
 * reveals nothing; and the other instances of a cluster, which decide alike for their streams.
 */
final class Announcements implements LiveCatalog.Changes {

    private final LiveCatalog catalog;
    private final Broadcaster broadcaster;
    private final Access access;
    private final ClusterEvents cluster;

    Announcements(LiveCatalog catalog, Broadcaster broadcaster, Access access, ClusterEvents cluster) {
        this.catalog = catalog;
        this.broadcaster = broadcaster;
        this.access = access;
        this.cluster = cluster;
    }

    @Override
    public void listChanged(ListKind kind, CatalogIndex before, CatalogIndex after) {
        if (!catalog.offers(kind)) {
            return;
        }
        if (!access.filters()) {
            broadcaster.listChanged(kind, null);
            cluster.listChanged(kind, null);
            return;
        }
        ListDiff changed = switch (kind) {
            case TOOLS -> ListDiff.tools(before.tools(), after.tools());
            case PROMPTS -> ListDiff.prompts(before.promptSpecs(), after.promptSpecs());
            case RESOURCES -> ListDiff.resources(before.resources().entries(), after.resources().entries());
        };
        if (!changed.isEmpty()) {
            broadcaster.listChanged(kind, principal -> changed.concerns(principal, access));
            cluster.listChanged(kind, changed);
        }
    }

    @Override
    public void resourceUpdated(String uri) {
        if (catalog.offers(ListKind.RESOURCES)) {
            broadcaster.resourceUpdated(uri);
            cluster.resourceUpdated(uri);
        }
    }
}
