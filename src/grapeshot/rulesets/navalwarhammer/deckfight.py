"""Deck fighting: a round of close combat aboard (NW-BOARD-3, NW-BOARD-4, NW-SWIM-2, NW-PSY-2).

Who strikes, model by model, worked out afresh before every initiative step (boarders move across
between steps):

* a model in contact with enemy models (bases touching, or directly across the gap at two ships'
  gunwales) strikes the unit of the nearest of them;
* a model with a spear, pike, pistols or the like strikes from behind a friend who is in contact
  (the unit that friend fights);
* a model on an enemy deck touching no enemy model may strike an enemy mast it touches (a ship
  part: hit automatically, NW-SHIP-1's immunities apply);
* a swimmer touching an enemy hull strikes it (its rudder at the stern, its oars along a rowed
  ship's side), hit automatically; a swimming monster reaches the crew at that gunwale instead;
  crew at the gunwale strike down at a swimmer below them, without their weapons (NW-SWIM-2);
* a beast out of its handlers' reach strikes whatever model it touches, friend or foe, and no
  friend strikes back (NW-PSY-2).

A unit striking from a deck 2" or more higher than the ship its target stands wholly on has +1 to
hit (NW-BOARD-4).  After each step, for every model a unit slew on an enemy deck one of its models
may take the fallen model's place, shoving enemies aside (the seat is asked how many); when both
sides slew in the same step, only the difference may cross (NW-BOARD-3).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any, cast

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import Base, DeckPoint, Vec, distance, shove_aside
from grapeshot.rulesets.navalwarhammer.aboard import CONTACT, base_of, enemy_models_near, figures, touching
from grapeshot.rulesets.navalwarhammer.actions import Across
from grapeshot.rulesets.navalwarhammer.damage import aftermath, credit
from grapeshot.rulesets.navalwarhammer.data import MAST_RADIUS
from grapeshot.rulesets.navalwarhammer.fantasy.melee import Engagement, RoundResult, strike_key, strike_step, strikers
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import CAUSES, HAND_WEAPON, Special
from grapeshot.rulesets.navalwarhammer.fantasy.psychology import Psychology, take_test
from grapeshot.rulesets.navalwarhammer.fantasy.units import Unit
from grapeshot.rulesets.navalwarhammer.prompts import AcrossPrompt
from grapeshot.rulesets.navalwarhammer.state import Fig, Sea, Troops
from grapeshot.rulesets.navalwarhammer.water import big, touching_hull

Proc = Generator[Prompt, Any, Any]

#: weapons that strike from behind a friend in contact (NW-BOARD-3)
SECOND_RANK = ("spear", "pike", "pistol", "throwing stars", "shuriken")
#: NW-BOARD-4: a deck this much higher gives +1 to hit
HIGHER_DECK = 2.0
#: crew strike down at a swimmer whose base is within this of theirs
STRIKE_DOWN = 1.0


@dataclass
class Fought:
    """What a round of deck fighting did: the wounds each crew inflicted on each other crew (by
    home ship; ship parts aside), the units that fought, and each seat's kills."""

    wounds: Counter[tuple[str, str]] = field(default_factory=Counter)
    units: set[str] = field(default_factory=set)
    pairs: set[tuple[str, str]] = field(default_factory=set)
    seats: dict[str, str] = field(default_factory=dict)


def second_rank(u: Troops) -> bool:
    names = [u.weapon.name.lower()] + ([u.missile.name.lower()] if u.missile is not None else [])
    return any(w in n for n in names for w in SECOND_RANK)


def deck_bonus(sea: Sea, f: Fig, target: Troops) -> int:
    """NW-BOARD-4: +1 to hit from a deck 2" higher than the one the target stands wholly on."""
    ships = {g.on for g in target.figs}
    if not f.aboard or f.level != "deck" or len(ships) != 1 or f.on in ships or "" in ships:
        return 0
    other = sea.ships[next(iter(ships))]
    return 1 if sea.height(f) - other.deck >= HIGHER_DECK - 1e-9 else 0


