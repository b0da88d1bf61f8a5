package io.beammcp.benchmarks;

import io.beammcp.core.spi.Exchange;
import io.beammcp.core.server.McpServer;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * The CPU time of a {@code tools/call} served by an annotated method against the low-level API, as
 * {@link BindingBenchmark} serves them, measured on the calling thread's own CPU clock and interleaved round by
 * round, so a machine shared with other work (which lengthens wall-clock times) moves both alike. Prints the
 * median nanoseconds of CPU per call and the annotated path's overhead.
 *
 * <pre>java -cp benchmarks/jmh/target/benchmarks.jar io.beammcp.benchmarks.BindingCpuTime [rounds] [calls]</pre>
 */
public final class BindingCpuTime {

    private BindingCpuTime() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        Exchange exchange = new StdioExchange();
        for (String shape : new String[] {"small", "record"}) {
            McpServer low = BindingBenchmark.server("lowLevel", shape);
            McpServer annotated = BindingBenchmark.server("annotated", shape);
            byte[] request = BindingBenchmark.request(shape);
            double[] lowNs = new double[rounds];
            double[] annotatedNs = new double[rounds];
            for (int round = -5; round < rounds; round++) {
                double l = perCall(cpu, low, request, exchange, calls);
                double a = perCall(cpu, annotated, request, exchange, calls);
                if (round >= 0) {
                    // the first rounds warm both paths up
                    lowNs[round] = l;
                    annotatedNs[round] = a;
                }
            }
            double lowMedian = median(lowNs);
            double annotatedMedian = median(annotatedNs);
            System.out.printf("%-6s low-level %7.0f ns CPU/call, annotated %7.0f ns CPU/call: %+.1f %%%n", shape,
                    lowMedian, annotatedMedian, 100 * (annotatedMedian / lowMedian - 1));
        }
    }

    private static double perCall(ThreadMXBean cpu, McpServer server, byte[] request, Exchange exchange, int calls) {
        long start = cpu.getCurrentThreadCpuTime();
        int sink = 0;
        for (int i = 0; i < calls; i++) {
            sink += server.handle(request, exchange).body().length;
        }
        if (sink == 42) {
            System.out.print("");
        }
        return (cpu.getCurrentThreadCpuTime() - start) / (double) calls;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
