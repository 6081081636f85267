"""Scenarios: the table, its terrain, the seats and their fleets, and rule options.

The format is YAML, documented in ``docs/scenarios.md``.  Loading is all or
nothing: every field is checked first and a malformed file raises
:class:`~grapeshot.core.errors.ScenarioError` naming the file, the field and
what was expected.  The fleets' ruleset-specific fields (a klan, say) are
checked by the ruleset with the same :class:`Fields` reader.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from grapeshot.core.errors import ScenarioError
from grapeshot.core.module import all_modules
from grapeshot.core.names import name_problem, refusal
from grapeshot.core.ruleset import all_rulesets, get
from grapeshot.core.untrusted import inside, loads_yaml, read_yaml
from grapeshot.geometry import Polygon, Table, Vec

SCENARIO_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
MAX_SEATS = 12  # far more players than sit at one table; bounds what a scenario makes a server keep
#: the fields every piece of terrain may have; a rule set's terrain kinds add their own
TERRAIN_FIELDS = ("kind", "name", "polygon", "circle", "point")


def within(what: str, lo: float | None, hi: float | None) -> str:
    """``what`` with the bounds it must keep, in words ("a whole number between 1 and 12"); only
    the bounds there are (never "between None and None")."""
    if lo is not None and hi is not None:
        return f"{what} between {lo} and {hi}"
    if lo is not None:
        return f"{what} of at least {lo}"
    if hi is not None:
        return f"{what} of at most {hi}"
    return what


def _text_words(v: object) -> str:
    """What a text field expects, said so that a number or a flag given for it is understood."""
    if isinstance(v, bool | int | float):
        return f"text ({v!r} is read as {'true or false' if isinstance(v, bool) else 'a number'}: quote it to make it text)"
    return "text" if v != "" else "text (not empty)"


class Fields:
    """Typed reads of nested YAML data that fail with the field's path."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, path: str, expected: str, got: object = None) -> ScenarioError:
        return ScenarioError(self.source, path, expected, got)

    def mapping(self, v: object, path: str, allowed: Sequence[str] | None = None) -> Mapping[str, Any]:
        """A mapping; with ``allowed``, any other key is an error (a misspelt field must not pass silently)."""
        if not isinstance(v, Mapping):
            raise self.fail(path, "a mapping of fields", v)
        if allowed is not None:
            unknown = sorted(str(k) for k in v if k not in allowed)
            if unknown:
                where = f"{path}.{unknown[0]}" if path and path != "(top level)" else unknown[0]
                raise self.fail(where, f"one of the fields {sorted(allowed)}", unknown[0])
        return v

    def seq(self, v: object, path: str, min_len: int = 0) -> Sequence[Any]:
        if not isinstance(v, list) or len(v) < min_len:
            raise self.fail(path, f"a list of at least {min_len} item(s)", v)
        return v

    def get(self, m: Mapping[str, Any], key: str, path: str) -> Any:
        if key not in m:
            raise self.fail(f"{path}.{key}" if path else key, "a value (the field is required)")
        return m[key]

    def number(
        self,
        m: Mapping[str, Any],
        key: str,
        path: str,
        *,
        default: float | None = None,
        lo: float | None = None,
        hi: float | None = None,
        what: str = "a number",
    ) -> float:
        if key not in m and default is not None:
            return default
        v = self.get(m, key, path)
        where = f"{path}.{key}" if path else key
        if isinstance(v, bool) or not isinstance(v, (int, float)) or v != v or (lo is not None and v < lo) or (hi is not None and v > hi):
            raise self.fail(where, within(what, lo, hi), v)
        return float(v)

    def integer(self, m: Mapping[str, Any], key: str, path: str, *, default: int | None = None, lo: int | None = None, hi: int | None = None) -> int:
        if key not in m and default is not None:
            return default
        v = self.get(m, key, path)
        where = f"{path}.{key}" if path else key
        if isinstance(v, bool) or not isinstance(v, int) or (lo is not None and v < lo) or (hi is not None and v > hi):
            raise self.fail(where, within("a whole number", lo, hi), v)
        return v

    def text(self, m: Mapping[str, Any], key: str, path: str, *, default: str | None = None, choices: Sequence[str] | None = None) -> str:
        if key not in m and default is not None:
            return default
        v = self.get(m, key, path)
        where = f"{path}.{key}" if path else key
        if choices is not None and v not in choices:
            raise self.fail(where, f"one of {list(choices)}", v)
        if not isinstance(v, str) or not v:
            raise self.fail(where, _text_words(v), v)
        return v

    def name(self, m: Mapping[str, Any], key: str, path: str, *, default: str | None = None) -> str:
        """A name a person gave (a scenario's, a seat's, a ship's): :func:`grapeshot.core.names.name_problem`'s rule."""
        if key not in m and default is not None:
            return default
        v = self.get(m, key, path)
        problem = name_problem(v)
        if problem is not None:
            raise self.fail(f"{path}.{key}" if path else key, refusal(problem), v)
        assert isinstance(v, str)
        return v

    def boolean(self, m: Mapping[str, Any], key: str, path: str, *, default: bool) -> bool:
        if key not in m:
            return default
        v = m[key]
        if not isinstance(v, bool):
            raise self.fail(f"{path}.{key}", "true or false", v)
        return v

    def point(self, v: object, path: str) -> Vec:
        if not isinstance(v, list) or len(v) != 2 or not all(isinstance(c, (int, float)) and not isinstance(c, bool) for c in v):
            raise self.fail(path, "a point [x, y] in inches", v)
        return Vec(float(v[0]), float(v[1]))

    def polygon(self, v: object, path: str) -> Polygon:
        pts = [self.point(p, f"{path}[{i}]") for i, p in enumerate(self.seq(v, path, 3))]
        try:
            poly = Polygon(pts)
        except ValueError as err:
            raise self.fail(path, f"a polygon ({err})", v) from None
        if abs(poly.area) < 1e-6:
            raise self.fail(path, "a polygon with a non-zero area", v)
        return poly


