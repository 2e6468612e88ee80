#ifndef BUOY_KWIN_FAKE_INPUT_H
#define BUOY_KWIN_FAKE_INPUT_H

/* Hand-written, not generated: see wayland-interfaces.h in CWaylandProtocols for why
 * interfaces are bound through accessors. */

#include <wayland-client.h>

#include "fake-input-client-protocol.h"

static inline const struct wl_interface *buoy_org_kde_kwin_fake_input_interface(void) { return &org_kde_kwin_fake_input_interface; }

#endif
