package io.beammcp.core.internal.annotated;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/** One annotated method on its bean: invoked with what the host code threw, not the reflection wrapper. */
final class MethodCall {

    private final Object target;
    private final Method method;

    MethodCall(Object target, Method method) {
        this.target = target;
        this.method = method;
    }

    Object invoke(Object[] arguments) throws Exception {
        try {
            return method.invoke(target, arguments);
        } catch (InvocationTargetException e) {
            Throwable thrown = e.getCause();
            if (thrown instanceof Exception exception) {
                throw exception;
            }
            if (thrown instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }
}
