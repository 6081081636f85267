"""The optional compiled build: the hottest modules compiled to C extensions with mypyc.

grapeshot is pure Python and needs nothing else.  For long studies, ``scripts/compile.sh``
compiles the modules below (typed strictly already, so mypyc takes them as they are) into
extension modules beside their sources, where Python imports them in preference to the
``.py``; ``scripts/compile.sh --clean`` removes them again.  The compiled modules compute the
same floating-point operations in the same order, so games and their event logs are identical
to the pure build's (a test plays the same games both ways and compares the logs).

A compiled module older than its source would run old code, silently: :func:`check_fresh`
(called when the package is imported) refuses to go on and says how to rebuild or clean.

``main(["build" | "clean" | "status"])`` is what ``scripts/compile.sh`` runs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

#: a module worth compiling says so in a line of its own near its top (the geometry of swept
#: moves, a rule set's heuristic player that scores poses): the build names no module itself
MARKER = "# grapeshot: compile with mypyc"

SRC = Path(__file__).resolve().parent.parent  # the directory that holds the package

#: the modules compiled by the last build (what the freshness check at import reads)
BUILT_LIST = "grapeshot/.mypyc-modules"


#: the names of the shared runtime libraries mypyc put beside the package in the last build (the
#: only top-level files a clean removes: other packages installed there may have their own)
RUNTIME_LIST = "grapeshot/.mypyc-runtime"


def extensions(src: Path = SRC) -> list[Path]:
    """The compiled extension modules present under ``src``: the modules' own, and mypyc's shared runtime."""
    listed = src / RUNTIME_LIST  # the build's own list, beside the package: not outside input
    found = [src / name for name in listed.read_text().split()] if listed.exists() else []
    found = [p for p in found if p.exists()]
    found.extend(ext for _, _, ext in _built(src))
    return sorted(found)


def marked(src: Path = SRC) -> tuple[str, ...]:
    """The modules that carry :data:`MARKER` in their first lines, as paths under ``src``."""
    found = []
    for path in sorted((src / "grapeshot").rglob("*.py")):
        with path.open(encoding="utf-8") as f:  # the package's own sources: not outside input
            head = [next(f, "") for _ in range(30)]
        if any(line.strip() == MARKER for line in head):
            found.append(path.relative_to(src).as_posix())
    return tuple(found)


def _built(src: Path) -> Iterator[tuple[str, Path, Path]]:
    """Each compiled module present: its path under ``src``, its source, its extension."""
    listed = src / BUILT_LIST  # the build's own list: not outside input
    for module in listed.read_text().split() if listed.exists() else ():
        source = src / module
        for ext in source.parent.glob(source.stem + ".*.so"):
            yield module, source, ext


def stale(src: Path = SRC) -> list[str]:
    """The compiled modules whose source has changed since they were built."""
    return [module for module, source, ext in _built(src) if source.exists() and source.stat().st_mtime > ext.stat().st_mtime]


#: set while rebuilding or cleaning, when stale modules are expected (and about to go)
REBUILDING = "GRAPESHOT_REBUILDING"


def check_fresh(src: Path = SRC) -> None:
    """Refuse to run a compiled module built from an older source than the one beside it."""
    if os.environ.get(REBUILDING):
        return
    old = stale(src)
    if old:
        raise ImportError(
            f"grapeshot: compiled modules older than their sources: {', '.join(old)}; "
            "rebuild them with scripts/compile.sh or remove them with scripts/compile.sh --clean"
        )


def build(src: Path = SRC) -> None:
    """Compile the :func:`marked` modules in place with mypyc (needs mypy and a C compiler)."""
    clean(src)
    modules = marked(src)
    if not modules:
        raise RuntimeError(f"no module is marked for compiling ({MARKER!r})")
    (src / BUILT_LIST).write_text("\n".join(modules) + "\n")
    before = set(src.glob("*__mypyc.*.so"))
    subprocess.run([sys.executable, "-m", "mypyc", *modules], cwd=src, check=True)
    shutil.rmtree(src / "build", ignore_errors=True)  # mypyc's C sources and objects: the extensions are in place
    runtime = sorted(p.name for p in set(src.glob("*__mypyc.*.so")) - before)
    (src / RUNTIME_LIST).write_text("\n".join(runtime) + "\n")
    missing = set(modules) - {module for module, _, _ in _built(src)}
    if missing:
        raise RuntimeError(f"mypyc built no extension for {', '.join(sorted(missing))}")


def clean(src: Path = SRC) -> None:
    """Remove the compiled extensions (and mypyc's build directory), back to pure Python."""
    for ext in extensions(src):
        ext.unlink()
    (src / RUNTIME_LIST).unlink(missing_ok=True)
    (src / BUILT_LIST).unlink(missing_ok=True)
    shutil.rmtree(src / "build", ignore_errors=True)


def copy_sources(to: Path, src: Path = SRC) -> Path:
    """A pure-Python copy of the package (no compiled modules, no caches) under ``to``; returns ``to``.

    With ``PYTHONPATH`` set to it, a process runs the pure build whatever is compiled here:
    the benchmarks count calls there, and the tests compare the two builds.
    """
    shutil.copytree(src / "grapeshot", to / "grapeshot", ignore=shutil.ignore_patterns("*.so", ".mypyc-runtime", ".mypyc-modules", "__pycache__"))
    return to


def status(src: Path = SRC) -> str:
    """Which build is in use: pure Python, or compiled (and whether it is fresh)."""
    exts = extensions(src)
    if not exts:
        return "pure Python"
    old = stale(src)
    return f"compiled ({len(exts)} extension files{'; STALE: ' + ', '.join(old) if old else ''})"


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "status"
    if command == "build":
        build()
    elif command == "clean":
        clean()
    elif command != "status":
        print(f"unknown command {command!r}; use build, clean or status", file=sys.stderr)
        return 2
    print(status())
    return 0
