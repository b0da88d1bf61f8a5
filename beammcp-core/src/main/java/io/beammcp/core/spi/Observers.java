package io.beammcp.core.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** Several observers as one: started in order, nested around host code, stopped in reverse order. */
final class Observers implements McpObserver {

    private final List<McpObserver> observers;

    Observers(List<McpObserver> observers) {
        this.observers = List.copyOf(observers);
    }

    @Override
    public Scope start(Request request) {
        List<Scope> scopes = new ArrayList<>(observers.size());
        for (McpObserver observer : observers) {
            scopes.add(observer.start(request));
        }
        return new Scope() {
            @Override
            public <T> T within(Supplier<T> work) {
                Supplier<T> nested = work;
                for (int i = scopes.size() - 1; i >= 0; i--) {
                    Scope scope = scopes.get(i);
                    Supplier<T> inner = nested;
                    nested = () -> scope.within(inner);
                }
                return nested.get();
            }

            @Override
            public void stop(Outcome outcome) {
                RuntimeException failed = null;
                for (int i = scopes.size() - 1; i >= 0; i--) {
                    try {
                        scopes.get(i).stop(outcome);
                    } catch (RuntimeException e) {
                        failed = e;
                    }
                }
                if (failed != null) {
                    throw failed;
                }
            }
        };
    }
}
