"""The plan of a study: which games are played, in what order, with which seeds.

A study plays every pairing of a set of *factions* (what a side brings: Jim Lad's klans, a
fleet, a ship type; the rule set's lab capability lists them) on a two-seat scenario,
``games_per_pair`` games a pairing, under one or more rule variants (a tournament has one; a
sweep compares several against the first, the baseline). Every game has an index, and
everything about it follows from the study and that index alone:

- the order is round by round: round ``r`` holds one game of every (variant, pairing), so
  index = (r * variants + v) * pairings + p. An interrupted study therefore has about as many
  games of every pairing, and a study with more games a pairing extends a smaller one (its
  games are the first ones);
- seats swap every round: in even rounds the pairing's first faction takes the first seat, in
  odd rounds the second (with an odd number of games the first faction has the first seat
  once more);
- the game's dice seed is :func:`derive_seed` of (study seed, r * pairings + p): a tournament's
  index, and in a sweep the same for every variant, so the arms are paired (the same seeds and
  seats in each); the players' seeds are
  derived from the game's seed and the seat's position. No worker, clock or order of
  completion enters, so any backend reproduces any game.

A variant, and the settings every game of a study shares, are ``KEY=VALUE`` settings of four
kinds, told apart by their key (:func:`parse_variant`): the rule set's options
(``grapeshot=d3``), a rule module switched on or off (``collisions=on``), a module's options
(``collisions.grapple_extra=beyond-one``), and changes of the rule set's own tables
(``klan.goffs.move_dice=0``, checked by the rule set's :class:`~grapeshot.core.capabilities.Lab`).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Any, Protocol

from grapeshot.agents import factories, rollout_player
from grapeshot.core.capabilities import Lab, Lacking, TableChange
from grapeshot.core.contract import LAB
from grapeshot.core.errors import ScenarioError
from grapeshot.core.game import Game
from grapeshot.core.module import all_modules
from grapeshot.core.ruleset import Ruleset, get
from grapeshot.core.scenario import Scenario, load_scenario, modules_data, parse_scenario
from grapeshot.core.untrusted import loads_yaml
from grapeshot.lab.records import GameRecord, derive_seed, play_seeded, record_of

Setting = tuple[str, Any]


class StudyError(ValueError):
    """A study that cannot be planned: an unknown faction, a bad option, a scenario without two seats..."""


def ruleset_and_lab(ruleset: str | Ruleset) -> tuple[Ruleset, Lab]:
    """The rule set and its lab capability, or a :class:`StudyError` saying it has none."""
    try:
        rs = get(ruleset) if isinstance(ruleset, str) else ruleset
        lab = rs.need(LAB)
    except (ValueError, Lacking) as e:
        raise StudyError(str(e)) from None
    return rs, lab


def _on_off(on: bool) -> str:
    return "on" if on else "off"


def _value_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


@dataclass(frozen=True, slots=True)
class Variant:
    """A set of rule changes: options (the rule set's and its modules'), modules switched on or
    off, and changes of the rule set's tables."""

    label: str
    options: tuple[Setting, ...] = ()
    modules: tuple[tuple[str, bool], ...] = ()
    changes: tuple[TableChange, ...] = ()

    @property
    def is_baseline(self) -> bool:
        return not self.options and not self.modules and not self.changes

    def text(self) -> str:
        parts = [f"{k}={_value_text(v)}" for k, v in self.options] + [f"{m}={_on_off(on)}" for m, on in self.modules] + [c.text() for c in self.changes]
        return ", ".join(parts) if parts else "(no changes)"

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "options": dict(self.options), "modules": dict(self.modules), "changes": [c.to_json() for c in self.changes]}


BASELINE = Variant("baseline")


