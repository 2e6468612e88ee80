"""The menu: a tap unfolds labelled items; choose one with the pointer or the keyboard."""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import subprocess
import threading
import time
import unittest

from buoy_fixture import BUOY, MAGENTA, Buoy, count_lines
from harness import HeadlessSway, Image, WaylandDebugLog, proc_children, proc_fds, run, wait_for, wait_steady
from test_button import config as button_config
from test_msg import msg

# One vivid colour per item's icon, so each item can be found on screen.
ICON_COLOURS = [(255, 0, 0), (0, 200, 0), (0, 0, 255), (255, 200, 0)]


def write_icon(path, colour) -> None:
    size = 48
    Image(size, size, bytes(colour) * size * size).save_png(path)


def menu_config(sway) -> tuple[str, list]:
    """The button at the right edge, 4 items with one vivid icon each, the menu on a tap;
    returns the config and each item's marker file (its command appends a line)."""
    markers, items = [], []
    for i, colour in enumerate(ICON_COLOURS):
        icon = sway.artifact(f"icon-{i}.png")
        write_icon(icon, colour)
        marker = sway.artifact(f"item-{i}.log")
        markers.append(marker)
        items.append(f'[[menu.item]]\nlabel = "Item {i + 1}"\nicon = "{icon}"\ncommand = "echo x >> {marker}"\n')
    text = button_config(button={"position": '"right"', "idle_opacity": 1.0},
                         actions={"tap": '"menu"'}, menu={"open_duration": 0.2, "close_duration": 0.1})
    return text + "\n" + "\n".join(items), markers


def item_centres(sway) -> list:
    image = sway.screenshot()
    found = [image.find(colour, tolerance=10) for colour in ICON_COLOURS]
    return [m.centroid if m and m.count > 100 else None for m in found]


def wait_open(sway, buoy) -> list:
    def every_item():
        centres = item_centres(sway)
        return centres if all(centres) else None

    return wait_steady(every_item, timeout=4, message="all menu items on screen, at rest")


def start_buoy_with_menu(compositor, edit=lambda text: text, env=None,
                         ready: bool = True) -> tuple[Buoy, list, tuple]:
    """buoy at the right edge with menu_config's menu on a tap (the config passed through
    `edit` first), once it is `ready` (the menu drawn ahead of time): returns it, the items'
    marker files and the button's centre."""
    text, markers = menu_config(compositor)
    buoy = Buoy(compositor, edit(text), env=env).start()
    if ready:
        return buoy, markers, buoy.started(MAGENTA).centroid
    return buoy, markers, buoy.wait_for_button(MAGENTA).centroid


def first_menu_frame_span(log: WaylandDebugLog) -> range:
    """The indices in `log.messages` from the first pointer release up to the commit that first
    shows a menu image: the first commit of a surface after one of its subsurfaces made since
    the release has had a buffer attached."""
    released = next((i for i, (sent, _, name, args) in enumerate(log.messages)
                     if not sent and name == "button" and args[-1] == "0"), None)
    assert released is not None, "no pointer release in the log"
    parent_of, showing = {}, set()
    for i in range(released, len(log.messages)):
        sent, obj, name, args = log.messages[i]
        if sent and name == "get_subsurface":
            parent_of[args[1]] = args[2]
        elif sent and name == "attach" and obj in parent_of and args[0].startswith("wl_buffer@"):
            showing.add(parent_of[obj])
        elif sent and name == "commit" and obj in showing:
            return range(released, i + 1)
    raise AssertionError("no menu image was shown after the release")


def first_menu_frame(log: WaylandDebugLog) -> list:
    """The messages of `first_menu_frame_span`."""
    span = first_menu_frame_span(log)
    return log.messages[span.start:span.stop]


def awaited_callbacks(log: WaylandDebugLog) -> list:
    """The frame callbacks (`done`) read between the first pointer release and the menu's first
    frame, but for those read with the release: on a loaded machine a callback can arrive in the
    same read, and buoy, whose handlers only record, dispatches a whole read before it acts. A
    callback is taken as read with the release when no request went out between them and it was
    logged within a millisecond of it; one that buoy waited for comes in a later read."""
    span = first_menu_frame_span(log)
    released_at: float | None = log.times[span.start]
    awaited = []
    for i in span:
        sent, obj, name, args = log.messages[i]
        if sent:
            released_at = None  # buoy has acted: what it reads from here is a later read
        elif name == "done" and (released_at is None or log.times[i] - released_at > 1.0):
            awaited.append((obj, name, args))
    return awaited


