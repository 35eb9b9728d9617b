"""Compiled rules (``companion.compiled``): a build is used only when it matches this Python
and the current sources, all modules or none, and it plays the same games as the source.

The refusals are checked in this process on real builds' stamps written into ``tmp_path``
(no module is ever loaded from them: every case has a defect). The one real build is used
in subprocesses: the venv's own when fresh (``make test`` made it), else one built here.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import compiled
from companion.cli import _build_parser

ENGINE = "companion/rules/apocalypse/engine.py"
SIMULATE = ("simulate", "apocalypse", "--players", "4", "--games", "30", "--seed", "1", "--json")
SIMULATE_PARIS = ("simulate", "paris", "--players", "3", "--games", "10", "--seed", "1", "--json")
RUN_DEPENDENT = ("seconds", "games_per_second", "compiled", "compiled_reason")


@pytest.fixture(autouse=True)
def meta_path_untouched() -> Iterator[None]:
    """No test here may leave an import finder behind in the test process."""
    before = list(sys.meta_path)
    yield
    assert sys.meta_path == before


def fake_build(dest: Path, tmp_path: Path) -> dict[str, Any]:
    """A build of the current sources in ``dest`` with empty extension files: its stamp is
    written and installed by the real code; only mypyc is left out."""
    work = tmp_path / "work"
    compiled._copy_package(compiled.package_dir(), work / compiled.PACKAGE)
    sources = compiled._compiled_sources(work)
    for path in sources.values():
        path.with_name(path.stem + compiled.EXT_SUFFIX).touch()
    (work / f"0123abcd__mypyc{compiled.EXT_SUFFIX}").touch()
    stamp = compiled._stamp(work, sources)
    stamp["seconds"] = 0.0
    compiled._install(work, stamp, dest)
    return stamp


def rewrite(dest: Path, **changes: Any) -> None:
    path = dest / compiled.STAMP_NAME
    stamp = json.loads(path.read_text())
    stamp.update(changes)
    path.write_text(json.dumps(stamp))


def import_the_compiled_modules_as_source() -> None:
    import companion.simulate.apocalypse
    import companion.simulate.paris  # noqa: F401  (with the above, imports all of them)

    assert all(name in sys.modules for name in compiled.COMPILED_MODULES)
    assert not compiled.is_compiled("companion.rules.apocalypse.engine")


# --- refusals: nothing installed, the reason names the file or cause -------------------------


def test_no_build_is_refused_with_the_command_that_makes_one(tmp_path: Path) -> None:
    status = compiled.enable(tmp_path / "none")
    assert not status.active and status.enabled == ()
    assert status.reason == (
        f"no compiled build in {tmp_path / 'none'}: run `make compile` (it needs a C compiler)"
    )
    assert compiled.check(tmp_path / "none") == status.reason


def test_a_fresh_build_passes_the_check_and_records_what_it_was_built_from(
    tmp_path: Path,
) -> None:
    dest = tmp_path / "build"
    stamp = fake_build(dest, tmp_path)
    assert compiled.check(dest) is None
    assert set(stamp["modules"]) == set(compiled.COMPILED_MODULES)
    assert stamp["modules"]["companion.rules.apocalypse.engine"]["file"] == (
        f"companion/rules/apocalypse/engine{compiled.EXT_SUFFIX}"
    )
    assert "companion/rules/base.py" in stamp["imports"], "a module they import is hashed too"
    assert stamp["runtime"] == {
        "name": "0123abcd__mypyc",
        "file": f"0123abcd__mypyc{compiled.EXT_SUFFIX}",
    }
    assert sorted(p.name for p in tmp_path.iterdir()) == ["build", "work"], "no staging left"


def test_a_changed_source_is_refused_naming_the_file(tmp_path: Path) -> None:
    dest = tmp_path / "build"
    stamp = fake_build(dest, tmp_path)
    modules = stamp["modules"]
    modules["companion.rules.apocalypse.engine"]["sha256"] = "0" * 64
    rewrite(dest, modules=modules)
    status = compiled.enable(dest)
    assert status.reason == f"{ENGINE} changed since the compiled build: run `make compile`"


def test_a_changed_imported_module_is_refused_naming_it(tmp_path: Path) -> None:
    dest = tmp_path / "build"
    stamp = fake_build(dest, tmp_path)
    rewrite(dest, imports={**stamp["imports"], "companion/rules/base.py": "0" * 64})
    assert compiled.enable(dest).reason == (
        "companion/rules/base.py (imported by the compiled modules) changed since the "
        "compiled build: run `make compile`"
    )


def test_a_build_for_another_python_is_refused(tmp_path: Path) -> None:
    dest = tmp_path / "build"
    fake_build(dest, tmp_path)
    rewrite(dest, cache_tag="cpython-310", ext_suffix=".cpython-310-x86_64-linux-gnu.so")
    reason = compiled.enable(dest).reason
    assert reason is not None and reason.startswith("the compiled build is for cpython-310 ")
    assert f"this is {sys.implementation.cache_tag} " in reason
    assert reason.endswith(": run `make compile`")


def test_a_build_missing_a_module_file_is_refused(tmp_path: Path) -> None:
    dest = tmp_path / "build"
    fake_build(dest, tmp_path)
    (dest / f"companion/bots/apocalypse{compiled.EXT_SUFFIX}").unlink()
    assert compiled.enable(dest).reason == (
        f"the compiled build in {dest} lacks apocalypse{compiled.EXT_SUFFIX} "
        "(companion.bots.apocalypse): run `make compile`"
    )


def test_a_build_of_other_modules_is_refused(tmp_path: Path) -> None:
    dest = tmp_path / "build"
    stamp = fake_build(dest, tmp_path)
    del stamp["modules"]["companion.bots.apocalypse"]
    rewrite(dest, modules=stamp["modules"])
    reason = compiled.enable(dest).reason
    assert reason is not None and "but companion/compiled.py lists" in reason


def test_an_unreadable_stamp_is_refused(tmp_path: Path) -> None:
    dest = tmp_path / "build"
    dest.mkdir()
    (dest / compiled.STAMP_NAME).write_text("{not json")
    reason = compiled.enable(dest).reason
    assert reason is not None and reason.startswith(f"the compiled build's {dest}/stamp.json")


def test_modules_already_imported_as_source_are_never_mixed_with_compiled_ones(
    tmp_path: Path,
) -> None:
    dest = tmp_path / "build"
    fake_build(dest, tmp_path)
    import_the_compiled_modules_as_source()
    status = compiled.enable(dest)
    assert status.reason == (
        "companion.rules.apocalypse.cards was already imported (as Python source) before the "
        "compiled modules were enabled: enable them first"
    )
    assert "not usable" not in compiled.status(dest), "the build itself is fine"


def test_a_build_replaces_the_old_one_in_place(tmp_path: Path) -> None:
    dest = tmp_path / "build"
    fake_build(dest, tmp_path / "first")
    (dest / "leftover").touch()
    fake_build(dest, tmp_path / "second")
    assert not (dest / "leftover").exists() and compiled.check(dest) is None
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


# --- the command -----------------------------------------------------------------------------


def compile_command(*argv: str) -> tuple[int, str, str]:
    args = _build_parser().parse_args(["compile", *argv])
    out, err = io.StringIO(), io.StringIO()
    code = compiled.compile_command(args, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_check_says_what_is_missing_and_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(compiled.DIR_VARIABLE, str(tmp_path / "none"))
    code, out, _ = compile_command("--check")
    assert code == 1 and out.startswith("compiled rules not usable: no compiled build in ")
    fake_build(tmp_path / "none", tmp_path)
    code, out, _ = compile_command("--check")
    modules = len(compiled.COMPILED_MODULES)
    assert code == 0 and out.startswith(
        f"compiled rules up to date in {tmp_path / 'none'}: {modules} "
    )


def test_without_a_c_compiler_the_build_names_the_cause(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(compiled.DIR_VARIABLE, str(tmp_path / "build"))
    monkeypatch.setenv("CC", "no-such-compiler-cc")
    with pytest.raises(compiled.BuildError, match=r"^no C compiler: 'no-such-compiler-cc' is"):
        compile_command()
    code, out, err = compile_command("--if-stale", "--optional")
    assert code == 0 and out == ""
    assert err.splitlines()[-1] == (
        "companion compile: not built: no C compiler: 'no-such-compiler-cc' is not on PATH "
        "(install one, e.g. `sudo apt install build-essential`); the simulation runs as "
        "pure Python"
    )
    assert not (tmp_path / "build").exists()


def test_mypyc_errors_are_quoted() -> None:
    error = compiled._failure(
        1, ["running build_ext", "companion/x.py:3: error: Name 'y' is not defined", "done"]
    )
    assert error.reason == (
        "mypyc failed (exit status 1): companion/x.py:3: error: Name 'y' is not defined"
    )
    assert error.details == ()


# --- the real build --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def build_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The venv's build when fresh, else a new one (about two minutes)."""
    if compiled.check() is None:
        return compiled.default_dir()
    try:
        return compiled.build(tmp_path_factory.mktemp("compiled") / "build").dest
    except compiled.BuildError as error:
        if error.reason.startswith(("no C compiler", "the Python headers are missing")):
            pytest.skip(f"cannot compile C extensions here: {error.reason}")
        raise


