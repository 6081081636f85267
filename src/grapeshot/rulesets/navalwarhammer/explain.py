"""What each answer of a Naval Warhammer prompt means, for the player choosing it (:mod:`grapeshot.core.explain`).

One line an option in our own words, with the rule IDs of :mod:`.rules` that decide it.  The
crew orders say the one thing a newcomer misses (a unit at work does not shoot that turn); the
charge reactions and deck moves say what each word does; a guessed shot never names a distance.
"""

from __future__ import annotations

from grapeshot.core.choices import Choice
from grapeshot.core.explain import Explained
from grapeshot.core.prompts import Prompt
from grapeshot.rulesets.navalwarhammer.actions import Across, Cast, Consolidate, CutLoose, Fly, Launch, Propel, Shoot, ShoveOff, Steer

#: the words of a unit-by-unit prompt (crew orders, charge reactions, deck moves): what each does
PICKS: dict[str, dict[str, tuple[str, tuple[str, ...]]]] = {
    "CrewPrompt": {
        "work": ("Works the ship this turn on the upper deck (sails, oars, guns): a working unit does not shoot its own weapons.", ("NW-CREW-1", "NW-CREW-2")),
        "free": ("Off duty on the upper deck: free to shoot its own weapons, but it does not count towards working the ship.", ("NW-CREW-1", "NW-CREW-3")),
        "work below": ("Works the ship from below decks: safe from missiles, but it cannot shoot.", ("NW-CREW-1", "NW-CREW-2")),
        "free below": ("Sheltering below decks, not working: out of the enemy's shots, and it cannot shoot either.", ("NW-CREW-1", "NW-CREW-3")),
    },
    "ReactionsPrompt": {
        "hold": ("Stand where it is and meet the boarders as they come.", ("NW-BOARD-2",)),
        "stand-and-shoot": ("Shoot the boarders as they come over the side, then fight them.", ("NW-BOARD-2",)),
        "prepare-to-rail": ("Prepare for action: rush to the rail to meet the boarders at the gunwale.", ("NW-BOARD-2", "NW-BOARD-3")),
        "prepare-back": ("Prepare for action: fall back from the rail and let the boarders come onto the deck.", ("NW-BOARD-2", "NW-BOARD-3")),
    },
    "DeckMovesPrompt": {
        "stay": ("Stay where it stands on deck.", ("NW-BOARD-3",)),
        "rail": ("Line up at the rail facing the grappled ship, ready to fight across the gunwale.", ("NW-BOARD-3",)),
        "charge": ("Charge across onto the enemy's deck and fight there.", ("NW-BOARD-3",)),
        "home": ("Go back aboard its own ship.", ("NW-BOARD-3",)),
        "prize": ("Stay aboard the taken ship as its prize crew.", ("NW-BOARD-3", "NW-BOARD-7")),
    },
}

PROPEL = {
    "stay": ("Stay moored at the dock this turn.", ("NW-DOCK-1",)),
    "cast-off": ("Cast off from the dock and get under way.", ("NW-DOCK-1",)),
    "sail": ('Move under sail this turn: the wind decides how far (9", 9+D6" or 9+2D6").', ("NW-MOVE-1", "NW-UPG-1")),
    "oars": ('Row this turn: 7", with two models at each oar.', ("NW-MOVE-3", "NW-UPG-1")),
    "steam": ('Steam this turn: 3" for each point of the engine.', ("NW-MOVE-4", "NW-UPG-2")),
    "magic": ('Move by magic: 9+D6" whatever the wind; a miscast sends her out of control.', ("NW-MOVE-5",)),
}


def explain(prompt: Prompt, part: str, choice: Choice) -> Explained | None:
    """The line and rules for one option of a Naval Warhammer prompt (None for a prompt it does not know)."""
    v = choice.value
    if isinstance(v, tuple) and len(v) == 2 and prompt.kind in PICKS:
        known = PICKS[prompt.kind].get(str(v[1]))
        return Explained(*known) if known is not None else None
    if isinstance(v, Propel):
        text, rules = PROPEL.get(v.mode, ("How the ship moves this turn.", ("NW-UPG-1",)))
        if v.throttle:
            return Explained("Open the throttle: roll on the full-throttle chart for a faster move, at a risk to the engine.", ("NW-MOVE-4", "FB-THROTTLE-1"))
        return Explained(text, rules)
    if isinstance(v, Steer):
        how = "Sail that far (at least half the roll, unless she stops dead)"
        turn = f", turning {abs(v.turn):g} degrees at the {v.at} of the move" if v.turn else ""
        ram = "; she rams the ship in her path" if v.ram else ""
        return Explained(f"{how}{turn}{ram}.", ("NW-MOVE-1", *(("NW-BOARD-1", "NW-UPG-5") if v.ram else ())))
    if isinstance(v, Shoot):
        if v.shooter is None:
            return Explained("Nothing more shoots this turn.", ("NW-CREW-3",))
        if v.x is not None:
            return Explained(
                "A war machine aimed at a guessed point: the shot lands there and scatters or bounces by the dice; nothing is measured for you first.",
                ("NW-CANNON-1", "FB-ART-1", "NW-CANNON-2"),
            )
        return Explained(
            "The unit (not working the ship) shoots at that target: exposed crew, oars or sails; crew in cover are harder to hit.", ("NW-CREW-3", "FB-HIT-2")
        )
    if isinstance(v, Cast):
        if v.wizard is None:
            return Explained("Cast no more spells this turn.", ("FB-MAGIC-1",))
        return Explained("Cast the spell: 2D6 and the wizard's level against its casting value; the enemy may try to dispel it.", ("FB-MAGIC-1", "FB-MAGIC-2"))
    if isinstance(v, Launch):
        if v.unit is None:
            return Explained("Keep the boats aboard.", ("NW-LAUNCH-1",))
        return Explained(f"Lower a boat on that side with {v.models} models of the unit aboard; it moves on its own from next turn.", ("NW-LAUNCH-1",))
    if isinstance(v, Fly):
        if v.to is None and v.x is None:
            return Explained("The flyers stay where they are.", ("NW-FLY-1",))
        if v.to is not None:
            return Explained("Fly onto that ship's deck: landing on a friend, or charging onto an enemy.", ("NW-FLY-1",))
        return Explained("Fly over the water to that point.", ("NW-FLY-1",))
    if isinstance(v, Across):
        return Explained("How many models of the unit step onto the enemy's deck (into the room its slain left).", ("NW-BOARD-3",))
    if isinstance(v, CutLoose):
        if v.attempt:
            return Explained("Try to cut the grapples and break free of the fight.", ("NW-BOARD-8",))
        return Explained("Stay grappled and fight on.", ("NW-BOARD-8",))
    if isinstance(v, ShoveOff):
        if v.inches == 0.0:
            return Explained("Do not shove off: stay where she lies.", ("NW-BOARD-9",))
        return Explained("Push off that far in that direction after the fight, free of the other ship.", ("NW-BOARD-9",))
    if isinstance(v, Consolidate):
        if v.consolidate:
            return Explained('Move the engaged models up to 2" into contact with more enemies.', ("NW-BOARD-10",))
        return Explained("The engaged models stay where they are.", ("NW-BOARD-10",))
    return None
