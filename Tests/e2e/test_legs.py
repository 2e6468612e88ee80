"""legs.py held to its rule (Tests/e2e/README.md, "Which leg runs what"): every module classified
once and run somewhere, the compositor-facing ones on both sways, buoy's own ones once, no test
that starts a host compositor run again from another leg, and the README and the Makefile saying
the same as legs.py. And run.py, which runs the legs, on made-up modules. Starts no compositor."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

import legs
from harness import MATRIX, REPO_ROOT

CLASSES = {"OWN": legs.OWN, "COMPOSITOR": legs.COMPOSITOR, "KWIN": legs.KWIN,
           "NEWER_SWAY": legs.NEWER_SWAY, "PHOC_024": legs.PHOC_024}


def legs_running(module: str) -> set[str]:
    return {leg for leg, names in legs.LEGS.items() if any(name.split(".", 1)[0] == module for name in names)}


def loaded_ids(module: str) -> set[str]:
    suite = unittest.defaultTestLoader.loadTestsFromName(module)

    def flatten(s):
        return [s] if isinstance(s, unittest.TestCase) else [t for child in s for t in flatten(child)]

    return {test.id() for test in flatten(suite)}


class LegRuleTests(unittest.TestCase):
    def test_every_module_is_classified_exactly_once(self):
        classified = [module for modules in CLASSES.values() for module in modules]
        self.assertEqual(sorted(classified), legs.all_modules())

    def test_every_leg_of_the_matrix_has_its_tests_and_every_module_runs_on_one(self):
        self.assertEqual(sorted(legs.LEGS), sorted(MATRIX))
        self.assertEqual([m for m in legs.all_modules() if not legs_running(m)], [])

    def test_buoys_own_modules_run_on_the_host_sway_leg_alone(self):
        for module in legs.OWN:
            self.assertEqual(legs_running(module), {"host-sway"}, module)

    def test_compositor_facing_modules_run_on_both_sways(self):
        for module in legs.COMPOSITOR:
            self.assertLessEqual({"host-sway", "trixie-sway"}, legs_running(module), module)

    def test_kwin_modules_start_kwin_and_run_on_the_host_and_kwin_legs_alone(self):
        for module in legs.KWIN:
            self.assertIn("HeadlessKWin", set().union(*legs.named_compositors(module).values()), module)
            self.assertEqual(legs_running(module), {"host-sway", "trixie-kwin", "sid-kwin"}, module)

    def test_what_only_one_compositor_has_runs_on_that_leg_alone(self):
        for module in legs.NEWER_SWAY:
            self.assertEqual(legs_running(module), {"trixie-sway"}, module)
        for module in legs.PHOC_024:
            self.assertIn("HeadlessPhoc", set().union(*legs.named_compositors(module).values()), module)
            self.assertEqual(legs_running(module), {"host-phoc"}, module)

    def test_no_leg_starts_a_host_compositor_a_host_leg_starts(self):
        # Each function that names HeadlessKWin, HeadlessPhoc or HeadlessWeston where it would
        # start the host's must be a test, which the leg then leaves out: a helper that names
        # one would start it from tests the leg still runs.
        for leg in legs.LEGS:
            names, excluded = legs.leg_tests(leg)
            for module in sorted({name.split(".", 1)[0] for name in names}):
                ids = loaded_ids(module)
                starting = legs.host_compositor_tests(module, leg)
                with self.subTest(leg=leg, module=module):
                    self.assertEqual([name for name in starting if name not in ids], [],
                                     "helpers that start a host compositor")
                    self.assertLessEqual(set(starting), set(excluded))
                    self.assertNotEqual(ids - set(excluded), set(), "a module with nothing left to run")

    def test_the_readme_table_lists_the_same_modules(self):
        text = (REPO_ROOT / "Tests/e2e/README.md").read_text()
        rows = re.findall(r"^\| `(\w+)` \|[^|]*\|([^|]*)\|$", text, re.M)
        table = {name: sorted(re.findall(r"test_\w+", modules)) for name, modules in rows if name in CLASSES}
        self.assertEqual(table, {name: sorted(modules) for name, modules in CLASSES.items()})

    def test_make_e2e_runs_every_leg(self):
        commands = subprocess.run(["make", "-n", "e2e"], cwd=REPO_ROOT, capture_output=True, text=True,
                                  check=True).stdout
        self.assertEqual(sorted(re.findall(r"run\.py -j \d+ --leg (\S+)", commands)), sorted(legs.LEGS))


MADE_UP = {
    "test_made_up_a": """import sys, time, unittest
