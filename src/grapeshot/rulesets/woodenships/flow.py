"""The Wooden Ships turn: a ruling, for the text gives no turn order (WS-RULING-1).

Before the first turn the weapons are drafted and shared out (:mod:`.draft`, WS-SETUP-1).  Each
turn the sides are put in order (option ``initiative``: a roll-off each turn by default, the
highest first; or taking the lead in turn; or the scenario's order), and each side takes its
whole turn in that order:

1. its ships move, one after another in the scenario's order, each through its movement phases
   (WS-MOVE-1, WS-MOVE-2), all before any figure acts;
2. its figures, one at a time in the order its player picks: each moves (up to 8", swimming 4",
   crossing as a boarding party, picking weapons up on the way) and then takes one action
   (WS-FIG-3); the player may end the figures' turn early;
3. its swimmers face the sharks (WS-FIG-5); ships held by its enemies alone are taken; ships
   whose turn of grace ends go down (WS-DMG-3).

When every side has had its turn, the wild creatures take theirs, each in name order: moved by
the rules or by the referee's seat (option ``wild_animals``, :mod:`.animals`, WS-ANIMAL-7).

The game ends when one side alone is left able to fight, or after the turn limit
(:mod:`.victory`).  The flow checkpoints before every pick of the draft, each round of mounting guns, the sharing out,
at the start of each turn and each side's turn, and before each figure is chosen: a copy of the
game starts from the last of these.
"""

from __future__ import annotations

from collections.abc import Generator, Hashable
from typing import Any, cast

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.rolloff import roll_off
from grapeshot.core.ruleset import Outcome
from grapeshot.rulesets.collisions.ports import BOARD, MOVED, OVERBOARD, PRISONERS, SWIMMERS
from grapeshot.rulesets.woodenships import acts, animals, draft, figures, fire, guns, hosting, rams, ships, victory, wind
from grapeshot.rulesets.woodenships.actions import Act, Move, Next, Steer
from grapeshot.rulesets.woodenships.data import WILD
from grapeshot.rulesets.woodenships.pieces import Figure
from grapeshot.rulesets.woodenships.prompts import ActPrompt, MovePrompt, NextPrompt, SteerPrompt
from grapeshot.rulesets.woodenships.state import Shore

Proc = Generator[Prompt, Any, Any]


def play(g: Game, start: Hashable | None = None) -> Generator[Prompt, Any, Outcome]:
    """The whole game, or from a checkpoint ``start``: ("pick", n), ("mount", round) or
    ("distribute", 0) in the draft, (turn, index, stage) in play, stage "order", "begin", "figures" or "wild" (the wild
    creatures' turn, index the number of sides)."""
    shore = cast(Shore, g.state)
    if start is None:
        g.emit("setup", None, scenario=g.scenario.name, options=g.options, state=shore.describe())
        for ship in shore.ships.values():
            _muster(g, shore, ship.name)
        yield from wind.begin(g, shore)
        if shore.draft is not None:
            yield from draft.draft(g, shore)
        if shore.hosting:
            for f in [f for f in shore.living() if f.swimming and not f.animal and not f.kept]:
                hosting.now(g, OVERBOARD, f.name)  # the scenario's swimmers are the module's
        start = (1, 0, "order")
    else:
        point = cast(tuple[Any, ...], start)
        if point[0] in ("pick", "mount", "distribute"):
            yield from draft.draft(g, shore, (point[0], point[1]))
            start = (1, 0, "order")
    turn, index, stage = cast(tuple[int, int, str], start)
    limit = int(shore.option("turn_limit"))
    while turn <= limit:
        shore.turn = g.turn = turn
        if stage == "order":
            shore.side_index = 0
            g.checkpoint((turn, 0, "order"))
            yield from wind.shift(g, shore)
            if shore.fires:
                g.begin_phase("fires", "WS-ANIMAL-6")
                yield from fire.burn(g, shore)
                outcome = victory.check(g, shore)
                if outcome is not None:
                    return outcome
            shore.order = yield from initiative(g, shore)
            if shore.hosting:
                g.begin_phase("swimmers", "CG-SWIM-1")
                yield from hosting.call(g, SWIMMERS)
                outcome = victory.check(g, shore)
                if outcome is not None:
                    return outcome
            index, stage = 0, "begin"
        while index < len(shore.order) and stage != "wild":
            shore.side_index = index
            outcome = yield from side_turn(g, shore, turn, index, stage)
            if outcome is not None:
                return outcome
            index, stage = index + 1, "begin"
        if shore.hosting and stage != "wild":
            outcome = yield from boarding_step(g, shore)
            if outcome is not None:
                return outcome
        outcome = yield from wild_turn(g, shore, turn)
        if outcome is not None:
            return outcome
        turn, index, stage = turn + 1, 0, "order"
    return victory.final(g, shore)


