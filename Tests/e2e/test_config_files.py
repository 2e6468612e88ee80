"""`buoy config` and the files it writes, on real files, users and processes: runs at once all
land, root leaves a user's file theirs, a dangling link stays a link, a system-wide config is not
hidden, a path is bytes, nothing --check refuses is written, a killed run leaves no litter, and
random concurrent writers (some killed) never lose an edit they reported."""

from __future__ import annotations

import fcntl
import os
import random
import signal
import stat
import subprocess
import tempfile
import threading
import time
import tomllib
import unittest
from pathlib import Path

import harness
from buoy_fixture import BUOY, Buoy
from harness import HeadlessSway
from test_config_command import COMMENTED
from test_edit_mode import COMMENTED as EDITABLE
from test_edit_mode import enter_edit_mode, open_edit_mode, wait_items


def config(path, *args, env: dict | None = None, **kwargs) -> subprocess.CompletedProcess:
    """`buoy config --config PATH ARGS...`; a bytes PATH is passed as it is."""
    return subprocess.run([os.fsencode(BUOY), b"config", b"--config", os.fsencode(path),
                           *(os.fsencode(a) for a in args)],
                          env=env or bare_env(), capture_output=True, timeout=30, **kwargs)


def bare_env(**extra) -> dict:
    return {"PATH": os.environ["PATH"], "HOME": "/nonexistent", **extra}


def temps(directory: Path) -> list[str]:
    return sorted(name for name in os.listdir(directory) if ".tmp." in name)


class FilesTestCase(unittest.TestCase):
    def setUp(self):
        self.directory = Path(tempfile.mkdtemp(prefix="buoy-config-files-"))
        self.path = self.directory / "config.toml"
        self.path.write_text(COMMENTED)
        self.path.chmod(0o600)

    def tearDown(self):
        subprocess.run(["rm", "-rf", "--one-file-system", str(self.directory)], check=True)

    def table(self) -> dict:
        return tomllib.loads(self.path.read_text())

    def assert_check_passes(self, path: Path | None = None):
        check = subprocess.run([BUOY, "--check", "--config", str(path or self.path)], capture_output=True,
                               text=True, env=bare_env())
        self.assertEqual(check.returncode, 0, check.stderr)


