#!/bin/sh
# Fuzzes photopick's parsers of untrusted input with libFuzzer and AddressSanitizer.
#
#   fuzz/fuzz.sh                      build, then run every target for FUZZ_SECONDS (60) each
#   FUZZ_SECONDS=600 fuzz/fuzz.sh     longer
#   FUZZ_TARGETS="json glob" fuzz/fuzz.sh
#
# PhotoPickCore (pure Swift) is compiled once with `swiftc -sanitize=fuzzer,address` into a
# static library; each target in fuzz/targets/ is one small executable over it. Corpora grow
# in $FUZZ_BUILD/corpus/TARGET (seeded from fuzz/seeds/TARGET); a crash, a broken invariant
# or an input slower than 5 s is saved as $FUZZ_BUILD/artifacts/TARGET-* and fails the run.
set -eu
cd "$(dirname "$0")/.."
SECONDS_EACH=${FUZZ_SECONDS:-60}
OUT=${FUZZ_BUILD:-.build/fuzz}
TARGETS=${FUZZ_TARGETS:-"request json dates file-name png-text jpeg-header paths glob video-header video-metadata"}
SWIFTC=${SWIFTC:-swiftc}
FLAGS="-O -sanitize=fuzzer,address -use-ld=lld"
mkdir -p "$OUT/lib" "$OUT/bin" "$OUT/artifacts" "$OUT/logs"

# The core library, rebuilt when any of its sources is newer.
CORE_SOURCES=$(find Sources/PhotoPickCore -name '*.swift' | sort)
if [ ! -f "$OUT/lib/libPhotoPickCore.a" ] || [ -n "$(find Sources/PhotoPickCore -name '*.swift' -newer "$OUT/lib/libPhotoPickCore.a")" ]; then
    echo "fuzz: building PhotoPickCore with libFuzzer and AddressSanitizer"
    # shellcheck disable=SC2086
    "$SWIFTC" $FLAGS -enable-testing -parse-as-library -module-name PhotoPickCore \
        -emit-module -emit-module-path "$OUT/lib/PhotoPickCore.swiftmodule" \
        -emit-library -static -o "$OUT/lib/libPhotoPickCore.a" $CORE_SOURCES
fi

for target in $TARGETS; do
    bin="$OUT/bin/fuzz-$target"
    if [ ! -f "$bin" ] || [ "fuzz/targets/$target.swift" -nt "$bin" ] || [ "$OUT/lib/libPhotoPickCore.a" -nt "$bin" ]; then
        echo "fuzz: building $target"
        # shellcheck disable=SC2086
        "$SWIFTC" $FLAGS -parse-as-library -I "$OUT/lib" -L "$OUT/lib" -lPhotoPickCore \
            "fuzz/targets/$target.swift" -o "$bin"
    fi
done

status=0
printf '%-12s %12s %10s %8s %8s  %s\n' target runs exec/s cov corpus result
for target in $TARGETS; do
    corpus="$OUT/corpus/$target"
    mkdir -p "$corpus"
    dict=""
    [ -f "fuzz/dicts/$target.dict" ] && dict="-dict=fuzz/dicts/$target.dict"
    seeds=""
    [ -d "fuzz/seeds/$target" ] && seeds="fuzz/seeds/$target"
    log="$OUT/logs/$target.log"
    # shellcheck disable=SC2086
    if "$OUT/bin/fuzz-$target" -max_total_time="$SECONDS_EACH" -timeout=5 -rss_limit_mb=2048 -max_len=8192 \
        -print_final_stats=1 -artifact_prefix="$OUT/artifacts/$target-" $dict "$corpus" $seeds >"$log" 2>&1; then
        result=ok
    else
        result="FAILED (see $log and $OUT/artifacts/)"
        status=1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    files=$(find "$corpus" -type f | wc -l)
    printf '%-12s %12s %10s %8s %8s  %s\n' "$target" "${runs:-?}" "${speed:-?}" "${cov:-?}" "$files" "$result"
done
exit $status
