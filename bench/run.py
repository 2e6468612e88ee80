#!/usr/bin/env python3
"""buoy's benchmark: buoy against a minimal C layer-shell client (bench/reference.c).

Every figure is taken on a private headless sway (the e2e harness), first at 1280x720 scale 1,
then at 3840x2160 scale 2, over several runs. Ratios are computed per run, buoy and the
reference side by side, and the median, min and max are reported. Python 3 standard library
only. `make bench` builds everything and runs this; bench/README.md describes the method.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import datetime
import math
import os
import platform
import re
import select
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Optional, Sequence

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests" / "e2e"))

from atspi import Accessibility  # noqa: E402
from feedbackd import FeedbackdStub, SessionBus  # noqa: E402
from harness import HarnessError, HeadlessSway, Pointer, stop_process, wait_for  # noqa: E402

MAGENTA = (0xFF, 0x00, 0xFF)
CLK_TCK = os.sysconf("SC_CLK_TCK")
WRAP = 1 << 32  # WAYLAND_DEBUG prints CLOCK_REALTIME µs modulo 2^32


def log(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr, flush=True)


def realtime_us() -> int:
    return time.clock_gettime_ns(time.CLOCK_REALTIME) // 1000


# ------------------------------------------------------------------------------------------
# /proc


def proc_status(pid: int) -> dict[str, str]:
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    return fields


def peak_rss_kb(pid: int) -> int:
    return int(proc_status(pid)["VmHWM"].split()[0])


def shared_buffers_not_resident(pid: int, name: str = "buoy-") -> int:
    """Bytes of buoy's wl_shm buffers (memfd mappings named `name`...: "buoy-buffer" for the
    button's, "buoy-menu" for the menu's images) that are not resident in its own page tables:
    the pages another process (the menu's drawing child) wrote, and the button's, which buoy
    lets go of once drawn."""
    total = 0
    size = 0
    shared = False
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            fields = line.split()
            if re.match(r"^[0-9a-f]+-[0-9a-f]+$", fields[0]):
                shared = len(fields) >= 6 and fields[5].startswith("/memfd:" + name)
            elif shared and fields[0] == "Size:":
                size = int(fields[1])
            elif shared and fields[0] == "Rss:":
                total += (size - int(fields[1])) * 1024
    return total


def voluntary_switches(pid: int) -> int:
    return int(proc_status(pid)["voluntary_ctxt_switches"])


def cpu_ticks(pid: int) -> int:
    """utime + stime (fields 14 and 15 of /proc/PID/stat), in clock ticks."""
    with open(f"/proc/{pid}/stat") as f:
        text = f.read()
    fields = text[text.rindex(")") + 2 :].split()  # fields[0] is field 3 (state)
    return int(fields[11]) + int(fields[12])


# ------------------------------------------------------------------------------------------
# WAYLAND_DEBUG logs

# "[2702039.821]  -> zwlr_layer_surface_v1@8.set_size(56, 56)" (request)
# "[2702039.898] zwlr_layer_surface_v1@8.configure(5, 56, 56)" (event)
# Newer libwayland may add "discarded " or a "{queue}" before the object; both are skipped.
_WL_LINE = re.compile(
    r"^\[\s*(\d+)\.(\d{3})\]\s+(?:\{[^}]*\}\s+)?(discarded\s+)?(->\s+)?(?:\{[^}]*\}\s+)?"
    r"(\w+)@(\d+)\.(\w+)\((.*)\)\s*$"
)
_NEW_ID = re.compile(r"new id (?:\w+|\[unknown\])@(\d+)")
_OBJECTS = re.compile(r"(\w+)@(\d+)")


@dataclasses.dataclass
class WlMessage:
    time_us: int  # CLOCK_REALTIME µs, unwrapped
    request: bool
    interface: str
    object_id: int
    name: str
    args: str


def unwrap_us(stamp_us: int, near_us: int) -> int:
    """The CLOCK_REALTIME µs value whose low 32 bits are `stamp_us` and that is closest to
    `near_us` (WAYLAND_DEBUG's clock wraps every 71.6 minutes)."""
    value = near_us - (near_us % WRAP) + stamp_us
    if value < near_us - WRAP // 2:
        value += WRAP
    elif value > near_us + WRAP // 2:
        value -= WRAP
    return value


def parse_wayland_debug(text: str, near_us: int) -> list[WlMessage]:
    messages = []
    for line in text.splitlines():
        m = _WL_LINE.match(line)
        if not m or m.group(3):  # skip unparsable and discarded messages
            continue
        stamp = int(m.group(1)) * 1000 + int(m.group(2))
        messages.append(
            WlMessage(unwrap_us(stamp, near_us), bool(m.group(4)), m.group(5), int(m.group(6)),
                      m.group(7), m.group(8))
        )
    return messages


def first_buffer_commit_us(messages: list[WlMessage], scale: Optional[int] = None) -> Optional[int]:
    """When the first real content reached the screen: the first wl_surface.commit that
    follows a wl_surface.attach(wl_buffer) on the same surface.

    Two refinements, both needed for buoy's surface tree and harmless for the reference:
    a buffer created as 1x1 (buoy's transparent input pixel) does not count as content, and
    a commit of a (synchronized) subsurface takes effect only with its parent's next commit,
    so the time is that of the parent's commit.

    With `scale`, only content drawn at that scale counts: committed with that buffer scale
    (wl_surface.set_buffer_scale, 1 until set), or, on a surface a wp_viewport stretches (as
    buoy's are, at buffer scale 1), a buffer `scale` times the viewport's destination. Not an
    upscaled frame.
    """
    buffer_sizes: dict[int, tuple[int, int]] = {}
    buffer_scale: dict[int, int] = {}  # pending (and, once committed, current) scale
    viewport_of: dict[int, int] = {}  # wp_viewport id -> wl_surface id
    destination: dict[int, tuple[int, int]] = {}  # by surface
    attached: dict[int, tuple[int, int]] = {}  # the size of the buffer attached, by surface
    parent: dict[int, int] = {}
    pending: set[int] = set()  # surfaces with content attached, not yet committed
    cached: set[int] = set()  # parents whose subsurface committed content
    for msg in messages:
        if not msg.request:
            continue
        if msg.interface == "wl_shm_pool" and msg.name == "create_buffer":
            m = re.match(r"new id wl_buffer@(\d+), (-?\d+), (\d+), (\d+)", msg.args)
            if m:
                buffer_sizes[int(m.group(1))] = (int(m.group(3)), int(m.group(4)))
        elif msg.interface == "wl_subcompositor" and msg.name == "get_subsurface":
            ids = [int(i) for kind, i in _OBJECTS.findall(msg.args) if kind == "wl_surface"]
            if len(ids) == 2:
                parent[ids[0]] = ids[1]
        elif msg.interface == "wl_surface" and msg.name == "set_buffer_scale":
            buffer_scale[msg.object_id] = int(msg.args)
        elif msg.interface == "wp_viewporter" and msg.name == "get_viewport":
            ids = _OBJECTS.findall(msg.args)
            viewport = [int(i) for kind, i in ids if kind == "wp_viewport"]
            surface = [int(i) for kind, i in ids if kind == "wl_surface"]
            if viewport and surface:
                viewport_of[viewport[0]] = surface[0]
        elif msg.interface == "wp_viewport" and msg.name == "set_destination":
            m = re.match(r"(-?\d+), (-?\d+)", msg.args)
            if m and msg.object_id in viewport_of:
                destination[viewport_of[msg.object_id]] = (int(m.group(1)), int(m.group(2)))
        elif msg.interface == "wl_surface" and msg.name == "attach":
            m = re.match(r"wl_buffer@(\d+)", msg.args)
            if m:
                w, h = buffer_sizes.get(int(m.group(1)), (0, 0))
                if (w, h) == (0, 0) or w * h > 1:
                    pending.add(msg.object_id)
                    attached[msg.object_id] = (w, h)
            else:
                pending.discard(msg.object_id)  # attach(nil)
        elif msg.interface == "wl_surface" and msg.name == "commit":
            surface = msg.object_id
            content = surface in pending
            if content and scale is not None:
                stretched = destination.get(surface)
                if stretched is not None and stretched[0] > 0:
                    content = attached.get(surface, (0, 0))[0] == stretched[0] * scale
                else:
                    content = buffer_scale.get(surface, 1) == scale
            pending.discard(surface)
            if content or surface in cached:
                cached.discard(surface)
                if surface not in parent:
                    return msg.time_us
                cached.add(parent[surface])
        elif msg.interface == "wl_surface" and msg.name == "destroy":
            pending.discard(msg.object_id)
            cached.discard(msg.object_id)
            parent.pop(msg.object_id, None)
    return None


@dataclasses.dataclass
class FrameStats:
    commits: int  # wl_surface.commit on the layer surface, between the first and last callback
    intervals: int  # frame-callback intervals: callbacks fired in the window, minus one
    max_commits_between_dones: int
    motions: int  # wl_pointer.motion events received in the whole window
    callbacks_per_second: float

    @property
    def commits_per_frame(self) -> float:
        return self.commits / self.intervals if self.intervals else math.inf


def frame_stats(messages: list[WlMessage], start_us: int, end_us: int,
                surface: Optional[int] = None) -> FrameStats:
    """Commits of the layer surface(s) per frame callback within [start, end].

    With `surface` (a layer surface's wl_surface id), only that surface's commits count, and
    only the frame callbacks requested on it or on a subsurface in its tree.

    Counted from the first to the last frame callback that fires inside the window, so that a
    commit just before the window (whose callback fires inside it) or one just before its end
    (whose callback fires after it) does not skew the ratio: each interval between two
    consecutive callbacks should hold at most one commit.
    """
    layer_surfaces: set[int] = set()
    frame_callbacks: set[int] = set()
    parent = surface_roots(messages) if surface is not None else {}
    commit_times: list[int] = []  # indices into messages
    done_times: list[int] = []
    motions = 0
    # Positions in the log, not timestamps, order commits and callbacks: both have µs stamps.
    for index, msg in enumerate(messages):
        inside = start_us <= msg.time_us <= end_us
        if msg.request:
            if msg.interface == "zwlr_layer_shell_v1" and msg.name == "get_layer_surface":
                ids = [int(i) for kind, i in _OBJECTS.findall(msg.args) if kind == "wl_surface"]
                layer_surfaces.update(i for i in ids[:1] if surface is None or i == surface)
            elif msg.interface == "wl_surface" and msg.name == "frame":
                m = _NEW_ID.search(msg.args)
                if m and (surface is None or root_of(msg.object_id, parent) == surface):
                    frame_callbacks.add(int(m.group(1)))
            elif msg.interface == "wl_surface" and msg.name == "commit" and msg.object_id in layer_surfaces:
                if inside:
                    commit_times.append(index)
            elif msg.interface == "wl_surface" and msg.name == "destroy":
                layer_surfaces.discard(msg.object_id)
        else:
            if msg.interface == "wl_callback" and msg.name == "done" and msg.object_id in frame_callbacks:
                frame_callbacks.discard(msg.object_id)
                if inside:
                    done_times.append(index)
            elif msg.interface == "wl_pointer" and msg.name == "motion" and inside:
                motions += 1
    if len(done_times) < 2:
        return FrameStats(len(commit_times), 0, len(commit_times), motions, 0.0)
    first, last = done_times[0], done_times[-1]
    commits = [t for t in commit_times if first <= t <= last]
    worst = 0
    j = 0
    for a, b in zip(done_times, done_times[1:]):
        n = 0
        while j < len(commits) and commits[j] <= b:
            if commits[j] >= a:
                n += 1
            j += 1
        worst = max(worst, n)
    span_us = messages[last].time_us - messages[first].time_us
    per_second = (len(done_times) - 1) / (span_us / 1e6) if span_us else 0.0
    return FrameStats(len(commits), len(done_times) - 1, worst, motions, per_second)


# Several buttons: each button is its own layer surface, with its face a (synchronized)
# subsurface of it. A surface is told apart by its wl_surface object id; a subsurface's id is
# mapped to the layer surface at the root of its tree.


def surface_roots(messages: list[WlMessage]) -> dict[int, int]:
    """Each subsurface's wl_surface id → the id of its parent, from
    wl_subcompositor.get_subsurface(new id, surface, parent)."""
    parent: dict[int, int] = {}
    for msg in messages:
        if msg.request and msg.interface == "wl_subcompositor" and msg.name == "get_subsurface":
            ids = [int(i) for kind, i in _OBJECTS.findall(msg.args) if kind == "wl_surface"]
            if len(ids) == 2:
                parent[ids[0]] = ids[1]
    return parent


def root_of(surface: int, parent: dict[int, int]) -> int:
    seen = set()
    while surface in parent and surface not in seen:
        seen.add(surface)
        surface = parent[surface]
    return surface


def layer_surfaces(messages: list[WlMessage]) -> list[int]:
    """The wl_surface ids passed to zwlr_layer_shell_v1.get_layer_surface, in order."""
    found = []
    for msg in messages:
        if msg.request and msg.interface == "zwlr_layer_shell_v1" and msg.name == "get_layer_surface":
            ids = [int(i) for kind, i in _OBJECTS.findall(msg.args) if kind == "wl_surface"]
            found += ids[:1]
    return found


def pressed_layer_surface(messages: list[WlMessage], after_us: int) -> Optional[int]:
    """The layer surface the pointer was on at the first wl_pointer.button press at or after
    `after_us`: the surface of the last wl_pointer.enter before it, mapped to its root."""
    parent = surface_roots(messages)
    entered = None
    for msg in messages:
        if msg.request or msg.interface != "wl_pointer":
            continue
        if msg.name == "enter":
            m = re.search(r"wl_surface@(\d+)", msg.args)
            entered = int(m.group(1)) if m else None
        elif msg.name == "leave":
            entered = None
        elif msg.name == "button" and msg.time_us >= after_us and msg.args.rstrip().endswith(", 1"):
            return root_of(entered, parent) if entered is not None else None
    return None


def commits_by_layer_surface(messages: list[WlMessage], start_us: int, end_us: int) -> dict[int, tuple[int, int]]:
    """For each layer surface: (commits of the layer surface itself, commits of any surface in
    its tree, its face subsurface's included) within [start, end]."""
    parent = surface_roots(messages)
    layers = set(layer_surfaces(messages))
    counts = {s: [0, 0] for s in layers}
    for msg in messages:
        if not (msg.request and msg.interface == "wl_surface" and msg.name == "commit"):
            continue
        if not start_us <= msg.time_us <= end_us:
            continue
        root = root_of(msg.object_id, parent)
        if root in counts:
            counts[root][1] += 1
            if root == msg.object_id:
                counts[root][0] += 1
    return {s: (c[0], c[1]) for s, c in counts.items()}


# ------------------------------------------------------------------------------------------
# Processes


def menu_first_frame_us(messages: list[WlMessage], after_us: int) -> Optional[int]:
    """The first frame of a menu opened after `after_us`: the first commit of a surface that
    is the parent of a subsurface made after then, once that subsurface has had a buffer
    attached (a synchronized subsurface shows with its parent's commit)."""
    parent: dict[int, int] = {}
    showing: set[int] = set()
    for msg in messages:
        if not msg.request or msg.time_us < after_us:
            continue
        if msg.interface == "wl_subcompositor" and msg.name == "get_subsurface":
            ids = [int(i) for kind, i in _OBJECTS.findall(msg.args) if kind == "wl_surface"]
            if len(ids) == 2:
                parent[ids[0]] = ids[1]
        elif msg.interface == "wl_surface" and msg.name == "attach" and msg.object_id in parent \
                and "wl_buffer@" in msg.args:
            showing.add(parent[msg.object_id])
        elif msg.interface == "wl_surface" and msg.name == "commit" and msg.object_id in showing:
            return msg.time_us
    return None


def pointer_release_us(messages: list[WlMessage], after_us: int) -> Optional[int]:
    """When buoy read the first wl_pointer.button release after `after_us`."""
    for msg in messages:
        if not msg.request and msg.time_us >= after_us and msg.interface == "wl_pointer" \
                and msg.name == "button" and msg.args.replace(" ", "").endswith(",0"):
            return msg.time_us
    return None


def control(client: "Client", command: str) -> str:
    """Sends one request on buoy's control socket (its protocol: ControlServer.swift) and
    returns the reply, without starting a `buoy msg` process."""
    path = os.path.join(client.env["XDG_RUNTIME_DIR"], f"buoy-{client.env['WAYLAND_DISPLAY']}.sock")
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as peer:
        peer.settimeout(5)
        peer.connect(path)
        peer.sendall(command.encode() + b"\n")
        reply = b""
        while chunk := peer.recv(4096):
            reply += chunk
    return reply.decode()


class Client:
    """A client process on a HeadlessSway with its own HOME and XDG dirs.

    Started with a plain Popen (no preexec_fn), so Python can use vfork and the time between
    taking the exec timestamp and the exec itself stays small.
    """

    def __init__(self, sway: HeadlessSway, argv: Sequence[str], name: str,
                 config: Optional[str] = None, debug: bool = False):
        self.sway = sway
        self.name = sway.unique(name)
        self.home = sway.artifact(self.name)
        (self.home / "config" / "buoy").mkdir(parents=True, exist_ok=True)
        if config is not None:
            (self.home / "config" / "buoy" / "config.toml").write_text(config)
        self.log_path = sway.artifact(self.name + ".log")
        self.env = {
            **sway.env,
            "HOME": str(self.home),
            "XDG_CONFIG_HOME": str(self.home / "config"),
            "XDG_STATE_HOME": str(self.home / "state"),
        }
        if debug:
            self.env["WAYLAND_DEBUG"] = "1"
        self.argv = list(argv)
        self.process: Optional[subprocess.Popen] = None
        self.exec_us = 0

    def start(self) -> "Client":
        with open(self.log_path, "wb") as out:
            self.exec_us = realtime_us()
            self.process = subprocess.Popen(
                self.argv, env=self.env, stdin=subprocess.DEVNULL, stdout=out, stderr=out)
        self.sway.track(self.process)
        return self

    @property
    def pid(self) -> int:
        return self.process.pid

    def check_alive(self) -> None:
        if self.process.poll() is not None:
            raise HarnessError(f"{self.argv[0]} exited with {self.process.returncode}:\n{self.log()[-2000:]}")

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.terminate()
        try:
            return self.process.wait(5)
        except subprocess.TimeoutExpired:
            stop_process(self.process)
            raise HarnessError(f"{self.argv[0]} did not exit within 5 s of SIGTERM")


def buoy_config(**sections: dict) -> str:
    lines = []
    for name, keys in sections.items():
        lines.append(f"[{name}]")
        lines += [f"{key} = {value}" for key, value in keys.items()]
    return "\n".join(lines) + "\n"


def toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# ------------------------------------------------------------------------------------------
# Statistics


@dataclasses.dataclass
class Series:
    values: list[float] = dataclasses.field(default_factory=list)

    def add(self, value: float) -> None:
        self.values.append(value)

    @property
    def ok(self) -> bool:
        return bool(self.values)

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    @property
    def min(self) -> float:
        return min(self.values)

    @property
    def max(self) -> float:
        return max(self.values)


def fmt(value: float, digits: int) -> str:
    if math.isinf(value):
        return "inf"
    return f"{value:.{digits}f}"


def summary(series: Series, digits: int) -> str:
    if not series.ok:
        return "–"
    if len(series.values) == 1 or series.min == series.max:
        return fmt(series.median, digits)
    return f"{fmt(series.median, digits)} ({fmt(series.min, digits)}–{fmt(series.max, digits)})"


@dataclasses.dataclass
class Row:
    setup: str
    figure: str
    unit: str
    digits: int
    buoy: Series
    reference: Series = dataclasses.field(default_factory=Series)
    ratio: Series = dataclasses.field(default_factory=Series)
    goal: str = ""
    met: Optional[bool] = None  # None: no goal
    note: str = ""


# ------------------------------------------------------------------------------------------
# The figures


@dataclasses.dataclass
class Setup:
    resolution: tuple[int, int]
    scale: int

    @property
    def name(self) -> str:
        return f"{self.resolution[0]}x{self.resolution[1]}@{self.scale}"

    @property
    def logical(self) -> tuple[float, float]:
        return (self.resolution[0] / self.scale, self.resolution[1] / self.scale)

    def sway(self) -> HeadlessSway:
        return HeadlessSway(resolution=self.resolution, scale=self.scale)


# Eight different Adwaita icons (symbolic SVGs), for the menu-open figures.
MENU_OPEN_ICONS = ["utilities-terminal", "edit-copy", "edit-paste", "document-open", "document-save",
                   "system-search", "go-home", "audio-volume-high"]


class Bench:
    def __init__(self, args: argparse.Namespace):
        self.args = args
        self.runs = args.runs
        self.buoy = str(Path(args.buoy).resolve())
        self.reference = str(Path(args.reference).resolve())
        self.pointer_binary = str(Path(args.pointer).resolve())
        self.rows: list[Row] = []
        self.notes: list[str] = []

    # -- memory

    def peak_rss(self, setup: Setup, config: str = "", label: str = "") -> None:
        """Peak RSS of buoy with `config` and of the reference; `label` ("a visibility rule
        set, " or "") starts the rows' names."""
        buoy, ref, ratio = Series(), Series(), Series()
        with setup.sway() as sway:
            for run in range(self.runs):
                values = {}
                for kind, argv in (("reference", [self.reference]), ("buoy", [self.buoy])):
                    client = Client(sway, argv, kind, config=config if kind == "buoy" else None).start()
                    time.sleep(1.0)
                    client.check_alive()
                    values[kind] = peak_rss_kb(client.pid) * 1024 / 1e6
                    client.stop()
                buoy.add(values["buoy"])
                ref.add(values["reference"])
                ratio.add(values["buoy"] / values["reference"])
                log(f"{setup.name} {label}RSS run {run + 1}: buoy {values['buoy']:.2f} MB, "
                    f"reference {values['reference']:.2f} MB")
        self.rows.append(Row(setup.name, f"{label}peak RSS (VmHWM) after start + 1 s idle", "MB", 2, buoy, ref,
                             ratio, goal="buoy ≤ 10 MB (10^6 bytes), every run", met=buoy.max <= 10.0,
                             note="MB = 10^6 bytes"))
        if label:
            return
        mib = 1e6 / (1 << 20)
        self.rows.append(Row(setup.name, "peak RSS, the same in MiB", "MiB", 2,
                             Series([v * mib for v in buoy.values]), Series([v * mib for v in ref.values])))

    def menu_rss(self, setup: Setup) -> None:
        """Peak RSS with the menu open: 8 items with theme icons and labels, opened with
        `buoy msg menu` and left open 1 s, buoy run as a user runs it (no -dd).

        buoy's own peak (VmHWM) leaves out the menu's images: a child process draws them into
        shared memory that buoy never touches. The goal is judged on VmHWM plus every page of
        buoy's shared buffers that is not in VmHWM already, so that moving the drawing out of
        the process cannot flatter the figure. The child's own peak is read from buoy's log."""
        icons = ["utilities-terminal", "foot", "gvim", "camera-photo", "system-search",
                 "folder", "no-such-icon", "utilities-terminal"]
        items = "".join(f'[[menu.item]]\nlabel = "Item number {i + 1}"\nicon = "{icon}"\ncommand = "true"\n'
                        for i, icon in enumerate(icons))
        peak, with_buffers, buffers, child = Series(), Series(), Series(), Series()
        with setup.sway() as sway:
            for run in range(self.runs):
                # As a user runs it, without -dd: debug logging pages in code of its own. A second
                # one, with -dd, logs the drawing child's peak.
                for argv in ([self.buoy], [self.buoy, "-dd"]):
                    client = Client(sway, argv, "buoy-menu", config=items).start()
                    time.sleep(0.5)
                    client.check_alive()
                    subprocess.run([self.buoy, "msg", "menu"], env=client.env, check=True, timeout=5,
                                   capture_output=True)
                    time.sleep(1.0)
                    client.check_alive()
                    if "-dd" in argv:
                        client.stop()
                        found = re.findall(r"drawn at scale \d+ by a child \(peak RSS (\d+) KiB\)",
                                           client.log_path.read_text())
                        if not found:
                            raise HarnessError(f"no drawing child in {client.log_path}")
                        child.add(int(found[-1]) * 1024 / 1e6)
                        continue
                    hwm = peak_rss_kb(client.pid) * 1024
                    outside = shared_buffers_not_resident(client.pid)
                    client.stop()
                    peak.add(hwm / 1e6)
                    buffers.add(outside / 1e6)
                    with_buffers.add((hwm + outside) / 1e6)
                log(f"{setup.name} menu RSS run {run + 1}: buoy {peak.values[-1]:.2f} MB + "
                    f"{buffers.values[-1]:.2f} MB of shared buffers; drawing child {child.values[-1]:.2f} MB")
        self.rows.append(Row(setup.name, "peak RSS with an 8-item menu open (VmHWM)", "MB", 2, peak,
                             goal="≤ 10 MB (10^6 bytes), every run", met=peak.max <= 10.0,
                             note="MB = 10^6 bytes"))
        self.rows.append(Row(setup.name, "the same plus the shared buffers buoy does not map in", "MB", 2,
                             with_buffers, goal="≤ 12 MB (10^6 bytes), every run",
                             met=with_buffers.max <= 12.0,
                             note=f"of which shared buffers (the menu's images, the button's pixels): "
                                  f"{summary(buffers, 2)} MB"))
        self.rows.append(Row(setup.name, "peak RSS of the child that draws the menu", "MB", 2, child,
                             note="exits once the images are drawn; includes an SVG grandchild's; "
                                  "most pages are shared with buoy"))

    def status_menu(self, setup: Setup) -> None:
        """A tap → the menu's first frame with 8 status items, one of whose commands hangs (it
        is killed at 1 s), read from buoy's WAYLAND_DEBUG as `menu_open` reads it; and buoy's
        peak RSS after every status has come in or been given up."""
        items = "".join(f'[[menu.item]]\nlabel = "Item number {i + 1}"\ncommand = "true"\n'
                        f'status = "echo state {i + 1}"\n' for i in range(7))
        items += '[[menu.item]]\nlabel = "Hangs"\ncommand = "true"\nstatus = "sleep 30"\n'
        config = buoy_config(button={"color": '"#ff00ff"', "idle_delay": 60}, actions={"tap": '"menu"'},
                             menu={"open_duration": 0.1, "close_duration": 0.05}) + items
        tapped, peak = Series(), Series()
        for run in range(self.runs):
            with setup.sway() as sway:
                pointer = Pointer(sway, self.pointer_binary)
                client = Client(sway, [self.buoy, "-dd"], "buoy-status", config=config, debug=True).start()
                button = wait_for_color(sway, client, MAGENTA)
                wait_for(lambda: "ahead of time" in client.log(), timeout=10, message="the menu drawn ahead")
                cx, cy = button.centroid[0] / setup.scale, button.centroid[1] / setup.scale
                for tap in range(self.args.taps):
                    pointer.move(cx, cy)
                    pointer.down()
                    time.sleep(0.03)
                    t0 = realtime_us()
                    pointer.up()
                    wait_for(lambda: client.log().count("menu opened") > tap, timeout=5, message="menu opened")
                    # Every status in, the hanging one killed at 1 s, and its redraw done.
                    wait_for(lambda: client.log().count("killed after") > tap, timeout=5,
                             message="the hanging status killed")
                    time.sleep(0.3)
                    messages = parse_wayland_debug(client.log(), t0)
                    release, frame = pointer_release_us(messages, t0), menu_first_frame_us(messages, t0)
                    if release is None or frame is None:
                        raise HarnessError(f"no release or menu frame after the tap in {client.log_path}")
                    tapped.add((frame - release) / 1000)
                    control(client, "menu")  # closes it
                    wait_for(lambda: client.log().count("menu closed") > tap, timeout=5, message="menu closed")
                    time.sleep(0.2)
                client.check_alive()
                client.stop()
                # The memory as a user runs it: no -dd, no WAYLAND_DEBUG.
                plain = Client(sway, [self.buoy], "buoy-status-plain", config=config).start()
                wait_for_color(sway, plain, MAGENTA)
                control(plain, "menu")
                wait_for(lambda: "killed after" in plain.log(), timeout=5, message="the hanging status killed")
                time.sleep(0.3)
                plain.check_alive()
                peak.add(peak_rss_kb(plain.pid) * 1024 / 1e6)
                plain.stop()
            log(f"{setup.name} status menu run {run + 1}: tap → first frame "
                + ", ".join(f"{v:.2f}" for v in tapped.values[-self.args.taps:]) + f" ms; peak RSS {peak.values[-1]:.2f} MB")
        self.rows.append(Row(setup.name, "tap → the menu's first frame, 8 status items, one hanging", "ms", 2,
                             tapped, goal="≤ 17 ms, every open", met=tapped.max <= 17.0,
                             note=f"{self.runs} runs × {self.args.taps}; the statuses never delay it"))
        self.rows.append(Row(setup.name, "peak RSS with that menu open, its statuses in (VmHWM)", "MB", 2,
                             peak, goal="≤ 10 MB (10^6 bytes), every run", met=peak.max <= 10.0))

    def menu_open(self, setup: Setup) -> None:
        """Tap or `msg menu` → the menu's first frame (the parent's commit that shows its first
        image), read from buoy's WAYLAND_DEBUG, with the same 8-item menu as menu_rss.

        "Ready": the images were drawn ahead of time where the button rests; a tap is timed from
        buoy reading the release, `msg menu` from the request being sent on the control socket.
        "Not ready": a reload renames an item and `msg menu` follows at once, so the images
        are being drawn when it is asked. Also the shared buffers kept for the closed menu.
        The icons are 8 different ones (Adwaita's, SVGs), as a real menu's are: each is looked
        up and rendered."""
        items = "".join(f'[[menu.item]]\nlabel = "Item number {i + 1}"\nicon = "{icon}"\n'
                        f'command = "true"\n' for i, icon in enumerate(MENU_OPEN_ICONS[:7]))
        # The 8th item opens a submenu of 7, drawn ahead of time as the top level is.
        items += '[[menu.item]]\nlabel = "Device"\nicon = "computer"\nsubmenu = "device"\n'
        items += "".join(f'[[submenu.device.item]]\nlabel = "Device item {i + 1}"\nicon = "{icon}"\n'
                         f'command = "true"\n' for i, icon in enumerate(MENU_OPEN_ICONS[1:]))
        config = buoy_config(button={"color": '"#ff00ff"', "idle_delay": 60}, actions={"tap": '"menu"'},
                             menu={"open_duration": 0.1, "close_duration": 0.05}) + items
        tapped, asked, submenu, unready, unknown, kept = Series(), Series(), Series(), Series(), Series(), Series()
        for run in range(self.runs):
            with setup.sway() as sway:
                pointer = Pointer(sway, self.pointer_binary)
                client = Client(sway, [self.buoy, "-dd"], "buoy-menu-open", config=config,
                                debug=True).start()
                button = wait_for_color(sway, client, MAGENTA)
                wait_for(lambda: client.log().count("ahead of time") >= 2, timeout=10,
                         message="the menu and its submenu drawn ahead")
                time.sleep(0.2)
                kept.add(shared_buffers_not_resident(client.pid, "buoy-menu") / 1e6)
                cx, cy = button.centroid[0] / setup.scale, button.centroid[1] / setup.scale

                def opened_and_closed(count: int) -> None:
                    wait_for(lambda: client.log().count("menu opened") >= count, timeout=5,
                             message="menu opened")
                    time.sleep(0.2)
                    control(client, "menu")  # closes it
                    wait_for(lambda: client.log().count("menu closed") >= count, timeout=5,
                             message="menu closed")
                    time.sleep(0.2)

                opens = 0
                for _ in range(self.args.taps):
                    pointer.move(cx, cy)
                    pointer.down()
                    time.sleep(0.03)
                    t0 = realtime_us()
                    pointer.up()
                    opens += 1
                    opened_and_closed(opens)
                    messages = parse_wayland_debug(client.log(), t0)
                    release, frame = pointer_release_us(messages, t0), menu_first_frame_us(messages, t0)
                    if release is None or frame is None:
                        raise HarnessError(f"no release or menu frame after the tap in {client.log_path}")
                    tapped.add((frame - release) / 1000)

                    t0 = realtime_us()
                    control(client, "menu")
                    opens += 1
                    opened_and_closed(opens)
                    frame = menu_first_frame_us(parse_wayland_debug(client.log(), t0), t0)
                    if frame is None:
                        raise HarnessError(f"no menu frame after msg menu in {client.log_path}")
                    asked.add((frame - t0) / 1000)

                    t0 = realtime_us()
                    control(client, "menu device")
                    opens += 1
                    opened_and_closed(opens)
                    frame = menu_first_frame_us(parse_wayland_debug(client.log(), t0), t0)
                    if frame is None:
                        raise HarnessError(f"no submenu frame after msg menu device in {client.log_path}")
                    submenu.add((frame - t0) / 1000)

                # Renamed: drawn when asked, its icons' files known from the last drawing.
                # Under a new icon theme name (one that does not exist, so hicolor and
                # Adwaita are searched): each icon looked up again, as for a new menu.
                for series, theme in ((unready, False), (unknown, True)):
                    for round in range(self.args.taps):
                        renamed = config.replace('"Item number 1"', f'"Item number 1, take {run}.{round}"')
                        if theme:
                            renamed = renamed.replace("[menu]\n", f'[menu]\nicon_theme = "none-{run}.{round}"\n')
                        (client.home / "config" / "buoy" / "config.toml").write_text(renamed)
                        mark = len(client.log())
                        control(client, "reload")
                        t0 = realtime_us()
                        control(client, "menu")
                        opens += 1
                        opened_and_closed(opens)
                        if "opening with the images drawn ahead of time" in client.log()[mark:]:
                            raise HarnessError("the renamed menu was ready before it was asked for")
                        if theme and f'icon theme "none-{run}.{round}"' not in client.log()[mark:]:
                            raise HarnessError("the new icon theme name was not searched for")
                        frame = menu_first_frame_us(parse_wayland_debug(client.log(), t0), t0)
                        if frame is None:
                            raise HarnessError(f"no menu frame after reload + msg menu in {client.log_path}")
                        series.add((frame - t0) / 1000)
                client.check_alive()
                client.stop()
            log(f"{setup.name} menu open run {run + 1}: tap {tapped.values[-1]:.2f} ms, msg "
                f"{asked.values[-1]:.2f} ms, submenu {submenu.values[-1]:.2f} ms, not ready {unready.values[-1]:.2f} ms, icons looked up "
                f"{unknown.values[-1]:.2f} ms, kept {kept.values[-1]:.2f} MB")
        opens = f"{self.runs} runs × {self.args.taps}"
        self.rows.append(Row(setup.name, "tap → the menu's first frame, images ready", "ms", 2, tapped,
                             goal="≤ 17 ms, every open", met=tapped.max <= 17.0,
                             note=f"{opens}; from buoy reading the release (WAYLAND_DEBUG)"))
        self.rows.append(Row(setup.name, "`msg menu` → the menu's first frame, images ready", "ms", 2, asked,
                             goal="≤ 17 ms, every open", met=asked.max <= 17.0,
                             note=f"{opens}; from the request sent on the control socket"))
        self.rows.append(Row(setup.name, "`msg menu device` → the submenu's first frame, images ready", "ms", 2,
                             submenu, goal="≤ 17 ms, every open", met=submenu.max <= 17.0,
                             note=f"{opens}; a submenu of 7 items and Back, drawn ahead of time"))
        self.rows.append(Row(setup.name, "reload, then `msg menu` → first frame, images not ready", "ms", 2,
                             unready, goal="≤ 60 ms, every open", met=unready.max <= 60.0,
                             note=f"{opens}; an item renamed each time, so it is drawn when asked; "
                                  f"its icons' files known from the last drawing"))
        self.rows.append(Row(setup.name, "the same under a new icon theme name, icons looked up again", "ms",
                             2, unknown, goal="≤ 60 ms, every open", met=unknown.max <= 60.0,
                             note=f"{opens}; a theme that does not exist, so hicolor and Adwaita are searched"))
        goal = "≤ 1.5 MB at scale 2" if setup.scale == 2 else ""
        self.rows.append(Row(setup.name, "shared buffers kept for the closed menu", "MB", 2, kept, goal=goal,
                             met=(kept.max <= 1.5) if goal else None,
                             note="memfd pages buoy never touches: the drawing child wrote them"))

    # -- start-up

    def first_commit(self, setup: Setup) -> None:
        """Two end points from the same runs: the first content commit at any buffer scale,
        and the first one drawn at the output's scale (they differ when a program draws at
        scale 1 before it learns the output's scale, and redraws a frame later)."""
        kinds = ("any", "scaled")
        buoy = {k: Series() for k in kinds}
        ref = {k: Series() for k in kinds}
        ratio = {k: Series() for k in kinds}
        with setup.sway() as sway:
            for run in range(self.runs):
                values: dict[str, dict[str, float]] = {}
                for program, argv in (("reference", [self.reference]), ("buoy", [self.buoy])):
                    client = Client(sway, argv, program + "-debug", config="" if program == "buoy" else None,
                                    debug=True).start()
                    found: dict[str, int] = {}

                    def committed():
                        client.check_alive()
                        messages = parse_wayland_debug(client.log(), client.exec_us)
                        for kind, scale in (("any", None), ("scaled", setup.scale)):
                            at = first_buffer_commit_us(messages, scale)
                            if at is not None:
                                found[kind] = at
                        return len(found) == len(kinds)

                    wait_for(committed, timeout=10, interval=0.05,
                             message=f"{program}'s first buffer commit at scale {setup.scale}")
                    client.stop()
                    values[program] = {k: (found[k] - client.exec_us) / 1000 for k in kinds}
                for k in kinds:
                    buoy[k].add(values["buoy"][k])
                    ref[k].add(values["reference"][k])
                    ratio[k].add(values["buoy"][k] / values["reference"][k])
                log(f"{setup.name} first commit run {run + 1}: buoy {values['buoy']['any']:.2f} ms "
                    f"({values['buoy']['scaled']:.2f} ms at scale {setup.scale}), reference "
                    f"{values['reference']['any']:.2f} ms ({values['reference']['scaled']:.2f} ms)")
        self.rows.append(Row(setup.name, "exec → first buffer commit, any scale (WAYLAND_DEBUG=1)", "ms", 2,
                             buoy["any"], ref["any"], ratio["any"],
                             goal="median ratio ≤ 2×", met=ratio["any"].median <= 2.0))
        self.rows.append(Row(setup.name, f"exec → first buffer commit at the output's scale ({setup.scale})",
                             "ms", 2, buoy["scaled"], ref["scaled"], ratio["scaled"],
                             goal="median ratio ≤ 2×", met=ratio["scaled"].median <= 2.0))

    def cursor_theme(self, setup: Setup) -> None:
        """exec → first commit and peak RSS with the cursor theme desktops install (Adwaita, 124
        cursors) rather than the harness's blank one, on a compositor without cursor-shape-v1
        (sway 1.7): what buoy pays for cursors before the pointer ever comes."""
        adwaita = {"XCURSOR_PATH": "/usr/share/icons", "XCURSOR_THEME": "Adwaita", "XCURSOR_SIZE": "24"}
        if not Path("/usr/share/icons/Adwaita/cursors/left_ptr").exists():
            raise HarnessError("no Adwaita cursor theme in /usr/share/icons (adwaita-icon-theme)")
        commit, rss, hovered = Series(), Series(), Series()
        ref_commit, ref_rss = Series(), Series()
        with setup.sway() as sway:
            pointer = Pointer(sway, self.pointer_binary)
            pointer.move(1, 1)
            for run in range(self.runs):
                for program, argv in (("reference", [self.reference]), ("buoy", [self.buoy])):
                    debug = Client(sway, argv, program + "-adwaita-debug",
                                   config="" if program == "buoy" else None, debug=True)
                    debug.env.update(adwaita)
                    debug.start()
                    found: list[int] = []

                    def committed():
                        debug.check_alive()
                        at = first_buffer_commit_us(parse_wayland_debug(debug.log(), debug.exec_us))
                        if at is not None:
                            found.append(at)
                        return bool(found)

                    wait_for(committed, timeout=10, interval=0.05, message=f"{program}'s first buffer commit")
                    debug.stop()
                    (commit if program == "buoy" else ref_commit).add((found[0] - debug.exec_us) / 1000)
                    magenta = buoy_config(button={"color": '"#ff00ff"', "idle_delay": 60})
                    plain = Client(sway, argv, program + "-adwaita", config=magenta if program == "buoy" else None)
                    plain.env.update(adwaita)
                    plain.start()
                    time.sleep(1.0)
                    plain.check_alive()
                    (rss if program == "buoy" else ref_rss).add(peak_rss_kb(plain.pid) * 1024 / 1e6)
                    if program == "buoy":
                        # The pointer comes: buoy reads the one cursor it shows.
                        button = wait_for_color(sway, plain, MAGENTA)
                        pointer.move(button.center[0] / setup.scale, button.center[1] / setup.scale)
                        wait_for(lambda: "memfd:wayland-cursor" in Path(f"/proc/{plain.pid}/maps").read_text(),
                                 timeout=3, message="buoy's cursor image made")
                        hovered.add(peak_rss_kb(plain.pid) * 1024 / 1e6)
                        pointer.move(1, 1)
                    plain.stop()
                log(f"{setup.name} Adwaita cursors run {run + 1}: buoy first commit {commit.values[-1]:.2f} ms, "
                    f"peak RSS {rss.values[-1]:.2f} MB, {hovered.values[-1]:.2f} MB once hovered; "
                    f"reference {ref_commit.values[-1]:.2f} ms, "
                    f"{ref_rss.values[-1]:.2f} MB")
        ratio = Series([b / r for b, r in zip(commit.values, ref_commit.values)])
        self.rows.append(Row(setup.name, "Adwaita cursor theme: exec → first buffer commit", "ms", 2, commit,
                             ref_commit, ratio, goal="median ratio ≤ 2×", met=ratio.median <= 2.0,
                             note="XCURSOR_THEME=Adwaita; no cursor-shape-v1 on sway 1.7"))
        self.rows.append(Row(setup.name, "Adwaita cursor theme: peak RSS after start + 1 s idle", "MB", 2, rss,
                             ref_rss, Series([b / r for b, r in zip(rss.values, ref_rss.values)]),
                             goal="buoy ≤ 10 MB (10^6 bytes), every run", met=rss.max <= 10.0))
        self.rows.append(Row(setup.name, "Adwaita cursor theme: peak RSS once the pointer has entered the button",
                             "MB", 2, hovered, goal="buoy ≤ 10 MB (10^6 bytes), every run", met=hovered.max <= 10.0,
                             note="the one cursor file read, its image in a shared buffer"))

    # -- idle

    def idle(self, setup: Setup) -> None:
        config = buoy_config(button={"idle_delay": 0.2, "fade": 0.1})
        self.idle_figure(setup, config, "buoy-idle", "")
        # A badge is drawn once, by the drawing helper, and costs nothing after.
        self.idle_figure(setup, config, "buoy-idle-badge", "a badge set, ",
                         prepare=lambda buoy: control(buoy, "badge 3"))

    def idle_figure(self, setup: Setup, config: str, name: str, label: str,
                    prepare=lambda buoy: None) -> None:
        """Wakeups and CPU ticks of buoy (with `config`, and `prepare` done to it at start) and
        the reference over 5 s, 1 s after start; `label` ("4 buttons, " or "") starts the rows'
        names."""
        wakeups = (Series(), Series())
        ticks = (Series(), Series())
        with setup.sway() as sway:
            for run in range(self.runs):
                # Both at once: they do not interact, and the window is the same.
                ref = Client(sway, [self.reference], "reference").start()
                buoy = Client(sway, [self.buoy], name, config=config).start()
                time.sleep(0.3)
                prepare(buoy)
                time.sleep(0.7)
                clients = (buoy, ref)
                for c in clients:
                    c.check_alive()
                before = [(voluntary_switches(c.pid), cpu_ticks(c.pid)) for c in clients]
                time.sleep(5.0)
                after = [(voluntary_switches(c.pid), cpu_ticks(c.pid)) for c in clients]
                for i, c in enumerate(clients):
                    c.check_alive()
                    wakeups[i].add(after[i][0] - before[i][0])
                    ticks[i].add(after[i][1] - before[i][1])
                    c.stop()
                log(f"{setup.name} {label}idle run {run + 1}: buoy {wakeups[0].values[-1]:.0f} wakeups "
                    f"{ticks[0].values[-1]:.0f} ticks; reference {wakeups[1].values[-1]:.0f} wakeups "
                    f"{ticks[1].values[-1]:.0f} ticks")
        self.rows.append(Row(setup.name, f"{label}idle after fade: voluntary ctx switches in 5 s", "", 0,
                             wakeups[0], wakeups[1], goal="0 in every run", met=wakeups[0].max == 0))
        self.rows.append(Row(setup.name, f"{label}idle after fade: CPU ticks (utime+stime) in 5 s", "ticks", 0,
                             ticks[0], ticks[1], goal="0 in every run", met=ticks[0].max == 0))

    # -- keys for the focused window (issue 30 §2)

    def keys_rss(self, setup: Setup) -> None:
        """Peak RSS with keys configured minus without, each run the two one after the other:
        buoy makes its virtual keyboard at start and checks the key names with libxkbcommon.
        A keyboard is on the seat for both (wtype's), as on a laptop. Without address-space
        randomisation (setarch -R), each first in turn, as the haptic and a11y figures: with it,
        where the libraries land moves a start's peak by ±0.15 MB, more than the budget."""
        keys = buoy_config(actions={"tap": '{ keys = ["ctrl+l", "ctrl+c", "back", "overview"] }'})
        plain = buoy_config(actions={"tap": '"true"'})
        with_keys, difference = Series(), Series()
        with setup.sway() as sway:
            sway.spawn(["wtype", "-s", "600000", ""], log=sway.unique("wtype") + ".log")
            for run in range(self.runs):
                values = {}
                kinds = (("plain", plain), ("keys", keys))
                for kind, config in kinds if run % 2 == 0 else reversed(kinds):
                    client = Client(sway, ["setarch", platform.machine(), "-R", self.buoy], "buoy",
                                    config=config).start()
                    time.sleep(1.0)
                    client.check_alive()
                    values[kind] = peak_rss_kb(client.pid) * 1024 / 1e6
                    client.stop()
                with_keys.add(values["keys"])
                difference.add(values["keys"] - values["plain"])
                log(f"{setup.name} keys RSS run {run + 1}: {values['keys']:.2f} MB, without "
                    f"{values['plain']:.2f} MB")
        self.rows.append(Row(setup.name, "peak RSS with keys configured (VmHWM), a keyboard on the seat", "MB", 2,
                             with_keys, goal="≤ 10 MB, every run", met=with_keys.max <= 10.0))
        self.rows.append(Row(setup.name, "the same minus without keys, run by run", "MB", 2, difference,
                             goal="median ≤ 0.1 MB", met=difference.median <= 0.1))

    # -- visibility rules (issue 20)

    def rules(self, setup: Setup) -> None:
        """A `[visibility]` rule binds foreign-toplevel, so buoy hears of every window. It must
        still idle at zero wakeups, keep to its RSS goal, and commit nothing while 50 windows
        open and close on another output (none of them matches the rule)."""
        config = buoy_config(button={"idle_delay": 0.2, "fade": 0.1}, visibility={"hide_for": '["mpv"]'})
        label = "a visibility rule set, "
        self.peak_rss(setup, config, label)
        self.idle_figure(setup, config, "buoy-idle-rule", label)
        commits, wakeups = Series(), Series()
        with setup.sway() as sway:
            sway.swaymsg("create_output")
            wait_for(lambda: len(sway.outputs()) == 2, timeout=5, message="a second output")
            first, second = sorted(o["name"] for o in sway.outputs())
            for run in range(self.runs):
                sway.swaymsg("focus", "output", first)
                buoy = Client(sway, [self.buoy], "buoy-rule-windows", config=config, debug=True).start()
                time.sleep(1.0)  # placed, and faded: nothing left to draw
                buoy.check_alive()
                sway.swaymsg("focus", "output", second)
                time.sleep(0.2)
                mark = len(buoy.log())
                before = voluntary_switches(buoy.pid)
                windows = [sway.spawn(["wev"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                           for _ in range(50)]
                wait_for(lambda: len(sway.windows()) == 50, timeout=30, message="50 windows")
                for window in windows:
                    window.terminate()
                wait_for(lambda: not sway.windows(), timeout=30, message="every window closed")
                time.sleep(0.2)
                buoy.check_alive()
                wakeups.add(voluntary_switches(buoy.pid) - before)
                heard = buoy.log()[mark:]
                commits.add(len(re.findall(r"-> wl_surface@\d+\.commit\(\)", heard)))
                if "zwlr_foreign_toplevel_handle_v1" not in heard:
                    raise HarnessError("buoy heard of none of the windows: is foreign-toplevel bound?")
                log(f"{setup.name} rule, 50 windows run {run + 1}: {commits.values[-1]:.0f} commits, "
                    f"{wakeups.values[-1]:.0f} wakeups")
                buoy.stop()
        self.rows.append(Row(setup.name, f"{label}50 windows opening and closing on another output: buoy's "
                             "commits", "", 0, commits, goal="0 in every run", met=commits.max == 0))
        self.rows.append(Row(setup.name, f"{label}50 windows opening and closing on another output: buoy's "
                             "wakeups (WAYLAND_DEBUG run)", "", 0, wakeups,
                             note="each window's foreign-toplevel events wake it; nothing is drawn"))

    def fullscreen(self, setup: Setup) -> None:
        """`[visibility] fullscreen = "hide"`: from running `swaymsg fullscreen` to the `hidden`
        line a `buoy msg subscribe` reads, and from `fullscreen disable` to `shown`. The e2e
        test (test_visibility) checks the events and what shows; how fast is measured here."""
        config = buoy_config(button={"color": '"#ff00ff"', "idle_delay": 60}, visibility={"fullscreen": '"hide"'})
        hide, show = Series(), Series()
        with setup.sway() as sway:
            sway.wev()
            buoy = Client(sway, [self.buoy], "buoy-fullscreen", config=config).start()
            wait_for_color(sway, buoy, MAGENTA)
            subscriber = subprocess.Popen([str(self.buoy), "msg", "subscribe"], env=buoy.env,
                                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            lines = LineReader(subscriber.stdout)
            try:
                time.sleep(0.5)  # subscribed: buoy accepts the peer on its next wakeup
                for _ in range(self.runs):
                    for state, event, series in (("enable", "hidden", hide), ("disable", "shown", show)):
                        asked = time.monotonic()
                        sway.swaymsg("fullscreen", state)
                        arrived = lines.wait(lambda line: f'"event":"{event}"' in line.replace(" ", ""))
                        series.add((arrived - asked) * 1000)
                        time.sleep(0.3)  # the button drawn or gone before the next change
            finally:
                subscriber.terminate()
                subscriber.wait(timeout=5)
                buoy.stop()
        for what, series in (("hidden", hide), ("shown", show)):
            self.rows.append(Row(setup.name, f"swaymsg fullscreen → the `{what}` event read by `buoy msg "
                                 "subscribe`, `fullscreen = \"hide\"`", "ms", 1, series, goal="median ≤ 100 ms",
                                 met=series.median <= 100))

    # -- drag

    def drag(self, setup: Setup) -> None:
        rate, motions_rate = Series(), Series()
        per_frame, worst_interval, frame_rate = Series(), Series(), Series()
        cpu, cpu_rate, error = Series(), Series(), Series()
        for run in range(self.runs):
            for debug in (True, False):
                with setup.sway() as sway:
                    result = self.drag_once(sway, setup, debug, screenshots=not debug)
                if debug:
                    stats = result["stats"]
                    rate.add(result["rate"])
                    per_frame.add(stats.commits_per_frame)
                    worst_interval.add(stats.max_commits_between_dones)
                    frame_rate.add(stats.callbacks_per_second)
                    motions_rate.add(stats.motions / result["seconds"])
                    log(f"{setup.name} drag run {run + 1} (WAYLAND_DEBUG): {result['rate']:.0f} moves/s acked, "
                        f"{stats.motions / result['seconds']:.0f} motion events/s received, "
                        f"{stats.commits} commits / {stats.intervals} frame-callback intervals, "
                        f"max {stats.max_commits_between_dones} commits between two callbacks")
                else:
                    cpu.add(result["cpu"])
                    cpu_rate.add(result["rate"])
                    error.add(result["error"])
                    log(f"{setup.name} drag run {run + 1}: {result['rate']:.0f} moves/s acked, buoy CPU "
                        f"{result['cpu']:.1f} %, worst on-screen error {result['error']:.2f} px")
        name = setup.name
        self.rows.append(Row(name, "drag: pointer moves/s achieved (WAYLAND_DEBUG run)", "/s", 0, rate,
                             goal="~1000 (driver)", note="moves acknowledged by the compositor"))
        self.rows.append(Row(name, "drag: wl_pointer.motion events/s received by buoy", "/s", 0, motions_rate))
        self.rows.append(Row(name, "drag: frame callbacks/s", "/s", 1, frame_rate))
        self.rows.append(Row(name, "drag: layer-surface commits per frame callback", "", 3, per_frame,
                             goal="≤ 1 in every run", met=per_frame.max <= 1.0))
        self.rows.append(Row(name, "drag: most commits between two frame callbacks", "", 0, worst_interval,
                             goal="≤ 1", met=worst_interval.max <= 1))
        self.rows.append(Row(name, "drag: pointer moves/s achieved (CPU run)", "/s", 0, cpu_rate))
        self.rows.append(Row(name, "drag: buoy CPU (no WAYLAND_DEBUG)", "%", 1, cpu))
        self.rows.append(Row(name, "drag: worst on-screen error, button vs pointer", "px", 2, error,
                             note="logical px, still pointer mid-drag"))

    def drag_once(self, sway: HeadlessSway, setup: Setup, debug: bool, screenshots: bool,
                  config: Optional[str] = None) -> dict:
        """Drags the magenta button; `config` replaces the one-button config."""
        pointer = Pointer(sway, self.pointer_binary)
        if config is None:
            config = buoy_config(button={"color": '"#ff00ff"', "idle_delay": 60})
        buoy = Client(sway, [self.buoy], "buoy-drag", config=config, debug=debug).start()
        factor = setup.scale  # screenshots are in buffer pixels
        button = wait_for_color(sway, buoy, MAGENTA)
        cx, cy = button.centroid[0] / factor, button.centroid[1] / factor
        width, height = setup.logical
        # A circle around the output's centre, one turn per second.
        radius = min(width, height) / 4
        centre = (width / 2, height / 2)
        start = (centre[0] + radius, centre[1])
        # Grab it off-centre, so a wrong grab offset would show.
        press = (cx + 8, cy - 6)
        pointer.move(*press)
        press_us = realtime_us()
        pointer.down()
        grab = (press[0] - cx, press[1] - cy)
        cx, cy = press
        # Into the circle's start in 20 small steps: this crosses the drag threshold.
        for i in range(1, 21):
            pointer.move(cx + (start[0] - cx) * i / 20, cy + (start[1] - cy) * i / 20)
        time.sleep(0.1)

        seconds = self.args.drag_seconds
        hz = self.args.drag_rate
        points = []
        for i in range(int(seconds * hz)):
            angle = 2 * math.pi * i / hz
            points.append((centre[0] + radius * math.cos(angle), centre[1] + radius * math.sin(angle)))
        ticks_before = cpu_ticks(buoy.pid)
        mono_start, real_start = time.monotonic(), realtime_us()
        acked = pipelined_moves(pointer, points, hz)
        mono_end, real_end = time.monotonic(), realtime_us()
        ticks_after = cpu_ticks(buoy.pid)
        buoy.check_alive()
        elapsed = mono_end - mono_start
        result = {"rate": acked / elapsed, "seconds": elapsed,
                  "cpu": 100 * (ticks_after - ticks_before) / CLK_TCK / elapsed}

        if screenshots:
            worst = 0.0
            for dx, dy in ((0, 0), (-0.5, 0), (0, -0.5), (0.35, 0.35)):
                px = centre[0] + dx * radius + 0.25  # fractional, to see the rounding
                py = centre[1] + dy * radius + 0.25
                pointer.move(px, py)
                time.sleep(0.15)  # several frames
                image = sway.screenshot()
                found = image.find(MAGENTA, tolerance=8)
                if found is None:
                    raise HarnessError("the button is not on screen mid-drag")
                seen = (found.centroid[0] / factor, found.centroid[1] / factor)
                expected = (px - grab[0], py - grab[1])
                worst = max(worst, math.hypot(seen[0] - expected[0], seen[1] - expected[1]))
            result["error"] = worst
        pointer.up()
        if debug:
            time.sleep(0.1)
            buoy.check_alive()
            messages = parse_wayland_debug(buoy.log(), real_start)
            result["stats"] = frame_stats(messages, real_start, real_end)
            result.update(messages=messages, start_us=real_start, end_us=real_end, press_us=press_us)
        buoy.stop()
        return result

    # -- several buttons

    # Four buttons at distinct places, so that they never overlap; b2, on the right, is the one
    # dragged, and it is the only magenta one.
    BUTTONS = (("b1", "left", "#00ff00"), ("b2", "right", "#ff00ff"),
               ("b3", "top", "#0000ff"), ("b4", "bottom", "#ffff00"))

    @staticmethod
    def buttons_config(count: int, **keys) -> str:
        lines = []
        for name, position, color in Bench.BUTTONS[:count]:
            lines += ["[[button]]", f'name = "{name}"', f'position = "{position}"', f'color = "{color}"']
            lines += [f"{key} = {value}" for key, value in keys.items()]
            lines.append("")
        return "\n".join(lines)

    def buttons_rss(self, setup: Setup) -> None:
        """VmHWM 1 s after exec with one [[button]] and with four, in the same run; the extra
        per button is (RSS4 − RSS1) / 3."""
        one, four, extra = Series(), Series(), Series()
        with setup.sway() as sway:
            for run in range(self.runs):
                values = {}
                for count in (1, 4):
                    client = Client(sway, [self.buoy], f"buoy-{count}-buttons",
                                    config=self.buttons_config(count)).start()
                    time.sleep(1.0)
                    client.check_alive()
                    values[count] = peak_rss_kb(client.pid) * 1024 / 1e6
                    client.stop()
                one.add(values[1])
                four.add(values[4])
                extra.add((values[4] - values[1]) / 3)
                log(f"{setup.name} RSS with buttons run {run + 1}: 1 button {values[1]:.3f} MB, "
                    f"4 buttons {values[4]:.3f} MB, extra per button {extra.values[-1]:.3f} MB")
        self.rows.append(Row(setup.name, "peak RSS (VmHWM), 1 [[button]], start + 1 s", "MB", 2, one,
                             note="MB = 10^6 bytes"))
        self.rows.append(Row(setup.name, "peak RSS (VmHWM), 4 [[button]]s, start + 1 s", "MB", 2, four,
                             goal="≤ 10 MB (10^6 bytes), every run", met=four.max <= 10.0))
        self.rows.append(Row(setup.name, "peak RSS: extra per button, (RSS4 − RSS1) / 3", "MB", 3, extra,
                             goal="≤ 0.3 MB, every run", met=extra.max <= 0.3, note="per run, same sway"))

    def buttons_idle(self, setup: Setup) -> None:
        """The idle figure with four buttons, each with idle_delay 0.2 and fade 0.1."""
        self.idle_figure(setup, self.buttons_config(4, idle_delay=0.2, fade=0.1), "buoy-idle-4", "4 buttons, ")

    def buttons_drag(self, setup: Setup) -> None:
        """One of four buttons (b2, on the right) dragged at 1 kHz, WAYLAND_DEBUG runs only:
        commits per frame callback on its layer surface, and commits on the other three's."""
        rate, per_frame, worst_interval, others, others_tree = Series(), Series(), Series(), Series(), Series()
        config = self.buttons_config(4, idle_delay=60)
        for run in range(self.runs):
            with setup.sway() as sway:
                result = self.drag_once(sway, setup, debug=True, screenshots=False, config=config)
            messages, start, end = result["messages"], result["start_us"], result["end_us"]
            layers = layer_surfaces(messages)
            if len(layers) != 4:
                raise HarnessError(f"expected 4 layer surfaces in the log, found {layers}")
            dragged = pressed_layer_surface(messages, result["press_us"])
            if dragged not in layers:
                raise HarnessError(f"the press was not on a layer surface: {dragged}, layers {layers}")
            stats = frame_stats(messages, start, end, surface=dragged)
            counts = commits_by_layer_surface(messages, start, end)
            # Cross-check: the dragged surface is the only one with commits, or at least the busiest.
            busiest = max(layers, key=lambda s: counts[s][0])
            if busiest != dragged:
                raise HarnessError(f"the pressed surface {dragged} is not the one committing most: {counts}")
            other = [s for s in layers if s != dragged]
            rate.add(result["rate"])
            per_frame.add(stats.commits_per_frame)
            worst_interval.add(stats.max_commits_between_dones)
            others.add(sum(counts[s][0] for s in other))
            others_tree.add(sum(counts[s][1] for s in other))
            log(f"{setup.name} drag one of 4 run {run + 1}: {result['rate']:.0f} moves/s acked; dragged "
                f"wl_surface@{dragged}: {stats.commits} commits / {stats.intervals} frame-callback intervals, "
                f"max {stats.max_commits_between_dones} between two; others "
                + ", ".join(f"wl_surface@{s}: {counts[s][0]} layer / {counts[s][1]} tree commits" for s in other))
        name = setup.name
        self.rows.append(Row(name, "drag 1 of 4: pointer moves/s achieved (WAYLAND_DEBUG run)", "/s", 0, rate))
        self.rows.append(Row(name, "drag 1 of 4: dragged layer surface's commits per frame callback", "", 3,
                             per_frame, goal="≤ 1 in every run", met=per_frame.max <= 1.0))
        self.rows.append(Row(name, "drag 1 of 4: most commits between two frame callbacks", "", 0, worst_interval,
                             goal="≤ 1", met=worst_interval.max <= 1))
        self.rows.append(Row(name, "drag 1 of 4: commits of the other 3 layer surfaces during the drag", "", 0,
                             others, goal="0 in every run", met=others.max == 0,
                             note=f"their whole surface trees, faces included: {summary(others_tree, 0)}"))

    # -- tap

    def tap(self, setup: Setup) -> None:
        """Release → the tap command's own timestamp. The cost of the command itself (sh and
        date starting) is measured in the same phase, between the taps, and its median is
        subtracted: it depends on the load of the moment as much as the taps do."""
        window = 0.25
        raw = {False: Series(), True: Series()}
        sh_cost = Series()
        for with_double in (False, True):
            for run in range(self.runs):
                with setup.sway() as sway:
                    marker = sway.artifact("tapped")
                    actions = {"tap": toml_string(f"date +%s%N >> {marker}")}
                    if with_double:
                        actions["double_tap"] = toml_string("true")
                    config = buoy_config(
                        button={"color": '"#ff00ff"', "idle_delay": 60},
                        gestures={"double_tap_window": window}, actions=actions)
                    pointer = Pointer(sway, self.pointer_binary)
                    buoy = Client(sway, [self.buoy], "buoy-tap", config=config).start()
                    button = wait_for_color(sway, buoy, MAGENTA)
                    cx, cy = button.centroid[0] / setup.scale, button.centroid[1] / setup.scale
                    for tap in range(self.args.taps):
                        pointer.move(cx, cy)
                        pointer.down()
                        time.sleep(0.03)
                        lines = count_lines(marker)
                        t0 = time.time_ns()
                        pointer.up()
                        wait_for(lambda: count_lines(marker) > lines, timeout=5, interval=0.002,
                                 message="tap's command")
                        stamp = int(marker.read_text().split()[-1])
                        raw[with_double].add((stamp - t0) / 1e6 - (window * 1000 if with_double else 0))
                        # Never a double tap by accident; meanwhile, what sh + date cost now.
                        pause_end = time.monotonic() + window + 0.25
                        for _ in range(2):
                            sh_cost.add(sh_date_cost_ms())
                        time.sleep(max(0.0, pause_end - time.monotonic()))
                    buoy.check_alive()
                    buoy.stop()
                kind = "with double_tap, minus the window" if with_double else "no double_tap"
                log(f"{setup.name} tap run {run + 1} ({kind}), sh+date included: "
                    + ", ".join(f"{v:.2f}" for v in raw[with_double].values[-self.args.taps:]) + " ms")
        cost = sh_cost.median
        log(f"{setup.name} sh -c 'date +%s%N >> file', exec → timestamp: median {cost:.2f} ms "
            f"({sh_cost.min:.2f}–{sh_cost.max:.2f}, {len(sh_cost.values)} samples between the taps)")
        plain = Series([v - cost for v in raw[False].values])
        double = Series([v - cost for v in raw[True].values])
        taps = f"{self.runs} runs × {self.args.taps} taps"
        self.rows.append(Row(setup.name, "release → tap command started, no double_tap", "ms", 2, plain,
                             goal="median ≤ 5 ms", met=plain.median <= 5.0,
                             note=f"{taps}; minus the median sh+date cost, {cost:.2f} ms"))
        self.rows.append(Row(setup.name, f"release → tap started, double_tap set, minus the {window} s window",
                             "ms", 2, double, goal="median ≤ window + 5 ms", met=double.median <= 5.0,
                             note="minus sh+date too"))
        self.rows.append(Row(setup.name, "release → tap's date timestamp, no double_tap, sh+date included", "ms",
                             2, raw[False]))
        self.rows.append(Row(setup.name, "sh -c 'date +%s%N >> file': exec → timestamp", "ms", 2, sh_cost,
                             note="sampled between the taps"))

    # -- click types

    def clicks(self, setup: Setup) -> None:
        """Issue 30 §1: `msg click right`, then a tap on the overlay (press, 30 ms, release:
        buoy acts on the release) → the right press as wev, the window below, logs it (its log
        polled every millisecond). Then, armed with a 60 s timeout, buoy's wakeups in 2 s."""
        latency = Series()
        wakeups = Series()
        for run in range(self.runs):
            with setup.sway() as sway:
                config = buoy_config(button={"color": '"#ff00ff"', "idle_delay": 60},
                                     gestures={"click_timeout": 60})
                pointer = Pointer(sway, self.pointer_binary)
                buoy = Client(sway, [self.buoy, "-d"], "buoy-clicks", config=config).start()
                wait_for_color(sway, buoy, MAGENTA)
                wev = sway.wev()
                x, y = 300, 200
                wev.take_pointer(pointer, x, y)
                for tap in range(self.args.taps):
                    overlays = buoy.log().count("takes input")
                    control(buoy, "click right")
                    wait_for(lambda: buoy.log().count("takes input") > overlays, timeout=5, interval=0.002,
                             message="the click overlay")
                    pointer.down()
                    time.sleep(0.03)
                    wev.mark()
                    t0 = time.time_ns()
                    pointer.up()
                    wait_for(lambda: wev.button_presses(), timeout=5, interval=0.001,
                             message="the right press in wev")
                    latency.add((time.time_ns() - t0) / 1e6)
                    time.sleep(0.1)
                control(buoy, "click right")
                time.sleep(0.5)
                before = voluntary_switches(buoy.pid)
                time.sleep(2)
                wakeups.add(voluntary_switches(buoy.pid) - before)
                control(buoy, "click cancel")
                buoy.check_alive()
                buoy.stop()
            log(f"{setup.name} clicks run {run + 1}: " + ", ".join(
                f"{v:.2f}" for v in latency.values[-self.args.taps:]) + f" ms; {wakeups.values[-1]} wakeups")
        taps = f"{self.runs} runs × {self.args.taps} taps"
        self.rows.append(Row(setup.name, "click types: release on the overlay → the right press read by wev",
                             "ms", 2, latency, goal="median ≤ 30 ms, every run ≤ 50 ms",
                             met=latency.median <= 30 and latency.max <= 50,
                             note=f"{taps}; wev's log polled every 1 ms"))
        self.rows.append(Row(setup.name, "click types: voluntary ctx switches in 2 s while armed (60 s timeout)",
                             "", 0, wakeups, goal="0", met=wakeups.max == 0))

    # -- haptic feedback

    def haptic(self, setup: Setup) -> None:
        """Press → the TriggerFeedback it asks for, read by a stub feedbackd on a private session
        bus (Tests/e2e/feedbackd.py): from just before `down` is written to buoy-pointer to the
        stub reading the call (CLOCK_MONOTONIC both). sway has no touch, so `feedback = "on"`,
        under which a pointer press is felt too; each press is held 30 ms and released."""
        latency, extra = Series(), Series()

        def config(feedback: str) -> str:
            return buoy_config(button={"color": '"#ff00ff"', "idle_delay": 60, "feedback": f'"{feedback}"'},
                               gestures={"double_tap_window": 0.25})

        for run in range(self.runs):
            peak = {}
            with setup.sway() as sway, SessionBus() as bus, FeedbackdStub(bus) as feedbackd:
                pointer = Pointer(sway, self.pointer_binary)
                # The cost in memory: the same presses with feedback off, as a user runs it (no -dd),
                # in turn first and second. Both without address-space randomisation: with it, the
                # kernel's fault-around maps a different share of the shared libraries' pages each
                # run (libc's text alone by ±100 KiB), and two identical runs differ by up to
                # 0.16 MB of VmHWM; without it they are equal to the KiB (bench/results.md).
                for feedback in (("off", "on") if run % 2 == 0 else ("on", "off")):
                    buoy = Client(sway, ["setarch", platform.machine(), "-R", self.buoy], "buoy-haptic",
                                  config=config(feedback))
                    buoy.env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
                    buoy.start()
                    button = wait_for_color(sway, buoy, MAGENTA)
                    cx, cy = button.centroid[0] / setup.scale, button.centroid[1] / setup.scale
                    for tap in range(self.args.taps):
                        pointer.move(cx, cy)
                        count = len(feedbackd.calls)
                        t0 = time.monotonic()
                        pointer.down()
                        if feedback == "on":
                            wait_for(lambda: len(feedbackd.calls) > count, timeout=5, interval=0.002,
                                     message="TriggerFeedback")
                            latency.add((feedbackd.calls[count].monotonic - t0) * 1000)
                        time.sleep(0.03)
                        pointer.up()
                        time.sleep(0.4)  # never a double tap
                    buoy.check_alive()
                    peak[feedback] = peak_rss_kb(buoy.pid) * 1024 / 1e6
                    buoy.stop()
                extra.add(peak["on"] - peak["off"])
            log(f"{setup.name} haptic run {run + 1}: "
                + ", ".join(f"{v:.2f}" for v in latency.values[-self.args.taps:])
                + f" ms; peak RSS {peak['off']:.2f} MB off, {peak['on']:.2f} MB on")
        self.rows.append(Row(setup.name, "press → TriggerFeedback read by a stub feedbackd", "ms", 2, latency,
                             goal="≤ 20 ms, every press", met=latency.max <= 20.0,
                             note=f"{self.runs} runs × {self.args.taps} presses; private session bus, "
                                  "feedback = \"on\" (pointer)"))
        self.rows.append(Row(setup.name, "peak RSS with feedback on, minus the same presses with it off", "MB", 3,
                             extra, goal="≤ 0.1 MB, every run", met=extra.max <= 0.1,
                             note="VmHWM after the presses; feedbackd on the bus both times; "
                                  "no address-space randomisation (setarch -R), each first in turn"))

    # -- accessibility

    def accessibility(self, setup: Setup) -> None:
        """AT-SPI (issue 31) on a private session bus with its own at-spi-bus-launcher
        (Tests/e2e/atspi.py): buoy's peak RSS while accessibility is off (IsEnabled false: buoy
        watches the switch and nothing more), and what the session bus costs: that peak minus the
        same buoy's with no session bus at all, against the same cost in `--before-atspi`'s build
        (AT-SPI's budget is the difference: a difference of differences, because a build's layout
        alone moves its peak by more than the budget); with it on, a screen reader (pyatspi) having read
        the tree and the menu open, minus the same buoy with it off and the menu open; and
        doAction(activate) → the tap's command started. Without address-space randomisation
        (setarch -R), as the haptic figures, each first in turn."""
        off, extra, latency = Series(), Series(), Series()
        bus_cost, before_cost, budget = Series(), Series(), Series()
        items = "".join(f'[[menu.item]]\nlabel = "Item {n}"\ncommand = "true"\n' for n in range(8))
        for run in range(self.runs):
            with setup.sway() as sway, Accessibility(sway, enabled=False) as a11y:
                marker = sway.artifact("tapped")
                config = buoy_config(button={"color": '"#ff00ff"', "idle_delay": 60},
                                     actions={"tap": f'"date +%s%N >> {marker}"', "long_press": '"menu"'}) + items

                def start() -> Client:
                    buoy = Client(sway, ["setarch", platform.machine(), "-R", self.buoy], "buoy-a11y", config=config)
                    buoy.env["DBUS_SESSION_BUS_ADDRESS"] = a11y.bus.address
                    buoy.start()
                    wait_for_color(sway, buoy, MAGENTA)
                    return buoy

                def peak_off(binary: str, bus: bool) -> float:
                    buoy = Client(sway, ["setarch", platform.machine(), "-R", binary], "buoy-a11y", config=config)
                    buoy.env.pop("DBUS_SESSION_BUS_ADDRESS", None)
                    if bus:
                        buoy.env["DBUS_SESSION_BUS_ADDRESS"] = a11y.bus.address
                    buoy.start()
                    wait_for_color(sway, buoy, MAGENTA)
                    time.sleep(1.0)
                    buoy.check_alive()
                    peak = peak_rss_kb(buoy.pid) * 1024 / 1e6
                    buoy.stop()
                    return peak

                def cost(binary: str) -> float:
                    """The session bus's cost to `binary`'s peak: with the bus, minus without."""
                    peaks = {bus: peak_off(binary, bus) for bus in ((True, False) if run % 2 == 0 else (False, True))}
                    if binary == self.buoy:
                        off.add(peaks[True])
                    return peaks[True] - peaks[False]

                bus_cost.add(cost(self.buoy))
                if self.args.before_atspi:
                    before_cost.add(cost(self.args.before_atspi))
                    budget.add(bus_cost.values[-1] - before_cost.values[-1])
                peak = {}
                for enabled in ((False, True) if run % 2 == 0 else (True, False)):
                    a11y.switch(enabled)
                    buoy = start()
                    if enabled:
                        a11y.app()
                    # The same taps either way (by doAction, or by `buoy msg tap`), so that only
                    # AT-SPI differs.
                    for _ in range(self.args.taps):
                        lines = marker.read_text().count("\n") if marker.exists() else 0
                        if enabled:
                            before = a11y.client("timed-do", "0", "activate")
                        else:
                            subprocess.run([self.buoy, "msg", "tap"], env=buoy.env, check=True, timeout=5,
                                           capture_output=True)
                        wait_for(lambda: marker.exists() and marker.read_text().count("\n") > lines,
                                 timeout=5, message="the tap's command")
                        if enabled:
                            latency.add((int(marker.read_text().split()[-1]) - before) / 1e6)
                        time.sleep(0.4)
                    subprocess.run([self.buoy, "msg", "menu"], env=buoy.env, check=True, timeout=5,
                                   capture_output=True)
                    if enabled:
                        wait_for(lambda: a11y.client("tree")["children"][0]["children"], timeout=5,
                                 message="the menu in the tree")
                    time.sleep(1.0)
                    buoy.check_alive()
                    peak[enabled] = peak_rss_kb(buoy.pid) * 1024 / 1e6
                    buoy.stop()
                extra.add(peak[True] - peak[False])
            log(f"{setup.name} accessibility run {run + 1}: off {off.values[-1]:.3f} MB, the session bus's cost "
                f"{bus_cost.values[-1]:.3f} MB" + (f" (before AT-SPI {before_cost.values[-1]:.3f} MB)"
                                                   if self.args.before_atspi else "") + "; menu open "
                f"{peak[False]:.3f} MB off, {peak[True]:.3f} MB on; doAction → tap "
                + ", ".join(f"{v:.1f}" for v in latency.values[-self.args.taps:]) + " ms")
        self.rows.append(Row(setup.name, "peak RSS, accessibility off (a session bus, its launcher, IsEnabled "
                                         "false)", "MB", 3, off,
                             note="VmHWM 1 s after start; setarch -R"))
        self.rows.append(Row(setup.name, "peak RSS, accessibility off: with a session bus minus without", "MB", 3,
                             bus_cost, note="the same buoy, 1 s after start, DBUS_SESSION_BUS_ADDRESS unset for "
                                            "the second; feedback = \"auto\" (the default), so this is the one "
                                            "connection feedbackd and the accessibility watch share"))
        if self.args.before_atspi:
            self.rows.append(Row(setup.name, "peak RSS, accessibility off, minus the build before AT-SPI", "MB", 3,
                                 budget, goal="≤ 0.02 MB (median)", met=budget.median <= 0.02,
                                 note="the session bus's cost (the row above) minus the same cost in "
                                      "--before-atspi's build (ee1b763, which make bench builds): a difference "
                                      "of differences, since two builds' layouts alone differ by ~0.09 MB"))
        self.rows.append(Row(setup.name, "peak RSS, accessibility on and the menu open, minus off", "MB", 3, extra,
                             goal="≤ 0.3 MB, every run", met=extra.max <= 0.3,
                             note="pyatspi read the tree and tapped 5 times by doAction (off: buoy msg tap), then the "
                                  "8-item menu open 1 s; setarch -R"))
        self.rows.append(Row(setup.name, "doAction(activate) → tap command started", "ms", 2, latency,
                             goal="≤ 20 ms, every tap", met=latency.max <= 20.0,
                             note="from pyatspi's call to `date` in the tap's `sh -c`, its exec included"))

    # -- size

    def binary_size(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            sizes = {}
            for kind, path in (("buoy", self.buoy), ("reference", self.reference)):
                copy = Path(tmp) / kind
                shutil.copy(path, copy)
                subprocess.run(["strip", str(copy)], check=True)
                sizes[kind] = copy.stat().st_size / 1024
        self.rows.append(Row("any", "binary size, stripped", "KiB", 0, Series([sizes["buoy"]]),
                             Series([sizes["reference"]]), Series([sizes["buoy"] / sizes["reference"]]),
                             note="buoy links the Swift runtime statically; shared libraries not counted"))
        # The section order (`make order`) keeps the code a session runs together; names that
        # are gone since it was written are functions renamed or removed, placed with the rest.
        order = (REPO / "packaging" / "link" / "buoy.order").read_text().split()
        nm = subprocess.run(["nm", "--defined-only", str(self.buoy)], capture_output=True, text=True,
                            check=True).stdout
        defined = {parts[2] for parts in (line.split() for line in nm.splitlines()) if len(parts) == 3}
        found = sum(name in defined for name in order)
        self.rows.append(Row("any", "functions of packaging/link/buoy.order still in buoy", "%", 0,
                             Series([100 * found / len(order)]),
                             note=f"{found} of {len(order)}; below about 80 %, run `make order`"))


class SilentPeers:
    """A thread that, every `interval` s, connects to buoy's control socket on `sway` and sends
    nothing: a crashed script or an `nc -U` left open. buoy drops each after its 2 s timeout."""

    def __init__(self, sway: HeadlessSway, interval: float = 0.1):
        self.path = str(Path(sway.env["XDG_RUNTIME_DIR"]) / f"buoy-{sway.env['WAYLAND_DISPLAY']}.sock")
        self.interval = interval
        self.connected = 0
        self.peers: list[socket.socket] = []
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> "SilentPeers":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stopping.set()
        self.thread.join()
        for peer in self.peers:
            peer.close()

    def _run(self) -> None:
        while not self.stopping.wait(self.interval):
            peer = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                peer.connect(self.path)  # before buoy listens: refused, try again
            except OSError:
                peer.close()
                continue
            self.connected += 1
            self.peers.append(peer)


@dataclasses.dataclass
class SilentPeersSetup(Setup):
    """A Setup whose sway has SilentPeers connecting to buoy throughout."""

    @property
    def name(self) -> str:
        return Setup(self.resolution, self.scale).name

    @contextlib.contextmanager
    def sway(self):
        with super().sway() as sway, SilentPeers(sway) as peers:
            yield sway
            if peers.connected == 0:
                raise HarnessError("no silent peer ever connected to buoy's socket")


def silent_peers(bench: "Bench", setup: Setup) -> None:
    """The tap and drag figures again, with a silent peer connecting every 100 ms: the control
    socket must never hold up the button (issue 14). Keeps the rows with goals, and the frame
    rate, which a stalled loop lowers while every frame still has its one commit."""
    first = len(bench.rows)
    peered = SilentPeersSetup(setup.resolution, setup.scale)
    bench.tap(peered)
    bench.drag(peered)
    kept = ("release → tap command started, no double_tap", "drag: frame callbacks/s",
            "drag: layer-surface commits per frame callback", "drag: most commits between two frame callbacks")
    rows = [row for row in bench.rows[first:] if row.figure in kept]
    for row in rows:
        row.figure += ", a silent peer connecting every 100 ms"
    bench.rows[first:] = rows


def edit_mode(bench: "Bench", setup: Setup) -> None:
    """Edit mode (`[menu] edit = "touch"`, issue 32): a tap on Edit → edit mode's first frame
    and a tap on "+" → the picker's, both screens drawn ahead of time with the menu's levels;
    a tap on Media → its first frame, drawn when asked (cold: a child draws it, its icons never
    looked up before); buoy's VmHWM once edit mode has shown all three. Each tap lands where buoy's debug log (`menu: items at`) says the item
    is, and is timed from buoy reading the release, as `menu_open` times a tap."""
    items = "".join(f'[[menu.item]]\nlabel = "Item number {i + 1}"\nicon = "{icon}"\n'
                    f'command = "true"\n' for i, icon in enumerate(MENU_OPEN_ICONS[:7]))
    config = buoy_config(button={"color": '"#ff00ff"', "idle_delay": 60}, actions={"tap": '"menu"'},
                         menu={"open_duration": 0.1, "close_duration": 0.05, "edit": '"touch"'}) + items
    ready, picker, cold, peak = Series(), Series(), Series(), Series()

    def place(client: Client, label: str, since: int) -> tuple[float, float]:
        def found():
            lines = [line for line in client.log()[since:].splitlines() if "menu: items at " in line]
            for part in (lines[-1].split("menu: items at ", 1)[1].split(" | ") if lines else []):
                name, _, numbers = part.rpartition("@")
                if name == label:
                    x, y = numbers.split(",")[:2]
                    return float(x), float(y)
            return None
        return wait_for(found, timeout=5, message=f"{label} on screen")

    # Timed with WAYLAND_DEBUG, whose logging costs memory of its own; VmHWM is read in a
    # second run of the same taps without it.
    for run, timed in ((run, timed) for run in range(bench.runs) for timed in (True, False)):
        with setup.sway() as sway:
            pointer = Pointer(sway, bench.pointer_binary)
            client = Client(sway, [bench.buoy, "-dd"], "buoy-edit", config=config, debug=timed).start()
            button = wait_for_color(sway, client, MAGENTA)
            wait_for(lambda: client.log().count("ahead of time") >= 2, timeout=10,
                     message="the menu and edit mode's first screen drawn ahead")
            time.sleep(0.2)
            mark = len(client.log())
            pointer.click(button.centroid[0] / setup.scale, button.centroid[1] / setup.scale)
            for label, series in (("Edit", ready), ("Add", picker), ("Media", cold)):
                x, y = place(client, label, mark)
                time.sleep(0.2)
                mark = len(client.log())
                pointer.move(x, y)
                pointer.down()
                time.sleep(0.03)
                t0 = realtime_us()
                pointer.up()
                wait_for(lambda: "menu: showing edit mode" in client.log()[mark:], timeout=5,
                         message="edit mode shown")
                time.sleep(0.2)
                if not timed:
                    continue
                messages = parse_wayland_debug(client.log(), t0)
                release, frame = pointer_release_us(messages, t0), menu_first_frame_us(messages, t0)
                if release is None or frame is None:
                    raise HarnessError(f"no release or edit mode frame after the tap in {client.log_path}")
                series.add((frame - release) / 1000)
            if not timed:
                peak.add(peak_rss_kb(client.pid) * 1024 / 1e6)
            client.check_alive()
            client.stop()
        if timed:
            continue
        log(f"{setup.name} edit mode run {run + 1}: Edit {ready.values[-1]:.2f} ms, + {picker.values[-1]:.2f} ms, "
            f"Media {cold.values[-1]:.2f} ms, peak RSS {peak.values[-1]:.2f} MB")
    bench.rows.append(Row(setup.name, "tap on Edit → edit mode's first frame, drawn ahead", "ms", 2, ready,
                          goal="≤ 17 ms, every run", met=ready.max <= 17.0,
                          note="7 items; from buoy reading the release (WAYLAND_DEBUG)"))
    bench.rows.append(Row(setup.name, "tap on + → the picker's first frame, drawn ahead", "ms", 2, picker,
                          goal="≤ 17 ms, every run", met=picker.max <= 17.0, note="its groups"))
    bench.rows.append(Row(setup.name, "tap on Media → its first frame, drawn when asked", "ms", 2, cold,
                          goal="≤ 60 ms, every run", met=cold.max <= 60.0,
                          note="3 built-in actions and Back, drawn by a child when asked"))
    bench.rows.append(Row(setup.name, "peak RSS after edit mode, the picker and Media", "MB", 2, peak,
                          goal="≤ 10.5 MB (10^6 bytes), every run", met=peak.max <= 10.5,
                          note="VmHWM, buoy with -dd, without WAYLAND_DEBUG"))


def large_config(size: int = 1_000_000) -> str:
    """A valid config of about `size` bytes that warns of nothing: seven menu items, each opening
    submenus three deep (2,800 items, 8,400 values), and a block of commented-out lines directly
    above the first item, which belong to it (they move with it). Before issue 40, each of those
    lines was checked against every value: item add --at 1 took 0.95 s of CPU on this file."""
    submenus: list[tuple[str, list[str]]] = []

    def item(name: str, depth: int) -> str:
        text = f'label = "Item {name}"\nicon = "utilities-terminal"\n'
        if depth == 3:
            return text + f"command = \"notify-send 'item {name}'\"\n"
        submenus.append((name, [item(f"{name}-{j}", depth + 1) for j in range(7)]))
        return text + f'submenu = "{name}"\n'

    top = [item(f"s{i}", 0) for i in range(7)]
    head = '[button]\nsize = 56\n\n[actions]\ntap = "menu"\n\n'
    first = f"[[menu.item]]\n{top[0]}\n"
    rest = "".join(f"[[menu.item]]\n{text}\n" for text in top[1:])
    rest += "".join(f"[[submenu.{name}.item]]\n{text}\n" for name, texts in submenus for text in texts)
    line = "# old: 1\n"
    return head + line * ((size - len(head) - len(first) - len(rest)) // len(line)) + first + rest


def config_edits(bench: "Bench") -> None:
    """`buoy config item add --at 1` and `item move 1 7` on `large_config()`, each on a fresh copy:
    the CPU time (user + system, from wait4) of the whole process, and its wall time, which the
    machine's other load stretches. Edit mode runs the same code inside buoy's loop."""
    text = large_config()
    edits = {"item add --at 1": ["item", "add", "--label", "New", "--command", "true", "--at", "1"],
             "item move 1 7": ["item", "move", "1", "7"]}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "config.toml"
        for name, words in edits.items():
            cpu, wall = Series(), Series()
            for run in range(bench.runs):
                path.write_text(text)
                started = time.monotonic()
                child = subprocess.Popen([bench.buoy, "config", "--config", str(path), *words])
                _, status, usage = os.wait4(child.pid, 0)
                wall.add((time.monotonic() - started) * 1000)
                child.returncode = os.waitstatus_to_exitcode(status)
                if child.returncode != 0:
                    raise HarnessError(f"buoy config {name} exited with {child.returncode}")
                cpu.add((usage.ru_utime + usage.ru_stime) * 1000)
                log(f"config {name} run {run + 1}: {cpu.values[-1]:.0f} ms CPU, {wall.values[-1]:.0f} ms")
            size = f"{len(text.encode()) / 1e6:.2f} MB"
            bench.rows.append(Row("any", f"buoy config {name}, {size} config, CPU", "ms", 0, cpu,
                                  goal="≤ 100 ms, every run", met=cpu.max <= 100.0,
                                  note="user + system time of the process: parse, edit, check, write"))
            bench.rows.append(Row("any", f"buoy config {name}, {size} config, wall", "ms", 0, wall,
                                  note="exec to exit; other load on the machine stretches it"))


def count_lines(path: Path) -> int:
    try:
        return len(path.read_text().split())
    except FileNotFoundError:
        return 0


class LineReader:
    """A child's output lines as they come, each with the monotonic time it was read."""

    def __init__(self, stream):
        self.stream = stream
        self.pending = b""

    def wait(self, matches, timeout: float = 5.0) -> float:
        """Reads until a line `matches`; returns when that line was read."""
        deadline = time.monotonic() + timeout
        while True:
            while b"\n" in self.pending:
                line, self.pending = self.pending.split(b"\n", 1)
                if matches(line.decode(errors="replace")):
                    return time.monotonic()
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.stream], [], [], left)[0]:
                raise HarnessError("no matching line from buoy msg subscribe")
            chunk = os.read(self.stream.fileno(), 65536)
            if not chunk:
                raise HarnessError("buoy msg subscribe ended")
            self.pending += chunk


def wait_for_color(sway: HeadlessSway, client: Client, color, timeout: float = 10.0):
    found = []

    def visible():
        client.check_alive()
        match = sway.screenshot().find(color, tolerance=8)
        if match and match.count >= 200:
            found.append(match)
            return True
        return False

    wait_for(visible, timeout=timeout, interval=0.05, message="the button on screen")
    return found[-1]


def pipelined_moves(pointer: Pointer, points: list[tuple[float, float]], hz: float,
                    max_outstanding: int = 250) -> int:
    """Sends `move` commands paced to `hz` per second without waiting for each `ok`, and
    reads the replies as they come. Returns how many were acknowledged (all of them, or this
    raises). The pointer's line reader is left in step for later ordinary commands."""
    stdin = pointer.process.stdin.fileno()
    reader = pointer._reader
    sent = acked = 0
    start = time.monotonic()

    def drain(timeout: float) -> None:
        nonlocal acked
        ready, _, _ = select.select([reader.fd], [], [], timeout)
        if not ready:
            return
        chunk = os.read(reader.fd, 65536)
        if not chunk:
            raise HarnessError("buoy-pointer exited during the drag")
        reader.buffer += chunk
        *lines, reader.buffer = reader.buffer.split(b"\n")
        for line in lines:
            if line == b"ok":
                acked += 1
            elif line.startswith(b"error"):
                raise HarnessError(f"buoy-pointer: {line.decode(errors='replace')}")

    while sent < len(points):
        due = min(len(points), int((time.monotonic() - start) * hz) + 1)
        due = min(due, acked + max_outstanding)
        if due > sent:
            data = "".join(f"move {x:.3f} {y:.3f}\n" for x, y in points[sent:due]).encode()
            view = memoryview(data)
            while view:
                view = view[os.write(stdin, view):]
            sent = due
        drain(0.0005)
    deadline = time.monotonic() + 10
    while acked < sent:
        if time.monotonic() > deadline:
            raise HarnessError(f"buoy-pointer acknowledged only {acked} of {sent} moves")
        drain(0.05)
    return acked


def sh_date_cost_ms() -> float:
    """How long `sh -c 'date +%s%N >> FILE'` takes from its exec to date's timestamp: the part
    of a tap's latency that is the user's command, not buoy. The start is taken in the child
    just before exec (preexec_fn), so Python's own fork cost is not included."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "stamp"
        read_end, write_end = os.pipe()

        def stamp_exec(fd=write_end):
            os.write(fd, str(time.time_ns()).encode())

        proc = subprocess.Popen(["/bin/sh", "-c", f"date +%s%N >> {out}"], preexec_fn=stamp_exec,
                                pass_fds=(write_end,))
        proc.wait()
        os.close(write_end)
        started = int(os.read(read_end, 64))
        os.close(read_end)
        return (int(out.read_text().split()[-1]) - started) / 1e6


# ------------------------------------------------------------------------------------------
# Report


def machine() -> dict[str, str]:
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    sway = subprocess.run(["sway", "--version"], capture_output=True, text=True).stdout.strip()
    head = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True).stdout.strip() or "unknown"
    dirty = subprocess.run(["git", "-C", str(REPO), "status", "--porcelain", "--", "Sources", "Package.swift"],
                           capture_output=True, text=True).stdout.strip()
    return {
        "commit": head + (" with uncommitted changes in Sources/ or Package.swift" if dirty else ""),
        "uname": subprocess.run(["uname", "-a"], capture_output=True, text=True).stdout.strip(),
        "nproc": str(os.cpu_count()),
        "cpu": model,
        "sway": sway,
    }


def table(rows: list[Row]) -> list[str]:
    header = ["setup", "figure", "buoy", "reference", "buoy / reference", "goal", "goal met?"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for row in rows:
        unit = f" {row.unit}" if row.unit else ""
        met = "–" if row.met is None else ("met" if row.met else "**MISSED**")
        figure = row.figure + (f" ({row.note})" if row.note else "")
        cells = [
            row.setup, figure, summary(row.buoy, row.digits) + (unit if row.buoy.ok else ""),
            summary(row.reference, row.digits) + (unit if row.reference.ok else ""),
            (summary(row.ratio, 2) + "×") if row.ratio.ok else "–", row.goal or "–", met,
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


# Runs the buoy at $1 inside the root at $0, with /tmp (the tests' dirs, runtime dirs and
# sockets) and the checkout at their own paths there. Every step execs, so the pid that the
# bench reads VmHWM from is buoy's own.
ROOT_WRAPPER = """#!/bin/sh
exec unshare --mount --propagation private -- sh -c '
root=$1 repo=$2
shift 2
mount -t proc proc "$root/proc"
mount --bind /tmp "$root/tmp"
mount --bind "$repo" "$root$repo"
exec chroot "$root" "$@"' sh {root} {repo} {buoy} "$@"
"""


def root_wrapper(root: Path, buoy: Path) -> Path:
    """A script that runs `buoy`, built in `root`, inside it (--root)."""
    root, buoy = root.resolve(), buoy.resolve()
    if not (root / ".buoy-root-stamp").is_file():
        raise SystemExit(f"bench: no Debian root at {root} (make trixie-root or sid-root)")
    (root / str(REPO).lstrip("/")).mkdir(parents=True, exist_ok=True)
    wrapper = Path(tempfile.mkdtemp(prefix="buoy-bench-root-")) / "buoy"
    wrapper.write_text(ROOT_WRAPPER.format(root=root, repo=REPO, buoy=buoy))
    wrapper.chmod(0o755)
    return wrapper


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--buoy", default=str(REPO / ".build/release/buoy"))
    parser.add_argument("--pointer", default=str(REPO / ".build/release/buoy-pointer"))
    parser.add_argument("--reference", default=str(REPO / ".build/bench/reference"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--taps", type=int, default=5, help="taps per run")
    parser.add_argument("--drag-seconds", type=float, default=5.0)
    parser.add_argument("--drag-rate", type=float, default=1000.0, help="pointer moves per second")
    parser.add_argument("--results", help="write the report (markdown) here")
    parser.add_argument("--only", default="rss,rss4,menu,open,status,commit,cursor,idle,idle4,rules,keys,drag,drag4,"
                                          "tap,clicks,silent,haptic,a11y,edit,config,size",
                        help="comma-separated subset of: rss,rss4,menu,open,status,commit,cursor,idle,idle4,rules,keys,"
                             "drag,drag4,tap,clicks,silent,haptic,a11y,edit,config,size (edit is edit mode's frames and RSS; config is buoy config's item add and move on a 1 MB file; keys is peak RSS with keys configured and minus without; rules is RSS, idle and 50 windows on another output with a "
                             "[visibility] rule set; status is the menu with 8 status items, one hanging; rss4, idle4 and drag4 are the figures with four [[button]]s; silent is "
                             "tap and drag with silent peers on the control socket; haptic is press → feedbackd's "
                             "TriggerFeedback on a private session bus; a11y is AT-SPI's RSS and doAction → tap)")
    parser.add_argument("--root", help="run buoy inside this Debian root (.build/trixie, .build/sid), with its "
                                       "libraries: for a build made there with that suite's swiftlang "
                                       "(scripts/build-dsc.sh); the compositor and the reference stay the host's")
    parser.add_argument("--setups", default="1280x720@1,3840x2160@2")
    parser.add_argument("--before-atspi", help="a buoy built from ee1b763, the commit before AT-SPI: the a11y "
                                               "figures then give the accessibility watch's cost over it")
    parser.add_argument("--strict", action="store_true", help="exit with status 1 when a goal is missed")
    args = parser.parse_args()

    for path in (args.buoy, args.pointer, args.reference):
        if not os.access(path, os.X_OK):
            print(f"bench: {path} is missing; run `make bench`", file=sys.stderr)
            return 2
    only = set(args.only.split(","))
    setups = []
    for text in args.setups.split(","):
        size, scale = text.split("@")
        w, h = size.split("x")
        setups.append(Setup((int(w), int(h)), int(scale)))

    if args.root:
        args.buoy = str(root_wrapper(Path(args.root), Path(args.buoy)))
    bench = Bench(args)
    started = datetime.datetime.now(datetime.timezone.utc)
    load_before = os.getloadavg()
    for setup in setups:
        log(f"--- {setup.name} (logical {setup.logical[0]:.0f}x{setup.logical[1]:.0f})")
        if "rss" in only:
            bench.peak_rss(setup)
        if "rss4" in only:
            bench.buttons_rss(setup)
        if "menu" in only:
            bench.menu_rss(setup)
        if "open" in only:
            bench.menu_open(setup)
        if "status" in only:
            bench.status_menu(setup)
        if "commit" in only:
            bench.first_commit(setup)
        if "cursor" in only:
            bench.cursor_theme(setup)
        if "idle" in only:
            bench.idle(setup)
        if "idle4" in only:
            bench.buttons_idle(setup)
        if "rules" in only:
            bench.rules(setup)
            bench.fullscreen(setup)
        if "keys" in only:
            bench.keys_rss(setup)
        if "drag" in only:
            bench.drag(setup)
        if "drag4" in only:
            bench.buttons_drag(setup)
        if "tap" in only:
            bench.tap(setup)
        if "clicks" in only:
            bench.clicks(setup)
        if "silent" in only:
            silent_peers(bench, setup)
        if "haptic" in only:
            bench.haptic(setup)
        if "a11y" in only:
            bench.accessibility(setup)
        if "edit" in only:
            edit_mode(bench, setup)
    if "config" in only:
        config_edits(bench)
    if "size" in only:
        bench.binary_size()

    load_after = os.getloadavg()
    info = machine()
    lines = table(bench.rows)
    print("\n".join(lines))
    missed = [r for r in bench.rows if r.met is False]
    for row in missed:
        print(f"GOAL MISSED: [{row.setup}] {row.figure}: buoy {summary(row.buoy, row.digits)} {row.unit}; "
              f"goal {row.goal}", file=sys.stderr)
    if not missed:
        print("all goals met", file=sys.stderr)

    if args.results:
        report = [
            "# buoy benchmark results",
            "",
            f"Measured {started.strftime('%Y-%m-%d %H:%M UTC')} by `make bench` (bench/run.py, "
            f"{args.runs} runs per figure). Generated file: rerun `make bench` to refresh it.",
            "",
            f"- buoy: commit {info['commit']}",
            f"- machine: `{info['uname']}`",
            f"- CPUs: {info['nproc']} × {info['cpu']}",
            f"- compositor: {info['sway']}, headless, pixman renderer",
            f"- load average (1 min) before / after: {load_before[0]:.2f} / {load_after[0]:.2f} "
            "(other work on the machine skews the timings)",
            "- reference: bench/reference.c (C, cairo, one shm buffer, 56-px circle anchored right)",
            "",
            "Each cell is the median (min–max) over the runs; ratios are computed per run, buoy and "
            "the reference measured side by side, then summarised.",
            "",
            *lines,
            "",
            "## Method",
            "",
            "See bench/README.md. In short:",
            "",
            "- **Peak RSS**: VmHWM from /proc/PID/status, 1 s after exec; buoy runs without -d and "
            "with an empty config. MB = 10^6 bytes (VmHWM's kB are KiB).",
            "- **exec → first buffer commit**: WAYLAND_DEBUG=1; the exec time is CLOCK_REALTIME just "
            "before Popen. The end is the first `wl_surface.commit` after an `attach` of a buffer on "
            "the same surface; for buoy, whose button is a synchronized subsurface, it is the parent "
            "(layer) surface's commit that follows, and its 1x1 transparent input pixel does not count. "
            "The second row counts only content committed with the output's buffer scale.",
            "- **Idle**: buoy with `idle_delay = 0.2`, `fade = 0.1`; after 1 s, the change of "
            "voluntary_ctxt_switches and utime+stime over 5 s. The reference runs at the same time.",
            f"- **Drag**: the button is pressed and the pointer circles the output centre for "
            f"{args.drag_seconds:g} s, `move` commands piped to buoy-pointer at {args.drag_rate:g}/s "
            "without waiting for each `ok` (the achieved rate is the acknowledged moves per second). "
            "Commits of the layer surface and frame callbacks are counted from buoy's WAYLAND_DEBUG "
            "log, from the first to the last callback inside the window. CPU is measured in a "
            "separate run without WAYLAND_DEBUG. The on-screen error compares the button colour's "
            "centroid with the pointer minus its grab offset, with the pointer held still at four "
            "places mid-drag (150 ms after each move).",
            "- **Tap**: time from just before `up` is written to buoy-pointer to the timestamp that "
            "the tap command `date +%s%N >> file` writes, minus the median cost of "
            "`sh -c 'date +%s%N >> file'` from its exec to its timestamp, sampled between the taps "
            "(the start taken in the child just before exec). With double_tap set, the 0.25 s "
            "window is subtracted as well.",
            "- **Haptic feedback**: a private `dbus-daemon --session` and a stub feedbackd on it "
            "(Tests/e2e/feedbackd.py, a raw socket) that stamps each TriggerFeedback with CLOCK_MONOTONIC "
            "as it reads it; buoy runs with `feedback = \"on\"` (sway has no touch) and the time runs from "
            "just before `down` is written to buoy-pointer.",
            "- **Four buttons**: `[[button]]`s b1 left, b2 right, b3 top, b4 bottom, each its own layer "
            "surface. Peak RSS as above with one and with four of them, one after the other on the same "
            "sway; the extra per button is (RSS4 − RSS1) / 3, per run. Idle as above, every button with "
            "`idle_delay = 0.2`, `fade = 0.1`. Drag as above (WAYLAND_DEBUG run only) on b2: the layer "
            "surfaces are the `wl_surface`s passed to `get_layer_surface`, subsurfaces are mapped to "
            "their parent, and the dragged one is where the pointer entered before the press; the "
            "other three's layer-surface commits are counted between the first and the last move.",
            "- **Binary size**: a stripped copy; buoy links the Swift standard library statically.",
            "",
        ]
        if missed:
            report += ["## Goals missed", ""]
            report += [f"- [{r.setup}] {r.figure}: buoy {summary(r.buoy, r.digits)} {r.unit}; goal {r.goal}"
                       for r in missed]
            report.append("")
        # Figures from make fuzz, make soak and the fault tests are written by hand below this
        # marker; a new bench run keeps them.
        marker = "<!-- figures below are kept by make bench -->"
        results = Path(args.results)
        kept = results.read_text().split(marker, 1) if results.exists() else []
        if len(kept) == 2:
            report += ["", marker + kept[1].rstrip("\n")]
        results.write_text("\n".join(report) + "\n")
        log(f"wrote {args.results}")
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
