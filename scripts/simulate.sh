#!/usr/bin/env bash
# Plays bot games headless with the release build: scripts/simulate.sh --games 1000 --preset cadet
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/star-trek-panic/target}"
exec cargo run --release --locked --quiet -- simulate "$@"
