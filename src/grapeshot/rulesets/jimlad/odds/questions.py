"""What ``grapeshot odds`` and the web table can ask of Waagh! Jim Lad! (its ``odds()`` capability).

Six questions, each a situation between a shooter and a target staged as :mod:`.described`
says: a kannon shot (krak at a range, or grapeshot alongside; the default), a torpedo salvo
that struck, sluggas, a boarding action, a ram or crash, and a blow that has landed.  Every
parameter has its allowed values (klans, kannons, facings; hull points 1 to 5, the seven Orks
a ship starts with, the strengths a ram can have), checked before anything is staged.  The odds
of an action in a game come from :mod:`.proposed`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from grapeshot.core.actions import Action
from grapeshot.core.capabilities import Effort, OddsCase, Param, Question
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import Facing
from grapeshot.odds import BUDGET, EFFORT, SAMPLES, OddsError, pick
from grapeshot.rulesets.jimlad.collisions import impact_band
from grapeshot.rulesets.jimlad.data import HULL_POINTS, KANNONS, KLANS, TORPEDO_STRENGTH, Klan
from grapeshot.rulesets.jimlad.krew import starting_krew
from grapeshot.rulesets.jimlad.odds.described import (
    Description,
    describe_boarding,
    describe_grapeshot,
    describe_krak,
    describe_ram,
    describe_sluggas,
    describe_strike,
)
from grapeshot.rulesets.jimlad.odds.fights import BoardingOdds
from grapeshot.rulesets.jimlad.odds.landing import KrakOdds
from grapeshot.rulesets.jimlad.odds.proposed import ActionOdds, answer_action
from grapeshot.rulesets.jimlad.odds.runs import ShipOdds

KLAN_NAMES = tuple(k.value for k in Klan)
FACINGS = tuple(f.value for f in Facing)
#: the Orks a staged ship starts with (JL-KREW-1): a description may leave fewer aboard, never more
KREW = len(starting_krew())
#: the strengths a ram or crash can have (JL-RAM-3, JL-RAM-5): the bands S6 to S8, one either way
#: for the ships' headings, and for each klan its ramming bonus and, under sail, one either way
#: for the wind
RAM_STRENGTHS = (
    impact_band(0.0) - 1 + min(k.ram_bonus - k.sails for k in KLANS.values()),
    impact_band(1000.0) + 1 + max(k.ram_bonus + k.sails for k in KLANS.values()),
)

Answer = ShipOdds | KrakOdds | BoardingOdds | ActionOdds

# --------------------------------------------------------------------------- the parameters

SITUATION = (
    Param("shooter-klan", "the shooter's (or rammer's, boarder's) klan", str, "goffs", KLAN_NAMES),
    Param("target-klan", "the target's klan", str, "goffs", KLAN_NAMES),
    Param("shooter-hull-points", "the shooter's hull points", int, HULL_POINTS, bounds=(1, HULL_POINTS)),
    Param("target-hull-points", "the target's hull points", int, HULL_POINTS, bounds=(1, HULL_POINTS)),
    Param("shooter-krew", "Orks aboard the shooter (boyz go first, the Kaptin last)", int, KREW, bounds=(0, KREW)),
    Param("target-krew", "Orks aboard the target", int, KREW, bounds=(0, KREW)),
)
FACING = Param("facing", "the target's facing that is struck", str, "front", FACINGS, aliases=("target-facing",))


def _gap(default: float, what: str) -> Param:
    return Param("gap", f'inches between the hulls for {what} (default {default:g}")', float, None, bounds=(0.0, 48.0))


QUESTIONS: tuple[Question, ...] = (
    Question(
        "kannon",
        "a kannon shot: krak aimed at the target's centre --range inches from the kannon (where it lands, then the blow), or grapeshot as D3 hits at the target alongside",
        (
            Param("gun", "the kannon", str, "fore", tuple(KANNONS)),
            Param("shell", "krak, or grapeshot (as D3 hits, option grapeshot: d3)", str, "krak", ("krak", "grapeshot")),
            FACING,
            Param("range", "krak: inches from the kannon to the target's centre (its aim point)", float, 20.0, bounds=(0.0, 100.0)),
            _gap(4.0, "grapeshot"),
            *SITUATION,
        ),
    ),
    Question(
        "torpedo",
        f"a torpedo (S{TORPEDO_STRENGTH}) that has struck the target's --facing: penetration, saves, the damage table once",
        (
            Param("torpedo", "ask about a torpedo that struck", bool, False),
            FACING,
            Param("hits", "how many of the salvo struck", int, 1, bounds=(1, 2)),
            *SITUATION,
        ),
        picked_by=("torpedo",),
    ),
    Question(
        "sluggas",
        "the shooter's sluggas at the target alongside, and the return fire",
        (Param("sluggas", "ask about sluggas", bool, False), _gap(3.0, "sluggas"), *SITUATION),
        picked_by=("sluggas",),
    ),
    Question(
        "board",
        "the shooter boards the target alongside: the grapnels and the first round (exact when small), the whole fight (Monte Carlo)",
        (Param("board", "ask about a boarding action", bool, False), _gap(2.0, "boarding"), *SITUATION),
        picked_by=("board",),
    ),
    Question(
        "ram",
        "the shooter rams (or crashes into) the target in open water: the target's test to evade, then the blow on each ship",
        (
            Param("ram-strength", "the impact strength (band and modifiers)", int, None, bounds=RAM_STRENGTHS, required=True),
            FACING,
            Param("crash", "a crash, not a planned ram (the rammer takes the full strength)", bool, False),
            Param("rammer-facing", "the rammer's facing that takes the impact", str, "front", FACINGS),
            *SITUATION,
        ),
        picked_by=("ram-strength",),
    ),
    Question(
        "blow",
        "a blow of --strength that has landed on the target's --facing: penetration, the ramshackle save, hull points, the damage table",
        (Param("strength", "the blow's strength", int, None, bounds=(1, 20), required=True), FACING, *SITUATION),
        picked_by=("strength",),
    ),
)


# --------------------------------------------------------------------------- answering


def describe(question: str, values: Mapping[str, object], effort: Effort = EFFORT) -> Answer:
    """The answer to one of :data:`QUESTIONS`, given every parameter's checked value."""
    pick(QUESTIONS, question, ())  # an unknown name is refused, naming the questions
    v = cast(Mapping[str, Any], values)
    desc = Description(v["shooter-klan"], v["target-klan"], v["target-hull-points"], v["shooter-hull-points"], v["shooter-krew"], v["target-krew"])
    tries = {"budget": effort.budget, "samples": effort.samples, "seed": effort.seed}
    gap = v.get("gap")
    if question == "kannon":
        if v["shell"] == "grapeshot":
            return describe_grapeshot(desc, v["gun"], 4.0 if gap is None else gap, **tries)
        return describe_krak(desc, v["gun"], v["facing"], v["range"])
    if question == "torpedo":
        return describe_strike(desc, TORPEDO_STRENGTH, v["facing"], cause="torpedo", hits=v["hits"])
    if question == "sluggas":
        return describe_sluggas(desc, 3.0 if gap is None else gap, **tries)
    if question == "board":
        return describe_boarding(desc, 2.0 if gap is None else gap, **tries)
    if question == "ram":
        return describe_ram(desc, v["ram-strength"], v["facing"], planned=not v["crash"], mover_facing=v["rammer-facing"])
    if question == "blow":
        return describe_strike(desc, v["strength"], v["facing"])
    raise AssertionError(f"the question {question!r} has no answer")


