"""When a moving vessel touches another (``collisions.contact``): a ram, a sideswipe or stern
shunt, or a boat coming alongside.

* **A ram** (CG-RAM-1) is a ship's contact made with the fore part of its hull (the first third
  of its length from the bow) while moving ahead in a straight line; the fore part touches when
  it is the nearest part of the ship to the other (moving straight ahead, the first touch is
  always on the bow's edge or its corners, so such a contact is always a ram).  Contact while turning, going
  astern or drifting is a sideswipe.  Damage follows the size-class chart (CG-RAM-2) with the
  rammer's momentum on top (CG-RAM-3: MA left x 3, 2, 1 for a large, middling, small rammer); a
  purpose-built ram adds 3D6 and spares the rammer (CG-RAM-4; option ``ram_stacking`` says
  whether the chart's damage to the target still counts).  A boat or canoe rammed by a ship
  sinks (CG-RAM-5), and the rammer's move goes on.  Otherwise the two are entangled, treated as
  grappled (CG-RAM-1), and the rammer's momentum is spent.
* **A sideswipe or stern shunt** (CG-SIDE-1..4): the smaller ship conforms to the larger and is
  placed point blank, knocking on any smaller ship it lands against (``placement``); equal sizes
  roll off (CG-SIDE-2: one D6 for the moving ship's seat, 1-3 the mover conforms).  An oared
  galley or a ship with sweeps out that sideswipes or is sideswiped takes 2D6, no saves, and on a
  double loses that many rowers (CG-SIDE-4), knock-ons included.  It is a stern shunt when the
  aft part of either ship is what touched.  Then either ship may try to grapple (CG-GRAP-1).
* **A boat or canoe** never rams nor sideswipes: it comes alongside, and its crew may swarm
  aboard an enemy vessel at once (CG-BOARD-5).

Every contact ends the mover's move, but for a boat or canoe run down by a ship.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from grapeshot.core.game import Game
from grapeshot.dice import TWO_D6, DiceExpr, RollRequest
from grapeshot.geometry import hull_distance
from grapeshot.rulesets.collisions.boarding import board_at_once, swarm_from_boat
from grapeshot.rulesets.collisions.grappling import grapple
from grapeshot.rulesets.collisions.placement import knock_on_chain
from grapeshot.rulesets.collisions.protocol import RANK, SHIPS, Motion, Proc, Roller, Verdict
from grapeshot.rulesets.collisions.ships import band, hulls_of, part_touches, ranks_of, room_of, term, who_conforms
from grapeshot.rulesets.collisions.state import Grapple, afloat, emit, host_of, option, pose_json, state_of
from grapeshot.rulesets.collisions.water import clear_water

#: the damage dice of a ram, by (rammer, rammed) size: (D6 to the rammer, D6 to the rammed) (CG-RAM-2)
RAM_CHART: Mapping[tuple[str, str], tuple[int, int]] = {
    ("large", "large"): (1, 1),
    ("large", "middling"): (1, 2),
    ("large", "small"): (0, 2),
    ("middling", "large"): (2, 1),
    ("middling", "middling"): (1, 1),
    ("middling", "small"): (1, 2),
    ("small", "large"): (2, 0),
    ("small", "middling"): (2, 1),
    ("small", "small"): (1, 1),
}
#: momentum: damage for each MA the rammer had left (CG-RAM-3)
MOMENTUM: Mapping[str, int] = {"large": 3, "middling": 2, "small": 1}
#: the share of a hull's length, from the bow, that is its fore part (CG-RAM-1); the same from
#: the stern is its aft part (a stern shunt)
FORE_PART = 1.0 / 3.0
#: a purpose-built ram's extra damage (CG-RAM-4)
RAM_DICE = DiceExpr(3, 6)


@dataclass(frozen=True)
class RamDamage:
    """What a ram's dice and momentum come to (CG-RAM-2..4): the chart's dice (to the rammer,
    to the rammed), what each rolled, the purpose-built ram's 3D6 and the momentum."""

    dice: tuple[int, int]
    chart_to_target: int
    chart_to_rammer: int
    ram_damage: int
    momentum: int

    @property
    def to_target(self) -> int:
        return self.chart_to_target + self.momentum + self.ram_damage


