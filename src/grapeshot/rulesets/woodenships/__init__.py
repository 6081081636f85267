""" "Wooden Ships and Plastic Men": toy pirate ships crewed by single figures who move, shoot,
board and fight hand to hand (seeds/wooden-ships-plastic-men.txt).

Modules, named for the rules they hold: :mod:`.data` (the tables), :mod:`.pieces` (the records),
:mod:`.state`, :mod:`.setup` (the scenario's fleets, crews and fair-fleet checks), :mod:`.places`
(surfaces, free space, sight), :mod:`.ships` (the ruler move, damage bands, sinking),
:mod:`.figures` (moves, swimming, sharks), :mod:`.shooting`, :mod:`.melee`, :mod:`.guns` (the
ships' guns), :mod:`.boarding`, :mod:`.acts` (a figure's action), :mod:`.draft` (the weapons
draft), :mod:`.flow` (the turn), :mod:`.victory`, :mod:`.rules` (the rule registry),
:mod:`.phrases` (the words of the log) and :mod:`.players` (the heuristic player).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, ClassVar, cast

from grapeshot.core.audit import Auditor
from grapeshot.core.capabilities import DocumentKind, Encoding, Lab, OddsQuestions, Phrasebook, Players, Pricing, Printables, TerrainKind, WebPlugin
from grapeshot.core.contract import AUDITOR, DOCUMENTS, ENCODING, EXPLAINER, HOST, LAB, ODDS, PHRASEBOOK, PLAYERS, PRICING, PRINTABLES, WEB, Capability
from grapeshot.core.editing import ScenarioForm
from grapeshot.core.events import Event
from grapeshot.core.explain import Explainer
from grapeshot.core.game import Game
from grapeshot.core.registry import RuleBook
from grapeshot.core.revisions import FIRST_REVISION, RuleChange
from grapeshot.core.ruleset import Option, Play, Ruleset, register
from grapeshot.core.scenario import Scenario
from grapeshot.dice import RerollGrant, Roll, RollRequest
from grapeshot.geometry import Base, Surface, bases_overlap, hulls_misplaced, overlapping
from grapeshot.rulesets.woodenships import flow, gw
from grapeshot.rulesets.woodenships.data import GUNS, MAX_SECTIONS, SMALL_ARMS, life_of
from grapeshot.rulesets.woodenships.pieces import KEPT
from grapeshot.rulesets.woodenships.places import footings, fort_footings, holds
from grapeshot.rulesets.woodenships.setup import build
from grapeshot.rulesets.woodenships.state import Shore

OPTIONS: tuple[Option, ...] = (
    Option(
        "initiative",
        "roll",
        ("roll", "alternate", "fixed"),
        "WS-RULING-1",
        "the sides' order each turn: a roll-off, taking the lead in turn, or the scenario's seat order",
    ),
    Option("turn_limit", 10, None, "WS-RULING-1", "turns before the game is decided (option victory)", int, (1, 100)),
    Option("victory", "points", ("points", "last_side"), "WS-RULING-1", "at the turn limit: most points wins, or the sides still standing draw"),
    Option("ship_table", "main", ("main", "score_sheet"), "WS-SHIP-3", "the copy of the ship table in force: the main text's ram values, or the score sheet's"),
    Option(
        "ruler_pivot",
        "centre",
        ("centre", "bow"),
        "WS-MOVE-1",
        "a ship turns about its middle to point at the ruler's mark, or at the bow to lie along the ruler",
    ),
    Option("to_hit_seven", "bonus_only", ("bonus_only", "six_then_four"), "WS-ARMS-2", 'a "7" to hit: out of reach but for a bonus, or a 6 and then a 4+'),
    Option("reload_and_fire", False, None, "WS-ARMS-3", "a figure that reloads may also fire another weapon already loaded that turn", bool),
    Option(
        "one_handed",
        "sheet",
        ("sheet", "main"),
        "WS-MELEE-2",
        "the one-handed weapons: sword, axe and club (the score sheet), or axe, club and halberd (the main text)",
    ),
    Option("two_weapons", "hit", ("hit", "attacks"), "WS-MELEE-2", "two one-handed weapons give +1 to hit, or a second blow"),
    Option("hero_boarding", True, None, "WS-RULING-1", "heroes add their +1 to boarding, grappling and climbing-aboard rolls", bool),
    Option(
        "boarding_roll",
        "figure",
        ("figure", "party"),
        "WS-RULING-1",
        "a boarding party rolls for each figure, or once for all of a side's figures making the same crossing in a turn",
    ),
    Option(
        "sinking_aboard", "swim", ("swim", "drown"), "WS-DMG-3", "figures still aboard when a ship goes down find themselves in the water, or go down with her"
    ),
    Option("draft", "picks", ("picks", "dealt"), "WS-SETUP-1", "the pile is drafted pick by pick, or dealt out in turn"),
    Option(
        "gun_draft",
        "scenario",
        ("scenario", "pile"),
        "WS-SETUP-1",
        "the guns stand where the scenario mounts them on its ships, or go into the pile to be drafted and mounted by the sides",
    ),
    Option("equal_figures", True, None, "WS-FIG-1", "every side must field the same number of figures", bool),
    Option("cost_margin", 0, None, "WS-SHIP-1", "how many points the sides' fleets may differ in cost", int, (0, 1000)),
    Option("max_sections", MAX_SECTIONS, None, "WS-SHIP-1", "the most sections a ship may have", int, (2, 12)),
    Option("carry_limit", 0, None, "WS-ARMS-4", "the most weapons a figure may carry when picking more up (0: no limit)", int, (0, 20)),
    Option("gun_dice", "d6", ("d6", "gw"), "WS-GUN-10", "cannons and swivels fire with the D6 rows, or with the artillery, scatter and sustained-fire dice"),
    Option("gw_reroll", "die", ("die", "whole"), "WS-GUN-10", 'each "rr" of the GW rows re-rolls one die of the throw (the firer\'s choice), or both'),
    Option("gw_critical", "hull", ("hull", "gun"), "WS-GUN-10", "a critical hit on a ship falls on her hull, or on her gun nearest the firing gun"),
    Option(
        "run_down", True, None, "WS-RAM-1", "a swimmer a moving hull comes to lie over is rammed (the ship's ram value in wounds), or only pushed aside", bool
    ),
    Option("wind", "off", ("off", "on"), "WS-WIND-1", "the wind: none, or ships sail, tack, drift and steal each other's wind by it"),
    Option("wind_from", -1, None, "WS-WIND-1", "where the wind blows from at the start, degrees (-1: a D6 for it)", int, (-1, 359)),
    Option(
        "wild_animals",
        "rules",
        ("rules", "referee"),
        "WS-ANIMAL-7",
        "the wild creatures are moved by the written rules (nearest prey), or by the scenario's referee seat",
    ),
    Option(
        "fort_climbing",
        "enemies",
        ("enemies", "everyone"),
        "WS-FORT-2",
        "who rolls to scale a fort's walls and climb its levels: its enemies (its own side uses its stairs), or everyone",
    ),
    Option(
        "ma_inches", 3, None, "CG-RAM-3", "with the collisions module: the inches of a ruler move that make one MA (momentum, half the MA used)", int, (1, 12)
    ),
    Option(
        "collisions_sharks",
        "roll",
        ("roll", "off"),
        "WS-FIG-5",
        "with the collisions module: the sharks still roll for its swimmers at the end of their side's turn, or leave them to its keep-afloat roll",
    ),
    Option(
        "gate_excess",
        "spill",
        ("spill", "cannon"),
        "WS-FORT-1",
        "a gate's excess damage: what it had not left goes on to the fort, or 5-6 takes 1 as for a cannon",
    ),
)

#: the terrain of a Wooden Ships table
TERRAIN: tuple[TerrainKind, ...] = (
    TerrainKind("island", obstacle=True, fields=("height",), doc="land figures stand and fight on; ships run into it; `height` above the water (default 0)"),
    TerrainKind(
        "harbour",
        obstacle=True,
        fields=("height",),
        doc="a quay or harbour wall figures stand on; ships that run into it take D6+2 (WS-RAM-1); `height` default 0.5",
    ),
    TerrainKind(
        "rocks", obstacle=True, fields=("height",), doc="rocks: ships run into them and take D6+7 (WS-RAM-1), figures go round them; `height` default 1"
    ),
    TerrainKind(
        "sea_wall",
        obstacle=True,
        fields=("height",),
        doc="a sea wall or mole: ships that run into it take D6+4 (WS-RAM-1); figures go round it; `height` default 1.5",
    ),
    TerrainKind("building", fields=("height",), doc="a hut, a tree, a wall ashore: figures go round it and it blocks sight; `height` default 2"),
)

#: event kinds counted one for one in study summaries
TALLIED = {
    "killed": "figures killed",
    "boarding": "boarding rolls",
    "grapple": "grapples thrown",
    "shot": "shots",
    "strike": "blows",
    "taken": "ships taken",
    "sunk": "ships sunk",
    "sharks": "shark rolls",
}


class WoodenShips(Ruleset[Shore]):
    name: ClassVar[str] = "woodenships"
    aliases: ClassVar[tuple[str, ...]] = ("wspm", "ws", "wooden-ships")
    title: ClassVar[str] = "Wooden Ships and Plastic Men"
    options: ClassVar[tuple[Option, ...]] = OPTIONS
    revision: ClassVar[int] = 2
    changes: ClassVar[tuple[RuleChange, ...]] = (
        FIRST_REVISION,
        RuleChange(
            2,
            ("WS-RAM-1", "CG-RAM-1", "WS-FIG-3", "WS-BOARD-1", "WS-BOARD-2", "WS-ARMS-1", "WS-ARMS-2", "WS-GUN-3", "WS-GUN-4", "WS-GUN-5", "WS-GUN-10"),
            "a ram (WS's own, or the collisions module's contact) needs a move that comes to touch: a ship held where she lies"
            " against what she touched rams nothing; hacking at a grapple at the module's boarding step is left to men who did not"
            " take their figures' turn that game turn; a crossing between a ship and another ship or a quay may slant across the"
            ' gap; an edge of a band table belongs to the band it closes, so exactly 2" is out of the under-2" column',
        ),
    )
    #: nothing in its state is hidden from a seat (every seat sees it all): a public save may snapshot it
    open_state: ClassVar[bool] = True
    #: nothing is hidden (the draft is picked in the open, weapons are carried where everyone sees
    #: them, WS-SETUP-1; a seat's sharing-out is sealed, and the game holds sealed answers apart
    #: from the state), so it offers no view of its own: every seat sees the public state
    offers: ClassVar[frozenset[Capability[Any]]] = frozenset(
        {HOST, WEB, PHRASEBOOK, EXPLAINER, LAB, PRICING, ENCODING, ODDS, PRINTABLES, DOCUMENTS, PLAYERS, AUDITOR}
    )
    seat_player: ClassVar[str] = "heuristic"

    def terrain_kinds(self) -> tuple[TerrainKind, ...]:
        from grapeshot.rulesets.collisions.ports import FLOTSAM

        return (*TERRAIN, FLOTSAM)

    def scenarios(self) -> Traversable:
        return resources.files("grapeshot.rulesets.woodenships").joinpath("scenarios")

    def scenario_form(self) -> ScenarioForm:
        from grapeshot.rulesets.woodenships.form import scenario_form

        return scenario_form(self)

    def setup(self, scenario: Scenario, options: Mapping[str, object]) -> Shore:
        return build(scenario, options)

    def play(self, game: Game) -> Play:
        cast(Shore, game.state).modules = tuple(game.modules)
        return flow.play(game)

    def resume(self, game: Game, point: Hashable) -> Play:
        cast(Shore, game.state).modules = tuple(game.modules)
        return flow.play(game, point)

    def host(self, module: str, game: Game) -> object | None:
        """Wooden Ships hosts the collisions module (:mod:`.hosting`; docs/rulings.md)."""
        if module != "collisions":
            return None
        from grapeshot.rulesets.woodenships.hosting import HOST

        return HOST

    def describe(self, state: Shore) -> dict[str, Any]:
        return state.describe()

    def seats_of(self, state: Shore) -> Sequence[str]:
        """The sides' seats, and the referee's when the scenario has one (it is no side)."""
        shore = state
        return shore.seats if shore.referee is None else (*shore.seats, shore.referee)

    def tallies(self, events: Sequence[Event]) -> dict[str, int]:
        counts: Counter[str] = Counter()
        for e in events:
            key = TALLIED.get(e.kind)
            if e.kind == "shot" or e.kind == "strike":
                counts[f"{key} that hit"] += bool(e.data["hit"])
            if e.kind == "boarding" or e.kind == "grapple":
                counts[f"{key} passed"] += bool(e.data["passed"])
            if key is not None:
                counts[key] += 1
        return dict(counts)

    def invariants(self, game: Game) -> list[str]:
        return invariants(cast(Shore, game.state))

    def rulebook(self) -> RuleBook:
        from grapeshot.rulesets.woodenships.rules import RULEBOOK

        return RULEBOOK

    def web(self) -> WebPlugin:
        """The web table: its plugin script, previews and fallback shapes (:mod:`.web`)."""
        from grapeshot.rulesets.woodenships.web import WEB

        return WEB

    def phrasebook(self) -> Phrasebook:
        from grapeshot.rulesets.woodenships.phrases import PHRASES

        return PHRASES

    def reroll_grant(self, game: Game, request: RollRequest, roll: Roll) -> RerollGrant | None:
        """The firer's "rr" re-rolls of a GW-dice throw (WS-GUN-10); no other roll is re-rolled."""
        return gw.grant(cast(Shore, game.state), request, roll)

    def spend_reroll(self, game: Game, request: RollRequest, grant: RerollGrant) -> None:
        gw.spend(cast(Shore, game.state), request)

    def explainer(self) -> Explainer:
        """What each option of its prompts means, with its rules (:mod:`.explain`)."""
        from grapeshot.rulesets.woodenships.explain import explain

        return explain

    def lab(self) -> Lab:
        from grapeshot.rulesets.woodenships.lab import LAB

        return LAB

    def pricing(self) -> Pricing:
        from grapeshot.rulesets.woodenships.calibration import PRICING

        return PRICING

    def encoding(self) -> Encoding:
        from grapeshot.rulesets.woodenships.encoding import ENCODING

        return ENCODING

    def odds(self) -> OddsQuestions:
        from grapeshot.rulesets.woodenships.odds import ODDS

        return ODDS

    def printables(self) -> Printables:
        """A game's score sheets (:mod:`.sheets`)."""
        from grapeshot.rulesets.woodenships.sheets import PRINTABLES

        return PRINTABLES

    def documents(self) -> tuple[DocumentKind, ...]:
        """Fleet files: a seat's ships, guns, crews and pile, checked by setting them up (:mod:`.builder`)."""
        from grapeshot.rulesets.woodenships.builder import BUILDER, check

        return (DocumentKind("fleet", "Wooden Ships fleet files: ships, guns, crews and the pile (YAML)", check, BUILDER),)

    def players(self) -> Players:
        from grapeshot.rulesets.woodenships.players import players

        return players()

    def auditor(self) -> Auditor:
        """Its referee of the logs (:mod:`.audit`): the records read against the text, with no
        call to the rules' code."""
        from grapeshot.rulesets.woodenships.audit import AUDITOR

        return AUDITOR