def _nearest(sea: Sea, p: Vec, models: list[tuple[Troops, int]]) -> tuple[Troops, int]:
    return min(models, key=lambda m: (distance(p, sea.where(m[0].figs[m[1]])), m[0].name, m[1]))


def engagements(sea: Sea, fear_failed: set[str]) -> tuple[list[Engagement], dict[tuple[str, str], Vec]]:
    """Who strikes whom now (see the module docstring), and where each attacking unit's strikers
    stand (the centre of those that strike a target: casualties are taken nearest them)."""
    tally: Counter[tuple[str, str, int, bool]] = Counter()
    where: dict[tuple[str, str], list[Vec]] = {}
    units: dict[str, Unit] = {}

    def add(u: Troops, target: Unit, mod: int, bare: bool, p: Vec) -> None:
        units[target.name] = target
        tally[(u.name, target.name, mod, bare)] += 1
        where.setdefault((u.name, target.name), []).append(p)

    contacts: dict[tuple[str, int], list[tuple[Troops, int]]] = {}
    everyone = figures(sea, levels=("deck", "water", "air"))
    for u in sea.alive():
        if u.fleeing or u.is_machine:
            continue
        near = enemy_models_near(sea, u)
        if u.wild:
            near = near + [(v, j) for v, j in everyone if v.seat == u.seat and v.kind != u.kind and v is not u]
        for i in range(len(u.figs)):
            if u.wild and i not in u.wild and not near:
                continue
            foes = touching(sea, u, i, near)
            if not u.wild or i not in u.wild:
                foes = [m for m in foes if m[0].seat != u.seat]
            if foes:
                contacts[(u.name, i)] = foes
    for u in sea.alive():
        if u.fleeing or u.is_machine:
            continue
        for i, f in enumerate(u.figs):
            p = sea.where(f)
            touched = contacts.get((u.name, i))
            if touched:
                enemies = [m for m in touched if m[0].seat != u.seat] or touched
                v, _ = _nearest(sea, p, enemies)
                add(u, v, deck_bonus(sea, f, v), False, p)
                continue
            if f.level == "deck" and second_rank(u):
                friends = [(w, j) for (wn, j), fs in contacts.items() for w in [sea.units[wn]] if w.seat == u.seat and not w.wild]
                behind = touching(sea, u, i, friends)
                if behind:
                    w, j = _nearest(sea, p, behind)
                    foe, _ = _nearest(sea, sea.where(w.figs[j]), [m for m in contacts[(w.name, j)] if m[0].seat != u.seat] or contacts[(w.name, j)])
                    add(u, foe, deck_bonus(sea, f, foe), False, p)
                    continue
            if f.level == "deck" and f.on and sea.ships[f.on].commander != u.seat:
                ship = sea.ships[f.on]
                for key, dp in ship.mast_points().items():
                    if ship.part_alive(key) and distance(p, dp.world(ship.hull)) <= u.radius + MAST_RADIUS + CONTACT:
                        add(u, ship.parts[key], 0, False, p)
                        break
                continue
            if f.level == "water":
                for ship in sea.afloat():
                    if ship.commander == u.seat or not touching_hull(sea, u, i, ship):
                        continue
                    crew = [
                        (v, j)
                        for v, j in figures(sea, ships=[ship.name])
                        if v.seat != u.seat and distance(sea.where(v.figs[j]), p) <= u.radius + v.radius + STRIKE_DOWN
                    ]
                    if big(u) and crew:
                        v, _ = _nearest(sea, p, crew)
                        add(u, v, 0, True, p)
                    else:
                        add(u, ship.parts[struck_part(sea, ship, p)], 0, True, p)
                    break
            if f.level == "deck" and f.on:
                below = [
                    (v, j)
                    for v, j in everyone
                    if v.seat != u.seat and v.figs[j].level == "water" and distance(sea.where(v.figs[j]), p) <= u.radius + v.radius + STRIKE_DOWN
                ]
                if below and not any(contacts.get((u.name, i), [])):
                    v, _ = _nearest(sea, p, below)
                    add(u, v, 0, True, p)
    out = []
    for (a, t, mod, bare), n in sorted(tally.items()):
        attacker = sea.units[a]
        out.append(Engagement(attacker, units[t], n, mod, a in fear_failed, HAND_WEAPON if bare else None))
    centres = {k: Vec(sum(p.x for p in ps) / len(ps), sum(p.y for p in ps) / len(ps)) for k, ps in where.items()}
    return out, centres


