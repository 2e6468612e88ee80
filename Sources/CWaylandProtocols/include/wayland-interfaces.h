#ifndef BUOY_WAYLAND_INTERFACES_H
#define BUOY_WAYLAND_INTERFACES_H

/* Hand-written, not generated. Swift imports the `extern const struct
 * wl_interface` globals as values, so `&wl_compositor_interface` would point at
 * a temporary copy. libwayland keeps the pointer in the proxy, so bind through
 * these accessors, which return the real addresses. */

#include <wayland-client.h>

#include "alpha-modifier-v1-client-protocol.h"
#include "cursor-shape-v1-client-protocol.h"
#include "fractional-scale-v1-client-protocol.h"
#include "viewporter-client-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"
#include "wl-surface-v6.h"
#include "wlr-foreign-toplevel-management-unstable-v1-client-protocol.h"
#include "xdg-output-unstable-v1-client-protocol.h"
#include "phoc-device-state-unstable-v1-client-protocol.h"
#include "ext-background-effect-v1-client-protocol.h"
#include "kde-blur-client-protocol.h"
#include "virtual-keyboard-unstable-v1-client-protocol.h"
#include "kde-fake-input-client-protocol.h"

static inline const struct wl_interface *buoy_wl_compositor_interface(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *buoy_wl_subcompositor_interface(void) { return &wl_subcompositor_interface; }
static inline const struct wl_interface *buoy_wl_shm_interface(void) { return &wl_shm_interface; }
static inline const struct wl_interface *buoy_wl_seat_interface(void) { return &wl_seat_interface; }
static inline const struct wl_interface *buoy_wl_output_interface(void) { return &wl_output_interface; }
static inline const struct wl_interface *buoy_zwlr_layer_shell_v1_interface(void) { return &zwlr_layer_shell_v1_interface; }
static inline const struct wl_interface *buoy_wp_viewporter_interface(void) { return &wp_viewporter_interface; }
static inline const struct wl_interface *buoy_zxdg_output_manager_v1_interface(void) { return &zxdg_output_manager_v1_interface; }
static inline const struct wl_interface *buoy_wp_fractional_scale_manager_v1_interface(void) { return &wp_fractional_scale_manager_v1_interface; }
static inline const struct wl_interface *buoy_wp_cursor_shape_manager_v1_interface(void) { return &wp_cursor_shape_manager_v1_interface; }
static inline const struct wl_interface *buoy_wp_alpha_modifier_v1_interface(void) { return &wp_alpha_modifier_v1_interface; }
static inline const struct wl_interface *buoy_zwlr_foreign_toplevel_manager_v1_interface(void) { return &zwlr_foreign_toplevel_manager_v1_interface; }
static inline const struct wl_interface *buoy_zphoc_device_state_v1_interface(void) { return &zphoc_device_state_v1_interface; }
static inline const struct wl_interface *buoy_ext_background_effect_manager_v1_interface(void) { return &ext_background_effect_manager_v1_interface; }
static inline const struct wl_interface *buoy_org_kde_kwin_blur_manager_interface(void) { return &org_kde_kwin_blur_manager_interface; }
static inline const struct wl_interface *buoy_zwlr_virtual_pointer_manager_v1_interface(void) { return &zwlr_virtual_pointer_manager_v1_interface; }
static inline const struct wl_interface *buoy_zwp_virtual_keyboard_manager_v1_interface(void) { return &zwp_virtual_keyboard_manager_v1_interface; }

static inline const struct wl_interface *buoy_org_kde_kwin_fake_input_interface(void) { return &org_kde_kwin_fake_input_interface; }

#endif
