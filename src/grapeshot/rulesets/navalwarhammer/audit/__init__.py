"""Naval Warhammer's referee: a game's log read back record by record against what the text forbids.

It keeps its own account from the records alone (:mod:`.ledger`: each ship's pose, size, upgrades,
whether she is afloat or overcrowded, what she moved last; each unit's models, flight, stupidity)
and checks every record against it and against the text's numbers, stated again in :mod:`.text`.
It never calls the rules' code.  The rooms: :mod:`.moves` (allowances and moves, Out of Control,
adrift, shoving off), :mod:`.crew` (set-up, capacities, psychology, crews, the slain),
:mod:`.fire` (gun arcs and reach, rolls against their needs).  Options that change what is allowed
(``wind_sector``, ``overcrowded_capacity``, the wind) are read from the set-up record.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from grapeshot.core.audit import Auditor, Finding, Record
from grapeshot.rulesets.navalwarhammer.audit import crew, fire, moves  # noqa: F401  (they register their handlers)
from grapeshot.rulesets.navalwarhammer.audit.ledger import ON, Ledger

#: the fields of each kind that name a ship acting or acted on (the sunk do neither)
SHIP_ACTORS: dict[str, tuple[str, ...]] = {
    "allowance": ("ship",),
    "move": ("ship",),
    "out-of-control": ("ship",),
    "adrift": ("ship",),
    "crew": ("ship",),
    "launch": ("ship",),
    "overcrowded": ("ship",),
    "alongside": ("ship", "target"),
    "meets": ("ship", "target"),
    "declares-ram": ("ship", "target"),
    "ram": ("ship", "target"),
    "guns": ("ship",),
    "shoots": ("ship",),
    "shove-off": ("ship",),
}
#: the fields of each kind that name a unit acting (the slain and the fleeing do not)
UNIT_ACTORS: dict[str, tuple[str, ...]] = {
    "shoots": ("shooter",),
    "to-hit": ("source",),
    "cast": ("wizard",),
    "guns": ("gun",),
    "bolt": ("gun",),
    "cannonball": ("gun",),
}

#: what the referee checks, by rule (``grapeshot audit --list``)
CHECKS: Mapping[str, str] = {
    "NW-MOVE-1": "moves only in the movement phase, from where the ship was, no further in a straight line than travelled; "
    'an allowance for every move of her own, its most the sum of its terms, the wind\'s sector of her heading (option wind_sector) with its 9", 9+D6" or 9+2D6"; '
    "the half-move minimum exactly when she made more than half her allowance in her last movement phase; planned and travelled within the allowance",
    "NW-MOVE-2": "Out of Control: half her move with its terms, the D6 chart's turn, the move within it and turned by it; adrift D6\" downwind without turning",
    "NW-UPG-3": 'heavy timbers take 1" off every allowance and Out of Control move, and only a ship with them',
    "NW-BOARD-9": 'shoving off: at most 4" (3" with heavy timbers), in the combat phase, without turning',
    "NW-CANNON-2": "a naval gun's aim within its reach and its mount's 45-degree arc, from the logged pose (allowing 2\" for each Prepare for Action or consolidation that may have shifted it)",
    "NW-CREW-1": "the minimum crew by size (halved with a steam engine, NW-UPG-2); no move under her own way with nobody working her",
    "FB-HIT-2": "small arms shoot within their range: hull to hull from the shooter's decks (hers and any met) to the target's ship",
    "NW-LAUNCH-1": 'a boat launched in the movement phase with 2 to 5 crew, from a ship whose latest move (a shove-off included) was 12" or less',
    "NW-SHIP-3": "a ship's places: her size's and ten a castle (NW-UPG-6)",
    "NW-CROWD-1": "overcrowded: twice a normal ship of her size and her castles once (option overcrowded_capacity); a ship carrying more than her places is overcrowded; only she tests, Out of Control on a failed Ld test (no allowance of her own that turn)",
    "NW-PSY-3": 'a failed stupidity wanders its D6" towards the bow and leaves the unit out of the working crew; a passed one does not wander',
    "NW-SHIP-5": "the sunk neither act nor are shot at",
    "FB-WOUND-2": "the slain never act; models left only fall",
    "FB-PSY-1": "a fleeing unit neither shoots, fights nor casts until it rallies",
    "FB-PSY-4": "stupidity passes at or under the Ld (likewise FB-PSY-2, -3, -5 for fear, terror, panic, animosity)",
    "FB-RALLY-1": "only the fleeing rally, on 2D6 at or under the Ld",
    "NW-BOARD-1": "the grapnels hold on their need or better",
    "NW-BOARD-5": "a break test held at or under its need or on a double 1",
    "NW-BOARD-8": "cutting loose on its need or better, unless automatic",
    "NW-SHALLOW-1": "only medium and large ships test the shallows, aground on 4+",
    "NW-AGROUND-1": "off the ground on 4+",
    "FB-MAGIC-1": "a spell cast when its total makes the casting value",
    "FB-MAGIC-2": "a dispel when its total makes the need",
}


class NavalWarhammerAuditor(Auditor):
    """Reads a Naval Warhammer log (the host's records; the core's dice are checked by the core)."""

    checks = CHECKS

    def audit(self, records: Sequence[Record]) -> Iterator[Finding]:
        led = Ledger()
        for r in records:
            kind = str(r.get("kind"))
            if kind in ("roll", "reroll"):
                continue
            if isinstance(r.get("turn"), int):
                led.turn = int(r["turn"])
            self.acting(led, r, kind)
            for handler in ON.get(kind, ()):
                handler(led, r)
        yield from sorted(led.found, key=lambda f: f.seq)

    @staticmethod
    def acting(led: Ledger, r: Record, kind: str) -> None:
        """NW-SHIP-5: a sunk ship is gone; FB-WOUND-2, FB-PSY-1: the slain and the fleeing do not act."""
        for key in SHIP_ACTORS.get(kind, ()):
            ship = led.ship(r, key)
            if ship is not None and not ship.afloat:
                if kind == "move" and key == "ship" and ship.sinking_move:
                    ship.sinking_move = False
                    continue
                led.flag("NW-SHIP-5", r, f"{ship.name} ({key}) has sunk")
        names = [str(r.get(key)) for key in UNIT_ACTORS.get(kind, ())]
        if kind == "strike-step":
            names = [str(s.get("unit")) for s in r.get("strikers", []) if isinstance(s, dict)]
        if kind == "strike-step":
            # blows at one initiative fall together: a model slain in the step still strikes in it
            led.striking = {n for n, u in led.units.items() if u.models > 0}
        for name in names:
            unit = led.units.get(name)
            if unit is None:
                continue
            alive = name in led.striking if kind == "to-hit" and r.get("phase") == "combat" else unit.models > 0
            led.expect("FB-WOUND-2", r, alive, f"{name} acts ({kind}) with no models left")
            led.expect("FB-PSY-1", r, not unit.fleeing, f"{name} acts ({kind}) while fleeing")


AUDITOR = NavalWarhammerAuditor()
