#!/usr/bin/env python3
"""Turns `memlens-bench scale --json` output into docs/perf/scale.png with gnuplot.

Usage: scripts/plot_scale.py scale.json [docs/perf/scale.png]

matplotlib is not a dependency of memlens; gnuplot-nox (scripts/install-deps.sh) is, so the
plot is a gnuplot script fed with the p50 of every timed operation per vault size.
"""
import json
import os
import subprocess
import sys
import tempfile

SERIES = [
    ("hybrid_ms", "hybrid search"),
    ("keyword_ms", "keyword-only search"),
    ("fts_raw_ms", "raw FTS5 bm25"),
    ("vector_ms", "vector leg (beam)"),
    ("hnsw_ms", "hnswlib"),
    ("exact_ms", "exact scan"),
    ("cover_window_ms", "cover_window 7 d"),
    ("drill_down_ms", "drill_down"),
    ("query_topic_ms", "query_topic"),
    ("search_entities_ms", "search_entities"),
]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[2] if len(sys.argv) > 2 else "docs/perf/scale.png"
    with open(sys.argv[1], encoding="utf-8") as f:
        data = json.load(f)
    runs = data["runs"]
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        dat = os.path.join(tmp, "scale.dat")
        with open(dat, "w", encoding="utf-8") as f:
            for run in runs:
                row = [str(run["chunks"])]
                row += ["%.6f" % max(run[key]["p50"], 1e-4) for key, _ in SERIES]
                f.write(" ".join(row) + "\n")
        recall = ", ".join(
            "%s: %.3f / %.3f"
            % ("{:,}".format(r["chunks"]), r["vector_recall_at_10"], r["hnsw_recall_at_10"])
            for r in runs
        )
        # Ten distinct colours: gnuplot's default cycle repeats after eight.
        colours = ["#9400d3", "#009e73", "#56b4e9", "#e69f00", "#f0e442",
                   "#0072b2", "#e51e10", "#000000", "#a0522d", "#808080"]
        plots = ", ".join(
            "'%s' using 1:%d with linespoints lw 2 lc rgb '%s' title '%s'"
            % (dat, i + 2, colours[i % len(colours)], title)
            for i, (_, title) in enumerate(SERIES)
        )
        script = "\n".join(
            [
                "set terminal pngcairo noenhanced size 1000,640 font 'sans,10'",
                "set output '%s'" % out,
                'set title "memlens-bench scale: p50 by vault size\\n'
                'vector recall@10, beam / hnswlib: %s"' % recall,
                "set logscale xy",
                "set xlabel 'chunks'",
                "set xrange [%g:%g]" % (runs[0]["chunks"] / 1.5, runs[-1]["chunks"] * 1.5),
                "set ylabel 'p50 ms'",
                "set grid",
                "set key outside right",
                "set xtics (%s)" % ", ".join("'%d' %d" % (r["chunks"], r["chunks"]) for r in runs),
                "plot " + plots,
            ]
        )
        subprocess.run(["gnuplot"], input=script, text=True, check=True)
    print(out)


if __name__ == "__main__":
    main()