def parse_setting(text: str) -> Setting:
    """``KEY=VALUE``; the value is read as YAML (``3``, ``2.5``, ``true``, ``on``, ``d3``), by the
    reader of every outside text (:func:`grapeshot.core.untrusted.loads_yaml`: ``1:00`` stays text,
    not 60)."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key or not raw.strip():
        raise StudyError(f"{text!r}: expected KEY=VALUE")
    try:  # a command-line argument: read within the limits like any text from outside
        value = loads_yaml(raw.strip(), f"the setting {key}")
    except ScenarioError:
        value = raw.strip()
    if not isinstance(value, (str, int, float, bool)):
        value = raw.strip()
    return key, value


def classify(settings: Iterable[Setting], ruleset: str | Ruleset, label: str = "") -> Variant:
    """Sort ``KEY=VALUE`` settings into a :class:`Variant` by what their keys name.

    - a key without a dot is one of the rule set's options, or else the name of an installed
      rule module, switched ``on`` or ``off`` (``true``/``false`` too);
    - ``<module>.<option>`` is an option of an installed module (checked, with the module in
      play, when the study is planned);
    - ``<table>.<...>`` starting with one of the rule set's lab tables is a table change,
      checked by the rule set (Jim Lad: ``klan.goffs.move_dice``).
    """
    rs, lab = ruleset_and_lab(ruleset)
    own = {o.name for o in rs.options}
    installed = sorted(m.name for m in all_modules())
    from grapeshot.lab.settable import hostable  # settable asks games of the rule set, as this module does

    modules_text = ", ".join(m.name for m in hostable(rs)) or f"none that {rs.name} can host"
    options: dict[str, Any] = {}
    modules: dict[str, bool] = {}
    changes: list[TableChange] = []
    seen: set[str] = set()
    for key, value in settings:
        if key in seen:
            raise StudyError(f"{key!r} is set twice")
        seen.add(key)
        head, dot, _ = key.partition(".")
        if not dot and key in own:
            options[key] = value
        elif not dot and key in installed:
            if not isinstance(value, bool):
                raise StudyError(f"{key}={value}: a rule module is switched on or off ({key}=on, {key}=off)")
            modules[key] = value
        elif not dot:
            raise StudyError(f"{key!r} is neither an option of {rs.name} ({', '.join(sorted(own))}) nor a rule module ({modules_text})")
        elif head in installed:
            options[key] = value
        elif head in lab.tables:
            try:
                changes.append(lab.change(key, value))
            except ValueError as e:
                raise StudyError(str(e)) from None
        else:
            raise StudyError(f"{key!r}: {head!r} is neither a rule module ({modules_text}) nor a table of {rs.name} ({lab.changes_help()})")
    variant = Variant(label, tuple(sorted(options.items())), tuple(sorted(modules.items())), tuple(changes))
    return variant if label else Variant(variant.text(), variant.options, variant.modules, variant.changes)


def parse_variant(text: str, ruleset: str | Ruleset) -> Variant:
    """``[LABEL:]KEY=VALUE[,KEY=VALUE...]``, sorted by :func:`classify` for ``ruleset``.

    Examples (Jim Lad): ``grapeshot=d3``, ``slow-goffs:klan.goffs.move_dice=-2``,
    ``klan.evil-sunz.armour.port=0,klan.evil-sunz.armour.starboard=0``; on a rule set that
    hosts a module, ``cg:collisions=on,collisions.grapple_extra=beyond-one``. Without a label, the variant is
    called by its settings.
    """
    label, colon, body = text.partition(":")
    if not colon or "=" in label:
        label, body = "", text
    settings = [parse_setting(part) for part in body.split(",") if part.strip()]
    if not settings:
        raise StudyError(f"variant {text!r} changes nothing")
    return classify(settings, ruleset, label.strip())


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game of a study: its index, its dice seed, the variant's position, the faction of each seat."""

    index: int
    seed: int
    variant: int
    factions: tuple[str, ...]