class A(unittest.TestCase):
    def test_passes(self):
        time.sleep(0.3)
    def test_fails(self):
        print("what the failing test printed", file=sys.stderr)
        self.assertEqual(1, 2)
    def test_fails_in_a_subtest(self):
        for i in range(2):
            with self.subTest(i=i):
                self.assertEqual(i, 0)
    @unittest.expectedFailure
    def test_expected_to_fail(self):
        self.fail()
    def test_left_out(self):
        self.fail("run although left out")
class B(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        raise RuntimeError("no fixture")
    def test_never_runs(self):
        pass
""",
    "test_made_up_b": """import unittest
class C(unittest.TestCase):
    def test_passes(self):
        pass
""",
    "test_made_up_c": """import os
os._exit(3)
""",
}


class RunnerTests(unittest.TestCase):
    def run_py(self, *args: str) -> subprocess.CompletedProcess:
        with tempfile.TemporaryDirectory() as directory:
            for name, text in MADE_UP.items():
                (Path(directory) / f"{name}.py").write_text(text)
            env = {**os.environ, "PYTHONPATH": directory}
            return subprocess.run([sys.executable, str(REPO_ROOT / "Tests/e2e/run.py"), *args], env=env,
                                  capture_output=True, text=True, timeout=60)

    def test_failures_with_their_output_the_tables_and_a_failing_status(self):
        result = self.run_py("-j", "2", "test_made_up_a", "test_made_up_b",
                             "--exclude", "test_made_up_a.A.test_left_out")
        self.assertEqual(result.returncode, 1, result.stdout)
        out = result.stdout
        self.assertIn("what the failing test printed", out)
        failed = out.split("\nfailed:\n", 1)[1].split("\n\n", 1)[0].split("\n")
        self.assertEqual(failed, ["  test_made_up_a.A.test_fails (fail)",
                                  "  test_made_up_a.A.test_fails_in_a_subtest (fail)",
                                  "  setUpClass (test_made_up_a.B) (error)"])
        self.assertRegex(out, r"\ntest_made_up_a +5 +[\d.]+  FAILED\ntest_made_up_b +1 +[\d.]+  ok\n")
        self.assertRegex(out, r"slowest tests:\n +0\.[3-9] s  test_made_up_a\.A\.test_passes\n")
        self.assertTrue(out.rstrip().endswith("FAILED: test_made_up_a"), out)

    def test_passing_modules_exit_0_and_a_worker_that_dies_fails(self):
        passing = self.run_py("-j", "2", "test_made_up_b", "test_made_up_a.A.test_passes")
        self.assertEqual(passing.returncode, 0, passing.stdout)
        self.assertTrue(passing.stdout.rstrip().endswith("OK"), passing.stdout)
        dying = self.run_py("test_made_up_c", "test_made_up_b")
        self.assertEqual(dying.returncode, 1, dying.stdout)
        self.assertIn("test_made_up_c (no results: the worker died)", dying.stdout)

    def test_runs_in_a_row_fail_if_one_fails(self):
        result = self.run_py("--runs", "2", "--load", "test_made_up_a.A.test_fails")
        self.assertEqual(result.returncode, 1)
        self.assertIn("0 of 2 runs passed", result.stdout)


if __name__ == "__main__":
    unittest.main()
