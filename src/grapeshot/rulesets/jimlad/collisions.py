"""What happens when a moving ship touches something: rams, crashes and groundings (JL-RAM-*).

:func:`collide` is called by every move (ordered, repeated, drifting, blown
about) at each contact its sweep finds, and says whether the move goes on.

* Another ship: ramming rules (JL-RAM-1..5).  The target's Kaptin may evade
  with a leadership test; otherwise both ships take an impact whose
  strength comes from how far the mover had come.  A *planned* ram (the
  order said so, and the target had already moved) spares the rammer one
  point of strength; a crash into a ship by misjudgement or a compulsory
  move does not (JL-RAM-6).
* An island or a dock: a crash at that strength against the ship's own
  hull, and the ship is aground (JL-RAM-6, JL-RAM-7).
* The table's edge: the ship stops; nothing else.
* A mine: it goes off against the ship, which sails on (JL-NPC-1, :mod:`.mines`).
* The Kraken: the ship stops and its impact strikes the Kraken (JL-NPC-2, :mod:`.kraken`).
* The sub: it crash-dives out of the way and the ship sails on (JL-EVT-14).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import TWO_D6, RollRequest
from grapeshot.geometry import Contact, Hull, Obstacle, Path, Vec, angle_diff, first_contact, hulls_overlap, norm_deg, sweep, translate_path, unit
from grapeshot.rulesets.jimlad.basis import Term, explained, single, term
from grapeshot.rulesets.jimlad.compass import wind_sector
from grapeshot.rulesets.jimlad.damage import blow
from grapeshot.rulesets.jimlad.data import KLANS, PROFILE_RULE
from grapeshot.rulesets.jimlad.kraken import wound_kraken
from grapeshot.rulesets.jimlad.mines import detonate
from grapeshot.rulesets.jimlad.state import Sea, Ship

Proc = Generator[Prompt, Any, Any]

#: the rule that governs what a moving ship has met (the edge: a move stops there, JL-MOVE-6)
CONTACT_RULE = {"ship": "JL-RAM-1", "island": "JL-RAM-6", "dock": "JL-RAM-6", "mine": "JL-NPC-1", "kraken": "JL-NPC-2", "sub": "JL-EVT-14", "edge": "JL-MOVE-6"}

EVADE_STEP = 0.5  # inches: how finely an evading ship looks for room beside the rammer's course
EVADE_PRECISION = 0.01  # inches: how closely the least slide that clears the course is found
EVADE_MARGIN = 0.05  # inches: the slide goes this much further, where it can, to clear the course plainly


def impact_band(moved: float) -> int:
    """JL-RAM-3: strength from the distance moved before impact: under 18" S6, 18" to 24" S7,
    over 24" S8 (ruling: exactly 24" is S7)."""
    if moved < 18.0:
        return 6
    if moved <= 24.0:
        return 7
    return 8


def heading_modifier(mover: float, other: float) -> int:
    """JL-RAM-3: +1 when the ships head towards each other (courses 135 degrees or more apart),
    -1 when moving apart (within 45 degrees: the target sailing away from the rammer)."""
    off = abs(angle_diff(mover, other))
    if off >= 135.0:
        return 1
    if off <= 45.0:
        return -1
    return 0


def leadership(ship: Ship) -> int | None:
    """The leadership a ship tests on: its Kaptin's, else its best Ork's; None with no Orks aboard."""
    return max((k.profile.ld for k in ship.krew), default=None)


def collide(g: Game, sea: Sea, ship: Ship, contact: Contact, path: Path, *, ram: bool, compulsory: bool) -> Generator[Prompt, Any, bool]:
    """Resolve one contact of a moving ship; True if its move goes on."""
    course = path.at(contact.at).heading  # the direction of travel at the moment of contact
    g.emit(
        "contact",
        CONTACT_RULE.get(contact.kind),
        ship=ship.name,
        met=contact.ident,
        what=contact.kind,
        at=round(contact.at, 4),
        x=round(ship.hull.x, 4),
        y=round(ship.hull.y, 4),
    )
    if contact.kind == "ship":
        return (yield from ship_contact(g, sea, ship, sea.ships[contact.ident], contact, path, course, ram=ram, compulsory=compulsory))
    if contact.kind in ("island", "dock"):
        yield from run_aground(g, sea, ship, contact, course)
        return False
    if contact.kind in ("mine", "kraken", "sub"):
        return (yield from ship_meets(g, sea, ship, contact, course))
    return False  # the table's edge


def ship_meets(g: Game, sea: Sea, ship: Ship, contact: Contact, course: float) -> Generator[Prompt, Any, bool]:
    """A moving ship touches a mine, the Kraken or the sub; True if its move goes on.

    * a mine detonates against it, and it sails on (JL-NPC-1);
    * the Kraken: the ship stops and its impact (the ramming strength for the distance it came,
      JL-RAM-3) strikes the Kraken; the Kraken answers in its own movement step (JL-NPC-2 ruling);
    * the sub crash-dives out of its way (removed) and the ship sails on (JL-EVT-14 ruling).
    """
    if contact.kind == "mine":
        mine = next(m for m in sea.mines if m.name == contact.ident)
        yield from detonate(g, sea, mine, ship)
        return True
    if contact.kind == "kraken":
        strength, parts, terms = strength_of(sea, ship, contact.at, course, None)
        g.emit("kraken-rammed", "JL-NPC-2", ship=ship.name, strength=strength, **parts, **explained(g, {"strength": terms}))
        yield from wound_kraken(
            g, sea, strength, cause=f"{ship.name} running into the Kraken", by_seat=ship.commander, by_actor=ship.name, rule="JL-NPC-2", strength_basis=terms
        )
        return False
    if contact.kind == "sub":
        sea.sub = None
        g.emit("sub-dives", "JL-EVT-14", why=f"{ship.name} bore down on it")
        return True
    return False


def strength_of(sea: Sea, ship: Ship, moved: float, course: float, other_course: float | None) -> tuple[int, dict[str, Any], list[Term]]:
    """The impact strength of a moving ship, how it was reached (JL-RAM-3, JL-RAM-5), and its
    terms, each with its rule (for the log's ``basis``)."""
    band = impact_band(moved)
    parts: dict[str, Any] = {"moved": round(moved, 4), "band": band}
    terms = [term("JL-RAM-3", f'{moved:.2f}" moved before the impact', band)]
    total = band
    if other_course is not None:
        parts["heading"] = heading_modifier(course, other_course)
        total += parts["heading"]
        terms.append(
            term("JL-RAM-3", {1: "heading towards each other", -1: "moving apart", 0: "neither meeting nor parting"}[parts["heading"]], parts["heading"])
        )
    klan = KLANS[ship.klan]
    if klan.ram_bonus:
        parts["klan"] = klan.ram_bonus
        total += klan.ram_bonus
        terms.append(term("JL-RAM-5", f"{klan.title} ramming ({klan.rule})", klan.ram_bonus))
    if klan.sails:
        sector = wind_sector(sea.wind, course, float(sea.option("wind_sector")))
        parts["wind"] = {"with": 1, "against": -1, "side": 0}[sector]
        total += parts["wind"]
        words = {"with": "with the wind", "against": "against the wind", "side": "the wind abeam"}[sector]
        terms.append(term("JL-RAM-5", f"{klan.title} sailing {words} ({klan.rule}; sectors JL-KLAN-8)", parts["wind"]))
    return total, parts, terms


def ship_contact(
    g: Game, sea: Sea, mover: Ship, target: Ship, contact: Contact, path: Path, course: float, *, ram: bool, compulsory: bool
) -> Generator[Prompt, Any, bool]:
    """JL-RAM-1..6: a moving ship meets another: evade, or both take the impact."""
    planned = ram and not compulsory and target.moved_turn == sea.turn
    if (yield from evade(g, sea, mover, target, path, contact, planned)):
        return True
    strength, parts, terms = strength_of(sea, mover, contact.at, course, target.hull.heading)
    own = strength - 1 if planned else strength
    own_terms = [*terms, term("JL-RAM-4", "a planned ram: the rammer takes one less", -1) if planned else term("JL-RAM-6", "a crash: no reduction", 0)]
    g.emit(
        "ram" if planned else "crash",
        "JL-RAM-3",
        ship=mover.name,
        target=target.name,
        strength=strength,
        own_strength=own,
        **parts,
        **explained(g, {"strength": terms, "own_strength": own_terms}),
    )
    point = mover.hull.bow if not path.reverse else mover.hull.stern
    yield from blow(
        g,
        sea,
        target,
        strength,
        target.hull.facing_towards(point),
        by_seat=mover.commander,
        by_actor=mover.name,
        cause=f"{mover.name}'s ram" if planned else f"{mover.name} crashing",
        rule="JL-RAM-4",
        strength_basis=terms,
    )
    if mover.afloat:
        yield from blow(
            g,
            sea,
            mover,
            own,
            mover.hull.facing_towards(target.hull.centre),
            by_seat=None,
            by_actor=None,
            cause="the impact",
            rule="JL-RAM-4" if planned else "JL-RAM-6",
            strength_basis=own_terms,
        )
    return False


def evade(g: Game, sea: Sea, mover: Ship, target: Ship, path: Path, contact: Contact, planned: bool) -> Generator[Prompt, Any, bool]:
    """JL-RAM-2: the target's Kaptin tests leadership; on a pass the target moves to one side of
    the rammer, just far enough to clear the rest of its course (option ``evade``); if there is
    no room, the test is wasted."""
    ld = leadership(target)
    if ld is None or target.grounded_on is not None or target.docked_at is not None or target.engaged is not None:
        g.emit("evade", "JL-RAM-2", ship=target.name, able=False, passed=False)
        return False
    r = yield from g.roll(RollRequest(TWO_D6, f"{target.name}: leadership to evade", "JL-RAM-2", target.commander, target.name, "low"))
    passed = r.total <= ld
    moved_to: list[float] | None = None
    aside: Aside | None = None
    if passed:
        aside = room_aside(sea, mover, target, path, contact)
        if aside is not None:
            moved_to = [round(aside.hull.x, 4), round(aside.hull.y, 4)]
            target.hull = aside.hull
    detail: dict[str, Any] = {}
    if aside is not None:
        detail = {"side": aside.side, "direction": round(aside.direction, 3), "slid": round(aside.slid, 4)}
    if g.logging:
        leader = max(target.krew, key=lambda k: (k.profile.ld, k.role == "kaptin"))
        why = "the Kaptin's Ld" if leader.role == "kaptin" else f"no Kaptin: the best Ork's Ld (the {leader.profile.title}'s)"
        detail.update(
            explained(
                g,
                {
                    "ld": single(PROFILE_RULE[leader.role], why, ld),
                    "how": single("JL-RAM-2", "where a passed test moves the target (option evade)", sea.option("evade")),
                },
            )
        )
    g.emit("evade", "JL-RAM-2", ship=target.name, able=True, ld=ld, roll=r.total, passed=passed, to=moved_to, how=sea.option("evade"), **detail)
    return moved_to is not None


@dataclass(frozen=True, slots=True)
class Aside:
    """Where an evading ship slipped to: its hull, the side of the rammer (``port`` or
    ``starboard`` of its course), the direction it slid (degrees) and how far."""

    hull: Hull
    side: str
    direction: float
    slid: float


def room_aside(sea: Sea, mover: Ship, target: Ship, path: Path, contact: Contact) -> Aside | None:
    """JL-RAM-2 (ruling, option ``evade``): where the target slips to, or None if it has no room.

    ``nearest`` (the default): square to the rammer's course at the moment of contact, to its
    port or its starboard, whichever needs the shorter slide, the least distance (to 0.01") that
    clears the rest of the rammer's course, reached without touching anything.  ``beam``: straight
    out along the target's own beam, away from the rammer's track, in steps of 0.5", without
    touching anything (the rammer included)."""
    m, t = mover.hull, target.hull
    course = path.at(contact.at).heading
    travel = unit(course)
    reach = m.width + t.width + t.length
    # the side of the rammer's track the target lies on: port (left) when on it or to the left
    near_side = 1.0 if travel.cross(Vec(t.x - m.x, t.y - m.y)) >= 0 else -1.0

    def clears(spot: Hull) -> bool:
        return (
            not hulls_overlap(spot, m) and first_contact(path, m.length, m.width, [Obstacle(target.name, "ship", spot)], None, start=contact.at - 0.05) is None
        )

    obstacles = sea.ship_obstacles(target)
    if sea.option("evade") == "beam":
        beam = (t.heading + 90.0) if near_side * travel.cross(unit(t.heading + 90.0)) > 0 else (t.heading - 90.0)
        k = 1
        while k * EVADE_STEP <= reach:
            moved = sweep(translate_path(t.pose, beam, k * EVADE_STEP), t.length, t.width, obstacles, sea.table)
            if moved.contact is not None:
                return None
            if clears(moved.hull):
                return Aside(moved.hull, "port" if near_side > 0 else "starboard", norm_deg(beam), k * EVADE_STEP)
            k += 1
        return None
    best: Aside | None = None
    for sign in (near_side, -near_side):  # the near side first: it wins a tie
        direction = norm_deg(course + 90.0 * sign)
        free = sweep(translate_path(t.pose, direction, reach), t.length, t.width, obstacles, sea.table)
        limit = free.travelled if best is None else min(free.travelled, best.slid)

        way = unit(direction)

        def at(d: float, way: Vec = way) -> Hull:
            return Hull(t.x + way.x * d, t.y + way.y * d, t.heading, t.length, t.width)

        blocked, found = 0.0, None
        d = EVADE_STEP
        while d <= limit + 1e-9:
            if clears(at(d)):
                found = d
                break
            blocked, d = d, d + EVADE_STEP
        if found is None and limit > blocked + 1e-9 and clears(at(limit)):
            found = limit
        if found is None:
            continue
        while found - blocked > EVADE_PRECISION:  # the least slide that clears the course
            mid = (found + blocked) / 2.0
            if clears(at(mid)):
                found = mid
            else:
                blocked = mid
        slid = min(found + EVADE_MARGIN, free.travelled) if clears(at(min(found + EVADE_MARGIN, free.travelled))) else found
        if best is None or slid < best.slid - EVADE_PRECISION:  # a tie stays on the near side
            best = Aside(at(slid), "port" if sign > 0 else "starboard", direction, slid)
    return best


def run_aground(g: Game, sea: Sea, ship: Ship, contact: Contact, course: float) -> Proc:
    """JL-RAM-6, JL-RAM-7: a crash into an island or a dock, at the strength of the speed it
    had (no -1: it was not planned), and the ship is aground."""
    strength, parts, terms = strength_of(sea, ship, contact.at, course, None)
    terms.append(term("JL-RAM-6", "running aground: struck at the speed it came, no reduction", 0))
    ship.grounded_turn = sea.turn
    ship.grounded_on = contact.ident
    ship.standstill = True
    g.emit("aground", "JL-RAM-7", ship=ship.name, on=contact.ident, strength=strength, **parts, **explained(g, {"strength": terms}))
    yield from blow(
        g,
        sea,
        ship,
        strength,
        ship.hull.facing_towards(ship.hull.bow),
        by_seat=None,
        by_actor=None,
        cause=f"running aground on {contact.ident}",
        rule="JL-RAM-6",
        strength_basis=terms,
    )
