#ifndef BUOY_WL_SURFACE_V6_H
#define BUOY_WL_SURFACE_V6_H

/* Hand-written, not generated. Debian 12's libwayland (1.21) knows
 * wl_surface up to version 5, whose interface lists two events. Bound at
 * wl_compositor v6, a compositor also sends preferred_buffer_scale and
 * preferred_buffer_transform, and libwayland ends the connection on an event
 * its interface lacks. So every wl_surface buoy makes comes from
 * buoy_wl_compositor_create_surface, with this version 6 interface
 * (wayland.xml's wl_surface, the same name on the wire), whatever version
 * the compositor was bound at. */

#include <wayland-client.h>

extern const struct wl_interface buoy_wl_surface_v6_interface;

struct buoy_wl_surface_v6_listener {
	void (*enter)(void *data, struct wl_surface *surface, struct wl_output *output);
	void (*leave)(void *data, struct wl_surface *surface, struct wl_output *output);
	/* Since 6: the integer scale the compositor would like buffers drawn at. */
	void (*preferred_buffer_scale)(void *data, struct wl_surface *surface, int32_t factor);
	/* Since 6: a wl_output_transform the buffers would best be drawn in. */
	void (*preferred_buffer_transform)(void *data, struct wl_surface *surface, uint32_t transform);
};

static inline struct wl_surface *buoy_wl_compositor_create_surface(struct wl_compositor *compositor)
{
	struct wl_proxy *proxy = (struct wl_proxy *)compositor;
	return (struct wl_surface *)wl_proxy_marshal_flags(proxy, WL_COMPOSITOR_CREATE_SURFACE,
		&buoy_wl_surface_v6_interface, wl_proxy_get_version(proxy), 0, NULL);
}

static inline int buoy_wl_surface_v6_add_listener(struct wl_surface *surface,
	const struct buoy_wl_surface_v6_listener *listener, void *data)
{
	return wl_proxy_add_listener((struct wl_proxy *)surface, (void (**)(void))listener, data);
}

#endif