@dataclass(frozen=True)
class Terrain:
    """A piece of terrain: an obstacle (island, dock) or a place (harbour water, landing pad)."""

    kind: str
    name: str
    shape: Polygon | None
    point: Vec | None
    props: Mapping[str, Any] = field(default_factory=dict)
    #: whether ships run into it (from the rule set's terrain kind)
    obstacle: bool = False

    @property
    def is_obstacle(self) -> bool:
        return self.obstacle


@dataclass(frozen=True)
class SeatSpec:
    """A place at the table: an id, a display name, and who sits there by default."""

    id: str
    name: str
    player: str


@dataclass(frozen=True)
class Scenario:
    """A validated scenario.  ``fleets`` and ``options`` are checked by the ruleset at setup."""

    name: str
    title: str
    description: str
    ruleset: str
    modules: tuple[str, ...]
    table: Table
    terrain: tuple[Terrain, ...]
    seats: tuple[SeatSpec, ...]
    fleets: tuple[Mapping[str, Any], ...]
    options: Mapping[str, Any]
    raw: Mapping[str, Any]
    source: str
    #: the files read in place of the fields that named them when the scenario was read from a
    #: local file (``{"fleets[0].fleet": "/path/mine.yaml"}``), so that a problem found in one
    #: later names its file; the data itself is in ``raw`` (:func:`read_scenario_file`)
    origins: Mapping[str, str] = field(default_factory=dict)

    @property
    def reader(self) -> Fields:
        return Fields(self.source)

    def terrain_of(self, kind: str) -> list[Terrain]:
        return [t for t in self.terrain if t.kind == kind]