def wait_closed(sway) -> None:
    wait_for(lambda: not any(item_centres(sway)), timeout=3, message="menu closed")


class FontConfigGate:
    """A FIFO to name in FONTCONFIG_FILE: a process that starts fontconfig (buoy's drawing
    children do, buoy itself does not) waits in open() until `release()`; from then on each
    reader gets a config that includes the system's."""

    CONFIG = (b'<?xml version="1.0"?>\n<fontconfig><include ignore_missing="yes">'
              b'/etc/fonts/fonts.conf</include></fontconfig>\n')

    def __init__(self, path):
        os.mkfifo(path)
        self.path = path
        self._released = threading.Event()
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def release(self) -> None:
        self._released.set()

    def close(self) -> None:
        self._stopped.set()
        self._released.set()
        self._thread.join(2)

    def _serve(self) -> None:
        self._released.wait()
        while not self._stopped.is_set():
            try:
                fd = os.open(self.path, os.O_WRONLY | os.O_NONBLOCK)
            except FileNotFoundError:
                return  # the test is over and its directory gone
            except OSError as error:
                if error.errno != errno.ENXIO:  # ENXIO: nobody is reading yet
                    raise
                time.sleep(0.005)
                continue
            try:
                os.write(fd, self.CONFIG)
            except BrokenPipeError:
                pass
            finally:
                os.close(fd)
            # Let that reader see the end before the next writer opens the FIFO.
            time.sleep(0.2)


class AwaitedCallbacksTests(unittest.TestCase):
    """awaited_callbacks on made-up WAYLAND_DEBUG logs: what the first-frame test counts."""

    START = """\
[100.000] wl_pointer@5.button(12, 34, 272, 0)
"""
    MENU = """\
[{t}]  -> wl_compositor@4.create_surface(new id wl_surface@40)
[{t}]  -> wl_subcompositor@6.get_subsurface(new id wl_subsurface@41, wl_surface@40, wl_surface@30)
[{t}]  -> wl_surface@40.attach(wl_buffer@42, 0, 0)
[{t}]  -> wl_surface@30.commit()
"""

    def awaited(self, middle: str, menu_at: str = "100.900") -> list:
        return awaited_callbacks(WaylandDebugLog(self.START + middle + self.MENU.format(t=menu_at)))

    def test_a_callback_read_with_the_release_is_not_awaited(self):
        self.assertEqual(self.awaited("[100.200] wl_callback@20.done(777)\n"), [])

    def test_a_callback_read_after_buoy_sent_a_request_is_awaited(self):
        middle = "[100.100]  -> wl_surface@30.frame(new id wl_callback@21)\n[100.300] wl_callback@20.done(777)\n"
        self.assertEqual(self.awaited(middle), [("wl_callback@20", "done", ["777"])])

    def test_a_callback_read_a_frame_later_is_awaited(self):
        self.assertEqual(self.awaited("[116.000] wl_callback@20.done(777)\n", menu_at="116.500"),
                         [("wl_callback@20", "done", ["777"])])


