"""Enough magic for magic ships and their miscasts: casting, dispelling, the miscast chart.

A compact stand-in for the fantasy game's magic phase (docs/rulings.md):

* **casting** (FB-MAGIC-1): the wizard rolls 2D6 and adds his level; the spell is cast if that
  reaches its casting value.  A double 1 always fails and miscasts; a double 6 always succeeds
  and cannot be dispelled (irresistible).
* **dispelling** (FB-MAGIC-2): the opponent rolls 2D6 and adds the level of his best wizard
  (0 without one); the spell is dispelled if that reaches the casting total.  A double 1 never
  dispels.
* **miscasts** (FB-MAGIC-3): a D6 on the miscast chart: 1 the wizard takes an S6 hit with no
  armour save; 2-3 he loses a wound, no save of any kind; 4-6 he is stunned and casts no more
  this turn.  Whatever the result, a magic ship crewed by that wizard goes Out of Control in
  its next movement phase (NW-MOVE-5): :class:`Miscast` says so for the rule set.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from enum import Enum
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, TWO_D6, RollRequest
from grapeshot.rulesets.navalwarhammer.fantasy.strikes import Attack, Damage, resolve_hits
from grapeshot.rulesets.navalwarhammer.fantasy.units import Unit


@dataclass(frozen=True, slots=True)
class Spell:
    name: str
    casting_value: int

    def __post_init__(self) -> None:
        if not 2 <= self.casting_value <= 20:
            raise ValueError(f"spell {self.name!r}: casting value 2 to 20, got {self.casting_value}")


@dataclass(frozen=True, slots=True)
class Casting:
    """An attempt to cast: the dice, the total with the level, and what came of it."""

    wizard: str
    spell: str
    level: int
    total: int
    cast: bool
    irresistible: bool = False
    miscast: bool = False


def cast(g: Game, seat: str, wizard: str, level: int, spell: Spell) -> Generator[Prompt, Any, Casting]:
    """FB-MAGIC-1: 2D6 + level against the casting value; double 1 fails and miscasts, double 6
    is irresistible."""
    need = spell.casting_value - level
    r = yield from g.roll(
        RollRequest(TWO_D6, f"{wizard}: casts {spell.name} (casting value {spell.casting_value}, level {level})", "FB-MAGIC-1", seat, wizard, "high", need)
    )
    a, b = r.faces
    double = a == b
    total = r.total + level
    if double and a == 1:
        result = Casting(wizard, spell.name, level, total, False, miscast=True)
    elif double and a == 6:
        result = Casting(wizard, spell.name, level, total, True, irresistible=True)
    else:
        result = Casting(wizard, spell.name, level, total, total >= spell.casting_value)
    g.emit(
        "cast",
        "FB-MAGIC-1",
        wizard=wizard,
        spell=spell.name,
        casting_value=spell.casting_value,
        level=level,
        roll=r.total,
        total=total,
        cast=result.cast,
        irresistible=result.irresistible,
        miscast=result.miscast,
    )
    return result


def dispel(g: Game, seat: str, level: int, casting: Casting, *, by: str = "dispel") -> Generator[Prompt, Any, bool]:
    """FB-MAGIC-2: the opponent's 2D6 + ``level`` (his best wizard's, 0 without one) against the
    casting total.  Nothing to roll for a spell that failed or is irresistible."""
    if not casting.cast or casting.irresistible:
        g.emit("dispel", "FB-MAGIC-2", spell=casting.spell, by=by, rolled=False, dispelled=False, irresistible=casting.irresistible)
        return False
    need = casting.total - level
    r = yield from g.roll(RollRequest(TWO_D6, f"{by}: dispel {casting.spell} (cast with {casting.total})", "FB-MAGIC-2", seat, by, "high", need))
    a, b = r.faces
    dispelled = not (a == b and a == 1) and r.total + level >= casting.total
    g.emit(
        "dispel",
        "FB-MAGIC-2",
        spell=casting.spell,
        by=by,
        rolled=True,
        level=level,
        roll=r.total,
        total=r.total + level,
        needed=casting.total,
        dispelled=dispelled,
    )
    return dispelled


class MiscastEffect(str, Enum):
    HIT = "struck"  # an S6 hit, no armour save
    WOUND = "wounded"  # a wound, no save of any kind
    STUNNED = "stunned"  # no more spells this turn


#: FB-MAGIC-3: the miscast chart (D6)
MISCAST_CHART: dict[int, MiscastEffect] = {
    1: MiscastEffect.HIT,
    2: MiscastEffect.WOUND,
    3: MiscastEffect.WOUND,
    4: MiscastEffect.STUNNED,
    5: MiscastEffect.STUNNED,
    6: MiscastEffect.STUNNED,
}
MISCAST_STRENGTH = 6


@dataclass(frozen=True)
class Miscast:
    """A miscast's result; ``out_of_control`` names the magic ship it sends Out of Control."""

    wizard: str
    effect: MiscastEffect
    damage: Damage | None
    out_of_control: str | None
    #: the wizard can cast no more this turn (stunned, or slain)
    silenced: bool


def miscast(g: Game, wizard: Unit, *, magic_ship: str | None = None) -> Generator[Prompt, Any, Miscast]:
    """FB-MAGIC-3 (and NW-MOVE-5 for a wizard crewing a magic ship)."""
    r = yield from g.roll(RollRequest(D6, f"{wizard.name}: the miscast chart", "FB-MAGIC-3", wizard.seat, wizard.name, "high"))
    effect = MISCAST_CHART[int(r.total)]
    damage = None
    if effect is MiscastEffect.HIT:
        damage = yield from resolve_hits(g, None, wizard, 1, Attack(f"{wizard.name}'s miscast", MISCAST_STRENGTH, no_armour=True))
    elif effect is MiscastEffect.WOUND:
        wizard.take_wound(1)
    silenced = effect is MiscastEffect.STUNNED or not wizard.alive
    g.emit(
        "miscast",
        "FB-MAGIC-3",
        wizard=wizard.name,
        roll=r.total,
        effect=effect.value,
        slain=not wizard.alive,
        silenced=silenced,
        out_of_control=magic_ship,
        out_of_control_rule="NW-MOVE-5" if magic_ship is not None else None,
    )
    return Miscast(wizard.name, effect, damage, magic_ship, silenced)
