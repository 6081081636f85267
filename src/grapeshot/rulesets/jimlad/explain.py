"""What each answer of a Jim Lad prompt means, for the player choosing it (:mod:`grapeshot.core.explain`).

One line an option in our own words, with the rule IDs of :mod:`.rules` that decide it: the
manoeuvre cards, how far "beyond the card" is, which shells a kannon fires and what each does,
boarding, landing, trading and the re-roll the Freebooterz have.
"""

from __future__ import annotations

from grapeshot.core.actions import Reroll
from grapeshot.core.choices import Choice
from grapeshot.core.explain import Explained
from grapeshot.core.prompts import DicePrompt, Prompt, RerollPrompt
from grapeshot.rulesets.jimlad.actions import Distance, EndShooting, Fire, ManoeuvreOrder, Repair, Sluggas, Takeover, Torpedoes
from grapeshot.rulesets.jimlad.boarding import Board
from grapeshot.rulesets.jimlad.harbour import Land, StayOrLeave, Trade
from grapeshot.rulesets.jimlad.placing import Place

#: each manoeuvre card: what it does, and its rule
CARDS: dict[int, tuple[str, str]] = {
    1: ('Full Ahead: the card straight ahead, then up to 24" and 2D6 more; you must go at least 9".', "JL-MOVE-1"),
    2: ('Veer: the card turns the ship 45 degrees to that side, then up to 24" and a D6; at least 6".', "JL-MOVE-2"),
    3: ('Hard a-port or a-starboard: a 90 degree turn on the card, then up to 18" and a D6; at least 4".', "JL-MOVE-3"),
    4: ('All Stop: the engines idle; the ship drifts on up to 3D6", at least 3".', "JL-MOVE-4"),
    5: (
        "Full Astern: backing straight (or a shallow turn) up to 4D6\"; only from a standstill: the way off the table's edge or a rock her bow lies against.",
        "JL-MOVE-5",
    ),
}

SHELLS = {
    "krak": ("a krak shell aimed at a point: it scatters by 2D6 less the gunners' skill and strikes the hull it lands on.", "JL-SHOOT-3"),
    "grapeshot": ("grapeshot: it only kills krew (never the hull), ignores the ramshackle save and may not fire into a boarding.", "JL-SHOOT-4"),
}


def explain(prompt: Prompt, part: str, choice: Choice) -> Explained | None:
    """The line and rules for one option of a Jim Lad prompt (None for a prompt it does not know)."""
    v = choice.value
    if isinstance(v, ManoeuvreOrder):
        text, rule = CARDS.get(v.card, ("A manoeuvre card.", "JL-TURN-3"))
        if v.card_at == "end":
            return Explained(f"{text} The card is laid at the end of the move instead of the start, so the turn comes last.", (rule, "JL-MOVE-7", "JL-TURN-3"))
        return Explained(f"{text} Orders are sealed and shown together.", (rule, "JL-MOVE-6", "JL-TURN-3"))
    if isinstance(v, Distance):
        beyond = "How far the ship sails past the end of the card and its own length; the dice set the most, you pick anything from the card's minimum up."
        if v.ram:
            return Explained(
                f"{beyond} Ramming speed: the ship drives into the first ship on its course, which may test to evade.", ("JL-MOVE-9", "JL-RAM-1", "JL-RAM-2")
            )
        return Explained(beyond, ("JL-MOVE-9", "JL-MOVE-6"))
    if isinstance(v, Fire):
        text, rule = SHELLS.get(v.shell, ("a shell.", "JL-SHOOT-2"))
        how = "at that ship, D3 hits" if v.target else "at that point or bearing"
        return Explained(f"Fire the {v.gun} kannon {how}: {text}", (rule, "JL-SHOOT-2"))
    if isinstance(v, Torpedoes):
        if v.aims:
            return Explained("The Blood Axes' manned torpedoes: steered to the points chosen in the forward arc, without scatter.", ("JL-SHOOT-7", "JL-KLAN-7"))
        return Explained('Launch both torpedoes straight ahead up to 48"; each scatters 2D6 and strikes at strength 9.', ("JL-SHOOT-6",))
    if isinstance(v, Sluggas):
        return Explained("The krew fire their pistols at a ship close by; its krew may shoot back.", ("JL-SHOOT-5",))
    if isinstance(v, Repair):
        return Explained("The grot riggers try to mend this damage on a 4+ instead of the ship shooting.", ("JL-DMG-9",))
    if isinstance(v, EndShooting):
        return Explained("This ship fires nothing more this turn.", ("JL-TURN-4",))
    if isinstance(v, Board):
        if v.boarder is None:
            return Explained("Do not board this turn.", ("JL-BOARD-1",))
        return Explained(
            "Come alongside and throw the grapnels (they hold on the roll shown: easier the closer); if they hold, the krews fight hand to hand.",
            ("JL-BOARD-1", "JL-BOARD-2"),
        )
    if isinstance(v, Takeover):
        if v.hulk is None:
            return Explained("Leave every drifting hulk as it is.", ("JL-KREW-6",))
        return Explained("Spare krew cross to the drifting hulk and take it over without a fight.", ("JL-KREW-6",))
    if isinstance(v, Land):
        if v.place is None:
            return Explained("Carry on sailing; do not try to land.", ("JL-LAND-1",))
        return Explained('Try to land at that place (it must be within 6"): an island may hold treasure, a harbour lets you trade.', ("JL-LAND-1", "JL-LAND-2"))
    if isinstance(v, StayOrLeave):
        if v.choice == "stay":
            return Explained("Stay alongside this turn (in harbour: no shooting or boarding, and you may trade).", ("JL-LAND-1", "JL-PORT-1"))
        return Explained("Leave the place: the ship turns away first (leaving a harbour needs a 3+).", ("JL-LAND-1", "JL-PORT-2"))
    if isinstance(v, Trade):
        if v.item is None:
            return Explained("Buy nothing more in this harbour.", ("JL-PORT-3",))
        return Explained("Spend the gold aboard on this, at the price shown.", ("JL-PORT-3",))
    if isinstance(v, Place):
        if v.x is None:
            return Explained("The model on the real table stands where the move put it.", ("JL-TURN-3",))
        return Explained("The model on the real table stands a little off where the move put it: the game takes this place.", ("JL-TURN-3",))
    if isinstance(prompt, RerollPrompt) and isinstance(v, Reroll):
        if v.die is None:
            return Explained("Keep the dice as they fell; the Freebooterz' re-roll stays for later this turn.", ("JL-KLAN-1",))
        return Explained("The Freebooterz' one re-roll a turn: this die is thrown again and the new face stands.", ("JL-KLAN-1",))
    if isinstance(prompt, DicePrompt):
        return Explained("Enter what the real dice show; the game goes on with those faces.", tuple(r for r in (prompt.rule,) if r))
    return None