def question(name: str) -> Question:
    """One of :data:`QUESTIONS` by name (an unknown name is refused, naming them)."""
    return pick(QUESTIONS, name, ())


def from_description(
    *,
    shooter_klan: str = "goffs",
    target_klan: str = "goffs",
    gun: str = "fore",
    shell: str = "krak",
    facing: str = "front",
    rng: float = 20.0,
    torpedo: bool = False,
    hits: int = 1,
    sluggas: bool = False,
    board: bool = False,
    gap: float | None = None,
    ram_strength: int | None = None,
    crash: bool = False,
    rammer_facing: str = "front",
    target_hull_points: int | None = None,
    shooter_hull_points: int | None = None,
    shooter_krew: int | None = None,
    target_krew: int | None = None,
    samples: int = SAMPLES,
    seed: int = 1,
    budget: int = BUDGET,
) -> Answer:
    """The same questions in one Python call: a krak shot (default), grapeshot, a torpedo that
    struck, sluggas, a boarding action or a ram, picked as the command line picks them; the
    parameters are checked as the command line checks them."""
    name = "ram" if ram_strength is not None else "board" if board else "sluggas" if sluggas else "torpedo" if torpedo else "kannon"
    given: dict[str, object] = {
        "shooter-klan": shooter_klan,
        "target-klan": target_klan,
        "gun": gun,
        "shell": shell,
        "facing": facing,
        "range": rng,
        "hits": hits,
        "gap": gap,
        "ram-strength": ram_strength,
        "crash": crash,
        "rammer-facing": rammer_facing,
        "target-hull-points": target_hull_points,
        "shooter-hull-points": shooter_hull_points,
        "shooter-krew": shooter_krew,
        "target-krew": target_krew,
    }
    q = question(name)
    try:
        values = q.values({k: v for k, v in given.items() if v is not None and q.param(k) is not None})
    except ValueError as err:
        raise OddsError(str(err)) from None
    return describe(name, values, Effort(budget, samples, seed))