class ConcurrentRunsTests(FilesTestCase):
    def test_twenty_item_adds_at_once_all_land(self):
        # Five in each of four submenus: a menu takes at most 7 items and Back.
        runs = [subprocess.Popen([BUOY, "config", "--config", str(self.path), "item", "add", "--submenu",
                                  f"s{n % 4}", "--label", f"Item {n}", "--command", f"echo {n}"], env=bare_env(),
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE) for n in range(20)]
        outputs = [(run.args[-3], run.communicate(timeout=60)[1]) for run in runs]
        failed = [output for run, output in zip(runs, outputs) if run.returncode != 0]
        self.assertEqual(failed, [])
        submenus = self.table().get("submenu", {})
        labels = [item["label"] for submenu in submenus.values() for item in submenu["item"]]
        lost = sorted({f"Item {n}" for n in range(20)} - set(labels), key=lambda l: int(l.split()[1]))
        self.assertEqual(lost, [], f"20 runs exited 0, yet the file has {20 - len(lost)} of their 20 items")
        self.assertEqual(len(labels), 20)
        self.assert_check_passes()
        self.assertEqual(temps(self.directory), [])

    def test_two_sets_of_different_keys_at_once_both_land_twenty_times_in_twenty(self):
        lost = []
        for attempt in range(20):
            self.path.write_text(COMMENTED)
            runs = [subprocess.Popen([BUOY, "config", "--config", str(self.path), "set", key, value],
                                     env=bare_env(), stderr=subprocess.PIPE)
                    for key, value in (("button.size", "64"), ("actions.double_tap", "echo twice"))]
            self.assertEqual([(run.communicate(timeout=30)[1], run.returncode)[1] for run in runs], [0, 0])
            table = self.table()
            if table["button"].get("size") != 64 or table.get("actions", {}).get("double_tap") != "echo twice":
                lost.append(attempt)
        self.assertEqual(lost, [], f"one of the two edits was lost in {len(lost)} of 20 attempts")

    def test_a_run_waits_for_the_lock_another_writer_holds(self):
        # The lock beside the file, which edit mode takes too (without waiting).
        lock = os.open(self.directory / ".config.toml.lock", os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(lock, fcntl.LOCK_EX)
        run = subprocess.Popen([BUOY, "config", "--config", str(self.path), "set", "button.size", "64"],
                               env=bare_env(), stderr=subprocess.PIPE)
        time.sleep(0.5)
        self.assertIsNone(run.poll(), "buoy config wrote while another writer held the lock")
        self.assertNotIn("size", self.table()["button"])
        fcntl.flock(lock, fcntl.LOCK_UN)
        os.close(lock)
        self.assertEqual((run.communicate(timeout=10)[1], run.returncode), (b"", 0))
        self.assertEqual(self.table()["button"]["size"], 64)


class OwnerTests(FilesTestCase):
    def test_root_leaves_a_users_file_and_its_backup_theirs(self):
        if os.geteuid() != 0:
            raise harness.HarnessError("root's edit of a user's file needs root")
        account = harness._ensure_test_user(harness.TEST_USER)
        os.chown(self.directory, account.pw_uid, account.pw_gid)
        os.chown(self.path, account.pw_uid, account.pw_gid)
        result = config(self.path, "set", "button.size", "64")
        self.assertEqual((result.returncode, result.stderr), (0, b""))
        for path in (self.path, self.path.with_name("config.toml.bak")):
            info = path.stat()
            self.assertEqual((info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)),
                             (account.pw_uid, account.pw_gid, 0o600), path)
        # The user's own buoy can still read it.
        as_user = subprocess.run(["setpriv", f"--reuid={account.pw_uid}", f"--regid={account.pw_gid}",
                                  "--init-groups", BUOY, "config", "--config", str(self.path), "get",
                                  "button.size"], env=bare_env(), capture_output=True, text=True, timeout=10)
        self.assertEqual((as_user.stdout, as_user.stderr), ("64\n", ""))


class LinkTests(FilesTestCase):
    def test_a_link_to_a_target_not_made_yet_stays_a_link_and_the_target_is_made(self):
        self.path.unlink()
        target = self.directory / "dotfiles" / "buoy" / "config.toml"
        self.path.symlink_to("dotfiles/buoy/config.toml")  # stow's relative link, before the target
        result = config(self.path, "set", "button.size", "64")
        self.assertEqual((result.returncode, result.stderr), (0, b""))
        self.assertTrue(self.path.is_symlink(), "the link was replaced by a plain file")
        self.assertEqual(os.readlink(self.path), "dotfiles/buoy/config.toml")
        self.assertIn("size = 64\n", target.read_text())
        self.assert_check_passes()

    def test_a_loop_of_links_is_refused_and_left(self):
        self.path.unlink()
        self.path.symlink_to("other.toml")
        (self.directory / "other.toml").symlink_to("config.toml")
        result = config(self.path, "set", "button.size", "64")
        self.assertEqual(result.returncode, 1)
        self.assertIn(b"too many levels of symbolic links", result.stderr.lower())
        self.assertEqual(os.readlink(self.path), "other.toml")
        self.assertEqual(sorted(os.listdir(self.directory)), ["config.toml", "other.toml"])


