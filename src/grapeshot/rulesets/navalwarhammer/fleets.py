"""Fleet files: ships, their upgrades and their crews, checked against the rules.

A fleet is a YAML file (docs/navalwarhammer.md, "Fleet files"): its army, its points limit and
its ships; each ship a size (NW-SHIP-2), a way of moving, its upgrades (NW-UPG-*), its boats
(NW-LAUNCH-1), whether it is overcrowded (NW-CROWD-1), and its crew: choices of the army's list
with their models and options.  :func:`read_fleet` reads one and finds *everything* wrong with
it, each problem naming the rule it breaks (``grapeshot fleet check FILE``, which reads the file
through the one reader of files from outside, :mod:`grapeshot.core.untrusted`); a scenario's
fleets are read the same way when a game is set up, and refused at the first problem.

What is checked, and under which rule:

============  ===============================================================================
NW-SHIP-2     the ship's size and the fleet's points: hulls, upgrades, boats and crews together
NW-SHIP-3     the crew's places (capacity classes) against the ship's capacity and castles
NW-CROWD-1    an overcrowded ship: twice a normal ship's places of her size, her castles' once
              (option overcrowded_capacity: or twice her own)
NW-CREW-1     the minimum crew: enough places of models that may work the ship
NW-UPG-2      steam engines on medium and large ships (small ones and dinghies: Empire, Dwarfs,
              Skaven); half the minimum crew
NW-CREW-2     below decks: only on medium and large ships, only infantry
NW-SLOT-1     special and rare choices per ship size
NW-SLOT-2     war machines in the slots their army takes them in (the catalogue's)
NW-CANNON-2   a war machine's mount: bow, port, starboard or stern
NW-UPG-1..8   each upgrade's sizes, its most per ship and per fleet, the First Mate's terms
NW-LAUNCH-1   boats carried by medium and large ships only
NW-MOVE-5     a magic ship needs a wizard aboard to move it
NW-SHIP-4     one admiral, a character
============  ===============================================================================

Army-list problems (a choice the army does not have, a unit too small) name the army list.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from grapeshot.core.capabilities import Problem
from grapeshot.core.errors import SHOWN
from grapeshot.core.names import name_problem, refusal
from grapeshot.core.untrusted import loads_yaml
from grapeshot.rulesets.navalwarhammer.armies import ARMIES, Army, CatalogueError, Slot, UnitEntry
from grapeshot.rulesets.navalwarhammer.data import (
    BELOW_DECKS,
    CASTLE_CAPACITY,
    MAX_POINTS,
    MOUNTS,
    SIZES,
    SMALL_STEAM_ARMIES,
    UPGRADES,
    Propulsion,
    Size,
    capacity,
)
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import CAPACITY, Troop

FLEET_FIELDS = ("name", "army", "points", "ships", "description")
SHIP_FIELDS = ("name", "size", "propulsion", "upgrades", "overcrowded", "boats", "crew", "wizard", "lookout")
CREW_FIELDS = ("unit", "models", "champion", "musician", "standard", "first_mate", "level", "deck", "mount", "admiral")
#: NW-SLOT-1's two readings: per duplicate (the default) or in all
SLOT_LIMITS = ("duplicates", "total")
#: NW-LAUNCH-1: a boat is a dinghy carried aboard, at a dinghy's cost
BOAT_SIZE = Size.DINGHY


@dataclass(frozen=True)
class CrewSpec:
    """One choice of the army list aboard a ship, with its options and points."""

    entry: UnitEntry
    models: int
    champion: bool
    musician: bool
    standard: bool
    first_mate: bool
    level: int | None
    deck: str
    mount: str | None
    admiral: bool
    points: int

    @property
    def places(self) -> int:
        """NW-SHIP-3: the places these models take (war machines and their crews none; handlers
        one each, as infantry)."""
        handlers = self.entry.handlers.needed(self.models) if self.entry.handlers is not None else 0
        return self.models * self.entry.capacity + handlers * CAPACITY[Troop.INFANTRY]

    @property
    def working_places(self) -> int:
        """NW-CREW-1: the places of the models that may work a ship (handlers work; their beasts do not)."""
        own = self.models * self.entry.capacity if self.entry.can_work_ship and not self.entry.stupid else 0
        handlers = self.entry.handlers.needed(self.models) if self.entry.handlers is not None else 0
        return own + handlers


@dataclass(frozen=True)
class ShipSpec:
    name: str
    size: Size
    propulsion: Propulsion
    upgrades: Mapping[str, int]
    overcrowded: bool
    boats: int
    crew: tuple[CrewSpec, ...]
    wizard: str | None
    lookout: str | None
    points: int
    #: NW-CROWD-1's reading of an overcrowded ship's places (option overcrowded_capacity)
    crowding: str = "size"

    def has(self, upgrade: str) -> int:
        return self.upgrades.get(upgrade, 0)

    @property
    def capacity(self) -> int:
        """NW-SHIP-3, NW-UPG-6, NW-CROWD-1: the places aboard (:func:`.data.capacity`)."""
        return capacity(self.size, self.has("castle"), self.overcrowded, self.crowding)

    @property
    def minimum_crew(self) -> int:
        """The minimum crew (a stand-in, in places), halved (rounded up) with a steam engine (NW-UPG-2)."""
        need = SIZES[self.size].minimum_crew
        return -(-need // 2) if self.has("steam-engine") else need


@dataclass(frozen=True)
class FleetSpec:
    name: str
    army: str
    limit: int
    ships: tuple[ShipSpec, ...]

    @property
    def points(self) -> int:
        return sum(s.points for s in self.ships)


def _p(rule: str | None, where: str, message: str) -> Problem:
    return Problem(rule, where, message)


def _short(value: object) -> str:
    """A wrong value as a problem quotes it: enough to recognise it, never a whole file."""
    text = repr(value)
    return text if len(text) <= SHOWN else text[: SHOWN - 4] + " ..."


def read_fleet(
    data: object, source: str = "fleet", *, slot_limits: str = "duplicates", overcrowded_capacity: str = "size"
) -> tuple[FleetSpec | None, list[Problem]]:
    """A fleet from parsed YAML, and every problem with it (the spec is None when its shape is
    too broken to read on).  ``slot_limits`` and ``overcrowded_capacity`` are the game's options
    of those names (NW-SLOT-1, NW-CROWD-1); a fleet checked on its own takes their defaults."""
    problems: list[Problem] = []
    if not isinstance(data, Mapping):
        return None, [_p(None, "(top level)", f"a fleet is a mapping of fields {list(FLEET_FIELDS)}, got {type(data).__name__}")]
    for key in data:
        if key not in FLEET_FIELDS:
            problems.append(_p(None, str(key), f"unknown field; a fleet has {list(FLEET_FIELDS)}"))
    name = data.get("name")
    if (wrong := name_problem(name)) is not None or not isinstance(name, str):
        problems.append(_p(None, "name", f"a fleet needs {refusal(wrong or 'not text')}"))
        name = source
    army_key = data.get("army")
    army = ARMIES.get(army_key) if isinstance(army_key, str) else None
    if army is None:
        return None, [*problems, _p(None, "army", f"one of the armies {sorted(ARMIES)}, got {army_key!r}")]
    limit = data.get("points")
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= MAX_POINTS:
        problems.append(_p("NW-SHIP-2", "points", f"the points limit the fleet is built to, a whole number from 1 to {MAX_POINTS}, got {_short(limit)}"))
        limit = 0
    raw_ships = data.get("ships")
    if not isinstance(raw_ships, list) or not raw_ships:
        return None, [*problems, _p(None, "ships", "a list of at least one ship")]
    ships: list[ShipSpec] = []
    names: set[str] = set()
    for i, raw in enumerate(raw_ships):
        ship = _read_ship(raw, f"ships[{i}]", army, problems, slot_limits, overcrowded_capacity)
        if ship is None:
            continue
        if ship.name in names:
            problems.append(_p(None, f"ships[{i}].name", f"the name {ship.name!r} is used by another ship of the fleet"))
        names.add(ship.name)
        ships.append(ship)
    fleet = FleetSpec(name, army.key, limit, tuple(ships))
    _check_fleet(fleet, problems)
    return fleet, problems


def _flag(raw: Mapping[str, Any], key: str, where: str, problems: list[Problem]) -> bool:
    v = raw.get(key, False)
    if not isinstance(v, bool):
        problems.append(_p(None, f"{where}.{key}", f"true or false, got {v!r}"))
        return False
    return v


def _count(raw: Mapping[str, Any], key: str, where: str, problems: list[Problem], default: int = 0) -> int:
    v = raw.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        problems.append(_p(None, f"{where}.{key}", f"a whole number, 0 or more, got {v!r}"))
        return default
    return v


def _read_ship(raw: object, where: str, army: Army, problems: list[Problem], slot_limits: str, crowding: str = "size") -> ShipSpec | None:
    if not isinstance(raw, Mapping):
        problems.append(_p(None, where, "a ship is a mapping of fields"))
        return None
    for key in raw:
        if key not in SHIP_FIELDS:
            problems.append(_p(None, f"{where}.{key}", f"unknown field; a ship has {list(SHIP_FIELDS)}"))
    name = raw.get("name")
    if (wrong := name_problem(name)) is not None or not isinstance(name, str):
        problems.append(_p(None, f"{where}.name", f"a ship needs {refusal(wrong or 'not text')}"))
        name = where
    try:
        size = Size(raw.get("size"))
    except ValueError:
        problems.append(_p("NW-SHIP-2", f"{where}.size", f"a ship is a {', '.join(s.value for s in Size)}, got {raw.get('size')!r}"))
        return None
    spec = SIZES[size]
    upgrades = _read_upgrades(raw.get("upgrades", {}), f"{where}.upgrades", problems)
    try:
        propulsion = Propulsion(raw.get("propulsion", "sail"))
    except ValueError:
        problems.append(
            _p("NW-MOVE-1", f"{where}.propulsion", f"sail, oars or magic (steam comes with a steam engine, NW-UPG-2), got {raw.get('propulsion')!r}")
        )
        propulsion = Propulsion.SAIL
    if propulsion is Propulsion.STEAM:
        problems.append(
            _p("NW-UPG-2", f"{where}.propulsion", "a ship moves by steam when it buys a steam engine: give propulsion sail or oars and the upgrade")
        )
    propulsion_moved = Propulsion.STEAM if upgrades.get("steam-engine") else propulsion
    overcrowded = _flag(raw, "overcrowded", where, problems)
    boats = _count(raw, "boats", where, problems)
    crew: list[CrewSpec] = []
    for j, c in enumerate(raw.get("crew", []) if isinstance(raw.get("crew", []), list) else []):
        spec_c = _read_crew(c, f"{where}.crew[{j}]", army, size, problems)
        if spec_c is not None:
            crew.append(spec_c)
    if not isinstance(raw.get("crew", []), list) or not crew:
        problems.append(_p("NW-CREW-1", f"{where}.crew", "a ship needs a crew: a list of the army's choices"))
    wizard = raw.get("wizard")
    lookout = raw.get("lookout")
    for key, value in (("wizard", wizard), ("lookout", lookout)):
        if value is not None and (not isinstance(value, str) or all(c.entry.name != value for c in crew)):
            problems.append(_p(None, f"{where}.{key}", f"the name of a choice in the ship's crew, got {value!r}"))
    points = spec.points + sum((UPGRADES[k].cost[size] or 0) * n for k, n in upgrades.items() if k in UPGRADES)
    points += boats * SIZES[BOAT_SIZE].points + sum(c.points for c in crew)
    ship = ShipSpec(
        name,
        size,
        propulsion_moved,
        upgrades,
        overcrowded,
        boats,
        tuple(crew),
        wizard if isinstance(wizard, str) else None,
        lookout if isinstance(lookout, str) else None,
        points,
        crowding,
    )
    _check_ship(ship, where, army, problems, slot_limits, propulsion)
    return ship


def _read_upgrades(raw: object, where: str, problems: list[Problem]) -> dict[str, int]:
    """Upgrades as a list of keys (each once) or a mapping of key to how many."""
    out: dict[str, int] = {}
    items: list[tuple[object, object]]
    if isinstance(raw, list):
        items = list(Counter(str(k) for k in raw).items())
    elif isinstance(raw, Mapping):
        items = list(raw.items())
    else:
        problems.append(_p(None, where, "a list of upgrades, or a mapping of upgrade to how many"))
        return out
    for key, n in items:
        if key == "first-mate":
            problems.append(_p("NW-UPG-7", f"{where}.{key}", "a First Mate is a crew choice's option (first_mate: true), not a ship's upgrade"))
            continue
        if key not in UPGRADES:
            problems.append(_p(None, f"{where}.{key}", f"an upgrade: one of {sorted(UPGRADES)}"))
            continue
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            problems.append(_p(UPGRADES[str(key)].rule, f"{where}.{key}", f"how many: a whole number, 1 or more, got {n!r}"))
            continue
        out[str(key)] = n
    return out


def _read_crew(raw: object, where: str, army: Army, size: Size, problems: list[Problem]) -> CrewSpec | None:
    if not isinstance(raw, Mapping):
        problems.append(_p(None, where, "a crew choice is a mapping: unit, models and options"))
        return None
    for key in raw:
        if key not in CREW_FIELDS:
            problems.append(_p(None, f"{where}.{key}", f"unknown field; a crew choice has {list(CREW_FIELDS)}"))
    try:
        entry = army.unit(str(raw.get("unit")))
    except CatalogueError as e:
        problems.append(_p(None, f"{where}.unit", f"army list: {e}"))
        return None
    models = _count(raw, "models", where, problems, default=entry.size[0])
    flags = {k: _flag(raw, k, where, problems) for k in ("champion", "musician", "standard", "first_mate", "admiral")}
    level = raw.get("level")
    if level is not None and (not isinstance(level, int) or isinstance(level, bool)):
        problems.append(_p(None, f"{where}.level", f"a wizard level, a whole number, got {level!r}"))
        level = None
    deck = raw.get("deck", "upper")
    if deck not in ("upper", "lower"):
        problems.append(_p("NW-CREW-2", f"{where}.deck", f"upper or lower, got {deck!r}"))
        deck = "upper"
    elif deck == "lower" and not SIZES[size].lower_deck:
        problems.append(_p("NW-CREW-2", f"{where}.deck", f"a {size.value} ship has no lower deck (medium and large ships have one)"))
    elif deck == "lower" and entry.troop not in BELOW_DECKS:
        problems.append(_p("NW-CREW-2", f"{where}.deck", f"{entry.name} ({entry.troop.value}) cannot go below decks: only infantry"))
    mount = raw.get("mount")
    if entry.machine is not None:
        if mount not in MOUNTS:
            problems.append(_p("NW-CANNON-2", f"{where}.mount", f"a naval gun is fixed to the bow, port, starboard or stern, got {mount!r}"))
            mount = "bow"
    elif mount is not None:
        problems.append(_p("NW-CANNON-2", f"{where}.mount", f"only war machines are mounted; {entry.name} is not one"))
        mount = None
    try:
        points = entry.cost(
            models,
            champion=flags["champion"],
            musician=flags["musician"],
            standard=flags["standard"],
            first_mate=flags["first_mate"],
            level=level if level is not None else (entry.wizard[0] if entry.wizard else None),
        )
    except CatalogueError as e:
        rule = "NW-UPG-7" if "NW-UPG-7" in str(e) else None
        problems.append(_p(rule, where, f"army list: {e}" if rule is None else str(e)))
        return None
    if flags["admiral"] and not entry.is_character:
        problems.append(_p("NW-SHIP-4", f"{where}.admiral", f"the admiral is a character; {entry.name} is not one"))
    return CrewSpec(
        entry,
        models,
        flags["champion"],
        flags["musician"],
        flags["standard"],
        flags["first_mate"],
        level if level is not None else (entry.wizard[0] if entry.wizard else None),
        str(deck),
        mount if isinstance(mount, str) else None,
        flags["admiral"],
        points,
    )


def _check_ship(ship: ShipSpec, where: str, army: Army, problems: list[Problem], slot_limits: str, given: Propulsion) -> None:
    size = ship.size
    spec = SIZES[size]
    for key, n in ship.upgrades.items():
        u = UPGRADES[key]
        if u.cost[size] is None:
            allowed = ", ".join(s.value for s, c in u.cost.items() if c is not None)
            problems.append(_p(u.rule, f"{where}.upgrades.{key}", f"{u.title} is not allowed on a {size.value} ship (only {allowed})"))
        elif n > u.per_ship[size]:
            problems.append(_p(u.rule, f"{where}.upgrades.{key}", f"a {size.value} ship may have at most {u.per_ship[size]} {u.title}, not {n}"))
    if ship.has("steam-engine") and size in (Size.DINGHY, Size.SMALL) and army.key not in SMALL_STEAM_ARMIES:
        problems.append(_p("NW-UPG-2", f"{where}.upgrades.steam-engine", f"only Empire, Dwarf and Skaven fleets put steam engines in {size.value} ships"))
    if ship.boats > spec.boats:
        problems.append(_p("NW-LAUNCH-1", f"{where}.boats", f"a {size.value} ship carries at most {spec.boats} boat(s), not {ship.boats}"))
    if given is Propulsion.MAGIC and not any(c.entry.wizard for c in ship.crew):
        problems.append(_p("NW-MOVE-5", f"{where}.propulsion", "a magic ship needs a wizard aboard to move it"))
    if ship.wizard is not None and not any(c.entry.name == ship.wizard and c.entry.wizard for c in ship.crew):
        problems.append(_p("NW-MOVE-5", f"{where}.wizard", f"{ship.wizard} is not a wizard"))
    places = sum(c.places for c in ship.crew)
    if places > ship.capacity:
        castles = ship.upgrades.get("castle", 0)
        normal = f"{spec.capacity} places" + (f" and {CASTLE_CAPACITY} for each of {castles} castle(s)" if castles else "")
        if not ship.overcrowded:
            why = normal
        elif ship.crowding == "ship":
            why = f"overcrowded (NW-CROWD-1): twice her {normal}"
        else:
            why = f"overcrowded (NW-CROWD-1): twice a normal {size.value} ship's {spec.capacity} places" + (
                f", and {CASTLE_CAPACITY} for each of {castles} castle(s)" if castles else ""
            )
        problems.append(
            _p("NW-CROWD-1" if ship.overcrowded else "NW-SHIP-3", f"{where}.crew", f"the crew takes {places} places; the ship has {ship.capacity} ({why})")
        )
    working = sum(c.working_places for c in ship.crew)
    if working < ship.minimum_crew:
        rule = "NW-UPG-2" if ship.has("steam-engine") else "NW-CREW-1"
        problems.append(_p(rule, f"{where}.crew", f"a {size.value} ship needs a minimum crew of {ship.minimum_crew} places that may work it; it has {working}"))
    mates = [c for c in ship.crew if c.first_mate]
    if len(mates) > 1:
        problems.append(_p("NW-UPG-7", f"{where}.crew", f"one First Mate to a ship's crew, not {len(mates)}"))
    if mates and any(c.standard for c in ship.crew):
        problems.append(_p("NW-UPG-7", f"{where}.crew", "the First Mate replaces any and all standard bearers of the ship's crew"))
    if ship.has("crows-nest"):
        lookout = ship.lookout or next((c.entry.name for c in ship.crew if c.entry.troop is Troop.INFANTRY and not c.entry.machine), None)
        if lookout is None or not any(c.entry.name == lookout and c.entry.troop is Troop.INFANTRY for c in ship.crew):
            problems.append(_p("NW-UPG-8", f"{where}.lookout", "the crow's nest needs an infantry model of the crew to sit in it"))
    _check_slots(ship, where, problems, slot_limits)


def _check_slots(ship: ShipSpec, where: str, problems: list[Problem], slot_limits: str) -> None:
    """NW-SLOT-1: special and rare choices per ship.  A two-for-one choice (a bolt thrower) counts
    a half.  Small ships and dinghies carry a single special choice and no rare; on medium and
    large ships the limits are per duplicate of one choice (option ``slot_limits``: or in all),
    save a medium ship's single rare."""
    spec = SIZES[ship.size]
    share: dict[Slot, Counter[str]] = {Slot.SPECIAL: Counter(), Slot.RARE: Counter()}
    for c in ship.crew:
        if c.entry.slot in share:
            share[c.entry.slot][c.entry.name] += 1
    totals = {slot: sum(_weight(ship, name) * n for name, n in counted.items()) for slot, counted in share.items()}
    small = ship.size in (Size.DINGHY, Size.SMALL)
    for slot, limit in ((Slot.SPECIAL, spec.specials), (Slot.RARE, spec.rares)):
        total = totals[slot]
        in_all = small or slot_limits == "total" or (slot is Slot.RARE and ship.size is Size.MEDIUM)
        if in_all:
            if total > limit:
                problems.append(_p("NW-SLOT-1", f"{where}.crew", _over(ship, slot, limit, total, share[slot])))
            continue
        for name, n in share[slot].items():
            weight = _weight(ship, name) * n
            if weight > limit:
                problems.append(
                    _p("NW-SLOT-1", f"{where}.crew", f"a {ship.size.value} ship carries at most {limit} of the same {slot.value} choice, not {weight:g} {name}")
                )


