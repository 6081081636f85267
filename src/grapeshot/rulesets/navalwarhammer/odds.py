"""What ``grapeshot odds`` can ask of Naval Warhammer (its ``odds()`` capability).

Five questions, each answered by running the procedure the game itself runs, once for every
way the dice can fall (:mod:`grapeshot.odds`), on a private copy of a staged game of the
built-in ``duel`` (so re-rolls are granted as in play: a First Mate's, NW-UPG-7):

* ``cannon``: one cannon ball (FB-CANNON-1, NW-CANNON-1) guessed ``--range`` inches along its
  line at a ship part whose near and far sides lie ``--part-from`` and ``--part-to`` inches from
  the gun: does it misfire, land short, pass over, or hit, the wounds the part loses, whether
  the part stops the ball (only on a 1 to wound) and whether the part is destroyed;
* ``deck-fight``: one round of deck fighting between two crews of one unit each, struck in
  initiative order (FB-INIT-1, NW-BOARD-3; +1 to hit from the higher deck, NW-BOARD-4) and
  scored (NW-BOARD-5): who wins the round and by how much;
* ``small-arms``: a unit's small arms at a ship part (:mod:`.odds_parts`): its wounds lost;
* ``template``: a stone thrower's template or a flame over a crew, its specialty target and the
  hull (:mod:`.odds_parts`);
* ``break-test``: a losing crew's break test (NW-BOARD-5) on its Ld, the combat result taken
  off once it is Shaken, with or without a First Mate's re-roll.

Each answer is exact where the enumeration stays within the effort's budget (all of the cannon
and break-test questions; a deck fight of a few attacks), else a seeded Monte Carlo estimate
with 95% intervals.

``before`` gives the odds of a shot a seat proposes in a real game (a ``shoot`` action: a cannon,
a bolt thrower, a stone thrower, a flamer or small arms), by running the game's own
:func:`.shooting.shot` on copies of the game's state: what the target ship loses (each part's
wounds, the models of her crew slain) or the shooter's misfire.  A break test and a round of
deck fighting are never proposed (they follow from the combat), so they are asked as questions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any, cast

from grapeshot.core.actions import Action
from grapeshot.core.capabilities import Effort, OddsCase, Param, Question
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.scenario import load_scenario
from grapeshot.odds import DECLINE, TAKE_ON_FAILURE, Odds, OddsError, Proc, Runner
from grapeshot.rulesets.navalwarhammer import odds_parts
from grapeshot.rulesets.navalwarhammer.actions import Shoot
from grapeshot.rulesets.navalwarhammer.fantasy.artillery import CANNON, InPath, cannon_shot
from grapeshot.rulesets.navalwarhammer.fantasy.combat import Side, break_test, combat_result
from grapeshot.rulesets.navalwarhammer.fantasy.melee import Engagement, fight_round
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import Profile
from grapeshot.rulesets.navalwarhammer.fantasy.units import Unit, ship_part
from grapeshot.rulesets.navalwarhammer.measures import GUESSING, premeasured
from grapeshot.rulesets.navalwarhammer.shooting import shot
from grapeshot.rulesets.navalwarhammer.state import Sea
from grapeshot.rulesets.navalwarhammer.targets import point_blank_at

RULESET = "navalwarhammer"
#: the staged game's scenario and the two ships its questions speak of
STAGE = "duel"


def _stat(name: str, what: str, default: int, low: int = 1, high: int = 10) -> tuple[Param, Param]:
    return (
        Param(f"attacker-{name}", f"the attacking unit's {what}", int, default, bounds=(low, high)),
        Param(f"defender-{name}", f"the defending unit's {what}", int, default, bounds=(low, high)),
    )


FIGHTERS = (
    *_stat("ws", "weapon skill", 3),
    *_stat("s", "strength", 3),
    *_stat("t", "toughness", 3),
    *_stat("w", "wounds a model", 1),
    *_stat("i", "initiative", 3),
    *_stat("a", "attacks a model", 1),
    *_stat("sv", "armour save (7: none)", 7, 1, 7),
    *_stat("models", "models aboard", 10, 1, 60),
    *_stat("fighting", "models in contact that fight", 3, 1, 60),
)

QUESTIONS: tuple[Question, ...] = (
    Question(
        "cannon",
        "a cannon ball guessed --range inches at a ship part lying from --part-from to --part-to inches along its line: misfire, short, over or hit, the wounds, whether the ball stops there",
        (
            Param("range", "the guessed range in inches (a cannon guesses up to 48)", float, 20.0, bounds=(0.0, float(CANNON.max_range))),
            Param("part-from", "inches from the gun to the part's near side", float, 22.0, bounds=(0.0, 100.0)),
            Param("part-to", "inches from the gun to the part's far side", float, 26.0, bounds=(0.0, 100.0)),
            Param("part-toughness", "the part's toughness", int, 7, bounds=(1, 10)),
            Param("part-structure", "the part's structure points (wounds left)", int, 10, bounds=(1, 30)),
        ),
        picked_by=("range", "part-from", "part-to", "part-toughness", "part-structure"),
    ),
    Question(
        "deck-fight",
        "one round of deck fighting between two crews of one unit each: who wins the round (NW-BOARD-5) and by how much",
        (*FIGHTERS, Param("higher-deck", "the attackers fight from the higher deck (+1 to hit, NW-BOARD-4)", bool, False)),
        picked_by=(*(p.name for p in FIGHTERS), "higher-deck"),
    ),
    Question(
        "break-test",
        "a losing crew's break test: holds, Shaken, or abandons ship (when already Shaken)",
        (
            Param("ld", "the highest unmodified Ld aboard", int, 7, bounds=(2, 10)),
            Param("difference", "the combat result's difference (taken off Ld once Shaken)", int, 1, bounds=(0, 20)),
            Param("shaken", "the crew is already Shaken", bool, False),
            Param("stubborn", "the crew is stubborn (no difference taken off)", bool, False),
            Param("first-mate", "a First Mate aboard (re-roll on a failed test, NW-UPG-7; the re-roll is taken)", bool, False),
        ),
        picked_by=("ld", "difference", "shaken", "stubborn", "first-mate"),
    ),
    odds_parts.QUESTION,
    odds_parts.TEMPLATE,
)


@cache
def _staged() -> Game:
    """The staged game (built once): the duel at its start, logging off."""
    return Game(RULESET, load_scenario(STAGE, RULESET), seed=1, log=False)


def ships() -> tuple[str, str]:
    """The staged ships: the first seat's and the second's."""
    sea = cast(Sea, _staged().state)
    names = list(sea.ships)
    return names[0], names[-1]


def solve(
    proc: Callable[[Game, Sea], Proc], title: str, effort: Effort, *, first_mate: str | None = None, given: str = "", own_pieces: bool = False
) -> Odds[str]:
    """The odds of what ``proc`` returns (a sentence) on a copy of the staged sea, exact within the
    effort's budget, else estimated.  With ``own_pieces`` the procedure makes every unit and part
    it touches afresh on each run and leaves the sea alone, so the sea is not copied per run (a
    copy of the whole staged fleet is most of the cost of a small question)."""
    game = _staged()
    base = game.ruleset.clone_state(game.state)
    policy = DECLINE
    if first_mate is not None:
        crew = next(u for u in base.crew(first_mate))
        crew.first_mate = True
        base.ships[first_mate].overcrowded = False
        policy = TAKE_ON_FAILURE
    runner: Runner[Sea, str] = Runner(game, base, proc, policy=policy)
    if own_pieces:
        runner.clone = lambda sea: sea
    answer: Odds[str] = Odds.solve(runner, title, budget=effort.budget, samples=effort.samples, seed=effort.seed, given=given)
    answer.policy = policy.text
    return answer


def cannon(values: Mapping[str, object], effort: Effort) -> Odds[str]:
    aim, near, far = float(cast(float, values["range"])), float(cast(float, values["part-from"])), float(cast(float, values["part-to"]))
    if far < near:
        raise OddsError(f"--part-to ({far:g}) must not be nearer than --part-from ({near:g})")
    toughness, structure = int(cast(int, values["part-toughness"])), int(cast(int, values["part-structure"]))
    _, target = ships()

    def proc(g: Game, sea: Sea) -> Proc:
        part = ship_part(f"{target} hull", sea.ships[target].owner, toughness, structure, boat=target)
        shot = yield from cannon_shot(g, "Cannon", None, aim, [InPath(near, far, part)])
        if shot.misfire is not None:
            return f"misfire ({shot.misfire.value})"
        if not shot.hits:
            return "over" if (shot.landing or 0.0) > far else "short"
        lost = int(structure - part.wounds_left)  # pinned: the outcome's text is made from it
        end = "destroyed" if not part.alive else ("stopped" if shot.stopped_by else "through")
        return f"hit: {lost} wounds, {end}"

    return solve(proc, f'a cannon guessing {aim:g}" at a T{toughness} part of {structure} wounds from {near:g}" to {far:g}"', effort, own_pieces=True)


def _fighter(side: str, values: Mapping[str, object], seat: str, boat: str) -> tuple[Unit, int]:
    v = {k.removeprefix(f"{side}-"): int(cast(int, x)) for k, x in values.items() if k.startswith(f"{side}-")}
    sv = None if v["sv"] >= 7 else v["sv"]
    profile = Profile(4, v["ws"], 3, v["s"], v["t"], v["w"], v["i"], v["a"], 7, sv)
    return Unit(f"{side}s", seat, profile, v["models"], boat=boat), min(v["fighting"], v["models"])


def deck_fight(values: Mapping[str, object], effort: Effort) -> Odds[str]:
    home, foe = ships()
    higher = bool(values["higher-deck"])

    def proc(g: Game, sea: Sea) -> Proc:
        a, fa = _fighter("attacker", values, sea.ships[home].owner, home)
        d, fd = _fighter("defender", values, sea.ships[foe].owner, foe)
        fought = yield from fight_round(g, [Engagement(a, d, fa, 1 if higher else 0), Engagement(d, a, fd)])
        r = combat_result(
            g,
            Side(home, a.seat, fought.wounds.get(a.seat, 0), a.models),
            Side(foe, d.seat, fought.wounds.get(d.seat, 0), d.models),
        )
        if r.winner is None:
            return "a draw"
        return f"{'attackers' if r.winner == home else 'defenders'} win by {int(r.difference)}"  # pinned, as the text is made from it

    return solve(proc, "a round of deck fighting", effort, given="the attackers and defenders are each one unit, the whole of their crews", own_pieces=True)


def break_odds(values: Mapping[str, object], effort: Effort) -> Odds[str]:
    crew, _ = ships()
    ld, difference = int(cast(int, values["ld"])), int(cast(int, values["difference"]))
    shaken, stubborn, mate = bool(values["shaken"]), bool(values["stubborn"]), bool(values["first-mate"])

    def proc(g: Game, sea: Sea) -> Proc:
        result = yield from break_test(g, crew, sea.ships[crew].commander, ld, shaken=shaken, difference=difference, stubborn=stubborn)
        return {"holds": "holds", "shaken": "Shaken", "abandon": "abandons ship"}[result.verdict]

    return solve(proc, f"a break test on Ld {ld}, lost by {difference}", effort, first_mate=crew if mate else None)


def small_arms(values: Mapping[str, object], effort: Effort) -> Odds[str]:
    return odds_parts.small_arms_odds(values, effort, solve, ships)


def template(values: Mapping[str, object], effort: Effort) -> Odds[str]:
    return odds_parts.template_odds(values, effort, solve, ships)


ANSWERS: dict[str, Callable[[Mapping[str, object], Effort], Odds[str]]] = {
    "cannon": cannon,
    "deck-fight": deck_fight,
    "break-test": break_odds,
    "small-arms": small_arms,
    "template": template,
}


#: the situations Naval Warhammer's answers are measured on (bench/bench_odds.py, the odds tests)
CASES: tuple[OddsCase, ...] = (
    OddsCase("cannon", {}, 'a cannon ball guessed at 20" at a hull from 22" to 26"'),
    OddsCase("cannon", {"range": 36.0, "part-from": 30.0, "part-to": 34.0, "part-structure": 3}, 'a cannon ball at 36" on a part with 3 wounds left'),
    OddsCase("deck-fight", {}, "a round of deck fighting, three against three"),
    OddsCase(
        "deck-fight",
        {"attacker-fighting": 8, "defender-fighting": 6, "attacker-a": 2, "attacker-sv": 5, "defender-t": 4, "higher-deck": True},
        "eight boarders of two attacks from the higher deck against six",
    ),
    OddsCase("deck-fight", {"attacker-i": 5, "attacker-fighting": 10, "defender-fighting": 10}, "ten against ten, the boarders quicker"),
    OddsCase("break-test", {}, "a break test on Ld 7, lost by 1"),
    OddsCase("break-test", {"shaken": True, "difference": 3, "first-mate": True}, "a Shaken crew lost by 3, with a First Mate"),
    OddsCase("small-arms", {}, "ten bowmen at a medium ship's rigging"),
    OddsCase("small-arms", {"part": "oars", "models": 20, "strength": 4, "long-range": True}, "twenty handguns at the oars, long range"),
    OddsCase("template", {}, "a stone over five of a crew and the hull"),
    OddsCase("template", {"template": "flame", "under": 8, "specialty": "rigging"}, "a flame over eight and the rigging"),
)


class NavalOdds:
    """The :class:`~grapeshot.core.capabilities.OddsQuestions` of Naval Warhammer."""

    def questions(self) -> Sequence[Question]:
        return QUESTIONS

    def ask(self, question: str, values: Mapping[str, object], effort: Effort) -> Odds[str]:
        if question not in ANSWERS:
            raise OddsError(f"Naval Warhammer has no odds question {question!r}; it has {', '.join(ANSWERS)}")
        return ANSWERS[question](values, effort)

    def before(self, game: Game, seat: str, prompt: Prompt, action: Action, effort: Effort) -> Odds[str] | None:
        if not isinstance(action, Shoot) or action.shooter is None:
            return None
        sea = cast(Sea, game.state)
        gun = sea.units.get(action.shooter)
        ship = sea.ships.get(action.ship)
        guessed = gun is not None and gun.engine in GUESSING and ship is not None and not (gun.engine == "cannon" and point_blank_at(sea, gun, ship))
        if guessed and not premeasured(sea):
            # the odds of a guess would tell how good it is: the range measured by another name
            raise OddsError(
                f"{action.shooter} guesses its range by eye (NW-CANNON-1): no odds before the shot, unless the table pre-measures (option pre_measure)"
            )
        return shot_odds(game, action, effort)

    def cases(self) -> Sequence[OddsCase]:
        return CASES


class ShotRunner(Runner[Sea, str]):
    """A proposed shot on copies of the game's sea, summed up as what the target ship lost (each
    part's wounds, her crew's models) or the shooter's misfire (FB-ART-2, heard as it happens)."""

    def __init__(self, game: Game, action: Shoot) -> None:
        super().__init__(game, cast(Sea, game.state), lambda g, sea: shot(g, sea, action), hear=("misfire",))
        self.action = action

    def outcome(self, after: Sea, heard: Any, value: Any) -> str:
        before, a = self.base, self.action
        out = [f"misfire ({data['result']})" for kind, data in heard if kind == "misfire"]
        ship = after.ships.get(a.ship)
        if ship is not None:
            for key, part in ship.parts.items():
                lost = int(before.ships[a.ship].parts[key].wounds_left - part.wounds_left)  # pinned: the text is made from it
                if lost:
                    out.append(f"{key} -{lost}")
            slain = sum(int(before.units[n].models - u.models) for n, u in after.units.items() if n in before.units and u.home == a.ship)
            if slain:
                out.append(f"{slain} of her crew lost")
        return ", ".join(out) or "no damage"


def shot_odds(game: Game, action: Shoot, effort: Effort) -> Odds[str]:
    """The odds of a proposed shot in ``game`` (see the module docstring)."""
    target = f" at {action.ship}" + (f" ({action.target})" if action.target else "") if action.ship else ""
    return Odds.solve(ShotRunner(game, action), f"{action.shooter} shoots{target}", budget=effort.budget, samples=effort.samples, seed=effort.seed)


ODDS = NavalOdds()
