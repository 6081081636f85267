"""How a round of the boarding melee ends (JL-BOARD-4 to JL-BOARD-7): the loser's leadership
test, the ships locked for another round or freed, and a ship captured with its krew and gold.

The side that caused fewer wounds tests its leadership (JL-BOARD-4); a draw or a passed test keeps
the ships locked for another round next turn (JL-BOARD-5), a failed test or a deck swept clean
loses the ship to the winner, krew, Kaptin and gold (JL-BOARD-6/7).  It is a room of its own
because the rest of the game asks it too: a ship that sinks while locked frees the other
(:func:`release_sunk`, from the damage rules), and it needs nothing of the melee's blows.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, Literal

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.ruleset import Outcome
from grapeshot.dice import TWO_D6, RollRequest
from grapeshot.rulesets.jimlad import victory
from grapeshot.rulesets.jimlad.basis import explained, single, term
from grapeshot.rulesets.jimlad.data import MIN_WORKING_KREW, PROFILE_RULE
from grapeshot.rulesets.jimlad.state import Fight, KrewModel, Sea, Ship

Side = Literal["attacker", "defender"]
LOCKED = "locked in a boarding action"
#: a ship freed from a boarding action after the turn's orders were given has none (JL-BOARD-5)
FREED = "freed from a boarding action after the orders were given"

#: the order in which a mob's models take hits: the boyz in front, then the Doc, the Kaptin last
_HIT_ORDER = {"krew": 0, "doc": 1, "kaptin": 2}


def mob_order(models: list[KrewModel]) -> list[KrewModel]:
    """A mob's models in the order they take hits (and are handed over after a capture)."""
    return sorted(models, key=lambda k: _HIT_ORDER[k.role])


def result(g: Game, sea: Sea, fight: Fight, caused: dict[Side, int]) -> Generator[Prompt, Any, Outcome | None]:
    """JL-BOARD-4: fewer wounds caused loses and tests leadership (best Ld aboard, less the
    difference, on 2D6); a fail, or no Orks left, is defeat; a pass or a draw fights on next turn."""
    a, d = sea.ships[fight.attacker], sea.ships[fight.defender]
    data: dict[str, Any] = {"attacker": a.name, "defender": d.name, "round": fight.rounds, "wounds": dict(caused)}
    loser: Ship | None = None
    if not a.krew and not d.krew:
        data.update(result="both-wiped-out", loser=None, winner=None)
        g.emit("combat-result", "JL-BOARD-4", **data)
        break_off(g, sea, fight, "no Orks are left on either side")
        return None
    if not a.krew or not d.krew:
        loser = a if not a.krew else d
        data.update(result="wiped-out")
    elif caused["attacker"] == caused["defender"]:
        data.update(result="draw", loser=None, winner=None)
    else:
        loser = a if caused["attacker"] < caused["defender"] else d
        diff = abs(caused["attacker"] - caused["defender"])
        leader = max(loser.krew, key=lambda k: (k.profile.ld, k.role == "kaptin"))
        ld = leader.profile.ld
        r = yield from g.roll(RollRequest(TWO_D6, f"{loser.name}: leadership test after losing the melee", "JL-BOARD-4", loser.commander, loser.name, "low"))
        passed = r.total <= ld - diff
        data.update(ld=ld, difference=diff, need=ld - diff, roll=r.total, passed=passed, result="held" if passed else "beaten")
        data.update(
            explained(
                g,
                {
                    "ld": single(PROFILE_RULE[leader.role], f"the best Ld aboard: the {leader.profile.title}'s", ld),
                    "need": [
                        term("JL-BOARD-4", "the losing side tests its leadership on 2D6", ld),
                        term("JL-BOARD-8", "less the difference in wounds caused (combat resolution, ruling)", -diff),
                    ],
                },
            )
        )
        if passed:
            loser = None
            data.update(loser=a.name if caused["attacker"] < caused["defender"] else d.name, winner=None)
    if loser is None:
        data["locked"] = True
        g.emit("combat-result", "JL-BOARD-4", **data)
        lock(sea, fight)
        return None
    winner = d if loser is a else a
    data.update(loser=loser.name, winner=winner.name, locked=False)
    g.emit("combat-result", "JL-BOARD-4", **data)
    end(sea, fight)
    capture(g, sea, loser, winner, boarder_lost=loser is a)
    return victory.check(g, sea)


