"""What a screen reader sees of buoy, through pyatspi: run by Debian's /usr/bin/python3 (the
default python3 here may be a build that does not see Debian's python3-pyatspi), on the
accessibility bus of DBUS_SESSION_BUS_ADDRESS's launcher. test_accessibility.py runs it.

  atspi_client.py tree                    buoy's application as JSON, or null when not listed
  atspi_client.py do PATH ACTION          doAction on the object at PATH (child indices, "0/0/1")
  atspi_client.py timed-do PATH ACTION    the same; prints CLOCK_REALTIME in ns just before it
"""

import json
import sys
import time

import pyatspi


def buoy():
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        if app is not None and app.name == "buoy":
            return app
    return None


class TreeChanged(Exception):
    """A child went between its parent's childCount and the read of it: buoy's tree changed
    under the walk (an Undo row going after its 3 s, say), as a screen reader hears by
    children-changed and reads again."""


def describe(node) -> dict:
    if node is None:
        raise TreeChanged()
    entry = {"name": node.name, "role": node.getRoleName(), "description": node.description,
             "states": sorted(pyatspi.stateToString(state) for state in node.getState().getStates()),
             "children": [describe(node.getChildAtIndex(i)) for i in range(node.childCount)]}
    interfaces = node.get_interfaces()
    if "Component" in interfaces:
        entry["extents"] = list(node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS))
    if "Action" in interfaces:
        action = node.queryAction()
        entry["actions"] = [action.getName(i) for i in range(action.nActions)]
    return entry


def main() -> int:
    app = buoy()
    if sys.argv[1] == "tree":
        # A walk that a change cut short is read again, from the top, as a whole.
        for _ in range(5):
            try:
                print(json.dumps(describe(app) if app is not None else None))
                return 0
            except TreeChanged:
                continue
        print("the tree changed under each of 5 walks", file=sys.stderr)
        return 1
    if sys.argv[1] in ("do", "timed-do"):
        node = app
        for index in sys.argv[2].split("/"):
            node = node.getChildAtIndex(int(index))
        action = node.queryAction()
        names = [action.getName(i) for i in range(action.nActions)]
        index = names.index(sys.argv[3])
        before = time.time_ns()
        done = action.doAction(index)
        print(json.dumps(before if sys.argv[1] == "timed-do" else done))
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
