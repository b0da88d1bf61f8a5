/**
 * The low-level host API: a {@link io.beammcp.core.catalog.Catalog} of specs and the
 * {@link io.beammcp.core.catalog.Dispatch} that runs its tools (with a resource reader, a prompt renderer and
 * {@link io.beammcp.core.catalog.CatalogChanges} when its lists change). The server adapts them onto bindings; a
 * host offers with annotations or bindings unless its catalog is data.
 */
package io.beammcp.core.catalog;
