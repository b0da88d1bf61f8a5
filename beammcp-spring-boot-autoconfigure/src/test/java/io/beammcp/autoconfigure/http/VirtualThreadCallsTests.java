package io.beammcp.autoconfigure.http;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;

import java.lang.reflect.Method;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Host code on virtual threads when the application serves on them (Java 21 or later; skipped before). Run
 * with a JDK 21+: {@code JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 ./mvnw -pl beammcp-spring-boot-autoconfigure
 * test -Dtest=VirtualThreadCallsTests}.
 */
@EnabledForJreRange(min = JRE.JAVA_21)
class VirtualThreadCallsTests {

    private static boolean isVirtual(Thread thread) throws Exception {
        Method isVirtual = Thread.class.getMethod("isVirtual");
        return (Boolean) isVirtual.invoke(thread);
    }

    @Test
    void eachCallRunsOnAVirtualThreadOfItsOwn() throws Exception {
        CompletableFuture<Thread> ran = new CompletableFuture<>();
        new VirtualThreadCalls(2).execute(() -> ran.complete(Thread.currentThread()));
        Thread thread = ran.get(5, TimeUnit.SECONDS);
        assertThat(isVirtual(thread)).isTrue();
        assertThat(thread.getName()).startsWith("beammcp-http-call-");
    }

    @Test
    void pastTheBoundACallRunsOnTheCallingThreadUntilAPermitIsBack() throws Exception {
        VirtualThreadCalls calls = new VirtualThreadCalls(1);
        CountDownLatch release = new CountDownLatch(1);
        calls.execute(() -> {
            try {
                release.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Thread[] second = new Thread[1];
        calls.execute(() -> second[0] = Thread.currentThread());
        assertThat(second[0]).isSameAs(Thread.currentThread());
        release.countDown();
        CompletableFuture<Thread> third = new CompletableFuture<>();
        for (int i = 0; i < 100 && !third.isDone(); i++) {
            Thread.sleep(10);
            calls.execute(() -> third.complete(Thread.currentThread()));
        }
        assertThat(isVirtual(third.get(5, TimeUnit.SECONDS))).isTrue();
    }
}