def parse_scenario(data: object, source: str, origins: Mapping[str, str] | None = None) -> Scenario:
    """Check and build a scenario from parsed YAML/JSON data (``origins``: see :attr:`Scenario.origins`).
    The data names no file that is read: a rule set reads only what it holds (a built-in fleet by name)."""
    f = Fields(source)
    top = f.mapping(data, "(top level)", ("name", "title", "description", "ruleset", "modules", "table", "terrain", "seats", "fleets", "options"))
    name = f.name(top, "name", "")
    ruleset = f.text(top, "ruleset", "")
    try:
        kinds = {k.name: k for k in get(ruleset).terrain_kinds()}
    except ValueError:
        raise f.fail("ruleset", f"an installed rule set ({', '.join(sorted(r.name for r in all_rulesets()))})", ruleset) from None
    modules = f.seq(top.get("modules", []), "modules")
    if not all(isinstance(m, str) for m in modules) or len(set(modules)) != len(modules):
        raise f.fail("modules", "a list of rule module names, each once", modules)
    installed = sorted(m.name for m in all_modules())
    for i, m in enumerate(modules):
        if m not in installed:  # a module no game could play must not be listed as one the scenario has
            raise f.fail(f"modules[{i}]", f"an installed rule module ({', '.join(installed) or 'none'})", m)
    tbl = f.mapping(f.get(top, "table", ""), "table", ("width", "height"))
    table = Table(
        f.number(tbl, "width", "table", lo=12, hi=600, what="a width in inches"), f.number(tbl, "height", "table", lo=12, hi=600, what="a height in inches")
    )
    terrain: list[Terrain] = []
    names: set[str] = set()
    for i, raw in enumerate(f.seq(top.get("terrain", []), "terrain")):
        path = f"terrain[{i}]"
        kind_name = f.text(f.mapping(raw, path), "kind", path, choices=list(kinds))
        spec = kinds[kind_name]
        t = f.mapping(raw, path, (*TERRAIN_FIELDS, *spec.fields))
        kind = spec.name
        shapes = [k for k in ("polygon", "circle", "point") if k in t]
        if len(shapes) > 1:
            raise f.fail(path, "one shape: a 'polygon', a 'circle' or a 'point'", shapes)
        tname = f.name(t, "name", path, default=f"{kind} {i + 1}")
        if tname in names:
            raise f.fail(f"{path}.name", "a name not used by other terrain", tname)
        names.add(tname)
        shape: Polygon | None = None
        point: Vec | None = None
        if "polygon" in t:
            shape = f.polygon(t["polygon"], f"{path}.polygon")
        elif "circle" in t:
            c = f.mapping(t["circle"], f"{path}.circle", ("center", "radius"))
            shape = Polygon.circle(
                f.point(f.get(c, "center", f"{path}.circle"), f"{path}.circle.center"), f.number(c, "radius", f"{path}.circle", lo=0.1, hi=200)
            )
        elif "point" in t:
            point = f.point(t["point"], f"{path}.point")
        else:
            raise f.fail(path, "a 'polygon', a 'circle' or a 'point'")
        if not shapes or shapes[0] not in spec.shapes:
            given = " or ".join(f"a '{k}'" for k in spec.shapes)
            raise f.fail(path, f"{'an' if kind[0] in 'aeiou' else 'a'} {kind.replace('_', ' ')} given as {given}", shapes[0] if shapes else None)
        if shape is not None and (shape.minx < 0 or shape.miny < 0 or shape.maxx > table.width or shape.maxy > table.height):
            raise f.fail(path, "terrain inside the table", [shape.minx, shape.miny, shape.maxx, shape.maxy])
        if point is not None and not table.holds_point(point):
            raise f.fail(f"{path}.point", "a point on the table", [point.x, point.y])
        props = {k: v for k, v in t.items() if k not in ("kind", "name", "polygon", "circle", "point")}
        terrain.append(Terrain(kind, tname, shape, point, props, spec.obstacle))
    seats: list[SeatSpec] = []
    listed = f.seq(f.get(top, "seats", ""), "seats", 1)
    if len(listed) > MAX_SEATS:
        raise f.fail("seats", f"at most {MAX_SEATS} seats", len(listed))
    player = get(ruleset).seat_player  # a seat naming no player gets the rule set's own default
    for i, raw in enumerate(listed):
        path = f"seats[{i}]"
        s = f.mapping(raw, path, ("id", "name", "player"))
        sid = f.name(s, "id", path)
        if any(x.id == sid for x in seats):
            raise f.fail(f"{path}.id", "a seat id used once", sid)
        seats.append(SeatSpec(sid, f.name(s, "name", path, default=sid), f.text(s, "player", path, default=player)))
    fleets = tuple(f.mapping(x, f"fleets[{i}]") for i, x in enumerate(f.seq(f.get(top, "fleets", ""), "fleets", 1)))
    seat_ids = {s.id for s in seats}
    for i, fl in enumerate(fleets):
        seat = f.text(fl, "seat", f"fleets[{i}]")
        if seat not in seat_ids:
            raise f.fail(f"fleets[{i}].seat", f"one of the seats {sorted(seat_ids)}", seat)
    options = f.mapping(top.get("options", {}), "options")
    return Scenario(
        name=name,
        title=f.name(top, "title", "", default=name),
        description=str(top.get("description", "")),
        ruleset=ruleset,
        modules=tuple(modules),
        table=table,
        terrain=tuple(terrain),
        seats=tuple(seats),
        fleets=fleets,
        options=dict(options),
        raw=top,
        source=source,
        origins=dict(origins or {}),
    )


