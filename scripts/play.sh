#!/usr/bin/env bash
# Plays Star Trek Panic: scripts/play.sh [--seed S --players P --preset NAME]
# Installs what it needs first (scripts/setup.sh); the first build takes about a quarter hour.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/star-trek-panic/target}"
exec cargo run --locked --quiet -- "$@"
