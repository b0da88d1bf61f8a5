package io.beammcp.core;

/**
 * An entry of the catalog's one resources list: a concrete {@link ResourceSpec} or a
 * {@link ResourceTemplateSpec} whose matching URIs are readable though unlisted.
 */
public sealed interface ResourceEntry permits ResourceSpec, ResourceTemplateSpec {

    /**
     * The entry's name.
     *
     * @return the name
     */
    String name();
}
