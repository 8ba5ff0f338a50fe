#!/usr/bin/env bash
# Builds and runs the libFuzzer targets of stringcat's readers.
#
#   Tests/Fuzz/run-fuzzers.sh TARGET SECONDS     TARGET: strings | stringsdict | catalog | pbxproj | shared | hostile-codes | xliff-import | all
#   Tests/Fuzz/run-fuzzers.sh build TARGET       build only
#
# Each target is one module: the sources of StringcatSupport and of the reader's modules (joined
# with `+`) plus the entry file, compiled together with `swiftc -sanitize=fuzzer
# -parse-as-library -O` (their imports of one another are dropped from a copy, since they are the
# same module here).
# Everything goes to <repo>/fuzz-out/ (git-ignored): bin/, corpus/<target>/ (seeded from
# ../shared/corpus, ../shared/goldens*, Samples/ and the test fixtures; the pbxproj target from
# every project.pbxproj under ../shared and the repository, whatever its size; every target also
# gets the deep-nesting seeds of Tests/Fuzz/deep-seeds.py; kept between runs so a later run goes
# on where the last one stopped), crashes/<target>/, <target>-<time>.log.
# `all` runs the targets one after the other (the machine has 2 cores shared with others).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
shared="$root/../shared"
out="$root/fuzz-out"
seed_max_bytes=32768
# Swift's own crash handler would catch the trap first and exit without libFuzzer saving the input.
export SWIFT_BACKTRACE=enable=no

usage() { echo "usage: $0 strings|stringsdict|catalog|pbxproj|shared|hostile-codes|xliff-import|all SECONDS   or   $0 build strings|stringsdict|catalog|pbxproj|shared|hostile-codes|xliff-import" >&2; exit 2; }

module_of() {
    case "$1" in
        strings) echo "StringsFile StringsFileFuzz.swift strings" ;;
        stringsdict) echo "Languages+StringsDict StringsDictFuzz.swift stringsdict" ;;
        catalog) echo "Languages+StringCatalog CatalogFuzz.swift xcstrings" ;;
        pbxproj) echo "Languages+XcodeProject+XcodeRules PBXProjectFuzz.swift pbxproj" ;;
        shared) echo "Languages+XcodeProject+XcodeRules SharedChildrenFuzz.swift none" ;;
        hostile-codes) echo "Languages+StringCatalog HostileCodesFuzz.swift xcstrings" ;;
        xliff-import) echo "Languages+StringsFile+StringsDict+StringCatalog+XcodeProject+XcodeRules+LegacyTables+Compilation+AppBundles+XLIFF+Xcloc+XclocImport XLIFFImportFuzz.swift xliff" ;;
        *) usage ;;
    esac
}

build() {
    local target="$1" module entry ext
    read -r module entry ext <<<"$(module_of "$target")"
    local src="$out/src/$target"
    rm -rf "$src"; mkdir -p "$src" "$out/bin"
    local modules=(StringcatSupport ${module//+/ }) files=()
    for m in "${modules[@]}"; do files+=("$root"/Sources/"$m"/*.swift "$root"/Sources/"$m"/*/*.swift); done
    local own; own="$(printf '%s\n' "${modules[@]}" | sed 's/^/^import /; s/$/$/' | paste -sd'|')"
    for f in "${files[@]}"; do
        [ -f "$f" ] || continue
        grep -Ev "$own" "$f" >"$src/$(basename "$(dirname "$f")")_$(basename "$f")"
    done
    grep -Ev "$own" "$here/$entry" >"$src/$entry"
    echo "building $target ($module)…" >&2
    swiftc -sanitize=fuzzer -parse-as-library -O -module-name "${module//+/}Fuzz" -package-name stringcat \
        "$src"/*.swift -o "$out/bin/$target-fuzz"
}

seed() {
    local target="$1" module entry ext
    read -r module entry ext <<<"$(module_of "$target")"
    local corpus="$out/corpus/$target"
    mkdir -p "$corpus"
    # Its inputs are programs that make a project: 64 fixed pseudo-random ones to start from.
    if [ "$target" = shared ]; then
        python3 -c 'import random,sys
r = random.Random(33)
for i in range(64): open(sys.argv[1] + "/seed-%02d" % i, "wb").write(bytes(r.randrange(256) for _ in range(r.randrange(8, 96))))' "$corpus"
        echo "$target corpus: $(ls "$corpus" | wc -l) files" >&2
        return
    fi
    # Copy small files only (big ones slow every execution); names are content hashes so a
    # second seeding adds nothing twice.
    local dirs=("$root/Samples" "$root/Tests")
    for d in "$shared/corpus" "$shared/goldens" "$shared/goldens-compile" "$shared/goldens-xliff"; do
        [ -d "$d" ] && dirs+=("$d")
    done
    [ -d "$shared/corpus" ] || echo "note: $shared/corpus not found; seeding from the repo only" >&2
    # Project files are seeded whatever their size (the run's -max_len is the largest one's).
    local size=(-size -"$seed_max_bytes"c)
    if [ "$target" = pbxproj ]; then
        dirs=("$root/Samples" "$root/Tests")
        [ -d "$shared" ] && dirs+=("$shared")
        size=()
    fi
    find "${dirs[@]}" -type f -name "*.$ext" "${size[@]}" -print0 |
        while IFS= read -r -d '' f; do
            cp "$f" "$corpus/seed-$(sha1sum "$f" | cut -c1-16)"
        done
    # Language codes, each with a source language after a 0xFF byte: tags, paths, control characters.
    if [ "$target" = hostile-codes ]; then
        python3 -c 'import sys
codes = [b"de", b"zh-Hant-HK", b"es-419", b"en-GB-instukhe", b"English", b"pt_BR", b"../victim/de", b"a/b", b"x\ny", b"",
         b".", b"..", b"de.lproj", b"/etc", b"de\x00", b"de/../..", b"\\..\\x", b"%2e%2e", b"de-", b"-de", b"\xc3\xa9s"]
for i, code in enumerate(codes):
    open(sys.argv[1] + "/codes-%02d" % i, "wb").write(code + b"\xff" + codes[(i * 7) % len(codes)])' "$corpus"
    fi
    # Input nested 50,000 deep in every form the target reads (issue 17).
    python3 "$here/deep-seeds.py" "$target" "$corpus"
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
    # -max_len: 64 KiB, or the largest seed when it is larger (real project files reach 2.6 MB,
    # and the deep seeds a few hundred KB), so that no seed is cut.
    local max_len
    max_len=$(find "$out/corpus/$target" -type f -printf '%s\n' | sort -n | tail -1)
    [ "${max_len:-0}" -gt 65536 ] || max_len=65536
    "$out/bin/$target-fuzz" "$out/corpus/$target" \
        -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len="$max_len" \
        -artifact_prefix="$out/crashes/$target/" -print_final_stats=1 >"$log" 2>&1 && status=0 || status=$?
    tail -25 "$log"
    echo "$target: fuzzer exit status $status" >&2
}

[ $# -eq 2 ] || usage
case "$1" in
    build) build "$2" ;;
    all)
        for t in strings stringsdict catalog pbxproj shared hostile-codes xliff-import; do run "$t" "$2"; done ;;
    *) run "$1" "$2" ;;
esac