def _muster(g: Game, shore: Shore, name: str) -> None:
    """What a ship brings to the table, each number from the ship table (WS-SHIP-1/2/3)."""
    ship = shore.ships[name]
    kind = ship.kind
    table = str(shore.option("ship_table"))
    g.emit(
        "muster",
        "WS-SHIP-2",
        ship=ship.name,
        side=ship.side,
        type=kind.name,
        sections=[c.name for c in ship.plan.sections],
        points=ship.points,
        lost=ship.lost,
        cost=ship.cost,
        moves=list(kind.moves),
        spin_first=kind.spin_first,
        ram=f"D6{kind.ram_value(table):+d}",
        ship_table=table,
        crew=[f.name for f in shore.aboard(ship.name)],
        captain=next((f.name for f in shore.figures.values() if f.captain_of == ship.name), None),
    )


def initiative(g: Game, shore: Shore) -> Generator[Prompt, Any, tuple[str, ...]]:
    """WS-RULING-1: the order the sides take their turns in this turn (option ``initiative``)."""
    g.begin_phase("initiative", "WS-RULING-1")
    seats = list(shore.seats)
    mode = shore.option("initiative")
    if mode == "fixed":
        order = seats
    elif mode == "alternate":
        k = (shore.turn - 1) % len(seats)
        order = seats[k:] + seats[:k]
    else:
        order = yield from roll_off(g, seats, "WS-RULING-1", lambda seat: f"{seat}: roll for the initiative")
    g.emit("initiative", "WS-RULING-1", order=order, mode=mode)
    return tuple(order)


def side_turn(g: Game, shore: Shore, turn: int, index: int, stage: str) -> Generator[Prompt, Any, Outcome | None]:
    """One side's whole turn: its ships, its figures, then the end of its turn."""
    side = shore.order[index]
    if stage == "begin":
        g.checkpoint((turn, index, "begin"))
        shore.serial += 1
        shore.attacks = {}
        shore.crossings = {}
        guns.muster_crews(g, shore, side)
        g.begin_phase("ships", "WS-MOVE-2")
        g.emit("side-turn", "WS-RULING-1", side=side, serial=shore.serial)
        yield from rams.dislodge(g, shore, side)
        yield from wind.drift(g, shore, side)
        yield from ship_phase(g, shore, side)
        g.begin_phase("figures", "WS-FIG-3")
    while True:
        ready = tuple(f.name for f in shore.living(side) if f.acted != shore.serial and not f.caged and not (shore.hosting and shore.idle(f)))
        if not ready:
            break
        g.checkpoint((turn, index, "figures"))
        answer = cast(Next, (yield NextPrompt((side,), "WS-FIG-3", f"{side}: which figure moves and acts next?", (Next,), ready)))
        if answer.figure is None:
            g.emit("figures-done", "WS-FIG-3", side=side, idle=list(ready))
            break
        figure = shore.figures[answer.figure]
        figure.acted, figure.acted_turn = shore.serial, shore.turn
        yield from figure_turn(g, shore, figure)
        outcome = victory.check(g, shore)
        if outcome is not None:
            return outcome
    g.begin_phase("end of turn", "WS-FIG-5")
    yield from figures.sharks(g, shore, side)
    if shore.hosting:  # the module takes ships by boarding (CG-BOARD-4) and sinks them (CG-SWIM-1)
        hosting.sync(g)
        yield from hosting.sinkings(g, shore)
    else:
        ships.takings(g, shore)
        ships.sinkings(g, shore)
    return victory.check(g, shore)


def boarding_step(g: Game, shore: Shore) -> Generator[Prompt, Any, Outcome | None]:
    """With the collisions module, once a turn after every side has had its turn: its boarding
    step (CG-BOARD-1..5) and its prisoners step (CG-BOARD-4), the seats in this turn's order."""
    shore.side_index = len(shore.order) - 1
    shore.serial += 1  # a step of its own: who acted in the figures' turns may still board
    shore.attacks = {}
    g.begin_phase("boarding", "CG-BOARD-1")
    yield from hosting.call(g, BOARD)
    outcome = victory.check(g, shore)
    if outcome is not None:
        return outcome
    g.begin_phase("prisoners", "CG-BOARD-4")
    yield from hosting.call(g, PRISONERS)
    return victory.check(g, shore)


