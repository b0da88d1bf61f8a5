package io.beammcp.core.internal.annotated;

import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.List;

/**
 * One argument of an annotated tool method, as its schema is derived.
 *
 * @param name the argument's name on the wire
 * @param type its Java type
 * @param annotations the parameter's annotations, declaration and type use
 * @param required whether a call must give it
 */
record Argument(String name, Type type, List<Annotation> annotations, boolean required) {
}
