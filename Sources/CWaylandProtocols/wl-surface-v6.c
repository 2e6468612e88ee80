/* Hand-written, not generated: wl_surface version 6 from wayland.xml; see
 * include/wl-surface-v6.h for why. The messages and their signatures are
 * wayland.xml's, in its order. */
#include "wl-surface-v6.h"

static const struct wl_interface *types[] = {
	NULL, NULL, NULL, NULL,
	&wl_buffer_interface, NULL, NULL, /* 4: attach */
	&wl_callback_interface,           /* 7: frame */
	&wl_region_interface,             /* 8: set_opaque_region */
	&wl_region_interface,             /* 9: set_input_region */
	&wl_output_interface,             /* 10: enter */
	&wl_output_interface,             /* 11: leave */
};

static const struct wl_message requests[] = {
	{ "destroy", "", types + 0 },
	{ "attach", "?oii", types + 4 },
	{ "damage", "iiii", types + 0 },
	{ "frame", "n", types + 7 },
	{ "set_opaque_region", "?o", types + 8 },
	{ "set_input_region", "?o", types + 9 },
	{ "commit", "", types + 0 },
	{ "set_buffer_transform", "2i", types + 0 },
	{ "set_buffer_scale", "3i", types + 0 },
	{ "damage_buffer", "4iiii", types + 0 },
	{ "offset", "5ii", types + 0 },
};

static const struct wl_message events[] = {
	{ "enter", "o", types + 10 },
	{ "leave", "o", types + 11 },
	{ "preferred_buffer_scale", "6i", types + 0 },
	{ "preferred_buffer_transform", "6u", types + 0 },
};

const struct wl_interface buoy_wl_surface_v6_interface = {
	"wl_surface", 6,
	11, requests,
	4, events,
};
