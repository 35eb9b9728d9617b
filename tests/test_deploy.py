"""The Pi deployment (hardware/pi/): what can be checked without a Pi.

The scripts are valid bash and pass shellcheck (when installed), the service file has what
the Pi's facts ask for (hardware/README.md, "Facts the design depends on": the groups, a
writable working directory for lgpio, kmsdrm, tty1) and passes ``systemd-analyze verify``
(when available), and
install.sh / update.sh / uninstall.sh are run for real in staging mode (``--root DIR``),
which writes every file under DIR and runs no system command.
"""

from __future__ import annotations

import getpass
import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.cli import _build_parser

ROOT = Path(__file__).resolve().parents[1]
PI = ROOT / "hardware" / "pi"
SCRIPTS = (
    "install.sh",
    "update.sh",
    "uninstall.sh",
    "lib.sh",
    "console-message.sh",
    "check-emulated.sh",
)
PROFILES = ("gpio-dsi", "gpio-spi35", "usb-box")
CONFIG = "dtparam=audio=on\n[all]\ndtoverlay=vc4-kms-v3d\n"
CMDLINE = "console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootfstype=ext4 rootwait\n"


def _bash(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", *args], check=False, capture_output=True, text=True)


# ---- the scripts ----------------------------------------------------------------------


@pytest.mark.parametrize("script", SCRIPTS)
def test_the_scripts_are_valid_bash(script: str) -> None:
    done = _bash("-n", str(PI / script))
    assert done.returncode == 0, done.stderr


@pytest.mark.skipif(
    shutil.which("shellcheck") is None,
    reason="shellcheck is not installed (apt-get install shellcheck)",
)
def test_the_scripts_pass_shellcheck() -> None:
    done = subprocess.run(
        ["shellcheck", "-x", *SCRIPTS], cwd=PI, check=False, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("script", ("install.sh", "update.sh", "uninstall.sh", "check-emulated.sh"))
def test_the_scripts_are_executable_and_have_help(script: str) -> None:
    assert (PI / script).stat().st_mode & 0o111
    done = subprocess.run([str(PI / script), "--help"], check=False, capture_output=True, text=True)
    assert done.returncode == 0 and "install.sh" in done.stdout


def _apt_packages() -> list[str]:
    text = (PI / "lib.sh").read_text(encoding="utf-8")
    found = re.search(r"^APT_PACKAGES=\(([^)]*)\)", text, re.MULTILINE)
    assert found, "APT_PACKAGES=(...) not found in hardware/pi/lib.sh"
    return found[1].split()


def test_the_packages_include_what_the_screen_loads_and_no_compiler() -> None:
    """SDL's kmsdrm driver opens libdrm, libgbm, EGL and GLES at run time, and libgbm
    Mesa's DRI driver: a minimal system has none. lgpio comes as a wheel on Bookworm, so
    the compiler is not in the list, nor liblgpio-dev (Raspberry Pi OS has it, Debian and
    Ubuntu do not)."""
    packages = _apt_packages()
    assert {"libdrm2", "libgbm1", "libegl1", "libgles2", "libgl1-mesa-dri"} <= set(packages)
    assert not {"swig", "build-essential", "python3-dev", "liblgpio-dev"} & set(packages)
    text = (PI / "lib.sh").read_text(encoding="utf-8")
    found = re.search(r"^LGPIO_BUILD_PACKAGES=\(([^)]*)\)", text, re.MULTILINE)
    assert found and found[1].split() == ["python3-dev", "swig", "build-essential"]


def test_the_packages_match_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"^\s*sudo apt install -y ([^#\n]*)", readme, re.MULTILINE)
    assert found, "README.md has no `sudo apt install -y ...` line in its Pi section"
    assert sorted(found[1].split()) == sorted(_apt_packages())


def test_the_udev_rule_that_install_copies_exists() -> None:
    text = (PI / "install.sh").read_text(encoding="utf-8")
    paths = re.findall(r"\$APP_DIR/(firmware/udev/[\w.-]+\.rules)", text)
    assert paths, "install.sh copies no udev rule"
    for path in paths:
        assert (ROOT / path).is_file(), f"install.sh copies {path}, which does not exist"


@pytest.mark.skipif(
    shutil.which("dtc") is None, reason="dtc is not installed (device-tree-compiler)"
)
def test_the_spi_panel_overlay_compiles(tmp_path: Path) -> None:
    done = subprocess.run(
        ["dtc", "-@", "-I", "dts", "-O", "dtb", "-o", str(tmp_path / "c.dtbo"),
         str(PI / "companion-spi35-overlay.dts")],
        check=False, capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0 and not done.stderr, done.stderr


def test_the_overlay_claims_only_pins_the_profile_reserves() -> None:
    from companion.input.pinmap import load_profile

    text = (PI / "companion-spi35-overlay.dts").read_text(encoding="utf-8")
    claimed = {int(pin) for pin in re.findall(r"<&gpio (\d+) \d>", text)}
    found = re.search(r"brcm,pins = <([\d ]+)>", text)
    assert found
    claimed |= {int(pin) for pin in found[1].split()}
    assert claimed <= set(load_profile("gpio-spi35").reserved)


# ---- the service ----------------------------------------------------------------------


def _unit(text: str) -> dict[str, dict[str, list[str]]]:
    """A systemd unit as section -> key -> values (keys may repeat)."""
    sections: dict[str, dict[str, list[str]]] = {}
    current: dict[str, list[str]] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            current = sections.setdefault(line.strip("[]"), {})
            continue
        key, _, value = line.partition("=")
        current.setdefault(key, []).append(value)
    return sections


def test_the_service_has_what_the_pi_facts_ask_for() -> None:
    unit = _unit((PI / "companion.service").read_text(encoding="utf-8"))
    service = unit["Service"]
    assert set(service["SupplementaryGroups"][0].split()) >= {
        "video",
        "render",
        "input",
        "gpio",
        "dialout",
    }
    assert service["WorkingDirectory"] == ["/var/lib/companion"]
    assert service["StateDirectory"] == ["companion"]  # systemd makes it writable
    assert "LG_WD=/var/lib/companion" in service["Environment"]
    assert "SDL_VIDEODRIVER=kmsdrm" in service["Environment"]
    assert service["Restart"] == ["on-failure"]
    assert service["User"] == ["@USER@"]
    assert service["ExecStart"] == ["@APP_DIR@/.venv/bin/companion $COMPANION_ARGS"]
    assert "getty@tty1.service" in unit["Unit"]["Conflicts"]
    assert unit["Install"]["WantedBy"] == ["multi-user.target"]


def test_the_default_arguments_start_the_run_command_on_gpio() -> None:
    unit = _unit((PI / "companion.service").read_text(encoding="utf-8"))
    default = next(v for v in unit["Service"]["Environment"] if "COMPANION_ARGS" in v)
    args = shlex.split(default.strip('"').partition("=")[2])
    assert args == ["run", "--fullscreen", "--source", "gpio"]
    parsed = _build_parser().parse_args(args)
    assert parsed.command == "run" and parsed.fullscreen and parsed.source == "gpio"


def _rendered_service(tmp_path: Path) -> Path:
    app = tmp_path / "app"
    companion = app / ".venv" / "bin" / "companion"
    companion.parent.mkdir(parents=True)
    companion.write_text("#!/bin/sh\n", encoding="utf-8")
    companion.chmod(0o755)
    text = (PI / "companion.service").read_text(encoding="utf-8")
    text = text.replace("@USER@", getpass.getuser()).replace("@APP_DIR@", str(app))
    text = text.replace("@HOME@", str(tmp_path / "home"))
    text = text.replace(
        "/usr/local/libexec/companion/console-message", str(PI / "console-message.sh")
    )
    path = tmp_path / "companion.service"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.skipif(
    shutil.which("systemd-analyze") is None,
    reason="systemd-analyze is not installed (apt-get install systemd)",
)
def test_the_service_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    path = _rendered_service(tmp_path)
    done = subprocess.run(
        ["systemd-analyze", "verify", str(path)],
        check=False,
        capture_output=True,
        text=True,
        timeout=30,
    )
    problems = [line for line in done.stderr.splitlines() if path.name in line]
    assert done.returncode == 0 and not problems, done.stderr


def test_the_service_runs_with_least_privilege() -> None:
    """No privileges, no network, a read-only system and home but for the games and the
    settings, and only the devices the companion uses."""
    service = _unit((PI / "companion.service").read_text(encoding="utf-8"))["Service"]
    assert service["NoNewPrivileges"] == ["yes"] and service["CapabilityBoundingSet"] == [""]
    assert service["ProtectSystem"] == ["strict"] and service["ProtectHome"] == ["read-only"]
    assert service["ReadWritePaths"] == ["@HOME@/.local/state/companion @HOME@/.config/companion"]
    assert service["PrivateTmp"] == ["yes"]
    assert service["RestrictAddressFamilies"] == ["AF_UNIX AF_NETLINK"], "no AF_INET(6)"
    assert service["DevicePolicy"] == ["closed"]
    allowed = {line.split()[0] for line in service["DeviceAllow"]}
    assert allowed == {
        "char-drm",
        "char-input",
        "char-gpiochip",
        "char-alsa",
        "char-ttyACM",
        "/dev/tty1",
        "/dev/tty",
    }


@pytest.mark.skipif(
    shutil.which("systemd-analyze") is None,
    reason="systemd-analyze is not installed (apt-get install systemd)",
)
def test_systemd_analyze_security_rates_the_service_ok(tmp_path: Path) -> None:
    path = _rendered_service(tmp_path)
    path.write_text(
        path.read_text(encoding="utf-8").replace(f"User={getpass.getuser()}", "User=pi"),
        encoding="utf-8",
    )
    done = subprocess.run(
        ["systemd-analyze", "security", "--offline=true", "--no-pager", str(path)],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", done.stdout)
    assert found is not None, done.stdout + done.stderr
    assert float(found[1]) <= 2.0, done.stdout  # 1.5 "OK" when this was written


# ---- a staged install -----------------------------------------------------------------


def _stage(tmp_path: Path) -> Path:
    boot = tmp_path / "boot" / "firmware"
    boot.mkdir(parents=True)
    (boot / "config.txt").write_text(CONFIG, encoding="utf-8")
    (boot / "cmdline.txt").write_text(CMDLINE, encoding="utf-8")
    return tmp_path


def _run(script: str, root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [str(PI / script), "--root", str(root), *args],
        check=False,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def _block(root: Path) -> list[str]:
    text = (root / "boot" / "firmware" / "config.txt").read_text(encoding="utf-8")
    inside = text.split("# BEGIN companion", 1)[1].split("# END companion", 1)[0]
    return inside.splitlines()[1:]


@pytest.mark.parametrize("profile", PROFILES)
def test_install_writes_the_service_udev_rule_and_boot_config(tmp_path: Path, profile: str) -> None:
    root = _stage(tmp_path)
    done = _run("install.sh", root, "--user", "pi", "--profile", profile)
    assert "(staging, not run) systemctl enable companion.service" in done.stdout
    service = (root / "etc/systemd/system/companion.service").read_text(encoding="utf-8")
    assert "User=pi" in service and f"{ROOT}/.venv/bin/companion" in service
    assert "@USER@" not in service and "@APP_DIR@" not in service and "@HOME@" not in service
    assert "ReadWritePaths=/home/pi/.local/state/companion /home/pi/.config/companion" in service
    assert (root / "home/pi/.local/state/companion").is_dir()
    assert (root / "home/pi/.config/companion").is_dir()
    rule = root / "etc/udev/rules.d/99-companion-box.rules"
    assert rule.read_bytes() == (ROOT / "firmware/udev/99-companion-box.rules").read_bytes()
    source = "box" if profile == "usb-box" else "gpio"
    args = (root / "etc/default/companion").read_text(encoding="utf-8")
    assert f'COMPANION_ARGS="run --fullscreen --source {source} --profile {profile}"' in args
    block = _block(root)
    assert "dtoverlay=vc4-kms-v3d" not in block  # already in config.txt: not repeated
    if profile == "gpio-spi35":
        assert {"dtparam=spi=on", "dtoverlay=companion-spi35"} <= set(block)
    if profile == "gpio-dsi":
        assert {"display_auto_detect=1", "dtparam=spi=off", "enable_uart=0"} <= set(block)
    cmdline = (root / "boot/firmware/cmdline.txt").read_text(encoding="utf-8")
    assert ("console=serial0" in cmdline) == (profile == "usb-box")
    assert cmdline.count("\n") == 1 and cmdline.rstrip("\n").endswith("vt.global_cursor_default=0")


def test_install_twice_then_uninstall_restores_the_boot_files(tmp_path: Path) -> None:
    root = _stage(tmp_path)
    _run("install.sh", root, "--user", "pi", "--profile", "gpio-spi35")
    config = (root / "boot/firmware/config.txt").read_text(encoding="utf-8")
    _run("install.sh", root, "--user", "pi", "--profile", "gpio-spi35")
    assert (root / "boot/firmware/config.txt").read_text(encoding="utf-8") == config
    _run("update.sh", root, "--no-pull", "--user", "pi")
    _run("uninstall.sh", root, "--purge")
    assert (root / "boot/firmware/config.txt").read_text(encoding="utf-8") == CONFIG
    cmdline = (root / "boot/firmware/cmdline.txt").read_text(encoding="utf-8")
    assert "vt.global_cursor_default" not in cmdline and cmdline.endswith("rootwait\n")
    assert not (root / "etc/systemd/system/companion.service").exists()
    assert not (root / "etc/udev/rules.d/99-companion-box.rules").exists()


def test_install_refuses_a_display_the_profile_is_not_wired_for(tmp_path: Path) -> None:
    done = subprocess.run(
        [str(PI / "install.sh"), "--root", str(_stage(tmp_path)), "--user", "pi",
         "--profile", "gpio-dsi", "--display", "spi35"],
        check=False, capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 2
    assert "wired for the 'dsi' display" in done.stderr and "Fix:" in done.stderr


def _staged_apt_installs(output: str) -> list[list[str]]:
    """The package lists of the `apt-get install` lines a staged install printed."""
    lines = [line for line in output.splitlines() if "apt-get install -y" in line]
    return [line.split("apt-get install -y", 1)[1].split(",")[0].split() for line in lines]


def test_a_staged_install_installs_the_screen_libraries_and_builds_lgpio_only_without_a_wheel(
    tmp_path: Path,
) -> None:
    done = _run("install.sh", _stage(tmp_path), "--user", "pi", "--profile", "gpio-dsi")
    always, only_without_a_wheel = _staged_apt_installs(done.stdout)
    assert always == _apt_packages()
    assert only_without_a_wheel == ["python3-dev", "swig", "build-essential"]
    assert "if pip has no lgpio>=0.2.2 wheel for this Python" in done.stdout


def _lib(command: str, path_dir: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run COMMAND in bash after sourcing lib.sh, with PATH_DIR first on PATH."""
    env = dict(os.environ)
    if path_dir is not None:
        env["PATH"] = f"{path_dir}:{env['PATH']}"
    env.pop("RUN_USER", None)
    return subprocess.run(
        ["bash", "-c", f"source {shlex.quote(str(PI / 'lib.sh'))}; {command}"],
        check=False, capture_output=True, text=True, env=env,
    )  # fmt: skip


def _stub(directory: Path, name: str, body: str) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / name
    path.write_text("#!/bin/sh\n" + body, encoding="utf-8")
    path.chmod(0o755)
    return path


@pytest.mark.parametrize("found", (True, False))
def test_lgpio_wheel_available_asks_pip_for_a_wheel_only(tmp_path: Path, found: bool) -> None:
    log = tmp_path / "pip.log"
    python = _stub(tmp_path, "python", f'echo "$@" >{log}\nexit {0 if found else 1}\n')
    done = _lib(f"lgpio_wheel_available {python}")
    assert (done.returncode == 0) == found
    assert "-m pip download" in log.read_text(encoding="utf-8")
    assert "--only-binary :all:" in log.read_text(encoding="utf-8")
    assert "lgpio>=0.2.2" in log.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("userland", "kernel", "accepted", "words"),
    (
        ("arm64", "aarch64", True, ""),
        ("armhf", "aarch64", False, "32-bit system (armhf packages; the kernel says aarch64)"),
        ("amd64", "x86_64", False, "packages are 'amd64', not arm64"),
    ),
)
def test_the_architecture_is_the_userland_not_the_kernel(
    tmp_path: Path, userland: str, kernel: str, accepted: bool, words: str
) -> None:
    """A Pi 4 or 5 on 32-bit Raspberry Pi OS runs a 64-bit kernel: uname says aarch64,
    dpkg says armhf, and pygame-ce has no wheel for it."""
    stubs = tmp_path / "bin"
    _stub(stubs, "dpkg", f'[ "$1" = --print-architecture ] && echo {userland}\n')
    _stub(stubs, "uname", f"echo {kernel}\n")
    done = _lib("check_architecture", stubs)
    assert (done.returncode == 0) == accepted, done.stderr
    if not accepted:
        assert done.returncode == 2
        assert words in done.stderr
        assert "Fix: flash Raspberry Pi OS Lite (64-bit)" in done.stderr


@pytest.mark.skipif(os.geteuid() != 0, reason="as_user switches users only when run as root")
def test_update_runs_git_as_the_owner_of_the_checkout(tmp_path: Path) -> None:
    """Root's git refuses another user's checkout ("dubious ownership"): update.sh asks git
    for the commit as the checkout's owner, through runuser."""
    root = _stage(tmp_path / "root")
    _run("install.sh", root, "--user", "pi", "--profile", "usb-box")
    stubs = tmp_path / "bin"
    log = tmp_path / "calls.log"
    _stub(stubs, "runuser", f'echo "runuser $*" >>{log}\nwhile [ "$1" != -- ]; do shift; done\n'
          'shift\nexec "$@"\n')  # fmt: skip
    _stub(stubs, "git", f'echo "git $*" >>{log}\necho v1.2-3-gabcdef\n')
    done = subprocess.run(
        [str(PI / "update.sh"), "--root", str(root), "--no-pull", "--user", "pi"],
        check=False, capture_output=True, text=True,
        env={**os.environ, "PATH": f"{stubs}:{os.environ['PATH']}"},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "updated to v1.2-3-gabcdef" in done.stdout
    calls = log.read_text(encoding="utf-8").splitlines()
    assert f"runuser -u pi -- git -C {ROOT} describe --always --dirty" in calls


def test_the_boot_config_block_is_under_all_and_ignores_other_sections(tmp_path: Path) -> None:
    """A line under [pi4] is not in effect on a Pi 5: the block repeats it under [all]. A
    line before the first section (in effect everywhere) is not repeated."""
    root = _stage(tmp_path)
    config = root / "boot/firmware/config.txt"
    config.write_text(
        "dtparam=spi=off\n[pi4]\ndtoverlay=vc4-kms-v3d\nenable_uart=0\n[cm5]\n[all]\n"
        "  display_auto_detect=1  \n",
        encoding="utf-8",
    )
    _run("install.sh", root, "--user", "pi", "--profile", "gpio-dsi")
    block = _block(root)
    assert block == ["[all]", "dtoverlay=vc4-kms-v3d", "dtparam=i2c_arm=off", "enable_uart=0"]
    text = config.read_text(encoding="utf-8")
    assert text.rstrip("\n").endswith("# END companion")  # last: nothing filters it


# ---- when the screen does not come up ---------------------------------------------------


def test_a_failed_start_gives_tty1_back_with_the_reason() -> None:
    unit = _unit((PI / "companion.service").read_text(encoding="utf-8"))
    assert unit["Unit"]["OnFailure"] == ["getty@tty1.service"]
    message = "+/usr/local/libexec/companion/console-message"
    assert unit["Service"]["ExecStartPre"] == [message]
    assert unit["Service"]["ExecStopPost"] == [message]
    lib = (PI / "lib.sh").read_text(encoding="utf-8")
    assert f"CONSOLE_MESSAGE={message[1:]}" in lib
    script = (PI / "console-message.sh").read_text(encoding="utf-8")
    issue = re.search(r"^CONSOLE_ISSUE=(\S+)", lib, re.MULTILINE)
    assert issue and "ISSUE=${COMPANION_ISSUE:-" + issue[1] + "}" in script


def _console_message(issue: Path, **env: str) -> None:
    done = subprocess.run(
        [str(PI / "console-message.sh")],
        check=False, capture_output=True, text=True,
        env={"PATH": os.environ["PATH"], "COMPANION_ISSUE": str(issue), **env},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr


def test_the_console_message_says_why_and_goes_away_on_the_next_start(tmp_path: Path) -> None:
    issue = tmp_path / "issue.d" / "companion.issue"
    _console_message(
        issue,
        SERVICE_RESULT="exit-code",
        EXIT_CODE="exited",
        EXIT_STATUS="1",
        COMPANION_LOG_LINES=r"echo 'pygame.error: kmsdrm not available \\n here'",
    )
    text = issue.read_text(encoding="utf-8")
    assert "could not start (exit-code: exited 1)" in text
    assert "  pygame.error: kmsdrm not available /n here" in text  # no agetty escapes
    assert "sudo systemctl start companion" in text
    _console_message(issue)  # ExecStartPre: no SERVICE_RESULT
    assert not issue.exists()
    _console_message(issue, SERVICE_RESULT="exit-code", COMPANION_LOG_LINES="true")
    _console_message(issue, SERVICE_RESULT="success")  # Quit, or systemctl stop
    assert not issue.exists()


def test_install_puts_roots_copy_of_the_console_message_and_uninstall_removes_it(
    tmp_path: Path,
) -> None:
    root = _stage(tmp_path)
    _run("install.sh", root, "--user", "pi", "--profile", "gpio-dsi")
    installed = root / "usr/local/libexec/companion/console-message"
    assert installed.read_bytes() == (PI / "console-message.sh").read_bytes()
    assert installed.stat().st_mode & 0o777 == 0o755
    (root / "etc/issue.d").mkdir(parents=True)
    (root / "etc/issue.d/companion.issue").write_text("stopped\n", encoding="utf-8")
    _run("uninstall.sh", root)
    assert not installed.exists() and not installed.parent.exists()
    assert not (root / "etc/issue.d/companion.issue").exists()


def test_lgpio_wheel_available_stops_when_the_index_cannot_be_reached(tmp_path: Path) -> None:
    """pip says "no matching distribution" when it cannot reach the index too: that must
    not install a compiler, it must say what is wrong."""
    python = _stub(
        tmp_path,
        "python",
        "echo 'Could not fetch URL https://index/simple/lgpio/: SSLError(certificate)'\n"
        "echo 'ERROR: No matching distribution found for lgpio>=0.2.2'\nexit 1\n",
    )
    done = _lib(f"lgpio_wheel_available {python}")
    assert done.returncode == 2
    assert "could not reach the package index" in done.stderr and "Fix:" in done.stderr
