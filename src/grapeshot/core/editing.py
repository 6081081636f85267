"""What a rule set's scenario holds, described as plain data for the scenario editor.

The web table's editor (``/editor``) draws terrain, seats and pieces without knowing any rule set:
it reads this description (``Ruleset.scenario_form``) and edits the scenario's own data by it.
The description says what terrain kinds there are and how each is drawn (a polygon, a circle, a
point), where in a seat's fleet entry the pieces that stand on the table are listed, what a new
one holds, how big each is, which fields the fleet entry itself has, and which options decide how
a game is won.  It describes; it never checks: what is legal is said by the code that loads a
scenario, which the editor asks (``POST /api/scenarios/check``).

:func:`default_form` derives a description from what a rule set already declares (its terrain
kinds, its built-in scenarios' fleets); a rule set with more to say builds on it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from grapeshot.core.untrusted import loads_yaml

if TYPE_CHECKING:
    from grapeshot.core.ruleset import Ruleset

#: a table's side, inches, as ``parse_scenario`` bounds it
TABLE_BOUNDS = (12.0, 600.0)
#: where no built-in scenario gives one, a 6' x 4' table
DEFAULT_TABLE = (72.0, 48.0)


@dataclass(frozen=True)
class FieldForm:
    """A field the editor offers a form input for: its name, its kind (``str``, ``int``, ``float``,
    ``bool``), the choices or bounds it keeps, its default (``None``: left out unless set)."""

    name: str
    kind: str = "str"
    choices: tuple[object, ...] | None = None
    bounds: tuple[float, float] | None = None
    default: object = None
    doc: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "choices": None if self.choices is None else list(self.choices),
            "bounds": None if self.bounds is None else list(self.bounds),
            "default": self.default,
            "doc": self.doc,
        }


@dataclass(frozen=True)
class PieceKind:
    """A kind of piece a seat may add to one of its piece lists: what a new one holds
    (``template``, without its position) and its size on the table for drawing: ``length`` by
    ``width`` inches, or, where ``per`` names a field (a ship's sections), ``length`` for each of
    them (``per_default`` where the piece leaves it out).  A piece's own ``length`` and ``width``
    fields, where it has them, are drawn instead."""

    name: str
    template: Mapping[str, Any]
    length: float
    width: float
    per: str | None = None
    per_default: int = 1
    doc: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "template": dict(self.template),
            "length": self.length,
            "width": self.width,
            "per": self.per,
            "per_default": self.per_default,
            "doc": self.doc,
        }


@dataclass(frozen=True)
class PieceList:
    """A list of a fleet entry whose items stand on the table (``x``, ``y``, ``heading``).

    ``kind_field`` names the item's field that says its kind (a ship's ``type``), if any.  A list
    that is ``fixed`` follows the fleet the entry names (one place for each of its ships, in its
    order): the editor adds and drops places with the fleet, never one by one."""

    key: str
    kinds: tuple[PieceKind, ...]
    kind_field: str | None = None
    fixed: bool = False
    title: str = ""
    #: how its items are drawn: ``hull`` (a box with a pointed bow at its heading), ``box``, or
    #: ``figure`` (a round base: a party of figures standing at a point)
    outline: str = "hull"
    #: where an item stands: ``pose`` (its ``x``, ``y`` and ``heading``) or ``point`` (its ``at``,
    #: ``[x, y]``, with no heading: figures ashore or in the water); an item without one is placed
    #: by the rule set and not drawn
    placed: str = "pose"

    def to_json(self) -> dict[str, Any]:
        return {
            "outline": self.outline,
            "placed": self.placed,
            "key": self.key,
            "kinds": [k.to_json() for k in self.kinds],
            "kind_field": self.kind_field,
            "fixed": self.fixed,
            "title": self.title or self.key,
        }


@dataclass(frozen=True)
class FleetChoice:
    """A fleet an entry may name (a built-in fleet): its name, title, and its ships in order, each
    with its name and size, so that the places of a fixed piece list are drawn to size."""

    name: str
    title: str
    ships: tuple[tuple[str, float, float], ...]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "title": self.title, "ships": [{"name": n, "length": ln, "width": w} for n, ln, w in self.ships]}


@dataclass(frozen=True)
class ScenarioForm:
    """The whole description (see the module's docstring); :meth:`to_json` is what the editor reads."""

    terrain: tuple[dict[str, Any], ...]
    pieces: tuple[PieceList, ...]
    fleet_fields: tuple[FieldForm, ...] = ()
    #: the field of a fleet entry that names its fleet, and the fleets it may name
    fleet_field: str | None = None
    fleets: tuple[FleetChoice, ...] = ()
    #: for a fleet given in place (a built one): the field of each of its ``ships`` that says its
    #: size, and each size's length and width, so its places are drawn to size
    ship_size_field: str | None = None
    ship_sizes: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    #: the options that decide how and when a game is won
    objectives: tuple[str, ...] = ()
    table: tuple[float, float] = DEFAULT_TABLE
    seats: tuple[int, int] = (1, 12)
    notes: tuple[str, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        return {
            "table": {"min": TABLE_BOUNDS[0], "max": TABLE_BOUNDS[1], "width": self.table[0], "height": self.table[1]},
            "seats": {"min": self.seats[0], "max": self.seats[1]},
            "terrain": list(self.terrain),
            "pieces": [p.to_json() for p in self.pieces],
            "fleet_fields": [f.to_json() for f in self.fleet_fields],
            "fleet_field": self.fleet_field,
            "fleets": [f.to_json() for f in self.fleets],
            "ship_sizes": None if self.ship_size_field is None else {"field": self.ship_size_field, "sizes": {k: list(v) for k, v in self.ship_sizes.items()}},
            "objectives": list(self.objectives),
            "notes": list(self.notes),
        }


def terrain_json(rs: Ruleset, fields: Mapping[str, Sequence[FieldForm]] | None = None) -> tuple[dict[str, Any], ...]:
    """The rule set's terrain kinds as the editor offers them, each field a :class:`FieldForm`
    (``fields``: the rule set's own forms by kind; a field without one is a text input)."""
    fields = fields or {}
    out = []
    for k in rs.terrain_kinds():
        given = {f.name: f for f in fields.get(k.name, ())}
        forms = [given.get(n, FieldForm(n)).to_json() for n in k.fields]
        out.append({"kind": k.name, "shapes": list(k.shapes), "obstacle": k.obstacle, "fields": forms, "doc": k.doc})
    return tuple(out)


def builtin_data(rs: Ruleset) -> list[Mapping[str, Any]]:
    """The data of the rule set's built-in scenarios (for the defaults derived from them)."""
    folder = rs.scenarios()
    if folder is None or not folder.is_dir():
        return []
    out = []
    for p in sorted(folder.iterdir(), key=lambda p: p.name):
        if p.name.endswith(".yaml"):
            data = loads_yaml(p.read_text(encoding="utf-8"), f"{rs.name}:{p.name[:-5]}")
            if isinstance(data, Mapping):
                out.append(data)
    return out


def first_table(rs: Ruleset) -> tuple[float, float]:
    """The table of the rule set's first built-in scenario, the size a new scenario starts at."""
    for data in builtin_data(rs):
        t = data.get("table")
        if isinstance(t, Mapping) and isinstance(t.get("width"), int | float) and isinstance(t.get("height"), int | float):
            return float(t["width"]), float(t["height"])
    return DEFAULT_TABLE


def default_form(rs: Ruleset) -> ScenarioForm:
    """A description from what the rule set declares: its terrain kinds, and for the pieces the
    lists of its built-in scenarios' fleet entries whose items stand on the table (each with an
    ``x`` and a ``y``), a new piece copied from the first one found there (its name left for the
    editor to give).  A rule set whose pieces need more (kinds, sizes) gives its own form."""
    lists: dict[str, PieceKind] = {}
    for data in builtin_data(rs):
        for entry in data.get("fleets") or []:
            if not isinstance(entry, Mapping):
                continue
            for key, items in entry.items():
                if key in lists or not isinstance(items, list) or not items:
                    continue
                first = items[0]
                if isinstance(first, Mapping) and "x" in first and "y" in first:
                    template = {k: v for k, v in first.items() if k not in ("name", "x", "y", "heading")}
                    length = first.get("length", 6)
                    width = first.get("width", 3)
                    lists[key] = PieceKind(
                        "piece", template, float(length) if isinstance(length, int | float) else 6.0, float(width) if isinstance(width, int | float) else 3.0
                    )
    pieces = tuple(PieceList(key, (kind,)) for key, kind in lists.items())
    objectives = tuple(o.name for o in rs.options if o.name == "turn_limit")
    return ScenarioForm(terrain=terrain_json(rs), pieces=pieces, objectives=objectives, table=first_table(rs))
