#!/usr/bin/env bash
# Runs every check and test: formatting, clippy (the windowed and the headless build), the
# documentation, then the whole test suite.
# Installs what it needs first (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
# Each phase's seconds, printed as a table at the end (the README's development section).
phases=()
started=$SECONDS
phase() { phases+=("$(printf '%5d s  %s' $((SECONDS - started)) "$1")"); started=$SECONDS; }
source scripts/setup.sh
phase "setup (system packages, Rust)"

# A target directory outside the clone lets a fresh clone (and CI) reuse earlier builds.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/star-trek-panic/target}"

echo "== cargo fetch"
cargo fetch --locked
phase "crate downloads"
echo "== cargo fmt --check"
cargo fmt --all -- --check
phase "cargo fmt --check"
echo "== cargo clippy --all-targets -- -D warnings"
cargo clippy --workspace --all-targets --locked -- -D warnings
phase "clippy, windowed (checking every dependency)"
# The headless build (`simulate`, `serve`, the benchmarks) is what servers build: checked too.
echo "== cargo clippy --no-default-features --all-targets -- -D warnings"
cargo clippy --workspace --no-default-features --all-targets --locked -- -D warnings
phase "clippy, headless"
# The code's documentation builds without a warning (a broken link, a stray tag).
echo "== cargo doc --no-deps"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --locked --quiet
phase "cargo doc"
echo "== cargo test"
cargo test --workspace --locked --no-run
phase "test build"
log="$(mktemp)"
set +e
cargo test --workspace --locked 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
phase "test run"
echo "== seconds by phase"
printf '%s\n' "${phases[@]}"
# One closing line with the totals of every test binary.
awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } }
     END { printf "%d passed, %d failed\n", p, f }' "$log"
rm -f "$log"
exit "$status"