def companion(build: Path, *argv: str) -> dict[str, Any]:
    env = {**os.environ, compiled.DIR_VARIABLE: str(build)}
    result = subprocess.run(
        [sys.executable, "-m", "companion", *argv],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    data: dict[str, Any] = json.loads(result.stdout)
    return data


@pytest.mark.slow
@pytest.mark.parametrize("simulate", [SIMULATE, SIMULATE_PARIS], ids=["apocalypse", "paris"])
def test_the_compiled_rules_play_the_same_games_as_the_source(
    build_dir: Path, simulate: tuple[str, ...]
) -> None:
    fast, pure = companion(build_dir, *simulate), companion(build_dir, *simulate, "--pure")
    assert fast["compiled"] is True and "compiled_reason" not in fast
    assert pure["compiled"] is False and pure["compiled_reason"] == "--pure asked for Python source"
    for data in (fast, pure):
        for key in RUN_DEPENDENT:
            data.pop(key, None)
    assert fast == pure
    assert fast["games"] == int(simulate[5]) and fast["invariant_failures"] == 0


@pytest.mark.slow
def test_enabling_twice_installs_one_finder_serving_every_module(build_dir: Path) -> None:
    script = (
        "import json, sys\n"
        "from pathlib import Path\n"
        "from companion import compiled\n"
        f"first = compiled.enable(Path({str(build_dir)!r}))\n"
        "second = compiled.enable()\n"
        "import companion.simulate.apocalypse, companion.simulate.paris\n"
        "print(json.dumps({'same': first == second, 'enabled': list(first.enabled),\n"
        "    'finders': sum(type(f).__name__ == '_CompiledFinder' for f in sys.meta_path),\n"
        "    'compiled': [compiled.is_compiled(n) for n in compiled.COMPILED_MODULES],\n"
        "    'other': compiled.is_compiled('companion.rules.base')}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    data = json.loads(result.stdout)
    assert data == {
        "same": True,
        "enabled": list(compiled.COMPILED_MODULES),
        "finders": 1,
        "compiled": [True] * len(compiled.COMPILED_MODULES),
        "other": False,
    }
