/*
 * The reference client for `make bench`: about the least a layer-shell
 * button can do. One 56-px cairo circle on the overlay layer, anchored to the
 * right edge (8 px margin), drawn once into one shm buffer at the output's
 * scale, then nothing until SIGTERM. buoy's figures are quoted as ratios to
 * this program's, measured in the same run.
 *
 * Built by mk/bench.mk from the project's protocols/ (glue generated with
 * wayland-scanner into .build/bench/).
 */
#define _GNU_SOURCE
#include <cairo.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <unistd.h>
#include <wayland-client.h>

#include "wlr-layer-shell-unstable-v1-client-protocol.h"

#define DIAMETER 56
#define MARGIN 8

struct state {
	struct wl_display *display;
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct zwlr_layer_shell_v1 *layer_shell;
	struct wl_output *output;
	int32_t scale;
	struct wl_surface *surface;
	struct zwlr_layer_surface_v1 *layer_surface;
	struct wl_buffer *buffer;
	bool configured;
	bool drawn;
	bool closed;
};

static void die(const char *message) {
	fprintf(stderr, "reference: %s\n", message);
	exit(1);
}

static void output_handle_geometry(void *data, struct wl_output *output, int32_t x, int32_t y,
		int32_t pw, int32_t ph, int32_t subpixel, const char *make, const char *model,
		int32_t transform) {
}

static void output_handle_mode(void *data, struct wl_output *output, uint32_t flags, int32_t w,
		int32_t h, int32_t refresh) {
}

static void output_handle_done(void *data, struct wl_output *output) {
}

static void output_handle_scale(void *data, struct wl_output *output, int32_t factor) {
	struct state *state = data;
	state->scale = factor;
}

static const struct wl_output_listener output_listener = {
	.geometry = output_handle_geometry,
	.mode = output_handle_mode,
	.done = output_handle_done,
	.scale = output_handle_scale,
};

static void registry_handle_global(void *data, struct wl_registry *registry, uint32_t name,
		const char *interface, uint32_t version) {
	struct state *state = data;
	if (strcmp(interface, wl_compositor_interface.name) == 0) {
		state->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
	} else if (strcmp(interface, wl_shm_interface.name) == 0) {
		state->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
	} else if (strcmp(interface, zwlr_layer_shell_v1_interface.name) == 0) {
		state->layer_shell = wl_registry_bind(registry, name, &zwlr_layer_shell_v1_interface,
			version < 4 ? version : 4);
	} else if (strcmp(interface, wl_output_interface.name) == 0 && state->output == NULL) {
		state->output = wl_registry_bind(registry, name, &wl_output_interface, 2);
		wl_output_add_listener(state->output, &output_listener, state);
	}
}

static void registry_handle_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
}

static const struct wl_registry_listener registry_listener = {
	.global = registry_handle_global,
	.global_remove = registry_handle_global_remove,
};

/* One ARGB8888 buffer in a memfd with the circle drawn into it. */
static struct wl_buffer *draw_buffer(struct state *state) {
	int side = DIAMETER * state->scale;
	int stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, side);
	size_t size = (size_t)stride * side;
	int fd = memfd_create("reference-buffer", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, (off_t)size) < 0) die("cannot create a shm file");
	void *pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (pixels == MAP_FAILED) die("cannot map the shm file");

	cairo_surface_t *surface = cairo_image_surface_create_for_data(
		pixels, CAIRO_FORMAT_ARGB32, side, side, stride);
	cairo_t *cr = cairo_create(surface);
	cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
	cairo_set_source_rgba(cr, 0, 0, 0, 0);
	cairo_paint(cr);
	cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
	cairo_set_source_rgb(cr, 0x35 / 255.0, 0x84 / 255.0, 0xe4 / 255.0);
	cairo_arc(cr, side / 2.0, side / 2.0, side / 2.0, 0, 2 * 3.14159265358979323846);
	cairo_fill(cr);
	cairo_destroy(cr);
	cairo_surface_flush(surface);
	cairo_surface_destroy(surface);

	struct wl_shm_pool *pool = wl_shm_create_pool(state->shm, fd, (int32_t)size);
	struct wl_buffer *buffer = wl_shm_pool_create_buffer(
		pool, 0, side, side, stride, WL_SHM_FORMAT_ARGB8888);
	wl_shm_pool_destroy(pool);
	munmap(pixels, size);
	close(fd);
	return buffer;
}

