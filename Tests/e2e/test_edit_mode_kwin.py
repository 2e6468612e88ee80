"""Edit mode by real touch on KWin (5.27 with the host leg, 6.3 and 6.7 on the trixie-kwin and
sid-kwin legs): the same remove, add, move and Done as by pointer on sway (test_edit_mode)."""

from __future__ import annotations

import unittest

from harness import HeadlessKWin
from test_edit_mode import Finger, remove_add_move_done


class EditModeOnKWinTests(unittest.TestCase):
    def test_by_touch_remove_add_move_and_done_write_exactly_those_changes(self):
        with HeadlessKWin() as kwin:
            remove_add_move_done(self, kwin, Finger)


if __name__ == "__main__":
    unittest.main()