def load_scenario(ref: str, ruleset: str | None = None) -> Scenario:
    """Load a scenario by file path or by the name of a built-in one of ``ruleset`` (``duel``, ``brawl``).

    For the command line, whose user names files on their own machine; the web table takes a
    scenario by name only from its :class:`Catalogue`, never a path."""
    path = Path(ref)
    if path.suffix in (".yaml", ".yml", ".json") or path.exists():
        return read_scenario_file(path)
    names = builtin_scenarios(ruleset) if ruleset else []
    if ref in names:
        assert ruleset is not None
        return _load_builtin(ruleset, ref)
    what = f"a built-in scenario of {ruleset} ({', '.join(names)})" if ruleset else "a scenario file (no rule set named to look up a built-in one)"
    raise ScenarioError(ref, "(scenario)", f"a scenario file or {what}" if ruleset else what, ref)


def parse_text(text: str, source: str) -> Scenario:
    """A scenario from YAML text, read within the limits of :mod:`grapeshot.core.untrusted`
    (no anchors or aliases, bounded size and nesting, plain data only).  Text has no folder, so
    it may name no file (an uploaded scenario never reads one of the server's)."""
    return parse_scenario(loads_yaml(text, source), source)


def read_scenario_file(path: Path, folder: Path | None = None) -> Scenario:
    """A scenario from a local file, with each file it names (a fleet file) read in its place.

    The files named are looked for in ``folder`` (by default the scenario file's own) and under
    it only: an absolute path, a ``..`` leading out or a link whose target is outside is refused
    (:func:`grapeshot.core.untrusted.inside`), and each is read within the same limits as the
    scenario.  They are read now, once, into the scenario's data, so the scenario a game keeps
    (in a save, in a server's store) holds everything it needs and never reads a file later."""
    source = str(path)
    return _local(read_yaml(path, source), source, folder if folder is not None else path.resolve().parent)


def _local(data: object, source: str, folder: Path) -> Scenario:
    """The scenario of a local file's data, with the files it names read in place from ``folder``."""
    sc = parse_scenario(data, source)
    origins: dict[str, str] = {}

    def read(ref: str, where: str) -> Any:
        target = inside(folder, ref)
        if target is None:
            raise ScenarioError(source, where, f"a file in the scenario's folder {folder.resolve()} (a path relative to it that stays inside it)", ref)
        origins[where] = str(target)
        return read_yaml(target, f"{source}: {where} ({ref})")

    embedded = get(sc.ruleset).embed_files(sc.raw, read)
    return parse_scenario(embedded, source, origins) if origins else sc


def _load_builtin(ruleset: str, name: str) -> Scenario:
    folder = _folder(ruleset)
    assert folder is not None
    # the package's own file, not outside input; read as plain data by the same reader all the same
    return parse_text(folder.joinpath(f"{name}.yaml").read_text(encoding="utf-8"), f"{get(ruleset).name}:{name}")


class Catalogue:
    """The scenarios a server offers by name: the built-in ones, and those of a folder its
    operator named at start-up.  Everything is read and checked once, when the catalogue is
    made, so a request can only ever pick one of these by name: no request reaches the disk.

    In the folder, a YAML file whose top level has a ``ruleset`` is a scenario, offered by its
    file name, and must be a good one: a bad one stops the start, naming its problem, as does a
    YAML file that cannot be read as data at all (what it was meant to be cannot be told).  Any
    other YAML file (a fleet file the scenarios name, notes) is no scenario: it is not offered,
    and those no scenario names either are listed in :attr:`skipped` for the start-up to report.
    A scenario's fleet files are read into it now (:func:`read_scenario_file`), so a stored game
    of it needs them no more."""

    def __init__(self, folder: Path | None = None) -> None:
        self.by_ruleset: dict[str, dict[str, Scenario]] = {}
        for rs in all_rulesets():
            self.by_ruleset[rs.name] = {name: _load_builtin(rs.name, name) for name in builtin_scenarios(rs.name)}
        self.folder = folder
        #: the folder's YAML files that are no scenario and that no scenario names, each with why
        self.skipped: list[tuple[Path, str]] = []
        if folder is None:
            return
        if not folder.is_dir():
            raise ScenarioError(str(folder), "(folder)", "a folder of scenario files")
        others: list[Path] = []
        named: set[str] = set()
        for path in sorted(folder.iterdir()):
            if path.suffix not in (".yaml", ".yml"):
                continue
            data = read_yaml(path)
            if not isinstance(data, Mapping) or "ruleset" not in data:
                others.append(path)
                continue
            name = path.stem
            if not SCENARIO_NAME.fullmatch(name):
                raise ScenarioError(str(path), "(file name)", "a scenario name of letters, digits, '-' and '_' (at most 64)", name)
            sc = _local(data, str(path), folder)
            named.update(sc.origins.values())
            try:
                ruleset = get(sc.ruleset).name
            except ValueError as err:
                raise ScenarioError(str(path), "ruleset", "a known ruleset", str(err)) from None
            if name in self.by_ruleset[ruleset]:
                raise ScenarioError(str(path), "(file name)", f"a name no other {ruleset} scenario has", name)
            self.by_ruleset[ruleset][name] = sc
        self.skipped = [(p, "not a scenario (no 'ruleset' at its top level), and no scenario here names it") for p in others if str(p.resolve()) not in named]

    def names(self, ruleset: str) -> list[str]:
        return sorted(self.by_ruleset.get(ruleset, {}))

    def get(self, name: str, ruleset: str) -> Scenario:
        """The scenario of that name for the ruleset; a :class:`ScenarioError` listing the names otherwise."""
        found = self.by_ruleset.get(ruleset, {}).get(name)
        if found is None:
            shown = name if SCENARIO_NAME.fullmatch(name) else name[:20] + ("..." if len(name) > 20 else "")
            raise ScenarioError("scenario", "(name)", f"one of the scenarios of this server ({', '.join(self.names(ruleset))})", shown)
        return found


