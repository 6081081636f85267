"""The plan of a study: which games are played, in what order, with which seeds.

A study plays every pairing of a set of klans on a two-seat scenario, ``games_per_pair``
games a pairing, under one or more rule variants (a tournament has one; a sweep compares
several against the first, the baseline). Every game has an index, and everything about it
follows from the study and that index alone:

- the order is round by round: round ``r`` holds one game of every (variant, pairing), so
  index = (r * variants + v) * pairings + p. An interrupted study therefore has about as many
  games of every pairing, and a study with more games a pairing extends a smaller one (its
  games are the first ones);
- seats swap every round: in even rounds the pairing's first klan takes the first seat, in
  odd rounds the second (with an odd number of games the first klan has the first seat once
  more);
- the game's dice seed is :func:`derive_seed` of (study seed, index); the players' seeds are
  derived from the game's seed and the seat's position. No worker, clock or order of
  completion enters, so any backend reproduces any game.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import yaml

from grapeshot.core.errors import ScenarioError
from grapeshot.core.ruleset import get
from grapeshot.core.scenario import Scenario, load_scenario, parse_scenario, with_klans

#: klan fields a variant may change (``klan.<klan>.<field>=<value>``), with their types
KLAN_FIELDS: dict[str, type] = {
    "move_dice": int,
    "ram_bonus": int,
    "sails": bool,
    "reroll": bool,
    "broadside_d3": bool,
    "fore_grapeshot_only": bool,
    "manned_torpedoes": bool,
}
#: armour facings a variant may change (``klan.<klan>.armour.<facing>=<delta>``)
ARMOUR_FACINGS = ("front", "port", "starboard", "rear")


class StudyError(ValueError):
    """A study that cannot be planned: an unknown klan, a bad option, a scenario without two seats..."""


def derive_seed(seed: int, index: int) -> int:
    """A 64-bit seed from a parent seed and an index (SHA-256; the scheme ``grapeshot simulate`` uses)."""
    digest = hashlib.sha256(f"grapeshot:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def all_klans() -> tuple[str, ...]:
    from grapeshot.rulesets.jimlad.data import Klan

    return tuple(k.value for k in Klan)


@dataclass(frozen=True, slots=True)
class KlanChange:
    """A change to a klan's table entry: a field set to a value, or an armour facing's delta."""

    klan: str
    field: str  # a KLAN_FIELDS name, or "armour.<facing>"
    value: int | bool

    def to_json(self) -> dict[str, Any]:
        return {"klan": self.klan, "field": self.field, "value": self.value}

    def text(self) -> str:
        return f"klan.{self.klan}.{self.field}={str(self.value).lower() if isinstance(self.value, bool) else self.value}"


@dataclass(frozen=True, slots=True)
class Variant:
    """A set of rule changes: options, and changes to the klans' table."""

    label: str
    options: tuple[tuple[str, Any], ...] = ()
    klan_changes: tuple[KlanChange, ...] = ()

    @property
    def is_baseline(self) -> bool:
        return not self.options and not self.klan_changes

    def text(self) -> str:
        parts = [f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in self.options] + [c.text() for c in self.klan_changes]
        return ", ".join(parts) if parts else "(no changes)"

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "options": dict(self.options), "klan_changes": [c.to_json() for c in self.klan_changes]}


BASELINE = Variant("baseline")


def parse_setting(text: str) -> tuple[str, Any]:
    """``KEY=VALUE``; the value is read as YAML (``3``, ``2.5``, ``true``, ``d3``)."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key or not raw.strip():
        raise StudyError(f"{text!r}: expected KEY=VALUE")
    try:
        value = yaml.safe_load(raw.strip())
    except yaml.YAMLError:
        value = raw.strip()
    if not isinstance(value, (str, int, float, bool)):
        value = raw.strip()
    return key, value


def parse_variant(text: str) -> Variant:
    """``[LABEL:]KEY=VALUE[,KEY=VALUE...]``: rule options, and ``klan.<klan>.<field>=<value>``.

    Examples: ``grapeshot=d3``, ``slow-goffs:klan.goffs.move_dice=-2``,
    ``klan.evil-sunz.armour.port=0,klan.evil-sunz.armour.starboard=0``.
    """
    label, colon, body = text.partition(":")
    if not colon or "=" in label:
        label, body = "", text
    options: dict[str, Any] = {}
    changes: list[KlanChange] = []
    for part in (p for p in body.split(",") if p.strip()):
        key, value = parse_setting(part)
        if key.startswith("klan."):
            bits = key.split(".")
            if len(bits) not in (3, 4):
                raise StudyError(f"{key!r}: expected klan.<klan>.<field> or klan.<klan>.armour.<facing>")
            changes.append(KlanChange(bits[1], ".".join(bits[2:]), value))
        else:
            options[key] = value
    if not options and not changes:
        raise StudyError(f"variant {text!r} changes nothing")
    variant = Variant(label.strip(), tuple(sorted(options.items())), tuple(changes))
    return variant if variant.label else Variant(variant.text(), variant.options, variant.klan_changes)


def check_klan_change(change: KlanChange) -> KlanChange:
    if change.klan not in all_klans():
        raise StudyError(f"klan.{change.klan}: unknown klan; known: {', '.join(all_klans())}")
    if change.field.startswith("armour."):
        facing = change.field.removeprefix("armour.")
        if facing not in ARMOUR_FACINGS:
            raise StudyError(f"{change.text()}: the armour facings are {', '.join(ARMOUR_FACINGS)}")
        kind: type = int
    elif change.field in KLAN_FIELDS:
        kind = KLAN_FIELDS[change.field]
    else:
        raise StudyError(f"{change.text()}: a klan's changeable fields are {', '.join([*KLAN_FIELDS, 'armour.<facing>'])}")
    if type(change.value) is not kind:
        raise StudyError(f"{change.text()}: expected {'true or false' if kind is bool else 'a whole number'}")
    return change


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game of a study: its index, its dice seed, the variant's position, the klan of each seat."""

    index: int
    seed: int
    variant: int
    klans: tuple[str, ...]


