"""Jim Lad's referee: a game's log read back record by record against what the text forbids.

It keeps its own account of the game from the records alone (:mod:`.ledger`: each ship's pose from
the set-up and every record that moves it, hull points, krew, gold, damage, effects, command, who is
afloat, locked, landed or aground) and checks every record against that account and against the
text's numbers, stated again in :mod:`.text`.  It never calls the rules' code: a bug there and a
bug here are two different bugs.  The rooms: :mod:`.moves` (the movement phase), :mod:`.fire`
(shooting, blows and damage), :mod:`.krew` (wounds, boarding, harbour, events), :mod:`.turns`
(set-up, phases, victory).  Options that change what is allowed are read from the set-up record.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from grapeshot.core.audit import Auditor, Finding, Record
from grapeshot.rulesets.jimlad.audit import fire, krew, moves, turns  # noqa: F401  (they register their handlers)
from grapeshot.rulesets.jimlad.audit.ledger import ON, Ledger

#: the fields of each kind that name a ship acting or acted on (the sunk do neither)
ACTORS: dict[str, tuple[str, ...]] = {
    "allowance": ("ship",),
    "engine-repeat": ("ship",),
    "straight-ahead": ("ship",),
    "move": ("ship",),
    "drift": ("ship",),
    "no-move": ("ship",),
    "evade": ("ship",),
    "ram": ("ship", "target"),
    "crash": ("ship", "target"),
    "aground": ("ship",),
    "refloat": ("ship",),
    "landing": ("ship",),
    "depart": ("ship",),
    "treasure": ("ship",),
    "harbour-leave": ("ship",),
    "holds-fire": ("ship",),
    "krak": ("ship", "target"),
    "grapeshot": ("ship", "target"),
    "sluggas": ("ship", "target"),
    "torpedo": ("ship", "hit"),
    "strike": ("target",),
    "hull-point-lost": ("ship",),
    "becalmed": ("ship",),
    "sunk": ("ship",),
    "damage": ("ship",),
    "repair": ("ship",),
    "wound": ("ship",),
    "krew-lost": ("ship",),
    "hulk": ("ship",),
    "boarding": ("boarder", "target"),
    "melee": ("attacker", "defender"),
    "combat-result": ("attacker", "defender"),
    "capture": ("ship", "by"),
    "plunder": ("ship", "to"),
    "takeover": ("hulk", "by"),
    "trade": ("ship",),
    "effect": ("ship",),
    "whirlpool": ("ship",),
    "overboard": ("ship",),
    "mermorks": ("ship",),
    "kraken-attack": ("ship",),
    "chinork-shots": ("ship",),
    "mine": ("ship",),
    "kraken-rammed": ("ship",),
    "placed": ("ship",),
}

#: what the referee checks, by rule (``grapeshot audit --list``)
CHECKS: Mapping[str, str] = {
    "JL-SHIP-3": "each ship's muster (armour by facing, the 6+ save, hull points); a hit's armour; the ramshackle save stops a glancing or penetrating hit on a 6",
    "JL-SHIP-4": "the sunk never act nor are struck; a ship sinks at 0 hull points with its krew and gold; becalmed (no move) at 1; the dice of speed loss per missing hull point",
    "JL-SHOOT-1": "the grot gunners' BS3 in the muster",
    "JL-SHOOT-2": "kannon ranges and shell strengths (muster, krak, grapeshot); krak aimed within range; no krak from the aft kannon",
    "JL-SHOOT-3": "krak: the kannon's mount on the logged pose, its arc (centre, width option), the aim within the arc, the scatter (2D6 less the BS option, none on a hit), the landing point, the hull under it, the facing towards the gun",
    "JL-SHOOT-4": "grapeshot: the option's mode, D3 hits within 8\" of an enemy ship, never at ships locked in a boarding action",
    "JL-SHOOT-5": "sluggas: once a phase, within the slugga_range option hull to hull, a shot for each Ork aboard, hits on 5+, return fire only at the shooter",
    "JL-SHOOT-6": 'torpedoes: one salvo a phase while salvos are left, tracks 1" abeam of the bow, 48" ahead, scattering 2D6", the first hull on the track struck',
    "JL-SHOOT-7": 'manned torpedoes: from the bow, within 18" and 45 degrees of dead ahead',
    "JL-SHOOT-8": "each blow struck at the strength of what dealt it; S + D6 against the armour: penetrating, glancing or none; no blow from nothing, none left unstruck",
    "JL-DMG-1": "a hull point lost for each glancing or penetrating hit, and only then",
    "JL-DMG-2": "the damage table's result by its roll; once for each ship a seat's turn penetrated, and for every such ship",
    "JL-DMG-3": "no grapeshot fired on the turn after the result",
    "JL-DMG-4": "no krak fired on the turn after the result",
    "JL-DMG-5": "a shaken krew neither shoots nor boards",
    "JL-DMG-6": "a damaged kannon does not fire; the second D6 picks the gun",
    "JL-DMG-7": "a move's turn given up only with the rudder damaged",
    "JL-DMG-8": "a damaged engine repeats last turn's manoeuvre and distance (option engine_repeat)",
    "JL-DMG-9": "grot riggers: once a phase, not with kannons or torpedoes fired, something damaged to mend, 4+ mends it, the hull points after",
    "JL-DMG-10": "temporary results in force on the next turn; the same lasting damage again changes nothing; damage rolled at once only after a penetrating blow",
    "JL-MOVE-1": 'Full Ahead: 24+2D6", minimum 9" (likewise JL-MOVE-2..5 for their cards); each card\'s move ends on its route',
    "JL-MOVE-5": "Full Astern only from a standstill (after All Stop, a contact, not moving, landing)",
    "JL-MOVE-6": "the planned move is the distance chosen, the card's 8\" and the ship's length",
    "JL-MOVE-9": "the allowance from its dice and klan, sails, damage and skurvy (option short_move below the minimum); the distance chosen within it; the lead point never further in a straight line than it travelled",
    "JL-MOVE-10": "no turning card with the rudder damaged",
    "JL-TURN-1": "the wind from its scatter roll",
    "JL-TURN-2": "events rolled only in the events phase, from turn 2",
    "JL-TURN-3": "orders only for ships a seat commands; each ship afloat moves, drifts or is held once a movement phase, on its ordered card, from where it last was; no held ship moves",
    "JL-TURN-4": "shooting and repairs only in the shooting phase (or a becalmed round); each kannon once a phase",
    "JL-TURN-5": "boarding and takeovers only in the boarding phase",
    "JL-TURN-6": "the turn sequence is the seats with ships afloat",
    "JL-KREW-1": "each ship's starting krew",
    "JL-KREW-2": "the Kaptin's toughness, 4+ armour save and three wounds",
    "JL-KREW-3": "the Mad Doc's and the boyz' toughness and 5+ armour save",
    "JL-KREW-4": "Feel No Pain (5+) taken exactly while a Mad Doc is aboard",
    "JL-KREW-5": "a ship with fewer than two Orks is a hulk at once; hulks neither take orders, move under a card, shoot nor repair, and drift",
    "JL-KREW-6": "a takeover: of a hulk, by a ship with a Kaptin within the takeover_range option, sending just enough and keeping two",
    "JL-KLAN-1": "a Freebooterz re-roll spent only by a Freebooterz ship, once a turn (per ship or player, option freebooterz_reroll)",
    "JL-KLAN-2": 'Snake Bites: with the wind +2D6", against -1D6", abeam D3" downwind drift after the move (or distance, option)',
    "JL-KLAN-3": "Deff Skulls: D3 krak shots a broadside at one aim point; the fore kannon grapeshot only",
    "JL-KLAN-4": "Goffs: the D6 off every move (and +1 S ramming, JL-RAM-5)",
    "JL-KLAN-5": "Evil Sunz: the D6 on every move; side armour 11",
    "JL-KLAN-6": "Bad Moons: the D6 off every move; front and side armour 13",
    "JL-KLAN-7": "Blood Axes launch manned torpedoes, and only they",
    "JL-KLAN-8": "the wind's sector of a Snake Bites course (option wind_sector); the re-roll's option",
    "JL-RAM-1": "a planned ram only on a ship that has already moved this turn",
    "JL-RAM-2": "an evasion: able unless krewless, aground, landed or locked; the best Ld aboard; passes on 2D6 at or under it; the slide logged",
    "JL-RAM-3": 'the impact\'s band from the distance come (under 18" S6, to 24" S7, over S8), the heading term from the courses at impact, the strength',
    "JL-RAM-4": "a planned ram strikes the rammer at one less",
    "JL-RAM-5": "Goffs +1, Snake Bites +1 with the wind, -1 against, at the course of impact",
    "JL-RAM-6": "a crash strikes the mover at full strength; only islands and docks ground a ship",
    "JL-RAM-7": "a grounded ship stays put the next turn and comes off from the turn after",
    "JL-BOARD-1": 'boarding: a ship that sailed a card this turn, two Orks or more, free, at an enemy free and not in harbour, once a phase; the hull-to-hull gap; 3+ within 6", 2+ within 3"',
    "JL-BOARD-2": "the boarders charge on the first round only",
    "JL-BOARD-3": "each side's wounds caused and Orks left, as the wounds logged",
    "JL-BOARD-4": "the combat result: wounds compared, the loser's best Ld less the difference on 2D6, wiped-out sides",
    "JL-BOARD-5": "only locked ships fight a round; a draw or a held test keeps them locked",
    "JL-BOARD-6": "a capture follows a win; the captured ship changes command; the Orks are shared, none lost, no Kaptin moved",
    "JL-BOARD-7": "the winner's ship takes all the gold aboard",
    "JL-LAND-1": 'landing after an ordered move, within 6", failing only on a 1, heading kept; leaving from where it landed',
    "JL-LAND-2": "treasure: a 6 then 1-4 D3+1 gold, 5 squig brew for next turn, 6 rocks; found once (option treasure_once)",
    "JL-PORT-1": "in harbour: no shooting, nothing aimed at, boarded or swept",
    "JL-PORT-2": "the stay: no roll the turn after docking, then 3+ to leave",
    "JL-PORT-3": "trades: in harbour, their costs, the gold left, only what is damaged or missing, boyz up to the krew_limit option",
    "JL-EVT-1": "an event on a 6 of the seat's D6",
    "JL-EVT-2": "the events table read lower die first, and the result's rule",
    "JL-EVT-3": 'sudden squalls: D6" drifts, only of ships not docked or aground, without turning',
    "JL-EVT-4": 'storm warning: D6" drifts along one direction, only of ships not docked or aground',
    "JL-EVT-5": "becalmed: the effect in force this turn (the ships held, their extra round of shooting)",
    "JL-EVT-6": "a ship with snakes aboard neither shoots nor boards; Snake Bites immune",
    "JL-EVT-7": "sand banks: the move held to half the card's minimum, engine repeats included",
    "JL-EVT-8": "squidgeons: the effect in force this turn (the ship held)",
    "JL-EVT-9": "a whirlpool turns a ship from its logged heading, not docked or aground",
    "JL-EVT-10": 'skurvy: 2D6" off the move, half the working kannons (rounded up)',
    "JL-EVT-11": "the Chinork's shots hit on 4+, at S7",
    "JL-EVT-13": "a man overboard on a 1: a boy, else the Doc, else the Kaptin",
    "JL-EVT-15": "the mermorks' card taken where it is legal",
    "JL-NPC-1": "mines strike at S8; krak on a mine against armour 11 destroys it on a glance",
    "JL-NPC-2": "the Kraken's attacks hit on 4+ at S8; blows on it against armour 11, a wound each",
    "JL-WIN-1": "the last boat afloat: one seat's ships alone afloat (or alone manoeuvrable); a draw with none",
    "JL-WIN-2": "the only fleet: every ship afloat under the winner, one of them captured",
    "JL-WIN-3": "victory points: one for each enemy ship sunk (to the sinker), one for each captured ship held; most wins, ties on hull points (option tiebreak)",
}


class JimLadAuditor(Auditor):
    """Reads a Jim Lad log (the host's records; the core's are read for their dice)."""

    checks = CHECKS

    def audit(self, records: Sequence[Record]) -> Iterator[Finding]:
        led = Ledger()
        for r in records:
            kind = str(r.get("kind"))
            if kind == "roll":
                led.rolls.append(r)
                continue
            if kind == "reroll":
                if led.rolls:
                    led.rolls[-1] = r
                continue
            if isinstance(r.get("turn"), int):
                led.turn = int(r["turn"])
            self.acting(led, r, kind)
            for handler in ON.get(kind, ()):
                handler(led, r)
            if kind != "reroll-spent":
                led.rolls = []
                led.last = r
        yield from sorted(led.found, key=lambda f: f.seq)

    @staticmethod
    def acting(led: Ledger, r: Record, kind: str) -> None:
        """JL-SHIP-4: a sunk ship has gone down with its krew; nothing it does or suffers is logged."""
        for key in ACTORS.get(kind, ()):
            ship = led.ship(r, key)
            # the record of a move or drift that ended in its sinking comes after the sinking
            sank_on_the_way = kind in ("move", "drift") and led.scratch.get(ship.name if ship else "", {}).get("before", {}).get("afloat")
            if ship is not None and not ship.afloat and not sank_on_the_way:
                led.flag("JL-SHIP-4", r, f"{ship.name} ({key}) has sunk")


AUDITOR = JimLadAuditor()
