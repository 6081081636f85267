"""After the blows: the combat result and break tests (NW-BOARD-5), abandoning ship (NW-BOARD-6),
prizes (NW-BOARD-7), cutting loose (NW-BOARD-8), shoving off (NW-BOARD-9) and consolidation
(NW-BOARD-10).

* Each pair of crews that fought scores its round: the wounds each inflicted, +1 the larger crew,
  +2 one twice the size (the fantasy core's :func:`~.fantasy.combat.combat_result`; a standard
  +1, a drawn round to a musician).  The loser tests on the highest unmodified Ld of its crew; a
  failure leaves it Shaken, and a Shaken crew that fails abandons ship.
* Abandon Ship: a crew with models on an enemy ship calls them home (wherever there is room on
  its own deck) and fights on; one with none there leaps overboard: each model within its move of
  its ship's side goes into the water, the rest are slain.
* A ship with no model of its own side aboard and enemies aboard is taken: its new commander's
  models aboard become its crew, and it is worth twice its victory points if it stays in their
  hands (NW-BOARD-7; counted at the end).
* At the end of the close combat phase a grappled ship may try to cut loose from the enemies it is
  grappled with, if it has two unengaged models of its crew at its gunwale or won a round: a D6
  for each, 4+ from a ship of its size or larger, 2+ from a smaller one; at once if no enemy model
  is left aboard the other ship.  Its models aboard the enemy first make a normal move home.  A
  ship cut loose from every enemy may shove off: 4" in any direction, no turn.
* Crews still grappled and fighting may consolidate, the winner first: engaged models move up to
  2" (from ship to ship where there is room) into contact with more enemies, never out of contact
  and never into contact with fewer.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import Any, cast

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import DeckPoint, Vec, bearing, distance, translate_path, unit
from grapeshot.rulesets.navalwarhammer.aboard import at_rail, enemy_contacts, enemy_models_near, facing_side, go_home, space_on
from grapeshot.rulesets.navalwarhammer.actions import Consolidate, CutLoose, ShoveOff
from grapeshot.rulesets.navalwarhammer.courses import shove_off_most
from grapeshot.rulesets.navalwarhammer.damage import credit, overboard
from grapeshot.rulesets.navalwarhammer.data import CONSOLIDATE
from grapeshot.rulesets.navalwarhammer.deckfight import Fought
from grapeshot.rulesets.navalwarhammer.fantasy.combat import Side, break_test, combat_result
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import CAPACITY, Special
from grapeshot.rulesets.navalwarhammer.fantasy.units import highest_leadership
from grapeshot.rulesets.navalwarhammer.harbour import crew_places, split
from grapeshot.rulesets.navalwarhammer.prompts import ConsolidatePrompt, CutLoosePrompt, ShoveOffPrompt
from grapeshot.rulesets.navalwarhammer.state import Fig, Sea, Ship, Troops

Proc = Generator[Prompt, Any, Any]


def crew_size(sea: Sea, ship: str) -> int:
    """NW-BOARD-5: a crew's size is its models, wherever they stand (war machines aside)."""
    return sum(u.models for u in sea.crew(ship) if not u.is_machine)


def results(g: Game, sea: Sea, fought: Fought) -> Proc:
    """NW-BOARD-5, NW-BOARD-6: each fight's result, the loser's break test, and what follows."""
    for a, b in sorted(fought.pairs):
        if a not in sea.ships or b not in sea.ships or not crew_size(sea, a) or not crew_size(sea, b):
            continue
        sides = []
        for me, them in ((a, b), (b, a)):
            fighters = [sea.units[n] for n in fought.units if n in sea.units and sea.units[n].home == me]
            bonuses = (("standard", 1),) if any(u.standard and u.alive for u in fighters) else ()
            sides.append(Side(me, fought.seats[me], fought.wounds[(me, them)], crew_size(sea, me), bonuses, any(u.musician and u.alive for u in fighters)))
        cr = combat_result(g, sides[0], sides[1], outnumber=str(sea.option("outnumber")))
        if cr.winner is None or cr.loser is None:
            continue
        sea.ships[cr.winner].won_round = True
        loser = sea.ships[cr.loser]
        crew = sea.crew(loser.name)
        fighters = [u for u in crew if u.name in fought.units] or crew
        bt = yield from break_test(
            g,
            loser.name,
            fought.seats[loser.name],
            highest_leadership(crew),
            shaken=loser.shaken,
            difference=cr.difference,
            stubborn=all(u.has(Special.STUBBORN) for u in fighters),
            unbreakable=all(u.has(Special.UNBREAKABLE) for u in fighters),
            shaken_penalty=str(sea.option("shaken_penalty")),
        )
        if bt.verdict == "shaken":
            loser.shaken = True
        elif bt.verdict == "abandon":
            yield from abandon(g, sea, loser, fought.seats[cr.winner])
    crew_prizes(g, sea)


