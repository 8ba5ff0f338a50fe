#!/usr/bin/env bash
# Fails each `stat` of a migration of the sample in turn with an errno, and checks the outcome.
#
#   Tests/IOFaults/inject-stat-errors.sh [STRINGCAT] [ERRNO] [FIRST] [LAST]
#
# STRINGCAT: the binary (default .build/debug/stringcat); ERRNO: EIO (default), ESTALE, EACCES…
# For N = FIRST..LAST (default: 1 .. the number of newfstatat/statx calls an uninjected run
# makes), runs `stringcat migrate COPY --delete-legacy` on a fresh copy of Samples/LegacyApp under
#   strace -f -e inject=newfstatat,statx:error=ERRNO:when=N
# (glibc's stat, lstat and fstatat are the newfstatat syscall here; strace counts each thread's
# calls apart, so run N fails the Nth call of every thread), and sorts each run:
#   same   exit 0, and the tree is byte for byte what an uninjected run leaves;
#   stop   exit non-zero, and the tree is byte for byte as it was (nothing written or deleted);
#   BAD    anything else (printed with the run's stderr: the fault this script exists to find).
# Needs strace (apt-get install strace). Prints one line per run and a summary; exit 1 on a BAD.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
tool="$(realpath "${1:-$root/.build/debug/stringcat}")"
errno_name="${2:-EIO}"
command -v strace >/dev/null || { echo "strace is not installed (apt-get install strace)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
sample="$root/Samples/LegacyApp"

# A tree's content: every path with its kind and bytes (no times, no lock files).
snapshot() { (cd "$1" && find . -path ./.stringcat.lock -prune -o -print0 | sort -z | xargs -0 -I{} sh -c 'if [ -d "{}" ]; then echo "D {}"; else echo "F {} $(sha256sum < "{}" | cut -c1-16)"; fi'); }

cp -r "$sample" "$work/original"
snapshot "$work/original" >"$work/original.txt"
cp -r "$sample" "$work/clean"
strace -f -o "$work/count.txt" -e trace=newfstatat,statx "$tool" migrate "$work/clean" --delete-legacy >/dev/null 2>&1
clean_status=$?
[ "$clean_status" = 0 ] || { echo "the uninjected run failed ($clean_status)" >&2; exit 2; }
snapshot "$work/clean" | sed "s#$work/clean#TREE#g" >"$work/clean.txt"
calls=$(grep -c -E 'newfstatat|statx' "$work/count.txt")
first="${3:-1}"
last="${4:-$calls}"
echo "uninjected run: exit 0, $calls stat calls; injecting $errno_name at calls $first..$last"
same=0 stop=0 bad=0
for n in $(seq "$first" "$last"); do
    rm -rf "$work/run"
    cp -r "$sample" "$work/run"
    strace -f -o /dev/null -e trace=newfstatat,statx -e inject=newfstatat,statx:error="$errno_name":when="$n" \
        "$tool" migrate "$work/run" --delete-legacy >"$work/out.txt" 2>"$work/err.txt"
    status=$?
    snapshot "$work/run" | sed "s#$work/run#TREE#g" >"$work/run.txt"
    if [ "$status" = 0 ] && cmp -s "$work/run.txt" "$work/clean.txt"; then
        same=$((same + 1)); verdict=same
    elif [ "$status" != 0 ] && [ "$status" -lt 128 ] && cmp -s "$work/run.txt" "$work/original.txt"; then
        stop=$((stop + 1)); verdict=stop
    else
        bad=$((bad + 1)); verdict=BAD
    fi
    echo "$n $verdict exit=$status $(grep -m1 -E 'error' "$work/err.txt" | cut -c1-200)"
    if [ "$verdict" = BAD ]; then
        diff "$work/clean.txt" "$work/run.txt" | head -20 | sed 's/^/    /'
        sed 's/^/    stderr: /' "$work/err.txt" | head -10
    fi
done
echo "$((last - first + 1)) runs: $same as uninjected, $stop stopped with the tree as it was, $bad BAD"
[ "$bad" = 0 ]