def invariants(shore: Shore) -> list[str]:
    """What must always hold: life and hit points in range, figures only where they can stand
    and not inside a hull or rocks they are not on, no two bases on a surface overlapping (nor a
    figure on a mast or a gun), ships on the table and clear of each other and the land, weapons
    with one keeper, guns' hit points in range, and the dead never acting."""
    problems: list[str] = []
    groups: dict[tuple[Surface, str], list[Any]] = {}
    for f in shore.figures.values():
        if f.max_life != life_of(f.kind):
            problems.append(f"{f.name} ({f.kind}) has {f.max_life} life points at most")
        if f.spot is None:
            if f.life != 0:
                problems.append(f"{f.name} is off the table with {f.life} life points")
            continue
        if not 1 <= f.life <= f.max_life:
            problems.append(f"{f.name} stands with {f.life} life points of {f.max_life}")
        why = holds(shore, f)
        if why is not None:
            problems.append(f"{f.name} {why}")
        if f.spot.surface not in (Surface.BELOW, Surface.ALOFT) and f.spot.ident != KEPT:
            groups.setdefault((f.spot.surface, f.spot.ident), []).append(shore.base(f))
    for (surface, ident), bases in groups.items():
        for a, b in overlapping(bases, 1e-6):
            problems.append(f"{a.ident} and {b.ident} overlap on {ident or surface.value}")
        under: list[Base] = []
        if surface is Surface.DECK and shore.ships[ident].afloat:
            under = footings(shore, shore.ships[ident])
        if surface is Surface.WALL_TOP and not shore.forts[ident].collapsed:
            under = fort_footings(shore, shore.forts[ident])
        problems += [f"{a.ident} stands on {b.ident}" for a in bases for b in under if bases_overlap(a, b, 1e-6)]
    for fort in shore.forts.values():
        if not 0 <= fort.lost <= fort.points or fort.points != sum(fort.costs.values()):
            problems.append(f"{fort.name} has lost {fort.lost} of {fort.points} points (its cost {fort.costs})")
        if (fort.lost >= fort.points) != fort.collapsed:
            problems.append(f"{fort.name} has {fort.left} points left and collapsed={fort.collapsed}")
        for gate in fort.gates:
            if not 0 <= gate.life <= gate.max_life:
                problems.append(f"{gate.name} has {gate.life} hit points")
    afloat = list(shore.afloat())
    for s in shore.ships.values():
        if not 0 <= s.lost <= s.points:
            problems.append(f"{s.name} has lost {s.lost} of {s.points} points")
        if s.afloat and s.lost == s.points and s.sinks_at is None:
            problems.append(f"{s.name} has no points left and is not sinking")
        for o in s.grappled:
            if o not in shore.ships or not shore.ships[o].afloat or s.name not in shore.ships[o].grappled or not s.afloat:
                problems.append(f"{s.name} is grappled to {o}, which does not hold it")
        for o in s.stuck:
            if o not in shore.ships or not shore.ships[o].afloat or s.name not in shore.ships[o].stuck or not s.afloat:
                problems.append(f"{s.name} is stuck to {o}, which is not stuck to it")
    problems += hulls_misplaced([(a.name, a.hull) for a in afloat], shore.table, shore.obstacles)
    for w in shore.weapons.values():
        if w.holder is not None:
            holder = shore.figures.get(w.holder)
            if holder is None or not holder.alive or w.spot is not None:
                problems.append(f"{w.name} is held by {w.holder}, who cannot hold it")
        elif w.spot is not None and w.spot.surface is Surface.DECK and not shore.ships[w.spot.ident].afloat:
            problems.append(f"{w.name} lies aboard {w.spot.ident}, which has sunk")
        elif w.spot is not None and (fallen := shore.fort_of(w.spot)) is not None and fallen.collapsed:
            problems.append(f"{w.name} lies on {w.spot.ident}, which has collapsed")
        if w.loaded and w.kind not in SMALL_ARMS:
            problems.append(f"{w.name} is loaded but shoots nothing")
    for gun in shore.guns.values():
        if not 0 <= gun.life <= GUNS[gun.kind].hit_points:
            problems.append(f"{gun.name} has {gun.life} hit points")
        if gun.loaded and not gun.working:
            problems.append(f"{gun.name} is destroyed but loaded")
        if gun.working and not shore.mounted(gun):
            problems.append(f"{gun.name} works though {gun.ship} is gone")
    if shore.acting is not None and not shore.figures[shore.acting].alive:
        problems.append(f"{shore.acting} acts though dead")
    return problems


WOODENSHIPS = register(WoodenShips())