def abandon(g: Game, sea: Sea, ship: Ship, victor: str) -> Proc:
    """NW-BOARD-6: Abandon ship!"""
    crew = sea.crew(ship.name)
    away = [u for u in crew if any(f.aboard and f.on != ship.name for f in u.figs)]
    if away:
        stuck = {u.name: go_home(sea, u, None) for u in away}
        g.emit("abandon-ship", "NW-BOARD-6", ship=ship.name, boarders_home=sorted(u.name for u in away), no_room=stuck, into_the_water=0, slain=0)
        return
    jumped = slain = 0
    hull = ship.hull
    for u in crew:
        if u.is_machine:
            continue
        leap: list[int] = []
        lost: list[int] = []
        for i, f in enumerate(u.figs):
            if not (f.aboard and f.on == ship.name):
                continue
            edge = min(hull.hl - abs(f.a), hull.hw - abs(f.b))
            (leap if edge <= max(1, u.profile.m) and f.level != "below" else lost).append(i)
        for i in sorted(lost, reverse=True):
            u.figs.pop(i)
            u.slay_one()
        credit(sea, victor, u, len(lost))
        slain += len(lost)
        if leap:
            overboard(g, sea, u, leap, why=f"{ship.name} abandoned")
            jumped += len(leap)
    g.emit("abandon-ship", "NW-BOARD-6", ship=ship.name, boarders_home=[], no_room={}, into_the_water=jumped, slain=slain)
    yield from ()


def crew_prizes(g: Game, sea: Sea) -> None:
    """NW-BOARD-7: ships taken by enemies change hands; the captors' models aboard crew them."""
    for ship in list(sea.afloat()):
        mine = sum(1 for u, _ in sea.aboard(ship.name) if u.seat == ship.commander and not u.is_machine)
        if mine == 0:
            counts: dict[str, int] = {}
            for u, _ in sea.aboard(ship.name):
                if not u.is_machine:
                    counts[u.seat] = counts.get(u.seat, 0) + 1
            if counts:
                taker = max(sorted(counts), key=lambda s: counts[s])
                was = ship.commander
                ship.commander = taker
                ship.shaken = False
                for u in sea.crew(ship.name):  # the old crew's war machines pass to the captors
                    if u.is_machine:
                        u.seat = taker
                g.emit("prize", "NW-BOARD-7", ship=ship.name, by=taker, from_seat=was, models=counts[taker])
        if ship.commander != ship.owner:
            for u in list(sea.alive()):
                if u.seat == ship.commander and u.home != ship.name and not u.is_machine:
                    here = [i for i, f in enumerate(u.figs) if f.on == ship.name and f.aboard]
                    room = (ship.capacity - crew_places(sea, ship)) // max(1, CAPACITY[u.troop])
                    here = here[: max(0, room)]
                    if here and len(here) == len(u.figs):
                        u.home = u.boat = ship.name
                    elif here:
                        moved = [u.figs[i] for i in here]
                        u.figs = [f for i, f in enumerate(u.figs) if i not in here] + moved
                        new = split(sea, u, ship, len(moved))
                        new.working = False


# --------------------------------------------------------------------------- cutting loose


