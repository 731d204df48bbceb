#!/bin/sh
# The folders `make install` makes, so that `make uninstall` removes those and no others.
#
#   installed-folders.sh make   DESTDIR RECORD FOLDER…   make each FOLDER (and its missing
#                                                        parents), adding those it made to RECORD
#   installed-folders.sh remove DESTDIR RECORD           remove RECORD, then each folder it
#                                                        names that is empty now, deepest first
#
# FOLDER and RECORD are paths as installed (under PREFIX, without DESTDIR); RECORD holds one
# per line. A folder that was there before the install is never in RECORD, so it stays even
# when empty (/usr/local/share/man on Debian); one that holds another program's files by now
# is not empty, so it stays too. A reinstall keeps what the first install recorded.
set -eu
mode=$1 destdir=$2 record=$3
shift 3

case $mode in
make)
	made=$(mktemp)
	trap 'rm -f "$made"' EXIT
	for folder in "$@"; do
		case $folder in
		/*) ;;
		*) echo "installed-folders.sh: not an absolute path: $folder" >&2; exit 2 ;;
		esac
		# The missing ones, from the top down.
		missing='' f=$folder
		while [ "$f" != / ] && [ ! -d "$destdir$f" ]; do
			missing="$f
$missing"
			f=$(dirname "$f")
		done
		printf '%s' "$missing" | while IFS= read -r f; do
			[ -n "$f" ] || continue
			mkdir -m 755 "$destdir$f"
			printf '%s\n' "$f" >> "$made"
		done
	done
	# Written beside itself, then renamed: a half-written record would lose what the last
	# install made.
	mkdir -p "$(dirname "$destdir$record")"
	{ [ ! -f "$destdir$record" ] || cat "$destdir$record"; cat "$made"; } | LC_ALL=C sort -u > "$destdir$record.new"
	chmod 644 "$destdir$record.new"
	mv -f "$destdir$record.new" "$destdir$record"
	;;
remove)
	[ -f "$destdir$record" ] || exit 0
	folders=$(LC_ALL=C sort -r "$destdir$record")
	rm -f "$destdir$record"
	# Reverse order puts a folder's children before it.
	printf '%s\n' "$folders" | while IFS= read -r f; do
		case $f in /?*) ;; *) continue ;; esac
		if [ -d "$destdir$f" ] && [ ! -L "$destdir$f" ]; then rmdir --ignore-fail-on-non-empty "$destdir$f"; fi
	done
	;;
*)
	echo "usage: installed-folders.sh make|remove DESTDIR RECORD [FOLDER…]" >&2
	exit 2
	;;
esac
