"""Compiled rules: the Apocalypse and Paris engines, bots and simulations compiled with mypyc.

``companion simulate apocalypse`` plays about four times as many games per second, and
``companion simulate paris`` about a quarter more, when the hot modules
(:data:`COMPILED_MODULES`) run as C extensions that mypyc built from the very same source
files (small-integer arithmetic, such as Apocalypse's card masks, becomes machine words).
This module builds them and loads them only when they match the source:

- :func:`build` copies the package's ``.py`` files into a temporary directory, runs mypyc
  there and installs the extensions with a ``stamp.json`` (Python tag, mypy version, the
  sha256 of every compiled module's source and of every module of the package they import)
  into :func:`default_dir` (``<venv>/companion-compiled``; ``$COMPANION_COMPILED_DIR``
  overrides it), replacing any older build in one rename.
- :func:`enable` puts one import finder at the front of ``sys.meta_path`` that serves the
  compiled modules, all or nothing: only when the stamp matches this Python and the current
  sources, and none of the modules is imported yet. Modules compiled together call each
  other's C code directly, and mypyc copies the values of ``Final`` constants from the
  modules they import, so a mix of compiled and source modules, or an edit to an imported
  module, would run stale code. Otherwise it installs nothing and says why.
- :func:`check` says whether a fresh build is present; :func:`status` says it in a sentence.

Nothing here imports a compiled module's source: its file is found from this package's
directory (``importlib.util.find_spec`` would import the parent package, and
``companion/rules/apocalypse/__init__.py`` imports the modules themselves).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any, Final, TextIO

from companion.errors import CompanionError

COMPILED_MODULES: Final[tuple[str, ...]] = (
    "companion.rules.apocalypse.cards",
    "companion.rules.apocalypse.tricks",
    "companion.rules.apocalypse.actions",
    "companion.rules.apocalypse.engine",
    "companion.bots.apocalypse",
    "companion.simulate.apocalypse",
    "companion.rules.paris.board",
    "companion.rules.paris.state",
    "companion.rules.paris.actions",
    "companion.rules.paris.settlement",
    "companion.rules.paris.invariants",
    "companion.rules.paris.engine",
    "companion.bots.paris",
    "companion.simulate.paris",
)
"""The modules mypyc compiles, as one group (add a game's hot modules here)."""

PACKAGE: Final = "companion"
STAMP_NAME: Final = "stamp.json"
STAMP_FORMAT: Final = 1
DIR_VARIABLE: Final = "COMPANION_COMPILED_DIR"
REBUILD: Final = "run `make compile`"
EXT_SUFFIX: Final[str] = importlib.machinery.EXTENSION_SUFFIXES[0]
RUNTIME_SUFFIX: Final = "__mypyc"
DETAILS_SHOWN: Final = 12
PURE: Final = "the simulation runs as pure Python"


class BuildError(CompanionError, OSError):
    """The compiled modules could not be built. ``reason`` is the cause in one line,
    ``details`` the lines of mypyc's or the compiler's output that show it."""

    def __init__(self, reason: str, details: Sequence[str] = ()) -> None:
        self.reason = reason
        self.details = tuple(details)
        super().__init__("\n  ".join([reason, *self.details]))


@dataclass(frozen=True, slots=True)
class BuildReport:
    """What :func:`build` made: the modules, how long it took and where they are."""

    modules: tuple[str, ...]
    seconds: float
    dest: Path
    runtime: str | None

    def describe(self) -> str:
        return (
            f"compiled {len(self.modules)} modules with mypyc in {self.seconds:.0f} s "
            f"into {self.dest}: {', '.join(self.modules)}"
        )


@dataclass(frozen=True, slots=True)
class Status:
    """What :func:`enable` did: the modules it serves compiled, or why it serves none."""

    dest: Path
    enabled: tuple[str, ...] = ()
    reason: str | None = None

    @property
    def active(self) -> bool:
        return self.reason is None

    def describe(self) -> str:
        if self.reason is None:
            return f"compiled: {len(self.enabled)} modules from {self.dest}"
        return f"pure Python: {self.reason}"


# --- where things are ------------------------------------------------------------------------


def default_dir() -> Path:
    """Where builds go and are looked for: ``$COMPANION_COMPILED_DIR``, else
    ``<sys.prefix>/companion-compiled`` (inside the venv, so ``make clean`` removes it)."""
    override = os.environ.get(DIR_VARIABLE)
    return Path(override) if override else Path(sys.prefix) / "companion-compiled"


def package_dir() -> Path:
    """The ``companion`` package's directory (the sources that are compiled)."""
    return Path(__file__).resolve().parent


def _module_file(root: Path, name: str) -> Path | None:
    """``root/companion/x/y.py`` or ``root/companion/x/y/__init__.py`` for ``companion.x.y``;
    None when no such file (a name imported from a module rather than a module)."""
    base = root.joinpath(*name.split("."))
    for path in (base.with_name(base.name + ".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _relative(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()


# --- the modules the compiled ones import ----------------------------------------------------


def _absolute(node: ast.ImportFrom, package: str) -> str:
    """The absolute module of ``from <node.module> import ...`` written in ``package``."""
    if node.level == 0:
        return node.module or ""
    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
    return ".".join([*parts, node.module] if node.module else parts)


def _module_level(tree: ast.Module) -> Iterator[ast.AST]:
    """The statements run on import: not those inside functions or classes."""
    todo: list[ast.AST] = list(tree.body)
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            todo.extend(ast.iter_child_nodes(node))


def _imported_names(path: Path, name: str, *, everywhere: bool) -> set[str]:
    """Every module name ``path`` (module ``name``) imports, or might: ``from a import b``
    gives ``a`` and ``a.b``. ``everywhere``: in functions too, else on import only."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_bytes(), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree) if everywhere else _module_level(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, package)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def _closure(root: Path, modules: Iterable[str]) -> dict[str, Path]:
    """``modules`` and every module of the package they import, directly or through the
    module-level imports of another: name -> file. mypyc builds against them: it copies the
    values of their ``Final`` constants into the compiled code."""
    compiled = set(modules)
    found: dict[str, Path] = {}
    todo = list(compiled)
    while todo:
        name = todo.pop()
        if name in found or name.partition(".")[0] != PACKAGE:
            continue
        path = _module_file(root, name)
        if path is not None:
            found[name] = path
            todo.extend(_imported_names(path, name, everywhere=name in compiled))
    return found


# --- building --------------------------------------------------------------------------------


def build(dest: Path | None = None) -> BuildReport:
    """Compile :data:`COMPILED_MODULES` with mypyc and install them with their stamp in
    ``dest`` (default :func:`default_dir`), replacing an older build.

    Takes about two minutes. Raises :class:`BuildError` naming the cause: no C compiler, no
    Python headers, no mypyc, mypyc's own errors, or a destination that cannot be written.
    """
    dest = default_dir() if dest is None else dest
    preflight()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="companion-mypyc-") as temp:
        work = Path(temp)
        _copy_package(package_dir(), work / PACKAGE)
        sources = _compiled_sources(work)
        _run_mypyc(work, [_relative(path, work) for path in sources.values()])
        stamp = _stamp(work, sources)
        seconds = time.perf_counter() - started
        stamp["seconds"] = round(seconds, 1)
        _install(work, stamp, dest)
    runtime = stamp["runtime"]["name"] if stamp["runtime"] else None
    return BuildReport(COMPILED_MODULES, seconds, dest, runtime)


def preflight() -> None:
    """Raise :class:`BuildError` when a build cannot work here (no mypyc, setuptools, C
    compiler or Python headers): :func:`build` checks this before a minute of mypy."""
    for module, package in (("mypyc", "mypy"), ("setuptools", "setuptools")):
        if importlib.util.find_spec(module) is None:
            raise BuildError(
                f"{module} is not installed in {sys.prefix} (it comes with {package}: "
                "`pip install -e '.[dev]'`, which `make` does)"
            )
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        raise BuildError(
            f"no C compiler: {compiler!r} is not on PATH (install one, e.g. "
            "`sudo apt install build-essential`)"
        )
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        raise BuildError(
            f"the Python headers are missing: no {headers} (install them, e.g. "
            f"`sudo apt install python{sys.version_info.major}.{sys.version_info.minor}-dev`)"
        )


def _copy_package(source: Path, target: Path) -> None:
    """The package's ``.py`` files (and ``py.typed``), nothing else: no pyproject.toml,
    whose license field setuptools refuses inside mypyc's setup, and no old builds."""
    for path in source.rglob("*"):
        if path.suffix == ".py" or path.name == "py.typed":
            copy = target / path.relative_to(source)
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, copy)


def _compiled_sources(work: Path) -> dict[str, Path]:
    sources: dict[str, Path] = {}
    for name in COMPILED_MODULES:
        path = _module_file(work, name)
        if path is None:
            raise BuildError(
                f"{name} is listed in companion/compiled.py COMPILED_MODULES but has no "
                "source file: remove it from the list"
            )
        sources[name] = path
    return sources


def _run_mypyc(work: Path, files: Sequence[str]) -> None:
    """``python -m mypyc FILES`` in ``work`` (extensions land beside the sources)."""
    command = [sys.executable, "-m", "mypyc", "--config-file=", *files]
    try:
        result = subprocess.run(command, cwd=work, capture_output=True, text=True, check=False)
    except OSError as error:
        raise BuildError(f"cannot run mypyc ({sys.executable} -m mypyc): {error}") from None
    if result.returncode != 0:
        raise _failure(result.returncode, (result.stdout + result.stderr).splitlines())


def _failure(code: int, lines: Sequence[str]) -> BuildError:
    """The error for a failed mypyc run: its cause when a known one, else its error lines."""
    text = "\n".join(lines)
    if "No module named mypyc" in text:
        return BuildError(f"mypyc is not installed in {sys.prefix}: `pip install -e '.[dev]'`")
    if "Python.h" in text:
        return BuildError("the Python headers are missing (Python.h): install python3-dev")
    if "command '" in text and "failed" in text and "No such file" in text:
        return BuildError("no C compiler: install one, e.g. `sudo apt install build-essential`")
    errors = [line for line in lines if "error:" in line.lower()] or list(lines[-DETAILS_SHOWN:])
    first = errors[0].strip() if errors else "no output"
    return BuildError(
        f"mypyc failed (exit status {code}): {first}",
        [line.strip() for line in errors[1:DETAILS_SHOWN]],
    )


def _stamp(work: Path, sources: Mapping[str, Path]) -> dict[str, Any]:
    """The build's description: what it is for and the source it was built from."""
    modules = {
        name: {
            "source": _relative(path, work),
            "sha256": _sha256(path),
            "file": _relative(_extension(path), work),
        }
        for name, path in sources.items()
    }
    compiled = {entry["source"] for entry in modules.values()}
    imports = {
        _relative(path, work): _sha256(path)
        for path in _closure(work, sources).values()
        if _relative(path, work) not in compiled
    }
    return {
        "format": STAMP_FORMAT,
        **_this_python(),
        "mypy": _mypy_version(),
        "built": datetime.now(UTC).isoformat(timespec="seconds"),
        "modules": modules,
        "imports": dict(sorted(imports.items())),
        "runtime": _runtime(work),
    }


def _extension(source: Path) -> Path:
    """The extension mypyc built beside ``source`` (``engine.py`` -> ``engine.<tag>.so``)."""
    stem = source.parent.name if source.name == "__init__.py" else source.stem
    folder = source.parent.parent if source.name == "__init__.py" else source.parent
    path = folder / f"{stem}{EXT_SUFFIX}"
    if not path.is_file():
        raise BuildError(f"mypyc reported success but built no {path.name} for {source.name}")
    return path


def _runtime(work: Path) -> dict[str, str] | None:
    """The group's shared library (``<hash>__mypyc``), which every module's shim imports;
    None when mypyc made none (a group of one module)."""
    found = sorted(work.glob(f"*{RUNTIME_SUFFIX}{EXT_SUFFIX}"))
    if not found:
        return None
    return {"name": found[0].name.removesuffix(EXT_SUFFIX), "file": found[0].name}


def _this_python() -> dict[str, str]:
    return {
        "python": sys.version.split()[0],
        "cache_tag": sys.implementation.cache_tag or "",
        "ext_suffix": EXT_SUFFIX,
        "platform": sysconfig.get_platform(),
    }


def _mypy_version() -> str:
    from mypy.version import __version__

    return __version__


def _install(work: Path, stamp: Mapping[str, Any], dest: Path) -> None:
    """Copy the extensions and the stamp into a fresh directory beside ``dest``, then
    rename it into place (an older build is moved aside first and removed)."""
    files = [entry["file"] for entry in stamp["modules"].values()]
    files += [stamp["runtime"]["file"]] if stamp["runtime"] else []
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{dest.name}-new-", dir=dest.parent))
    except OSError as error:
        raise BuildError(_unwritable(dest, error)) from None
    try:
        staging.chmod(0o755)
        for name in files:
            (staging / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(work / name, staging / name)
        (staging / STAMP_NAME).write_text(json.dumps(stamp, indent=2) + "\n", encoding="utf-8")
        _replace(staging, dest)
    except OSError as error:
        shutil.rmtree(staging, ignore_errors=True)
        raise BuildError(_unwritable(dest, error)) from None


def _replace(staging: Path, dest: Path) -> None:
    if not dest.exists():
        staging.rename(dest)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{dest.name}-old-", dir=dest.parent))
    dest.rename(old / dest.name)
    staging.rename(dest)
    shutil.rmtree(old, ignore_errors=True)


def _unwritable(dest: Path, error: OSError) -> str:
    return (
        f"cannot write the build to {dest}: {error.strerror or error} (use a venv, or set "
        f"{DIR_VARIABLE} to a writable directory)"
    )


# --- checking a build ------------------------------------------------------------------------


def check(dest: Path | None = None) -> str | None:
    """None when ``dest`` (default :func:`default_dir`) holds a build of the current sources
    for this Python; else why not, in one line that says what to do."""
    dest = default_dir() if dest is None else dest
    stamp = _read_stamp(dest)
    return stamp if isinstance(stamp, str) else _first_problem(stamp, dest)


def _read_stamp(dest: Path) -> dict[str, Any] | str:
    """The stamp, or why there is none to use."""
    path = dest / STAMP_NAME
    try:
        stamp = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return f"no compiled build in {dest}: {REBUILD} (it needs a C compiler)"
    except (OSError, ValueError) as error:
        return f"the compiled build's {path} cannot be read ({error}): {REBUILD}"
    if not isinstance(stamp, dict) or stamp.get("format") != STAMP_FORMAT:
        return f"the compiled build's {path} is of another format: {REBUILD}"
    return stamp


def _first_problem(stamp: Mapping[str, Any], dest: Path) -> str | None:
    try:
        return next(_stale(stamp, dest), None)
    except (KeyError, TypeError, AttributeError) as error:
        return f"the compiled build's {dest / STAMP_NAME} is malformed ({error!r}): {REBUILD}"


def _stale(stamp: Mapping[str, Any], dest: Path) -> Iterator[str]:
    """Every reason the build cannot serve this process, first the most telling."""
    yield from _other_python(stamp)
    yield from _other_modules(stamp)
    yield from _changed_sources(stamp)
    yield from _missing_files(stamp, dest)
    yield from _strays()


def _other_python(stamp: Mapping[str, Any]) -> Iterator[str]:
    here = _this_python()
    for key in ("cache_tag", "ext_suffix", "platform"):
        if stamp.get(key) != here[key]:
            yield (
                f"the compiled build is for {stamp.get('cache_tag')} {stamp.get('platform')} "
                f"({stamp.get('ext_suffix')}), this is {here['cache_tag']} {here['platform']} "
                f"({here['ext_suffix']}): {REBUILD}"
            )
            return


def _other_modules(stamp: Mapping[str, Any]) -> Iterator[str]:
    built = tuple(stamp.get("modules", {}))
    if sorted(built) != sorted(COMPILED_MODULES):
        yield (
            f"the compiled build holds {', '.join(built) or 'no modules'}, but "
            f"companion/compiled.py lists {', '.join(COMPILED_MODULES)}: {REBUILD}"
        )


def _changed_sources(stamp: Mapping[str, Any]) -> Iterator[str]:
    root = package_dir().parent
    for entry in stamp["modules"].values():
        yield from _changed(root, entry["source"], entry["sha256"], "")
    for source, digest in stamp.get("imports", {}).items():
        yield from _changed(root, source, digest, " (imported by the compiled modules)")


def _changed(root: Path, source: str, digest: str, role: str) -> Iterator[str]:
    path = root / source
    if not path.is_file():
        yield f"{source}{role} is gone since the compiled build: {REBUILD}"
    elif _sha256(path) != digest:
        yield f"{source}{role} changed since the compiled build: {REBUILD}"


def _missing_files(stamp: Mapping[str, Any], dest: Path) -> Iterator[str]:
    for name, path in _served(stamp, dest).items():
        if not path.is_file():
            yield f"the compiled build in {dest} lacks {path.name} ({name}): {REBUILD}"


def _strays() -> Iterator[str]:
    """Extensions built in place beside the sources: Python would load them instead of the
    ``.py`` files, unchecked (``mypyc`` run by hand in the checkout leaves them)."""
    package = package_dir()
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        for path in sorted(package.rglob(f"*{suffix}")):
            yield (
                f"{_relative(path, package.parent)} sits beside the sources and shadows "
                "them with an unchecked compiled copy: delete it"
            )
            return


def _served(stamp: Mapping[str, Any], dest: Path) -> dict[str, Path]:
    """Module name -> extension file, for the modules and the group's runtime library."""
    served = {name: dest / entry["file"] for name, entry in stamp["modules"].items()}
    runtime = stamp.get("runtime")
    if runtime:
        served[runtime["name"]] = dest / runtime["file"]
    return served


# --- loading ---------------------------------------------------------------------------------


class _CompiledFinder(importlib.abc.MetaPathFinder):
    """Serves the compiled modules (and their group's runtime) from one checked build;
    every other name is left to the usual finders."""

    def __init__(self, files: Mapping[str, Path], status: Status) -> None:
        self.files = dict(files)
        self.status = status

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


def enable(dest: Path | None = None) -> Status:
    """Serve :data:`COMPILED_MODULES` from the build in ``dest`` (default
    :func:`default_dir`), all or nothing: only when :func:`check` finds it fresh and none of
    them is imported yet. Otherwise nothing is installed and the Status says why. A second
    call returns the first one's Status and installs nothing more."""
    dest = default_dir() if dest is None else dest
    finder = _installed()
    if finder is not None:
        return finder.status
    stamp = _read_stamp(dest)
    if isinstance(stamp, str):
        return Status(dest, reason=stamp)
    reason = _first_problem(stamp, dest) or next(_imported_already(), None)
    if reason is not None:
        return Status(dest, reason=reason)
    finder = _CompiledFinder(_served(stamp, dest), Status(dest, enabled=COMPILED_MODULES))
    sys.meta_path.insert(0, finder)
    return finder.status


def _installed() -> _CompiledFinder | None:
    return next((f for f in sys.meta_path if isinstance(f, _CompiledFinder)), None)


def _imported_already() -> Iterator[str]:
    for name in COMPILED_MODULES:
        if name in sys.modules:
            yield (
                f"{name} was already imported (as Python source) before the compiled modules "
                "were enabled: enable them first"
            )


def is_compiled(name: str) -> bool:
    """Whether the imported module ``name`` runs as a compiled extension."""
    file = getattr(sys.modules.get(name), "__file__", None) or ""
    return file.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def status(dest: Path | None = None) -> str:
    """One sentence for reports: is a fresh build there, and is it in use here?"""
    dest = default_dir() if dest is None else dest
    finder = _installed()
    if finder is not None:
        return f"compiled rules in use in this process: {finder.status.describe()}"
    stamp = _read_stamp(dest)
    reason = stamp if isinstance(stamp, str) else _first_problem(stamp, dest)
    if reason is not None or isinstance(stamp, str):
        return f"compiled rules not usable: {reason}"
    return (
        f"compiled rules up to date in {dest}: {len(stamp['modules'])} modules, built "
        f"{stamp['built']} in {stamp['seconds']} s with mypy {stamp['mypy']} for "
        f"{stamp['cache_tag']} ({', '.join(stamp['modules'])})"
    )


# --- the command -----------------------------------------------------------------------------


def compile_command(
    args: argparse.Namespace, *, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    """``companion compile [--check] [--if-stale] [--optional]`` (arguments in
    :mod:`companion.cli`, so that ``companion`` starts without importing this module): 0 when
    built (or fresh), 1 for ``--check`` of a missing or stale build; a failed build raises
    BuildError (exit 2) unless ``--optional``."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    dest = default_dir()
    stale = check(dest)
    if args.check:
        print(status(dest), file=out)
        return 0 if stale is None else 1
    if args.if_stale and stale is None:
        print(f"companion compile: the compiled rules in {dest} are up to date", file=out)
        return 0
    why = f" ({stale.partition(': ' + REBUILD)[0]})" if args.if_stale and stale else ""
    try:
        preflight()
        print(f"companion compile: building{why}, about two minutes ...", file=err, flush=True)
        report = build(dest)
    except BuildError as error:
        if not args.optional:
            raise
        print(f"companion compile: not built: {error.reason}; {PURE}", file=err)
        return 0
    print(report.describe(), file=out)
    return 0


__all__ = [
    "COMPILED_MODULES",
    "BuildError",
    "BuildReport",
    "Status",
    "build",
    "check",
    "compile_command",
    "default_dir",
    "enable",
    "is_compiled",
    "preflight",
    "status",
]
