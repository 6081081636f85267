"""What a run of a Jim Lad procedure did, and the odds of it: ships, their losses, the tags.

Every Jim Lad question runs a rule procedure in the odds engine's sandbox
(:class:`grapeshot.odds.Runner`) and reads each run as a :class:`Result`: for each ship
watched, the hull points it lost, whether it sank or changed hands, the damage-table results
and the verdicts of the blows it took, the Orks killed; and tags for the action as a whole
("evaded", "won").  :class:`ShipOdds` is the distribution of those results, with the marginals
people ask about and the JSON and table the command line and the web table show.

Re-roll offers inside a procedure are declined (:data:`grapeshot.odds.DECLINE`): the odds of a
Freebooterz ship are those without its re-roll (:data:`POLICY`).  Answers are kept per
situation (:data:`CACHE`), keyed by everything about the ships that a blow may read
(:func:`fingerprint`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Literal

from grapeshot.core.game import Game
from grapeshot.odds import DECLINE, Cache, Heard, Odds, OddsError, Proc, RerollPolicy, Row, Runner
from grapeshot.rulesets.jimlad.state import Sea, Ship

#: how every Jim Lad question answers re-roll offers, as its answers say
POLICY = "Freebooterz re-roll offers are declined"
#: the events an outcome is read from
HEARD = frozenset({"damage", "krew-lost", "evade", "boarding", "combat-result", "strike", "boarding-ends"})


@dataclass(frozen=True, slots=True)
class ShipResult:
    """What one run did to one ship."""

    ship: str
    hull_lost: int = 0
    sunk: bool = False
    damage: tuple[str, ...] = ()  # damage-table results ("shaken", "gun-damaged:port", ...)
    krew_killed: int = 0
    captured: bool = False  # it serves another seat afterwards
    blows: tuple[str, ...] = ()  # the verdicts of the blows it took (penetrating, glancing, none, saved)


@dataclass(frozen=True, slots=True)
class Result:
    """What one run did: to each watched ship, and tags for the action as a whole."""

    ships: tuple[ShipResult, ...]
    tags: tuple[str, ...] = ()


Tagger = Callable[[Heard, Any], tuple[str, ...]]
Procedure = Callable[[Game, Sea], Proc]


def no_tags(heard: Heard, value: Any) -> tuple[str, ...]:
    return ()


class ShipRunner(Runner[Sea, Result]):
    """Runs one procedure on fresh copies of ``base`` and reads each run as a :class:`Result`
    for the ships in ``watch`` (and ``tags`` from the events heard and the returned value)."""

    def __init__(self, game: Game, base: Sea, proc: Procedure, watch: Sequence[str], tags: Tagger = no_tags, policy: RerollPolicy = DECLINE) -> None:
        super().__init__(game, base, proc, policy=policy, hear=HEARD)
        self.watch = tuple(watch)
        self.tags = tags

    def outcome(self, after: Sea, heard: Heard, value: Any) -> Result:
        base = self.base
        return Result(tuple(ship_result(base.ships[n], after.ships[n], heard) for n in self.watch), self.tags(heard, value))


def ship_result(before: Ship, after: Ship, heard: Heard) -> ShipResult:
    name = before.name
    results: list[str] = []
    blows: list[str] = []
    killed = 0
    for kind, data in heard:
        if kind == "damage" and data["ship"] == name:
            results.append(f"{data['result']}:{data['gun']}" if "gun" in data else str(data["result"]))
        elif kind == "krew-lost" and data["ship"] == name:
            killed += 1
        elif kind == "strike" and data["target"] == name:
            blows.append(str(data["verdict"]))
    return ShipResult(
        name,
        hull_lost=int(before.hull_points) - int(after.hull_points),
        sunk=before.afloat and not after.afloat,
        damage=tuple(results),
        krew_killed=killed,
        captured=after.commander != before.commander,
        blows=tuple(blows),
    )


VERDICTS = {"penetrating": "penetrates", "glancing": "glances", "none": "fails to penetrate", "saved": "is saved (ramshackle 6+)"}


@dataclass
class ShipOdds(Odds[Result]):
    """The distribution of a Jim Lad procedure's results, read ship by ship."""

    policy: str = POLICY
    subject: ClassVar[str] = "ship"

    @property
    def ships(self) -> list[str]:
        seen: dict[str, None] = {}
        for r in self.dist:
            for s in r.ships:
                seen.setdefault(s.ship, None)
        return list(seen)

    def ship(self, name: str, r: Result) -> ShipResult:
        return next((s for s in r.ships if s.ship == name), ShipResult(name))

    def hull_points_lost(self, name: str) -> dict[int, Fraction]:
        return self.marginal(lambda r: self.ship(name, r).hull_lost)

    def krew_killed(self, name: str) -> dict[int, Fraction]:
        return self.marginal(lambda r: self.ship(name, r).krew_killed)

    def damage_results(self, name: str) -> dict[str, Fraction]:
        """For each damage-table result, the chance the ship suffers it."""
        return self._chance_of_each(name, "damage")

    def blows(self, name: str) -> dict[str, Fraction]:
        """For each verdict, the chance that some blow on the ship ends with it."""
        return self._chance_of_each(name, "blows")

    def _chance_of_each(self, name: str, what: Literal["damage", "blows"]) -> dict[str, Fraction]:
        """For each value in a ship's list ``what``, the chance that it appears there at least once."""
        out: dict[str, Fraction] = {}
        for r, p in self.dist.items():
            for v in set(getattr(self.ship(name, r), what)):
                out[v] = out.get(v, Fraction(0)) + p
        return dict(sorted(out.items()))

    def sunk(self, name: str) -> Fraction:
        return self.p(lambda r: self.ship(name, r).sunk)

    def captured(self, name: str) -> Fraction:
        return self.p(lambda r: self.ship(name, r).captured)

    def tags(self) -> dict[str, Fraction]:
        out: dict[str, Fraction] = {}
        for r, p in self.dist.items():
            for t in r.tags:
                out[t] = out.get(t, Fraction(0)) + p
        return dict(sorted(out.items()))

    def to_json(self) -> dict[str, Any]:
        ships: dict[str, Any] = {}
        for name in self.ships:
            ships[name] = {
                "hull_points_lost": {str(k): self.prob(v) for k, v in self.hull_points_lost(name).items()},
                "sunk": self.prob(self.sunk(name)),
                "blows": {k: self.prob(v) for k, v in self.blows(name).items()},
                "damage": {k: self.prob(v) for k, v in self.damage_results(name).items()},
                "krew_killed": {str(k): self.prob(v) for k, v in self.krew_killed(name).items()},
                "captured": self.prob(self.captured(name)),
            }
        return {**self.header(), "ships": ships, "results": {k: self.prob(v) for k, v in self.tags().items()}}

    def rows(self) -> list[Row]:
        rows: list[Row] = []
        for name in self.ships:
            lost = self.hull_points_lost(name)
            if set(lost) != {0}:
                for n, p in lost.items():
                    rows.append((name, f"loses {n} hull point{'' if n == 1 else 's'}", p))
            if (p := self.sunk(name)) > 0:
                rows.append((name, "sunk", p))
            for verdict, p in self.blows(name).items():
                rows.append((name, f"a blow {VERDICTS.get(verdict, verdict)}", p))
            for result, p in self.damage_results(name).items():
                rows.append((name, f"damage table: {result}", p))
            killed = self.krew_killed(name)
            if set(killed) != {0}:
                for n, p in killed.items():
                    rows.append((name, f"{n} krew killed", p))
            if (p := self.captured(name)) > 0:
                rows.append((name, "captured", p))
        rows.extend(("", tag, p) for tag, p in self.tags().items())
        return rows


