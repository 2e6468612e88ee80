#!/usr/bin/env python3
"""Runs e2e tests a module per worker, side by side, and says where the time went.

    run.py [-j N] [--leg LEG] [--exclude ID]... [NAME]...
    run.py --runs 5 --load test_menu        (make flaky MODULE=test_menu)

NAME is what unittest takes: a module, module.Class or module.Class.test; the names of one
module run in one worker, a `python3 run.py --worker` of its own, whose output goes to a log
that is printed if anything in it failed. --leg runs that leg's names (legs.py) on that leg's
compositor (BUOY_E2E_COMPOSITOR), leaving out its host-compositor tests. Each test already has
its own compositor, runtime dir and temp dir, so modules do not share anything but the machine.

At the end: each module's tests and time, the 10 slowest tests and the wall time; the exit
status is non-zero if any test failed or a worker died. The modules start longest first, by
the times of the last run of the same leg (kept in .build/e2e-times/; without them, by the
size of their source), which keeps a long module from starting last.

--runs N runs the names N times in a row, one run after another; --load keeps every core busy
with a CPU burner meanwhile (a loaded machine, as on CI beside a build).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
import unittest
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

import legs

E2E_DIR = Path(__file__).resolve().parent
REPO_ROOT = E2E_DIR.parents[1]
TIMES_DIR = REPO_ROOT / ".build" / "e2e-times"


# --------------------------------------------------------------------------------------------
# The worker: one module's names in this process, each test's outcome and time to a JSON file


class TimedResult(unittest.TextTestResult):
    """unittest's verbose result, plus each test's wall time and outcome (Python 3.11's
    unittest has no --durations)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.records: list[dict] = []
        self._started: dict[str, float] = {}
        self._outcome: dict[str, str] = {}

    def startTest(self, test):
        self._started[test.id()] = time.monotonic()
        self._outcome[test.id()] = "ok"
        super().startTest(test)

    def _mark(self, test, outcome: str) -> None:
        # A failed subtest fails its test; an error in setUpClass has no startTest.
        if self._outcome.get(test.id(), "ok") in ("ok", "expected failure"):
            self._outcome[test.id()] = outcome

    def addError(self, test, err):
        super().addError(test, err)
        self._mark(test, "error")
        if test.id() not in self._started:
            self.records.append({"id": test.id(), "seconds": 0.0, "outcome": "error"})

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._mark(test, "fail")

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            self._mark(test, "error" if not issubclass(err[0], test.failureException) else "fail")

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._mark(test, "skip")

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self._mark(test, "expected failure")

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self._mark(test, "unexpected success")

    def stopTest(self, test):
        super().stopTest(test)
        started = self._started.get(test.id())
        if started is not None:
            self.records.append({"id": test.id(), "seconds": time.monotonic() - started,
                                 "outcome": self._outcome[test.id()]})


def flatten(suite) -> list[unittest.TestCase]:
    if isinstance(suite, unittest.TestCase):
        return [suite]
    return [test for child in suite for test in flatten(child)]


def worker(result_path: str, names: list[str], exclude: list[str]) -> int:
    suite = unittest.defaultTestLoader.loadTestsFromNames(names)
    tests = [test for test in flatten(suite) if test.id() not in set(exclude)]
    runner = unittest.TextTestRunner(stream=sys.stderr, verbosity=2, resultclass=TimedResult)
    result = runner.run(unittest.TestSuite(tests))
    Path(result_path).write_text(json.dumps({"tests": result.records, "ok": result.wasSuccessful()}))
    return 0 if result.wasSuccessful() else 1


# --------------------------------------------------------------------------------------------
# The parent: the modules over N workers, then the tables


@dataclass
class ModuleRun:
    module: str
    names: list[str]
    seconds: float = 0.0
    ok: bool = False
    tests: list[dict] = field(default_factory=list)
    log: str = ""


def group_by_module(names: list[str]) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = {}
    for name in names:
        groups.setdefault(name.split(".", 1)[0], []).append(name)
    return groups


def run_module(run: ModuleRun, exclude: list[str], env: dict, log_dir: Path) -> ModuleRun:
    result_path = log_dir / f"{run.module}.json"
    log_path = log_dir / f"{run.module}.log"
    argv = [sys.executable, str(Path(__file__).resolve()), "--worker", str(result_path), *run.names]
    for test in exclude:
        argv += ["--exclude", test]
    started = time.monotonic()
    with open(log_path, "wb") as log:
        status = subprocess.run(argv, env=env, stdin=subprocess.DEVNULL, stdout=log,
                                stderr=subprocess.STDOUT).returncode
    run.seconds = time.monotonic() - started
    run.log = log_path.read_text(errors="replace")
    if result_path.exists():
        report = json.loads(result_path.read_text())
        run.tests, run.ok = report["tests"], report["ok"] and status == 0
    else:
        run.log += f"\nrun.py: the worker exited with {status} and left no results\n"
    return run