class SystemConfigTests(FilesTestCase):
    def setUp(self):
        super().setUp()
        self.system = self.directory / "xdg" / "buoy" / "config.toml"
        self.system.parent.mkdir(parents=True)
        self.path.rename(self.system)
        self.system.chmod(0o644)
        self.user = self.directory / "home" / "buoy" / "config.toml"

    def run_config(self, *args, env: dict) -> subprocess.CompletedProcess:
        return subprocess.run([BUOY, "config", *args], env=env, capture_output=True, text=True, timeout=10)

    def test_set_starts_the_users_file_from_the_system_ones_bytes_and_says_so(self):
        env = bare_env(XDG_CONFIG_HOME=str(self.directory / "home"), XDG_CONFIG_DIRS=str(self.directory / "xdg"))
        self.assertEqual(self.run_config("get", "menu.item.1.label", env=env).stdout, "Terminal\n")
        self.assertEqual(self.run_config("path", env=env).stdout, f"{self.user}\n")
        result = self.run_config("set", "button.size", "64", env=env)
        self.assertEqual((result.returncode, result.stderr),
                         (0, f"buoy config: started {self.user} from {self.system}, the system-wide config\n"))
        self.assertEqual(self.user.read_text(), COMMENTED.replace("idle_opacity = 1.0\n",
                                                                  "idle_opacity = 1.0\nsize = 64\n"))
        self.assertEqual(self.system.read_text(), COMMENTED)
        # What get reads, config path names, and buoy reads are one file, with the system's items.
        self.assertEqual(self.run_config("get", "menu.item.1.label", env=env).stdout, "Terminal\n")
        self.assertEqual(self.run_config("get", "button.size", env=env).stdout, "64\n")
        self.assertEqual(self.run_config("path", env=env).stdout, f"{self.user}\n")
        self.assert_check_passes(self.user)

    def test_without_home_or_xdg_config_home_the_system_file_is_not_edited(self):
        env = {"PATH": os.environ["PATH"], "XDG_CONFIG_DIRS": str(self.directory / "xdg")}
        result = self.run_config("set", "button.size", "64", env=env)
        self.assertEqual(result.returncode, 1, "the system-wide file was edited")
        self.assertEqual(result.stderr, f"{self.system}: this is the system-wide config, which buoy does not"
                                        " edit, and there is no file of your own to start from it: neither HOME"
                                        " nor XDG_CONFIG_HOME is set.\n")
        self.assertEqual(self.system.read_text(), COMMENTED)
        self.assertEqual(sorted(os.listdir(self.system.parent)), ["config.toml"])


class BytesTests(FilesTestCase):
    def test_a_path_that_is_not_utf8_names_that_file(self):
        latin1 = os.fsencode(self.directory) + b"/caf\xe9.toml"
        os.rename(self.path, latin1)
        result = config(latin1, "set", "button.size", "64")
        self.assertEqual((result.returncode, result.stderr), (0, b""))
        self.assertIn(b"size = 64\n", Path(os.fsdecode(latin1)).read_bytes())
        self.assertEqual(sorted(os.listdir(os.fsencode(self.directory))),
                         [b".caf\xe9.toml.lock", b"caf\xe9.toml", b"caf\xe9.toml.bak"])
        self.assertEqual(config(latin1, "path").stdout, latin1 + b"\n")
        self.assertEqual(config(latin1, "get", "button.size").stdout, b"64\n")


