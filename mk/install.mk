# Installation: `make install` and `make uninstall`, honouring PREFIX and
# DESTDIR (`make install DESTDIR=pkg PREFIX=/usr`), and `make man`, which
# renders the scdoc pages into .build/man/. `make` builds everything that
# `install` copies; `install` only copies, so it runs under sudo, whose PATH
# has no Swift, and leaves nothing owned by root in .build/.
SCDOC ?= scdoc
INSTALL ?= install
# A PREFIX of ~/.local that the shell passed on as written (zsh, dash).
override PREFIX := $(patsubst ~/%,$(HOME)/%,$(PREFIX))
bindir ?= $(PREFIX)/bin
# buoy looks for its drawing helper beside itself, then in ../libexec/buoy
# from its own directory: keep the two where $(PREFIX) puts them.
libexecdir ?= $(PREFIX)/libexec
mandir ?= $(PREFIX)/share/man
docdir ?= $(PREFIX)/share/doc/buoy
datadir ?= $(PREFIX)/share
# systemd looks for a user's own units in ~/.local/share/systemd/user, not
# under ~/.local/lib.
userunitdir ?= $(if $(filter $(HOME)/%,$(PREFIX)),$(datadir)/systemd/user,$(PREFIX)/lib/systemd/user)
bashcompdir ?= $(datadir)/bash-completion/completions
# Debian's zsh searches $(datadir)/zsh/vendor-completions instead (make deb).
zshcompdir ?= $(datadir)/zsh/site-functions
fishcompdir ?= $(datadir)/fish/vendor_completions.d

MAN_OUT := .build/man
MAN_PAGES := $(MAN_OUT)/buoy.1 $(MAN_OUT)/buoy.5
# What the commands of a unit-started buoy need from the session (swaymsg its
# SWAYSOCK, hyprctl its HYPRLAND_INSTANCE_SIGNATURE), imported as sway's and
# Hyprland's own docs do; `install` says so, and README and buoy(1) repeat it.
SESSION_ENV := WAYLAND_DISPLAY SWAYSOCK HYPRLAND_INSTANCE_SIGNATURE XDG_CURRENT_DESKTOP

# Everything `install` writes, and so everything `uninstall` removes.
INSTALLED_FILES := \
	$(bindir)/buoy \
	$(libexecdir)/buoy/buoy-draw \
	$(mandir)/man1/buoy.1 \
	$(mandir)/man5/buoy.5 \
	$(docdir)/config.toml \
	$(docdir)/phone.toml \
	$(docdir)/touch-desktop.toml \
	$(docdir)/two-buttons.toml \
	$(docdir)/buoy.desktop \
	$(datadir)/applications/buoy.desktop \
	$(userunitdir)/buoy.service \
	$(bashcompdir)/buoy \
	$(zshcompdir)/_buoy \
	$(fishcompdir)/buoy.fish

.PHONY: man install uninstall

man: $(MAN_PAGES)

$(MAN_OUT)/%: docs/%.scd
	@mkdir -p $(MAN_OUT)
	$(SCDOC) < $< > $@.tmp
	@mv $@.tmp $@

install:
	@:$(foreach built,$(RELEASE)/buoy $(RELEASE)/buoy-draw $(MAN_PAGES),$(if $(wildcard $(built)),,$(error \
		$(built) is missing: run `make` first (as yourself), then `make install`)))
	$(INSTALL) -Dm755 $(RELEASE)/buoy $(DESTDIR)$(bindir)/buoy
	$(INSTALL) -Dm755 $(RELEASE)/buoy-draw $(DESTDIR)$(libexecdir)/buoy/buoy-draw
	$(INSTALL) -Dm644 $(MAN_OUT)/buoy.1 $(DESTDIR)$(mandir)/man1/buoy.1
	$(INSTALL) -Dm644 $(MAN_OUT)/buoy.5 $(DESTDIR)$(mandir)/man5/buoy.5
	$(INSTALL) -Dm644 examples/config.toml $(DESTDIR)$(docdir)/config.toml
	$(INSTALL) -Dm644 examples/phone.toml $(DESTDIR)$(docdir)/phone.toml
	$(INSTALL) -Dm644 examples/touch-desktop.toml $(DESTDIR)$(docdir)/touch-desktop.toml
	$(INSTALL) -Dm644 examples/two-buttons.toml $(DESTDIR)$(docdir)/two-buttons.toml
	# An XDG autostart example, not enabled: see docs/compositors.md, Phones.
	$(INSTALL) -Dm644 examples/buoy.desktop $(DESTDIR)$(docdir)/buoy.desktop
	# KWin reads it to offer buoy its fake input (the click types and keys on KDE Plasma).
	$(INSTALL) -d $(DESTDIR)$(datadir)/applications
	sed 's|@BINDIR@|$(bindir)|g' packaging/buoy.desktop.in > $(DESTDIR)$(datadir)/applications/buoy.desktop
	chmod 644 $(DESTDIR)$(datadir)/applications/buoy.desktop
	$(INSTALL) -d $(DESTDIR)$(userunitdir)
	sed 's|@BINDIR@|$(bindir)|g' packaging/buoy.service > $(DESTDIR)$(userunitdir)/buoy.service
	chmod 644 $(DESTDIR)$(userunitdir)/buoy.service
	$(INSTALL) -Dm644 completions/buoy.bash $(DESTDIR)$(bashcompdir)/buoy
	$(INSTALL) -Dm644 completions/_buoy $(DESTDIR)$(zshcompdir)/_buoy
	$(INSTALL) -Dm644 completions/buoy.fish $(DESTDIR)$(fishcompdir)/buoy.fish
	$(if $(DESTDIR),,@printf '%s\n' \
		"buoy: to run it as a systemd user service, give the user manager your session's environment" \
		"first, from your compositor's config (its commands need it: swaymsg, hyprctl):" \
		"  systemctl --user import-environment $(SESSION_ENV)" \
		"or: dbus-update-activation-environment --systemd --all; then: systemctl --user enable --now buoy")
	$(if $(DESTDIR),,$(if $(filter $(HOME)/%,$(zshcompdir)),@printf '%s\n' \
		"buoy: zsh does not look in $(zshcompdir): for its completions add this line to ~/.zshrc before compinit:" \
		"  fpath=($(zshcompdir) \$$fpath)"))

# Removes only what `install` wrote; of the directories, only the doc and
# libexec ones are buoy's own, and they go only when empty.
uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED_FILES))
	for dir in $(DESTDIR)$(docdir) $(DESTDIR)$(libexecdir)/buoy; do \
		[ ! -d $$dir ] || rmdir --ignore-fail-on-non-empty $$dir; done