class AheadOfTimeTests(unittest.TestCase):
    """The menu's images are drawn after start and wherever the button comes to rest, so a tap
    only attaches them."""

    AHEAD = "ahead of time"
    FROM_STOCK = "opening with the images drawn ahead of time"

    def test_a_tap_opens_the_images_drawn_ahead_and_a_move_has_them_drawn_for_the_new_place(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy, markers, (cx, cy) = start_buoy_with_menu(sway)
            wait_for(lambda: self.AHEAD in buoy.log(), timeout=5, message="the menu drawn after start")
            wait_for(lambda: not proc_children(buoy.pid), timeout=3, message="the drawing child gone")
            mark = len(buoy.log())
            pointer.click(cx, cy)
            centres = wait_open(sway, buoy)
            opened = buoy.log()[mark:]
            self.assertIn(self.FROM_STOCK, opened)
            self.assertNotIn("images drawn at scale", opened, "nothing is drawn when it opens")
            for x, _ in centres:  # the column through the button, on the right edge
                self.assertAlmostEqual(x, cx, delta=4)
            pointer.click(centres[1][0], centres[1][1])
            wait_for(lambda: count_lines(markers[1]) == 1, timeout=3, message="item 2's command")
            wait_closed(sway)

            # Dropped at the left edge: the labels go to the other side of the items, so the
            # images are drawn again there, ahead of the next tap.
            pointer.drag(cx, cy, 60, cy, release=True)
            wait_for(lambda: buoy.log().count(self.AHEAD) == 2, timeout=5,
                     message="the menu drawn again where the button came to rest")
            bx, by = buoy.wait_for_button_to_rest(MAGENTA).centroid
            self.assertLess(bx, 100)
            mark = len(buoy.log())
            pointer.click(bx, by)
            centres = wait_open(sway, buoy)
            opened = buoy.log()[mark:]
            self.assertIn(self.FROM_STOCK, opened)
            self.assertNotIn("images drawn at scale", opened)
            for x, _ in centres:
                self.assertAlmostEqual(x, bx, delta=4)
            self.assertEqual(buoy.stop(), 0)

    def test_a_tap_commits_the_menus_first_frame_at_once_not_after_a_frame_callback(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy, _, (cx, cy) = start_buoy_with_menu(sway, env={"WAYLAND_DEBUG": "1"})
            wait_for(lambda: self.AHEAD in buoy.log(), timeout=5, message="the menu drawn after start")
            # Released 5 ms after the press, while the press's frame is usually still out, and
            # once the button has settled: either way the menu's first frame goes at once.
            for hold in (0.005, 0.3):
                with self.subTest(hold=hold):
                    mark = len(buoy.log())
                    pointer.move(cx, cy)
                    pointer.down()
                    time.sleep(hold)
                    pointer.up()
                    wait_open(sway, buoy)
                    log = WaylandDebugLog(buoy.log()[mark:])
                    self.assertEqual(awaited_callbacks(log), [],
                                     "a frame callback came before the menu's first frame")
                    self.assertEqual(msg(buoy, "menu").returncode, 0)
                    wait_closed(sway)
                    wait_for(lambda: "menu closed" in buoy.log()[mark:], timeout=3, message="the menu's end")
            self.assertEqual(buoy.stop(), 0)

    def test_after_a_reload_that_renames_an_item_the_menu_is_drawn_again_before_it_opens(self):
        with HeadlessSway() as sway:
            buoy, _, _ = start_buoy_with_menu(sway)
            wait_for(lambda: self.AHEAD in buoy.log(), timeout=5, message="the menu drawn after start")
            text, _ = menu_config(sway)
            buoy.config_path.write_text(text.replace('label = "Item 1"', 'label = "Renamed"'))
            self.assertEqual(msg(buoy, "reload").returncode, 0)
            wait_for(lambda: buoy.log().count(self.AHEAD) == 2, timeout=5,
                     message="the menu drawn again after the reload")
            mark = len(buoy.log())
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            wait_open(sway, buoy)
            self.assertIn(self.FROM_STOCK, buoy.log()[mark:])
            self.assertEqual(buoy.stop(), 0)


class MenuTests(unittest.TestCase):
    def test_without_its_drawing_helper_buoy_says_why_and_keeps_the_ring_and_dot(self):
        with HeadlessSway() as sway:
            alone = sway.artifact("alone")
            alone.mkdir()
            shutil.copy(BUOY, alone / "buoy")  # no buoy-draw beside it, nor in ../libexec/buoy
            text, _ = menu_config(sway)
            buoy = Buoy(sway, text.replace('position = "right"', 'position = "right"\nlabel = "A"'))
            buoy.process = sway.spawn([str(alone / "buoy"), "-dd"], log=buoy.log_name, env=buoy.env)
            missing = f"no drawing helper at {alone}/buoy-draw or {alone}/../libexec/buoy/buoy-draw"
            wait_for(lambda: "cannot draw it ahead of time" in buoy.log(), timeout=5, message="the menu tried")
            self.assertIn(f'main: label "A" cannot be drawn: {missing}; drawing the default glyph', buoy.log())
            self.assertIn(missing, buoy.log().split("cannot draw it ahead of time")[1].splitlines()[0])
            result = msg(buoy, "menu")
            self.assertEqual(result.returncode, 1)
            self.assertIn(f"cannot open the menu: its images cannot be drawn: {missing}", result.stderr)
            button = sway.screenshot().find(MAGENTA, tolerance=8)
            self.assertTrue(button and button.count > 100, "the button is there")

    def test_a_tap_opens_the_menu_with_every_item_fully_on_screen(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy, _, (cx, cy) = start_buoy_with_menu(sway)
            pointer.click(cx, cy)
            centres = wait_open(sway, buoy)
            image = sway.screenshot(sway.artifact("menu.ppm"))
            image.save_png(sway.artifact("menu.png"))
            for colour in ICON_COLOURS:
                left, top, right, bottom = image.find(colour, tolerance=10).bbox
                self.assertTrue(0 < left and right < 1280 and 0 < top and bottom < 720, (colour, left, top))
            ys = [y for _, y in centres]
            self.assertEqual(ys, sorted(ys), "items read top to bottom in config order")
            self.assertTrue(json.loads(msg(buoy, "state").stdout)["menu_open"])
            # Labels: white text on dark pills, left of the items (the button is on the right).
            labels = image.crop(900, 150, 1180, 570)
            self.assertGreater(labels.count((255, 255, 255), tolerance=30), 40)
            # The labels and icons were drawn by a child: no font file, no fontconfig cache,
            # no Pango or HarfBuzz and no librsvg is mapped into buoy itself (that is its
            # memory budget).
            with open(f"/proc/{buoy.pid}/maps") as maps:
                mapped = [line.split()[-1] for line in maps if len(line.split()) >= 6]
            unwanted = (".ttf", ".otf", ".cache-", "librsvg", "libpango", "libharfbuzz", "libglib")
            self.assertEqual([path for path in mapped if any(name in path for name in unwanted)], [])

    def test_clicking_item_2_runs_its_command_once_and_closes_the_menu(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy, markers, (cx, cy) = start_buoy_with_menu(sway)
            pointer.click(cx, cy)
            centres = wait_open(sway, buoy)
            pointer.click(*centres[1])
            wait_for(lambda: count_lines(markers[1]) == 1, timeout=3, message="item 2 ran")
            wait_closed(sway)
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(), 1)
            self.assertEqual([count_lines(m) for m in markers], [0, 1, 0, 0])
            self.assertFalse(json.loads(msg(buoy, "state").stdout)["menu_open"])

    def test_clicking_outside_closes_it_and_does_not_reach_the_window_below(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy, markers, (cx, cy) = start_buoy_with_menu(sway)
            wev = sway.wev()
            wev.take_pointer(pointer, 300, 300)
            pointer.click(cx, cy)
            wait_open(sway, buoy)
            wev.mark()
            pointer.click(300, 300)
            wait_closed(sway)
            # wev's events come in order: once it has a motion made after the click, a button
            # event of that click would be in its log before it. (The first move enters wev.)
            pointer.move(301, 300)
            pointer.move(302, 300)
            wait_for(lambda: any(abs(x - 302) < 1 for x, _ in wev.motions()), timeout=3,
                     message="wev to see the pointer move after the click")
            self.assertEqual(wev.button_events(), [], "the closing click reached wev")
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(), 0)
            self.assertEqual(sum(count_lines(m) for m in markers), 0)
            wev.mark()
            pointer.click(300, 300)
            self.assertEqual(len(wev.wait_buttons(2)), 2, "once closed, clicks go through again")

    def test_escape_closes_it_and_down_then_enter_runs_item_2(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy, markers, (cx, cy) = start_buoy_with_menu(sway)
            wev = sway.wev()
            pointer.click(cx, cy)
            wait_open(sway, buoy)
            self.wtype(sway, "-k", "Escape")
            wait_closed(sway)

            pointer.click(cx, cy)
            wait_open(sway, buoy)
            self.wtype(sway, "-k", "Down", "-k", "Return")
            wait_for(lambda: count_lines(markers[1]) == 1, timeout=3, message="item 2 ran from the keyboard")
            wait_closed(sway)
            self.assertEqual([count_lines(m) for m in markers], [0, 1, 0, 0])

            # The keyboard is back with the window below.
            wev.mark()
            self.wtype(sway, "a")
            wait_for(lambda: any(k for k in wev.keys()), timeout=6, message="typing reaches wev")

    def test_buoy_msg_menu_toggles_it(self):
        with HeadlessSway() as sway:
            buoy, _, _ = start_buoy_with_menu(sway)
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            wait_open(sway, buoy)
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            wait_closed(sway)

    def test_items_grow_in_one_after_another_and_land_at_full_size(self):
        # 3 s for 4 items: each grows for 1.5 s, one every 0.5 s, so 0.9 s in item 1 is
        # overshooting and item 4 has not started. The compositor does the scaling.
        with HeadlessSway() as sway:
            buoy, _, _ = start_buoy_with_menu(
                sway, lambda text: text.replace("open_duration = 0.2", "open_duration = 3.0"))
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            asked = time.monotonic()
            # A sample of the animation 0.9 s in: item 4 starts at 1.5 s, so the screenshot
            # may come up to 0.6 s late.
            time.sleep(0.9)
            early = sway.screenshot()
            self.assertLess(time.monotonic() - asked, 1.5, "the early screenshot came too late to tell")

            def widths(image):
                found = [image.find(colour, tolerance=10) for colour in ICON_COLOURS]
                return [m.bbox[2] - m.bbox[0] if m and m.count > 4 else 0 for m in found]

            early_widths = widths(early)
            self.assertGreater(early_widths[0], 0, early_widths)
            self.assertEqual(early_widths[3], 0, f"item 4 already shown: {early_widths}")
            # Then every item lands at the same full size (the animation ends 3 s in); 60 % of
            # a 40 px item is 24 px.
            last: list = []

            def landed():
                last[:] = widths(sway.screenshot())
                return len(set(last)) == 1 and last[0] > 20

            wait_for(landed, timeout=6, message=lambda: f"every item at the same full size; last {last}")

    def test_reopened_while_it_closes_after_a_move_it_opens_at_the_new_place(self):
        with HeadlessSway() as sway:
            buoy, _, _ = start_buoy_with_menu(
                sway, lambda text: text.replace("close_duration = 0.1", "close_duration = 2.0"))
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            self.assertTrue(all(x > 640 for x, _ in wait_open(sway, buoy)), "opened beside the right edge")
            for command in (["menu"], ["move", "left"], ["menu"]):  # close, move, open while closing
                self.assertEqual(msg(buoy, *command).returncode, 0, command)
            wait_for(lambda: all(c and c[0] < 640 for c in item_centres(sway)), timeout=3,
                     message="the items beside the left edge")
            centres = wait_open(sway, buoy)
            self.assertTrue(all(x < 640 for x, _ in centres), f"items not beside the left edge: {centres}")

    def test_a_child_that_never_finishes_is_killed_after_20_s_and_msg_menu_says_so(self):
        with HeadlessSway() as sway:
            buoy, _, _ = self.start_buoy_with_fontconfig_gate(sway)  # never released
            started = time.monotonic()
            result = subprocess.run([BUOY, "msg", "menu"], env=buoy.env, capture_output=True, text=True,
                                    timeout=40)
            waited = time.monotonic() - started
            self.assertEqual(result.returncode, 1)
            self.assertIn("cannot open the menu: its images could not be drawn within 20 s", result.stderr)
            self.assertAlmostEqual(waited, 20, delta=3)
            wait_for(lambda: not proc_children(buoy.pid), timeout=3, message="the child killed and collected")
            self.assertFalse(json.loads(msg(buoy, "state").stdout)["menu_open"])

    def test_when_the_output_scale_changes_the_open_menu_is_drawn_again_beside_the_button(self):
        with HeadlessSway() as sway:
            buoy, _, _ = start_buoy_with_menu(sway)
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            wait_open(sway, buoy)
            first = sway.screenshot().find(ICON_COLOURS[0], tolerance=10).bbox
            sway.swaymsg("output", "HEADLESS-1", "scale", "2")
            # At scale 2 the output is 640x360 logical px: the button moves from logical x ~1240
            # to ~600 (the same physical place), and so must the menu, or it would be off
            # screen; its icons are twice as many pixels wide.
            wait_for(lambda: "images drawn at scale 2" in buoy.log(), timeout=5, message="menu redrawn")
            centres = wait_open(sway, buoy)
            button = sway.screenshot().find(MAGENTA, tolerance=8)
            for x, _ in centres:  # a column through the button's centre
                self.assertAlmostEqual(x, button.centroid[0], delta=4)
            icon = sway.screenshot().find(ICON_COLOURS[0], tolerance=10).bbox
            self.assertAlmostEqual(icon[2] - icon[0], 2 * (first[2] - first[0]), delta=4)
            self.assertTrue(json.loads(msg(buoy, "state").stdout)["menu_open"])

    def test_a_missing_icon_theme_is_reported_once_and_the_icons_still_come_from_hicolor(self):
        with HeadlessSway() as sway:
            data = sway.artifact("data")
            hicolor = data / "icons" / "hicolor" / "48x48" / "apps"
            hicolor.mkdir(parents=True)
            write_icon(hicolor / "buoy-test-red.png", ICON_COLOURS[0])
            buoy, _, _ = start_buoy_with_menu(
                sway, lambda text: text.replace("[menu]", '[menu]\nicon_theme = "NoSuchTheme"')
                .replace(f'icon = "{sway.artifact("icon-0.png")}"', 'icon = "buoy-test-red"'),
                env={"XDG_DATA_DIRS": str(data)})
            for _ in range(2):
                self.assertEqual(msg(buoy, "menu").returncode, 0)
                wait_open(sway, buoy)
                self.assertEqual(msg(buoy, "menu").returncode, 0)
                wait_closed(sway)
            warnings = [line for line in buoy.log().splitlines() if "NoSuchTheme" in line]
            self.assertEqual(len(warnings), 1, warnings)
            self.assertIn('icon theme "NoSuchTheme" has no readable index.theme', warnings[0])

    def test_a_theme_with_a_current_icon_theme_cache_is_read_from_it_and_a_stale_one_is_listed(self):
        # As GTK does: a cache not older than its theme's directory says what the theme holds.
        # An icon added by hand after it (the theme directory's time kept) is therefore not
        # seen, which only reading the cache explains; once the directory is newer, the cache
        # is stale and the directories are listed, so it is.
        with HeadlessSway() as sway:
            data = sway.artifact("data")
            theme = data / "icons" / "BuoyCached"
            apps = theme / "48x48" / "apps"
            apps.mkdir(parents=True)
            (theme / "index.theme").write_text(
                "[Icon Theme]\nName=BuoyCached\nDirectories=48x48/apps\n\n"
                "[48x48/apps]\nSize=48\nType=Fixed\n")
            write_icon(apps / "buoy-test-red.png", ICON_COLOURS[0])
            run(["gtk-update-icon-cache", "--force", "--quiet", str(theme)])
            before = theme.stat().st_mtime_ns
            write_icon(apps / "buoy-test-green.png", ICON_COLOURS[1])
            os.utime(theme, ns=(before, before))
            buoy, _, _ = start_buoy_with_menu(
                sway, lambda text: text.replace("[menu]", '[menu]\nicon_theme = "BuoyCached"')
                .replace(f'icon = "{sway.artifact("icon-0.png")}"', 'icon = "buoy-test-red"')
                .replace(f'icon = "{sway.artifact("icon-1.png")}"', 'icon = "buoy-test-green"'),
                env={"XDG_DATA_DIRS": str(data)})
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            wait_for(lambda: item_centres(sway)[0] and item_centres(sway)[2], timeout=3,
                     message="the red icon, from the cache, and item 3")
            self.assertIsNone(item_centres(sway)[1], "green is not in the cache")
            self.assertIn('icon "buoy-test-green" not found in the icon themes', buoy.log())
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            wait_closed(sway)

            # The cache is stale once the theme's directory is newer: listed, green is there
            # when the menu is drawn again (a renamed item has it drawn again).
            os.utime(theme, ns=(before + 10**9, before + 10**9))
            buoy.config_path.write_text(buoy.config_path.read_text().replace('"Item 4"', '"Item four"'))
            self.assertEqual(msg(buoy, "reload").returncode, 0)
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            wait_open(sway, buoy)
            self.assertTrue(all(item_centres(sway)))
            self.assertEqual(buoy.stop(), 0)

    def test_an_icon_that_is_a_fifo_gets_its_initial_and_does_not_hold_the_menu_up(self):
        with HeadlessSway() as sway:
            fifo = sway.artifact("pipe.png")
            os.mkfifo(fifo)  # reading it would block until a writer came
            buoy, _, _ = start_buoy_with_menu(
                sway, lambda text: text + f'\n[[menu.item]]\nlabel = "Pipe"\nicon = "{fifo}"\ncommand = "true"\n')
            # Ready, so the images were drawn ahead, the fifo's initial among them: a drawing
            # child stuck on the fifo would have held that until it was killed at 20 s. buoy
            # answers msg menu once the menu has opened.
            started = time.monotonic()
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            self.assertLess(time.monotonic() - started, 3)
            wait_open(sway, buoy)
            self.assertIn('icon "' + str(fifo) + '" not found', buoy.log())

    def test_while_a_child_draws_the_menu_buoy_still_answers_and_runs_taps(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            marker = sway.artifact("tapped")
            buoy, gate, (cx, cy) = self.start_buoy_with_fontconfig_gate(
                sway, lambda text: text.replace('tap = "menu"', f'tap = "echo tap >> {marker}"'))
            opener = self.msg_in_background(buoy, "menu")
            wait_for(lambda: proc_children(buoy.pid), timeout=3, message="a child drawing the menu")
            started = time.monotonic()
            state = msg(buoy, "state")
            self.assertEqual(state.returncode, 0, state.stderr)
            self.assertFalse(json.loads(state.stdout)["menu_open"])
            pointer.click(cx, cy)
            wait_for(lambda: count_lines(marker) == 1, timeout=3, message="the tap ran")
            self.assertLess(time.monotonic() - started, 3)
            self.assertIsNone(opener.poll(), "buoy msg menu answered before the menu opened")

            gate.release()
            _, err = opener.communicate(timeout=15)
            self.assertEqual(opener.returncode, 0, err)
            self.assertTrue(json.loads(msg(buoy, "state").stdout)["menu_open"])
            wait_open(sway, buoy)

    def test_asked_again_before_it_opens_it_stays_closed_and_its_child_is_killed(self):
        with HeadlessSway() as sway:
            buoy, gate, _ = self.start_buoy_with_fontconfig_gate(sway)
            opener = self.msg_in_background(buoy, "menu")
            wait_for(lambda: proc_children(buoy.pid), timeout=3, message="a child drawing the menu")
            second = msg(buoy, "menu")
            self.assertEqual(second.returncode, 0, second.stderr)
            _, err = opener.communicate(timeout=5)
            self.assertEqual(opener.returncode, 0, err)
            self.assertIn("closed before it opened", err)
            wait_for(lambda: not proc_children(buoy.pid), timeout=3, message="the child killed and collected")
            # Answered in a later wakeup than the one that closed it, whose commits have gone
            # out: sway has them before grim's request.
            self.assertFalse(json.loads(msg(buoy, "state").stdout)["menu_open"])
            self.assertFalse(any(item_centres(sway)), "menu items on screen")

            # Nothing is left stuck: once fontconfig can start, the menu opens.
            gate.release()
            again = msg(buoy, "menu")
            self.assertEqual(again.returncode, 0, again.stderr)
            wait_open(sway, buoy)

    def test_the_drawing_helper_holds_none_of_buoys_files_and_dies_with_it(self):
        with HeadlessSway() as sway:
            buoy, _, _ = self.start_buoy_with_fontconfig_gate(sway)  # never released: the helper waits
            helper = wait_for(lambda: next((pid for pid, state in proc_children(buoy.pid) if state != "Z"), None),
                              timeout=3, message="the drawing helper at work")
            self.assertEqual(os.path.basename(os.readlink(f"/proc/{helper}/exe")), "buoy-draw")
            ours, theirs = proc_fds(buoy.pid), proc_fds(helper)
            self.assertTrue(any(target.startswith("socket:") for target in ours.values()), ours)
            self.assertIn("anon_inode:[signalfd]", ours.values())
            # Its job, buoy's stderr as its output too, the pipe that ends when it exits, its
            # report, and the file it draws the menu into: no Wayland socket, no signalfd.
            self.assertEqual(sorted(theirs), [0, 1, 2, 3, 4, 5], theirs)
            self.assertTrue(theirs[0].startswith("pipe:") and theirs[3].startswith("pipe:"), theirs)
            self.assertEqual(theirs[1], ours[2])
            self.assertEqual(theirs[2], ours[2])
            self.assertTrue(theirs[4].startswith("/memfd:buoy-draw-report"), theirs)
            self.assertTrue(theirs[5].startswith("/memfd:buoy-menu"), theirs)

            os.kill(buoy.pid, signal.SIGKILL)

            def gone() -> bool:
                try:
                    with open(f"/proc/{helper}/stat") as stat:
                        return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
                except FileNotFoundError:
                    return True
            wait_for(gone, timeout=2, message="the drawing helper killed with buoy")

    def start_buoy_with_fontconfig_gate(self, sway, edit=lambda text: text) -> tuple[Buoy, FontConfigGate, tuple]:
        """start_buoy_with_menu, with fontconfig's config behind a FontConfigGate (closed)."""
        gate = FontConfigGate(sway.artifact("fonts.conf"))
        self.addCleanup(gate.close)
        buoy, _, centre = start_buoy_with_menu(sway, edit, env={"FONTCONFIG_FILE": str(gate.path)},
                                               ready=False)  # the menu cannot be drawn yet
        return buoy, gate, centre

    def msg_in_background(self, buoy, *words: str) -> subprocess.Popen:
        process = subprocess.Popen([BUOY, "msg", *words], env=buoy.env, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
        self.addCleanup(lambda: (process.kill(), process.communicate()))
        return process

    @staticmethod
    def wtype(sway, *args: str) -> None:
        # wtype's virtual keyboard is the seat's only one, so it appears just
        # now; the pause lets clients bind it before the keys (a real
        # keyboard is there all along).
        subprocess.run(["wtype", "-s", "300", *args], env=sway.env, check=True, timeout=10)


def label_config(sway, label: str) -> str:
    """The button at the right edge and one item labelled `label`, with a red icon (so its
    circle holds no text), opened by `buoy msg menu` at once."""
    icon = sway.artifact("label-icon.png")
    write_icon(icon, ICON_COLOURS[0])
    text = button_config(button={"position": '"right"', "idle_opacity": 1.0},
                         menu={"open_duration": 0, "close_duration": 0})
    return text + f'\n[[menu.item]]\nlabel = {json.dumps(label, ensure_ascii=False)}\nicon = "{icon}"\ncommand = "true"\n'


def white_columns(image, top: int, bottom: int, right: int) -> dict:
    """Per column left of `right`, the rows (first, last) of the label's white text between
    `top` and `bottom`."""
    columns = {}
    for x in range(right):
        # Above the pill's faint rim (white at 0x5a), so only text counts.
        rows = [y for y in range(top, bottom) if min(image.pixel(x, y)) > 200]
        if rows:
            columns[x] = (rows[0], rows[-1])
    return columns


class LabelTests(unittest.TestCase):
    """Labels are set with Pango, in the drawing child."""

    def open_label(self, sway, label: str, name: str):
        """buoy with label_config's menu opened: the screenshot, the item's centre y and the
        x where its circle starts; buoy is stopped after."""
        buoy = Buoy(sway, label_config(sway, label), name=name).start()
        buoy.wait_for_button(MAGENTA)
        result = msg(buoy, "menu")
        self.assertEqual(result.returncode, 0, result.stderr)
        wait_steady(lambda: (m := sway.screenshot().find(ICON_COLOURS[0], tolerance=10)) and m.bbox,
                    timeout=3, message="the item's icon on screen, at rest")
        image = sway.screenshot()
        icon = image.find(ICON_COLOURS[0], tolerance=10)
        cx, cy = icon.centroid
        # The icon is 60 % of the 40-px circle.
        circle_left = int(cx - 20) - 2
        self.assertEqual(buoy.stop(), 0)
        return image, int(cy), circle_left

    def test_cjk_arabic_and_emoji_labels_are_not_boxes(self):
        with HeadlessSway() as sway:
            crops = {}
            for i, label in enumerate(["\ue000\ue001", "终端", "مرحبا", "📷 Screenshot"]):
                image, cy, circle_left = self.open_label(sway, label, f"buoy-{i}")
                image.save_png(sway.artifact(f"label-{i}.png"))
                crop = image.crop(0, cy - 20, circle_left, cy + 20)
                self.assertGreater(crop.count((255, 255, 255), tolerance=60), 20, label)
                crops[label] = crop.data
            boxes = crops.pop("\ue000\ue001")
            for label, data in crops.items():
                self.assertNotEqual(data, boxes, label)

    def test_a_200_character_label_on_a_phone_stays_on_screen_and_ends_in_an_ellipsis(self):
        with HeadlessSway(resolution=(360, 640)) as sway:
            image, cy, circle_left = self.open_label(sway, "M" * 200, "buoy")
            image.save_png(sway.artifact("long-label.png"))
            columns = white_columns(image, cy - 20, cy + 20, circle_left)
            self.assertTrue(columns, "the label's text on screen")
            # Its text starts inside the pill's padding, on screen...
            self.assertGreaterEqual(min(columns), 8)
            # ...and ends in "…": the last columns are a dot on the baseline, not a cut M.
            end = max(columns)
            for x in range(end - 2, end + 1):
                if x in columns:
                    first, last = columns[x]
                    self.assertLessEqual(last - first, 3, f"column {x}: {columns[x]}")
            # Further left, whole Ms.
            self.assertGreater(max(last - first for first, last in columns.values()), 8)


if __name__ == "__main__":
    unittest.main()