class CheckAgreesTests(FilesTestCase):
    def test_a_file_writable_by_others_is_refused_as_check_refuses_it(self):
        self.path.chmod(0o666)
        check = subprocess.run([BUOY, "--check", "--config", str(self.path)], capture_output=True, text=True,
                               env=bare_env())
        self.assertEqual(check.returncode, 1)
        result = config(self.path, "set", "button.size", "64")
        self.assertEqual(result.returncode, 1, "set wrote a file --check refuses")
        self.assertEqual(result.stderr.decode(), check.stderr)
        self.assertEqual(self.path.read_text(), COMMENTED)

    def test_no_edit_makes_a_file_past_the_size_limit(self):
        line = "# " + "x" * 1021 + "\n"
        filler = line * (((1 << 20) - len(COMMENTED)) // len(line))
        room = (1 << 20) - len(COMMENTED) - len(filler)
        self.path.write_text(COMMENTED + filler + "#" * (room - 20) + "\n")  # 19 bytes short of the limit
        before = self.path.read_bytes()
        self.assert_check_passes()
        result = config(self.path, "item", "add", "--label", "One more", "--command", "true")
        self.assertEqual(result.returncode, 1, "the edit made a file --check refuses")
        self.assertIn(b"would be larger than 1024 KiB, which --check refuses", result.stderr)
        self.assertEqual(self.path.read_bytes(), before)

    def test_a_new_file_honours_the_umask(self):
        new = self.directory / "new" / "config.toml"
        result = config(new, "set", "button.size", "64", preexec_fn=lambda: os.umask(0o077))
        self.assertEqual((result.returncode, result.stderr), (0, b""))
        self.assertEqual(stat.S_IMODE(new.stat().st_mode), 0o600)


class LitterTests(FilesTestCase):
    def test_a_run_killed_mid_write_leaves_a_temp_the_next_run_removes(self):
        line = "# " + "x" * 1021 + "\n"
        self.path.write_text(COMMENTED + line * 900)  # a write long enough to be caught in
        for attempt in range(100):
            run = subprocess.Popen([BUOY, "config", "--config", str(self.path), "item", "add", "--label",
                                    f"Try {attempt}", "--command", "true"], env=bare_env())
            while run.poll() is None and not temps(self.directory):
                pass
            run.send_signal(signal.SIGKILL)
            run.wait()
            if temps(self.directory):
                break
        else:
            self.fail("no run was killed between making its temp file and renaming it, in 100")
        print(f"\nkilled mid-write at attempt {attempt}, leaving {temps(self.directory)}")
        result = config(self.path, "set", "button.size", "64")
        self.assertEqual((result.returncode, result.stderr), (0, b""))
        self.assertEqual(temps(self.directory), [])
        self.assert_check_passes()

    def test_a_temp_named_for_a_pid_this_run_has_again_is_no_obstacle(self):
        # In a PID namespace buoy is PID 1: the PID a dead writer's temp may carry.
        for name in (".config.toml.tmp.1", ".config.toml.bak.tmp.1"):
            (self.directory / name).write_text("")
        result = subprocess.run(["unshare", "--pid", "--fork", BUOY, "config", "--config", str(self.path), "set",
                                 "button.size", "64"], env=bare_env(), capture_output=True, text=True, timeout=10)
        self.assertEqual((result.returncode, result.stderr), (0, ""))
        self.assertEqual(self.table()["button"]["size"], 64)
        self.assertEqual(temps(self.directory), [])


class ConcurrentStressTests(FilesTestCase):
    """What the config-edit fuzzer cannot do (it runs the editor in one process, without files):
    random edits from concurrent writers, a few of them killed, and every edit a run reported
    done is in the file at the end."""

    WORKERS = ("button.size", "actions.double_tap", "actions.long_press", "actions.swipe_left")

    def test_every_edit_a_run_reported_done_is_in_the_file(self):
        seed = int(os.environ.get("BUOY_STRESS_SEED", time.time_ns() % 1_000_000))
        print(f"\nstress seed {seed} (BUOY_STRESS_SEED)")
        added: list[str] = []
        # What each key may hold at the end: its last reported value, or a killed run's since.
        final: dict[str, list] = {}
        killed_labels: list[str] = []
        failures: list[str] = []
        mutex = threading.Lock()

        def worker(index: int, key: str):
            rng = random.Random(seed * 100 + index)
            for step in range(12):
                kill = rng.random() < 0.1
                if rng.random() < 0.5:
                    label = f"w{index}-{step}"
                    # At most 4 in a submenu, which takes 7.
                    args = ["item", "add", "--submenu", f"w{index}-{step % 3}", "--label", label, "--command",
                            "true"]
                    if rng.random() < 0.5:
                        args += ["--at", "1"]
                else:
                    label = None
                    value = rng.randint(16, 512) if key == "button.size" else f"echo {index}-{step}"
                    args = ["set", key, str(value)]
                run = subprocess.Popen([BUOY, "config", "--config", str(self.path), *args], env=bare_env(),
                                       stderr=subprocess.PIPE)
                if kill:
                    time.sleep(rng.random() * 0.02)
                    run.kill()
                _, stderr = run.communicate(timeout=60)
                with mutex:
                    if run.returncode == 0:
                        if label:
                            added.append(label)
                        else:
                            final[key] = [value]
                    elif kill and run.returncode == -signal.SIGKILL:
                        if label:
                            killed_labels.append(label)
                        elif key in final:
                            final[key].append(value)
                    else:
                        failures.append(f"{args}: {run.returncode} {stderr.decode()}")

        threads = [threading.Thread(target=worker, args=(i, key)) for i, key in enumerate(self.WORKERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(failures, [])
        table = self.table()
        labels = [item["label"] for submenu in table.get("submenu", {}).values() for item in submenu["item"]]
        self.assertEqual(sorted(set(added) - set(labels)), [], "items a run reported added are gone")
        self.assertEqual(sorted(set(labels) - set(added) - set(killed_labels)), [])
        self.assertEqual(len(labels), len(set(labels)))
        for key, values in final.items():
            table_name, name = key.split(".")
            self.assertIn(table[table_name][name], values, key)
        self.assert_check_passes()
        # A killed run's temp goes with the next write; one that was killed last may stay.
        config(self.path, "set", "button.idle_opacity", "0.5")
        self.assertEqual(temps(self.directory), [])
        print(f"{len(added)} items added, {len(final)} keys set, {len(killed_labels)} item runs killed")


class EditModeTests(unittest.TestCase):
    """Edit mode, in the running buoy, takes the same lock without waiting, and never edits a
    system-wide file."""

    def test_while_another_writer_holds_the_lock_edit_mode_says_so_at_once_and_writes_nothing(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy, rows = open_edit_mode(sway, pointer)
            before = buoy.config_path.read_bytes()
            lock = os.open(buoy.config_path.with_name(".config.toml.lock"), os.O_RDWR | os.O_CREAT, 0o644)
            os.fchmod(lock, 0o644)  # buoy may run as the test user: it can read it, and flock it
            fcntl.flock(lock, fcntl.LOCK_EX)
            mark = len(buoy.log())
            clicked = time.monotonic()
            pointer.click(*rows["Two"][:2])
            rows = wait_items(buoy, mark, lambda p: any("writing the file" in label for label in p),
                              "the refusal shown")
            shown = time.monotonic() - clicked
            self.assertEqual(list(rows)[:6], ["One", "Two", "Three", "Add", "Button", "Done"])
            self.assertIn("another program is writing the file now; nothing was written", list(rows)[6])
            self.assertLess(shown, 2, "edit mode waited for the lock")
            self.assertEqual(buoy.config_path.read_bytes(), before)
            fcntl.flock(lock, fcntl.LOCK_UN)
            os.close(lock)
            mark = len(buoy.log())
            pointer.click(*rows["Two"][:2])
            wait_items(buoy, mark, lambda p: "Done" in p and "Two" not in p, "Two removed once the lock is free")
            self.assertNotIn(b'"Two"', buoy.config_path.read_bytes())
            self.assertEqual(buoy.stop(), 0)

    def test_an_edit_of_a_system_wide_config_starts_the_users_file_from_it(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, None)
            system = buoy.home / "xdg" / "buoy" / "config.toml"
            system.parent.mkdir(parents=True)
            system.write_text(EDITABLE)
            system.chmod(0o644)
            pointer = sway.pointer()
            rows = enter_edit_mode(buoy.start(), pointer)
            mark = len(buoy.log())
            pointer.click(*rows["Two"][:2])
            wait_items(buoy, mark, lambda p: "Done" in p and "Two" not in p, "Two removed")
            self.assertEqual(system.read_text(), EDITABLE, "edit mode edited the system-wide file")
            expected = self.removed_by_buoy_config(sway, EDITABLE)
            self.assertEqual(buoy.config_path.read_text(), expected)
            self.assertEqual(buoy.stop(), 0)

    @staticmethod
    def removed_by_buoy_config(sway, text: str) -> str:
        """`text` with its second item removed by `buoy config`."""
        path = sway.artifact("expected.toml")
        path.write_text(text)
        subprocess.run([BUOY, "config", "--config", str(path), "item", "remove", "2"], check=True,
                       capture_output=True, env=bare_env())
        return path.read_text()


if __name__ == "__main__":
    unittest.main()