def ram_rolls(
    roll: Roller, rammer: str, target: str, cr: str, ct: str, left: int, purpose: bool, stacking: str, seat: str | None, target_seat: str | None
) -> Proc[RamDamage]:
    """The damage of a ship of class ``cr`` ramming one of class ``ct`` with ``left`` MA to spare:
    the rolls the ram makes, in order, through ``roll`` (the game's, or the odds' dice)."""
    to_rammer_dice, to_target_dice = RAM_CHART[(cr, ct)]
    if purpose and stacking == "no-chart":
        to_target_dice = 0
    chart_target = 0
    if to_target_dice:
        chart_target = (yield from roll(RollRequest(DiceExpr(to_target_dice, 6), f"ram damage to {target}", "CG-RAM-2", seat, rammer, "high"))).total
    bonus = 0
    if purpose:
        bonus = (yield from roll(RollRequest(RAM_DICE, f"{rammer}'s ram", "CG-RAM-4", seat, rammer, "high"))).total
    chart_rammer = 0
    if to_rammer_dice and not purpose:
        chart_rammer = (yield from roll(RollRequest(DiceExpr(to_rammer_dice, 6), f"ram damage to {rammer}", "CG-RAM-2", target_seat, target))).total
    return RamDamage((0 if purpose else to_rammer_dice, to_target_dice), chart_target, chart_rammer, bonus, left * MOMENTUM[cr])


# --------------------------------------------------------------------------- the procedure


def rams(game: Game, mover: str, other: str, motion: Motion) -> bool:
    """Whether a contact between the two, as the host has them placed now, is a ram (CG-RAM-1):
    a ship (not a boat or canoe) moving ahead whose fore part touched.  :func:`contact` decides
    by it, and so do the odds before a host's move that would end in this contact."""
    h = host_of(game)
    if h.size_class(game, mover) not in SHIPS or motion != "forward":
        return False
    hm, ho = h.hull(game, mover), h.hull(game, other)
    return part_touches(band(hm, FORE_PART, True), hm, ho)


def contact(game: Game, mover: str, other: str, motion: Motion) -> Proc[Verdict]:
    """``collisions.contact``: a moving vessel has touched another (see the module docstring)."""
    h = host_of(game)
    if h.size_class(game, mover) not in SHIPS:
        emit(game, "alongside", "CG-BOARD-5", vessel=mover, other=other)
        if h.side(game, mover) != h.side(game, other):
            yield from swarm_from_boat(game, mover, other)
        return Verdict(True, "alongside")
    if rams(game, mover, other, motion):
        return (yield from ram(game, mover, other))
    hm, ho = h.hull(game, mover), h.hull(game, other)
    stern = part_touches(band(hm, FORE_PART, False), hm, ho) or part_touches(band(ho, FORE_PART, False), ho, hm)
    yield from sideswipe(game, mover, other, "stern shunt" if stern else "sideswipe", motion)
    clear_water(game)
    if afloat(game, mover) and afloat(game, other):
        yield from grapple(game, mover, other)
    return Verdict(True, "stern shunt" if stern else "sideswipe")


def sideswipe(game: Game, mover: str, other: str, what: str, motion: Motion) -> Proc[None]:
    """CG-SIDE-1..4: conform, place point blank with any knock-ons, then the oars' damage."""
    h = host_of(game)
    anchor, conforming = yield from who_conforms(game, mover, other, "CG-SIDE-2")
    equal = RANK[h.size_class(game, mover)] == RANK[h.size_class(game, other)]
    hulls = hulls_of(game)
    chain = knock_on_chain(anchor, conforming, hulls, ranks_of(game), room_of(game))
    base = {"mover": mover, "other": other, "contact": what, "motion": motion, "larger": anchor, "conforming": conforming, "roll_off": equal}
    if chain is None:
        emit(game, "sideswipe", "CG-SIDE-1", **base, placed=False, at=pose_json(*hulls[conforming].pose))
        pairs = [(mover, other)]
    else:
        first = chain[0]
        for step in chain:
            h.place(game, step.vessel, step.offer.pose)
        emit(
            game,
            "sideswipe",
            "CG-SIDE-1",
            **base,
            placed=True,
            formation=first.offer.formation,
            facing=first.offer.facing.value,
            before=pose_json(*hulls[conforming].pose),
            at=pose_json(*first.offer.pose),
            gap=round(hull_distance(h.hull(game, anchor), h.hull(game, conforming)), 4),
        )
        for step in chain[1:]:
            emit(
                game,
                "knock-on",
                "CG-SIDE-3",
                struck_by=step.anchor,
                vessel=step.vessel,
                depth=step.depth,
                formation=step.offer.formation,
                facing=step.offer.facing.value,
                before=pose_json(*hulls[step.vessel].pose),
                at=pose_json(*step.offer.pose),
                gap=round(hull_distance(h.hull(game, step.anchor), h.hull(game, step.vessel)), 4),
            )
        pairs = [(mover, other), *((s.anchor, s.vessel) for s in chain[1:])]
    for a, b in pairs:
        for v in (a, b):
            if afloat(game, v):
                yield from oars_smashed(game, v)


