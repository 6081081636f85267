"""The magic phase: enough magic for magic ships and their miscasts (NW-MOVE-5, FB-MAGIC-*).

Every wizard knows one spell, a stand-in (docs/rulings.md): a Fiery Bolt, casting value 7, 24"
measured hull to hull (NW-SHIP-4), D6 flaming S4 hits on an enemy unit exposed aboard a ship, or on
its rigging or hull (a flaming attack may harm a ship, NW-SHIP-1).  Only wizards not working the
ship cast (NW-CREW-1) and each casts once a turn; the magician crewing a magic ship is free to
cast (moving the ship does not make him working crew).  The target's side dispels with its best
wizard's level (FB-MAGIC-2).  A miscast goes to the miscast chart (FB-MAGIC-3), and a miscast by a
magic ship's magician sends the ship Out of Control in its next movement phase (NW-MOVE-5).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, cast

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest
from grapeshot.rulesets.navalwarhammer.actions import Cast
from grapeshot.rulesets.navalwarhammer.damage import aftermath, strike
from grapeshot.rulesets.navalwarhammer.data import SPELL_NAME, SPELL_RANGE, SPELL_STRENGTH, SPELL_VALUE
from grapeshot.rulesets.navalwarhammer.fantasy.magic import Spell, dispel, miscast
from grapeshot.rulesets.navalwarhammer.fantasy.magic import cast as cast_spell
from grapeshot.rulesets.navalwarhammer.fantasy.strikes import Attack
from grapeshot.rulesets.navalwarhammer.prompts import CastPrompt
from grapeshot.rulesets.navalwarhammer.state import Sea, Troops
from grapeshot.rulesets.navalwarhammer.targets import exposed, hull_range, sees, ship_of

Proc = Generator[Prompt, Any, Any]
SPELL = Spell(SPELL_NAME, SPELL_VALUE)


def casters(sea: Sea, seat: str) -> list[Troops]:
    return [
        u
        for u in sea.alive()
        if u.seat == seat and u.wizard > 0 and not u.working and not u.busy(sea.turn) and u.acted != sea.turn and ship_of(sea, u) is not None and not u.swimming
    ]


def casts(sea: Sea, seat: str) -> list[Cast]:
    """Every cast a seat may make now (the end of the phase first)."""
    out = [Cast()]
    for w in casters(sea, seat):
        own = ship_of(sea, w)
        assert own is not None
        for ship in sorted(sea.afloat(), key=lambda s: s.name):
            if ship.commander == seat or hull_range(own, ship) > SPELL_RANGE or not sees(sea, own, ship, ship.deck):
                continue
            for v in sorted((v for v in sea.alive() if v.seat != seat and exposed(sea, v, ship.name)), key=lambda v: v.name):
                out.append(Cast(w.name, ship.name, v.name))
            for part in ("rigging", "hull"):
                if ship.part_alive(part):
                    out.append(Cast(w.name, ship.name, part))
    return out


def magic_phase(g: Game, sea: Sea, seat: str) -> Proc:
    g.begin_phase("magic", "FB-MAGIC-1")
    while True:
        answers = casts(sea, seat)
        if len(answers) <= 1:
            return
        words = ["end the magic phase", *(f"{a.wizard} casts {SPELL_NAME} at {a.target} ({a.ship})" for a in answers[1:])]
        a = cast(Cast, (yield CastPrompt((seat,), "FB-MAGIC-1", f"cast {SPELL_NAME}, or end the magic phase", (Cast,), answers=answers, words=words)))
        if a.wizard is None:
            return
        yield from cast_one(g, sea, seat, a)


def cast_one(g: Game, sea: Sea, seat: str, a: Cast) -> Proc:
    wizard = sea.units[cast(str, a.wizard)]
    wizard.acted = sea.turn
    own = ship_of(sea, wizard)
    result = yield from cast_spell(g, seat, wizard.name, wizard.wizard, SPELL)
    if result.miscast:
        magic_ship = own.name if own is not None and own.wizard == wizard.name else None
        m = yield from miscast(g, wizard, magic_ship=magic_ship)
        sea.sync(wizard)
        if m.out_of_control is not None:
            sea.ships[m.out_of_control].out_of_control = True
        return
    if not result.cast:
        return
    dst = sea.ships[a.ship]
    level = max((u.wizard for u in sea.alive() if u.seat == dst.commander and u.wizard), default=0)
    if (yield from dispel(g, dst.commander, level, result, by=f"{dst.commander}'s wizards")):
        return
    target = dst.parts[a.target] if a.target in dst.parts else sea.units[a.target]
    n = yield from g.roll(RollRequest(D6, f"{SPELL_NAME}: hits on {target.name}", "FB-MAGIC-1", seat, wizard.name, "high"))
    yield from strike(g, sea, seat, target, n.total, Attack(f"{wizard.name}'s {SPELL_NAME}", SPELL_STRENGTH, flaming=True), near=dst.hull.centre)
    yield from aftermath(g, sea, seat)
