package io.beammcp.core.extension;

/**
 * How a request negotiates an extension: a client declares it in its capabilities under
 * {@code extensions["<id>"]}, in 2026-07-28 in the {@code _meta} of each request, in 2025-11-25 in
 * {@code initialize} for the whole session.
 */
public enum Negotiation {

    /** Served to every request: clients declare nothing. */
    NONE,

    /** Its methods answer a request that declared the extension and are unknown ({@code -32601}) to others. */
    DECLARED,

    /** Its methods refuse a request that did not declare the extension with {@code -32021}, naming it. */
    REQUIRED
}
