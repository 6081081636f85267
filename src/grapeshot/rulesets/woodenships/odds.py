"""Wooden Ships' odds (its ``odds()`` capability), through the generic engine (:mod:`grapeshot.odds`).

Every answer runs the rule's own procedure once for each way the dice can fall, on a private
copy of a game: :func:`shooting.shoot`, :func:`guns.fire`, :func:`melee.strike`,
:func:`boarding.climb`; before an action in a game, the action itself (:func:`acts.resolve` or
a move's :func:`figures.resolve`, with its boarding or scaling roll).  The dice here are all
D6s (and a cannon's D6 or a swivel's D3 of damage), so every answer is exact.

What a run did is read from the state afterwards (:func:`changes`): each figure wounded or
killed, each ship's or fort's points lost, each gun destroyed, each gate broken, each figure
that got onto another surface; "no effect" when nothing changed.

The questions stage a small situation on an open table (:func:`stage`):

* ``shot``: a small arm at a range (its band from the table), by a man or a hero;
* ``gun``: a cannon, swivel or mounted rifle at a ship, a boat, a man, or a cannon or swivel on
  a ship (what spills onto that ship, the wounds of its crew of one), at a range;
* ``melee``: a blow with a weapon (and a second one-handed one), after ``gang`` others struck
  the same victim this turn, by a man or a hero, at a man or a hero;
* ``climb``: boarding from the water, onto a ship stationary, at half speed or at full speed.

With the collisions module in play, a ship's steer that would end against another ship is
answered by the module (:func:`steer_odds`: a ram's odds).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from grapeshot.core.actions import Action
from grapeshot.core.capabilities import Effort, OddsAnswer, OddsCase, Param, Question
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import Surface, hull_gap
from grapeshot.odds import OddsError, Sandbox, pick
from grapeshot.rulesets.woodenships import acts, boarding, figures, guns, hosting, melee, odds_ships, rams, ships, shooting
from grapeshot.rulesets.woodenships.actions import Act, Move, Steer
from grapeshot.rulesets.woodenships.data import FIGURE_RADIUS, GUNS, IMPROVISED, MELEE, PILE_KINDS, SMALL_ARMS
from grapeshot.rulesets.woodenships.odds_staging import WsOdds, solve, stage
from grapeshot.rulesets.woodenships.places import obstructions, spot_at
from grapeshot.rulesets.woodenships.prompts import ActPrompt, MovePrompt, SteerPrompt
from grapeshot.rulesets.woodenships.state import Shore

#: room beyond the target ship's stern on a gun's staging table (a narrow hull and a margin)
STAGE_MARGIN = 16.0


def _kind(hero: bool) -> str:
    return "hero" if hero else "man"


def _a(word: str) -> str:
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def _weapon_of(shore: Shore, figure: str, kind: str) -> str:
    return next(w.name for w in shore.carried(figure) if w.kind == kind)


def _refused(why: object) -> None:
    if isinstance(why, str):
        raise OddsError(why)


# --------------------------------------------------------------------------- the questions

HERO = Param("hero", "the one who acts is a hero (+1, but not with a cannon)", bool, False)
RANGE = Param("range", "inches between them (base to base; from the gun's footing to the target)", float, 12.0, bounds=(0.0, 54.0))
VICTIM = Param("victim", "the target figure: a man (1 life point) or a hero (3)", str, "man", ("man", "hero"))
MELEE_KINDS = (*MELEE, *IMPROVISED)
ONE_HANDED = ("none", *(k for k in MELEE_KINDS if k in ("sword", "axe", "club", "halberd") or k in IMPROVISED))

QUESTIONS: tuple[Question, ...] = (
    Question(
        "shot",
        "a small arm fired at a figure --range inches away (its band from the table), by a man or a hero",
        (
            Param("weapon", "the small arm", str, "rifle", tuple(SMALL_ARMS)),
            RANGE,
            HERO,
            VICTIM,
            Param("to-hit-seven", 'the "7": out of reach but for a bonus, or a 6 then a 4+', str, "bonus_only", ("bonus_only", "six_then_four")),
        ),
    ),
    Question(
        "gun",
        "a gun fired at a ship, a boat, a man, or a cannon or swivel on a ship (what spills onto the ship, its crew's wounds)",
        (
            Param("gun", "the gun fired", str, "cannon", tuple(GUNS)),
            Param("at", "what it is fired at", str, "ship", ("ship", "boat", "man", "cannon", "swivel")),
            RANGE,
            HERO,
        ),
        picked_by=("gun", "at"),
    ),
    Question(
        "melee",
        "a blow in hand to hand with a weapon (and a second one-handed one), after --gang others struck the same victim this turn",
        (
            Param("melee-weapon", "the weapon struck with", str, "sword", MELEE_KINDS),
            Param("second", "a second one-handed weapon carried", str, "none", ONE_HANDED),
            Param("gang", "how many others struck the same victim before it this turn (WS-FIG-4)", int, 0, bounds=(0, 6)),
            HERO,
            VICTIM,
            Param("two-weapons", "two one-handed weapons: +1 to hit, or a second blow", str, "hit", ("hit", "attacks")),
            Param("one-handed", "which weapons are one-handed: the score sheet's reading, or the main text's", str, "sheet", ("sheet", "main")),
        ),
        picked_by=("melee-weapon", "gang", "second"),
    ),
    Question(
        "climb",
        "a swimmer climbing aboard a ship from the water, by the ship's pace in its last movement",
        (
            Param("pace", "the ship's pace", str, "stationary", ("stationary", "half", "full")),
            HERO,
            Param("hero-boarding", "heroes add their +1 to climbing aboard", bool, True),
        ),
        picked_by=("pace",),
    ),
    *odds_ships.QUESTIONS,
)


def shot_odds(v: Mapping[str, Any], effort: Effort) -> WsOdds:
    """A small arm at a figure on open ground, ``range`` inches base to base."""
    weapon = str(v["weapon"])
    gap = float(v["range"])
    red = [{"name": "Shooter", "kind": _kind(bool(v["hero"])), "land": "the island", "at": [20, 30], "weapons": [weapon]}]
    blue = [{"name": "Target", "kind": str(v["victim"]), "land": "the island", "at": [20 + gap + 2 * FIGURE_RADIUS, 30]}]
    g = stage([{"seat": "red", "ashore": red}, {"seat": "blue", "ashore": blue}], {"to_hit_seven": v["to-hit-seven"]}, land=True)
    s = cast(Shore, g.state)
    _refused(shooting.aim(s, obstructions(s), s.figures["Shooter"], _weapon_of(s, "Shooter", weapon), "Target"))

    def proc(game: Game, shore: Shore) -> Any:
        shot = shooting.aim(shore, obstructions(shore), shore.figures["Shooter"], _weapon_of(shore, "Shooter", weapon), "Target")
        assert not isinstance(shot, str)
        return shooting.shoot(game, shore, shore.figures["Shooter"], shot)

    who = "a hero" if v["hero"] else "a man"
    return solve(g, proc, f'{who} fires {_a(weapon)} at a {v["victim"]} {gap:g}" away', effort)


def gun_odds(v: Mapping[str, Any], effort: Effort) -> WsOdds:
    """Red's narrow ship with the gun at its port rail, pointing north; the target to the north,
    ``range`` inches from the gun's footing: blue's ship (or a rowboat), a man at its near rail, or a
    gun at its near rail with a man beside it."""
    kind, at, gap = str(v["gun"]), str(v["at"]), float(v["range"])
    crew = [{"name": "Gunner", "kind": _kind(bool(v["hero"])), "at": [1.0, 0.8]}]
    red = {
        "name": "Red",
        "type": "narrow",
        "x": 20,
        "y": 20,
        "heading": 0,
        "masts": [],
        "guns": [{"kind": kind, "place": "port"}],
        "crew": [{"kind": "captain", "at": [-3, 0]}, *crew],
    }
    if at == "boat":
        blue = {"name": "Blue", "type": "rowboat", "x": 20, "y": 22.0 + gap + 1.25, "heading": 0, "crew": [{"kind": "captain"}]}
    else:
        aboard: list[dict[str, Any]] = [{"kind": "captain", "at": [-3, 0]}]
        blue = {"name": "Blue", "type": "narrow", "x": 20, "y": 24.0 + gap, "heading": 0, "masts": [], "crew": aboard}
        if at == "man":
            aboard.append({"name": "Target", "kind": "man", "at": [0.0, -1.5]})
        if at in ("cannon", "swivel"):
            blue["guns"] = [{"kind": at, "place": "starboard"}]
            aboard.append({"name": "Crewman", "kind": "man", "at": [1.0, -0.8]})
    g = stage([{"seat": "red", "ships": [red]}, {"seat": "blue", "ships": [blue]}], {}, height=max(60.0, STAGE_MARGIN + 24.0 + gap))
    s = cast(Shore, g.state)
    guns.muster_crews(g, s, "red")
    target = {"ship": "Blue", "boat": "Blue", "man": "Target", "cannon": "Blue cannon 1", "swivel": "Blue swivel 1"}[at]
    _refused(guns.lay(s, obstructions(s), s.figures["Gunner"], f"Red {kind} 1", target))

    def proc(game: Game, shore: Shore) -> Any:
        laid = guns.lay(shore, obstructions(shore), shore.figures["Gunner"], f"Red {kind} 1", target)
        assert not isinstance(laid, str)
        return guns.fire(game, shore, shore.figures["Gunner"], laid)

    return solve(g, proc, f'{_a(kind)} fired at {_a(at) if at != "ship" else "a narrow ship"} {gap:g}" away', effort)


def carried_for(weapon: str) -> str:
    """What a figure carries to strike with ``weapon``: the weapon itself, or the small arm that
    brings it (a bayonet is a rifle's, never carried alone)."""
    if weapon in PILE_KINDS:
        return weapon
    return next(a.name for a in SMALL_ARMS.values() if a.melee == weapon)


def melee_odds(v: Mapping[str, Any], effort: Effort) -> WsOdds:
    """A blow between two figures base to base on open ground (a bayonet's on a rifle)."""
    weapon, second, gang = str(v["melee-weapon"]), str(v["second"]), int(v["gang"])
    held = carried_for(weapon)
    kit = [held] + ([] if second == "none" else [second])
    red = [{"name": "Attacker", "kind": _kind(bool(v["hero"])), "land": "the island", "at": [20, 30], "weapons": kit}]
    blue = [{"name": "Victim", "kind": str(v["victim"]), "land": "the island", "at": [21.05, 30]}]
    g = stage([{"seat": "red", "ashore": red}, {"seat": "blue", "ashore": blue}], {"two_weapons": v["two-weapons"], "one_handed": v["one-handed"]}, land=True)
    s = cast(Shore, g.state)
    s.attacks["Victim"] = gang
    _refused(melee.strike_refused(s, s.figures["Attacker"], _weapon_of(s, "Attacker", held), "Victim"))

    def proc(game: Game, shore: Shore) -> Any:
        return melee.strike(game, shore, shore.figures["Attacker"], _weapon_of(shore, "Attacker", held), "Victim")

    extra = f" and {_a(second)}" if second != "none" else ""
    title = f"a {_kind(bool(v['hero']))} strikes a {v['victim']} with {_a(weapon)}{extra}"
    return solve(g, proc, title, effort, given=f"{gang} struck it before" if gang else "")


def climb_odds(v: Mapping[str, Any], effort: Effort) -> WsOdds:
    """A swimmer beside blue's narrow ship (12 points), whose pace is set by its last movement and
    its damage (a third lost for half speed)."""
    red = {"name": "Red", "type": "narrow", "x": 60, "y": 40, "heading": 0, "crew": [{"kind": "captain"}, {"name": "Swimmer", "kind": _kind(bool(v["hero"]))}]}
    blue = {"name": "Blue", "type": "narrow", "x": 20, "y": 20, "heading": 0, "crew": [{"kind": "captain"}], "damage": 4 if v["pace"] == "half" else 0}
    g = stage([{"seat": "red", "ships": [red]}, {"seat": "blue", "ships": [blue]}], {"hero_boarding": v["hero-boarding"]})
    s = cast(Shore, g.state)
    swimmer = s.figures["Swimmer"]
    swimmer.spot = spot_at(s, Surface.WATER, "", s.ships["Blue"].hull.world(0.0, -(2.0 + FIGURE_RADIUS + 0.2)))
    s.ships["Blue"].travelled = 0.0 if v["pace"] == "stationary" else 6.0
    _refused(boarding.climb_refused(s, swimmer, "Blue"))

    def proc(game: Game, shore: Shore) -> Any:
        return boarding.climb(game, shore, shore.figures["Swimmer"], "Blue")

    return solve(g, proc, f"a {_kind(bool(v['hero']))} in the water climbs aboard a ship ({v['pace']})", effort)


ANSWERS: dict[str, Callable[[Mapping[str, Any], Effort], WsOdds]] = {
    "shot": shot_odds,
    "gun": gun_odds,
    "melee": melee_odds,
    "climb": climb_odds,
    **odds_ships.ANSWERS,
}


def steer_odds(game: Game, prompt: SteerPrompt, action: Steer, effort: Effort) -> OddsAnswer | None:
    """Before a ship's steer with the collisions module in play: when the ruler move would end
    against another ship, the module is asked about that contact (its ram odds: the chart, the
    momentum for the MA left there, a purpose-built ram, a boat run under).  The move is made
    by the rules' own :func:`ships.steer` (the same sweep finds the same first contact) on a
    copy of the game, so the MA the host reports left is the one the ram would be rolled with.
    Without the module, a steer that would ram (a ship, rocks, a sea wall, a harbour) or run
    down a swimmer is answered by WS's own rules: the phase's move, then :func:`rams.run_down`
    and :func:`rams.ram` as the flow makes them, on copies of the game.  None for a steer that
    touches nothing that rams."""
    shore = cast(Shore, game.state)
    if not shore.hosting:
        return own_ram_odds(game, prompt, action, effort)
    from grapeshot.rulesets.collisions.ports import contact_odds

    g = Sandbox(game)
    copy = game.ruleset.clone_state(shore)
    g.state = copy
    ship = copy.ships[prompt.ship]
    hull, gone = ship.hull, ship.travelled
    touched = ships.steer(g, copy, ship, prompt.phase, prompt.value, prompt.spin, prompt.rule or "WS-MOVE-1", action.angle, action.inches)
    if touched is None or touched.kind != "ship":
        return None
    rammed = contact_odds(g, ship.name, touched.ident, hosting.motion(ship, hull, ship.travelled - gone), effort)
    if rammed is not None:
        return rammed
    name, other = prompt.ship, touched.ident

    def proc(gm: Game, s: Shore) -> Any:  # a sideswipe or coming alongside: the flow's own steps
        mover = s.ships[name]
        start, was = mover.hull, mover.travelled
        ships.steer(gm, s, mover, prompt.phase, prompt.value, prompt.spin, prompt.rule or "WS-MOVE-1", action.angle, action.inches)
        yield from rams.run_down(gm, s, mover)
        yield from no_grapple(hosting.contact(gm, mover, other, start, mover.travelled - was))

    title = f"{name} touches {other}: a sideswipe (the oars' 2D6) or coming alongside"
    return solve(game, proc, title, effort, given="no grapple is thrown after it (a grapple's odds are asked when it is offered)")


def no_grapple(proc: Any) -> Any:
    """Run a module's contact, declining the grapple it offers afterwards (every other prompt,
    a re-roll offer, is passed on to the odds' policy)."""
    from grapeshot.rulesets.collisions.ports import Grapple, GrapplePrompt

    try:
        prompt = next(proc)
        while True:
            if isinstance(prompt, GrapplePrompt):
                answer: Any = Grapple(prompt.vessel, prompt.target, 0)
            else:
                answer = yield prompt
            prompt = proc.send(answer)
    except StopIteration as stop:
        return stop.value


def own_ram_odds(game: Game, prompt: SteerPrompt, action: Steer, effort: Effort) -> OddsAnswer | None:
    """A steer's odds by WS's own ramming rules (WS-RAM-1/2), or None when it rams nothing."""
    g = Sandbox(game)
    copy = game.ruleset.clone_state(cast(Shore, game.state))
    g.state = copy

    def move(gm: Game, s: Shore) -> Any:
        ship = s.ships[prompt.ship]
        return ships.steer(gm, s, ship, prompt.phase, prompt.value, prompt.spin, prompt.rule or "WS-MOVE-1", action.angle, action.inches)

    touched = move(g, copy)
    hull = copy.ships[prompt.ship].hull
    swimmers = bool(copy.option("run_down")) and any(hull_gap(copy.base(f), hull) < -1e-6 for f in copy.on(Surface.WATER, ""))
    if (touched is None or touched.kind not in ("ship", *rams.TERRAIN_RAMS)) and not swimmers:
        return None

    def proc(gm: Game, s: Shore) -> Any:
        contact = move(gm, s)
        yield from rams.run_down(gm, s, s.ships[prompt.ship])
        yield from rams.ram(gm, s, s.ships[prompt.ship], contact)

    return solve(game, proc, f'{prompt.ship} steers {action.angle:g} degrees, {action.inches:g}"', effort)


def before(game: Game, seat: str, prompt: Prompt, action: Action, effort: Effort) -> OddsAnswer | None:
    """The odds of an action a seat proposes: a figure's act or move, run on copies of the game
    as it stands; a steer's with the collisions module (:func:`steer_odds`); choosing the next
    figure has no dice, nor has a steer without the module."""
    if isinstance(prompt, SteerPrompt) and isinstance(action, Steer):
        return steer_odds(game, prompt, action, effort)
    shore = cast(Shore, game.state)
    if isinstance(prompt, ActPrompt) and isinstance(action, Act) and action.what != "none":
        name = prompt.figure

        def act(g: Game, s: Shore) -> Any:
            return acts.resolve(g, s, s.figures[name], action, obstructions(s))

        return solve(game, act, f"{name}: {acts.words(shore, action)}", effort)
    if isinstance(prompt, MovePrompt) and isinstance(action, Move) and action.to is not None:
        name = prompt.figure

        def move(g: Game, s: Shore) -> Any:
            f = s.figures[name]
            try:
                made = figures.check(s, f, action, figures.Spaces(s, f))
            except IllegalAction as err:  # the prompt accepted it on the same state: cannot happen
                raise OddsError(str(err)) from None
            return figures.resolve(g, s, f, made, action.pick_up)

        return solve(game, move, f"{name} moves to ({action.to[0]:.1f}, {action.to[1]:.1f}) on {action.of or action.surface}", effort)
    return None


#: the situations Wooden Ships' answers are measured on (bench/bench_odds.py, the odds tests)
CASES: tuple[OddsCase, ...] = (
    OddsCase("shot", {}, 'a man fires a rifle at a man 12" away'),
    OddsCase("shot", {"weapon": "pistol", "range": 4.0, "hero": True, "victim": "hero"}, 'a hero fires a pistol at a hero 4" away'),
    OddsCase("gun", {}, 'a cannon at a ship 12" away'),
    OddsCase("gun", {"range": 40.0}, 'a cannon at a ship 40" away'),
    OddsCase("gun", {"gun": "swivel", "at": "man", "range": 6.0}, 'a swivel at a man 6" away'),
    OddsCase("gun", {"at": "cannon", "range": 18.0}, 'a cannon at a cannon on a ship 18" away'),
    OddsCase("melee", {}, "a man strikes a man with a sword"),
    OddsCase("melee", {"melee-weapon": "axe", "second": "sword", "gang": 2, "victim": "hero"}, "an axe and a sword at a hero two others struck"),
    OddsCase("climb", {}, "climbing aboard a stationary ship"),
    OddsCase("climb", {"pace": "full", "hero": True}, "a hero climbing aboard a ship at full speed"),
    OddsCase("ram", {}, "a narrow ship ramming a narrow one bow first"),
    OddsCase("ram", {"rammer": "wide", "rammed": "rocks"}, "a wide ship onto the rocks"),
    OddsCase("grapple", {}, "a grapple thrown at a ship alongside"),
    OddsCase("board", {"hero": True}, "a hero boarding a ship alongside"),
    OddsCase("sink-or-swim", {}, "a ship going down with six aboard (the collisions module)"),
)


class WoodenShipsOdds:
    """Wooden Ships' :class:`~grapeshot.core.capabilities.OddsQuestions`."""

    def questions(self) -> Sequence[Question]:
        return QUESTIONS

    def ask(self, question: str, values: Mapping[str, object], effort: Effort) -> WsOdds:
        q = pick(QUESTIONS, question, ())
        return ANSWERS[q.name](values, effort)

    def before(self, game: Game, seat: str, prompt: Prompt, action: Action, effort: Effort) -> OddsAnswer | None:
        return before(game, seat, prompt, action, effort)

    def cases(self) -> Sequence[OddsCase]:
        return CASES


ODDS = WoodenShipsOdds()