def _over(ship: ShipSpec, slot: Slot, limit: int, total: float, counted: Counter[str]) -> str:
    """Too many special or rare choices on one ship, in people's words: what fills the slots,
    with the two-for-one choices (bolt throwers) said to count a half each, which is where a
    total such as 1.5 comes from."""
    parts = []
    for name, n in sorted(counted.items()):
        half = _weight(ship, name) < 1.0
        parts.append(f"{n} × {name}" + (f" (two to a choice, so {n * _weight(ship, name):g})" if half else ""))
    choices = "choice" if limit == 1 else "choices"
    return f"a {ship.size.value} ship carries at most {limit} {slot.value} {choices} in all, and this crew fills {total:g}: {', '.join(parts)}"


def _weight(ship: ShipSpec, name: str) -> float:
    entry = next(c.entry for c in ship.crew if c.entry.name == name)
    return 0.5 if entry.two_for_one else 1.0


def _check_fleet(fleet: FleetSpec, problems: list[Problem]) -> None:
    if fleet.limit and fleet.points > fleet.limit:
        problems.append(_p("NW-SHIP-2", "points", f"the fleet costs {fleet.points} points, over its limit of {fleet.limit}"))
    for key, u in UPGRADES.items():
        if u.per_fleet is not None:
            n = sum(s.has(key) for s in fleet.ships)
            if n > u.per_fleet:
                problems.append(_p(u.rule, "ships", f"{u.title}: at most {u.per_fleet} in a fleet, not {n}"))
    admirals = [c for s in fleet.ships for c in s.crew if c.admiral]
    if len(admirals) > 1:
        problems.append(_p("NW-SHIP-4", "ships", f"a fleet has one admiral, not {len(admirals)}"))


