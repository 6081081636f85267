""" "Waagh! Jim Lad!": Ork pirate fleets on 40k mechanics (the flagship ruleset).

Modules, named for the rules they hold: :mod:`.data` (tables), :mod:`.state`,
:mod:`.movement`, :mod:`.kannon` (shooting), :mod:`.torpedoes`, :mod:`.damage`,
:mod:`.krew`, :mod:`.victory`, :mod:`.flow` (the turn), :mod:`.rules` (the
rule registry).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, ClassVar, cast

from grapeshot.core.audit import Auditor
from grapeshot.core.capabilities import Encoding, Lab, OddsQuestions, Phrasebook, Players, Printables, TerrainKind, WebPlugin
from grapeshot.core.clone import share
from grapeshot.core.contract import AUDITOR, ENCODING, EXPLAINER, LAB, ODDS, PHRASEBOOK, PLAYERS, PRINTABLES, WEB, Capability
from grapeshot.core.editing import ScenarioForm
from grapeshot.core.events import Event
from grapeshot.core.explain import Explainer
from grapeshot.core.game import Game
from grapeshot.core.registry import RuleBook
from grapeshot.core.revisions import FIRST_REVISION, RuleChange
from grapeshot.core.ruleset import Option, PhaseStep, Play, Ruleset, register
from grapeshot.core.scenario import Scenario
from grapeshot.dice import RerollGrant, Roll, RollRequest
from grapeshot.geometry import Hull, Obstacle, hull_hits_polygon, hulls_misplaced, hulls_overlap
from grapeshot.rulesets.jimlad import flow, npc
from grapeshot.rulesets.jimlad.data import DEFAULT_LENGTH, DEFAULT_WIDTH, HULL_POINTS, KLANS, MAX_LENGTH, MAX_WIDTH, SLUGGA_RANGE, STARTING_GOLD, Klan
from grapeshot.rulesets.jimlad.krew import starting_krew
from grapeshot.rulesets.jimlad.state import Sea, Ship

OPTIONS: tuple[Option, ...] = (
    Option("grapeshot", "template", ("template", "d3"), "JL-SHOOT-4", 'grapeshot as the flamer template, or as D3 hits within 8"'),
    Option("krak_scatter_bs", 3, (2, 3), "JL-SHOOT-3", "BS taken off the krak scatter: the grot gunners' 3, or the 2 the text names", int),
    Option("kannon_arc", 90.0, None, "JL-SHOOT-3", "width in degrees of each kannon's arc, centred on its facing", float, (10.0, 180.0)),
    Option(
        "slugga_range",
        6.0,
        None,
        "JL-SHOOT-5",
        "how close ships must be for sluggas (the text's 'say <6\"'; 12 for the pistols' range)",
        float,
        (1.0, SLUGGA_RANGE),
    ),
    Option("torpedo_salvos", 1, None, "JL-SHOOT-6", "torpedo salvos each ship carries for the game", int, (0, 20)),
    Option("turn_order", "rotate", ("rotate", "fixed", "roll"), "JL-TURN-6", "turn sequence: rotating first player, fixed seat order, or rolled each turn"),
    Option("turn_limit", 12, None, "JL-WIN-3", "turns before 'Da Best Of Da Rest' decides the game", int, (1, 100)),
    Option("tiebreak", "fleet", ("fleet", "ship"), "JL-WIN-3", "a victory-point tie goes to the most hull points of the fleet, or of one ship"),
    Option(
        "short_move",
        "rolled",
        ("rolled", "minimum"),
        "JL-MOVE-9",
        "when modifiers take the roll below the card's minimum: move what was rolled, or the minimum",
    ),
    Option(
        "engine_repeat",
        "distance",
        ("distance", "reroll"),
        "JL-DMG-8",
        "a ship with a damaged engine repeats last turn's distance, or rolls again and goes flat out",
    ),
    Option("riggers_repair_hull", True, None, "JL-DMG-9", "grot riggers may restore a hull point as well as damage-table results", bool),
    Option("snakebite_side_wind", "drift", ("drift", "distance"), "JL-KLAN-2", 'Snake Bites with the wind abeam drift D3" downwind, or add D3" to the move'),
    Option("wind_sector", 45.0, None, "JL-KLAN-8", "degrees either side of downwind (and upwind) that count as with (against) the wind", float, (0.0, 90.0)),
    Option("freebooterz_reroll", "ship", ("ship", "player"), "JL-KLAN-8", "the Freebooterz re-roll: one per ship per turn, or one per player per turn"),
    Option(
        "evade",
        "nearest",
        ("nearest", "beam"),
        "JL-RAM-2",
        "a ship that passes its test to evade a ram moves to the nearest clear place on either side of the rammer's course, or straight out along its own beam",
    ),
    Option("takeover_range", 6.0, None, "JL-KREW-6", "how close a ship must be to send krew across to a drifting hulk", float, (0.0, 24.0)),
    Option("treasure_once", True, None, "JL-NPC-3", "an island's treasure can be found only once (false: every landing may find it again)", bool),
    Option("krew_limit", 5, None, "JL-PORT-3", "the most boyz (besides the Kaptin and the Mad Doc) a ship may hire up to in harbour", int, (0, 50)),
    Option(
        "event_roll", "player", ("player", "ship"), "JL-EVT-1", "who rolls for a random event each turn: each player (for its first ship afloat), or each ship"
    ),
    Option(
        "random_events",
        True,
        None,
        "JL-TURN-2",
        "play the random events and the non-player models (false: no event rolls, mines, Kraken, sub or Chinork)",
        bool,
    ),
)


SHIP_FIELDS = ("name", "x", "y", "heading", "length", "width", "klan", "hull_points", "gold", "standstill")

#: the terrain of a Jim Lad table (JL-NPC-3): islands and docks ships run into, harbour water
#: and the Chinork's landing pads
TERRAIN: tuple[TerrainKind, ...] = (
    TerrainKind("island", obstacle=True, fields=("treasure",), doc="an island: ships crash or land on it (JL-RAM-6, JL-LAND-1); `treasure: true` hides gold"),
    TerrainKind("dock", obstacle=True, doc="a dock or quay: ships crash into it, or land alongside in a harbour"),
    TerrainKind("harbour", doc="harbour water: shelter from shooting and boarding (JL-PORT-1)"),
    TerrainKind("landing_pad", shapes=("point",), doc="a landing pad for Da Chinork (JL-EVT-11)"),
)

share(Klan)


#: event kinds counted one for one in study summaries
TALLIED = {
    "capture": "captures by boarding",
    "takeover": "hulks taken over",
    "ram": "rams",
    "crash": "crashes",
    "aground": "groundings",
    "mine": "mine detonations",
    "kraken-attack": "Kraken attacks",
    "sub-fires": "sub attacks",
    "chinork": "Chinork attacks",
    "sunk": "ships sunk",
}


class JimLad(Ruleset[Sea]):
    name: ClassVar[str] = "jimlad"
    aliases: ClassVar[tuple[str, ...]] = ("waagh-jim-lad", "jl")
    title: ClassVar[str] = "Waagh! Jim Lad!"
    options: ClassVar[tuple[Option, ...]] = OPTIONS
    #: 2: verdicts carry the basis of their numbers, with muster, reroll-spent and straight-ahead events;
    #: 3: the first turn's skipped parts are logged (phase-skipped), mines are never given a name used before
    events_version: ClassVar[int] = 3
    revision: ClassVar[int] = 3
    changes: ClassVar[tuple[RuleChange, ...]] = (
        FIRST_REVISION,
        RuleChange(
            2,
            ("JL-BOARD-5",),
            "a ship whose boarding action ends (its partner sunk) before the turn's orders is free to be ordered and sail that turn; freed after them, it lies still",
        ),
        RuleChange(
            3,
            ("JL-NPC-1",),
            'a mine laid before turn 1 lies at least 18" from every ship as well as from the edges and docks (it was 1"): one laid'
            " before a bow was met on turn 1 whatever card was played",
        ),
    )
    #: nothing in its state is hidden from a seat (every seat sees it all): a public save may snapshot it
    open_state: ClassVar[bool] = True
    offers: ClassVar[frozenset[Capability[Any]]] = frozenset({PLAYERS, PHRASEBOOK, ODDS, EXPLAINER, LAB, ENCODING, WEB, PRINTABLES, AUDITOR})
    seat_player: ClassVar[str] = "heuristic"
    #: the flagship: what a command, request or environment plays when it names no rule set
    default: ClassVar[bool] = True

    def terrain_kinds(self) -> tuple[TerrainKind, ...]:
        return TERRAIN

    def scenarios(self) -> Traversable:
        return resources.files("grapeshot.rulesets.jimlad").joinpath("scenarios")

    def scenario_form(self) -> ScenarioForm:
        from grapeshot.rulesets.jimlad.form import scenario_form

        return scenario_form(self)

    def setup(self, scenario: Scenario, options: Mapping[str, object]) -> Sea:
        f = scenario.reader
        for i, t in enumerate(scenario.terrain):
            if "treasure" in t.props and not isinstance(t.props["treasure"], bool):
                raise f.fail(f"terrain[{i}].treasure", "true or false", t.props["treasure"])
        ships: dict[str, Ship] = {}
        obstacles = tuple(Obstacle(t.name, t.kind, t.shape) for t in scenario.terrain if t.is_obstacle and t.shape is not None)
        for i, raw_fleet in enumerate(scenario.fleets):
            path = f"fleets[{i}]"
            fleet = f.mapping(raw_fleet, path, ("seat", "klan", "ships"))
            seat = f.text(fleet, "seat", path)
            klan = Klan(f.text(fleet, "klan", path, choices=[k.value for k in Klan]))
            for j, raw in enumerate(f.seq(f.get(fleet, "ships", path), f"{path}.ships", 1)):
                sp = f"{path}.ships[{j}]"
                s = f.mapping(raw, sp, SHIP_FIELDS)
                name = f.name(s, "name", sp)
                if name in ships:
                    raise f.fail(f"{sp}.name", "a ship name used once", name)
                own_klan = Klan(f.text(s, "klan", sp, default=klan.value, choices=[k.value for k in Klan]))
                hull = Hull(
                    f.number(s, "x", sp, what="an x position in inches"),
                    f.number(s, "y", sp, what="a y position in inches"),
                    f.number(s, "heading", sp, lo=-360, hi=360, what="a heading in degrees") % 360.0,
                    f.number(s, "length", sp, default=DEFAULT_LENGTH, lo=4.0, hi=MAX_LENGTH, what="a hull length in inches (JL-SHIP-1)"),
                    f.number(s, "width", sp, default=DEFAULT_WIDTH, lo=1.5, hi=MAX_WIDTH, what="a hull width in inches (JL-SHIP-1)"),
                )
                if not scenario.table.holds(hull):
                    raise f.fail(sp, "a ship wholly on the table", [round(c, 2) for xy in hull.corners for c in xy])
                for other in ships.values():
                    if hulls_overlap(hull, other.hull):
                        raise f.fail(sp, f"a ship clear of {other.name}", name)
                for ob in obstacles:
                    assert not isinstance(ob.shape, Hull)
                    if hull_hits_polygon(hull, ob.shape):
                        raise f.fail(sp, f"a ship clear of {ob.ident}", name)
                ships[name] = Ship(
                    name=name,
                    owner=seat,
                    commander=seat,
                    klan=own_klan,
                    hull=hull,
                    hull_points=f.integer(s, "hull_points", sp, default=HULL_POINTS, lo=1, hi=HULL_POINTS),
                    krew=starting_krew(),
                    gold=f.integer(s, "gold", sp, default=STARTING_GOLD, lo=0, hi=999),
                    standstill=f.boolean(s, "standstill", sp, default=False),
                    salvos_left=int(cast(int, options["torpedo_salvos"])),
                )
        seats = tuple(s.id for s in scenario.seats)
        for seat in seats:
            if not any(s.owner == seat for s in ships.values()):
                raise f.fail("fleets", f"a fleet for seat {seat!r}", None)
        return Sea(table=scenario.table, terrain=scenario.terrain, seats=seats, ships=ships, options=dict(options), obstacles=obstacles)

    def play(self, game: Game) -> Play:
        return flow.play(game)

    def resume(self, game: Game, point: Hashable) -> Play:
        turn, phase = cast(tuple[int, int], point)
        return flow.play(game, (turn, phase))

    def reroll_grant(self, game: Game, request: RollRequest, roll: Roll) -> RerollGrant | None:
        """JL-KLAN-1: a Freebooterz ship may re-roll one die of its own once a turn (a grant of one
        die that names no rule: its ``reroll`` events never have, and the saves keep that form)."""
        if request.better is None or request.actor is None:
            return None
        sea = cast(Sea, game.state)
        ship = sea.ships.get(request.actor)
        if ship is None or not KLANS[ship.klan].reroll or not ship.afloat:
            return None
        if sea.option("freebooterz_reroll") == "player":
            if sea.reroll_used.get(ship.commander) == sea.turn:
                return None
        elif ship.reroll_turn == sea.turn:
            return None
        return RerollGrant(ship.commander)

    def spend_reroll(self, game: Game, request: RollRequest, grant: RerollGrant) -> None:
        """JL-KLAN-1: the re-roll is spent for this turn, by the ship or by the player (JL-KLAN-8,
        option ``freebooterz_reroll``); the log says so before the die is rolled again."""
        seat = grant.seat
        sea = cast(Sea, game.state)
        sea.reroll_used[seat] = sea.turn
        if request.actor in sea.ships:
            sea.ships[request.actor].reroll_turn = sea.turn
        per = str(sea.option("freebooterz_reroll"))
        game.emit(
            "reroll-spent",
            "JL-KLAN-1",
            seat=seat,
            ship=request.actor,
            per=per,
            purpose=request.purpose,
            basis={"per": [{"rule": "JL-KLAN-8", "what": "one re-roll a turn for each ship, or for each player (option freebooterz_reroll)", "value": per}]},
        )

    def tallies(self, events: Sequence[Event]) -> dict[str, int]:
        """What happened in a game: each event-table result, captures, rams, crashes, groundings,
        landings, treasure, harbour visits with gold spent, mines, the Kraken, the sub, the Chinork."""
        counts: Counter[str] = Counter()
        visits: set[tuple[str, int]] = set()
        for e in events:
            key = TALLIED.get(e.kind)
            d = e.data
            if e.kind == "event":
                counts[f"event {d['result']}"] += 1
            elif e.kind == "landing":
                counts["landings"] += bool(d["landed"])
            elif e.kind == "treasure":
                counts["treasure finds"] += d["result"] == "gold"
            elif e.kind == "trade":
                visits.add((d["ship"], e.turn))
                counts["gold spent in harbour"] += int(d["cost"])
            elif key is not None:
                counts[key] += 1
        counts["harbour visits with gold spent"] = len(visits)
        return dict(counts)

    def describe(self, state: Sea) -> dict[str, Any]:
        return state.describe()

    def seats_of(self, state: Sea) -> Sequence[str]:
        return state.seats

    def invariants(self, game: Game) -> list[str]:
        sea = cast(Sea, game.state)
        problems: list[str] = []
        afloat = list(sea.afloat())
        for s in sea.ships.values():
            if not 0 <= s.hull_points <= HULL_POINTS:
                problems.append(f"{s.name} has {s.hull_points} hull points")
            if s.afloat and s.hull_points == 0:
                problems.append(f"{s.name} is afloat with 0 hull points")
            if any(k.wounds <= 0 for k in s.krew):
                problems.append(f"{s.name} carries a dead Ork")
            if s.gold < 0:
                problems.append(f"{s.name} has {s.gold} gold")
        locked = {(f.attacker, f.defender) for f in sea.fights} | {(f.defender, f.attacker) for f in sea.fights}
        for s in sea.ships.values():  # JL-BOARD-5: locked ships come in afloat, enemy pairs with a fight
            if s.engaged is None:
                continue
            other = sea.ships.get(s.engaged)
            if not s.afloat or other is None or not other.afloat or other.engaged != s.name or other.commander == s.commander:
                problems.append(f"{s.name} is locked with {s.engaged}, which is not afloat, not locked with it, or on its side")
            if (s.name, s.engaged) not in locked:
                problems.append(f"{s.name} is locked with {s.engaged} with no fight recorded")
        for f in sea.fights:
            if sea.ships[f.attacker].engaged != f.defender or sea.ships[f.defender].engaged != f.attacker:
                problems.append(f"the fight of {f.attacker} and {f.defender} has come unlocked")
        problems += hulls_misplaced([(a.name, a.hull) for a in afloat], sea.table, sea.obstacles)
        problems.extend(npc.invariants(sea))  # mines, the Kraken and the sub (JL-NPC-*)
        return problems

    def players(self) -> Players:
        """The heuristic player and what the search asks of Jim Lad (:mod:`.players`)."""
        from grapeshot.rulesets.jimlad.players import players

        return players()

    def rulebook(self) -> RuleBook:
        from grapeshot.rulesets.jimlad.rules import RULEBOOK

        return RULEBOOK

    def phrasebook(self) -> Phrasebook:
        from grapeshot.rulesets.jimlad.phrases import PHRASES

        return PHRASES

    def odds(self) -> OddsQuestions:
        """Its odds questions (a kannon shot, a torpedo, sluggas, boarding, a ram, a blow) and
        the odds of an action before it is taken (:mod:`.odds`)."""
        from grapeshot.rulesets.jimlad.odds import ODDS

        return ODDS

    def explainer(self) -> Explainer:
        """What each option of its prompts means, with its rules (:mod:`.explain`)."""
        from grapeshot.rulesets.jimlad.explain import explain

        return explain

    def lab(self) -> Lab:
        """The klans the balance lab pairs, and the changes of their table a sweep may make."""
        from grapeshot.rulesets.jimlad.lab import LAB

        return LAB

    def encoding(self) -> Encoding:
        from grapeshot.rulesets.jimlad.encoding import ENCODING

        return ENCODING

    def web(self) -> WebPlugin:
        """The web table's Jim Lad plugin: hulls, arcs, templates and models drawn, the rich forms
        (orders with path previews, aim on the table with odds, distance) (:mod:`.web`)."""
        from grapeshot.rulesets.jimlad.web import WEB

        return WEB

    def printables(self) -> Printables:
        """A ship's roster, printed from the table (:mod:`.web`)."""
        from grapeshot.rulesets.jimlad.web import PRINTABLES

        return PRINTABLES

    def auditor(self) -> Auditor:
        """Its referee of the logs (:mod:`.audit`): the records read against the text, with no
        call to the rules' code."""
        from grapeshot.rulesets.jimlad.audit import AUDITOR

        return AUDITOR

    def turn_plan(self, state: Sea) -> tuple[PhaseStep, ...]:
        return flow.turn_plan(state.turn)


JIMLAD = register(JimLad())
