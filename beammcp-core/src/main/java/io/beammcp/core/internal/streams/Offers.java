package io.beammcp.core.internal.streams;

/** What the server offers now, which decides what a stream can be told. */
public interface Offers {

    /** The host declared that its lists change. */
    boolean listsChange();

    boolean prompts();

    boolean resources();

    /** Whether a URI can be read: listed, or matched by a listed template. */
    boolean knows(String uri);
}
