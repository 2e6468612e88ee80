"""End-to-end harness: a private headless sway per test, driven and observed from Python.

Standard library only. Typical use::

    with HeadlessSway() as sway:
        pointer = sway.pointer()          # first: the seat has no pointer until it exists
        wev = sway.wev()                  # a fullscreen window that logs its input
        pointer.click(640, 360)
        presses = wev.wait_buttons(2)     # [(640.0, 360.0, 'pressed'), (..., 'released')]
        image = sway.screenshot()
        assert image.pixel(10, 10) == (0x20, 0x20, 0x20)

Nothing here ever skips: a missing tool or a compositor that does not start raises
HarnessError, and the test fails with the reason (and sway's log tail).

HeadlessPhoc is the same for phoc (Phosh's compositor), without the sway IPC; HeadlessLabwc and
HeadlessWayfire likewise. matrix_compositor() is the one the selected leg of the matrix names.
HeadlessKWin is KWin (Plasma's: the host's 5.27, or 6 from a root), with real touch: Touch
drives its fake input.

Environment:
    BUOY_E2E_COMPOSITOR  the leg of the compositor matrix (MATRIX): host-sway (default),
                   trixie-sway, trixie-labwc, trixie-phoc, sid-wayfire, trixie-kwin, sid-kwin;
                   trixie-* and sid-* run from a Debian root (scripts/debian-root.sh)
    BUOY_E2E_ROOT  the Debian root of the selected leg (default: <repo>/.build/trixie, or
                   <repo>/.build/sid for sid-*)
    BUOY_POINTER   path of the buoy-pointer binary (default: <repo>/.build/debug/buoy-pointer)
    BUOY_TOUCH     path of the buoy-touch binary (default: beside BUOY_POINTER if that is set,
                   else <repo>/.build/debug/buoy-touch)
    BUOY_E2E_KEEP  if set, keep each test's temp dir (logs, screenshots) and print its path;
                   a test that fails inside `with HeadlessSway()` always keeps it, plus failure.png
"""

from __future__ import annotations

import ctypes
import dataclasses
import glob
import json
import math
import os
import pwd
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from collections import namedtuple
from pathlib import Path
from typing import Callable, Optional, Sequence

REPO_ROOT = Path(__file__).resolve().parents[2]
TEST_USER = "buoytest"
DEFAULT_BACKGROUND = (0x20, 0x20, 0x20)

# Every name a client or sway might ask for; all of them are the same transparent image.
CURSOR_NAMES = (
    "default left_ptr arrow top_left_arrow pointer hand hand1 hand2 pointing_hand grab grabbing "
    "openhand closedhand dnd-move dnd-none move fleur all-scroll text xterm ibeam crosshair cross "
    "tcross wait watch progress left_ptr_watch not-allowed no-drop forbidden crossed_circle "
    "context-menu help question_arrow cell copy alias col-resize row-resize e-resize w-resize "
    "n-resize s-resize ne-resize nw-resize se-resize sw-resize ew-resize ns-resize nesw-resize "
    "nwse-resize size_hor size_ver size_bdiag size_fdiag sb_h_double_arrow sb_v_double_arrow "
    "left_side right_side top_side bottom_side top_left_corner top_right_corner "
    "bottom_left_corner bottom_right_corner zoom-in zoom-out"
).split()


class HarnessError(RuntimeError):
    """The environment or a helper process is broken; the test must fail, never skip."""


class WaitTimeout(AssertionError):
    """A wait_for condition did not become true in time."""


# --------------------------------------------------------------------------------------------
# Small process and polling helpers


def wait_for(
    predicate: Callable[[], object],
    timeout: float = 5.0,
    interval: float = 0.02,
    message: str | Callable[[], str] = "condition",
):
    """Polls `predicate` until it returns something truthy, and returns that value.

    Raises WaitTimeout (an AssertionError, so the test reads as failed) after `timeout` s.
    `message` may be a callable, evaluated only on timeout (e.g. to include a log tail).
    """
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            text = message() if callable(message) else message
            raise WaitTimeout(f"timed out after {timeout:.1f}s waiting for {text}")
        time.sleep(interval)


def wait_steady(read: Callable[[], object], still: float = 0.15, timeout: float = 3.0,
                message: str | Callable[[], str] = "a steady value"):
    """Polls `read` until it returns something truthy that stays the same for `still` s (a
    bounce, a scale change or an unfolding has landed), and returns that value. Raises
    WaitTimeout as `wait_for` does."""
    last: list = [None, 0.0]

    def steady():
        value, now = read(), time.monotonic()
        if not value or value != last[0]:
            last[:] = [value, now]
            return None
        return value if now - last[1] >= still else None

    return wait_for(steady, timeout=timeout, interval=0.03, message=message)


