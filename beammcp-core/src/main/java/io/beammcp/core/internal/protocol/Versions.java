package io.beammcp.core.internal.protocol;

import io.beammcp.core.Revision;

import java.util.List;
import java.util.Set;

/** The protocol versions the server knows. */
public final class Versions {

    public static final String MODERN = Revision.V2026_07_28.id();
    public static final String LEGACY = Revision.V2025_11_25.id();
    /** Versions whose traffic is legacy: sessions, each negotiated by {@code initialize} ({@link RevisionShape}). */
    public static final Set<String> LEGACY_VERSIONS = RevisionShape.IDS;
    /** Both revisions, modern first: the list {@code server/discover} and {@code -32022} send. */
    public static final List<String> SUPPORTED = List.of(MODERN, LEGACY);

    private Versions() {
    }
}
