#!/usr/bin/env python3
"""Summarises a JFR recording: CPU samples (jdk.ExecutionSample) and allocation samples
(jdk.ObjectAllocationSample, weighted by bytes) by top frame, by the first frame in a chosen package, and by
inclusive presence of methods of that package in the stack.

    jfr_summary.py RECORDING.jfr [--package io.beammcp] [--top 20] [--jfr PATH_TO_jfr] [--thread-filter TEXT]
                   [--requests N] [--stages sample|reactive|quarkus] [--callers-of PACKAGE]

With --requests, also prints the bytes allocated per request: the growth of every thread's allocation counter
(jdk.ThreadAllocationStatistics, taken at the start and the end of the recording) divided by N.
With --stages, also prints the request threads' CPU samples by stage of the request path (STAGES below).
With --callers-of PACKAGE, also prints the CPU samples spent in that package's own code (the innermost frame outside
the JDK is in it) by the first frame outside it and the JDK: who pays for a library (io.micrometer: which observation).
--thread-filter keeps the samples of threads whose name contains one of its '|'-separated parts.
"""
import argparse
import collections
import json
import subprocess
import sys


# The stages of an HTTP tools/call in each server: a CPU sample belongs to the stage of the innermost frame on its
# stack that marks one (the tool runs inside the pipeline, the pipeline inside the dispatch, the dispatch inside
# the filters), else to the last; a prefix after "^" marks the top frame only. With the threads that serve requests.
HAND_OFF = ("Hand-offs: a thread parking or waking another", ["^java.util.concurrent.locks.LockSupport.",
                                                              "^jdk.internal.misc.Unsafe.park",
                                                              "^jdk.internal.misc.Unsafe.unpark"])
STAGES = {
    "sample": ("http-nio", [
        HAND_OFF,
        ("The tool (get_weather)", ["io.beammcp.sample.WeatherTools.", "io.beammcp.sample.Weather."]),
        ("Writing the response (JSON, the container's output)", [
            "io.beammcp.core.internal.protocol.Envelopes", "io.beammcp.core.internal.json.JsonCodec.write",
            "io.beammcp.autoconfigure.http.DirectResponse", "org.apache.catalina.connector.OutputBuffer",
            "org.apache.catalina.connector.CoyoteOutputStream", "org.apache.catalina.connector.Response.finishResponse",
            "org.apache.coyote.http11.Http11OutputBuffer"]),
        ("MCP pipeline: decode, route, validate, result shaping", ["io.beammcp.core."]),
        ("Endpoint: request head, body read, era decision", [
            "io.beammcp.autoconfigure.http.McpHttpController", "io.beammcp.autoconfigure.http.BodyReader",
            "io.beammcp.autoconfigure.http.RequestHead", "io.beammcp.autoconfigure.http.McpRequestHead",
            "io.beammcp.autoconfigure.http.CoreCall", "io.beammcp.autoconfigure.http.MethodAdmission",
            "io.beammcp.autoconfigure.http.HttpExchange", "io.beammcp.autoconfigure.http.Replies",
            "io.beammcp.autoconfigure.http.ReplyMapping", "io.beammcp.autoconfigure.http.Authorizers",
            "io.beammcp.autoconfigure.http.McpAuthorization", "io.beammcp.autoconfigure.http.OriginGuard"]),
        ("Dispatch: Spring MVC's DispatcherServlet to the endpoint", ["org.springframework.web.servlet.",
                                                                      "org.springframework.web.method."]),
        ("Spring's servlet filters (request context, character encoding, form content)",
         ["org.springframework.web.filter."]),
        ("beammcp's servlet filters (CORS, unread body)", ["io.beammcp.autoconfigure.http.McpCorsFilter",
                                                            "io.beammcp.autoconfigure.http.UnreadBodyFilter"]),
        ("Container: connection, HTTP parsing, the filter chain", []),
    ]),
    # the reactive transport on Reactor Netty: every thread (event loops, and whichever threads run the calls)
    "reactive": ("", [
        HAND_OFF,
        ("The tool (get_weather)", ["io.beammcp.sample."]),
        ("Writing the response (JSON, the codecs, Netty's encoder)", [
            "io.beammcp.core.internal.protocol.Envelopes", "io.beammcp.core.internal.json.JsonCodec.write",
            "org.springframework.http.codec.", "org.springframework.core.codec.",
            "io.netty.handler.codec.http.HttpObjectEncoder"]),
        ("MCP pipeline: decode, route, validate, result shaping", ["io.beammcp.core."]),
        ("The MCP server's HTTP layer and filters", ["io.beammcp."]),
        ("Dispatch: Spring WebFlux and its filters", ["org.springframework.web.reactive.",
                                                     "org.springframework.web.server.",
                                                     "org.springframework.http.server.reactive."]),
        ("Reactor's operators and schedulers", ["reactor.core."]),
        ("Container: connection, HTTP parsing (Reactor Netty, Netty)", []),
    ]),
    "quarkus": ("vert.x-eventloop|executor-thread", [
        HAND_OFF,
        ("The tool (get_weather)", ["io.beammcp.benchmarks.quarkus."]),
        ("Writing the response (JSON, the container's output)", [
            "io.vertx.core.json.JsonObject.encode", "io.vertx.core.json.JsonObject.toBuffer",
            "io.vertx.core.json.jackson.JacksonCodec.toString", "io.vertx.core.json.jackson.JacksonCodec.toBuffer",
            "io.vertx.core.json.jackson.DatabindCodec.toString", "io.vertx.core.json.jackson.DatabindCodec.toBuffer",
            "io.vertx.core.http.impl.Http1xServerResponse"]),
        ("MCP pipeline: decode, route, validate, result shaping", ["io.quarkiverse.mcp."]),
        ("Routing: Vert.x Web and Quarkus's HTTP layer", ["io.vertx.ext.web.", "io.quarkus.vertx.http."]),
        ("Container: connection, HTTP parsing (Netty, Vert.x)", []),
    ]),
}