def oars_smashed(game: Game, vessel: str) -> Proc[None]:
    """CG-SIDE-4: an oared ship (not a boat) in a sideswipe takes 2D6, no saves; a double
    incapacitates that many rowers (the value of one die)."""
    h = host_of(game)
    if h.size_class(game, vessel) not in SHIPS or not h.oared(game, vessel):
        return
    r = yield from game.roll(RollRequest(TWO_D6, f"oars of {vessel} caught in a sideswipe", "CG-SIDE-4", h.side(game, vessel), vessel))
    double = r.faces[0] == r.faces[1]
    lost = h.lose_rowers(game, vessel, r.faces[0], rule="CG-SIDE-4") if double else 0
    emit(game, "oars", "CG-SIDE-4", vessel=vessel, damage=r.total, faces=list(r.faces), double=double, rowers_lost=lost)
    yield from h.damage(game, vessel, r.total, rule="CG-SIDE-4", cause="oars smashed in a sideswipe", saves=False)


def ram(game: Game, rammer: str, target: str) -> Proc[Verdict]:
    """CG-RAM-1..5 (see the module docstring)."""
    h = host_of(game)
    cr, ct = h.size_class(game, rammer), h.size_class(game, target)
    left = h.allowance_left(game, rammer)
    used = h.allowance(game, rammer) - left
    if ct not in SHIPS:
        emit(game, "ram", "CG-RAM-5", rammer=rammer, target=target, rammer_class=cr, target_class=ct, sunk=True, allowance_left=left)
        yield from h.sink(game, target, rule="CG-RAM-5", cause=f"run down by {rammer}")
        return Verdict(False, "ran down")
    purpose = h.purpose_built_ram(game, rammer)
    stacking = str(option(game, "ram_stacking"))
    dmg = yield from ram_rolls(game.roll, rammer, target, cr, ct, left, purpose, stacking, h.side(game, rammer), h.side(game, target))
    to_rammer_dice, to_target_dice = dmg.dice
    chart_target, chart_rammer, bonus, momentum, to_target = dmg.chart_to_target, dmg.chart_to_rammer, dmg.ram_damage, dmg.momentum, dmg.to_target
    h.spend_allowance(game, rammer)
    st = state_of(game)
    if st.grapple_of(rammer, target) is None:
        st.grapples.append(Grapple(rammer, target, game.turn, "entangled"))
    emit(
        game,
        "ram",
        "CG-RAM-1",
        rammer=rammer,
        target=target,
        rammer_class=cr,
        target_class=ct,
        sunk=False,
        allowance_left=left,
        chart=[to_rammer_dice, to_target_dice],
        chart_to_target=chart_target,
        chart_to_rammer=chart_rammer,
        momentum=momentum,
        ram=purpose,
        ram_damage=bonus,
        to_target=to_target,
        to_rammer=chart_rammer,
        stacking=stacking,
        basis={
            "to_target": [
                term("CG-RAM-2", f"{to_target_dice}D6 for a {cr} ship ramming a {ct} one" if to_target_dice else "none from the chart", chart_target),
                term("CG-RAM-3", f"{left} MA left x {MOMENTUM[cr]} for a {cr} rammer", momentum),
                *([term("CG-RAM-4", "3D6 for a purpose-built ram", bonus)] if purpose else []),
            ],
            "to_rammer": [
                term("CG-RAM-4", "a purpose-built ram spares the rammer", 0)
                if purpose
                else term("CG-RAM-2", f"{to_rammer_dice}D6 for a {cr} ship ramming a {ct} one" if to_rammer_dice else "none from the chart", chart_rammer)
            ],
        },
    )
    if to_target:
        yield from h.damage(game, target, to_target, rule="CG-RAM-2", cause=f"rammed by {rammer}", saves=True)
    if chart_rammer and afloat(game, rammer):
        yield from h.damage(game, rammer, chart_rammer, rule="CG-RAM-2", cause=f"ramming {target}", saves=True)
    if afloat(game, rammer) and afloat(game, target):
        yield from board_at_once(game, rammer, target, used)
    return Verdict(True, "rammed")
