#!/usr/bin/env bash
# Kills (or fails with an errno) `stringcat import` and `stringcat export` at every Nth call of the
# system calls that write, then runs the same command again, and checks what is left.
#
#   Tests/IOFaults/inject-exchange-faults.sh [STRINGCAT] [MODE] [SCENARIOS] [ERRNO]
#
# STRINGCAT: the binary (default .build/release/stringcat). MODE: kill (SIGKILL, default) or errno.
# SCENARIOS: a comma-separated list of import, export-new, export-replace (default all three):
#   import          `import X/de.xcloc X/ja.xcloc --project P`, where P is Samples/LegacyApp migrated
#                   and X its export with a translation changed in each of P's three catalogs;
#   export-new      `export P --output Out/new` into a folder that does not exist yet;
#   export-replace  `export P2 --output Out --force` over an export of P, P2 being P after the import
#                   (every package file is replaced: previous versions are kept aside, then removed).
# ERRNO (mode errno): the errno every call fails with (default EIO).
#
# The calls: write pwrite64 openat rename renameat renameat2 link linkat unlink unlinkat mkdir
# mkdirat rmdir fsync fdatasync ftruncate fchmod fchmodat fchown fchownat fsetxattr setxattr
# lsetxattr flock. For each of them that an uninjected run makes, and each N from 1 to the most
# calls of it one thread makes, a run stops (or fails) the Nth call of it in each thread
# (`-e inject=CALL:signal=KILL:when=N`, or `:error=ERRNO:when=N`; strace counts each thread apart).
# Each run is then sorted:
#   kill mode   the killed run: `torn` if a file of the tree is neither as it was before nor as an
#               uninjected run leaves it (a half-written file); then the same command again:
#               `stuck` if it exits non-zero, `left` if stringcat's hidden files (.stringcat-…tmp,
#               .old, .stringcat.lock) remain anywhere or the tree differs from an uninjected run's;
#               else `ok`.
#   errno mode  the failed run: `same` (exit 0, the tree of an uninjected run), `stop` (exit
#               non-zero, the tree as it was), `said` (exit 1 and every file of stringcat's left is
#               named on stderr), else `BAD`; then the same command again, `stuck` or `left` as above.
# Needs strace (apt-get install strace). Prints one line per run that is not `ok`/`same`/`stop`, and
# a summary per scenario; exit 1 when any run is torn, stuck, left or BAD.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
tool="$(realpath "${1:-$root/.build/release/stringcat}")"
mode="${2:-kill}"
scenarios="${3:-import,export-new,export-replace}"
errno_name="${4:-EIO}"
command -v strace >/dev/null || { echo "strace is not installed (apt-get install strace)" >&2; exit 2; }
[ "$mode" = kill ] || [ "$mode" = errno ] || { echo "MODE is kill or errno" >&2; exit 2; }
calls="write,pwrite64,openat,rename,renameat,renameat2,link,linkat,unlink,unlinkat,mkdir,mkdirat,rmdir,fsync,fdatasync,ftruncate,fchmod,fchmodat,fchown,fchownat,fsetxattr,setxattr,lsetxattr,flock"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# A tree's content: every path with its kind and bytes (no times).
snapshot() {
    (cd "$1" && {
        find . -mindepth 1 -type d | sed 's/^/D /'
        find . -mindepth 1 ! -type d -print0 | xargs -0 -r sha256sum | sed -E 's/^([0-9a-f]{16})[0-9a-f]*  (.*)$/F \2 \1/'
    } | LC_ALL=C sort)
}
# stringcat's own hidden files under a tree.
hidden() { (cd "$1" && find . \( -name '.*.stringcat-*.tmp' -o -name '.*.stringcat-*.old' -o -name '.stringcat.lock' \) -print | sort); }

