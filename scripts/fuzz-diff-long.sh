#!/usr/bin/env bash
# The long random-program differential run (issue 13): 10,000 generated kernels. Extra arguments go to
# `simtc fuzz-diff` (e.g. `--seed 7 --jobs 16 --keep /tmp/fd`). Exit status 1 when any program mismatches;
# reduced reproducers are written to fuzz-diff-failures/ (or the --keep directory).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked -p simtc
exec target/release/simtc fuzz-diff --count 10000 --seed "${SEED:-1}" "$@"
