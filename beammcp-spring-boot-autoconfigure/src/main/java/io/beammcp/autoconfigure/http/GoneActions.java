package io.beammcp.autoconfigure.http;

import java.util.ArrayList;
import java.util.List;

/**
 * What runs once a response's client is found gone, on either transport: the actions added before then run
 * once, when it is found; one added after runs at once.
 */
final class GoneActions {

    private final List<Runnable> actions = new ArrayList<>(2);
    private boolean gone;

    /** Runs {@code action} once the client is found gone (at once if it already was). */
    void add(Runnable action) {
        synchronized (this) {
            if (!gone) {
                actions.add(action);
                return;
            }
        }
        action.run();
    }

    /** The client is gone: runs the actions added so far; {@code false} when it was found gone before. */
    boolean fire() {
        List<Runnable> waiting;
        synchronized (this) {
            if (gone) {
                return false;
            }
            gone = true;
            waiting = List.copyOf(actions);
            actions.clear();
        }
        waiting.forEach(Runnable::run);
        return true;
    }
}
