#!/usr/bin/env bash
# Pick photos with photopick and copy them into a folder.
#
#   examples/pick-photos.sh DEST [FOLDER…]
#
# Any file name works, even one with a newline or bytes that are not UTF-8: --print0
# ends every path with a NUL byte, the one byte a path cannot contain, and `read -d ''`
# splits on it. `cp --` keeps a name that starts with a dash from reading as an option.
set -euo pipefail

photopick=${PHOTOPICK:-photopick}
dest=${1:?usage: pick-photos.sh DEST [FOLDER…]}
shift
mkdir -p -- "$dest"

picked=$(mktemp)
trap 'rm -f -- "$picked"' EXIT

status=0
"$photopick" --print0 --type photos --title "Pick photos to copy" --accept-label "_Copy to Folder" "$@" \
  >"$picked" || status=$?
case $status in
  0) ;;
  1) echo "Nothing picked." >&2; exit 1 ;;
  *) exit "$status" ;;  # photopick said why on stderr
esac

count=0
while IFS= read -r -d '' file; do
  # Same name from two folders: keep both (file, file.~1~).
  cp -p --backup=numbered -- "$file" "$dest/"
  count=$((count + 1))
done <"$picked"
echo "Copied $count photo(s) to $dest"
