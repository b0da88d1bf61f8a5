package io.beammcp.autoconfigure;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.preinitialize.BackgroundPreinitializer;
import org.springframework.core.io.support.SpringFactoriesLoader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;

class CatalogBackgroundPreinitializerTests {

    @Test
    void springBootRunsItOnItsBackgroundPreinitializationThread() {
        assertThat(SpringFactoriesLoader.forDefaultResourceLocation().load(BackgroundPreinitializer.class))
                .hasAtLeastOneElementOfType(CatalogBackgroundPreinitializer.class);
    }

    @Test
    void itsToolIsAValidCatalogSoThePreinitializationIsNotCutShort() {
        // Spring Boot swallows a preinitializer's exception: a tool the library refused would load nothing after it
        assertThatNoException().isThrownBy(new CatalogBackgroundPreinitializer()::preinitialize);
    }
}
