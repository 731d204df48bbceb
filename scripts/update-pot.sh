#!/bin/sh
# Regenerates po/photopick.pot from the Swift sources, the desktop file and the metainfo.
#
# xgettext 0.21 has no Swift parser. Swift's calls `tr("…")`, `trn("…", "…", n)` and
# `N_("…")` read the same as C calls, so xgettext's C parser extracts them — as long as each
# message is one plain literal: no "\(…)" interpolation (placeholders are %s / %1$s and filled
# by Translation.fill), no multi-line or raw literals, no concatenation. scripts/i18n-check.py
# enforces that and runs first, so a message the C parser would misread stops the build of
# the template instead of silently going missing. Comments starting "TRANSLATORS:" on the
# lines before a call reach the translators.
#
# Messages are plain literals with %s / %1$s placeholders; counts use trn (ngettext), and
# dates are g_date_time_format() formats translated as messages (TRANSLATORS comments say so).
set -eu
cd "$(dirname "$0")/.."
python3 scripts/i18n-check.py Sources
# The Swift files that call a keyword, in a stable order (po/POTFILES is this list).
grep -rlE '(^|[^A-Za-z0-9_])(tr|trn|N_)\(' --include='*.swift' Sources | LC_ALL=C sort > po/POTFILES
printf '%s\n' data/io.github.photopick.PhotoPick.desktop.in data/io.github.photopick.PhotoPick.metainfo.xml.in >> po/POTFILES
# The C lexer must not see Swift-only literals (multi-line """, raw #"…"#, "\(…)"): it would
# misread the rest of the file. It reads a copy of each file, line for line the same, with
# those literals blanked (the code of an interpolation kept), made by i18n-check.py --c-view.
view=$(mktemp -d)
trap 'rm -rf "$view"' EXIT
grep '\.swift$' po/POTFILES > "$view/files"
tr '\n' '\0' < "$view/files" | xargs -0 python3 scripts/i18n-check.py --c-views "$view"
xgettext --language=C --from-code=UTF-8 --keyword= --keyword=tr --keyword=trn:1,2 --keyword=N_ \
	--add-comments=TRANSLATORS: --sort-by-file --package-name=photopick \
	--msgid-bugs-address=https://github.com/photopick/photopick/issues \
	--directory="$view" --files-from="$view/files" -o po/swift.pot
xgettext --from-code=UTF-8 --language=Desktop --keyword= --keyword=Name --keyword=GenericName \
	--keyword=Comment --keyword=Keywords \
	-o po/desktop.pot data/io.github.photopick.PhotoPick.desktop.in
xgettext --from-code=UTF-8 --its=/usr/share/gettext/its/metainfo.its \
	-o po/metainfo.pot data/io.github.photopick.PhotoPick.metainfo.xml.in
msgcat --use-first -o po/photopick.pot po/swift.pot po/desktop.pot po/metainfo.pot
rm -f po/swift.pot po/desktop.pot po/metainfo.pot
echo "po/photopick.pot: $(grep -c '^msgid "' po/photopick.pot) messages (the first is the header)"
