#!/bin/sh
# make test-unit's runner: the XCTest classes of the test modules PATTERN matches, in
# batches, JOBS XCTest processes side by side (default: one per core).
#
# `swift test` runs every test in one process, one after another, and many tests spend
# their time waiting (for a watcher's quiet period, a worker, a program they started);
# `swift test --parallel` starts a process per test method, which costs more than a
# thousand small tests take. Here each batch of classes is one XCTest run, started from
# the test bundle directly (SwiftPM allows one `swift test` per .build at a time).
#
# The slowest classes start first, each in a batch of its own; the quick ones go a few to a
# batch (about 3 s of tests or 8 classes). How long each class took is kept beside the
# bundle for the next run; a class not timed yet counts 1 s.
#
# Each batch's output is printed whole when the batch ends; the failures and the totals
# are printed again at the end. Exits 1 when a test failed or a batch did not finish.
#
# Usage: scripts/test-in-parallel.sh XCTEST_BUNDLE 'ModuleTests|OtherTests' [JOBS]
set -eu

if [ "${1:-}" = --batch ]; then
	# One batch (xargs runs these): OUT_DIR BUNDLE Module.Class,Module.Class,...
	out=$2 bundle=$3 classes=$4
	log=$(mktemp "$out/batch.XXXXXX")
	status=0
	"$bundle" "$classes" > "$log" 2>&1 || status=$?
	echo "$status $classes" > "$log.status"
	# Each class's time, from the line after its suite's end: "Executed N tests, … in T (T) seconds".
	awk -v classes="$classes" '
		BEGIN { n = split(classes, q, ","); for (i = 1; i <= n; i++) { s = q[i]; sub(/^[^.]*\./, "", s); full[s] = q[i] } }
		/^Test Suite .* (passed|failed) at / { split($0, p, "\047"); ended = p[2]; next }
		ended != "" && /Executed/ {
			if (ended in full) { t = $0; sub(/.* in /, "", t); sub(/ .*/, "", t); print t, full[ended] }
			ended = ""
		}' "$log" > "$log.times"
	flock "$out/lock" cat "$log"
	exit 0
fi

bundle=$1
pattern=$2
jobs=${3:-$(nproc)}
times=${bundle%/*}/test-class-times
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

"$bundle" --list-tests | sed -En 's#^(('"$pattern"')\.[A-Za-z0-9_]*)/.*#\1#p' | sort -u > "$out/classes"
[ -s "$out/classes" ] || { echo "test-in-parallel: no test class matches '$pattern'" >&2; exit 1; }
[ -f "$times" ] || : > "$times"

awk 'FILENAME == ARGV[1] { t[$2] = $1; next } { print (($1 in t) ? t[$1] : 1), $1 }' "$times" "$out/classes" |
	sort -k1,1gr -k2 |
	awk '{ if (n > 0 && (sum + $1 > 3 || n >= 8)) { print line; n = 0; sum = 0 }
	       line = (n ? line "," : "") $2; sum += $1; n++ }
	     END { if (n) print line }' > "$out/batches"
xargs -r -P "$jobs" -L 1 "$0" --batch "$out" "$bundle" < "$out/batches"

# The classes that ran keep their new times; the others, their old ones.
cat "$out"/batch.*.times | awk '{ t[$2] = $1 } END { for (c in t) print t[c], c }' "$times" - |
	sort -k2 > "$out/times" && cp "$out/times" "$times"

echo
echo "==== $(wc -l < "$out/classes") test classes in $(wc -l < "$out/batches") batches, $jobs at a time"
failed=0
for status in "$out"/batch.*.status; do
	read -r code classes < "$status"
	[ "$code" = 0 ] && continue
	failed=1
	echo "==== exit status $code: $classes"
done
logs=$(ls "$out"/batch.* | grep -v '\.status$' | grep -v '\.times$')
# shellcheck disable=SC2086 # the logs' names have no spaces (mktemp)
grep -h 'error: ' $logs || true
awk '/^\t Executed [0-9]+ tests?, with/ { last[FILENAME] = $0 }
	END {
		for (f in last) {
			n = split(last[f], w, " ")
			tests += w[2]
			if (last[f] ~ /skipped/) { skipped += w[5]; failures += w[9] } else failures += w[5]
		}
		printf "==== Executed %d tests, with %d skipped and %d failures\n", tests, skipped, failures
	}' $logs
exit $failed