static void layer_surface_handle_configure(void *data, struct zwlr_layer_surface_v1 *layer_surface,
		uint32_t serial, uint32_t width, uint32_t height) {
	struct state *state = data;
	zwlr_layer_surface_v1_ack_configure(layer_surface, serial);
	state->configured = true;
}

static void layer_surface_handle_closed(void *data, struct zwlr_layer_surface_v1 *layer_surface) {
	struct state *state = data;
	state->closed = true;
}

static const struct zwlr_layer_surface_v1_listener layer_surface_listener = {
	.configure = layer_surface_handle_configure,
	.closed = layer_surface_handle_closed,
};

int main(void) {
	struct state state = { .scale = 1 };

	/* SIGTERM and SIGINT arrive through a signalfd in the same poll as Wayland. */
	sigset_t mask;
	sigemptyset(&mask);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGINT);
	if (sigprocmask(SIG_BLOCK, &mask, NULL) < 0) die("sigprocmask failed");
	int signal_fd = signalfd(-1, &mask, SFD_CLOEXEC);
	if (signal_fd < 0) die("signalfd failed");

	state.display = wl_display_connect(NULL);
	if (state.display == NULL) die("cannot connect to the Wayland display");
	struct wl_registry *registry = wl_display_get_registry(state.display);
	wl_registry_add_listener(registry, &registry_listener, &state);
	wl_display_roundtrip(state.display);
	if (state.compositor == NULL || state.shm == NULL || state.layer_shell == NULL) {
		die("the compositor lacks wl_compositor, wl_shm or zwlr_layer_shell_v1");
	}
	/* The output's scale event arrives in answer to the bind above. */
	if (state.output != NULL) wl_display_roundtrip(state.display);

	state.surface = wl_compositor_create_surface(state.compositor);
	state.layer_surface = zwlr_layer_shell_v1_get_layer_surface(state.layer_shell, state.surface,
		NULL, ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY, "buoy-bench-reference");
	zwlr_layer_surface_v1_add_listener(state.layer_surface, &layer_surface_listener, &state);
	zwlr_layer_surface_v1_set_size(state.layer_surface, DIAMETER, DIAMETER);
	zwlr_layer_surface_v1_set_anchor(state.layer_surface, ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT);
	zwlr_layer_surface_v1_set_margin(state.layer_surface, 0, MARGIN, 0, 0);
	wl_surface_commit(state.surface);

	int display_fd = wl_display_get_fd(state.display);
	bool running = true;
	while (running && !state.closed) {
		if (state.configured && !state.drawn) {
			state.buffer = draw_buffer(&state);
			wl_surface_set_buffer_scale(state.surface, state.scale);
			wl_surface_attach(state.surface, state.buffer, 0, 0);
			wl_surface_damage_buffer(state.surface, 0, 0, INT32_MAX, INT32_MAX);
			wl_surface_commit(state.surface);
			state.drawn = true;
		}
		while (wl_display_prepare_read(state.display) != 0) {
			if (wl_display_dispatch_pending(state.display) < 0) die("connection lost");
		}
		if (wl_display_flush(state.display) < 0 && errno != EAGAIN) {
			wl_display_cancel_read(state.display);
			die("connection lost");
		}
		struct pollfd fds[] = {
			{ .fd = display_fd, .events = POLLIN },
			{ .fd = signal_fd, .events = POLLIN },
		};
		if (poll(fds, 2, -1) < 0) {
			wl_display_cancel_read(state.display);
			if (errno == EINTR) continue;
			die("poll failed");
		}
		if (fds[0].revents & POLLIN) {
			if (wl_display_read_events(state.display) < 0) die("connection lost");
		} else {
			wl_display_cancel_read(state.display);
		}
		if (wl_display_dispatch_pending(state.display) < 0) die("connection lost");
		if (fds[1].revents & POLLIN) running = false;
	}

	if (state.buffer != NULL) wl_buffer_destroy(state.buffer);
	zwlr_layer_surface_v1_destroy(state.layer_surface);
	wl_surface_destroy(state.surface);
	if (state.output != NULL) wl_output_destroy(state.output);
	if (zwlr_layer_shell_v1_get_version(state.layer_shell) >= 3) {
		zwlr_layer_shell_v1_destroy(state.layer_shell);
	} else {
		wl_proxy_destroy((struct wl_proxy *)state.layer_shell);
	}
	wl_shm_destroy(state.shm);
	wl_compositor_destroy(state.compositor);
	wl_registry_destroy(registry);
	wl_display_disconnect(state.display);
	close(signal_fd);
	return 0;
}