def free_at_rail(sea: Sea, ship: Ship) -> int:
    """NW-BOARD-8: the ship's own crew's unengaged models at its gunwale facing a ship it is
    grappled with (a model across from an enemy at the other gunwale counts as engaged)."""
    sides = {facing_side(ship, sea.ships[o]) for o in ship.grappled if o in sea.ships}
    n = 0
    for u in sea.crew(ship.name):
        near = enemy_models_near(sea, u)
        for i, f in enumerate(u.figs):
            if f.on == ship.name and at_rail(sea, u, i) and ship.hull.facing_towards(sea.where(f)) in sides and not enemy_contacts(sea, u, i, near):
                n += 1
    return n


def none_left(sea: Sea, other: Ship) -> bool:
    """All enemy models aboard the other ship are slain: nobody of its side is left aboard it."""
    return not any(u.seat == other.commander and not u.is_machine for u, _ in sea.aboard(other.name))


def cut_loose_phase(g: Game, sea: Sea, active: str) -> Proc:
    """NW-BOARD-8, NW-BOARD-9 at the end of the close combat phase, the active seat's ships first."""
    order = sorted((s for s in sea.afloat() if s.grappled), key=lambda s: (s.commander != active, s.name))
    for ship in order:
        if not ship.afloat or not ship.grappled:
            continue
        enemies = [sea.ships[o] for o in ship.grappled if sea.ships[o].commander != ship.commander]
        friends = [sea.ships[o] for o in ship.grappled if sea.ships[o].commander == ship.commander]
        auto = {o.name for o in enemies if none_left(sea, o)}
        may = ship.won_round or free_at_rail(sea, ship) >= 2 or bool(auto) or (friends and not enemies)
        if not may:
            continue
        answers = [CutLoose(ship.name, False), CutLoose(ship.name, True)]
        a = cast(
            CutLoose,
            (
                yield CutLoosePrompt(
                    (ship.commander,),
                    "NW-BOARD-8",
                    f"{ship.name}: cut loose from {', '.join(ship.grappled)}?",
                    (CutLoose,),
                    answers=answers,
                    words=["stay grappled", "cut loose"],
                )
            ),
        )
        if not a.attempt:
            continue
        homes = {u.name: go_home(sea, u, float(max(1, u.profile.m))) for u in sea.crew(ship.name) if any(f.aboard and f.on != ship.name for f in u.figs)}
        freed = []
        for other in [*enemies, *friends]:
            if other in friends or other.name in auto:
                ok, roll, need = True, None, None
            else:
                need = 2 if other.rank < ship.rank else 4
                r = yield from g.roll(
                    RollRequest(D6, f"{ship.name}: cut loose from {other.name} ({need}+)", "NW-BOARD-8", ship.commander, ship.name, "high", need)
                )
                roll, ok = r.total, r.total >= need
            if ok:
                ship.grappled = [s for s in ship.grappled if s != other.name]
                other.grappled = [s for s in other.grappled if s != ship.name]
                freed.append(other.name)
            g.emit("cut-loose", "NW-BOARD-8", ship=ship.name, other=other.name, roll=roll, needed=need, automatic=roll is None, cut=ok, models_home=homes)
        if enemies and not any(sea.ships[o].commander != ship.commander for o in ship.grappled):
            yield from shove_off(g, sea, ship)


def shove_off(g: Game, sea: Sea, ship: Ship) -> Proc:
    """NW-BOARD-9: a ship cut loose from every enemy may move 4" in any direction, with no turns
    (an inch less with heavy timbers, NW-UPG-3)."""
    most = shove_off_most(ship)
    a = cast(
        ShoveOff,
        (
            yield ShoveOffPrompt(
                (ship.commander,), "NW-BOARD-9", f'{ship.name}: shove off (up to {most:g}")?', (ShoveOff,), ship=ship.name, heading=ship.hull.heading, most=most
            )
        ),
    )
    if a.inches <= 0:
        return
    from grapeshot.rulesets.navalwarhammer.moving import travel

    g.emit("shove-off", "NW-BOARD-9", ship=ship.name, direction=round(a.direction, 3), inches=round(a.inches, 4))
    yield from travel(g, sea, ship, translate_path(ship.hull.pose, a.direction, a.inches), a.inches, why="shoving off")


# --------------------------------------------------------------------------- consolidation


