"""A new rule set's package in the standard layout, written from the templates beside this module
(``grapeshot new-ruleset NAME``).

The templates (``templates/``, package data) are the files of a small working rule set: one ship
type that steers and sails with the core's geometry, one scenario, the ``setup`` event first in
its flow, the generic random player as its seats' default, its own rule book with a coverage
test, grapeshot's conformance suite run from its tests, plain shapes for the web table, and the
entry point and package data in its ``pyproject.toml``.  A template's path and text name the new
rule set by placeholders (``_name_`` in a path; ``$name``, ``$title``, ``$Class`` and ``$prefix``
in a text, :class:`string.Template`'s), and each file's ``.tmpl`` ending is dropped, so no
template is mistaken for the project's own code.

Everything is checked before anything is written (:func:`problem`), and the files are written
into a temporary folder beside the target, renamed into place once all are there: a refusal or
a failure leaves nothing behind.
"""

from __future__ import annotations

import importlib.util
import keyword
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from string import Template

from grapeshot.core.ruleset import all_rulesets

#: a rule set's name, which is its package's and its entry point's: a lower-case Python identifier
NAME = re.compile(r"[a-z][a-z0-9_]{1,39}")
TEMPLATE_ENDING = ".tmpl"


def words(name: str) -> dict[str, str]:
    """What the placeholders stand for: the name, a title, a class name and a rule-ID prefix (two
    capital letters, as the rule registry's IDs have: the name's first two letters)."""
    parts = [p for p in name.split("_") if p]
    letters = re.sub(r"[^a-z]", "", name).upper()
    return {
        "name": name,
        "title": " ".join(p.capitalize() for p in parts),
        "Class": "".join(p.capitalize() for p in parts),
        "prefix": (letters + "XX")[:2],
    }


def problem(name: str, into: Path) -> str | None:
    """Why the package ``name`` cannot be made in the folder ``into`` (one line), or ``None``."""
    if not NAME.fullmatch(name) or keyword.iskeyword(name):
        return f"{name!r} is not a rule set's name: 2 to 40 lower-case letters, digits and underscores, starting with a letter (it names the package)"
    taken = {r.name for r in all_rulesets()} | {a.lower() for r in all_rulesets() for a in r.aliases}
    if name in taken:
        return f"{name!r} is the name of an installed rule set; choose another"
    if importlib.util.find_spec(name) is not None:
        return f"{name!r} is already the name of an importable module; choose another (the package would hide it or be hidden)"
    target = into / name
    if target.exists() or target.is_symlink():
        return f"{target} already exists; choose another name or --into folder"
    return None


def _files(folder: Traversable, at: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Traversable]]:
    for item in sorted(folder.iterdir(), key=lambda t: t.name):
        if item.is_dir():
            if item.name != "__pycache__":
                yield from _files(item, (*at, item.name))
        elif item.name.endswith(TEMPLATE_ENDING):
            yield (*at, item.name[: -len(TEMPLATE_ENDING)]), item


def templates() -> Traversable:
    return resources.files("grapeshot.scaffold").joinpath("templates")


def render(name: str) -> dict[Path, str]:
    """Every file of the new package, by its path inside the package's folder, with its text."""
    values = words(name)
    return {Path(*(name if p == "_name_" else p for p in at)): Template(t.read_text(encoding="utf-8")).substitute(values) for at, t in _files(templates())}


def make(name: str, into: Path) -> Path:
    """Write the package ``into/name`` (``into`` made if it is not there) and answer its folder;
    ``ValueError`` (one line) where :func:`problem` refuses, ``OSError`` where the files cannot be
    written (nothing is left of them).  The command line checks ``into`` by the rule for every
    folder a command writes into (:func:`grapeshot.cli.common.out_folder`) first."""
    why = problem(name, into)
    if why is not None:
        raise ValueError(why)
    files = render(name)
    into.mkdir(parents=True, exist_ok=True)
    part = Path(tempfile.mkdtemp(prefix=f".{name}.", suffix=".part", dir=into))
    try:
        for rel, text in files.items():
            path = part / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        os.chmod(part, 0o777 & ~_umask())
        part.rename(into / name)
    except OSError:
        shutil.rmtree(part, ignore_errors=True)
        raise
    return into / name


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