@dataclass(frozen=True)
class Study:
    """A planned study. Build it with :func:`plan`, which checks everything first."""

    kind: str  # "tournament" or "sweep"
    ruleset: str
    scenario: str  # the scenario's name, for people
    scenario_json: str  # the scenario as parsed data (canonical JSON), carried to every worker
    seats: tuple[str, ...]
    klans: tuple[str, ...]
    games_per_pair: int
    seed: int
    player: str = "heuristic"
    options: tuple[tuple[str, Any], ...] = ()
    variants: tuple[Variant, ...] = field(default=(BASELINE,))

    @property
    def pairs(self) -> list[tuple[str, str]]:
        return list(combinations(self.klans, 2))

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
        return GameSpec(index, derive_seed(self.seed, index), v, (a, b) if rnd % 2 == 0 else (b, a))

    def games(self) -> Iterator[GameSpec]:
        for i in range(self.total):
            yield self.spec(i)

    def identity(self) -> dict[str, Any]:
        """What fixes every game's content: all of the plan but its length (which only adds games)."""
        return {
            "kind": self.kind,
            "ruleset": self.ruleset,
            "scenario": self.scenario,
            "scenario_data": json.loads(self.scenario_json),
            "seats": list(self.seats),
            "klans": list(self.klans),
            "seed": self.seed,
            "player": self.player,
            "options": dict(self.options),
            "variants": [v.to_json() for v in self.variants],
        }

    def to_json(self) -> dict[str, Any]:
        out = self.identity()
        del out["scenario_data"]
        out["games_per_pair"] = self.games_per_pair
        out["games"] = self.total
        out["pairings"] = len(self.pairs)
        return out


def plan(
    *,
    kind: str = "tournament",
    ruleset: str = "jimlad",
    scenario: str | Scenario = "duel",
    klans: Sequence[str] | str = "all",
    games_per_pair: int = 100,
    seed: int = 1,
    player: str = "heuristic",
    options: Mapping[str, Any] | None = None,
    variants: Sequence[Variant] = (),
) -> Study:
    """Check a study's parts and plan it; raise :class:`StudyError` naming what is wrong."""
    from grapeshot.agents import factories

    try:
        rs = get(ruleset)
        sc = scenario if isinstance(scenario, Scenario) else load_scenario(scenario, rs.name)
    except (ValueError, ScenarioError) as e:
        raise StudyError(str(e)) from None
    if rs.name != "jimlad":
        raise StudyError(f"a study pairs the klans of Waagh! Jim Lad!; the ruleset {rs.name!r} has none")
    if len(sc.seats) != 2:
        raise StudyError(f"a study needs a scenario with two seats; {sc.name!r} has {len(sc.seats)}")
    known = all_klans()
    names = [k.strip() for k in klans.split(",") if k.strip()] if isinstance(klans, str) else [k.strip() for k in klans]
    chosen = known if names == ["all"] else tuple(names)
    unknown = [k for k in chosen if k not in known]
    if unknown:
        raise StudyError(f"unknown klan(s) {', '.join(unknown)}; known: {', '.join(known)} (or 'all')")
    if len(set(chosen)) != len(chosen) or len(chosen) < 2:
        raise StudyError("a study needs at least two different klans, each named once")
    if games_per_pair < 1:
        raise StudyError("games per pairing must be at least 1")
    if player not in factories(rs):
        raise StudyError(f"unknown player {player!r}; known: {', '.join(sorted(factories(rs)))}")
    base = dict(options or {})
    all_variants = (BASELINE, *variants)
    labels = [v.label for v in all_variants]
    if len(set(labels)) != len(labels):
        raise StudyError(f"variant labels must differ: {', '.join(labels)}")
    for v in all_variants:
        merged = {**sc.options, **base, **dict(v.options)}
        try:
            rs.resolve_options(merged, f"variant {v.label}" if v.label != "baseline" else "--option")
        except ScenarioError as e:
            raise StudyError(str(e)) from None
        for c in v.klan_changes:
            check_klan_change(c)
    data = json.loads(json.dumps(dict(sc.raw)))
    study = Study(
        kind=kind,
        ruleset=rs.name,
        scenario=sc.name,
        scenario_json=json.dumps(data, sort_keys=True),
        seats=tuple(s.id for s in sc.seats),
        klans=chosen,
        games_per_pair=games_per_pair,
        seed=seed,
        player=player,
        options=tuple(sorted(base.items())),
        variants=all_variants,
    )
    scenario_for(study, (chosen[0], chosen[1]))  # the fleets take a klan: fail now, not in a worker
    return study


def scenario_for(study: Study, klans: tuple[str, ...]) -> Scenario:
    """The study's scenario with each seat's fleet (every ship of it) of the given klan."""
    by_seat = dict(zip(study.seats, klans, strict=True))
    try:
        data = with_klans(json.loads(study.scenario_json), by_seat)
        return parse_scenario(data, f"{study.scenario} ({' v '.join(klans)})")
    except (KeyError, TypeError, ScenarioError) as e:
        raise StudyError(f"scenario {study.scenario!r} cannot take klans {klans}: {e}") from None