#: the situations Jim Lad's answers are measured on (bench/bench_odds.py, the odds tests)
CASES: tuple[OddsCase, ...] = (
    OddsCase("kannon", {}, 'a krak shell from the fore kannon at 20"'),
    OddsCase("kannon", {"gun": "port", "range": 12.0, "facing": "port"}, 'a krak shell from a broadside at 12"'),
    OddsCase("kannon", {"range": 30.0, "target-hull-points": 2}, 'krak at 30" on a ship of 2 hull points'),
    OddsCase("kannon", {"shell": "grapeshot", "gun": "port"}, "grapeshot from a broadside alongside"),
    OddsCase("torpedo", {"torpedo": True}, "a torpedo struck"),
    OddsCase("torpedo", {"torpedo": True, "hits": 2, "facing": "rear"}, "two torpedoes in the stern"),
    OddsCase("sluggas", {"sluggas": True}, "sluggas, seven Orks a side"),
    OddsCase("sluggas", {"sluggas": True, "shooter-krew": 3, "target-krew": 5}, "sluggas, three Orks at five"),
    OddsCase("board", {"board": True}, "boarding, seven Orks a side"),
    OddsCase("board", {"board": True, "shooter-krew": 4, "target-krew": 3}, "boarding, four Orks at three"),
    OddsCase("ram", {"ram-strength": 7}, "a ram at S7"),
    OddsCase("ram", {"ram-strength": 9, "crash": True, "facing": "port"}, "a crash at S9 into the side"),
    OddsCase("blow", {"strength": 8}, "a blow of S8"),
    OddsCase("blow", {"strength": 10, "facing": "rear", "target-hull-points": 1}, "a blow of S10 in the stern of a ship of 1 hull point"),
)


class JimLadOdds:
    """Jim Lad's :class:`~grapeshot.core.capabilities.OddsQuestions`."""

    def questions(self) -> Sequence[Question]:
        return QUESTIONS

    def ask(self, question: str, values: Mapping[str, object], effort: Effort) -> Answer:
        return describe(question, values, effort)

    def before(self, game: Game, seat: str, prompt: Prompt, action: Action, effort: Effort) -> ActionOdds:
        return answer_action(game, seat, prompt, action, samples=effort.samples, seed=effort.seed, budget=effort.budget)

    def cases(self) -> Sequence[OddsCase]:
        return CASES


ODDS = JimLadOdds()