JDK = ("java.", "jdk.", "sun.")


def stage_of(dotted, stages):
    for depth, frame in enumerate(dotted):
        for name, prefixes in stages:
            for p in prefixes:
                top_only = p.startswith("^")
                if (depth == 0 or not top_only) and frame.startswith(p.lstrip("^")):
                    return name
    return stages[-1][0]


def thread_matches(name, spec):
    """Whether a thread's name contains one of the '|'-separated parts of spec."""
    return any(part in name for part in spec.split("|"))


def frames_of(event):
    stack = event.get("values", {}).get("stackTrace") or event.get("stackTrace")
    if not stack:
        return []
    out = []
    for frame in stack.get("frames", []):
        method = frame.get("method", {})
        cls = method.get("type", {}).get("name", "?")
        out.append(f"{cls}.{method.get('name', '?')}:{frame.get('lineNumber', '?')}")
    return out


def method_only(frame):
    return frame.rsplit(":", 1)[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("recording")
    ap.add_argument("--package", default="io.beammcp")
    ap.add_argument("--top", type=int, default=20)
    ap.add_argument("--jfr", default="/usr/lib/jvm/temurin-25-jdk-amd64/bin/jfr")
    ap.add_argument("--thread-filter", default=None, help="keep samples whose thread name contains this")
    ap.add_argument("--requests", type=int, default=0, help="requests served during the recording")
    ap.add_argument("--stages", choices=sorted(STAGES), default=None, help="CPU samples by stage of the request path")
    ap.add_argument("--callers-of", default=None, help="CPU samples in this package's own code, by their caller")
    args = ap.parse_args()
    stage_threads, stages = STAGES[args.stages] if args.stages else (None, None)
    by_stage = collections.Counter()
    n_stage = 0
    if args.requests > 0:
        stats = json.loads(subprocess.run([args.jfr, "print", "--json", "--events", "jdk.ThreadAllocationStatistics",
                                           args.recording], check=True, capture_output=True, text=True).stdout)
        per_thread = collections.defaultdict(list)
        for e in stats["recording"]["events"]:
            v = e["values"]
            thread = v.get("thread") or {}
            name = thread.get("javaName") or thread.get("osName") or ""
            if name.startswith(("JFR ", "Attach Listener", "RMI ", "JMX ")):
                continue  # the recorder's and the tools' own threads
            per_thread[thread.get("javaThreadId")].append(v["allocated"])
        grown = sum(max(xs) - (min(xs) if len(xs) > 1 else 0) for xs in per_thread.values())
        print(f"allocated {grown / 1048576:.1f} MiB in {args.requests} requests: {grown / args.requests:.0f} bytes per request"
              " (all application threads; a thread born during the recording counts whole)")
    raw = subprocess.run([args.jfr, "print", "--json", "--stack-depth", "96", "--events",
                          "jdk.ExecutionSample,jdk.ObjectAllocationSample", args.recording],
                         check=True, capture_output=True, text=True).stdout
    events = json.loads(raw)["recording"]["events"]
    pkg = args.package.replace(".", "/")
    cpu_top, cpu_first, cpu_incl = collections.Counter(), collections.Counter(), collections.Counter()
    al_class, al_top, al_first, al_incl = (collections.Counter() for _ in range(4))
    by_caller = collections.Counter()
    n_cpu = 0
    al_total = 0
    for e in events:
        values = e.get("values", {})
        thread = values.get("sampledThread") or values.get("eventThread") or {}
        name = thread.get("javaName") or thread.get("osName") or ""
        if args.thread_filter and not thread_matches(name, args.thread_filter):
            continue
        frames = frames_of(e)
        if not frames:
            continue
        dotted = [f.replace("/", ".") for f in frames]
        if stages and e["type"] == "jdk.ExecutionSample" and thread_matches(name, stage_threads):
            n_stage += 1
            by_stage[stage_of(dotted, stages)] += 1
        first = next((f for f in dotted if f.startswith(args.package)), None)
        incl = {method_only(f) for f in dotted if f.startswith(args.package)}
        if e["type"] == "jdk.ExecutionSample":
            n_cpu += 1
            cpu_top[method_only(dotted[0])] += 1
            if first:
                cpu_first[first] += 1
            for m in incl:
                cpu_incl[m] += 1
            if args.callers_of:
                own = [f for f in dotted if not f.startswith(JDK)]
                if own and own[0].startswith(args.callers_of):
                    caller = next((f for f in own if not f.startswith(args.callers_of)), "?")
                    by_caller[method_only(caller)] += 1
        else:
            weight = values.get("weight", 0)
            al_total += weight
            cls = (values.get("objectClass") or {}).get("name", "?").replace("/", ".")
            al_class[cls] += weight
            al_top[method_only(dotted[0])] += weight
            if first:
                al_first[first] += weight
            for m in incl:
                al_incl[m] += weight

    def show(title, counter, total, unit):
        print(f"\n{title}")
        for key, value in counter.most_common(args.top):
            share = 100.0 * value / total if total else 0
            amount = f"{value / 1048576:10.1f} MiB" if unit == "bytes" else f"{value:8d} samples"
            print(f"  {share:5.1f}%  {amount}  {key}")

    print(f"recording {args.recording}: {n_cpu} CPU samples, {al_total / 1048576:.1f} MiB sampled allocation"
          + (f" (threads matching '{args.thread_filter}')" if args.thread_filter else ""))
    if stages:
        print(f"\nCPU samples of the request threads ('{stage_threads}') by stage: {n_stage}")
        for name, _ in stages:
            share = 100.0 * by_stage[name] / n_stage if n_stage else 0
            print(f"  {share:5.1f}%  {by_stage[name]:8d} samples  {name}")
    if args.callers_of:
        spent = sum(by_caller.values())
        print(f"\nCPU in {args.callers_of}'s own code: {100.0 * spent / n_cpu if n_cpu else 0:.1f}% of the samples, by caller")
        for key, value in by_caller.most_common(args.top):
            print(f"  {100.0 * value / n_cpu:5.1f}%  {value:8d} samples  {key}")
    show("CPU: top frame (self time)", cpu_top, n_cpu, "samples")
    show(f"CPU: first {args.package} frame on the stack (where the time is charged in our code)", cpu_first, n_cpu, "samples")
    show(f"CPU: {args.package} methods, inclusive", cpu_incl, n_cpu, "samples")
    show("Allocation: by class", al_class, al_total, "bytes")
    show("Allocation: top frame", al_top, al_total, "bytes")
    show(f"Allocation: first {args.package} frame on the stack", al_first, al_total, "bytes")
    show(f"Allocation: {args.package} methods, inclusive", al_incl, al_total, "bytes")


if __name__ == "__main__":
    sys.exit(main())