def beyond(fleet: FleetSpec, limit: int) -> str | None:
    """NW-SHIP-2 in a game: why a fleet does not belong in a game of this points limit (the
    scenario's option ``points_limit``), or ``None``.  The fleet's own ``points`` is the limit it
    was built to, which its own check holds its cost to; a game takes a fleet built to its limit or
    less, so a fleet can never raise the limit it plays at by saying so (docs/rulings.md)."""
    if fleet.points > limit:
        return f"a fleet within this game's points limit of {limit} (NW-SHIP-2, option points_limit), not one that costs {fleet.points} points"
    if fleet.limit > limit:
        return f"a fleet built to this game's points limit of {limit} or less (NW-SHIP-2, option points_limit), not one built to {fleet.limit} points"
    return None


# --------------------------------------------------------------------------- files


def builtin_fleets() -> list[str]:
    folder = resources.files("grapeshot.rulesets.navalwarhammer").joinpath("fleets")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".yaml"))


def builtin_fleet(ref: str) -> Any:
    """A built-in fleet's data by name; ``ValueError`` naming the built-in fleets where there is
    none.  A fleet *file* a scenario names was read into it when the scenario file was read
    (``Ruleset.embed_files``, :func:`embed_fleet_files`), so a name here is only ever a built-in
    one: a scenario uploaded, stored or saved never makes the rule set read a file."""
    names = builtin_fleets()
    if ref not in names:
        raise ValueError(f"no built-in fleet {ref!r} ({', '.join(names)}); a fleet file is named only in a scenario file, and read beside it")
    # the package's own file, not outside input; read as plain data by the same reader all the same
    text = resources.files("grapeshot.rulesets.navalwarhammer").joinpath("fleets", f"{ref}.yaml").read_text(encoding="utf-8")
    return loads_yaml(text, f"navalwarhammer:{ref}")


