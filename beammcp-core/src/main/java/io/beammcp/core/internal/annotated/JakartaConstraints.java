package io.beammcp.core.internal.annotated;

import com.github.victools.jsonschema.generator.MemberScope;
import com.github.victools.jsonschema.generator.SchemaGenerationContext;
import com.github.victools.jsonschema.generator.SchemaKeyword;
import com.github.victools.jsonschema.module.jakarta.validation.JakartaValidationModule;
import com.github.victools.jsonschema.module.jakarta.validation.JakartaValidationOption;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Null;
import tools.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;

/**
 * victools' Jakarta Validation module, with the constraints it writes only loosely made to mean in the schema what
 * they say: {@code @NotBlank} also needs a character that is not whitespace ({@code minLength: 1} alone admits
 * {@code "   "}), {@code @Email} an address ({@code format} is only an annotation in JSON Schema 2020-12, never
 * checked), {@code @Null} the value {@code null} (the module only admits it). Loaded only when the application
 * has the constraints' API.
 */
final class JakartaConstraints extends JakartaValidationModule {

    /** Some character that is not whitespace: {@code @NotBlank}. */
    static final String NOT_BLANK = "\\S";
    /** Something without whitespace on each side of one {@code @}: {@code @Email}. */
    static final String EMAIL = "^[^\\s@]+@[^\\s@]+$";
    /** How {@link #allOf} opens each pattern. */
    static final String SEARCH = "(?=[\\s\\S]*?(?:";

    JakartaConstraints() {
        super(JakartaValidationOption.INCLUDE_PATTERN_EXPRESSIONS);
    }

    @Override
    protected String resolveStringPattern(MemberScope<?, ?> member) {
        // @Pattern's, else a custom regexp of @Email
        String declared = super.resolveStringPattern(member);
        if (!member.getType().isInstanceOf(CharSequence.class)) {
            return declared;
        }
        List<String> patterns = new ArrayList<>(2);
        if (declared != null) {
            patterns.add(declared);
        }
        if (getAnnotationFromFieldOrGetter(member, Email.class, Email::groups) != null) {
            // an address has characters that are not whitespace: @NotBlank adds nothing to it
            patterns.add(EMAIL);
        } else if (getAnnotationFromFieldOrGetter(member, NotBlank.class, NotBlank::groups) != null) {
            patterns.add(NOT_BLANK);
        }
        return allOf(patterns);
    }

    @Override
    protected void overrideInstanceAttributes(ObjectNode attributes, MemberScope<?, ?> member,
            SchemaGenerationContext context) {
        super.overrideInstanceAttributes(attributes, member, context);
        if (getAnnotationFromFieldOrGetter(member, Null.class, Null::groups) != null) {
            attributes.putNull(context.getKeyword(SchemaKeyword.TAG_CONST));
        }
    }

    /**
     * One pattern that a string matches when it matches each of them, as one {@code pattern} keyword is what every
     * client reads: each as a lookahead searching the whole string, as {@code pattern} searches it; the first keeps
     * its group numbers.
     */
    static String allOf(List<String> patterns) {
        if (patterns.size() < 2) {
            return patterns.isEmpty() ? null : patterns.get(0);
        }
        StringBuilder all = new StringBuilder("^");
        for (String pattern : patterns) {
            all.append(SEARCH).append(pattern).append("))");
        }
        return all.toString();
    }
}
