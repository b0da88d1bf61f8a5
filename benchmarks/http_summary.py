#!/usr/bin/env python3
"""The summary tables of benchmarks/http.sh, from the files it writes.

    http_summary.py runs RUNS.tsv "REFERENCE..."   per request kind and connection count: each server's medians, the
                                                   spread of its rounds, its ratios to each reference in the run
    http_summary.py startup STARTUP.tsv            the time to the first answer, median of the cold starts
    http_summary.py gc OUT_DIR SINCE_S APP...      GC pauses after SINCE_S seconds, from OUT_DIR/APP.gc
"""
import csv
import re
import statistics
import sys

KIND_NAMES = {"modern": "2026-07-28 tools/call", "legacy": "2025-11-25 tools/call in a session"}
SPREAD_LIMIT = 0.2  # a round farther than this from its server's median is flagged


def med(xs):
    return statistics.median(xs) if xs else float("nan")


def runs(argv):
    rows = list(csv.DictReader(open(argv[0]), delimiter="\t"))
    refs = argv[1].split()
    apps = list(dict.fromkeys(r["app"] for r in rows))
    flagged = []
    for kind in [k for k in KIND_NAMES if any(r["kind"] == k for r in rows)]:
        for conns in sorted({int(r["conns"]) for r in rows if r["kind"] == kind}):
            sel = [r for r in rows if r["kind"] == kind and int(r["conns"]) == conns]
            flagged += table(kind, conns, sel, [a for a in apps if any(r["app"] == a for r in sel)], refs)
    print()
    if flagged:
        print(f"rounds more than {SPREAD_LIMIT * 100:.0f} % from their median (or no answer):\n  " + "\n  ".join(flagged))
    else:
        print(f"every round within {SPREAD_LIMIT * 100:.0f} % of its median")


def table(kind, conns, sel, present, refs):
    """Prints the table of one request kind and connection count; returns the servers' flagged rounds."""
    here = [ref for ref in refs if ref in present]
    rounds = sorted({r["round"] for r in sel}, key=int)
    value = {(r["app"], r["round"], f): float(r[f]) for r in sel for f in ("rps", "p99_ms", "cpu_us_per_req")}

    def ratio(app, ref, f):
        return med([value[app, rd, f] / value[ref, rd, f] for rd in rounds
                    if (app, rd, f) in value and value.get((ref, rd, f))])

    print(f"\n{kind} ({KIND_NAMES[kind]}), {conns} connections")
    head = f"  {'server':<9} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'CPU us':>7} {'farthest':>8} {'failed':>6}"
    print(head + "".join(f" | {'vs ' + ref + ': req/s':>17} {'CPU':>5} {'p99':>5}" for ref in here))
    flagged = []
    for app in present:
        mine = [r for r in sel if r["app"] == app]
        rps = [float(r["rps"]) for r in mine]
        m = med(rps)
        spread = max(abs(x / m - 1) for x in rps) if m > 0 else float("nan")
        off = [r["round"] for r in mine if m > 0 and abs(float(r["rps"]) / m - 1) > SPREAD_LIMIT]
        if off or m <= 0:
            flagged.append(f"{app} {kind} {conns}: rounds {', '.join(off) or 'all'}")
        line = (f"  {app:<9} {m:>8.0f} {med([float(r['p50_ms']) for r in mine]):>7.2f}"
                f" {med([float(r['p99_ms']) for r in mine]):>7.2f} {med([float(r['cpu_us_per_req']) for r in mine]):>7.1f}"
                f" {spread * 100:>6.0f} %{'!' if off else ' '} {sum(int(r['bad']) for r in mine):>6}")
        for ref in here:
            if ref == app:
                line += f" | {'':>17} {'':>5} {'':>5}"
            else:
                line += (f" | {ratio(app, ref, 'rps'):>16.2f}x {ratio(app, ref, 'cpu_us_per_req'):>4.2f}x"
                         f" {ratio(app, ref, 'p99_ms'):>4.2f}x")
        print(line)
    for app in present:
        rps = ", ".join(f"{float(r['rps']):.0f}" for r in sel if r["app"] == app)
        p99 = ", ".join(f"{float(r['p99_ms']):.2f}" for r in sel if r["app"] == app)
        print(f"    {app:<9} rounds: req/s {rps}; p99 {p99} ms")
    return flagged


def startup(argv):
    rows = list(csv.DictReader(open(argv[0]), delimiter="\t"))
    for app in dict.fromkeys(r["app"] for r in rows):
        sel = [r for r in rows if r["app"] == app]
        first = statistics.median(int(r["first_answer_ms"]) for r in sel)
        spring = [float(r["spring_started_s"]) for r in sel if r["spring_started_s"] != "nan"]
        cpu = statistics.median(int(r["cpu_ms"]) for r in sel)
        print(f"  {app:<9} first answer {first:6.0f} ms   (all: {', '.join(r['first_answer_ms'] for r in sel)})"
              + (f"   Spring 'Started in' {statistics.median(spring):.2f} s" if spring else "")
              + f"   CPU used until then {cpu:.0f} ms")


def gc(argv):
    out, since = argv[0], float(argv[1])
    for app in argv[2:]:
        pauses = []
        for line in open(f"{out}/{app}.gc"):
            m = re.match(r"\[([0-9.]+)s\].*Pause.* ([0-9.]+)ms$", line.strip())
            if m and float(m.group(1)) >= since:
                pauses.append(float(m.group(2)))
        if not pauses:
            print(f"  {app:<9} no pause")
            continue
        q = statistics.quantiles(pauses, n=100) if len(pauses) > 1 else pauses * 99
        print(f"  {app:<9} {len(pauses)} pauses, {sum(pauses):.0f} ms in all; median {statistics.median(pauses):.2f} ms,"
              f" p99 {q[98]:.2f} ms, longest {max(pauses):.2f} ms")


if __name__ == "__main__":
    {"runs": runs, "startup": startup, "gc": gc}[sys.argv[1]](sys.argv[2:])
