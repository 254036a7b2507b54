#!/usr/bin/env bash
# The forward model's speed against the engine as it was first built (commit 6a3ef07), side by
# side on one core: `simulate` with the heuristic bot, release and headless, on the same seeds
# and presets, with the invariant checks on and off. Prints every run, the medians and the
# ratio; then `--threads 2` against `--threads 1` on two cores, and whether both give the same
# results (the games' hashes).
#
#   scripts/forward-bench.sh              # 3 runs a cell, 10,000 games a run
#   RUNS=5 GAMES=20000 CORE=1 scripts/forward-bench.sh
#   BASE=HEAD~5 scripts/forward-bench.sh  # against another commit
#
# The base commit is built once from `git archive` (it needs the repository's history, not a
# shallow clone) and kept under $CARGO_TARGET_DIR/forward-bench/.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/star-trek-panic/target}"
base="${BASE:-6a3ef07}"
runs="${RUNS:-3}"
games="${GAMES:-10000}"
core="${CORE:-1}"
cores=$(nproc)
if [ "$core" -ge "$cores" ]; then core=0; fi

if ! base_rev=$(git rev-parse --short "$base^{commit}" 2>/dev/null); then
  echo "error: commit $base is not in this repository (a shallow clone? git fetch --unshallow)" >&2
  exit 2
fi
cargo build --release --locked --quiet --no-default-features
new="$CARGO_TARGET_DIR/release/star-trek-panic"
old_dir="$CARGO_TARGET_DIR/forward-bench/$base_rev"
old="$old_dir/star-trek-panic"
if [ ! -x "$old" ]; then
  echo "building $base_rev (once) ..." >&2
  src=$(mktemp -d)
  trap 'rm -rf "$src"' EXIT
  git archive "$base_rev" | tar -x -C "$src"
  (cd "$src" && CARGO_TARGET_DIR="$CARGO_TARGET_DIR/forward-bench/target" \
    cargo build --release --quiet --no-default-features)
  mkdir -p "$old_dir"
  cp "$CARGO_TARGET_DIR/forward-bench/target/release/star-trek-panic" "$old"
fi

# games/s of one run: binary, then simulate's options
rate() {
  local bin=$1; shift
  taskset -c "$core" "$bin" simulate --games "$games" --seed 1 --json "$@" 2>/dev/null |
    sed -n 's/.*"games_per_second":\([0-9.]*\).*/\1/p'
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

printf '%-28s %12s %12s %7s\n' "cell (core $core, $games games)" "$base_rev g/s" "HEAD g/s" ratio
for cell in "standard 4" "admiral 6"; do
  set -- $cell
  for check in "" "--no-check"; do
    olds=() news=()
    for _ in $(seq "$runs"); do
      olds+=("$(rate "$old" --preset "$1" --players "$2" $check)")
      news+=("$(rate "$new" --preset "$1" --players "$2" --threads 1 $check)")
    done
    o=$(printf '%s\n' "${olds[@]}" | median)
    n=$(printf '%s\n' "${news[@]}" | median)
    name="$1 $2p ${check:-checked}"
    printf '%-28s %12.0f %12.0f %6.2fx   (runs: %s | %s)\n' "$name" "$o" "$n" \
      "$(awk -v n="$n" -v o="$o" 'BEGIN {print n / o}')" "${olds[*]}" "${news[*]}"
  done
done

if [ "$cores" -ge 2 ]; then
  second=$(( core == 0 ? 1 : 0 ))
  one=$(taskset -c "$core,$second" "$new" simulate --games "$games" --seed 1 --json --threads 1 --preset standard --players 4)
  two=$(taskset -c "$core,$second" "$new" simulate --games "$games" --seed 1 --json --threads 2 --preset standard --players 4)
  gps() { sed -n 's/.*"games_per_second":\([0-9.]*\).*/\1/p' <<<"$1"; }
  results() { sed 's/"games_per_second":[0-9.]*,//; s/"elapsed_seconds":[0-9.]*,//' <<<"$1"; }
  same=$([ "$(results "$one")" = "$(results "$two")" ] && echo "the same results" || echo "DIFFERENT results")
  printf 'threads 2 vs 1 (cores %s,%s): %.0f vs %.0f games/s, %.2fx; %s\n' "$core" "$second" \
    "$(gps "$two")" "$(gps "$one")" "$(awk -v a="$(gps "$two")" -v b="$(gps "$one")" 'BEGIN {print a / b}')" "$same"
fi

# A hint at the default budget on one core, file and all, for every docs scenario.
worst=0
for f in docs/scenarios/*.ron; do
  start=$(date +%s%N)
  out=$(taskset -c "$core" "$new" hint "$f" --json 2>/dev/null) || out=""
  wall=$(( ($(date +%s%N) - start) / 1000000 ))
  [ -z "$out" ] && { printf 'hint %-16s no one must act\n' "$(basename "$f")"; continue; }
  rollouts=$(sed -n 's/.*"rollouts":\([0-9]*\).*/\1/p' <<<"$out")
  printf 'hint %-16s %4d ms wall, %6d rollouts\n' "$(basename "$f")" "$wall" "$rollouts"
  [ "$wall" -gt "$worst" ] && worst=$wall
done
echo "slowest hint: $worst ms (goal: 400 ms)"
