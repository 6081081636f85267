"""Fire (WS-ANIMAL-6): what a sea dragon's breath sets alight, how it burns on, spreads and goes out.

Rulings (docs/rulings.md, WS-ANIMAL-6):

* **What burns.** The breath's hit sets alight what it strikes: a ship, in the section nearest
  the dragon; or a figure.  A cannon or swivel gun struck by fire takes no harm, but a loaded one
  goes off (its load is spent where it points, harming nothing).  A figure in the water is not
  set alight; a fire with nothing left to burn when its roll comes (its ship gone down, its
  figure dead or in the water) goes out without a roll.
* **Burning on.** At the start of every later game turn each fire rolls a D6, in the order lit:
  a 1 and it goes out; a 6 and it does one more point of damage (a point off the ship, a wound
  to the figure), and a ship's fire spreads to a section next to it that is not yet burning
  (the one towards the bow first); anything else, it burns on.  The text gives no other roll.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import DeckPoint, Vec
from grapeshot.rulesets.woodenships.data import FIRE_OUT, FIRE_WORSE
from grapeshot.rulesets.woodenships.pieces import Figure, Fire, Gun, Ship
from grapeshot.rulesets.woodenships.ships import damage as damage_ship
from grapeshot.rulesets.woodenships.state import Shore
from grapeshot.rulesets.woodenships.wounds import wound

RULE = "WS-ANIMAL-6"


def section_near(ship: Ship, p: Vec) -> str:
    """The section of a ship nearest a point on the table."""
    along = DeckPoint.of(ship.hull, p).along
    return min(ship.plan.sections, key=lambda c: 0.0 if c.aft <= along <= c.fore else min(abs(along - c.aft), abs(along - c.fore))).name


def burning(shore: Shore, what: str, name: str, section: str | None = None) -> bool:
    return any(f.what == what and f.name == name and f.section == section for f in shore.fires)


def ignite(g: Game, shore: Shore, target: Figure | Ship | Gun, source: Vec, by: str | None) -> None:
    """What the breath's hit sets alight (a gun is not set alight: a loaded one goes off)."""
    if isinstance(target, Gun):
        went = target.loaded and target.working
        if went:
            target.loaded = False
            target.fired = shore.serial
        g.emit("gun-cookoff", RULE, gun=target.name, ship=target.ship, fired=went)
        return
    if isinstance(target, Ship):
        if not target.afloat:
            return
        section = section_near(target, source)
        _light(g, shore, Fire("ship", target.name, section, shore.turn, by))
        return
    if target.alive and not target.swimming:
        _light(g, shore, Fire("figure", target.name, None, shore.turn, by))


def _light(g: Game, shore: Shore, fire: Fire) -> None:
    if burning(shore, fire.what, fire.name, fire.section):
        return
    shore.fires.append(fire)
    g.emit("fire", RULE, what=fire.what, target=fire.name, section=fire.section, by=fire.by)


def _out(shore: Shore, f: Fire) -> bool:
    """Whether a fire has nothing left to burn: the ship gone down, the figure dead or in the water."""
    if f.what == "ship":
        return not shore.ships[f.name].afloat
    fig = shore.figures[f.name]
    return not fig.alive or fig.swimming


def burn(g: Game, shore: Shore) -> Generator[Prompt, Any, None]:
    """WS-ANIMAL-6: at the start of a game turn every fire lit before it rolls: 1 out, 6 worse."""
    for f in list(shore.fires):
        if f not in shore.fires:
            continue
        if _out(shore, f):
            shore.fires.remove(f)
            g.emit("fire-out", RULE, what=f.what, target=f.name, section=f.section, roll=None)
            continue
        if f.lit >= shore.turn:
            continue
        r = yield from g.roll(RollRequest(D6, f"the fire on {f.name}" + (f" ({f.section})" if f.section else ""), RULE, None, f.name))
        if r.total <= FIRE_OUT:
            shore.fires.remove(f)
            g.emit("fire-out", RULE, what=f.what, target=f.name, section=f.section, roll=r.total)
            continue
        worse = r.total >= FIRE_WORSE
        spread = _spread(shore, f) if worse else None
        g.emit("burn", RULE, what=f.what, target=f.name, section=f.section, roll=r.total, damage=1 if worse else 0, spread_to=spread)
        if not worse:
            continue
        cause = f"fire in {f.name}" + (f"'s {f.section}" if f.section else "")
        if f.what == "ship":
            if spread is not None:
                shore.fires.append(Fire("ship", f.name, spread, shore.turn, f.by))
            damage_ship(g, shore, shore.ships[f.name], 1, f.by, cause, RULE)
        else:
            wound(g, shore, shore.figures[f.name], 1, f.by, cause, RULE)


def _spread(shore: Shore, f: Fire) -> str | None:
    """The section next to a burning one that catches: towards the bow first, else astern."""
    if f.what != "ship":
        return None
    names = [c.name for c in shore.ships[f.name].plan.sections]
    i = names.index(f.section or "")
    for j in (i - 1, i + 1):
        if 0 <= j < len(names) and not burning(shore, "ship", f.name, names[j]):
            return names[j]
    return None
