#!/usr/bin/env bash
# Prints debian/changelog for `make deb`: one entry for VERSION, dated by the last commit (so
# the same source gives the same package), naming the commit it was built from.
# Usage: scripts/debian-changelog.sh VERSION
set -euo pipefail
version=${1:?usage: scripts/debian-changelog.sh VERSION}
case $version in *[!0-9A-Za-z.+~-]*|'') echo "debian-changelog: not a Debian version: '$version'" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."
if commit=$(git rev-parse --short=12 HEAD 2>/dev/null); then
    epoch=$(git log -1 --format=%ct)
    from="commit $commit"
    git diff --quiet HEAD -- 2>/dev/null || from="$from with local changes"
else
    epoch=${SOURCE_DATE_EPOCH:-$(date +%s)}
    from="a source tree without git history"
fi
maintainer=$(sed -n 's/^Maintainer: //p' debian/control)
cat <<ENTRY
photopick ($version) unstable; urgency=medium

  * photopick $version, built from $from.

 -- $maintainer  $(LC_ALL=C date -R -u -d "@$epoch")
ENTRY