# The templates: P migrated, X its export with a changed translation per catalog, Out an export
# of P, P2 = P after the import.
template="$work/template"
mkdir -p "$template"
cp -r "$root/Samples/LegacyApp" "$template/P"
"$tool" migrate "$template/P" --quiet >/dev/null || { echo "migrate failed" >&2; exit 2; }
"$tool" export "$template/P" --output "$template/X" --quiet >/dev/null || { echo "export failed" >&2; exit 2; }
python3 - "$template/X" <<'EOF'
import re, sys
for language in ("de", "ja"):
    path = f"{sys.argv[1]}/{language}.xcloc/Localized Contents/{language}.xliff"
    text = open(path, encoding="utf-8").read()
    blocks = text.split("<file ")
    for i in range(1, len(blocks)):
        blocks[i] = re.sub(r"(<target[^>]*>)([^<]+)(</target>)", r"\1\2 (2)\3", blocks[i], count=1)
    open(path, "w", encoding="utf-8").write("<file ".join(blocks))
EOF
cp -r "$template/P" "$template/P2"
"$tool" import "$template/X/de.xcloc" "$template/X/ja.xcloc" --project "$template/P2" --quiet >/dev/null \
    || { echo "import failed" >&2; exit 2; }
"$tool" export "$template/P" --output "$template/Out" --quiet >/dev/null || { echo "export failed" >&2; exit 2; }

# setup SCENARIO DIR: a fresh tree for one run; run SCENARIO DIR [STRACE-ARGS...]: the command.
setup() {
    rm -rf "$2"; mkdir -p "$2"
    case "$1" in
        import) cp -r "$template/P" "$template/X" "$2/" ;;
        export-new) cp -r "$template/P" "$2/"; mkdir "$2/Out" ;;
        export-replace) cp -r "$template/P2" "$template/Out" "$2/" ;;
    esac
}
command_of() {
    case "$1" in
        import) echo "import $2/X/de.xcloc $2/X/ja.xcloc --project $2/P" ;;
        export-new) echo "export $2/P --output $2/Out/new" ;;
        export-replace) echo "export $2/P2 --output $2/Out --force" ;;
    esac
}

