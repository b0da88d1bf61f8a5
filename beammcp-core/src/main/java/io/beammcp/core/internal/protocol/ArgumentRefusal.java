package io.beammcp.core.internal.protocol;

import io.beammcp.core.ToolErrorException;

import java.util.List;

/**
 * Arguments the schema admitted but the library could not hand to host code as it declared them (a value its
 * parameter's type cannot hold): answered as the same refusal as a schema violation, its violations in
 * {@code _meta}. A {@link ToolErrorException}, so that a dispatch that passes tool errors on passes it on too.
 */
public final class ArgumentRefusal extends ToolErrorException {

    private static final long serialVersionUID = 1L;

    private final String heading;
    private final transient List<ToolErrors.Violation> violations;

    public ArgumentRefusal(String heading, List<ToolErrors.Violation> violations) {
        super(ToolErrors.text(heading, violations));
        this.heading = heading;
        this.violations = List.copyOf(violations);
    }

    /** The first line of the refusal's text. */
    public String heading() {
        return heading;
    }

    public List<ToolErrors.Violation> violations() {
        return violations;
    }
}
