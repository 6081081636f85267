"""The Jim Lad turn (JL-TURN-*): wind, events, movement, shooting, boarding, then victory.

This generator is the game's resolution stack: it resolves the rules in
order and yields a prompt whenever a seat must choose.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any, cast

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.rolloff import roll_off
from grapeshot.core.ruleset import Outcome, PhaseStep
from grapeshot.geometry import Facing, Hull, Pose, bearing, hull_hits_polygon, hulls_overlap
from grapeshot.rulesets.jimlad import boarding, events, harbour, kraken, npc, victory
from grapeshot.rulesets.jimlad.actions import Distance, ManoeuvreOrder, Orders
from grapeshot.rulesets.jimlad.basis import Basis, explained, single, total
from grapeshot.rulesets.jimlad.compass import roll_direction
from grapeshot.rulesets.jimlad.data import (
    CARDS,
    DEFAULT_LENGTH,
    DEFAULT_WIDTH,
    FEEL_NO_PAIN,
    GUNNER_BS,
    HULL_POINTS,
    KANNONS,
    KLANS,
    MAX_LENGTH,
    MAX_WIDTH,
    RAMSHACKLE_SAVE,
    STARTING_KREW,
    TORPEDO_STRENGTH,
    Card,
    armour_terms,
)
from grapeshot.rulesets.jimlad.kannon import SHELLS, carried, grapeshot_strength
from grapeshot.rulesets.jimlad.melee_result import FREED
from grapeshot.rulesets.jimlad.movement import hulk_drift, move_ship, roll_allowance, side_wind_drift, straight_ahead
from grapeshot.rulesets.jimlad.placing import confirm_position
from grapeshot.rulesets.jimlad.prompts import DistancePrompt, orders_prompt
from grapeshot.rulesets.jimlad.shooting import shooting_round
from grapeshot.rulesets.jimlad.state import MoveRecord, Sea, Ship

Proc = Generator[Prompt, Any, Any]


def play(g: Game, start: tuple[int, int] | None = None) -> Generator[Prompt, Any, Outcome]:
    """The whole game; from ``start`` (a turn and the index of one of its :data:`PHASES`) it
    resumes at a checkpoint, where the state holds everything the rest of the game needs."""
    sea = cast(Sea, g.state)
    if start is None:
        if g.logging:
            g.emit("setup", None, scenario=g.scenario.name, options=g.options, state=sea.describe())
            for ship in sea.ships.values():
                muster(g, sea, ship)
        yield from npc.setup_models(g, sea)
        start = (1, 0)
    limit = int(sea.option("turn_limit"))
    first_turn, first_phase = start
    for turn in range(first_turn, limit + 1):
        sea.turn = g.turn = turn
        for index in range(first_phase if turn == first_turn else 0, len(PHASES)):
            g.checkpoint((turn, index))
            outcome = yield from PHASES[index](g, sea)
            if outcome is not None:
                return outcome
    return victory.final(g, sea)


def muster(g: Game, sea: Sea, ship: Ship) -> None:
    """What a ship brings to the table, each number with the rule that gives it (JL-SHIP-*,
    JL-KREW-*, JL-SHOOT-1/2/6, the klan's rule): logged once per ship at the start."""
    klan = KLANS[ship.klan]
    armour = {f.value: armour_terms(ship.klan, f) for f in Facing}
    kannons: dict[str, Any] = {}
    why: Basis = {
        "length": single(
            "JL-SHIP-1", f'the scenario\'s hull, {DEFAULT_LENGTH:g}" by default, at most {MAX_LENGTH:g}" (a bowsprit and a barrel included)', ship.length
        ),
        "width": single("JL-SHIP-1", f'the scenario\'s hull, {DEFAULT_WIDTH:g}" by default, at most {MAX_WIDTH:g}"', ship.width),
        "hull_points": single("JL-SHIP-3", f"{HULL_POINTS} hull points (a scenario may start a ship with fewer)", ship.hull_points),
        "kannons": single("JL-SHIP-2", "four kannons whatever is modelled: fore, port, starboard and aft", len(KANNONS)),
        "gunners_bs": single("JL-SHOOT-1", "grot gun krews", GUNNER_BS),
        "krew": single("JL-KREW-1", "a Kaptin, a Mad Doc and five krew", len(STARTING_KREW)),
        "profiles.kaptin": single("JL-KREW-2", "the Kaptin: WS4 BS2 S4 T4 W3 I3 A3 Ld8 Sv4+, 'Uge Choppa and slugga", "kaptin"),
        "profiles.krew": single("JL-KREW-3", "the Mad Doc and the krew: WS4 BS2 S3 T4 W1 I2 A2 Ld7 Sv5+, choppa and slugga", "krew"),
        "feel_no_pain": single("JL-KREW-4", "every Ork aboard while the Mad Doc lives", FEEL_NO_PAIN),
        "gold": single("JL-SHIP-5", "the Kaptin's gold (or teef), stored aboard", ship.gold),
        "torpedoes": single("JL-KLAN-7", "manned torpedoes replace the torpedoes", "manned")
        if klan.manned_torpedoes
        else single("JL-SHOOT-6", "two S9 torpedoes a salvo (option torpedo_salvos: salvos a game)", ship.salvos_left),
        "klan": single(klan.rule, klan.title, ship.klan.value),
    }
    for f in Facing:
        why[f"armour.{f.value}"] = armour[f.value]
    for name, k in KANNONS.items():
        shells = {shell: carried(ship, name, shell) is None for shell in SHELLS}
        kannons[name] = {
            "range": k.range,
            "krak": k.krak if shells["krak"] else None,
            "grapeshot": grapeshot_strength(ship, name) if shells["grapeshot"] else None,
        }
        why[f"kannons.{name}"] = single(
            "JL-KLAN-3" if klan.fore_grapeshot_only and name == "fore" else "JL-SHOOT-2",
            "grapeshot only (ruling: S4)" if klan.fore_grapeshot_only and name == "fore" else f"the {name} kannon's range and shells",
            name,
        )
    if klan.reroll:
        why["reroll"] = single(
            "JL-KLAN-8", "one re-roll a turn for each ship, or for each player (option freebooterz_reroll)", str(sea.option("freebooterz_reroll"))
        )
    g.emit(
        "muster",
        "JL-SHIP-1",
        ship=ship.name,
        klan=ship.klan.value,
        length=ship.length,
        width=ship.width,
        hull_points=ship.hull_points,
        armour={f: total(t) for f, t in armour.items()},
        save=RAMSHACKLE_SAVE,
        kannons=kannons,
        gunners_bs=GUNNER_BS,
        torpedoes={"salvos": ship.salvos_left, "strength": TORPEDO_STRENGTH, "manned": klan.manned_torpedoes},
        krew=[k.role for k in ship.krew],
        gold=ship.gold,
        basis=why,
    )


def sequence_step(g: Game, sea: Sea) -> Generator[Prompt, Any, Outcome | None]:
    g.begin_phase("sequence", "JL-TURN-6")
    sea.order = yield from turn_order(g, sea)
    g.emit("turn", "JL-TURN-6", order=list(sea.order))
    return None


def wind_step(g: Game, sea: Sea) -> Generator[Prompt, Any, Outcome | None]:
    yield from wind_phase(g, sea)
    return None


def events_step(g: Game, sea: Sea) -> Generator[Prompt, Any, Outcome | None]:
    """From turn 2 (JL-TURN-2); a mine, the sub or the Chinork may have sunk ships."""
    if skip(g, sea, "events"):
        return None
    yield from events_phase(g, sea)
    return victory.check(g, sea)


def movement_step(g: Game, sea: Sea) -> Generator[Prompt, Any, Outcome | None]:
    yield from movement_phase(g, sea)
    return victory.check(g, sea)


def shooting_step(g: Game, sea: Sea) -> Generator[Prompt, Any, Outcome | None]:
    return None if skip(g, sea, "shooting") else (yield from shooting_phase(g, sea))


def boarding_step(g: Game, sea: Sea) -> Generator[Prompt, Any, Outcome | None]:
    return None if skip(g, sea, "boarding") else (yield from boarding_phase(g, sea))


#: the parts of a turn as people read them, with the rule of each (the order of :data:`PHASES`)
PLAN: tuple[tuple[str, str], ...] = (
    ("sequence", "JL-TURN-6"),
    ("wind", "JL-TURN-1"),
    ("events", "JL-TURN-2"),
    ("movement", "JL-TURN-3"),
    ("shooting", "JL-TURN-4"),
    ("boarding", "JL-TURN-5"),
)
#: the parts the first turn goes without (JL-TURN-2, JL-TURN-4, JL-TURN-5), in people's words
NOT_ON_TURN_1 = {"events": "random events", "shooting": "shooting", "boarding": "boarding"}


def skipped(turn: int, phase: str) -> str | None:
    """Why turn ``turn`` goes without this part of the turn, or ``None`` if it is played: the
    one place the flow and the table's phase bar learn it from."""
    if turn == 1 and phase in NOT_ON_TURN_1:
        return f"no {NOT_ON_TURN_1[phase]} on turn 1"
    return None


def skip(g: Game, sea: Sea, phase: str) -> bool:
    """Whether this turn skips ``phase``; a skipped part is said in the log (``phase-skipped``)."""
    why = skipped(sea.turn, phase)
    if why is None:
        return False
    g.emit("phase-skipped", dict(PLAN)[phase], part=phase, why=why)
    return True


def turn_plan(turn: int) -> tuple[PhaseStep, ...]:
    """The turn's parts in order, each with its rule and why it is skipped (``Ruleset.turn_plan``)."""
    return tuple(PhaseStep(name, rule, skipped(turn, name)) for name, rule in PLAN)


#: the parts of a turn, in order; the flow can resume at the start of any of them
PHASES: tuple[Callable[[Game, Sea], Generator[Prompt, Any, Outcome | None]], ...] = (
    sequence_step,
    wind_step,
    events_step,
    movement_step,
    shooting_step,
    boarding_step,
)


def turn_order(g: Game, sea: Sea) -> Generator[Prompt, Any, tuple[str, ...]]:
    """JL-TURN-6: the order seats act in this turn: fixed, rotating (default) or rolled."""
    seats = [s for s in sea.seats if sea.fleet(s)]
    mode = sea.option("turn_order")
    if mode == "fixed":
        return tuple(seats)
    if mode == "rotate":
        k = (sea.turn - 1) % len(seats) if seats else 0
        return tuple(seats[k:] + seats[:k])
    return tuple((yield from roll_off(g, seats, "JL-TURN-6", lambda seat: f"{seat}: roll for the turn sequence")))


def wind_phase(g: Game, sea: Sea) -> Proc:
    """JL-TURN-1: the scatter die sets the wind for the turn."""
    g.begin_phase("wind", "JL-TURN-1")
    sea.wind = yield from roll_direction(g, sea, "wind direction", "JL-TURN-1")
    g.emit("wind", "JL-TURN-1", direction=round(sea.wind, 3))


def events_phase(g: Game, sea: Sea) -> Proc:
    """JL-TURN-2: random events and the non-player models act before the players (from turn 2).

    The events table, mines, the Kraken and the sub plug in here.
    """
    g.begin_phase("events", "JL-TURN-2")
    yield from events.events_phase(g, sea)


def movement_phase(g: Game, sea: Sea) -> Proc:
    """JL-TURN-3: sealed orders for every ship, revealed together, then ships move in turn sequence."""
    g.begin_phase("movement", "JL-TURN-3")
    yield from kraken.kraken_moves(g, sea)  # JL-NPC-2 ruling: the Kraken moves and attacks before the ships
    ordered = [s for seat in sea.order for s in sea.fleet(seat)]
    for ship in ordered:
        if ship.grounded_on is not None and ship.grounded_turn is not None and sea.turn >= ship.grounded_turn + 2:
            refloat(g, sea, ship)
    yield from harbour.start_of_movement(g, sea)
    need = [s for s in ordered if s.krewed and not s.becalmed and not s.engine_damaged and s.grounded_on is None and s.held_this(sea.turn) is None]
    given: dict[str, ManoeuvreOrder] = {}
    if need:
        answers = yield orders_prompt(sea, need)
        if not isinstance(answers, dict):  # a single seat answers directly
            answers = {need[0].commander: answers}
        for seat in sorted(answers):
            for o in cast(Orders, answers[seat]).orders:
                given[o.ship] = o
        if g.logging:
            g.emit(
                "orders",
                "JL-TURN-3",
                orders={seat: [_order(sea, o) for o in cast(Orders, a).orders] for seat, a in sorted(answers.items())},
            )
    for ship in ordered:
        if not ship.afloat:
            continue
        held = ship.held_this(sea.turn)
        if ship.grounded_on is not None:
            g.emit("no-move", "JL-RAM-7", ship=ship.name, why=f"aground on {ship.grounded_on}")
        elif held is not None:
            ship.standstill = True  # not moving leaves a ship at a standstill (JL-MOVE-5 ruling)
            g.emit("no-move", "JL-TURN-3", ship=ship.name, why=held)
        elif ship.hulk:
            yield from hulk_drift(g, sea, ship)
        elif ship.becalmed:
            ship.standstill = True
            g.emit("no-move", "JL-SHIP-4", ship=ship.name, why="becalmed on one hull point")
        elif ship.engine_damaged:
            yield from repeat_move(g, sea, ship)
        elif ship.name not in given:  # JL-BOARD-5: freed from a fight after the orders were given
            ship.standstill = True
            g.emit("no-move", "JL-TURN-3", ship=ship.name, why=FREED)
        else:
            yield from ordered_move(g, sea, ship, given[ship.name])
            if ship.afloat:
                yield from harbour.after_move(g, sea, ship)
        yield from confirm_position(g, sea, ship)
        ship.moved_turn = sea.turn
    yield from events.becalmed_shooting(g, sea)


def _order(sea: Sea, o: ManoeuvreOrder) -> dict[str, Any]:
    """An order as the log shows it, with the rules that limited the ship's choice, if any: a
    damaged rudder (JL-MOVE-10) or the mermorks' card (JL-EVT-15)."""
    out: dict[str, Any] = {"ship": o.ship, "card": o.card, "side": o.turn, "card_at": o.card_at}
    ship = sea.ships[o.ship]
    limits = []
    if ship.rudder_damaged:
        limits.append("JL-MOVE-10")
    if ship.forced is not None and ship.forced[0] == sea.turn and (ship.forced[1], ship.forced[2]) == (o.card, o.turn):
        limits.append("JL-EVT-15")
    if limits:
        out["limited_by"] = limits
    return out


def refloat(g: Game, sea: Sea, ship: Ship) -> None:
    """JL-RAM-7: after a turn aground the ship comes off, turned to head directly away from the
    terrain (from its nearest point to the ship's centre); if turning would touch something, it
    keeps its heading."""
    terrain = next(t for t in sea.terrain if t.name == ship.grounded_on)
    assert terrain.shape is not None
    away = bearing(terrain.shape.closest_point(ship.centre), ship.centre)
    turned = ship.hull.moved(Pose(ship.hull.x, ship.hull.y, away))
    clear = sea.table.holds(turned) and not any(
        hulls_overlap(turned, ob.shape) if isinstance(ob.shape, Hull) else hull_hits_polygon(turned, ob.shape) for ob in sea.ship_obstacles(ship)
    )
    if clear:
        ship.hull = turned
    g.emit("refloat", "JL-RAM-7", ship=ship.name, off=ship.grounded_on, heading=round(ship.hull.heading, 3), turned=clear)
    ship.grounded_on = None
    ship.grounded_turn = None


def ordered_move(g: Game, sea: Sea, ship: Ship, order: ManoeuvreOrder) -> Proc:
    """A ship sails its ordered card.  A rudder damaged since the orders were given (a crash
    earlier in the phase) takes effect at once: the card is sailed straight ahead (JL-DMG-7)."""
    card = Card(order.card)
    side = order.turn
    if ship.rudder_damaged and side != "none":
        straight_ahead(g, ship, card, side, 0.0)
        side = "none"
    allowance = yield from roll_allowance(g, sea, ship, card, side)
    inches, ram = allowance.low, False
    prompt = DistancePrompt(
        seats=(ship.commander,),
        rule="JL-MOVE-9",
        text=f'{ship.name}: how far beyond the card ({allowance.low:g}" to {allowance.high:g}")?',
        accepts=(Distance,),
        ship=ship.name,
        card=card,
        turn=side,
        card_at=order.card_at,
        low=allowance.low,
        high=allowance.high,
        sea=sea,
    )
    if allowance.high > allowance.low or prompt.ram_target(allowance.low) is not None:
        answer = cast(Distance, (yield prompt))
        inches, ram = answer.inches, answer.ram
    yield from move_ship(g, sea, ship, card, side, order.card_at, inches, ram=ram)
    if allowance.side_drift and ship.afloat:
        yield from side_wind_drift(g, sea, ship)


def repeat_move(g: Game, sea: Sea, ship: Ship) -> Proc:
    """JL-DMG-8: with the engine damaged the ship repeats its last manoeuvre (its last distance,
    or a fresh roll taken in full per option ``engine_repeat``); a damaged rudder straightens it."""
    last = ship.last_move or MoveRecord(Card.FULL_AHEAD, "none", "start", CARDS[Card.FULL_AHEAD].minimum)
    turn = "none" if ship.rudder_damaged else last.turn
    inches = last.distance
    side_drift = False
    if sea.option("engine_repeat") == "reroll":
        allowance = yield from roll_allowance(g, sea, ship, last.card, turn)
        inches = allowance.high
        side_drift = allowance.side_drift
    else:
        inches = yield from events.repeat_distance(g, sea, ship, last.card, inches)  # sand banks, skurvy
    why: Basis = {
        "card": single("JL-MOVE-10", "engine damage repeats last turn's manoeuvre", int(last.card)),
        "distance": single(
            "JL-DMG-8",
            "a fresh roll, gone in full (option engine_repeat)" if sea.option("engine_repeat") == "reroll" else "last turn's (option engine_repeat)",
            inches,
        ),
    }
    if turn != last.turn:
        why["side"] = single("JL-MOVE-10", "with the rudder damaged too, sailed straight", turn)
    g.emit("engine-repeat", "JL-DMG-8", ship=ship.name, card=int(last.card), side=turn, card_at=last.card_at, distance=inches, **explained(g, why))
    yield from move_ship(g, sea, ship, last.card, turn, last.card_at, inches, compulsory=True)
    if side_drift and ship.afloat:  # JL-KLAN-2: the wind abeam still carries a sailing ship
        yield from side_wind_drift(g, sea, ship)


def shooting_phase(g: Game, sea: Sea) -> Generator[Prompt, Any, Outcome | None]:
    """JL-TURN-4: seats shoot in turn sequence; each ship fires what bears, or repairs.
    After each seat's turn, ships it penetrated roll once on the damage table (JL-DMG-2)."""
    g.begin_phase("shooting", "JL-TURN-4")
    outcome = yield from shooting_round(g, sea, "JL-TURN-4", who=lambda ship: True, decisive=True)
    if outcome is not None:
        return outcome
    return victory.check(g, sea, after_repairs=True)


def boarding_phase(g: Game, sea: Sea) -> Generator[Prompt, Any, Outcome | None]:
    """JL-TURN-5: boarding actions and takeovers of hulks, then harbour trades."""
    g.begin_phase("boarding", "JL-TURN-5")
    outcome = yield from boarding.boarding_phase(g, sea)
    if outcome is not None:
        return outcome
    yield from harbour.trades(g, sea)
    return victory.check(g, sea)
