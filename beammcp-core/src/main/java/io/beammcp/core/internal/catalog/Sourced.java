package io.beammcp.core.internal.catalog;

import io.beammcp.core.Binding;

/**
 * One binding and the source that contributed it, such as a bean's name: named when two sources claim the same
 * name, URI or template.
 *
 * @param source the source's name
 * @param binding what it contributes
 */
public record Sourced(String source, Binding binding) {
}