class Plan(Protocol):
    """What the runner and the store need of a plan of games: a :class:`Study` (pairings of
    factions), a :class:`~grapeshot.lab.trial.Trial` (a module off against on) or a
    :class:`~grapeshot.lab.calibration.Calibration` (pieces' fleets at budgets against a reference). It is sent to
    the workers whole, so it must pickle; every game follows from it and the game's spec alone."""

    @property
    def kind(self) -> str: ...

    @property
    def total(self) -> int: ...

    def games(self) -> Iterator[GameSpec]: ...

    def identity(self) -> dict[str, Any]: ...

    def play(self, spec: GameSpec) -> GameRecord: ...


class Planned(Protocol):
    """The parts every kind of plan has, from which :func:`plan_identity` is made."""

    @property
    def kind(self) -> str: ...
    @property
    def ruleset(self) -> str: ...
    @property
    def scenario(self) -> str: ...
    @property
    def scenario_json(self) -> str: ...
    @property
    def seats(self) -> tuple[str, ...]: ...
    @property
    def seed(self) -> int: ...
    @property
    def player(self) -> str: ...
    @property
    def options(self) -> tuple[Setting, ...]: ...
    def identity(self) -> dict[str, Any]: ...


def plan_identity(plan: Planned, own: Mapping[str, Any], after: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What fixes every game of a plan (a study, a trial, a calibration): all of it but its
    length, which only adds games, so a store of its games may be resumed and extended. The parts
    every plan has, with the plan's ``own`` put before its seed and ``after`` at the end."""
    return {
        "kind": plan.kind,
        "ruleset": plan.ruleset,
        "scenario": plan.scenario,
        "scenario_data": json.loads(plan.scenario_json),
        "seats": list(plan.seats),
        **own,
        "seed": plan.seed,
        "player": plan.player,
        "options": dict(plan.options),
        **(after or {}),
    }


def plan_json(plan: Planned, more: Mapping[str, Any]) -> dict[str, Any]:
    """A plan as its report shows it: its identity without the scenario's data, and ``more``."""
    out = plan.identity()
    del out["scenario_data"]
    return out | dict(more)


@dataclass(frozen=True)
class Study:
    """A planned study. Build it with :func:`plan`, which checks everything first."""

    kind: str  # "tournament" or "sweep"
    ruleset: str
    scenario: str  # the scenario's name, for people
    scenario_json: str  # the scenario as parsed data (canonical JSON), carried to every worker
    seats: tuple[str, ...]
    factions: tuple[str, ...]
    games_per_pair: int
    seed: int
    player: str = "heuristic"
    #: what every game shares (``--option``): options, module switches, table changes
    options: tuple[Setting, ...] = ()
    modules: tuple[tuple[str, bool], ...] = ()
    changes: tuple[TableChange, ...] = ()
    variants: tuple[Variant, ...] = field(default=(BASELINE,))

    @property
    def pairs(self) -> list[tuple[str, str]]:
        return list(combinations(self.factions, 2))

    @property
    def per_round(self) -> int:
        return len(self.variants) * len(self.pairs)

    @property
    def total(self) -> int:
        return self.games_per_pair * self.per_round

    def spec(self, index: int) -> GameSpec:
        if not 0 <= index < self.total:
            raise IndexError(index)
        rnd, rest = divmod(index, self.per_round)
        v, p = divmod(rest, len(self.pairs))
        a, b = self.pairs[p]
        # the variants of a sweep are paired: each plays the baseline's game of the round and the
        # pairing, its seed (the baseline's index; a tournament's own) and its seats, so that a
        # difference between them is the variant's, not the dice's
        return GameSpec(index, derive_seed(self.seed, rnd * len(self.pairs) + p), v, (a, b) if rnd % 2 == 0 else (b, a))

    def games(self) -> Iterator[GameSpec]:
        for i in range(self.total):
            yield self.spec(i)

    def play(self, spec: GameSpec) -> GameRecord:
        """Play one game of the study and keep its record."""
        _, lab = ruleset_and_lab(self.ruleset)
        with new_game(self, spec.factions, spec.variant, spec.seed) as game:
            outcome = play_seeded(game, self.player, spec.seed, self.seats)
        return record_of(spec.index, spec.seed, self.variants[spec.variant].label, spec.factions, game, outcome, lambda seat: lab.faction_of(game, seat))

    def _pair_of(self, index: int) -> tuple[str, str]:
        return self.pairs[(index % self.per_round) % len(self.pairs)]

    def question_of(self, index: int) -> str:
        """What a tournament that stops when known (:mod:`.sequential`) asks of game ``index``:
        is its pairing's first faction stronger, weaker or even."""
        a, b = self._pair_of(index)
        return f"{a} v {b}"

    def asked(self) -> list[str]:
        return [f"{a} v {b}" for a, b in self.pairs]

    def credit(self, record: GameRecord) -> float:
        """The pairing's first faction's score in one game (a draw a half)."""
        return 0.5 if record.winner is None else 1.0 if record.winner_faction == self._pair_of(record.index)[0] else 0.0

    def options_for(self, variant: int) -> dict[str, Any]:
        """The options of a variant's games: the study's, overlaid with the variant's."""
        return {**dict(self.options), **dict(self.variants[variant].options)}

    def changes_for(self, variant: int) -> tuple[TableChange, ...]:
        return (*self.changes, *self.variants[variant].changes)

    def modules_for(self, variant: int) -> list[str]:
        """The modules in play in a variant's games: the scenario's, switched by the study, then by the variant."""
        modules = list(json.loads(self.scenario_json).get("modules", []))
        for name, on in (*self.modules, *self.variants[variant].modules):
            if on and name not in modules:
                modules.append(name)
            elif not on and name in modules:
                modules.remove(name)
        return modules

    def identity(self) -> dict[str, Any]:
        after = {"modules": dict(self.modules), "changes": [c.to_json() for c in self.changes], "variants": [v.to_json() for v in self.variants]}
        return plan_identity(self, {"factions": list(self.factions)}, after | ({"arms": "paired"} if len(self.variants) > 1 else {}))

    def to_json(self) -> dict[str, Any]:
        return plan_json(self, {"games_per_pair": self.games_per_pair, "games": self.total, "pairings": len(self.pairs)})


def _switches_change_something(study: Study) -> None:
    """A module switched on that is on already (or off that is off) is a mistake worth naming."""
    base = list(json.loads(study.scenario_json).get("modules", []))
    for name, on in study.modules:
        if (name in base) == on:
            raise StudyError(f"--option {name}={_on_off(on)}: the scenario {study.scenario!r} has it {_on_off(on)} already")
    common = study.modules_for(0)  # the baseline's: the scenario's, as the study switches them
    for v in study.variants:
        for name, on in v.modules:
            if (name in common) == on:
                raise StudyError(f"variant {v.label}: {name}={_on_off(on)} changes nothing (it is {_on_off(on)} in every game already)")


def plan(
    *,
    ruleset: str | Ruleset,
    kind: str = "tournament",
    scenario: str | Scenario | None = None,
    factions: Sequence[str] | str = "all",
    games_per_pair: int = 100,
    seed: int = 1,
    player: str | None = None,
    options: Mapping[str, Any] | None = None,
    variants: Sequence[Variant | str] = (),
) -> Study:
    """Check a study's parts and plan it; raise :class:`StudyError` naming what is wrong.

    ``scenario`` defaults to the rule set's own (``Lab.scenario``); ``options`` are settings
    every game shares (options, module switches, table changes; see :func:`classify`);
    ``variants`` may be given as text (:func:`parse_variant`). ``player`` defaults to the rule
    set's quick player (its rollout player: Jim Lad's heuristic; else the random player). Every
    variant's game is set up once here, so that what a worker would refuse is refused before any
    game is played.
    """
    rs, lab = ruleset_and_lab(ruleset)
    try:
        sc = scenario if isinstance(scenario, Scenario) else load_scenario(scenario or lab.scenario, rs.name)
    except (ValueError, ScenarioError) as e:
        raise StudyError(str(e)) from None
    if len(sc.seats) != 2:
        raise StudyError(f"a study needs a scenario with two seats; {sc.name!r} has {len(sc.seats)}")
    known = tuple(lab.factions())
    names = [k.strip() for k in factions.split(",") if k.strip()] if isinstance(factions, str) else [k.strip() for k in factions]
    chosen = known if names == ["all"] else tuple(names)
    unknown = [k for k in chosen if k not in known]
    if unknown:
        raise StudyError(f"unknown {lab.faction_word}(s) {', '.join(unknown)}; the {lab.faction_plural} of {rs.name}: {', '.join(known)} (or 'all')")
    if len(set(chosen)) != len(chosen) or len(chosen) < 2:
        raise StudyError(f"a study needs at least two different {lab.faction_plural}, each named once")
    if games_per_pair < 1:
        raise StudyError("games per pairing must be at least 1")
    player = player or rollout_player(rs)
    if player not in factories(rs):
        raise StudyError(f"unknown player {player!r}; known: {', '.join(sorted(factories(rs)))}")
    common = classify((options or {}).items(), rs, "common")
    all_variants = (BASELINE, *(parse_variant(v, rs) if isinstance(v, str) else v for v in variants))
    labels = [v.label for v in all_variants]
    if len(set(labels)) != len(labels):
        raise StudyError(f"variant labels must differ: {', '.join(labels)}")
    data = json.loads(json.dumps(dict(sc.raw)))
    study = Study(
        kind=kind,
        ruleset=rs.name,
        scenario=sc.name,
        scenario_json=json.dumps(data, sort_keys=True),
        seats=tuple(s.id for s in sc.seats),
        factions=chosen,
        games_per_pair=games_per_pair,
        seed=seed,
        player=player,
        options=common.options,
        modules=common.modules,
        changes=common.changes,
        variants=all_variants,
    )
    _switches_change_something(study)
    check_variants(study)
    return study


def scenario_for(study: Study, factions: tuple[str, ...], variant: int = 0) -> Scenario:
    """The study's scenario with the given faction on each seat (put there by the rule set's
    lab) and the variant's modules in play."""
    _, lab = ruleset_and_lab(study.ruleset)
    by_seat = dict(zip(study.seats, factions, strict=True))
    try:
        data = lab.assign(json.loads(study.scenario_json), by_seat)
        modules = study.modules_for(variant)
        if modules != list(data.get("modules", [])):
            data = modules_data(data, modules)
        return parse_scenario(data, f"{study.scenario} ({' v '.join(factions)})")
    except (KeyError, TypeError, ScenarioError) as e:
        raise StudyError(f"scenario {study.scenario!r} cannot take {lab.faction_plural} {factions}: {e}") from None


#: one game's table changes in force at a time in a process (they patch the rule set's tables)
_LOCK = threading.Lock()


@lru_cache(maxsize=128)
def _scenario(study: Study, factions: tuple[str, ...], variant: int) -> Scenario:
    return scenario_for(study, factions, variant)


@contextmanager
def new_game(study: Study, factions: tuple[str, ...], variant: int, seed: int, *, log: bool = True) -> Iterator[Game]:
    """A game of the study with ``factions`` on its seats under ``variant``, its table changes in
    force (and the lock held) until the caller is done with it."""
    rs, lab = ruleset_and_lab(study.ruleset)
    scenario = _scenario(study, factions, variant)
    with _LOCK, lab.in_force(study.changes_for(variant)):
        yield Game(rs, scenario, study.options_for(variant), seed=seed, log=log)


def check_variants(study: Study) -> None:
    """Set up one game of every variant, so that what a worker would refuse (an option's value,
    a module option with the module not in play, a module the rule set cannot host) is refused
    while planning, with the variant named."""
    pair = (study.factions[0], study.factions[1])
    for v, variant in enumerate(study.variants):
        where = "--option" if v == 0 else f"variant {variant.label}"
        try:
            with new_game(study, pair, v, 0, log=False):
                pass
        except (ScenarioError, ValueError) as e:
            raise StudyError(f"{where}: {e}") from None
