/**
 * Extensions of the protocol (SEP-2133): an {@link io.beammcp.core.extension.McpExtension} names its identifier,
 * the settings it advertises under {@code capabilities.extensions} per revision, how a request negotiates it,
 * the methods it adds, the built-in method it wraps and the listen filter members it reads. Contribute one as
 * a bean or through {@code McpServerBuilder.extension}; the Tasks and Skills extensions are built on this API.
 */
package io.beammcp.core.extension;
