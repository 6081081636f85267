"""Torpedoes (JL-SHOOT-6) and the Blood Axes' manned torpedoes (JL-SHOOT-7, JL-KLAN-7).

A salvo is two S9 torpedoes.  Standard ones run straight ahead in parallel,
2" apart, for 48"; each end point scatters 2D6" and the track is redrawn to
it; the first hull under a track is struck (one ship may take both).
Manned torpedoes go where they are aimed, within 90 degrees of the bow and
18", without scatter.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import SCATTER, RollRequest, nd6
from grapeshot.geometry import Arc, Hull, Vec, distance, first_hull_on_segment, scatter, unit
from grapeshot.rulesets.jimlad.actions import Torpedoes
from grapeshot.rulesets.jimlad.basis import Basis, explained, single
from grapeshot.rulesets.jimlad.damage import strike
from grapeshot.rulesets.jimlad.data import (
    KLANS,
    KRAKEN,
    MANNED_TORPEDO_ARC,
    MANNED_TORPEDO_RANGE,
    TORPEDO_RUN,
    TORPEDO_SCATTER_DICE,
    TORPEDO_SPACING,
    TORPEDO_STRENGTH,
)
from grapeshot.rulesets.jimlad.harbour import in_harbour
from grapeshot.rulesets.jimlad.kraken import kraken_on_track, wound_kraken
from grapeshot.rulesets.jimlad.state import Sea, Ship

Proc = Generator[Prompt, Any, Any]


#: the rule that gives each kind of torpedo its S9
STRENGTH_BASIS = {
    "JL-SHOOT-6": single("JL-SHOOT-6", "a torpedo", TORPEDO_STRENGTH),
    "JL-SHOOT-7": single("JL-KLAN-7", "a Blood Axe manned torpedo: S9, as the torpedoes it replaces (ruling)", TORPEDO_STRENGTH),
    "JL-EVT-14": single("JL-EVT-14", "Da Dred NoOrk's torpedo: a standard S9 torpedo (JL-SHOOT-6)", TORPEDO_STRENGTH),
}


def can_launch(ship: Ship) -> bool:
    return ship.salvos_left > 0 and "torpedoes" not in ship.fired and not ship.repaired


def manned_arc(ship: Ship) -> Arc:
    return Arc(ship.hull.heading, MANNED_TORPEDO_ARC)


def check_torpedoes(sea: Sea, ship: Ship, action: Torpedoes) -> None:
    if not can_launch(ship):
        raise IllegalAction(f"{ship.name} has no torpedo salvo to launch this turn (salvos left: {ship.salvos_left})")
    if KLANS[ship.klan].manned_torpedoes:
        if len(action.aims) != 2:
            raise IllegalAction("Blood Axe manned torpedoes need two aim points [[x, y], [x, y]]")
        bow = ship.hull.bow
        for a in action.aims:
            p = Vec(*a)
            if distance(bow, p) > MANNED_TORPEDO_RANGE + 1e-9 or not manned_arc(ship).contains(bow, p):
                raise IllegalAction(
                    f'manned torpedo aim {list(a)} must be within {MANNED_TORPEDO_RANGE:g}" of the bow and {MANNED_TORPEDO_ARC:g} degrees of dead ahead'
                )
    elif action.aims:
        raise IllegalAction("standard torpedoes run straight ahead: give no aim points")


Track = tuple[Vec, Vec, dict[str, Any]]


def launch(g: Game, sea: Sea, ship: Ship, action: Torpedoes) -> Proc:
    """Launch the salvo and resolve both torpedoes."""
    ship.fired.add("torpedoes")
    ship.salvos_left -= 1
    manned = KLANS[ship.klan].manned_torpedoes
    tracks: list[Track]
    if manned:
        bow = ship.hull.bow
        tracks = [(bow, Vec(*a), {"manned": True}) for a in action.aims]
    else:
        tracks = yield from standard_tracks(g, ship.hull, ship.name, ship.commander, ship.name)
    rule = "JL-SHOOT-7" if manned else "JL-SHOOT-6"
    yield from run_tracks(g, sea, ship.name, tracks, rule, by_seat=ship.commander, by_actor=ship.name, launcher=ship)


def standard_tracks(g: Game, hull: Hull, who: str, seat: str | None, actor: str | None) -> Generator[Prompt, Any, list[Track]]:
    """Two standard torpedoes from the bow of ``hull``: parallel tracks 48" dead ahead, each end
    scattering 2D6" (JL-SHOOT-6; Da Dred NoOrk fires the same, JL-EVT-14)."""
    ahead = unit(hull.heading)
    tracks: list[Track] = []
    for side in (0.5, -0.5):
        start = hull.world(hull.hl, side * TORPEDO_SPACING)
        intended = Vec(start.x + ahead.x * TORPEDO_RUN, start.y + ahead.y * TORPEDO_RUN)
        sc = yield from g.roll(RollRequest(SCATTER, f"{who}: torpedo scatter", "JL-SHOOT-6", seat, actor, "hit"))
        inches = 0
        if sc.direction is not None:
            d = yield from g.roll(RollRequest(nd6(TORPEDO_SCATTER_DICE), f"{who}: torpedo scatter distance", "JL-SHOOT-6", seat, actor, None))
            inches = d.total
        end = scatter(intended, sc.direction, float(inches))
        tracks.append(
            (
                start,
                end,
                {
                    "intended": [round(intended.x, 4), round(intended.y, 4)],
                    "scatter": {"hit": sc.direction is None, "direction": None if sc.direction is None else round(sc.direction, 3), "inches": inches},
                },
            )
        )
    return tracks


