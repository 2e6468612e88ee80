# `make deb`: a Debian package, .build/deb/buoy_VERSION_ARCH.deb, made with
# dpkg-deb from what `make install DESTDIR=... PREFIX=/usr` writes (the man
# pages compressed, the binary stripped, a copyright and a changelog added);
# its Depends come from dpkg-shlibdeps on buoy and its drawing helper (which
# links Pango and librsvg), and lintian must find no error. An icon theme is
# a Suggests.
# There is no Swift dependency: the standard library is linked statically.
# `make deb-check` installs it with apt-get, runs it, and removes it again
# (`make test` does, as root).
DEB_OUT := .build/deb
DEB_MAINTAINER ?= buoy maintainers <maintainers@users.noreply.a-seed-b5da7179.example>

.PHONY: deps-deb deb deb-check

# Building's packages, and dpkg-dev and lintian: no compositor or test tool.
deps-deb:
	@scripts/install-deps.sh --deb

deb: deps-deb build man
	rm -rf $(DEB_OUT)/debian
	$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/$(DEB_OUT)/debian/buoy PREFIX=/usr \
		zshcompdir=/usr/share/zsh/vendor-completions
	DEB_MAINTAINER="$(DEB_MAINTAINER)" scripts/make-deb.sh $(DEB_OUT)

deb-check: deb
	scripts/check-deb.sh $(DEB_OUT)