failed=0
for scenario in ${scenarios//,/ }; do
    # The tree before, and the tree an uninjected run leaves.
    setup "$scenario" "$work/before"
    snapshot "$work/before" >"$work/before.txt"
    setup "$scenario" "$work/clean"
    # shellcheck disable=SC2046
    strace -f -qq -o "$work/count.txt" -e trace="$calls" "$tool" $(command_of "$scenario" "$work/clean") >/dev/null 2>&1 \
        || { echo "$scenario: the uninjected run failed" >&2; exit 2; }
    snapshot "$work/clean" >"$work/clean.txt"
    # The most calls one thread makes (strace counts each thread apart).
    # Per call, the most one thread makes (strace counts each call and each thread apart):
    # "write 60", "rename 6", …
    grep -v 'resumed>' "$work/count.txt" | sed -E 's/^([0-9]+) +([a-z0-9_]+)\(.*/\1 \2/' | sort | uniq -c \
        | awk '{ if ($1 > most[$3]) most[$3] = $1 } END { for (c in most) print c, most[c] }' | sort >"$work/calls.txt"
    total=$(grep -vc 'resumed>' "$work/count.txt")
    echo "$scenario: uninjected run: $total calls ($(tr '\n' ' ' <"$work/calls.txt")); $mode at each"
    runs=0 torn=0 stuck=0 left=0 same=0 stop=0 said=0 bad=0
    while read -r call most <&3; do
    for n in $(seq 1 "$most"); do
        runs=$((runs + 1))
        setup "$scenario" "$work/run"
        if [ "$mode" = kill ]; then
            inject="inject=$call:signal=KILL:when=$n"
        else
            inject="inject=$call:error=$errno_name:when=$n"
        fi
        # In a subshell whose own stderr is dropped (the shell's "Killed" line about the run is
        # noise), which writes the run's exit status.
        # shellcheck disable=SC2046
        ( strace -f -qq -o /dev/null -e trace="$calls" -e "$inject" "$tool" $(command_of "$scenario" "$work/run") \
            >"$work/out.txt" 2>"$work/err.txt"; echo $? >"$work/status.txt" ) 2>/dev/null
        status=$(cat "$work/status.txt")
        # Paths in the trees compare whatever folder the run had.
        snapshot "$work/run" >"$work/after.txt"
        # For the errno verdicts, without a lock file whose removal failed (see below).
        grep -v '/\.stringcat\.lock ' "$work/after.txt" >"$work/after-nolock.txt"
        verdict=ok
        if [ "$mode" = kill ]; then
            # Every file is as it was, or as an uninjected run leaves it (or one of stringcat's own).
            # (Lines are "F PATH HASH"; a path may hold spaces: "Localized Contents".)
            while IFS= read -r line; do
                [ "${line%% *}" = F ] || continue
                path="${line#F }"; path="${path% *}"
                case "$(basename "$path")" in .*.stringcat-*|.stringcat.lock) continue ;; esac
                if ! grep -qxF "$line" "$work/before.txt" && ! grep -qxF "$line" "$work/clean.txt"; then
                    verdict=torn; echo "$scenario $call#$n torn: $path"
                fi
            done <"$work/after.txt"
            [ "$verdict" = torn ] && torn=$((torn + 1))
        else
            if [ "$status" = 0 ] && cmp -s "$work/after-nolock.txt" "$work/clean.txt"; then
                verdict=same; same=$((same + 1))
            elif [ "$status" != 0 ] && [ "$status" -lt 128 ] && cmp -s "$work/after-nolock.txt" "$work/before.txt"; then
                verdict=stop; stop=$((stop + 1))
            else
                # Exit 1, and each hidden file left is named (the run says what to delete).
                verdict=said
                [ "$status" = 1 ] || verdict=BAD
                # (A lock file whose removal failed is not named: the next run takes it over and
                # removes it, which the re-run below checks.)
                while IFS= read -r file; do
                    grep -qF "$work/run/${file#./}" "$work/err.txt" || verdict=BAD
                done < <(hidden "$work/run" | grep -v '/\.stringcat\.lock$')
                if [ "$verdict" = said ] && [ -z "$(hidden "$work/run" | grep -v '/\.stringcat\.lock$')" ]; then
                    # Nothing left behind: the tree is the uninjected one (written, a later step failed).
                    cmp -s "$work/after-nolock.txt" "$work/clean.txt" || verdict=BAD
                fi
                if [ "$verdict" = said ]; then said=$((said + 1)); else bad=$((bad + 1)); fi
            fi
            if [ "$verdict" = BAD ]; then
                echo "$scenario $call#$n BAD exit=$status $(grep -m1 error "$work/err.txt" | cut -c1-200)"
                diff "$work/clean.txt" "$work/after.txt" | head -10 | sed 's/^/    /'
            fi
        fi
        # The same command again, without faults: it finishes the job and leaves nothing.
        # shellcheck disable=SC2046
        "$tool" $(command_of "$scenario" "$work/run") >"$work/out2.txt" 2>"$work/err2.txt"
        again=$?
        snapshot "$work/run" >"$work/again.txt"
        if [ "$again" != 0 ]; then
            stuck=$((stuck + 1)); echo "$scenario $call#$n stuck: exit $again $(grep -m1 error "$work/err2.txt" | cut -c1-200)"
        elif [ -n "$(hidden "$work/run")" ] || ! cmp -s "$work/again.txt" "$work/clean.txt"; then
            left=$((left + 1)); echo "$scenario $call#$n left: $(hidden "$work/run" | tr '\n' ' ')"
            diff "$work/clean.txt" "$work/again.txt" | head -6 | sed 's/^/    /'
        fi
    done
    done 3<"$work/calls.txt"
    if [ "$mode" = kill ]; then
        echo "$scenario: $runs runs killed: $torn torn; re-run: $stuck stuck, $left left behind"
    else
        echo "$scenario: $runs runs failing a call with $errno_name: $same as uninjected, $stop stopped with the tree as it was, $said wrote and named what it left, $bad BAD; re-run: $stuck stuck, $left left behind"
    fi
    [ $((torn + stuck + left + bad)) = 0 ] || failed=1
done
exit "$failed"
