"""A private D-Bus session bus, and a stub feedbackd on it that records every call.

`SessionBus` is a `dbus-daemon --session` of the test's own; its `address` goes into buoy's
DBUS_SESSION_BUS_ADDRESS. `FeedbackdStub` owns org.sigxcpu.Feedback on it, through a raw socket
(the standard library has no D-Bus), and records each TriggerFeedback with the CLOCK_MONOTONIC
time it was read. A missing dbus-daemon is a failure (HarnessError), never a skip."""

from __future__ import annotations

import os
import socket
import struct
import subprocess
import threading
import time
from dataclasses import dataclass
from typing import Optional

from harness import HarnessError, _DBusMessage, _DBusReader, require_tools, stop_process, wait_for

SERVICE = "org.sigxcpu.Feedback"


class SessionBus:
    """`dbus-daemon --session` on `address` ("unix:path=..." or "unix:abstract=..."), or where
    it chooses; `address` is what it says it listens on."""

    def __init__(self, listen: Optional[str] = None):
        require_tools("dbus-daemon")
        argv = ["dbus-daemon", "--session", "--nofork", "--print-address"]
        if listen:
            argv.append(f"--address={listen}")
        # stderr: its "Failed to set fd limit" notice when not allowed to, which is harmless.
        self.process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.address = self.process.stdout.readline().strip()
        if not self.address:
            stop_process(self.process)
            raise HarnessError("dbus-daemon printed no address")

    def __enter__(self) -> "SessionBus":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        stop_process(self.process)
        self.process.stdout.close()


def connect(address: str, timeout: float = 5.0) -> socket.socket:
    """A socket on `address`, authenticated (EXTERNAL) and past `Hello`."""
    transport, _, rest = address.partition(":")
    keys = dict(part.split("=", 1) for part in rest.split(",") if "=" in part)
    if transport != "unix" or not ({"path", "abstract"} & keys.keys()):
        raise HarnessError(f"unsupported D-Bus address {address!r}")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    sock.connect(keys["path"] if "path" in keys else "\0" + keys["abstract"])
    sock.sendall(b"\0AUTH EXTERNAL " + str(os.getuid()).encode().hex().encode() + b"\r\n")
    reply = b""
    while b"\r\n" not in reply:
        chunk = sock.recv(4096)
        if not chunk:
            raise HarnessError("the bus closed the connection during auth")
        reply += chunk
    if not reply.startswith(b"OK "):
        raise HarnessError(f"the bus refused EXTERNAL: {reply!r}")
    sock.sendall(b"BEGIN\r\n")
    return sock


def feedback_lines(buoy) -> list[str]:
    """What a Buoy (buoy_fixture) logged about its session bus and feedbackd (SessionBus.swift)."""
    return [line for line in buoy.log().splitlines() if "haptic feedback" in line or "feedbackd (" in line]


@dataclass
class Call:
    """One TriggerFeedback as the stub read it."""

    monotonic: float  # time.monotonic() when it was read
    app_id: str
    event: str
    hints: dict
    timeout: int
    flags: int


class FeedbackdStub:
    """Owns org.sigxcpu.Feedback on `bus` and records each TriggerFeedback in `calls`. It never
    answers: buoy's calls expect no reply (`flags` & 1)."""

    def __init__(self, bus: SessionBus):
        self.sock = connect(bus.address)
        self.calls: list[Call] = []
        self.errors: list[str] = []
        self.buffer = b""
        self.serial = 0
        self._lock = threading.Lock()
        self._send("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello")
        body = _DBusMessage()
        body.string(SERVICE)
        body.u32(4)  # DBUS_NAME_FLAG_DO_NOT_QUEUE
        requested = self._send("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                               "RequestName", "su", bytes(body.data))
        while True:
            kind, fields, message, offset = self._next()
            if fields.get(5) == requested:
                code = _DBusReader(message, offset, offset).fixed("I", 4) if kind == 2 else None
                if code != 1:  # PRIMARY_OWNER
                    raise HarnessError(f"the stub could not own {SERVICE}: {kind} {fields} {code}")
                break
        self.sock.settimeout(None)
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def __enter__(self) -> "FeedbackdStub":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._thread.join(timeout=2)
        self.sock.close()

    def events(self) -> list[str]:
        with self._lock:
            return [call.event for call in self.calls]

    def wait_events(self, count: int, timeout: float = 3.0, settle: float = 0.3) -> list[str]:
        """Waits for `count` calls, then `settle` s more, so that one too many shows."""
        wait_for(lambda: len(self.events()) >= count, timeout=timeout,
                 message=lambda: f"{count} TriggerFeedback calls; got {self.events()}")
        time.sleep(settle)
        return self.events()

    def _send(self, destination: str, path: str, interface: str, member: str, signature: str = "",
              body: bytes = b"") -> int:
        self.serial += 1
        self.sock.sendall(_DBusMessage.method_call(self.serial, destination, path, interface, member,
                                                   signature, body))
        return self.serial

    def _next(self) -> tuple[int, dict, bytes, int]:
        while len(self.buffer) < 16 or len(self.buffer) < _DBusMessage.parse_header(self.buffer)[1]:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError
            self.buffer += chunk
        kind, total, fields, offset = _DBusMessage.parse_header(self.buffer)
        message, self.buffer = self.buffer[:total], self.buffer[total:]
        return kind, fields, message, offset

    def _serve(self) -> None:
        try:
            while True:
                kind, fields, message, offset = self._next()
                read = time.monotonic()
                if kind != 1 or fields.get(3) != "TriggerFeedback":
                    continue
                try:
                    if (fields.get(1), fields.get(2), fields.get(8)) != ("/org/sigxcpu/Feedback", SERVICE,
                                                                         "ssa{sv}i"):
                        raise HarnessError(f"unexpected TriggerFeedback header {fields}")
                    reader = _DBusReader(message, offset, offset)
                    call = Call(read, reader.string(), reader.string(), reader.dict_sv(), reader.fixed("i", 4),
                                message[2])
                except (HarnessError, struct.error, UnicodeDecodeError) as e:
                    with self._lock:
                        self.errors.append(str(e))
                    continue
                with self._lock:
                    self.calls.append(call)
        except (EOFError, OSError):
            return