def embed_fleet_files(data: Mapping[str, Any], read: Callable[[str, str], Any]) -> Mapping[str, Any]:
    """A scenario's data with each fleet it names by file (a text that is no built-in fleet's
    name) replaced by the file's data, read by ``read`` (``Ruleset.embed_files``: beside the
    scenario file, within limits); the rest as it is, to be checked when the game is set up."""
    fleets = data.get("fleets")
    if not isinstance(fleets, list) or not any(isinstance(e, Mapping) and isinstance(e.get("fleet"), str) for e in fleets):
        return data
    names = builtin_fleets()
    entries: list[Any] = []
    for i, entry in enumerate(fleets):
        ref = entry.get("fleet") if isinstance(entry, Mapping) else None
        if isinstance(ref, str) and ref not in names:
            entry = {**entry, "fleet": read(ref, f"fleets[{i}].fleet")}
        entries.append(entry)
    return {**data, "fleets": entries}


def summary(fleet: FleetSpec) -> str:
    ships = ", ".join(f"{s.name} ({s.size.value}, {s.points})" for s in fleet.ships)
    return f"{fleet.name} ({ARMIES[fleet.army].name}): {fleet.points} of {fleet.limit} points; {len(fleet.ships)} ship(s): {ships}"


def crew_places(crew: Sequence[CrewSpec]) -> int:
    return sum(c.places for c in crew)
