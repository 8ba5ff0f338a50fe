#!/usr/bin/env bash
# Builds and runs the libFuzzer targets of stringcat's readers.
#
#   Tests/Fuzz/run-fuzzers.sh TARGET SECONDS     TARGET: strings | stringsdict | catalog | all
#   Tests/Fuzz/run-fuzzers.sh build TARGET       build only
#
# Each target is one module: the sources of StringcatSupport and of the reader's module plus the
# entry file, compiled together with `swiftc -sanitize=fuzzer -parse-as-library -O` (their
# `import StringcatSupport` lines are dropped from a copy, since it is the same module here).
# Everything goes to <repo>/fuzz-out/ (git-ignored): bin/, corpus/<target>/ (seeded from
# ../shared/corpus, ../shared/goldens*, Samples/ and the test fixtures; kept between runs so a
# later run goes on where the last one stopped), crashes/<target>/, <target>-<time>.log.
# `all` runs the targets one after the other (the machine has 2 cores shared with others).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
shared="$root/../shared"
out="$root/fuzz-out"
seed_max_bytes=32768
# Swift's own crash handler would catch the trap first and exit without libFuzzer saving the input.
export SWIFT_BACKTRACE=enable=no

usage() { echo "usage: $0 strings|stringsdict|catalog|all SECONDS   or   $0 build strings|stringsdict|catalog" >&2; exit 2; }

module_of() {
    case "$1" in
        strings) echo "StringsFile StringsFileFuzz.swift strings" ;;
        stringsdict) echo "StringsDict StringsDictFuzz.swift stringsdict" ;;
        catalog) echo "StringCatalog CatalogFuzz.swift xcstrings" ;;
        *) usage ;;
    esac
}

build() {
    local target="$1" module entry ext
    read -r module entry ext <<<"$(module_of "$target")"
    local src="$out/src/$target"
    rm -rf "$src"; mkdir -p "$src" "$out/bin"
    for f in "$root"/Sources/StringcatSupport/*.swift "$root"/Sources/"$module"/*.swift; do
        grep -v '^import StringcatSupport$' "$f" >"$src/$(basename "$(dirname "$f")")_$(basename "$f")"
    done
    cp "$here/$entry" "$src/"
    echo "building $target ($module)…" >&2
    swiftc -sanitize=fuzzer -parse-as-library -O -module-name "${module}Fuzz" \
        "$src"/*.swift -o "$out/bin/$target-fuzz"
}

seed() {
    local target="$1" module entry ext
    read -r module entry ext <<<"$(module_of "$target")"
    local corpus="$out/corpus/$target"
    mkdir -p "$corpus"
    # Copy small files only (big ones slow every execution); names are content hashes so a
    # second seeding adds nothing twice.
    local dirs=("$root/Samples" "$root/Tests")
    for d in "$shared/corpus" "$shared/goldens" "$shared/goldens-compile"; do
        [ -d "$d" ] && dirs+=("$d")
    done
    [ -d "$shared/corpus" ] || echo "note: $shared/corpus not found; seeding from the repo only" >&2
    find "${dirs[@]}" -type f -name "*.$ext" -size -"$seed_max_bytes"c -print0 |
        while IFS= read -r -d '' f; do
            cp "$f" "$corpus/seed-$(sha1sum "$f" | cut -c1-16)"
        done
    echo "$target corpus: $(ls "$corpus" | wc -l) files" >&2
}

run() {
    local target="$1" seconds="$2"
    build "$target"
    seed "$target"
    mkdir -p "$out/crashes/$target"
    local log="$out/$target-$(date +%Y%m%d-%H%M%S).log"
    echo "running $target for $seconds s (log: $log)…" >&2
    # -timeout: a single input taking over 5 s is a hang; -rss_limit_mb: memory must stay bounded.
    "$out/bin/$target-fuzz" "$out/corpus/$target" \
        -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=65536 \
        -artifact_prefix="$out/crashes/$target/" -print_final_stats=1 >"$log" 2>&1 && status=0 || status=$?
    tail -25 "$log"
    echo "$target: fuzzer exit status $status" >&2
}

[ $# -eq 2 ] || usage
case "$1" in
    build) build "$2" ;;
    all)
        for t in strings stringsdict catalog; do run "$t" "$2"; done ;;
    *) run "$1" "$2" ;;
esac
