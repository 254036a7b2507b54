#!/usr/bin/env bash
# Runs every check and test: formatting, clippy, then the whole test suite.
# Installs what it needs first (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

# A target directory outside the clone lets a fresh clone (and CI) reuse earlier builds.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/star-trek-panic/target}"

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy --all-targets -- -D warnings"
cargo clippy --workspace --all-targets --locked -- -D warnings
echo "== cargo test"
cargo test --workspace --locked
