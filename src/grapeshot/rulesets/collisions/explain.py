"""What each answer of a collisions prompt means, for the player choosing it (:mod:`grapeshot.core.explain`).

The module's words for its own choices ("grapple with 3" throws three of the crew's lines, "board
with 5" sends five of the crew over, leader first), with its rule IDs of :mod:`.rules`.
"""

from __future__ import annotations

from grapeshot.core.choices import Choice
from grapeshot.core.explain import Explained
from grapeshot.core.prompts import Prompt
from grapeshot.rulesets.collisions.prompts import Board, Free, Grapple, PlayPlan, Strike, SwimOrder


def explain(prompt: Prompt, part: str, choice: Choice) -> Explained | None:
    """The line and rules for one option of a collisions prompt (None for a prompt it does not know)."""
    v = choice.value
    if isinstance(v, Grapple):
        if v.grapplers == 0:
            return Explained('Throw no grapples: the ships stay apart (1" off after touching).', ("CG-GRAP-1",))
        return Explained(
            f"Spend {v.grapplers} of the crew not at the oars or guns throwing grapples: a D6 and 1 for each beyond the first two; 3 or more holds the ships together, a natural 1 fails.",
            ("CG-GRAP-1", "CG-GRAP-2", "CG-GRAP-3"),
        )
    if isinstance(v, Board):
        if v.cut:
            return Explained("Cut the grapples and break away instead of boarding (before the enemy boards).", ("CG-BOARD-1",))
        if v.party == 0:
            return Explained("Send nobody across now; the enemy may board you or cut loose first.", ("CG-BOARD-1",))
        return Explained(
            f"Send {v.party} of the crew across, the leader first, each placed on the enemy's deck while there is room; they fight the host game's mêlée there.",
            ("CG-BOARD-1", "CG-BOARD-2", "CG-BOARD-3"),
        )
    if isinstance(v, Strike):
        if v.strike:
            return Explained("Surrender the ship: the enemy takes her as a prize and her crew as prisoners.", ("CG-BOARD-3", "CG-BOARD-4"))
        return Explained("Keep fighting the boarders on deck.", ("CG-BOARD-3",))
    if isinstance(v, PlayPlan):
        if v.play:
            return Explained("Use the side's one Cunning Plan now against this boarding.", ("CG-BOARD-5",))
        return Explained("Save the Cunning Plan for a later boarding.", ("CG-BOARD-5",))
    if isinstance(v, Free):
        return Explained("How many prisoners aboard to set free; freed men may fight again or turn coat.", ("CG-BOARD-4",))
    if isinstance(v, SwimOrder):
        if v.order == "stay":
            return Explained("Tread water where he is; after three turns in the sea each turn risks sinking or a wound.", ("CG-SWIM-1", "CG-SWIM-2"))
        if v.order == "surrender":
            return Explained("Swim to the enemy vessel and give up: taken aboard as a prisoner.", ("CG-SWIM-3", "CG-BOARD-4"))
        return Explained('Swim 2" a turn towards it; a friendly ship, boat or flotsam keeps him afloat and takes him aboard.', ("CG-SWIM-1", "CG-SWIM-3"))
    return None