def struck_part(sea: Sea, ship: Any, p: Vec) -> str:
    """NW-SWIM-2: which part a swimmer touching a hull strikes: the rudder at the stern, the oars
    along a rowed ship's side, else the hull."""
    h = ship.hull
    u, _ = h.local(p)
    if u < -h.hl + 0.5 and ship.part_alive("rudder"):
        return "rudder"
    if "oars" in ship.parts and ship.part_alive("oars") and abs(u) <= h.hl * 0.7:
        return "oars"
    return "hull"


def fear_tests(g: Game, sea: Sea, engaged: list[Engagement]) -> Generator[Prompt, Any, set[str]]:
    """FB-PSY-2 at the start of the round, once per boat and unit type (NW-PSY-1): a unit in
    contact with a fear-causing enemy tests; a failure fights at WS 1."""
    failed: set[str] = set()
    done: set[str] = set()
    for e in engaged:
        u = cast(Troops, e.attacker)
        t = e.target
        if u.name in done or t.part or not isinstance(t, Troops) or t.seat == u.seat:
            continue
        if any(t.has(c) and Special.FEAR in immune for c, immune in CAUSES.items()):
            done.add(u.name)
            from grapeshot.rulesets.navalwarhammer.boarding import crew_ld

            ship = sea.ships.get(u.home)
            ld = crew_ld(sea, ship, [u]) if ship is not None else u.profile.ld
            v = yield from take_test(g, Psychology.FEAR, [u], ld=ld, boat=u.boat)
            if not v.passed and v.immune is None:
                failed.add(u.name)
    return failed


def crews_fight(attacker: Troops, target: Troops) -> bool:
    """Whether a blow counts towards a combat result between two ships' crews (NW-BOARD-5): not
    when either side is swimming (swimmers and the crew striking down at them fight no boarding
    action, NW-SWIM-2), nor between two units of one ship."""
    aboard = all(any(f.level != "water" for f in u.figs) for u in (attacker, target))
    return aboard and attacker.home != target.home


def fight(g: Game, sea: Sea) -> Generator[Prompt, Any, Fought]:
    """One round of deck fighting for every model in contact (see the module docstring)."""
    fought = Fought()
    first, _ = engagements(sea, set())
    if not first:
        return fought
    fear = yield from fear_tests(g, sea, first)
    keys = sorted({s.key for s in strikers(first)} | {strike_key(e.attacker, e.attacker.profile) for e in first}, reverse=True)
    result = RoundResult()
    for key in keys:
        now, centres = engagements(sea, fear)
        step = [s for s in strikers(now) if s.key == key and s.engagement.target.alive]
        if not step:
            continue
        fresh = not any(s.engagement.attacker.name in sea.fighting for s in step)
        done = yield from strike_step(g, step, result, first_round=fresh)
        spots: dict[str, list[tuple[str, Vec]]] = {}
        lost: Counter[str] = Counter()
        for attacker_name, target_name, _, dmg in done.strikes:
            attacker = sea.units[attacker_name]
            target = next(s.engagement.target for s in step if s.engagement.target.name == target_name)
            centre = centres.get((attacker_name, target_name))
            boarding = isinstance(target, Troops) and crews_fight(attacker, target)
            gone = sea.sync(target, centre)
            credit(sea, attacker.seat, target, dmg.slain)
            fought.units.update({attacker_name, target_name})
            if isinstance(target, Troops) and target.seat != attacker.seat and not target.part and boarding:
                pair = (attacker.home, target.home)
                fought.wounds[pair] += dmg.inflicted
                fought.pairs.add(tuple(sorted(pair)))  # type: ignore[arg-type]
                fought.seats[attacker.home] = attacker.seat
                fought.seats[target.home] = target.seat
                lost[target.seat] += len(gone)
                for fig in gone:
                    if fig.level == "deck" and fig.on and sea.ships[fig.on].commander != attacker.seat:
                        spots.setdefault(attacker_name, []).append((fig.on, sea.where(fig)))
        yield from aftermath(g, sea, None)
        yield from across(g, sea, spots, lost)
    sea.fighting = set(fought.units)
    return fought