def print_tables(runs: list[ModuleRun], wall: float, jobs: int) -> None:
    print("\nmodule                         tests   seconds  result")
    for run in sorted(runs, key=lambda r: -r.seconds):
        print(f"{run.module:30} {len(run.tests):5} {run.seconds:9.1f}  {'ok' if run.ok else 'FAILED'}")
    tests = [test for run in runs for test in run.tests]
    busy = sum(run.seconds for run in runs)
    print(f"{'total':30} {len(tests):5} {busy:9.1f}  (wall {wall:.1f} s at -j {jobs})")
    print("\nslowest tests:")
    for test in sorted(tests, key=lambda t: -t["seconds"])[:10]:
        print(f"  {test['seconds']:7.1f} s  {test['id']}")


def tests_failed(runs: list[ModuleRun]) -> list[str]:
    named = [f"{test['id']} ({test['outcome']})" for run in runs for test in run.tests
             if test["outcome"] not in ("ok", "expected failure")]
    died = [f"{run.module} (no results: the worker died)" for run in runs if not run.ok and not run.tests]
    return named + died


def run_once(names: list[str], exclude: list[str], jobs: int, env: dict, times_file: Path | None) -> bool:
    groups = group_by_module(names)
    known = json.loads(times_file.read_text()) if times_file and times_file.exists() else {}
    # Longest first: a long module started last leaves the other workers idle at the end.
    # Without a last run's times, a module's size stands in for its time; a module the last
    # run did not have starts first.
    def expected(module: str) -> float:
        if known:
            return known.get(module, float("inf"))
        source = E2E_DIR / f"{module}.py"
        return source.stat().st_size if source.exists() else 0.0

    order = sorted(groups, key=lambda module: -expected(module))
    runs = [ModuleRun(module, groups[module]) for module in order]
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="buoy-e2e-run-") as log_dir, \
            ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(run_module, run, exclude, env, Path(log_dir)) for run in runs]
        for future in as_completed(futures):
            run = future.result()
            counts = f"{len(run.tests)} tests, {run.seconds:.1f} s"
            print(f"{'ok    ' if run.ok else 'FAILED'} {run.module} ({counts})", flush=True)
            if not run.ok:
                print(f"---- {run.module}'s output\n{run.log}---- end of {run.module}", flush=True)
    wall = time.monotonic() - started
    print_tables(runs, wall, jobs)
    failed = [run.module for run in runs if not run.ok]
    if times_file is not None:
        times_file.parent.mkdir(parents=True, exist_ok=True)
        times_file.write_text(json.dumps({**known, **{run.module: round(run.seconds, 1) for run in runs}},
                                         indent=1, sort_keys=True))
    if excluded := [test for test in exclude if test.split(".", 1)[0] in groups]:
        print(f"\nleft out: {', '.join(excluded)}")
    if failed:
        print("\nfailed:")
        for test in tests_failed(runs):
            print(f"  {test}")
    print(f"\n{'FAILED: ' + ', '.join(failed) if failed else 'OK'}", flush=True)
    return not failed


def burn() -> None:
    while True:
        pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="modules, module.Class or module.Class.test")
    parser.add_argument("-j", "--jobs", type=int, default=1, help="modules run side by side")
    parser.add_argument("--leg", help="a leg of legs.LEGS: its names, on its compositor")
    parser.add_argument("--exclude", action="append", default=[], help="a test id to leave out")
    parser.add_argument("--runs", type=int, default=1, help="run the names this many times in a row")
    parser.add_argument("--load", action="store_true", help="a CPU burner on every core meanwhile")
    parser.add_argument("--worker", metavar="RESULT_JSON", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(args.worker, args.names, args.exclude)

    env = dict(os.environ)
    names, exclude = list(args.names), list(args.exclude)
    times_file = None
    if args.leg:
        if args.leg not in legs.LEGS:
            parser.error(f"--leg {args.leg!r} is none of {', '.join(legs.LEGS)}")
        leg_names, leg_exclude = legs.leg_tests(args.leg)
        names, exclude = names or leg_names, exclude + leg_exclude
        env["BUOY_E2E_COMPOSITOR"] = args.leg
        if not args.names:
            times_file = TIMES_DIR / f"{args.leg}.json"
    if not names:
        parser.error("no tests named: give names or --leg")
    print(f"run.py: {len(group_by_module(names))} modules at -j {args.jobs} on "
          f"{env.get('BUOY_E2E_COMPOSITOR') or 'host-sway'}", flush=True)

    burners = [multiprocessing.Process(target=burn, daemon=True) for _ in range(os.cpu_count() or 1)] \
        if args.load else []
    for burner in burners:
        burner.start()
    try:
        passed = 0
        for number in range(1, args.runs + 1):
            if args.runs > 1:
                print(f"\n==== run {number} of {args.runs}{' beside a CPU burner on every core' if burners else ''}",
                      flush=True)
            passed += run_once(names, exclude, args.jobs, env, times_file)
        if args.runs > 1:
            print(f"\n{passed} of {args.runs} runs passed", flush=True)
        return 0 if passed == args.runs else 1
    finally:
        for burner in burners:
            burner.terminate()
            burner.join()


if __name__ == "__main__":
    sys.exit(main())
