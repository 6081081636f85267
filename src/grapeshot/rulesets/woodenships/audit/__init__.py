"""Wooden Ships and Plastic Men's referee: a game's log read back record by record against what
the text forbids.

It keeps its own account of the game from the records alone (:mod:`.ledger`: the dead, the sunk,
each ship's movement values from its muster, each figure's doings this turn, each ship's last
ruler move, the cuts on each grapple) and checks each record against that account and against the
text's numbers, stated again in :mod:`.text`.  It never calls the rules' code: a bug there and a
bug here are two different bugs.  The rooms: :mod:`.figures` (moves, one action a turn, the dead,
wounds, sharks), :mod:`.fire` (small arms, guns, lightning, hand to hand), :mod:`.ships` (ruler
moves, rams, boarding, grapples, climbing).  Options that change what is allowed are read from the
set-up record.  The collisions module's own records are its auditor's
(``grapeshot.rulesets.collisions.audit``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from grapeshot.core.audit import Auditor, Finding, Record
from grapeshot.rulesets.woodenships.audit import figures, fire, ships  # noqa: F401  (they register their handlers)
from grapeshot.rulesets.woodenships.audit.ledger import ON, Ledger

#: what the referee checks, by rule (``grapeshot audit --list``)
CHECKS: Mapping[str, str] = {
    "WS-SETUP-1": "a drafted gun mounted within its ship's count (one for every 3 hit points at full strength), a cannon only on 6 points or more",
    "WS-FIG-1": "the dead neither move, act nor pick anything up; nobody is killed twice",
    "WS-FIG-2": "a wound takes its damage off the life points the last wound left",
    "WS-FIG-3": 'a figure moves once a turn, up to 8", only in the figures phase, its path no longer than its inches; one attack or action a turn, after moving (the crossing of a boarding party is the move; scaling a wall is part of one, no action)',
    "WS-FIG-5": 'a swimmer swims at most 4" a turn; sharks eat on a 1 and only then',
    "WS-ARMS-1": 'rifle, bow and crossbow: the range base to base from where the records last put shooter and target; the band and need from the range (36/18/12/6"), no hit within 2"; the die against the need less its bonuses',
    "WS-ARMS-2": 'pistol and thrown spear: the range from the logged positions; the band and need from the range (18/12/9/6"), a pistol within 2" on 3+; the die against the need',
    "WS-MELEE-1": "a hand weapon's need to hit and its damage; the die against the need",
    "WS-GUN-3": 'a cannon\'s need from its range (54" to 6"), out of range never fired; the die against the need; no damage on a miss',
    "WS-GUN-4": 'a swivel\'s need from its range (36" to within 2"); the die against the need',
    "WS-GUN-5": "a mounted rifle's need from its range, no hit within 2\"",
    "WS-GUN-6": "a cannon at a man, a gun, a boat or a gate takes -1, and only then",
    "WS-MAGIC-1": "lightning ranged and judged as a cannon",
    "WS-MOVE-1": "a ruler move: swung at most 90 degrees, no further than its value, the value the ship's own from its muster",
    "WS-MOVE-2": "ship movement only in the ships phase, only in the movement phases the ship has; a spin runs nothing ahead",
    "WS-DMG-1": "a ship down a third moves at half speed (a boat in one phase only)",
    "WS-DMG-2": "a ship down two thirds only spins, at half its movement",
    "WS-DMG-3": "a sunk ship never sails nor rams; a ship sinks once",
    "WS-RAM-1": "a ram (or a man run down) only at the end of a ruler move that went somewhere; the rammed ship takes the rammer's ram dice, +1 bow first",
    "WS-RAM-2": "stuck ships freed on a 6 and only then",
    "WS-BOARD-1": "crossing and grappling on 2-6 less the bonuses; the die against the need",
    "WS-BOARD-2": "a cut at a grapple judged against its need; two cuts free the ships, and only two",
    "WS-BOARD-3": "climbing from the water: stationary 3-6, half speed 4-6, full speed 5-6; the die against the need",
    "WS-FORT-2": "scaling a fort: 6 (full), 4-6 (down a third), 3-6 (two thirds); the die against the need",
}


class WoodenShipsAuditor(Auditor):
    """Reads a Wooden Ships log (the host's records; the core's are read for their dice)."""

    checks = CHECKS

    def audit(self, records: Sequence[Record]) -> Iterator[Finding]:
        led = Ledger()
        for r in records:
            kind = str(r.get("kind"))
            if kind == "setup":
                led.options = dict(r.get("options") or {})
            if kind in ("roll", "reroll"):
                led.rolls.append(r)
                continue
            if isinstance(r.get("turn"), int):
                led.new_turn(int(r["turn"]))
            figures.track(led, r, kind)
            if kind.endswith(".swim") and isinstance(r.get("figure"), str):
                # a module's swimmers' move (collisions' CG-SWIM-1) is the figure's move this turn
                led.stood.add(r["figure"])
            for handler in ON.get(kind, ()):
                handler(led, r)
            led.rolls = []
        yield from sorted(led.found, key=lambda f: f.seq)


AUDITOR = WoodenShipsAuditor()