def across(g: Game, sea: Sea, spots: dict[str, list[tuple[str, Vec]]], lost: Counter[str]) -> Proc:
    """NW-BOARD-3: for each model a unit slew on an enemy deck, one of its models may take its
    place; with both sides slaying in the step, only the difference."""
    by_seat: Counter[str] = Counter()
    for name, places in spots.items():
        by_seat[sea.units[name].seat] += len(places)
    allowance = {seat: max(0, n - lost.get(seat, 0)) for seat, n in by_seat.items()}
    for name in sorted(spots):
        u = sea.units[name]
        if not u.alive or allowance.get(u.seat, 0) <= 0:
            continue
        places = [(s, p) for s, p in spots[name] if s in sea.ships and sea.ships[s].afloat]
        candidates = [i for i, f in enumerate(u.figs) if f.level == "deck" and f.on not in {s for s, _ in places}]
        most = min(len(places), allowance[u.seat], len(candidates))
        if most <= 0 or u.is_machine or u.crew_of is not None:
            continue
        answers = [Across(name, k) for k in range(most + 1)]
        a = cast(
            Across,
            (
                yield AcrossPrompt(
                    (u.seat,),
                    "NW-BOARD-3",
                    f"{name} slew {len(places)}: move how many onto the enemy ship?",
                    (Across,),
                    answers=answers,
                    words=[f"move {k} across" for k in range(most + 1)],
                )
            ),
        )
        moved = 0
        for ship_name, spot in places[: a.models]:
            if shove_in(sea, u, ship_name, spot):
                moved += 1
        allowance[u.seat] -= a.models
        g.emit("across", "NW-BOARD-3", unit=name, chose=a.models, moved=moved, most=most)


def shove_in(sea: Sea, u: Troops, ship_name: str, spot: Vec) -> bool:
    """One of the unit's models (the nearest) takes the spot on the enemy deck, the models there
    shoved aside (the table's ``shove_aside``); False if there is no room."""
    ship = sea.ships[ship_name]
    choices = [i for i, f in enumerate(u.figs) if f.level == "deck" and f.on != ship_name]
    if not choices:
        return False
    i = min(choices, key=lambda k: (distance(sea.where(u.figs[k]), spot), k))
    there = figures(sea, ships=[ship_name])
    bases = [base_of(sea, v, j) for v, j in there]
    from grapeshot.rulesets.navalwarhammer.setup import mast_obstacles

    shoved = shove_aside(Base(spot.x, spot.y, u.radius, f"{u.name}#{i}"), bases, [ship.hull], mast_obstacles(ship))
    if shoved is None:
        return False
    for (v, j), b in zip(there, shoved, strict=True):
        dp = DeckPoint.of(ship.hull, b.centre)
        v.figs[j] = Fig(ship_name, dp.along, dp.port, "deck")
    dp = DeckPoint.of(ship.hull, spot)
    u.figs[i] = Fig(ship_name, dp.along, dp.port, "deck")
    return True