def consolidation(g: Game, sea: Sea, fought: Fought) -> Proc:
    """NW-BOARD-10: crews still grappled and in combat consolidate, the winner first."""
    for a, b in sorted(fought.pairs):
        if a not in sea.ships or b not in sea.ships:
            continue
        sa, sb = sea.ships[a], sea.ships[b]
        if b not in sa.grappled or not sa.afloat or not sb.afloat:
            continue
        first = [sa, sb] if sa.won_round or not sb.won_round else [sb, sa]
        for ship in first:
            units = [u for u in sea.alive() if u.home == ship.name and u.name in fought.units and u.seat == ship.commander]
            if not any(enemy_contacts(sea, u, i) for u in units for i in range(len(u.figs))):
                continue
            answers = [Consolidate(ship.name, False), Consolidate(ship.name, True)]
            c = cast(
                Consolidate,
                (
                    yield ConsolidatePrompt(
                        (ship.commander,), "NW-BOARD-10", f"{ship.name}'s crew: consolidate?", (Consolidate,), answers=answers, words=["hold", "consolidate"]
                    )
                ),
            )
            if c.consolidate:
                moved = consolidate(sea, units)
                g.emit("consolidate", "NW-BOARD-10", ship=ship.name, models=moved)


def consolidate(sea: Sea, units: list[Troops]) -> int:
    """Each engaged model moves up to 2" to where it touches more enemies (never fewer, never out
    of contact), from ship to ship where there is room: of the places touching one enemy or two at
    once, the one touching the most, the nearest of those; returns how many moved."""
    moved = 0
    for u in units:
        for i in range(len(u.figs)):
            f = u.figs[i]
            if f.level != "deck":
                continue
            near = enemy_models_near(sea, u)
            now = len(enemy_contacts(sea, u, i, near))
            if now == 0:
                continue
            start = sea.where(f)
            reach = [
                (sea.where(v.figs[j]), u.radius + v.radius)
                for v, j in near
                if v.figs[j].level == "deck" and distance(start, sea.where(v.figs[j])) <= CONSOLIDATE + u.radius + v.radius
            ]
            best: tuple[int, float, Fig] | None = None
            for spot in candidates(start, reach):
                ship = next((s for s in sea.afloat() if s.hull.contains(spot) and (s.name == f.on or s.name in sea.ships[f.on].grappled)), None)
                if ship is None or distance(start, spot) > CONSOLIDATE + 1e-9 or not space_on(sea, ship, "deck", u.radius, [(u, i)]).holds(spot):
                    continue
                dp = DeckPoint.of(ship.hull, spot)
                trial = Fig(ship.name, dp.along, dp.port, "deck")
                u.figs[i] = trial
                count = len(enemy_contacts(sea, u, i, near))
                u.figs[i] = f
                d = distance(start, spot)
                if count > now and (best is None or count > best[0] or (count == best[0] and d < best[1])):
                    best = (count, d, trial)
            if best is not None:
                u.figs[i] = best[2]
                moved += 1
    return moved


def candidates(start: Vec, reach: list[tuple[Vec, float]]) -> list[Vec]:
    """Places touching an enemy (the nearest such to ``start``) and touching two at once (where
    the circles of their reach cross), a hair inside each touch."""
    out: list[Vec] = []
    for c, r in reach:
        d = unit(bearing(c, start))
        out.append(Vec(c.x + d.x * r, c.y + d.y * r))
    for k, (c1, r1) in enumerate(reach):
        for c2, r2 in reach[k + 1 :]:
            gap = distance(c1, c2)
            if gap <= 1e-9 or gap > r1 + r2 or gap < abs(r1 - r2):
                continue
            a = (r1 * r1 - r2 * r2 + gap * gap) / (2.0 * gap)
            h = math.sqrt(max(0.0, r1 * r1 - a * a))
            mx, my = c1.x + (c2.x - c1.x) * a / gap, c1.y + (c2.y - c1.y) * a / gap
            ox, oy = -(c2.y - c1.y) * h / gap, (c2.x - c1.x) * h / gap
            out += [Vec(mx + ox, my + oy), Vec(mx - ox, my - oy)]
    return out