def track_basis(rule: str, info: dict[str, Any]) -> Basis:
    """The rules behind a torpedo's track (for the log)."""
    if info.get("manned"):
        return {
            "end": single("JL-KLAN-7", 'manned: where it was aimed, within 18" and 45 degrees of dead ahead, without scatter (JL-SHOOT-7)', "aim"),
            "torpedo": single("JL-KLAN-7", "two manned torpedoes replace the two torpedoes (ruling)", 2),
        }
    return {
        "intended": single(rule, '48" dead ahead', TORPEDO_RUN),
        "scatter.inches": single(rule, "2D6 on an arrow, none on a hit", info["scatter"]["inches"]),
        "start": single(rule, f'from the bow, the two tracks {TORPEDO_SPACING:g}" apart (ruling)', TORPEDO_SPACING),
    }


def run_tracks(g: Game, sea: Sea, who: str, tracks: list[Track], rule: str, *, by_seat: str | None, by_actor: str | None, launcher: Ship | None) -> Proc:
    """Each torpedo strikes the first hull on its track (not the launcher's), or the Kraken if it
    lies first on the track (JL-NPC-2)."""
    for i, (start, end, info) in enumerate(tracks):
        # a ship in harbour is never harmed (JL-PORT-1): torpedoes pass it by
        others = [(s.name, s.hull) for s in sea.afloat() if s is not launcher and not in_harbour(sea, s)]
        found = first_hull_on_segment(start, end, others)
        beast = kraken_on_track(sea, start, end)
        if beast is not None and (found is None or distance(start, beast) < distance(start, found[1])):
            found = (KRAKEN, beast)
        g.emit(
            "torpedo",
            rule,
            ship=who,
            torpedo=i + 1,
            start=[round(start.x, 4), round(start.y, 4)],
            end=[round(end.x, 4), round(end.y, 4)],
            hit=None if found is None else found[0],
            at=None if found is None else [round(found[1].x, 4), round(found[1].y, 4)],
            **info,
            **explained(g, track_basis(rule, info)),
        )
        if found is None:
            continue
        if found[0] == KRAKEN:
            yield from wound_kraken(g, sea, TORPEDO_STRENGTH, cause=f"{who}'s torpedo", by_seat=by_seat, by_actor=by_actor, rule=rule)
            continue
        target = sea.ships[found[0]]
        facing = target.hull.facing_towards(start if target.hull.contains(start) else found[1] - (end - start) * 1e-6)
        yield from strike(
            g,
            sea,
            target,
            TORPEDO_STRENGTH,
            facing,
            by_seat=by_seat,
            by_actor=by_actor,
            cause=f"{who}'s torpedo",
            rule=rule,
            strength_basis=STRENGTH_BASIS[rule],
        )
