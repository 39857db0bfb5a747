# Translations (po/README.md): the judge's words in the reader's language, GNU gettext's way. Each
# po/LANG.po is compiled by msgfmt into $(BUILD)/locale/LANG/LC_MESSAGES/sudoku-judge.mo, where
# core/words.cpp finds it (LOCALE_DIR); JUDGE_LANG=zh_CN (the judge's --lang) chooses one, else the
# user's LANGUAGE, LC_ALL, LC_MESSAGES or LANG do; JUDGE_LANG=en: English. Without msgfmt (Debian's
# gettext) the judge speaks English. `make po`: the template from the sources (po/extract.sh:
# xgettext), merged into each .po.
PO_LANGS   := $(basename $(notdir $(wildcard po/*.po)))
LOCALE_DIR := $(BUILD)/locale
CATALOGUES := $(if $(shell command -v msgfmt),$(foreach lang,$(PO_LANGS),$(LOCALE_DIR)/$(lang)/LC_MESSAGES/sudoku-judge.mo))
LANG_ARG    = $(if $(value JUDGE_LANG),--lang $(call quote,JUDGE_LANG))
$(OBJ)/core/words.o $(QUICK_OBJ)/core/words.o $(QUICK_OBJ)/core/cold-unit.o: CPPFLAGS += -DLOCALE_DIR='"$(abspath $(LOCALE_DIR))"'
# The judge and the tests speak the catalogues' words (the judge names them: judge/rules.mk).
$(BUILD)/tests: | $(CATALOGUES)

$(LOCALE_DIR)/%/LC_MESSAGES/sudoku-judge.mo: po/%.po
	@mkdir -p $(@D)
	$(call say,MSGFMT,$@)msgfmt --check -o $@ $<

po:
	@mkdir -p $(BUILD)/po
	po/extract.sh $(BUILD)/po/sudoku-judge.pot
	@for po in $(wildcard po/*.po); do msgmerge --quiet --update --backup=none $$po $(BUILD)/po/sudoku-judge.pot; done
