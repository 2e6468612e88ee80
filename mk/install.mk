# Installation: `make install` and `make uninstall`, honouring PREFIX and
# DESTDIR (`make install DESTDIR=pkg PREFIX=/usr`), and `make man`, which
# renders the scdoc pages into .build/man/.
SCDOC ?= scdoc
INSTALL ?= install
bindir ?= $(PREFIX)/bin
mandir ?= $(PREFIX)/share/man
docdir ?= $(PREFIX)/share/doc/buoy
userunitdir ?= $(PREFIX)/lib/systemd/user
datadir ?= $(PREFIX)/share
bashcompdir ?= $(datadir)/bash-completion/completions
# Debian's zsh searches $(datadir)/zsh/vendor-completions instead (make deb).
zshcompdir ?= $(datadir)/zsh/site-functions
fishcompdir ?= $(datadir)/fish/vendor_completions.d

MAN_OUT := .build/man
MAN_PAGES := $(MAN_OUT)/buoy.1 $(MAN_OUT)/buoy.5
# The unit with @BINDIR@ filled in; a phony target, so a PREFIX that changed
# since the last install is never missed.
UNIT_OUT := .build/packaging/buoy.service

# Everything `install` writes, and so everything `uninstall` removes.
INSTALLED_FILES := \
	$(bindir)/buoy \
	$(mandir)/man1/buoy.1 \
	$(mandir)/man5/buoy.5 \
	$(docdir)/config.toml \
	$(docdir)/phone.toml \
	$(docdir)/buoy.desktop \
	$(userunitdir)/buoy.service \
	$(bashcompdir)/buoy \
	$(zshcompdir)/_buoy \
	$(fishcompdir)/buoy.fish

.PHONY: man install uninstall $(UNIT_OUT)

man: $(MAN_PAGES)

$(MAN_OUT)/%: docs/%.scd
	@mkdir -p $(MAN_OUT)
	$(SCDOC) < $< > $@.tmp
	@mv $@.tmp $@

$(UNIT_OUT): packaging/buoy.service
	@mkdir -p $(dir $@)
	sed 's|@BINDIR@|$(bindir)|g' packaging/buoy.service > $@.tmp
	@mv $@.tmp $@

install: build man $(UNIT_OUT)
	$(INSTALL) -Dm755 $(RELEASE)/buoy $(DESTDIR)$(bindir)/buoy
	$(INSTALL) -Dm644 $(MAN_OUT)/buoy.1 $(DESTDIR)$(mandir)/man1/buoy.1
	$(INSTALL) -Dm644 $(MAN_OUT)/buoy.5 $(DESTDIR)$(mandir)/man5/buoy.5
	$(INSTALL) -Dm644 examples/config.toml $(DESTDIR)$(docdir)/config.toml
	$(INSTALL) -Dm644 examples/phone.toml $(DESTDIR)$(docdir)/phone.toml
	# An XDG autostart example, not enabled: see docs/compositors.md, Phones.
	$(INSTALL) -Dm644 examples/buoy.desktop $(DESTDIR)$(docdir)/buoy.desktop
	$(INSTALL) -Dm644 $(UNIT_OUT) $(DESTDIR)$(userunitdir)/buoy.service
	$(INSTALL) -Dm644 completions/buoy.bash $(DESTDIR)$(bashcompdir)/buoy
	$(INSTALL) -Dm644 completions/_buoy $(DESTDIR)$(zshcompdir)/_buoy
	$(INSTALL) -Dm644 completions/buoy.fish $(DESTDIR)$(fishcompdir)/buoy.fish

# Removes only what `install` wrote; of the directories, only the doc one is
# buoy's own, and it goes only when empty.
uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED_FILES))
	[ ! -d $(DESTDIR)$(docdir) ] || rmdir --ignore-fail-on-non-empty $(DESTDIR)$(docdir)
