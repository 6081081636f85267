"""Damage to ships: armour penetration, the ramshackle save, hull points, the damage table, repairs.

One procedure, :func:`strike`, serves every blow that meets armour (krak,
torpedoes, and in time rams, mines, the Kraken and the Chinork) so the
ruling on saves and damage-table rolls (JL-DMG-10) holds for all of them.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any, Literal

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import Facing
from grapeshot.rulesets.jimlad.basis import Basis, Term, explained, single, term
from grapeshot.rulesets.jimlad.data import GUN_DAMAGE_ROLL, GUNS, HULL_POINTS, RAMSHACKLE_SAVE, armour_of, armour_terms
from grapeshot.rulesets.jimlad.melee_result import release_sunk
from grapeshot.rulesets.jimlad.state import Sea, Ship

Proc = Generator[Prompt, Any, Any]
Verdict = Literal["penetrating", "glancing", "none", "saved"]

RIGGERS_NEED = 4  # JL-DMG-9: the grot riggers mend a point of damage on a 4+

#: JL-DMG-3..8: the damage table.
DAMAGE_TABLE: dict[int, tuple[str, str]] = {
    1: ("no-grapeshot", "JL-DMG-3"),
    2: ("no-krak", "JL-DMG-4"),
    3: ("shaken", "JL-DMG-5"),
    4: ("gun-damaged", "JL-DMG-6"),
    5: ("rudder-damaged", "JL-DMG-7"),
    6: ("engine-damaged", "JL-DMG-8"),
}


def penetration(strength: int, roll: int, armour: int) -> Literal["penetrating", "glancing", "none"]:
    """JL-SHOOT-8: strength plus a D6 against armour: above is penetrating, equal glancing."""
    total = strength + roll
    if total > armour:
        return "penetrating"
    if total == armour:
        return "glancing"
    return "none"


def strike(
    g: Game,
    sea: Sea,
    target: Ship,
    strength: int,
    facing: Facing,
    *,
    by_seat: str | None,
    by_actor: str | None,
    cause: str,
    rule: str,
    save: bool = True,
    strength_basis: Sequence[Term] | None = None,
    at_once: bool = False,
) -> Generator[Prompt, Any, Verdict]:
    """Resolve one blow against a hull: penetration roll, 6+ ramshackle save, hull point lost.

    ``strength_basis``: the terms of the strength with their rules (default: the weapon's rule
    gives it whole); ``at_once``: a blow outside the shooting phase (JL-DMG-10), which the log
    says gets the save too."""
    armour = armour_of(target.klan, facing)
    r = yield from g.roll(RollRequest(D6, f"{cause} against {target.name}'s {facing.value} armour", "JL-SHOOT-8", by_seat, by_actor, "high"))
    verdict: Verdict = penetration(strength, r.total, armour)
    saved_roll: int | None = None
    if verdict != "none" and save:
        s = yield from g.roll(RollRequest(D6, f"{target.name}: ramshackle save", "JL-SHIP-3", target.commander, target.name, "high"))
        saved_roll = s.total
        if s.total >= RAMSHACKLE_SAVE:
            verdict = "saved"
    basis: Basis = {}
    if g.logging:
        basis["strength"] = list(strength_basis) if strength_basis else single(rule, cause, strength)
        basis["armour"] = armour_terms(target.klan, facing)
        if saved_roll is not None:
            basis["save"] = single("JL-SHIP-3", "the ramshackle 6+ invulnerable save", RAMSHACKLE_SAVE)
            if at_once:
                basis["save"].append(term("JL-DMG-10", "a blow outside the shooting phase gets it too (ruling)", 0))
    g.emit(
        "strike",
        "JL-SHOOT-8",
        target=target.name,
        cause=cause,
        facing=facing.value,
        armour=armour,
        strength=strength,
        roll=r.total,
        total=strength + r.total,
        save=saved_roll,
        verdict=verdict,
        weapon_rule=rule,
        **explained(g, basis),
    )
    if verdict in ("penetrating", "glancing"):
        lose_hull_point(g, sea, target, by_seat, cause)
        if verdict == "penetrating" and target.afloat and target.name not in sea.penetrated:
            sea.penetrated.append(target.name)
    return verdict


def lose_hull_point(g: Game, sea: Sea, ship: Ship, by_seat: str | None, cause: str) -> None:
    """JL-DMG-1: every glancing or penetrating hit costs a hull point; at 0 the ship sinks."""
    ship.hull_points -= 1
    g.emit("hull-point-lost", "JL-DMG-1", ship=ship.name, left=ship.hull_points, cause=cause)
    if ship.hull_points <= 0:
        sink(g, sea, ship, by_seat, cause)
    elif ship.hull_points == 1:
        g.emit("becalmed", "JL-SHIP-4", ship=ship.name)


def sink(g: Game, sea: Sea, ship: Ship, by_seat: str | None, cause: str) -> None:
    """JL-SHIP-4: a ship at 0 hull points sinks, and its krew and gold go down with it
    (ruling in docs/rulings.md).  Sinking an enemy ship is worth a victory point (JL-WIN-3)."""
    ship.hull_points = 0
    ship.afloat = False
    ship.sunk_by = by_seat
    lost_krew, lost_gold = len(ship.krew), ship.gold
    ship.krew.clear()
    ship.gold = 0
    credited = by_seat is not None and by_seat != ship.commander
    if credited and by_seat is not None:
        sea.sunk_vp[by_seat] = sea.sunk_vp.get(by_seat, 0) + 1
    g.emit("sunk", "JL-SHIP-4", ship=ship.name, cause=cause, by=by_seat, vp_to=by_seat if credited else None, krew_lost=lost_krew, gold_lost=lost_gold)
    if ship.engaged is not None:  # a boarding action ends with her (JL-BOARD-5)
        release_sunk(g, sea, ship)


def damage_table(g: Game, sea: Sea, ship: Ship, by_seat: str | None, *, at_once: bool = False) -> Proc:
    """JL-DMG-2: one roll on the damage table for a ship that took penetrating hits in a
    shooting player's turn, however many it took; ``at_once``: for a penetrating blow outside
    the shooting phase, rolled as it lands (JL-DMG-10)."""
    when = "JL-DMG-10" if at_once else "JL-DMG-2"
    r = yield from g.roll(RollRequest(D6, f"{ship.name}: damage table", "JL-DMG-2", ship.commander, ship.name, None))
    result, rule = DAMAGE_TABLE[r.total]
    next_turn = sea.turn + 1
    detail: dict[str, Any] = {}
    basis: Basis = {}
    if g.logging:
        basis["when"] = single(
            when,
            "at once: a penetrating blow outside the shooting phase (ruling)"
            if at_once
            else "once for the shooting player's turn, however many penetrating hits",
            "at once" if at_once else "after the shooting player's turn",
        )
    if result in ("no-grapeshot", "no-krak", "shaken"):
        ship.add_effect(result, next_turn, sea.turn)
        detail["in_force_on_turn"] = next_turn
        if g.logging:
            basis["in_force_on_turn"] = single("JL-DMG-10", "next turn: the whole of the next game turn (ruling)", next_turn)
    elif result == "gun-damaged":
        gr = yield from g.roll(RollRequest(D6, f"{ship.name}: which gun is damaged", "JL-DMG-6", ship.commander, ship.name, None))
        gun = GUN_DAMAGE_ROLL[gr.total]
        detail["gun"] = gun
        detail["already"] = gun in ship.damaged_guns
        ship.damaged_guns.add(gun)
    elif result == "rudder-damaged":
        detail["already"] = ship.rudder_damaged
        ship.rudder_damaged = True
    else:
        detail["already"] = ship.engine_damaged
        ship.engine_damaged = True
    if g.logging and detail.get("already"):
        basis["already"] = single("JL-DMG-10", "the same damage again changes nothing (ruling)", True)
    g.emit("damage", rule, ship=ship.name, result=result, roll=r.total, by=by_seat, **detail, **explained(g, basis))


def model_blows(g: Game, sea: Sea, ship: Ship, hits: int, strength: int, facing: Any, *, cause: str, rule: str, what: str) -> Proc:
    """A non-player model's hits on a ship (the Kraken's attacks, JL-NPC-2; Da Chinork's shots,
    JL-EVT-11): each is a :func:`blow` of ``strength``, struck while the ship is still afloat."""
    for _ in range(hits):
        if not ship.afloat:
            break
        yield from blow(g, sea, ship, strength, facing, by_seat=None, by_actor=None, cause=cause, rule=rule, strength_basis=single(rule, what, strength))


def blow(
    g: Game,
    sea: Sea,
    ship: Ship,
    strength: int,
    facing: Any,
    *,
    by_seat: str | None,
    by_actor: str | None,
    cause: str,
    rule: str,
    strength_basis: Sequence[Term] | None = None,
) -> Proc:
    """A blow outside the shooting phase: struck like any other, and a penetrating one rolls on
    the damage table at once (JL-DMG-10)."""
    verdict = yield from strike(
        g, sea, ship, strength, facing, by_seat=by_seat, by_actor=by_actor, cause=cause, rule=rule, strength_basis=strength_basis, at_once=True
    )
    if verdict == "penetrating" and ship.afloat:
        if ship.name in sea.penetrated:
            sea.penetrated.remove(ship.name)
        yield from damage_table(g, sea, ship, by_seat, at_once=True)


def cannot_repair(sea: Sea, ship: Ship) -> str | None:
    """Why the grot riggers may not work now, or None if they may (JL-DMG-9): they need two Orks
    to drive them (JL-KREW-5), work once a turn, instead of the kannons and torpedoes, and not
    while the krew fight off snakes (JL-EVT-6)."""
    if not ship.krewed:
        return "too few Orks aboard to drive the grot riggers (JL-KREW-5)"
    if ship.repaired:
        return "the riggers have already worked this turn"
    if ship.fired - {"sluggas"}:
        return "its kannons or torpedoes have fired this turn (repairs replace them)"
    if ship.in_force("snakes", sea.turn):
        return "fighting off the snakes (JL-EVT-6)"
    return None


def repairable(sea: Sea, ship: Ship) -> list[str]:
    """What the grot riggers could mend now (JL-DMG-9; hull points per option ``riggers_repair_hull``)."""
    out = [f"gun:{g}" for g in GUNS if g in ship.damaged_guns]
    if ship.rudder_damaged:
        out.append("rudder")
    if ship.engine_damaged:
        out.append("engine")
    if sea.option("riggers_repair_hull") and ship.hull_points < HULL_POINTS:
        out.append("hull")
    return out


def repair(g: Game, sea: Sea, ship: Ship, what: str) -> Proc:
    """JL-DMG-9: instead of shooting, grot riggers mend one point of damage on a 4+."""
    ship.repaired = True
    r = yield from g.roll(RollRequest(D6, f"{ship.name}: grot riggers repair {what}", "JL-DMG-9", ship.commander, ship.name, "high"))
    fixed = r.total >= RIGGERS_NEED
    if fixed:
        if what == "hull":
            ship.hull_points = min(HULL_POINTS, ship.hull_points + 1)
        elif what == "rudder":
            ship.rudder_damaged = False
        elif what == "engine":
            ship.engine_damaged = False
        else:
            ship.damaged_guns.discard(what.split(":", 1)[1])
    g.emit("repair", "JL-DMG-9", ship=ship.name, what=what, roll=r.total, need=RIGGERS_NEED, fixed=fixed, hull_points=ship.hull_points)
