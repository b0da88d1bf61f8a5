package io.beammcp.autoconfigure.security.oauth2;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.JWKSetBasedJWKSource;
import com.nimbusds.jose.jwk.source.JWKSetSource;
import com.nimbusds.jose.jwk.source.JWKSetSourceWrapper;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.proc.ConfigurableJWTProcessor;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.security.oauth2.server.resource.autoconfigure.servlet.JwkSetUriJwtDecoderBuilderCustomizer;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * How the decoder Spring Boot builds from {@code jwk-set-uri} or {@code issuer-uri} fetches the issuer's key
 * set. Spring Security's own fetches it again for every token whose key id ({@code kid}) it does not hold, so
 * unauthenticated requests with made-up key ids make one fetch each, and a caller whose key is cached waits for
 * a fetch when the cached set expires. Here the same fetcher sits behind Nimbus's rate limiter (at most two
 * fetches in {@value #MIN_INTERVAL_MS} ms; a token with an unknown key past them is refused without one) and
 * its refresh-ahead cache (the set is fetched again in the background before it expires).
 */
final class KeySetRefresh implements JwkSetUriJwtDecoderBuilderCustomizer, DisposableBean {

    /** The shortest time in which the key set is fetched at most twice. */
    static final long MIN_INTERVAL_MS = JWKSourceBuilder.DEFAULT_RATE_LIMIT_MIN_INTERVAL;

    private static final Log log = LogFactory.getLog(KeySetRefresh.class);

    private final List<JWKSource<SecurityContext>> sources = new CopyOnWriteArrayList<>();

    @Override
    public void customize(NimbusJwtDecoder.JwkSetUriJwtDecoderBuilder builder) {
        builder.jwtProcessorCustomizer(this::bound);
    }

    private void bound(ConfigurableJWTProcessor<SecurityContext> processor) {
        if (!(processor.getJWSKeySelector() instanceof JWSVerificationKeySelector<SecurityContext> selector)
                || !(selector.getJWKSource() instanceof JWKSetBasedJWKSource<SecurityContext> built)) {
            log.warn("The JWT decoder's key source is not the one Spring Security builds: key set fetches are"
                    + " left as they are");
            return;
        }
        Set<JWSAlgorithm> algorithms = JWSAlgorithm.Family.SIGNATURE.stream().filter(selector::isAllowed)
                .collect(Collectors.toUnmodifiableSet());
        JWKSetSource<SecurityContext> fetcher = built.getJWKSetSource();
        while (fetcher instanceof JWKSetSourceWrapper<SecurityContext> wrapper) {
            fetcher = wrapper.getSource();
        }
        JWKSource<SecurityContext> bounded = JWKSourceBuilder.create(fetcher)
                .rateLimited(MIN_INTERVAL_MS)
                .refreshAheadCache(JWKSourceBuilder.DEFAULT_REFRESH_AHEAD_TIME, true)
                .build();
        sources.add(bounded);
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(algorithms, bounded));
    }

    /** Stops the background refreshes' threads with the application. */
    @Override
    public void destroy() throws IOException {
        for (JWKSource<SecurityContext> source : sources) {
            if (source instanceof Closeable closeable) {
                closeable.close();
            }
        }
    }
}
