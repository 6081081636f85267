"""What each answer of a Wooden Ships prompt means, for the player choosing it (:mod:`grapeshot.core.explain`).

One line an option in our own words, with the rule IDs of :mod:`.rules` that decide it: the
draft and where a weapon goes, steering by the ruler, a figure's move and its one action.
"""

from __future__ import annotations

from grapeshot.core.choices import Choice
from grapeshot.core.explain import Explained
from grapeshot.core.prompts import Prompt
from grapeshot.rulesets.woodenships.actions import Act, Hold, Mount, Move, Next, Pick, Steer

#: a figure's action: what it does, and its rules
ACTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "none": ("The figure does nothing more this turn (it may still reload next turn if it stands still).", ("WS-FIG-3",)),
    "shoot": ("Fire the small arm carried at that figure: the range band sets the roll to hit; it must be loaded.", ("WS-ARMS-1", "WS-ARMS-2")),
    "reload": ("Reload the small arm: only standing still and out of hand-to-hand.", ("WS-ARMS-3",)),
    "strike": (
        "Hit that figure in hand-to-hand: the weapon sets the roll to hit and the damage; each earlier blow on it this turn adds 1.",
        ("WS-MELEE-1", "WS-FIG-4"),
    ),
    "grapple": ('Throw a grapple at that ship within 2": on a 2-6 the ships are held together for boarding.', ("WS-BOARD-1",)),
    "climb": ("Climb from the water onto that ship: the roll needed depends on how fast she moves.", ("WS-BOARD-3",)),
    "load": ("Load the gun beside the figure; another figure (or this one next turn) fires it.", ("WS-GUN-1",)),
    "fire": ("Fire the loaded gun beside the figure at that target: its range bands set the roll to hit, then its damage.", ("WS-GUN-1", "WS-GUN-3")),
    "turn": ("Turn the cannon on its wheels to point at that target instead of loading it.", ("WS-GUN-2",)),
    "cut": ("Hack at the grapple with an edged weapon: two hits on that side cut it.", ("WS-BOARD-2",)),
    "hurl": ("Throw a barrel of powder at that figure or ship: it bursts where it lands.", ("WS-RULING-1",)),
    "lightning": ("The shaman calls lightning down on that target.", ("WS-MAGIC-1",)),
    "repel": ("The shaman drives the enemy's figures back from around him.", ("WS-MAGIC-1",)),
    "repel-ship": ("The shaman pushes that ship away.", ("WS-MAGIC-1",)),
    "bite": ("The animal attacks that figure.", ("WS-ANIMAL-1", "WS-ANIMAL-7")),
    "breath": ("The sea dragon breathes fire at that target.", ("WS-ANIMAL-5", "WS-ANIMAL-6")),
    "harry": ("The bird flies at that figure and spoils its next action.", ("WS-ANIMAL-3", "WS-ANIMAL-4")),
    "release": ("Open the cage: the carnivorous monkeys inside go for the nearest figures.", ("WS-ANIMAL-2",)),
}

SURFACES = {
    "deck": "onto that ship's deck",
    "land": "onto that ground",
    "water": 'into the water (a figure there swims, 4" a turn, and sharks may take it)',
    "wall": "onto the fort's wall top (scaling needs a roll)",
    "level": "onto the fort's raised level (climbing needs a roll)",
}


def explain(prompt: Prompt, part: str, choice: Choice) -> Explained | None:
    """The line and rules for one option of a Wooden Ships prompt (None for a prompt it does not know)."""
    v = choice.value
    if isinstance(v, Pick):
        return Explained("Take one of this kind from the common pile; the sides draft in turn until it is empty.", ("WS-SETUP-1",))
    if isinstance(v, Hold):
        if "/" in v.holder:
            return Explained("Stow it in that part of the ship: a figure must pick it up there before using it.", ("WS-SETUP-1", "WS-ARMS-4"))
        return Explained("That figure starts the game carrying it and may use it at once.", ("WS-SETUP-1", "WS-ARMS-4"))
    if isinstance(v, Mount):
        return Explained("Mount the drafted gun there: it can only fire from that place, through its own side or end.", ("WS-SETUP-1", "WS-GUN-2"))
    if isinstance(v, Steer):
        if v.inches == 0.0 and v.angle == 0.0:
            return Explained("No new mark this phase: the ship keeps her heading (a ship dead in the water stays as she lies).", ("WS-MOVE-1", "WS-DMG-2"))
        way = "ahead" if v.angle == 0.0 else f"{abs(v.angle):g} degrees to {'port' if v.angle > 0 else 'starboard'}"
        return Explained(
            f"Lay the ruler from the bow {way}, turn the ship to the mark at that distance and sail to it; damage and the wind can shorten what she may take.",
            ("WS-MOVE-1", "WS-WIND-1", "WS-DMG-1"),
        )
    if isinstance(v, Next):
        if v.figure is None:
            return Explained("The side's figures are done moving and acting this turn.", ("WS-FIG-3",))
        return Explained('Move and act with this figure next: up to 8" first, then one action.', ("WS-FIG-3",))
    if isinstance(v, Move):
        picks = " picking up what lies there (it cannot be fired this turn)" if v.pick_up else ""
        if v.to is None:
            return Explained(
                f"The figure stays where it is{picks}; standing still lets it reload.", ("WS-FIG-3", "WS-ARMS-3", *(("WS-ARMS-4",) if v.pick_up else ()))
            )
        swim = ("WS-FIG-5",) if v.surface == "water" else ("WS-FORT-2",) if v.surface in ("wall", "level") else ()
        return Explained(
            f'Move the figure (8" at most) {SURFACES.get(v.surface, "there")}{picks}.', ("WS-FIG-3", *swim, *(("WS-ARMS-4",) if v.pick_up else ()))
        )
    if isinstance(v, Act):
        text, rules = ACTS.get(v.what, ("The figure's one action this turn.", ("WS-FIG-3",)))
        return Explained(text, rules)
    return None