def run(
    argv: Sequence[str],
    timeout: float = 10.0,
    env: Optional[dict] = None,
    check: bool = True,
    input: Optional[str] = None,
) -> subprocess.CompletedProcess:
    """Runs a process to completion and captures its output as text.

    Raises HarnessError on timeout (with what it printed so far), and on a non-zero
    exit status when `check` is true.
    """
    try:
        result = subprocess.run(
            list(argv), env=env, input=input, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired as e:
        raise HarnessError(
            f"{argv[0]} timed out after {timeout}s\nstdout: {e.stdout!r}\nstderr: {e.stderr!r}"
        ) from None
    except FileNotFoundError:
        raise HarnessError(f"{argv[0]}: not found on PATH") from None
    if check and result.returncode != 0:
        raise HarnessError(
            f"{' '.join(argv)} exited with {result.returncode}\n"
            f"stdout: {result.stdout.strip()}\nstderr: {result.stderr.strip()}"
        )
    return result


def require_tools(*names: str) -> None:
    missing = [n for n in names if shutil.which(n) is None]
    if missing:
        raise HarnessError(
            "e2e tests need these programs, which are missing: "
            + ", ".join(missing)
            + " (apt-get install -y sway grim wev)"
        )


_PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """preexec_fn: the child gets SIGKILL if the test process dies without cleaning up."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except Exception:
        pass


def _process_stats():
    """(pid, fields after the command name) of every process in /proc/PID/stat: fields[0] is
    the state letter, fields[1] the parent pid, fields[3] the session id."""
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            with open(stat) as f:
                text = f.read()
        except OSError:
            continue
        # The command name is in parentheses and may contain spaces.
        yield int(stat.split("/")[2]), text[text.rindex(")") + 2 :].split()


def _related_processes(pid: int) -> list[int]:
    """Descendants of pid plus members of its session, from /proc.

    The session matters: sway double-forks swaybg, which is then a child of init, not of sway.
    """
    parents: dict[int, list[int]] = {}
    related: set[int] = set()
    for child, fields in _process_stats():
        parents.setdefault(int(fields[1]), []).append(child)
        if int(fields[3]) == pid and child != pid:
            related.add(child)
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            related.add(child)
            todo.append(child)
    return sorted(related)


def _pid_alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
        return state != "Z"
    except (OSError, IndexError):
        return False


def stop_process(proc: subprocess.Popen, grace: float = 2.0) -> None:
    """SIGTERM, then SIGKILL after `grace` seconds; always reaps."""
    if proc.poll() is None:
        try:
            proc.terminate()
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(grace)
        except ProcessLookupError:
            pass
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        if stream is not None:
            try:
                stream.close()
            except OSError:
                pass


def _tail(path: Path, lines: int = 30) -> str:
    try:
        text = path.read_text(errors="replace")
    except OSError as e:
        return f"(no log: {e})"
    return "\n".join(text.splitlines()[-lines:])


# --------------------------------------------------------------------------------------------
# Images


@dataclasses.dataclass(frozen=True)
class Match:
    """Pixels of one colour in an image.

    bbox is (left, top, right, bottom) with right/bottom exclusive; centroid is in continuous
    image coordinates (pixel (x, y) covers [x, x+1) x [y, y+1)), so a disc centred on a pixel
    corner has its centroid exactly there.
    """

    count: int
    bbox: tuple[int, int, int, int]
    centroid: tuple[float, float]

    @property
    def width(self) -> int:
        return self.bbox[2] - self.bbox[0]

    @property
    def height(self) -> int:
        return self.bbox[3] - self.bbox[1]

    @property
    def center(self) -> tuple[float, float]:
        """The bbox centre, in continuous coordinates."""
        return ((self.bbox[0] + self.bbox[2]) / 2, (self.bbox[1] + self.bbox[3]) / 2)


class Image:
    """An RGB image: `data` is packed rows of 3-byte pixels, top row first."""

    def __init__(self, width: int, height: int, data: bytes):
        if len(data) != width * height * 3:
            raise ValueError(f"{width}x{height} image needs {width * height * 3} bytes, got {len(data)}")
        self.width = width
        self.height = height
        self.data = bytes(data)

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    @classmethod
    def from_ppm(cls, blob: bytes) -> "Image":
        """Parses binary PPM (P6, maxval 255)."""
        tokens: list[bytes] = []
        pos = 0
        while len(tokens) < 4:
            while pos < len(blob) and blob[pos : pos + 1].isspace():
                pos += 1
            if blob[pos : pos + 1] == b"#":
                pos = blob.index(b"\n", pos) + 1
                continue
            start = pos
            while pos < len(blob) and not blob[pos : pos + 1].isspace():
                pos += 1
            if start == pos:
                raise ValueError("truncated PPM header")
            tokens.append(blob[start:pos])
        pos += 1  # exactly one whitespace byte before the raster
        if tokens[0] != b"P6":
            raise ValueError(f"not a binary PPM (magic {tokens[0]!r})")
        width, height, maxval = (int(t) for t in tokens[1:])
        if maxval != 255:
            raise ValueError(f"unsupported PPM maxval {maxval}")
        return cls(width, height, blob[pos : pos + width * height * 3])

    @classmethod
    def load(cls, path: str | os.PathLike) -> "Image":
        return cls.from_ppm(Path(path).read_bytes())

    @classmethod
    def from_png(cls, blob: bytes) -> "Image":
        """Parses an 8-bit, non-interlaced RGB or RGBA PNG, as grim writes them; alpha is
        dropped."""
        if blob[:8] != b"\x89PNG\r\n\x1a\n":
            raise ValueError("not a PNG")
        pos, idat, header = 8, [], b""
        while pos < len(blob):
            (length,) = struct.unpack(">I", blob[pos : pos + 4])
            kind, body = blob[pos + 4 : pos + 8], blob[pos + 8 : pos + 8 + length]
            if kind == b"IHDR":
                header = body
            elif kind == b"IDAT":
                idat.append(body)
            pos += 12 + length
        width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
        if depth != 8 or colour not in (2, 6) or interlace:
            raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour}, interlace {interlace}")
        bpp = 3 if colour == 2 else 4
        stride = width * bpp
        raw = zlib.decompress(b"".join(idat))
        rows: list[bytes] = []
        previous = bytes(stride)
        for y in range(height):
            kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
            if kind == 1:
                for i in range(bpp, stride):
                    line[i] = (line[i] + line[i - bpp]) & 0xFF
            elif kind == 2:
                line = bytearray((a + b) & 0xFF for a, b in zip(line, previous))
            elif kind == 3:
                for i in range(stride):
                    left = line[i - bpp] if i >= bpp else 0
                    line[i] = (line[i] + ((left + previous[i]) >> 1)) & 0xFF
            elif kind == 4:
                for i in range(stride):
                    a = line[i - bpp] if i >= bpp else 0
                    b = previous[i]
                    c = previous[i - bpp] if i >= bpp else 0
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
            previous = bytes(line)
            rows.append(previous if bpp == 3 else b"".join(previous[x : x + 3] for x in range(0, stride, 4)))
        return cls(width, height, b"".join(rows))

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError(f"pixel ({x}, {y}) outside {self.width}x{self.height}")
        i = (y * self.width + x) * 3
        return (self.data[i], self.data[i + 1], self.data[i + 2])

    def crop(self, left: int, top: int, right: int, bottom: int) -> "Image":
        left, top = max(0, left), max(0, top)
        right, bottom = min(self.width, right), min(self.height, bottom)
        if right <= left or bottom <= top:
            return Image(0, 0, b"")
        stride = self.width * 3
        rows = (self.data[y * stride + left * 3 : y * stride + right * 3] for y in range(top, bottom))
        return Image(right - left, bottom - top, b"".join(rows))

    def mask(self, color: Sequence[int], tolerance: int = 0) -> bytes:
        """One byte per pixel: 1 where every channel is within `tolerance` of `color`.

        Done with C-speed bytes operations (channel slicing, translate, big-int AND), so a
        2560x1440 image takes tens of milliseconds without numpy.
        """
        n = self.width * self.height
        if n == 0:
            return b""
        result = -1
        for channel in range(3):
            lo, hi = color[channel] - tolerance, color[channel] + tolerance
            table = bytes(1 if lo <= v <= hi else 0 for v in range(256))
            plane = self.data[channel::3].translate(table)
            result &= int.from_bytes(plane, "big")
        return result.to_bytes(n, "big")

    def count(self, color: Sequence[int], tolerance: int = 0) -> int:
        return self.mask(color, tolerance).count(1)

    def find(
        self,
        color: Sequence[int],
        tolerance: int = 0,
        region: Optional[tuple[int, int, int, int]] = None,
    ) -> Optional[Match]:
        """Where the pixels of `color` (± tolerance per channel) are, or None if there are none.

        `region` (left, top, right, bottom) limits the search; results stay in image coordinates.
        """
        if region is not None:
            left, top = max(0, region[0]), max(0, region[1])
            found = self.crop(*region).find(color, tolerance)
            if found is None:
                return None
            l, t, r, b = found.bbox
            cx, cy = found.centroid
            return Match(found.count, (l + left, t + top, r + left, b + top), (cx + left, cy + top))
        mask = self.mask(color, tolerance)
        total = mask.count(1)
        if total == 0:
            return None
        w = self.width
        row_counts = [mask[y * w : (y + 1) * w].count(1) for y in range(self.height)]
        col_counts = [mask[x::w].count(1) for x in range(w)]
        rows = [y for y, c in enumerate(row_counts) if c]
        cols = [x for x, c in enumerate(col_counts) if c]
        cx = sum(x * c for x, c in enumerate(col_counts)) / total + 0.5
        cy = sum(y * c for y, c in enumerate(row_counts)) / total + 0.5
        return Match(total, (cols[0], rows[0], cols[-1] + 1, rows[-1] + 1), (cx, cy))

    def to_png(self) -> bytes:
        def chunk(kind: bytes, body: bytes) -> bytes:
            return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

        stride = self.width * 3
        raw = b"".join(b"\x00" + self.data[y * stride : (y + 1) * stride] for y in range(self.height))
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)  # 8-bit RGB
        return (
            b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 6))
            + chunk(b"IEND", b"")
        )

    def save_png(self, path: str | os.PathLike) -> Path:
        path = Path(path)
        path.write_bytes(self.to_png())
        return path


def screenshot(env: dict, path: Optional[str | os.PathLike] = None, scale: Optional[float] = None,
               output: Optional[str] = None, region: Optional[tuple[int, int, int, int]] = None) -> Image:
    """Captures the compositor with `grim -t ppm`. Without `scale`, grim uses the greatest output
    scale, so at scale 2 the image has twice the logical size in each direction. `region`
    (x, y, width, height in layout coordinates) captures only that."""
    argv = ["grim", "-t", "ppm"]
    if scale is not None:
        argv += ["-s", str(scale)]
    if output is not None:
        argv += ["-o", output]
    if region is not None:
        argv += ["-g", "%d,%d %dx%d" % region]
    if path is None:
        fd, tmp = tempfile.mkstemp(suffix=".ppm")
        os.close(fd)
        try:
            run(argv + [tmp], env=env)
            return Image.load(tmp)
        finally:
            os.unlink(tmp)
    run(argv + [str(path)], env=env)
    return Image.load(path)


# --------------------------------------------------------------------------------------------
# How sharp a drawn circle is


@dataclasses.dataclass
class RimSharpness:
    """A disc's antialiased rim in a screenshot, measured against an ideal one.

    `width` is the rim's edge width in image pixels: 1.5 x the sum of 4c(1-c) over the
    coverages c near the rim, per pixel of circumference, so a linear ramp w px wide measures
    w. `ideal_width` is the same for an ideal antialiased circle (exact area coverage, as if
    sampled 16x16 per pixel) of the fitted centre and radius, on the same pixel grid, and
    `ratio` = width / ideal_width (1 is as sharp as a circle can be at that size). `rms` is
    the root-mean-square difference of the coverages from the ideal's.
    """

    center: tuple[float, float]
    radius: float
    width: float
    ideal_width: float
    rms: float

    @property
    def ratio(self) -> float:
        return self.width / self.ideal_width


def rim_sharpness(image: Image, color: Sequence[int], background: Sequence[int],
                  near: Optional[tuple[int, int, int, int]] = None) -> RimSharpness:
    """Measures the rim of the disc of `color` (which must differ from `background` in red
    minus green, as magenta does from grey) in `image`, inside the box `near` (left, top,
    right, bottom; default: the bbox of the colour, grown by a quarter).

    A pixel's coverage is its red minus green, scaled from the background's to the colour's:
    a grey or black shadow under the disc changes neither, so only the disc's own edge counts.
    Only pixels between 0.75 and 1.25 radii from the centre are used, which keeps out a glyph
    drawn inside. Raises HarnessError when no disc is found."""
    target = color[0] - color[1]
    base = background[0] - background[1]
    if target == base:
        raise HarnessError("rim_sharpness: the colour and the background have the same red - green")
    if near is None:
        match = image.find(color, tolerance=8)
        if match is None:
            raise HarnessError(f"rim_sharpness: no pixel of {color} in the image")
        grow = max(match.width, match.height) // 4 + 2
        near = (match.bbox[0] - grow, match.bbox[1] - grow, match.bbox[2] + grow, match.bbox[3] + grow)
    left, top = max(0, near[0]), max(0, near[1])
    right, bottom = min(image.width, near[2]), min(image.height, near[3])

    def coverage(x: int, y: int) -> float:
        i = (y * image.width + x) * 3
        c = (image.data[i] - image.data[i + 1] - base) / (target - base)
        return min(1.0, max(0.0, c))

    cover = {(x, y): coverage(x, y) for y in range(top, bottom) for x in range(left, right)}
    inside = [(x, y) for (x, y), c in cover.items() if c > 0.5]
    if len(inside) < 20:
        raise HarnessError(f"rim_sharpness: no disc of {color} in {near}")
    # The centroid of the coverage: a rim on half pixels leaves the bbox half a pixel off.
    total = sum(cover.values())
    cx = sum((x + 0.5) * c for (x, _), c in cover.items()) / total
    cy = sum((y + 0.5) * c for (_, y), c in cover.items()) / total
    r0 = (max(x for x, _ in inside) + 1 - min(x for x, _ in inside)) / 2
    r_in, r_out = 0.75 * r0, 1.25 * r0

    def annulus():
        for (x, y), c in cover.items():
            if r_in <= math.hypot(x + 0.5 - cx, y + 0.5 - cy) <= r_out:
                yield x, y, c

    ring = list(annulus())
    radius = math.sqrt(sum(c for _, _, c in ring) / math.pi + r_in * r_in)
    n = 16
    offsets = [(i + 0.5) / n for i in range(n)]

    def ideal(x: int, y: int) -> float:
        d = math.hypot(x + 0.5 - cx, y + 0.5 - cy)
        if d <= radius - 0.71:
            return 1.0
        if d >= radius + 0.71:
            return 0.0
        hits = sum(1 for u in offsets for v in offsets if math.hypot(x + u - cx, y + v - cy) < radius)
        return hits / (n * n)

    ideals = [(c, ideal(x, y)) for x, y, c in ring]
    per_px = 1.5 / (2 * math.pi * radius)
    width = per_px * sum(4 * c * (1 - c) for c, _ in ideals)
    ideal_width = per_px * sum(4 * i * (1 - i) for _, i in ideals)
    rms = math.sqrt(sum((c - i) ** 2 for c, i in ideals) / len(ideals))
    return RimSharpness((cx, cy), radius, width, ideal_width, rms)


# --------------------------------------------------------------------------------------------
# What a client sent, from its WAYLAND_DEBUG=1 log


@dataclasses.dataclass
class Attach:
    """One wl_surface.attach of a buffer, with the state that applies to it."""

    surface: str  # "wl_surface@22"
    width: int
    height: int
    buffer_scale: int
    destination: Optional[tuple[int, int]]  # its wp_viewport's, if any


class WaylandDebugLog:
    """The requests in a client's WAYLAND_DEBUG=1 output (libwayland's ` -> obj@id.request(args)`
    lines), followed object by object: buffer sizes, buffer scales, viewport destinations.
    libwayland 1.22 and later (trixie's, so an arm64 buoy's, mk/arm64.mk) name the queue first
    (`{Default Queue}`) and write objects as `obj#id`: read as `obj@id`, as 1.21 writes them."""

    LINE = re.compile(r"^\[\s*([\d.]+)\]\s+(?:\{[^}]*\}\s+)?(->)?\s*([\w]+@\d+)\.(\w+)\((.*)\)\s*$")
    OBJECT_ID = re.compile(r"(?<=[\w\]])#(?=\d+\b)")

    def __init__(self, text: str):
        self.requests: list[tuple[str, str, list[str]]] = []
        self.events: list[tuple[str, str, list[str]]] = []
        # Both in the order they were sent and received: (sent, object, name, args).
        self.messages: list[tuple[bool, str, str, list[str]]] = []
        # When libwayland logged each message, in milliseconds: messages[i] at times[i].
        self.times: list[float] = []
        for line in text.splitlines():
            m = self.LINE.match(self.OBJECT_ID.sub("@", line.strip()))
            if not m:
                continue
            args = [a.strip() for a in m.group(5).split(",")] if m.group(5).strip() else []
            (self.requests if m.group(2) else self.events).append((m.group(3), m.group(4), args))
            self.messages.append((bool(m.group(2)), m.group(3), m.group(4), args))
            self.times.append(float(m.group(1)))

    def binds(self) -> dict[str, int]:
        """The version each interface was bound at (the last bind of each)."""
        found = {}
        for _, request, args in self.requests:
            if request == "bind" and len(args) >= 3:
                found[args[1].strip('"')] = int(args[2])
        return found

    def attaches(self) -> list[Attach]:
        buffers: dict[str, tuple[int, int]] = {}
        scales: dict[str, int] = {}
        viewport_of: dict[str, str] = {}  # wp_viewport@N -> wl_surface@M
        destinations: dict[str, tuple[int, int]] = {}  # by surface
        result = []
        for obj, request, args in self.requests:
            if request == "create_buffer":
                buffers[args[0].split()[-1]] = (int(args[2]), int(args[3]))
            elif request == "get_viewport":
                viewport_of[args[0].split()[-1]] = args[1]
            elif request == "set_destination" and obj in viewport_of:
                destinations[viewport_of[obj]] = (int(args[0]), int(args[1]))
            elif request == "set_buffer_scale":
                scales[obj] = int(args[0])
            elif request == "attach" and args[0] in buffers:
                w, h = buffers[args[0]]
                result.append(Attach(obj, w, h, scales.get(obj, 1), destinations.get(obj)))
        return result

    def shown(self) -> dict[str, tuple[tuple[int, int], Optional[tuple[int, int]]]]:
        """Per surface, the size of the buffer attached last and its viewport's destination
        last set: what the surface shows once its last commit applies."""
        buffers: dict[str, tuple[int, int]] = {}
        viewport_of: dict[str, str] = {}
        destinations: dict[str, tuple[int, int]] = {}
        result = {}
        for obj, request, args in self.requests:
            if request == "create_buffer":
                buffers[args[0].split()[-1]] = (int(args[2]), int(args[3]))
            elif request == "get_viewport":
                viewport_of[args[0].split()[-1]] = args[1]
            elif request == "set_destination" and obj in viewport_of:
                destinations[viewport_of[obj]] = (int(args[0]), int(args[1]))
            elif request == "attach" and args[0] in buffers:
                result[obj] = buffers[args[0]]
        return {surface: (size, destinations.get(surface)) for surface, size in result.items()}

    def requested(self, request: str) -> list[list[str]]:
        """The arguments of every request of this name, in order."""
        return [args for _, name, args in self.requests if name == request]

    def received(self, event: str) -> list[list[str]]:
        return [args for _, name, args in self.events if name == event]


# --------------------------------------------------------------------------------------------
# Transparent cursor theme


def xcursor_bytes(nominal_size: int = 24, side: Optional[int] = None) -> bytes:
    """An Xcursor file holding one image: `nominal_size` x `nominal_size` fully transparent
    pixels. Not 1x1: a compositor that draws a 1x1 cursor at scale 1.5 or more asks for a
    0x0 swapchain, and sway 1.12 aborts (wlr_swapchain_create: Assertion 'width > 0')."""
    magic, image_type = 0x72756358, 0xFFFD0002  # "Xcur", XCURSOR_IMAGE_TYPE
    file_header, toc_entry, image_header = 16, 12, 36
    position = file_header + toc_entry
    side = nominal_size if side is None else side
    return (
        struct.pack("<IIII", magic, file_header, 0x10000, 1)
        + struct.pack("<III", image_type, nominal_size, position)
        # header size, type, subtype (nominal size), version, width, height, xhot, yhot, delay
        + struct.pack("<IIIIIIIII", image_header, image_type, nominal_size, 1, side, side, 0, 0, 0)
        + bytes(4 * side * side)  # ARGB, premultiplied: transparent
    )


def write_cursor_theme(icons_dir: Path, theme: str = "default", side: int = 24) -> Path:
    """Writes an inherits-free theme whose every cursor is invisible, `side` px square (only
    a test of a client's fallback wants 1); returns the icons dir (the value for XCURSOR_PATH)."""
    cursors = icons_dir / theme / "cursors"
    cursors.mkdir(parents=True, exist_ok=True)
    (icons_dir / theme / "index.theme").write_text(f"[Icon Theme]\nName={theme}\n")
    blank = cursors / "blank"
    blank.write_bytes(xcursor_bytes(side=side))
    for name in CURSOR_NAMES:
        link = cursors / name
        if not link.exists():
            link.symlink_to("blank")
    return icons_dir


# --------------------------------------------------------------------------------------------
# The compositor matrix: which compositor, and from where

MATRIX_ENV = "BUOY_E2E_COMPOSITOR"
# Each leg of the matrix: the compositor class that runs it, and the Debian suite whose root
# (scripts/debian-root.sh, .build/SUITE) that compositor comes from, or None for the host's.
# wayfire comes from sid: trixie's 0.9 renders with GLES2 only, on a DRM device there is not.
MATRIX = {
    "host-sway": ("HeadlessSway", None),
    "host-phoc": ("HeadlessPhoc", None),
    "trixie-sway": ("HeadlessSway", "trixie"),
    "trixie-labwc": ("HeadlessLabwc", "trixie"),
    "trixie-phoc": ("HeadlessPhoc", "trixie"),
    "sid-wayfire": ("HeadlessWayfire", "sid"),
    # What Phosh users on postmarketOS edge and Mobian unstable run (phoc 0.58), and the
    # newest sway (1.12, wlroots 0.20) and labwc (0.20).
    "sid-sway": ("HeadlessSway", "sid"),
    "sid-labwc": ("HeadlessLabwc", "sid"),
    "sid-phoc": ("HeadlessPhoc", "sid"),
    "trixie-kwin": ("HeadlessKWin", "trixie"),
    "sid-kwin": ("HeadlessKWin", "sid"),
}
ROOT_STAMP = ".buoy-root-stamp"
# Clients that must come from the root when the compositor does: Debian 12's wvkbd 0.12
# sends a keymap that sway 1.10+ rejects ("Failed to parse input xkb string").
ROOT_CLIENTS = ("wvkbd-mobintl", "wvkbd-deskintl")


def selected_compositor() -> str:
    """The leg named by BUOY_E2E_COMPOSITOR (default host-sway); HarnessError if unknown."""
    name = os.environ.get(MATRIX_ENV) or "host-sway"
    if name not in MATRIX:
        raise HarnessError(f"{MATRIX_ENV}={name!r} is none of {', '.join(MATRIX)}")
    return name


def debian_root(suite: str) -> Path:
    """The selected leg's Debian root (BUOY_E2E_ROOT, default <repo>/.build/SUITE); HarnessError
    unless scripts/debian-root.sh finished building it."""
    root = Path(os.environ.get("BUOY_E2E_ROOT") or REPO_ROOT / ".build" / suite).resolve()
    if not (root / ROOT_STAMP).is_file():
        raise HarnessError(f"no complete Debian root at {root}: build it with `make {suite}-root` "
                           f"(scripts/debian-root.sh {suite} {root})")
    return root


class _FromMatrix:
    def __repr__(self) -> str:
        return "<from BUOY_E2E_COMPOSITOR>"


FROM_MATRIX = _FromMatrix()


def _matrix_root(program: str, root) -> Optional[Path]:
    """A compositor class's root: the one given, or the selected leg's root if that leg runs
    this program from it (so HeadlessSway() on the trixie-sway leg is trixie's sway)."""
    if root is not FROM_MATRIX:
        return Path(root).resolve() if root else None
    name = selected_compositor()
    suite = MATRIX[name][1]
    if suite and name.split("-", 1)[1] == program:
        return debian_root(suite)
    return None


def matrix_compositor(**kwargs) -> "HeadlessSway":
    """The selected leg's compositor, not yet started: `with matrix_compositor() as c:`.
    Keyword arguments go to its class (resolution, start_timeout, ...)."""
    class_name, suite = MATRIX[selected_compositor()]
    cls = globals()[class_name]
    return cls(root=debian_root(suite) if suite else None, **kwargs)


# A private mount namespace (unshare -m), so these mounts vanish with the process they were
# made for, however it ends: nothing is ever left mounted under the root on the host.
_CHROOT_SCRIPT = """set -e
root=$1 share=$2
shift 2
mount -t proc proc "$root/proc"
mount -t sysfs sys "$root/sys"
mount --bind /dev "$root/dev"
mount --bind /dev/shm "$root/dev/shm"
mount -t devpts devpts "$root/dev/pts"
mount --bind "$share" "$root$share"
exec chroot "$root" "$@"
"""


def root_argv(root: Path, share: Path, argv: Sequence[str], env: dict,
              account: Optional[pwd.struct_passwd] = None) -> list[str]:
    """argv run inside `root` with exactly `env`, as `account` if given (else as root).

    `share` (the tests' temp dir, which holds every test's dir) is bind-mounted at the same
    path inside, so paths in configs, sockets and runtime dirs mean the same on both sides."""
    if os.geteuid() != 0:
        raise HarnessError(f"running programs from {root} needs root (chroot, mount)")
    (root / str(share).lstrip("/")).mkdir(parents=True, exist_ok=True)
    inner = ["env", "-i", *(f"{k}={v}" for k, v in env.items()), *argv]
    if account is not None:
        # Set after the uid change, which would clear a pdeathsig set before it.
        inner = ["setpriv", f"--reuid={account.pw_uid}", f"--regid={account.pw_gid}", "--init-groups",
                 "--pdeathsig=KILL", *inner]
    return ["unshare", "--mount", "--propagation", "private", "--", "sh", "-c", _CHROOT_SCRIPT, "sh",
            str(root), str(share), *inner]


def _ensure_root_user(root: Path, account: pwd.struct_passwd) -> None:
    """The host's test user, with the same uid and gid, in the root's passwd and group."""
    import grp

    group = grp.getgrgid(account.pw_gid)
    for name, line in (("passwd", f"{account.pw_name}:x:{account.pw_uid}:{account.pw_gid}::"
                                  f"/nonexistent:/bin/sh\n"),
                       ("group", f"{group.gr_name}:x:{group.gr_gid}:\n")):
        path = root / "etc" / name
        lines = path.read_text().splitlines(keepends=True)
        key = line.split(":", 1)[0] + ":"
        kept = [entry for entry in lines if not entry.startswith(key)]
        if line not in lines:
            # Whole or not at all: a compositor starting beside this one (run.py -j) reads it
            # meanwhile, and would write back a passwd it read half-written.
            partial = path.with_name(f"{name}.buoy-{os.getpid()}")
            partial.write_text("".join(kept) + line)
            partial.replace(path)


def require_root_tools(root: Path, *names: str) -> None:
    missing = [n for n in names if not any((root / d / n).exists() for d in ("usr/bin", "usr/sbin"))]
    if missing:
        raise HarnessError(f"the root {root} lacks {', '.join(missing)}: rebuild it "
                           f"(rm -rf --one-file-system {root}; make {root.name}-root)")


# --------------------------------------------------------------------------------------------
# The compositor


def _ensure_test_user(name: str) -> pwd.struct_passwd:
    try:
        return pwd.getpwnam(name)
    except KeyError:
        pass
    result = run(["useradd", "--create-home", "--user-group", name], check=False)
    try:
        return pwd.getpwnam(name)  # a parallel test may have created it first
    except KeyError:
        raise HarnessError(f"cannot create test user {name}: {result.stderr.strip()}") from None


def _start_compositor(owner, argv: list[str], config_text: str, config_name: str,
                      extra_env: dict) -> tuple[Path, Path]:
    """The start-up the compositor classes share: a fresh temp dir (kept on `owner.dir`),
    a private runtime dir and home, the transparent cursor theme, the config file, and the
    compositor itself (as the unprivileged test user when running as root), logging to
    `<owner.program>.log`. Returns the cursor theme directory and the config path.

    With `owner.root` set, the compositor runs inside that root (root_argv), as the same
    user with the same uid; its temp dir has the same path there."""
    as_root = os.geteuid() == 0
    root: Optional[Path] = getattr(owner, "root", None)
    account = _ensure_test_user(owner.user) if as_root else None
    name = owner.program
    if root is not None:
        if account is None:
            raise HarnessError(f"{name} from {root} needs the tests to run as root (chroot, mount)")
        require_root_tools(root, argv[0], "setpriv")
        _ensure_root_user(root, account)
    owner.dir = Path(tempfile.mkdtemp(prefix=f"buoy-e2e-{'' if name == 'sway' else name + '-'}"))
    owner.dir.chmod(0o755)  # the compositor (another user) reads the config and cursor theme here
    owner.runtime_dir = owner.dir / "runtime"
    owner.runtime_dir.mkdir(mode=0o700)
    home = owner.dir / "home"
    home.mkdir()
    icons = write_cursor_theme(owner.dir / "icons")
    config = owner.dir / config_name
    config.write_text(config_text)
    if account is not None:
        for path in (owner.runtime_dir, home):
            os.chown(path, account.pw_uid, account.pw_gid)
    env = {
        "PATH": "/usr/bin:/bin" if root is not None else os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_RUNTIME_DIR": str(owner.runtime_dir),
        "LANG": "C.UTF-8",
        "WLR_BACKENDS": "headless",
        "WLR_LIBINPUT_NO_DEVICES": "1",
        "WLR_RENDERER": "pixman",
        "XCURSOR_PATH": str(icons),
        "XCURSOR_THEME": "default",
        "XCURSOR_SIZE": "24",
        **extra_env,
    }
    argv = [*argv, str(config)]
    if root is not None:
        argv = root_argv(root, owner.dir.parent, argv, env, account)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    elif account is not None:
        argv = [
            "setpriv", f"--reuid={account.pw_uid}", f"--regid={account.pw_gid}", "--init-groups",
            # Set after the uid change, which would clear a pdeathsig set before it.
            "--pdeathsig=KILL",
        ] + argv
    owner._log_file = open(owner.dir / f"{name}.log", "wb")
    owner.process = subprocess.Popen(
        argv, env=env, cwd=owner.dir, stdin=subprocess.DEVNULL,
        stdout=owner._log_file, stderr=subprocess.STDOUT, start_new_session=True,
        preexec_fn=None if account is not None else _die_with_parent,
    )
    return icons, config


class HeadlessSway:
    """A private headless sway 1.7+ for one test. Use as a context manager.

    As root, sway runs as the unprivileged TEST_USER (sway refuses to run as root); clients
    started here stay root, which may connect to that user's socket.
    """

    # The compositor's command: its log is `<program>.log` in the test's dir.
    program = "sway"

    def __init__(
        self,
        resolution: tuple[int, int] = (1280, 720),
        scale: float = 1,
        background: tuple[int, int, int] = DEFAULT_BACKGROUND,
        extra_config: str = "",
        start_timeout: float = 10.0,
        user: str = TEST_USER,
        root=FROM_MATRIX,
    ):
        # A Debian root to run the compositor from (None: the host's); by default the selected
        # leg's root if BUOY_E2E_COMPOSITOR names this compositor from there (trixie-sway).
        self.root: Optional[Path] = _matrix_root(self.program, root)
        self.resolution = resolution
        self.scale = scale
        self.background = background
        self.extra_config = extra_config
        self.start_timeout = start_timeout
        self.user = user
        self.dir: Optional[Path] = None
        self.runtime_dir: Optional[Path] = None
        self.env: dict = {}
        self.process: Optional[subprocess.Popen] = None
        self._clients: list = []  # Popen or objects with .close(), stopped in reverse order
        self._log_file = None
        self._counter = 0
        self._keep = bool(os.environ.get("BUOY_E2E_KEEP"))
        # Merged last into sway's environment: e.g. WLR_BACKENDS=wayland to nest it in another
        # compositor, whose outputs are windows that can be closed (a real unplug).
        self.backend_env: dict = {}

    # -- lifecycle

    def __enter__(self) -> "HeadlessSway":
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is not None and self.dir is not None and self.process is not None:
            # Keep the evidence of a failing test: a screenshot, the logs, the temp dir.
            try:
                self.screenshot().save_png(self.artifact("failure.png"))
            except Exception as e:
                print(f"harness: no failure screenshot: {e}", file=sys.stderr)
            self._keep = True
        self.stop()

    def start(self) -> None:
        as_root = os.geteuid() == 0
        require_tools("swaymsg", "grim", *(["setpriv"] if as_root else []))
        if self.root is None:
            require_tools("sway", "swaybg")
        else:
            require_root_tools(self.root, "swaybg")
        icons, config = _start_compositor(self, ["sway", "-c"], self.config_text(), "sway.config",
                                          self.backend_env)

        socket = self._wait_started()
        self.env = {
            **{k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_SOCKET")},
            "WAYLAND_DISPLAY": socket.name,
            "XDG_RUNTIME_DIR": str(self.runtime_dir),
            "SWAYSOCK": str(self._swaysock),
            "XCURSOR_PATH": str(icons),
            "XCURSOR_THEME": "default",
            "XCURSOR_SIZE": "24",
        }
        self._wait_ready()

    def config_text(self) -> str:
        w, h = self.resolution
        r, g, b = self.background
        return (
            f"output HEADLESS-1 resolution {w}x{h} scale {self.scale}\n"
            f"output * bg #{r:02x}{g:02x}{b:02x} solid_color\n"
            "default_border none\n"
            "default_floating_border none\n"
            "xwayland disable\n"
            "seat * xcursor_theme default 24\n"
            + self.extra_config
            + "\n"
        )

    def _fail(self, what: str) -> HarnessError:
        status = self.process.poll() if self.process else None
        state = f"{self.program} exited with {status}" if status is not None else f"{self.program} is running"
        return HarnessError(f"{what} ({state}); {self.program} log tail:\n{self.log_tail()}")

    def _wait_started(self) -> Path:
        def sockets():
            if self.process.poll() is not None:
                raise self._fail("sway exited during start-up")
            found = [p for p in self.runtime_dir.glob("wayland-*") if not p.name.endswith(".lock")]
            ipc = list(self.runtime_dir.glob("sway-ipc.*.sock"))
            return (found[0], ipc[0]) if found and ipc else None

        try:
            socket, self._swaysock = wait_for(sockets, self.start_timeout, message="sway's sockets")
        except WaitTimeout as e:
            raise self._fail(str(e)) from None
        return socket

    def _wait_ready(self) -> None:
        """Waits until the output is up and swaybg has painted it, so a first screenshot shows
        the background rather than sway's default grey."""

        def output_up():
            result = run(["swaymsg", "-r", "-t", "get_outputs"], env=self.env, check=False)
            return result.returncode == 0 and any(o.get("active") for o in json.loads(result.stdout or "[]"))

        def painted():
            image = self.screenshot()
            points = [(image.width // 2, image.height // 2), (1, 1), (image.width - 2, image.height - 2)]
            return all(image.pixel(x, y) == self.background for x, y in points)

        try:
            wait_for(output_up, self.start_timeout, 0.05, "an active output in swaymsg get_outputs")
            wait_for(painted, self.start_timeout, 0.05, f"the background {self.background} in a screenshot")
        except WaitTimeout as e:
            raise self._fail(str(e)) from None

    def stop(self) -> None:
        """Stops clients (newest first), then sway and whatever it spawned. Idempotent."""
        while self._clients:
            client = self._clients.pop()
            try:
                if isinstance(client, subprocess.Popen):
                    stop_process(client)
                else:
                    client.close()
            except Exception as e:  # keep going: everything must be stopped
                print(f"harness: stopping {client!r}: {e}", file=sys.stderr)
        if self.process is not None:
            # sway runs in its own session (start_new_session), so this finds swaybg and
            # anything else it spawned.
            spawned = _related_processes(self.process.pid)
            stop_process(self.process, grace=3.0)
            for pid in spawned:
                if _pid_alive(pid):
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
            self.process = None
        if self._log_file is not None:
            self._log_file.close()
            self._log_file = None
        if self.dir is not None:
            if self._keep:
                print(f"harness: kept {self.dir} (logs, screenshots)", file=sys.stderr)
            else:
                shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None

    # -- use

    def log_tail(self, lines: int = 30) -> str:
        if self._log_file is not None:
            self._log_file.flush()
        return _tail(self.dir / f"{self.program}.log", lines) if self.dir else "(no log)"

    def swaymsg(self, *args: str, parse: bool = True, check: bool = True, timeout: float = 5.0):
        """Runs swaymsg against this sway. With `parse`, returns the JSON reply; with `check`,
        raises HarnessError when a command reports success: false."""
        result = run(["swaymsg", *(["-r"] if parse else []), *args], env=self.env, timeout=timeout,
                     check=check)
        if not parse:
            return result.stdout
        reply = json.loads(result.stdout) if result.stdout.strip() else None
        if check and isinstance(reply, list):
            failed = [r for r in reply if isinstance(r, dict) and r.get("success") is False]
            if failed:
                raise HarnessError(f"swaymsg {' '.join(args)} failed: {failed}")
        return reply

    def globals(self) -> dict[str, int]:
        """The globals this compositor offers: interface -> version."""
        wire = WaylandWire(self.env)
        try:
            return {name: version for name, (_, version) in wire.globals.items()}
        finally:
            wire.close()

    def outputs(self) -> list[dict]:
        return self.swaymsg("-t", "get_outputs")

    def tree(self) -> dict:
        return self.swaymsg("-t", "get_tree")

    def windows(self) -> list[dict]:
        """Every window (view) in the tree, tiled or floating."""
        found = []

        def walk(node):
            if node.get("type") in ("con", "floating_con") and node.get("pid"):
                found.append(node)
            for child in node.get("nodes", []) + node.get("floating_nodes", []):
                walk(child)

        walk(self.tree())
        return found

    def screenshot(self, path: Optional[str | os.PathLike] = None, scale: Optional[float] = None) -> Image:
        """A grim screenshot; `path` keeps the PPM. See `screenshot()` for how scale works."""
        return screenshot(self.env, path, scale)

    def artifact(self, name: str) -> Path:
        """A path in this test's temp dir (kept with BUOY_E2E_KEEP)."""
        return self.dir / name

    def spawn(self, argv: Sequence[str], log: Optional[str] = None, **kwargs) -> subprocess.Popen:
        """Starts a client with this compositor's env; it is stopped when the compositor stops.
        With `log`, stdout and stderr go to that file in the temp dir."""
        if self.root is not None and Path(argv[0]).name in ROOT_CLIENTS:
            argv = self.root_client(argv, kwargs.pop("env", None))
        else:
            require_tools(argv[0])
        if log is not None:
            with open(self.dir / log, "wb") as out:
                kwargs.setdefault("stdout", out)
                kwargs.setdefault("stderr", subprocess.STDOUT)
                proc = self._popen(argv, kwargs)
        else:
            proc = self._popen(argv, kwargs)
        self._clients.append(proc)
        return proc

    def _popen(self, argv, kwargs) -> subprocess.Popen:
        kwargs.setdefault("env", self.env)
        kwargs.setdefault("stdin", subprocess.DEVNULL)
        return subprocess.Popen(list(argv), preexec_fn=_die_with_parent, **kwargs)

    def root_client(self, argv: Sequence[str], env: Optional[dict] = None) -> list[str]:
        """argv for a client that runs inside this compositor's root (as root), with the
        Wayland part of `env` (default: this compositor's env). spawn() uses it for
        ROOT_CLIENTS."""
        if self.root is None:
            raise HarnessError(f"{self.program} does not run from a root")
        require_root_tools(self.root, argv[0])
        env = self.env if env is None else env
        keep = ("WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "XCURSOR_PATH", "XCURSOR_THEME", "XCURSOR_SIZE")
        inner = {"PATH": "/usr/bin:/bin", "HOME": str(self.dir / "home"), "LANG": "C.UTF-8",
                 **{k: env[k] for k in keep if k in env}}
        return root_argv(self.root, self.dir.parent, argv, inner)

    def track(self, closable) -> None:
        """Stops `closable` (a Popen or something with close()) with the compositor."""
        self._clients.append(closable)

    def unique(self, stem: str) -> str:
        self._counter += 1
        return f"{stem}-{self._counter}"

    def pointer(self, binary: Optional[str] = None, layout: bool = False) -> "Pointer":
        """A virtual pointer on the first output; with `layout`, its positions are the whole
        layout's, across every output."""
        return Pointer(self, binary, layout=layout)

    def wev(self, timeout: float = 5.0) -> "Wev":
        return Wev(self, timeout)


Compositor = HeadlessSway


# --------------------------------------------------------------------------------------------
# Input: buoy-pointer


class _LineReader:
    """Reads lines from a pipe with a deadline (select + os.read, no Python buffering)."""

    def __init__(self, stream):
        self.fd = stream.fileno()
        self.buffer = b""

    def readline(self, timeout: float) -> Optional[str]:
        """The next line without its newline; None at EOF. Raises TimeoutError."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            ready, _, _ = select.select([self.fd], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(self.fd, 4096)
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode(errors="replace")


class Pointer:
    """A virtual pointer (the buoy-pointer binary). Coordinates are logical output pixels.

    Create it before clients that need pointer input: the seat has no pointer capability until
    a virtual device exists. Every call returns once a roundtrip shows the compositor processed
    the input; the client under the pointer may still be handling its events.
    """

    # The driver's name in messages; Touch (buoy-touch) shares command() and close().
    name = "buoy-pointer"

    def __init__(self, compositor: HeadlessSway, binary: Optional[str] = None, timeout: float = 5.0,
                 layout: bool = False):
        binary = binary or os.environ.get("BUOY_POINTER") or str(REPO_ROOT / ".build/debug/buoy-pointer")
        if not os.access(binary, os.X_OK):
            raise HarnessError(
                f"buoy-pointer not found at {binary}: build it with "
                "`swift build --product buoy-pointer` or set BUOY_POINTER"
            )
        self.timeout = timeout
        self.held = False  # the left button, as far as this driver pressed it
        self._stderr_path = compositor.artifact(compositor.unique("buoy-pointer") + ".log")
        with open(self._stderr_path, "wb") as err:
            self.process = subprocess.Popen(
                [binary] + (["--layout"] if layout else []), env=compositor.env, stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=err, preexec_fn=_die_with_parent,
            )
        compositor.track(self)
        self._reader = _LineReader(self.process.stdout)
        self.extent = self.size()

    def command(self, line: str, timeout: Optional[float] = None) -> list[str]:
        """Sends one command; returns the lines printed before `ok`. Raises HarnessError on
        `error: ...`, EOF or timeout."""
        return self.commands([line], timeout)[0]

    def commands(self, lines: list[str], timeout: Optional[float] = None) -> list[list[str]]:
        """Sends `lines` in one write, so the driver runs them back to back with no round trip
        between them (a flick's release must not lag its last move), then reads each one's
        reply as `command` does."""
        if self.process.poll() is not None:
            raise self._dead(f"{self.name} exited ({self.process.returncode}) before {lines[0]!r}")
        try:
            self.process.stdin.write(b"".join(line.encode() + b"\n" for line in lines))
            self.process.stdin.flush()
        except BrokenPipeError:
            raise self._dead(f"{self.name} closed its stdin before {lines[0]!r}") from None
        timeout = self.timeout if timeout is None else timeout
        return [self._reply(line, timeout) for line in lines]

    def _reply(self, line: str, timeout: float) -> list[str]:
        lines = []
        while True:
            try:
                reply = self._reader.readline(timeout)
            except TimeoutError:
                raise self._dead(f"no reply from {self.name} to {line!r} within {timeout}s") from None
            if reply is None:
                raise self._dead(f"{self.name} exited during {line!r}")
            if reply == "ok":
                return lines
            if reply.startswith("error:"):
                raise HarnessError(f"{self.name} {line!r}: {reply}")
            lines.append(reply)

    def _dead(self, what: str) -> HarnessError:
        try:
            self.process.wait(0.5)
        except subprocess.TimeoutExpired:
            pass
        return HarnessError(f"{what}; stderr: {_tail(self._stderr_path, 5).strip()!r}")

    def size(self) -> tuple[int, int]:
        """The logical size of the output the pointer maps onto."""
        (line,) = self.command("size")
        _, w, h = line.split()
        return (int(w), int(h))

    def move(self, x: float, y: float) -> None:
        self.command(f"move {x} {y}")

    def arrive(self, x: float, y: float) -> None:
        """Comes to rest at (x, y) as a hand, head or eye pointer does, in more than one event:
        a jump onto a surface is only an enter there (sway 1.7 sends no motion with it), and an
        enter is not a move to buoy's dwell (a surface may appear under a pointer that stayed).
        So first 12 px below, then there: the surface gets its enter and then a motion further
        than dwell's 8-px tolerance, which settles the rest at (x, y) whether or not the pointer
        had entered it already. Below, as a button is at least 40 px high even tucked."""
        self.move(x, y + 12)
        self.move(x, y)

    def down(self) -> None:
        self._refuse_second_press("down()")
        self.command("down")
        self.held = True

    def up(self) -> None:
        self.command("up")
        self.held = False

    def click(self, x: float, y: float) -> None:
        self._refuse_second_press("click()")
        self.command(f"click {x} {y}")

    def _refuse_second_press(self, what: str) -> None:
        # wlroots 0.18+ counts presses: after a second press of a held button, the first
        # release is held back, and the client never sees the button come up.
        if self.held:
            raise HarnessError(f"pointer.{what} while the button is held: release it first (up())")

    def drag(self, x1: float, y1: float, x2: float, y2: float, steps: int = 10, duration_ms: int = 100,
             release: bool = False) -> None:
        """Presses at (x1, y1) and moves to (x2, y2) in `steps` moves over `duration_ms`. The
        button stays down unless `release`.

        If the button is already held (a drag continued), it is not pressed again: the pointer
        moves to (x1, y1) and on from there, so every compositor sees one press per release."""
        if self.held:
            self.move(x1, y1)
            start = time.monotonic()
            for step in range(1, steps + 1):
                fraction = step / steps
                delay = start + duration_ms / 1000 * fraction - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
                self.move(x1 + (x2 - x1) * fraction, y1 + (y2 - y1) * fraction)
        elif release:
            self.commands([f"drag {x1} {y1} {x2} {y2} {steps} {duration_ms}", "up"],
                          timeout=self.timeout + duration_ms / 1000)
            return
        else:
            self.command(f"drag {x1} {y1} {x2} {y2} {steps} {duration_ms}",
                         timeout=self.timeout + duration_ms / 1000)
            self.held = True
        if release:
            self.up()

    def sleep(self, ms: int) -> None:
        self.command(f"sleep {ms}", timeout=self.timeout + ms / 1000)

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self.process.stdin.write(b"quit\n")
                self.process.stdin.flush()
                self.process.wait(1.0)
            except (BrokenPipeError, subprocess.TimeoutExpired, ValueError):
                pass
        stop_process(self.process)


# --------------------------------------------------------------------------------------------
# Observation: wev

ButtonPress = namedtuple("ButtonPress", "x y state")
ButtonEvent = namedtuple("ButtonEvent", "x y state button serial time")
KeyEvent = namedtuple("KeyEvent", "key state sym utf8 serial")
TouchEvent = namedtuple("TouchEvent", "kind id x y")

# "[13:      wl_pointer] button: serial: 11; time: 423055; button: 272 (left), state: 1 (pressed)"
_WEV_EVENT = re.compile(r"^\[(\d+):\s*([\w.]+)\] (\w+)(?:: ?(.*))?$")
_XY = re.compile(r"x, y: (-?[\d.]+), (-?[\d.]+)")
# A toplevel configure to a real size (not 0x0), its states, then its xdg_surface configure.
_WEV_SIZED = re.compile(r"xdg_toplevel\] configure: width: [1-9]\d*; height: [1-9]\d*\n(?:\s+.*\n)?"
                        r"\[\s*\d+:\s*xdg_surface\] configure")
_BUTTON = re.compile(r"serial: (\d+); time: (\d+); button: (\d+) \([^)]*\), state: \d+ \((\w+)\)")
_KEY = re.compile(r"serial: (\d+); time: (\d+); key: (\d+); state: \d+ \((\w+)\)")
_SYM = re.compile(r"sym: (\S+)\s+\(\d+\), utf8: '(.*)'$")
# The two greys of the checkerboard wev fills its window with.
_WEV_CHECKER = ((0x66, 0x66, 0x66), (0xEE, 0xEE, 0xEE))


class Wev:
    """`wev` as an ordinary window (sway tiles it fullscreen) that logs its input to a file.

    wev creates a new wl_pointer each time the seat gains the pointer capability and never
    releases the old one, so after e.g. `wtype` runs each event may be logged once per object.
    The parsers below count each event once, by its serial.
    """

    def __init__(self, compositor: HeadlessSway, timeout: float = 5.0):
        require_tools("wev", "stdbuf")
        self.compositor = compositor
        name = compositor.unique("wev")
        self.log_path = compositor.artifact(name + ".log")
        self.process = compositor.spawn(["stdbuf", "-oL", "wev"], log=name + ".log")
        self._start = 0
        self.window = None
        self._wait_mapped(timeout)

    def _check_running(self) -> None:
        if self.process.poll() is not None:
            raise HarnessError(f"wev exited with {self.process.returncode}: {_tail(self.log_path, 10)}")

    def _wait_mapped(self, timeout: float) -> None:
        """Until sway shows wev's window and wev has its first configure."""
        def mapped():
            self._check_running()
            return [w for w in self.compositor.windows()
                    if w.get("pid") == self.process.pid and w.get("visible")]

        self.window = wait_for(mapped, timeout, 0.05, "wev to be mapped")[0]
        # sway maps the window, then configures it to its tiled size and applies that layout
        # (the "transaction") only once wev has acked and committed: until then a pointer
        # event over it finds no surface. Wait for that configure, then for the screen to show
        # the buffer wev committed for it.
        wait_for(lambda: _WEV_SIZED.search(self.text()), timeout, message="wev's configure to its tiled size")
        rect = self.window["rect"]
        self._wait_drawn(lambda: screenshot(self.compositor.env, region=(
            rect["x"], rect["y"], rect["width"], rect["height"])), timeout)

    def _wait_drawn(self, capture: Callable[[], "Image"], timeout: float) -> None:
        """Until `capture` (the screen where wev's window is) shows wev's checkerboard in one of
        its corners: the compositor has wev's buffer of its final size, so input there finds
        wev. Before that the corners show the background (wev's first buffer is 640x480, and
        the compositor centres it or shows nothing); one corner is enough, as a buoy button
        may cover another. wev asks for no frame callbacks and logs no wl_surface events, so
        the screen is what tells."""
        def drawn():
            self._check_running()
            image = capture()
            w, h = image.size
            corners = ((1, 1, 1), (w - 2, 1, -1), (1, h - 2, 1), (w - 2, h - 2, -1))
            # Along a row from the corner inwards, both of its squares' colours (8 px each at
            # scale 1; scaled, blended where they meet).
            return any(set(_WEV_CHECKER) <= {image.pixel(x + dx * i, y) for i in range(min(40, w - 2))}
                       for x, y, dx in corners)

        wait_for(drawn, timeout, 0.02, "wev's checkerboard in a corner of its window on screen")

    def text(self) -> str:
        """The whole log, including what came before mark()."""
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def mark(self) -> None:
        """Later queries only report events logged from now on (positions from enter/motion
        events before the mark are still used)."""
        self._start = len(self.text())

    def events(self) -> list[tuple[bool, int, str, str, str, list[str]]]:
        """(after mark, object id, interface, event, arguments, continuation lines) for every
        logged event, including those before the mark."""
        result = []
        offset = 0
        for line in self.text().splitlines(keepends=True):
            fresh = offset >= self._start
            offset += len(line)
            if not line.endswith("\n"):
                # wev is still writing it (its output is flushed in blocks): read it next time.
                break
            line = line.rstrip("\n")
            m = _WEV_EVENT.match(line)
            if m:
                result.append((fresh, int(m.group(1)), m.group(2), m.group(3), m.group(4) or "", []))
            elif line.startswith(" ") and result:
                result[-1][5].append(line.strip())
        return result

    def button_events(self) -> list[ButtonEvent]:
        """Pointer button events, each at the surface-local position of the last enter/motion."""
        position: dict[int, tuple[float, float]] = {}
        seen: set[tuple[int, str]] = set()
        result = []
        for fresh, obj, iface, event, args, _ in self.events():
            if iface != "wl_pointer":
                continue
            if event in ("enter", "motion"):
                m = _XY.search(args)
                if m:
                    position[obj] = (float(m.group(1)), float(m.group(2)))
            elif event == "button":
                m = _BUTTON.search(args)
                if not m:
                    raise HarnessError(f"unexpected wev button line: {args!r}")
                serial, t, button, state = int(m.group(1)), int(m.group(2)), int(m.group(3)), m.group(4)
                if not fresh or (serial, state) in seen:
                    continue
                seen.add((serial, state))
                x, y = position.get(obj, (float("nan"), float("nan")))
                result.append(ButtonEvent(x, y, state, button, serial, t))
        return result

    def button_presses(self) -> list[ButtonPress]:
        """(x, y, 'pressed' | 'released') for each pointer button event."""
        return [ButtonPress(e.x, e.y, e.state) for e in self.button_events()]

    def motions(self) -> list[tuple[float, float]]:
        """Surface-local positions of wl_pointer.motion events (deduplicated across objects by
        comparing with the previous position of the same object)."""
        last_obj = None
        result = []
        for fresh, obj, iface, event, args, _ in self.events():
            if fresh and iface == "wl_pointer" and event == "motion":
                if last_obj is None:
                    last_obj = obj
                if obj != last_obj:
                    continue  # the same motion again, for an older wl_pointer
                m = _XY.search(args)
                if m:
                    result.append((float(m.group(1)), float(m.group(2))))
        return result

    def keys(self) -> list[KeyEvent]:
        """Keys the window saw: (xkb keycode, 'pressed' | 'released', keysym name, utf8, serial).

        A key already down when the keyboard enters is reported as 'pressed' with keycode None
        (wev logs only its keysym). That happens with wtype: the seat gains its keyboard when
        wtype connects, and whether the first key is a `key` event or part of `enter` is a race.
        """
        seen: set[tuple[int, str]] = set()
        result = []
        for fresh, _, iface, event, args, extra in self.events():
            if not fresh or iface != "wl_keyboard" or event not in ("key", "enter"):
                continue
            syms = [m.groups() for m in map(_SYM.search, extra) if m]
            if event == "enter":
                serial = int(args.split(";")[0].split(":")[1])
                for sym, utf8 in syms:
                    if (serial, sym) not in seen:
                        seen.add((serial, sym))
                        result.append(KeyEvent(None, "pressed", sym, utf8, serial))
                continue
            m = _KEY.search(args)
            if not m:
                raise HarnessError(f"unexpected wev key line: {args!r}")
            serial = int(m.group(1))
            if (serial, "") in seen:
                continue
            seen.add((serial, ""))
            sym, utf8 = syms[0] if syms else ("", "")
            result.append(KeyEvent(int(m.group(3)), m.group(4), sym, utf8, serial))
        return result

    def wait_keys(self, count: int, timeout: float = 3.0, settle: float = 0.2) -> list[KeyEvent]:
        """Like wait_buttons, for keys()."""
        wait_for(lambda: len(self.keys()) >= count, timeout,
                 message=lambda: f"{count} key events in wev; have {self.keys()}")
        time.sleep(settle)
        return self.keys()

    def touches(self) -> list[TouchEvent]:
        """wl_touch down, motion, up and cancel events after the mark, each once (wev logs an
        event once per wl_touch object it has made): (kind, id, x, y); up and cancel carry the
        touch point's last position, cancel has id None."""
        last: dict[int, tuple[float, float]] = {}
        seen: set[tuple] = set()
        result = []
        first_obj = None
        for fresh, obj, iface, event, args, _ in self.events():
            if iface != "wl_touch" or event not in ("down", "motion", "up", "cancel"):
                continue
            if first_obj is None:
                first_obj = obj
            if obj != first_obj:
                continue  # the same event again, for a newer wl_touch
            m = re.search(r"id: (\d+)", args)
            point = int(m.group(1)) if m else None
            xy = _XY.search(args)
            if xy and point is not None:
                last[point] = (float(xy.group(1)), float(xy.group(2)))
            x, y = last.get(point, (float("nan"), float("nan")))
            key = (obj, event, args)
            if fresh and key not in seen:
                seen.add(key)
                result.append(TouchEvent(event, point, x, y))
        return result

    def keyboard_focus(self) -> list[str]:
        """'enter' and 'leave' of wl_keyboard after the mark, each once (by serial)."""
        seen: set[int] = set()
        result = []
        for fresh, _, iface, event, args, _ in self.events():
            if not fresh or iface != "wl_keyboard" or event not in ("enter", "leave"):
                continue
            serial = int(args.split(";")[0].split(":")[1])
            if serial not in seen:
                seen.add(serial)
                result.append(event)
        return result

    def has_keyboard_focus(self) -> bool:
        """Whether the last wl_keyboard enter or leave in the whole log was an enter."""
        events = [event for _, _, iface, event, _, _ in self.events()
                  if iface == "wl_keyboard" and event in ("enter", "leave")]
        return bool(events) and events[-1] == "enter"

    def take_pointer(self, pointer: "Pointer", x: float, y: float, timeout: float = 3.0) -> None:
        """Moves the pointer onto wev at (x, y) and waits until wev has logged the motion there,
        then marks. Clicking a window that has not yet handled its first pointer events right
        after it mapped sometimes loses the click (seen under load); this rules that out.

        The moves are repeated until wev sees one: right after wev maps, sway may still be
        applying the transaction that places it, and motion then finds no surface under the
        pointer and is not replayed later (seen once in CI: wev logged no motion at all)."""
        self.mark()

        def seen() -> bool:
            return any(abs(mx - x) < 1 and abs(my - y) < 1 for mx, my in self.motions())

        deadline = time.monotonic() + timeout
        while True:
            # Entering the window is an `enter`, not a `motion`: step in, then move once more.
            pointer.move(x - 1, y)
            pointer.move(x, y)
            try:
                wait_for(seen, min(0.5, max(0.0, deadline - time.monotonic())))
                break
            except WaitTimeout:
                if time.monotonic() >= deadline:
                    raise WaitTimeout(f"timed out after {timeout:.1f}s waiting for wev to see the "
                                      f"pointer at ({x}, {y}); motions {self.motions()}") from None
        self.mark()

    def caught_up(self, pointer: "Pointer", x: float, y: float, timeout: float = 3.0) -> None:
        """Moves the pointer onto wev at (x, y), off any button, and waits until wev has logged
        that motion: its events come in order, so it has then logged every button event the
        compositor gave it before (for an absence: a click on buoy that wev must not see)."""
        pointer.move(x - 1, y)
        pointer.move(x, y)
        wait_for(lambda: any(abs(mx - x) < 1 and abs(my - y) < 1 for mx, my in self.motions()),
                 timeout, message=lambda: f"wev's motion at ({x}, {y}); motions {self.motions()}")

    def wait_buttons(self, count: int, timeout: float = 3.0, settle: float = 0.2) -> list[ButtonPress]:
        """Waits for at least `count` button events, then `settle` s more so extra events (which a
        test usually wants to catch) have time to show up too."""
        wait_for(lambda: len(self.button_presses()) >= count, timeout,
                 message=lambda: f"{count} button events in wev; have {self.button_presses()}")
        time.sleep(settle)
        return self.button_presses()


# --------------------------------------------------------------------------------------------
# /proc: children, zombies, memory


def proc_status(pid: int) -> dict[str, str]:
    """/proc/PID/status as a dict (`VmHWM`: '1234 kB', `State`: 'S (sleeping)', ...)."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return fields


def proc_kib(pid: int, field: str) -> int:
    """A `kB` field of /proc/PID/status (VmRSS, VmHWM) as an int."""
    return int(proc_status(pid)[field].split()[0])


def proc_children(pid: int) -> list[tuple[int, str]]:
    """(pid, state letter) of every process whose parent is `pid`, zombies included."""
    return [(child, fields[0]) for child, fields in _process_stats() if int(fields[1]) == pid]


def proc_fds(pid: int) -> dict[int, str]:
    """Open file descriptors of `pid` and what they point at."""
    result = {}
    for entry in os.listdir(f"/proc/{pid}/fd"):
        try:
            result[int(entry)] = os.readlink(f"/proc/{pid}/fd/{entry}")
        except OSError:
            pass  # closed meanwhile
    return result


# --------------------------------------------------------------------------------------------
# A minimal Wayland wire client (no libwayland): enough to bind a global and send requests


def accepts_connections(path) -> bool:
    """Whether a Unix socket at `path` is listening (a compositor binds it a moment before)."""
    import socket as socket_module

    with socket_module.socket(socket_module.AF_UNIX, socket_module.SOCK_STREAM) as probe:
        try:
            probe.connect(str(path))
        except ConnectionRefusedError:
            return False
    return True


class WaylandWire:
    """Speaks the Wayland wire format over the compositor's socket, for requests whose
    arguments are plain numbers, objects and strings (no fds). Used where no client binary
    fits, e.g. to create the first seat device on phoc."""

    def __init__(self, env: dict, timeout: float = 5.0):
        import socket as socket_module

        path = Path(env["XDG_RUNTIME_DIR"]) / env["WAYLAND_DISPLAY"]
        self.timeout = timeout
        self.sock = socket_module.socket(socket_module.AF_UNIX, socket_module.SOCK_STREAM)
        self.sock.settimeout(timeout)
        try:
            self.sock.connect(str(path))
        except OSError as e:
            self.sock.close()
            raise HarnessError(f"cannot connect to {path}: {e}") from None
        self._next_id = 2
        self._buffer = b""
        self.registry = self.new_id()
        self.send(1, 1, struct.pack("<I", self.registry))  # wl_display.get_registry
        self.globals: dict[str, tuple[int, int]] = {}  # interface -> (name, version)
        self.roundtrip()

    def new_id(self) -> int:
        self._next_id += 1
        return self._next_id - 1

    @staticmethod
    def string(text: str) -> bytes:
        raw = text.encode() + b"\0"
        return struct.pack("<I", len(raw)) + raw + b"\0" * (-len(raw) % 4)

    def send(self, obj: int, opcode: int, payload: bytes = b"") -> None:
        self.sock.sendall(struct.pack("<II", obj, ((8 + len(payload)) << 16) | opcode) + payload)

    def _read(self) -> tuple[int, int, bytes]:
        while True:
            if len(self._buffer) >= 8:
                obj, word = struct.unpack_from("<II", self._buffer)
                size = word >> 16
                if len(self._buffer) >= size:
                    body, self._buffer = self._buffer[8:size], self._buffer[size:]
                    return obj, word & 0xFFFF, body
            chunk = self.sock.recv(65536)
            if not chunk:
                raise HarnessError("the compositor closed the Wayland connection")
            self._buffer += chunk

    def roundtrip(self) -> None:
        """wl_display.sync, handling registry globals and protocol errors until it is done."""
        callback = self.new_id()
        self.send(1, 0, struct.pack("<I", callback))
        while True:
            obj, opcode, body = self._read()
            if obj == callback and opcode == 0:
                return
            if obj == 1 and opcode == 0:  # wl_display.error(object, code, message)
                target, code, length = struct.unpack_from("<III", body)
                text = body[12 : 12 + length - 1].decode(errors="replace")
                raise HarnessError(f"Wayland protocol error {code} on object {target}: {text}")
            if obj == self.registry and opcode == 0:  # wl_registry.global(name, interface, version)
                name, length = struct.unpack_from("<II", body)
                interface = body[8 : 8 + length - 1].decode()
                (version,) = struct.unpack_from("<I", body, 8 + length + (-length % 4))
                self.globals.setdefault(interface, (name, version))

    def bind(self, interface: str, version: int = 1) -> int:
        if interface not in self.globals:
            raise HarnessError(f"the compositor offers no {interface}")
        name, offered = self.globals[interface]
        obj = self.new_id()
        payload = struct.pack("<I", name) + self.string(interface) + struct.pack("<II", min(version, offered), obj)
        self.send(self.registry, 0, payload)
        return obj

    def close(self) -> None:
        self.sock.close()


class SeatDevice:
    """A virtual pointer created with a null seat, which the compositor puts on its default
    seat, creating that seat if there is none. It never moves or clicks.

    phoc 0.24 with WLR_LIBINPUT_NO_DEVICES=1 starts with no wl_seat at all; buoy-pointer needs
    one, and a layer-shell client that connects before a seat exists makes phoc abort. Keep
    this open for the compositor's whole life: the device goes away with the connection.
    """

    def __init__(self, env: dict):
        self.wire = WaylandWire(env)
        manager = self.wire.bind("zwlr_virtual_pointer_manager_v1")
        self.pointer = self.wire.new_id()
        self.wire.send(manager, 0, struct.pack("<II", 0, self.pointer))  # create_virtual_pointer(null)
        self.wire.roundtrip()

    def close(self) -> None:
        self.wire.close()


# --------------------------------------------------------------------------------------------
# A second compositor: phoc


class _HeadlessWlroots(HeadlessSway):
    """What phoc, labwc and wayfire share: no sway IPC (swaymsg, outputs(), tree() and
    windows() raise HarnessError), a socket named by the compositor, optionally a seat device
    before any other client, and ready once a screenshot has the output's size (and, where
    the compositor paints a known colour, shows it)."""

    # The command before the config path, the config's file name, extra environment.
    command: tuple[str, ...] = ()
    config_name = ""
    extra_env: dict = {}
    # Create a SeatDevice as soon as the socket appears (see HeadlessPhoc).
    seat_first = False
    # The centre pixel once the compositor has painted, or None to accept any colour.
    painted_colour: Optional[tuple[int, int, int]] = None

    def __init__(self, resolution: tuple[int, int] = (1280, 720), start_timeout: float = 10.0,
                 user: str = TEST_USER, root=FROM_MATRIX, background=(0, 0, 0)):
        super().__init__(resolution=resolution, scale=1, background=background,
                         start_timeout=start_timeout, user=user, root=root)
        self.seat_device: Optional[SeatDevice] = None

    def missing_hint(self) -> str:
        return f"apt-get install -y --no-install-recommends {self.program}"

    def start(self) -> None:
        as_root = os.geteuid() == 0
        if self.root is None and shutil.which(self.command[0]) is None:
            raise HarnessError(f"the {self.program} tests need {self.command[0]}, which is missing "
                               f"({self.missing_hint()})")
        require_tools("grim", *(["setpriv"] if as_root else []))
        icons, _ = _start_compositor(self, list(self.command), self.config_text(), self.config_name,
                                     dict(self.extra_env))

        def socket():
            if self.process.poll() is not None:
                raise self._fail(f"{self.program} exited during start-up")
            found = [p for p in self.runtime_dir.glob("wayland-*") if not p.name.endswith(".lock")]
            # The file is there from bind(); until listen(), a connection is refused.
            return found[0] if found and accepts_connections(found[0]) else None

        try:
            path = wait_for(socket, self.start_timeout, message=f"{self.program}'s socket")
        except WaitTimeout as e:
            raise self._fail(str(e)) from None
        self.env = {
            **{k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_SOCKET", "SWAYSOCK")},
            "WAYLAND_DISPLAY": path.name,
            "XDG_RUNTIME_DIR": str(self.runtime_dir),
            "XCURSOR_PATH": str(icons),
            "XCURSOR_THEME": "default",
            "XCURSOR_SIZE": "24",
        }
        if self.seat_first:
            self.seat_device = SeatDevice(self.env)
            self.track(self.seat_device)

        def painted():
            if self.process.poll() is not None:
                raise self._fail(f"{self.program} exited during start-up")
            try:
                image = self.screenshot()
            except HarnessError:
                return False  # screencopy may come up after the socket
            if image.size != self.resolution:
                return False
            return self.painted_colour is None or \
                image.pixel(image.width // 2, image.height // 2) == self.painted_colour

        try:
            wait_for(painted, self.start_timeout, 0.05,
                     f"a {self.resolution} screenshot" + (f" of {self.painted_colour}" if self.painted_colour else ""))
        except WaitTimeout as e:
            raise self._fail(str(e)) from None

    def swaymsg(self, *args: str, **kwargs):
        raise HarnessError(f"{self.program} has no sway IPC")

    def windows(self) -> list[dict]:
        raise HarnessError(f"{self.program} has no sway IPC; its Wev waits for its own configure")

    def wev(self, timeout: float = 5.0) -> "Wev":
        return MaximizedWev(self, timeout)


class HeadlessPhoc(_HeadlessWlroots):
    """A private headless phoc (Phosh's compositor: 0.24 on Debian 12, 0.46 from the trixie
    root) for one test.

    Same interface as HeadlessSway except the sway IPC: swaymsg, outputs(), tree() and
    windows() raise HarnessError. Differences that matter to tests:

    - A seat device (SeatDevice) is created as soon as the socket appears, before any other
      client: without one phoc has no wl_seat, and it aborts (PHOC_IS_SEAT assertion) when a
      layer-shell client connects. Pointers from pointer() then join that seat.
    - The background is black; phoc draws no wallpaper without Phosh.
    - Toplevels (wev) are maximized, as on a phone.
    - While a button is held, phoc 0.24 sends wl_pointer.leave as soon as the pointer leaves
      the surface's input region (no implicit grab for layer surfaces).
    """

    program = "phoc"
    command = ("phoc", "-C")
    config_name = "phoc.ini"
    # phoc keeps its settings in dconf; the memory backend needs no session bus.
    extra_env = {"GSETTINGS_BACKEND": "memory"}
    seat_first = True
    painted_colour = (0, 0, 0)

    def config_text(self) -> str:
        w, h = self.resolution
        return f"[core]\nxwayland=false\n\n[output:HEADLESS-1]\nmode={w}x{h}\n"

    def wev(self, timeout: float = 5.0) -> "Wev":
        return PhocWev(self, timeout)


class HeadlessLabwc(_HeadlessWlroots):
    """A private headless labwc (0.8 from the trixie root) for one test: a stacking
    compositor in Openbox's manner. Its rc.xml maximizes every window, so wev lies under the
    whole output as on sway, and takes no decorations. Output size: the headless default,
    1280x720 (labwc has no output configuration of its own)."""

    program = "labwc"
    command = ("labwc", "-c")
    config_name = "rc.xml"
    extra_env = {"WLR_HEADLESS_OUTPUTS": "1"}

    def __init__(self, resolution: tuple[int, int] = (1280, 720), **kwargs):
        if tuple(resolution) != (1280, 720):
            raise HarnessError("HeadlessLabwc runs at the headless default, 1280x720, only")
        super().__init__(resolution=resolution, **kwargs)

    def config_text(self) -> str:
        return (
            '<?xml version="1.0"?>\n<labwc_config>\n'
            "  <core><decoration>client</decoration><gap>0</gap></core>\n"
            '  <windowRules><windowRule identifier="*" serverDecoration="no">'
            '<action name="Maximize"/></windowRule></windowRules>\n'
            "</labwc_config>\n"
        )


class HeadlessWayfire(_HeadlessWlroots):
    """A private headless wayfire (0.10 from the sid root) for one test, with software
    rendering (there is no GPU: wayfire 0.10 falls back to pixman, 0.9 cannot) and a minimal
    plugin set: window-rules, to maximize every toplevel, so wev lies under the whole output
    as on sway, and foreign-toplevel, which buoy's [visibility] rules read. The rule names toplevels: on a layer surface wayfire may only set alpha, and
    logs an error for any other action."""

    program = "wayfire"
    command = ("wayfire", "-c")
    config_name = "wayfire.ini"
    extra_env = {"WLR_HEADLESS_OUTPUTS": "1"}

    def config_text(self) -> str:
        w, h = self.resolution
        return (
            "[core]\nplugins = window-rules foreign-toplevel\nxwayland = false\n"
            "preferred_decoration_mode = client\n\n"
            f"[output:HEADLESS-1]\nmode = {w}x{h}\n\n"
            "[window-rules]\nmaximize_toplevels = on created if type is \"toplevel\" then maximize\n"
        )


class HeadlessWeston(HeadlessSway):
    """A private headless weston (10 on Debian 12) for one test: a compositor that offers no
    wlr-layer-shell, as GNOME does not either. Only its socket is of use: weston has no
    wlr-screencopy (no screenshots), no virtual pointer and no sway IPC."""

    program = "weston"

    def __init__(self, start_timeout: float = 10.0, user: str = TEST_USER):
        super().__init__(start_timeout=start_timeout, user=user)

    def start(self) -> None:
        as_root = os.geteuid() == 0
        if shutil.which("weston") is None:
            raise HarnessError("the weston test needs weston, which is missing "
                               "(apt-get install -y --no-install-recommends weston)")
        require_tools(*(["setpriv"] if as_root else []))
        w, h = self.resolution
        _start_compositor(self,
                          ["weston", "--backend=headless-backend.so", "--socket=wayland-1",
                           f"--width={w}", f"--height={h}", "--idle-time=0", "-c"],
                          "[core]\nrequire-input=false\n", "weston.ini", {})
        socket = self.runtime_dir / "wayland-1"

        def listening():
            if self.process.poll() is not None:
                raise self._fail("weston exited during start-up")
            return socket.exists()

        try:
            wait_for(listening, self.start_timeout, message="weston's socket")
        except WaitTimeout as e:
            raise self._fail(str(e)) from None
        self.env = {
            **{k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_SOCKET", "SWAYSOCK")},
            "WAYLAND_DISPLAY": socket.name,
            "XDG_RUNTIME_DIR": str(self.runtime_dir),
        }

    def __exit__(self, exc_type, exc, tb) -> None:
        # No screenshot to keep: keep the logs of a failing test only.
        if exc_type is not None and self.dir is not None:
            self._keep = True
        self.stop()



class MaximizedWev(Wev):
    """wev on a compositor without IPC whose config maximizes it (labwc, wayfire): mapped
    once its toplevel is configured maximized to a real size, plus a moment for the commit."""

    _MAXIMIZED = re.compile(r"xdg_toplevel\] configure: width: [1-9]\d*; height: [1-9]\d*\n"
                            r"\s+.*maximized")

    def _wait_mapped(self, timeout: float) -> None:
        def maximized():
            self._check_running()
            return self._MAXIMIZED.search(self.text())

        wait_for(maximized, timeout, 0.05, "wev's toplevel to be configured maximized")
        self._wait_drawn(self.compositor.screenshot, timeout)


class PhocWev(Wev):
    """wev on phoc: phoc maximizes it over the whole output. Mapped once its toplevel is
    configured as activated (there is no IPC to ask)."""

    def _wait_mapped(self, timeout: float) -> None:
        def activated():
            self._check_running()
            return re.search(r"xdg_toplevel\] configure: .*\n\s+.*activated", self.text())

        wait_for(activated, timeout, 0.05, "wev's toplevel to be activated")
        self._wait_drawn(self.compositor.screenshot, timeout)


# --------------------------------------------------------------------------------------------
# A third compositor: KWin (Plasma's), with real touch through its fake input


class _DBusMessage:
    """Just enough of the D-Bus wire format (little-endian) for one method call that passes a
    pipe fd, and for reading its a{sv} reply: there is no D-Bus module in the standard library,
    and dbus-send cannot pass an fd."""

    def __init__(self):
        self.data = bytearray()

    def align(self, n: int) -> None:
        self.data += b"\0" * (-len(self.data) % n)

    def byte(self, v: int) -> None:
        self.data.append(v)

    def u32(self, v: int) -> None:
        self.align(4)
        self.data += struct.pack("<I", v)

    def string(self, v: str, code: str = "s") -> None:
        raw = v.encode()
        if code == "g":
            self.byte(len(raw))
        else:
            self.u32(len(raw))
        self.data += raw + b"\0"

    def variant(self, code: str, value) -> None:
        self.string(code, "g")
        if code in "sog":
            self.string(value, code)
        elif code == "b":
            self.u32(1 if value else 0)
        else:
            self.u32(value)

    @classmethod
    def method_call(cls, serial: int, destination: str, path: str, interface: str, member: str,
                    signature: str = "", body: bytes = b"", fds: int = 0) -> bytes:
        fields = cls()
        for code, kind, value in ((1, "o", path), (2, "s", interface), (3, "s", member),
                                  (6, "s", destination), (8, "g", signature), (9, "u", fds)):
            if value in ("", 0):
                continue
            fields.align(8)
            fields.byte(code)
            fields.variant(kind, value)
        header = cls()
        header.data += b"l\x01\x00\x01" + struct.pack("<III", len(body), serial, len(fields.data))
        header.data += fields.data
        header.align(8)
        return bytes(header.data) + body

    @staticmethod
    def parse_header(blob: bytes) -> tuple[int, int, dict, int]:
        """(type, total length, {field code: value}, body offset) of the message at blob[0:]."""
        if blob[0:1] != b"l":
            raise HarnessError("big-endian D-Bus message")
        body_len, _, fields_len = struct.unpack_from("<III", blob, 4)
        reader = _DBusReader(blob, 16)
        end = 16 + fields_len
        fields = {}
        while reader.pos < end:
            reader.align(8)
            code = reader.byte()
            fields[code] = reader.variant()
        body = end + (-end % 8)
        return blob[1], body + body_len, fields, body


class _DBusReader:
    def __init__(self, blob: bytes, pos: int = 0, base: int = 0):
        self.blob, self.pos, self.base = blob, pos, base

    def align(self, n: int) -> None:
        self.pos += -(self.pos - self.base) % n

    def byte(self) -> int:
        self.pos += 1
        return self.blob[self.pos - 1]

    def fixed(self, fmt: str, size: int):
        self.align(size)
        (value,) = struct.unpack_from("<" + fmt, self.blob, self.pos)
        self.pos += size
        return value

    def string(self, code: str = "s") -> str:
        n = self.byte() if code == "g" else self.fixed("I", 4)
        text = self.blob[self.pos : self.pos + n].decode(errors="replace")
        self.pos += n + 1
        return text

    def value(self, code: str):
        simple = {"y": ("B", 1), "b": ("I", 4), "u": ("I", 4), "i": ("i", 4), "h": ("I", 4),
                  "x": ("q", 8), "t": ("Q", 8), "d": ("d", 8), "n": ("h", 2), "q": ("H", 2)}
        if code in simple:
            return self.fixed(*simple[code])
        if code in "sog":
            return self.string(code)
        if code == "v":
            return self.variant()
        raise HarnessError(f"D-Bus type {code!r} not handled")

    def variant(self):
        return self.value(self.string("g"))

    def dict_sv(self) -> dict:
        length = self.fixed("I", 4)
        self.align(8)
        end = self.pos + length
        result = {}
        while self.pos < end:
            self.align(8)
            key = self.string()
            result[key] = self.variant()
        return result


def _kwin_capture(bus_address: str, uid: int, gid: int, timeout: float = 5.0) -> tuple[dict, bytes]:
    """Calls org.kde.KWin.ScreenShot2.CaptureWorkspace on KWin's session bus and returns
    (its results, the raw image it wrote into the pipe).

    The session bus accepts only its own user, so the D-Bus part runs in a forked child that
    takes the compositor's uid; the parent reads the pipe (several MB: it must be drained while
    KWin writes) and the child's results."""
    import socket as socket_module

    path = next((part[len("unix:path="):].split(",")[0] for part in [bus_address]
                 if part.startswith("unix:path=")), None)
    if path is None:
        raise HarnessError(f"unsupported D-Bus address {bus_address!r}")
    image_r, image_w = os.pipe()
    result_r, result_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        status = 1
        try:
            os.close(image_r)
            os.close(result_r)
            if os.geteuid() == 0:
                os.setgroups([])
                os.setgid(gid)
                os.setuid(uid)
            sock = socket_module.socket(socket_module.AF_UNIX, socket_module.SOCK_STREAM)
            sock.settimeout(timeout)
            sock.connect(path)
            buffer = b""

            def line() -> bytes:
                nonlocal buffer
                while b"\r\n" not in buffer:
                    chunk = sock.recv(4096)
                    if not chunk:
                        raise OSError("the bus closed the connection during auth")
                    buffer += chunk
                text, buffer = buffer.split(b"\r\n", 1)
                return text

            sock.sendall(b"\0AUTH EXTERNAL " + str(os.getuid()).encode().hex().encode() + b"\r\n")
            if not line().startswith(b"OK"):
                raise OSError("D-Bus EXTERNAL auth refused")
            sock.sendall(b"NEGOTIATE_UNIX_FD\r\n")
            if not line().startswith(b"AGREE_UNIX_FD"):
                raise OSError("the bus does not pass fds")
            sock.sendall(b"BEGIN\r\n")
            sock.sendall(_DBusMessage.method_call(1, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                  "org.freedesktop.DBus", "Hello"))

            def reply_to(serial: int) -> tuple[int, dict, bytes, int]:
                nonlocal buffer
                while True:
                    while len(buffer) < 16 or len(buffer) < _DBusMessage.parse_header(buffer)[1]:
                        chunk = sock.recv(65536)
                        if not chunk:
                            raise OSError("the bus closed the connection")
                        buffer += chunk
                    kind, total, fields, offset = _DBusMessage.parse_header(buffer)
                    message, buffer = buffer[:total], buffer[total:]
                    if fields.get(5) == serial:  # REPLY_SERIAL
                        return kind, fields, message, offset

            reply_to(1)
            body = _DBusMessage()
            body.u32(0)  # the options dict's length, patched below
            body.align(8)
            start = len(body.data)
            for key, value in (("include-cursor", False), ("native-resolution", True)):
                body.align(8)
                body.string(key)
                body.variant("b", value)
            body.data[0:4] = struct.pack("<I", len(body.data) - start)
            body.u32(0)  # the pipe: index 0 of the fds sent with this message
            call = _DBusMessage.method_call(2, "org.kde.KWin", "/org/kde/KWin/ScreenShot2",
                                            "org.kde.KWin.ScreenShot2", "CaptureWorkspace",
                                            "a{sv}h", bytes(body.data), fds=1)
            socket_module.send_fds(sock, [call], [image_w])
            os.close(image_w)
            kind, fields, message, offset = reply_to(2)
            if kind == 3:
                error = _DBusReader(message, offset, offset).string() if len(message) > offset else ""
                raise OSError(f"{fields.get(4)}: {error}")
            os.write(result_w, json.dumps(_DBusReader(message, offset, offset).dict_sv()).encode())
            status = 0
        except BaseException as e:
            try:
                os.write(result_w, json.dumps({"error": str(e)}).encode())
            except OSError:
                pass
        finally:
            os._exit(status)
    os.close(image_w)
    os.close(result_w)
    chunks: list[bytes] = []
    result = b""
    open_fds = {image_r, result_r}
    deadline = time.monotonic() + timeout
    try:
        while open_fds:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise HarnessError(f"KWin's screenshot took more than {timeout}s")
            ready, _, _ = select.select(list(open_fds), [], [], remaining)
            for fd in ready:
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    open_fds.discard(fd)
                elif fd == image_r:
                    chunks.append(chunk)
                else:
                    result += chunk
    finally:
        os.close(image_r)
        os.close(result_r)
        os.waitpid(pid, 0)
    results = json.loads(result or b"{}")
    if "error" in results or "width" not in results:
        raise HarnessError(f"KWin's ScreenShot2 failed: {results}")
    return results, b"".join(chunks)


# QImage formats ScreenShot2 may use; all are B, G, R, A/X bytes in memory on little-endian.
_QIMAGE_BGRX = {4, 5, 6}  # RGB32, ARGB32, ARGB32_Premultiplied


def _image_from_qimage(results: dict, raw: bytes) -> Image:
    width, height, stride = results["width"], results["height"], results["stride"]
    if results.get("format") not in _QIMAGE_BGRX:
        raise HarnessError(f"unexpected QImage format in KWin's screenshot: {results}")
    if len(raw) < stride * height:
        raise HarnessError(f"KWin's screenshot is short: {len(raw)} bytes for {results}")
    if stride != width * 4:
        raw = b"".join(raw[y * stride : y * stride + width * 4] for y in range(height))
    rgb = bytearray(width * height * 3)
    rgb[0::3], rgb[1::3], rgb[2::3] = raw[2::4], raw[1::4], raw[0::4]
    return Image(width, height, bytes(rgb))


class Touch(Pointer):
    """Touch, a pointer and keys through KWin's org_kde_kwin_fake_input (the buoy-touch
    binary). Coordinates are global logical pixels. Touch point 0 is the default finger.

    KWin offers fake input only to clients it can map to an executable, so as root this runs
    as the compositor's user. Events reach clients once the seat has gained touch and pointer,
    which buoy-touch waits for before its first `ok`.
    """

    name = "buoy-touch"

    def __init__(self, compositor: "HeadlessKWin", binary: Optional[str] = None, timeout: float = 5.0):
        binary = binary or self.binary()
        self.timeout = timeout
        self._stderr_path = compositor.artifact(compositor.unique("buoy-touch") + ".log")
        argv = [binary]
        account = compositor.account
        if account is not None:
            argv = ["setpriv", f"--reuid={account.pw_uid}", f"--regid={account.pw_gid}",
                    "--init-groups", "--pdeathsig=KILL", *argv]
        with open(self._stderr_path, "wb") as err:
            self.process = subprocess.Popen(
                argv, env=compositor.env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=err, preexec_fn=_die_with_parent if account is None else None,
            )
        compositor.track(self)
        self._reader = _LineReader(self.process.stdout)
        self.command("sleep 0", timeout=timeout + 5)  # answered once the seat has touch

    @staticmethod
    def binary() -> str:
        """buoy-touch: $BUOY_TOUCH, else beside $BUOY_POINTER, else the debug build's."""
        pointer_dir = os.path.dirname(os.environ.get("BUOY_POINTER", ""))
        binary = (os.environ.get("BUOY_TOUCH")
                  or (os.path.join(pointer_dir, "buoy-touch") if pointer_dir else None)
                  or str(REPO_ROOT / ".build/debug/buoy-touch"))
        if not os.access(binary, os.X_OK):
            raise HarnessError(f"buoy-touch not found at {binary}: build it with "
                               "`swift build --product buoy-touch` or set BUOY_TOUCH")
        return binary

    def down(self, x: float, y: float, id: int = 0) -> None:  # type: ignore[override]
        self.command(f"down {id} {x} {y}")
        self.command("frame")

    def motion(self, x: float, y: float, id: int = 0) -> None:
        self.command(f"motion {id} {x} {y}")
        self.command("frame")

    def up(self, id: int = 0) -> None:  # type: ignore[override]
        self.command(f"up {id}")
        self.command("frame")

    def cancel(self) -> None:
        self.command("cancel")

    def tap(self, x: float, y: float) -> None:
        self.command(f"tap {x} {y}")

    def press(self, x: float, y: float, ms: int) -> None:
        """A still touch of `ms` milliseconds."""
        self.down(x, y)
        self.sleep(ms)
        self.up()

    def double_tap(self, x: float, y: float, gap_ms: int = 80) -> None:
        self.tap(x, y)
        self.sleep(gap_ms)
        self.tap(x, y)

    def drag(self, x1: float, y1: float, x2: float, y2: float, steps: int = 10, duration_ms: int = 100,
             release: bool = False) -> None:
        """Touches (x1, y1) and moves to (x2, y2) in `steps` moves over `duration_ms`. The
        finger stays down unless `release`."""
        glide = f"drag {x1} {y1} {x2} {y2} {steps} {duration_ms}"
        timeout = self.timeout + duration_ms / 1000
        if release:
            self.commands([glide, "up 0", "frame"], timeout=timeout)
        else:
            self.command(glide, timeout=timeout)

    def key(self, code: int) -> None:
        """Presses and releases an evdev key code (30 is A) on the seat's keyboard."""
        self.command(f"key {code}")

    def size(self) -> tuple[int, int]:
        raise HarnessError("buoy-touch has no output size; KWin's virtual output is the resolution")


class FakeInputPointer:
    """Pointer's interface over buoy-touch's fake-input pointer, so the pointer tests written
    for sway and phoc run on KWin unchanged."""

    def __init__(self, touch: Touch):
        self.touch = touch

    def move(self, x: float, y: float) -> None:
        self.touch.command(f"move {x} {y}")

    def down(self) -> None:
        self.touch.command("pointer-down")

    def up(self) -> None:
        self.touch.command("pointer-up")

    def click(self, x: float, y: float) -> None:
        self.touch.command(f"click {x} {y}")

    def drag(self, x1: float, y1: float, x2: float, y2: float, steps: int = 10, duration_ms: int = 100,
             release: bool = False) -> None:
        glide = f"pointer-drag {x1} {y1} {x2} {y2} {steps} {duration_ms}"
        self.touch.commands([glide, "pointer-up"] if release else [glide],
                            timeout=self.touch.timeout + duration_ms / 1000)

    def sleep(self, ms: int) -> None:
        self.touch.sleep(ms)


# Started as the compositor's "config": writes KWin's settings, notes the session bus for the
# screenshots, and runs the capability-free copy of kwin_wayland.
_KWIN_START = """\
set -eu
mkdir -p "$XDG_CONFIG_HOME"
cat > "$XDG_CONFIG_HOME/kwinrc" <<'END'
[Windows]
Placement=Maximizing

[Compositing]
AnimationSpeed=0

[Wayland]
InputMethod=
END
cat > "$XDG_CONFIG_HOME/kdeglobals" <<'END'
[KDE]
AnimationDurationFactor=0
END
printf '%s\\n' "$DBUS_SESSION_BUS_ADDRESS" > "$XDG_RUNTIME_DIR/bus-address"
# A plain copy drops the file capability (cap_sys_resource) that this container cannot grant.
cp "$KWIN_SOURCE" "$XDG_RUNTIME_DIR/kwin_wayland"
# $KWIN_OUTPUT: --virtual, or --wayland-display SOCKET (nested, see HeadlessKWin).
# shellcheck disable=SC2086
exec "$XDG_RUNTIME_DIR/kwin_wayland" $KWIN_OUTPUT --width {w} --height {h} --socket wayland-kwin \\
    --no-lockscreen --no-global-shortcuts --no-kactivities
"""


# The least XDG menu that lists every application: KDE's service database (which KWin asks for a
# client's desktop file) lists none without one.
_KDE_MENU = """<!DOCTYPE Menu PUBLIC "-//freedesktop//DTD Menu 1.0//EN"
 "http://www.freedesktop.org/standards/menu-spec/1.0/menu.dtd">
<Menu><Name>Applications</Name><DefaultAppDirs/><Include><All/></Include></Menu>"""


class HeadlessKWin(HeadlessSway):
    """A private KWin (`kwin_wayland`) for one test, with real touch: the host's 5.27 with
    `--virtual`, or KWin 6 from the leg's Debian root (trixie-kwin: 6.3, sid-kwin: 6.7),
    nested in that root's headless sway.

    Same interface as HeadlessSway except the sway IPC. Differences that matter to tests:

    - /usr/bin/kwin_wayland 5.27 has cap_sys_resource=ep, which a container cannot grant
      ("Operation not permitted"), so a plain copy of it runs, under dbus-run-session.
    - `touch()` is a buoy-touch (KWin's fake input), created at start-up before any other
      client, so the seat has touch and a pointer from the start; `pointer()` drives the same
      connection's fake pointer.
    - Screenshots: 5.27's come from org.kde.KWin.ScreenShot2 on KWin's session bus. KWin 6
      without a GPU composites with QPainter, and its ScreenShot2 needs OpenGL, so KWin 6 runs
      as one window (its output WL-0) filling a headless sway, whose grim takes them. sway 1.7
      cannot host it: KWin 6 paces its frames by wp_presentation feedback, which 1.7 never
      sent it, so only its first frame showed.
    - The background is black (no plasmashell); windows (wev) are maximized.
    - Fake input is offered to every client of KWin's user (KWIN_WAYLAND_NO_PERMISSION_CHECKS),
      unless `applications` is given: desktop files (name: text) for KWin's user, through which
      KWin allows its restricted interfaces as a user's Plasma does (X-KDE-Wayland-Interfaces,
      for the executable that Exec names); buoy-touch gets one of its own then. KWin matches
      Exec against the client's /proc/PID/exe, which must also exist at that path where KWin
      runs (KWin 6: inside its root), so buoy-touch and `programs` are copied into a directory
      under the temp dir, which the root sees at the same path (`programs_dir`), and run from
      there; `@PROGRAMS@` in a desktop file's text stands for that directory. KDE's service
      database lists applications only through an XDG applications.menu, which the roots lack
      (the host has kf5-applications.menu), so KWin's user gets a minimal one.
    """

    program = "kwin"

    def __init__(self, resolution: tuple[int, int] = (1280, 720), start_timeout: float = 20.0,
                 user: str = TEST_USER, root=FROM_MATRIX, applications: Optional[dict[str, str]] = None,
                 programs: Sequence[str] = ()):
        super().__init__(resolution=resolution, scale=1, background=(0, 0, 0),
                         start_timeout=start_timeout, user=user, root=root)
        self.applications = applications
        self.programs = programs
        self.programs_dir: Optional[Path] = None
        self.account: Optional[pwd.struct_passwd] = None
        self.bus_address: Optional[str] = None
        self._touch: Optional[Touch] = None
        # KWin 6's screen: a headless sway from the same root, whose one window KWin is.
        self.host: Optional[HeadlessSway] = None

    def config_text(self) -> str:
        w, h = self.resolution
        script = _KWIN_START.replace("{w}", str(w)).replace("{h}", str(h))
        if self.applications is None:
            return script
        files = {**self.applications, "buoy-touch.desktop": (
            "[Desktop Entry]\nType=Application\nName=buoy-touch\nNoDisplay=true\n"
            "Exec=@PROGRAMS@/buoy-touch\nX-KDE-Wayland-Interfaces=org_kde_kwin_fake_input\n")}
        written = ['mkdir -p "$HOME/.local/share/applications" "$XDG_CONFIG_HOME/menus"',
                   f"cat > \"$XDG_CONFIG_HOME/menus/applications.menu\" <<'END'\n{_KDE_MENU}\nEND"] + [
            f"cat > \"$HOME/.local/share/applications/{name}\" <<'END'\n"
            f"{text.replace('@PROGRAMS@', str(self.programs_dir)).rstrip()}\nEND"
            for name, text in files.items()]
        start = script.index("# A plain copy")
        return script[:start] + "\n".join(written) + "\n" + script[start:]

    def start(self) -> None:
        as_root = os.geteuid() == 0
        if self.applications is not None:
            self.programs_dir = Path(tempfile.mkdtemp(prefix="buoy-e2e-programs-"))
            self.programs_dir.chmod(0o755)
            for program in [Touch.binary(), *self.programs]:
                shutil.copy2(program, self.programs_dir)
        if self.root is None:
            source = shutil.which("kwin_wayland")
            if source is None:
                raise HarnessError("the KWin tests need kwin_wayland, which is missing "
                                   "(apt-get install -y --no-install-recommends kwin-wayland "
                                   "plasma-wayland-protocols dbus)")
            require_tools("dbus-run-session")
            output = "--virtual"
        else:
            require_root_tools(self.root, "kwin_wayland")
            source = "/usr/bin/kwin_wayland"
            self.host = HeadlessSway(resolution=self.resolution, start_timeout=self.start_timeout,
                                     user=self.user, root=self.root)
            self.host.start()
            output = f"--wayland-display {self.host.runtime_dir / self.host.env['WAYLAND_DISPLAY']}"
        require_tools(*(["setpriv"] if as_root else []))
        self.account = _ensure_test_user(self.user) if as_root else None
        icons, _ = _start_compositor(
            self, ["dbus-run-session", "--", "sh"], self.config_text(), "start-kwin.sh",
            {**({"KWIN_WAYLAND_NO_PERMISSION_CHECKS": "1"} if self.applications is None else {}),
             "KWIN_SCREENSHOT_NO_PERMISSION_CHECKS": "1", "KWIN_SOURCE": source, "KWIN_OUTPUT": output})
        socket = self.runtime_dir / "wayland-kwin"

        def started():
            if self.process.poll() is not None:
                raise self._fail("KWin exited during start-up")
            if not (socket.exists() and (self.runtime_dir / "bus-address").exists()):
                return False
            # The socket's file exists a moment before it listens: buoy-touch once found it so.
            # A KWin still starting may also take the connection and not answer the roundtrip in
            # time (seen under load in a clean-clone CI run): that is not started yet either.
            try:
                WaylandWire({"XDG_RUNTIME_DIR": str(self.runtime_dir), "WAYLAND_DISPLAY": socket.name}).close()
            except (HarnessError, OSError):
                return False
            return True

        try:
            wait_for(started, self.start_timeout, 0.05, "KWin's socket")
        except WaitTimeout as e:
            raise self._fail(str(e)) from None
        self.bus_address = (self.runtime_dir / "bus-address").read_text().strip()
        self.env = {
            **{k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_SOCKET", "SWAYSOCK")},
            "WAYLAND_DISPLAY": socket.name,
            "XDG_RUNTIME_DIR": str(self.runtime_dir),
            "XCURSOR_PATH": str(icons),
            "XCURSOR_THEME": "default",
            "XCURSOR_SIZE": "24",
        }
        self._touch = Touch(self, binary=str(self.programs_dir / "buoy-touch") if self.programs_dir else None)

        def painted():
            if self.process.poll() is not None:
                raise self._fail("KWin exited during start-up")
            image = self.screenshot()
            points = [(image.width // 2, image.height // 2), (1, 1), (image.width - 2, image.height - 2)]
            return image.size == self.resolution and all(image.pixel(x, y) == self.background for x, y in points)

        try:
            wait_for(painted, self.start_timeout, 0.1, f"a {self.resolution} screenshot of {self.background}")
        except (WaitTimeout, HarnessError) as e:
            raise self._fail(str(e)) from None

    def stop(self) -> None:
        if self.host is not None:
            self.host._keep = self._keep  # its sway.log goes with a failing test's evidence
        super().stop()
        if self.host is not None:
            self.host.stop()
            self.host = None
        if self.programs_dir is not None:
            shutil.rmtree(self.programs_dir, ignore_errors=True)
            self.programs_dir = None

    def screenshot(self, path: Optional[str | os.PathLike] = None, scale: Optional[float] = None) -> Image:
        """The whole workspace, from ScreenShot2 or the host sway; `path` keeps it as a PPM.
        `scale` is ignored: KWin's output has scale 1."""
        if self.host is not None:
            return self.host.screenshot(path)
        uid = self.account.pw_uid if self.account else os.getuid()
        gid = self.account.pw_gid if self.account else os.getgid()
        results, raw = _kwin_capture(self.bus_address, uid, gid)
        image = _image_from_qimage(results, raw)
        if path is not None:
            Path(path).write_bytes(b"P6\n%d %d\n255\n" % image.size + image.data)
        return image

    def touch(self) -> Touch:
        return self._touch

    def pointer(self, binary: Optional[str] = None) -> FakeInputPointer:
        return FakeInputPointer(self._touch)

    def swaymsg(self, *args: str, **kwargs):
        raise HarnessError("KWin has no sway IPC")

    def windows(self) -> list[dict]:
        raise HarnessError("KWin has no sway IPC; KWinWev waits for its own configure")

    def wev(self, timeout: float = 5.0) -> "Wev":
        return KWinWev(self, timeout)


class KWinWev(Wev):
    """wev on KWin: maximized over the whole output (Placement=Maximizing). Mapped once its
    toplevel is configured to the output's size and activated."""

    def _wait_mapped(self, timeout: float) -> None:
        w, h = self.compositor.resolution

        def maximized():
            self._check_running()
            return re.search(rf"xdg_toplevel\] configure: width: {w}; height: {h}\n\s+[^\n]*\bactivated\b",
                             self.text())

        wait_for(maximized, timeout, 0.05, f"wev's toplevel to be configured {w}x{h}, activated")
        # Then KWin needs wev's commit of that size before input finds the window there.
        self._wait_drawn(self.compositor.screenshot, timeout)