# --------------------------------------------------------------------------- the sea and its ships


def sea_of(game: Game, sea: Sea | None) -> Sea:
    """The state a question is asked on: ``sea`` if given, else the game's (a Jim Lad game's)."""
    state = sea if sea is not None else game.state
    if not isinstance(state, Sea):
        raise OddsError(f"these odds are worked out for Waagh! Jim Lad! games, not {game.ruleset.name}")
    return state


def ship_of(sea: Sea, name: str) -> Ship:
    ship = sea.ships.get(name)
    if ship is None:
        raise OddsError(f"no ship {name!r}; ships: {', '.join(sea.ships)}")
    return ship


def scope(sea: Sea, names: Iterable[str]) -> Sea:
    """The sea with only these ships (and any ship locked in a fight with one of them): less to
    copy for each run of a procedure that touches nothing else (a blow, the damage table, an
    evasion in open water).  Shares the ships: only ever used as a base that runs copy."""
    keep = set(names)
    keep.update(p for n in list(keep) if (p := sea.ships[n].engaged) is not None)
    out = copy.copy(sea)
    out.ships = {n: s for n, s in sea.ships.items() if n in keep}
    out.fights = [f for f in sea.fights if f.attacker in keep or f.defender in keep]
    return out


# --------------------------------------------------------------------------- answers kept per situation

#: the Jim Lad answers worked out so far (emptied by :func:`grapeshot.odds.clear_cache`)
CACHE: Cache[ShipOdds] = Cache()


def fingerprint(sea: Sea, names: Iterable[str]) -> tuple[Any, ...]:
    """Everything about the ships (and the sea) that a blow's resolution may read: the key of a
    situation in :data:`CACHE`, with the question's own terms (strength, facing, cause)."""
    ships = []
    for n in names:
        s = sea.ships[n]
        ships.append(
            (
                n,
                s.klan,
                s.hull_points,
                s.afloat,
                s.owner,
                s.commander,
                tuple((k.role, k.wounds) for k in s.krew),
                s.gold,
                tuple(sorted(s.damaged_guns)),
                s.rudder_damaged,
                s.engine_damaged,
                tuple(sorted(s.effects.items())),
                tuple(sorted(s.effects_from.items())),
                s.engaged,
                s.reroll_turn,
                s.docked_at,
                s.grounded_on,
            )
        )
    return (tuple(ships), sea.turn, tuple(sea.penetrated), tuple(sorted(sea.reroll_used.items())), tuple(sorted((k, str(v)) for k, v in sea.options.items())))