def lock(sea: Sea, fight: Fight) -> None:
    """JL-BOARD-5: undecided, the ships stay grappled: neither moves next turn (nor shoots, being engaged)."""
    for name in (fight.attacker, fight.defender):
        ship = sea.ships[name]
        if ship.held_this(sea.turn + 1) is None:
            ship.held = (sea.turn + 1, LOCKED)


def end(sea: Sea, fight: Fight) -> None:
    """The fight is over: the ships are free again, for the rest of this turn too (a partner sunk
    in the events phase frees the other for this turn's movement; freed after the orders were
    given, it has none and lies still: :data:`FREED`)."""
    if fight in sea.fights:
        sea.fights.remove(fight)
    for name in (fight.attacker, fight.defender):
        ship = sea.ships[name]
        ship.engaged = None
        if ship.held is not None and ship.held[1] == LOCKED and ship.held[0] >= sea.turn:
            ship.held = None


def break_off(g: Game, sea: Sea, fight: Fight, why: str) -> None:
    """A fight that ends undecided (a ship sank, both decks are empty): the survivors are freed."""
    end(sea, fight)
    g.emit("boarding-ends", "JL-BOARD-5", attacker=fight.attacker, defender=fight.defender, why=why)


def release_sunk(g: Game, sea: Sea, ship: Ship) -> None:
    """A ship locked in a boarding action has sunk: the fight ends and the other ship is free."""
    for fight in [f for f in sea.fights if ship.name in (f.attacker, f.defender)]:
        break_off(g, sea, fight, f"{ship.name} has gone down")
    ship.engaged = None


# --------------------------------------------------------------------------- capture


def capture(g: Game, sea: Sea, loser: Ship, winner: Ship, *, boarder_lost: bool) -> None:
    """JL-BOARD-6/7: the loser's ship, with its surviving krew and Kaptin, passes to the winner's
    seat; the Orks are shared so both ships are worked if there are enough; the gold aboard the
    captured ship goes to the winner's ship."""
    was = loser.commander
    loser.commander = winner.commander
    moved = place_krew(loser, winner)
    g.emit(
        "capture",
        "JL-BOARD-6",
        ship=loser.name,
        by=winner.name,
        seat=winner.commander,
        was=was,
        boarder_lost=boarder_lost,
        krew=[k.role for k in loser.krew],
        winner_krew=[k.role for k in winner.krew],
        moved=moved,
    )
    gold = loser.gold
    loser.gold = 0
    winner.gold += gold
    g.emit("plunder", "JL-BOARD-7", ship=loser.name, to=winner.name, gold=gold, total=winner.gold)


def place_krew(captured: Ship, winner: Ship) -> list[dict[str, str]]:
    """Where the Orks stand after a capture (JL-BOARD-8 ruling).

    Each ship keeps its own survivors; a ship short of two Orks takes boyz
    (then the Doc; never a Kaptin) from the other as long as that one keeps
    two; if both are short, the winner's own ship is manned first.
    """
    moved: list[dict[str, str]] = []

    def shift(src: Ship, dst: Ship, keep: int) -> None:
        for k in mob_order([k for k in src.krew if k.role != "kaptin"]):
            if len(dst.krew) >= MIN_WORKING_KREW or len(src.krew) <= keep:
                return
            src.krew.remove(k)
            dst.krew.append(k)
            moved.append({"model": k.role, "from": src.name, "to": dst.name})

    shift(winner, captured, MIN_WORKING_KREW)
    shift(captured, winner, MIN_WORKING_KREW)
    if not winner.krewed and not captured.krewed:
        shift(captured, winner, 0)
    return moved
