#!/bin/sh
# Writes the template of every message the judge can print (a .pot file) from its sources:
# xgettext reads each tr, N_, trf, trn and trc call, and each message kept to be shown later,
# said, saidn and saidc (core/words.h), with the same keywords for `make po` and for the test
# that finds a message without its Chinese (judge/translation_test.cpp).
# Usage, from the repository's root: po/extract.sh OUT.pot
set -e
out=${1:?usage: po/extract.sh OUT.pot}
case $out in /*) ;; *) out=$(pwd)/$out;; esac
cd "$(dirname "$0")/.."
ls core/*.cpp judge/*.cpp judge/*/*.cpp history/*.cpp | grep -v '_test\.cpp$' | grep -v '^judge/fixtures/' > "$out.files"
xgettext --from-code=UTF-8 --language=C++ --keyword= --keyword=tr --keyword=N_ --keyword=trf \
  --keyword=trn:1,2 --keyword=trc:1c,2 --keyword=said --keyword=saidn:1,2 --keyword=saidc:1c,2 \
  --flag=trf:1:c-format --flag=trn:1:c-format --flag=trn:2:c-format --flag=trc:2:c-format \
  --flag=said:1:c-format --flag=saidn:1:c-format --flag=saidn:2:c-format --flag=saidc:2:c-format \
  --package-name=sudoku-judge --msgid-bugs-address=https://github.com/ --sort-by-file --add-location=file --add-comments=TRANSLATORS: \
  --files-from="$out.files" -o "$out"
rm -f "$out.files"