def ship_phase(g: Game, shore: Shore, side: str) -> Proc:
    """WS-MOVE-1/2: each of the side's ships through its movement phases, before any figure acts."""
    for ship in shore.fleet(side):
        ship.travelled = 0.0
        why = ships.cannot_move(shore, ship) or wind.stolen(shore, ship) or hosting.held(g, ship)
        if why is not None:
            g.emit("no-move", "WS-WIND-3" if why.endswith("(WS-WIND-3)") else "WS-MOVE-2", ship=ship.name, side=side, why=why)
            wind.moved(shore, ship)
            continue
        for i, (value, spin, rule) in enumerate(wind.phases(shore, ship, ships.phases(ship))):
            words = f'{ship.name}: {"spin" if spin else "move"} (phase {i + 1}): swing the ruler up to 90 degrees and take a mark up to {value:g}"'
            answer = cast(Steer, (yield SteerPrompt((side,), rule, words, (Steer,), ship.name, i, value, spin, shore)))
            before, gone = ship.hull, ship.travelled
            contact = ships.steer(g, shore, ship, i, value, spin, rule, answer.angle, answer.inches)
            wind.after_phase(g, shore, ship, before)
            yield from rams.run_down(g, shore, ship)
            if shore.hosting and contact is not None and contact.kind == "ship":
                stop = yield from hosting.contact(g, ship, contact.ident, before, ship.travelled - gone)
                if stop or not ship.afloat:
                    break
            else:
                yield from rams.ram(g, shore, ship, contact)
            if ships.cannot_move(shore, ship) is not None or (shore.hosting and (ship.spent == shore.serial or hosting.held(g, ship))):
                break  # stuck fast, sinking, grappled or spent after a ram
        wind.moved(shore, ship)
        if shore.hosting and ship.afloat:
            yield from hosting.call(g, MOVED, ship.name)


def wild_turn(g: Game, shore: Shore, turn: int) -> Generator[Prompt, Any, Outcome | None]:
    """WS-ANIMAL-7: after the sides, each wild creature in name order moves and attacks, by the
    rules or as the referee's seat answers (option ``wild_animals``)."""
    if not any(True for _ in shore.living(WILD)):
        return None
    g.checkpoint((turn, len(shore.order), "wild"))
    shore.side_index = len(shore.order) - 1
    shore.serial += 1
    shore.attacks = {}
    g.begin_phase("wild creatures", "WS-ANIMAL-7")
    for name in sorted(f.name for f in shore.living(WILD)):
        creature = shore.figures[name]
        if not creature.alive or not creature.wild:
            continue
        creature.acted = shore.serial
        if shore.option("wild_animals") == "referee" and shore.referee is not None:
            yield from figure_turn(g, shore, creature, shore.referee)
        else:
            shore.acting = creature.name
            yield from animals.rules_turn(g, shore, creature)
            shore.acting = None
        outcome = victory.check(g, shore)
        if outcome is not None:
            return outcome
    return None


def figure_turn(g: Game, shore: Shore, figure: Figure, seat: str | None = None) -> Proc:
    """WS-FIG-3: the figure moves, then takes its one action (none for a boarding party); its
    side's seat answers (a wild creature's, the referee's)."""
    shore.acting = figure.name
    reach = figures.reach_of(figure)
    who = (seat or figure.side,)
    prompt = MovePrompt(who, "WS-FIG-3", f'{figure.name}: move up to {reach:g}" (or stay)', (Move,), shore, figure.name)
    move = cast(Move, (yield prompt))
    yield from figures.resolve(g, shore, figure, prompt.plan_for(move), move.pick_up)
    if shore.hosting and figure.alive and figure.swimming and not figure.animal and not figure.kept:
        hosting.now(g, OVERBOARD, figure.name)  # over the side: the module's swimmer now
    after: str | None = None
    while figure.alive and figure.boarded != shore.serial and not (shore.hosting and figure.kept):
        ask = ActPrompt(
            who,
            "WS-FIG-3",
            f"{figure.name}: shoot, reload, strike, grapple or cut a grapple, climb aboard, load, fire or turn a gun, cast a spell, or nothing",
            (Act,),
            shore,
            figure.name,
            after,
        )
        if len(ask.options()) <= 1:
            break
        act = cast(Act, (yield ask))
        yield from acts.resolve(g, shore, figure, act, ask.obstructions())
        if act.what == "reload" and shore.option("reload_and_fire") and after is None:
            after = act.weapon
            continue
        break
    shore.acting = None