def _folder(ruleset: str | None) -> Traversable | None:
    if ruleset is None:
        return None
    try:
        return get(ruleset).scenarios()
    except ValueError:
        return None


def builtin_scenarios(ruleset: str) -> list[str]:
    """The names of a rule set's built-in scenarios."""
    folder = _folder(ruleset)
    if folder is None or not folder.is_dir():
        return []
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".yaml"))


def modules_data(data: Mapping[str, Any], modules: Sequence[str]) -> dict[str, Any]:
    """A scenario's data with exactly these rule modules in play.  The options it sets for a
    module it no longer has go with the module (a Cunning Plan dealt means nothing without the
    module that deals them): the lobby's switches, the lab's arms and variants all switch modules so."""
    out = {k: v for k, v in data.items() if k != "modules"}
    if modules:
        out["modules"] = list(modules)
    gone = tuple(f"{m}." for m in data.get("modules", []) or [] if isinstance(m, str) and m not in modules)
    options = out.get("options")
    if gone and isinstance(options, Mapping):
        out["options"] = {k: v for k, v in options.items() if not str(k).startswith(gone)}
    return out


def with_modules(sc: Scenario, modules: Sequence[str]) -> Scenario:
    """The scenario with exactly these modules in play (see :func:`modules_data`)."""
    return parse_scenario(modules_data(sc.raw, modules), sc.source, sc.origins)


def default_scenario(ruleset: str, names: Sequence[str] | None = None) -> str:
    """The scenario played where none is named: the rule set's lab scenario, else its first by
    name, among ``names`` (a server's catalogue of it; by default its built-in ones); a clear
    error for a rule set that has none."""
    names = builtin_scenarios(ruleset) if names is None else sorted(names)
    lab = get(ruleset).lab()
    if lab is not None and lab.scenario in names:
        return lab.scenario
    if not names:
        raise ValueError(f"the rule set {ruleset!r} has no built-in scenarios: name a scenario file")
    return names[0]


def more_places(places: Sequence[Mapping[str, Any]], wanted: int) -> list[dict[str, Any]]:
    """A seat's places (mappings with ``x`` and ``y``, and whatever else each holds: a heading)
    extended to ``wanted`` for a fleet built with more ships than the scenario placed: each new one
    halfway between two neighbours along the line the places spread over, the widest gap first,
    with the heading of the one before.  Whether a ship fits there is for the game's set-up to
    say (it refuses one off the table or on another)."""
    out = [dict(p) for p in places]
    if not out:
        return out
    xs, ys = [float(p.get("x", 0)) for p in out], [float(p.get("y", 0)) for p in out]
    along = "x" if max(xs) - min(xs) > max(ys) - min(ys) else "y"
    while len(out) < wanted:
        line = sorted(out, key=lambda p: float(p.get(along, 0)))
        if len(line) == 1:
            line.append({**line[0], along: float(line[0].get(along, 0)) + 16})
        gaps = [(float(b.get(along, 0)) - float(a.get(along, 0)), i) for i, (a, b) in enumerate(itertools.pairwise(line))]
        _, i = max(gaps, key=lambda g: g[0])  # the first of equal gaps
        a, b = line[i], line[i + 1]
        out.append({**a, "x": round((float(a.get("x", 0)) + float(b.get("x", 0))) / 2, 3), "y": round((float(a.get("y", 0)) + float(b.get("y", 0))) / 2, 3)})
    return out
