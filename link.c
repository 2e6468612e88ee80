#include <cairo.h>
#include <stdio.h>
#include <string.h>
#ifdef WITH_PANGO
#include <pango/pangocairo.h>
void *keep = (void *)pango_cairo_create_layout;
#endif
int main(void) {
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 56, 56);
    cairo_t *cr = cairo_create(s);
    cairo_arc(cr, 28, 28, 20, 0, 6.3); cairo_fill(cr);
    FILE *f = fopen("/proc/self/status", "r"); char line[256];
    while (fgets(line, sizeof line, f)) if (!strncmp(line, "VmHWM", 5)) fputs(line, stdout);
    return 0;
}
