#!/usr/bin/env python3
"""Breaks each step of the fast Sprague-Grundy method on purpose (docs/GRUNDY.md), one at a
time, and runs the engine's tests: every mutation must make a test fail. Restores the file at
the end. Run from the top folder: python3 scripts/grundy-mutations.py (about 2 minutes a
mutation, most of it the build)."""
import subprocess
import sys

FILE = "src/engines/grundy/fast.rs"
MUTATIONS = [
    ("all leaves dropped", "if with_leaf & near != 0 {", "if with_leaf & near != 0 || true {"),
    ("component one step only", "while frontier != 0 {", "if frontier != 0 {"),
    ("decomposition of the wrong set",
     "lost_after_move(self.board.n(), unplayed) & moves",
     "lost_after_move(self.board.n(), unplayed | bit(last)) & moves"),
    ("free zeros forgotten in the mex",
     "let mut seen: u128 = if zeros != 0 { 1 } else { 0 };", "let mut seen: u128 = 0;"),
    ("key without the last number",
     "let key = memo::key(last, unplayed);", "let key = memo::key(1, unplayed);"),
    ("leaf test by degree 2", "if near.count_ones() == 1 {", "if near.count_ones() <= 2 {"),
]

original = open(FILE).read()
survivors = []
try:
    for name, before, after in MUTATIONS:
        if before not in original:
            sys.exit(f"{name}: the text to mutate is gone from {FILE}")
        open(FILE, "w").write(original.replace(before, after, 1))
        run = subprocess.run(
            ["cargo", "test", "--release", "--locked", "--lib", "engines::grundy"],
            capture_output=True, text=True)
        caught = run.returncode != 0 and "FAILED" in run.stdout
        print(f"{name}: {'caught' if caught else 'MISSED'}", flush=True)
        if not caught:
            survivors.append(name)
finally:
    open(FILE, "w").write(original)
sys.exit(1 if survivors else 0)
