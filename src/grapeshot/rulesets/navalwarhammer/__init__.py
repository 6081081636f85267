"""Naval Warhammer: house rules for fleets of fantasy-battle armies at sea (seeds/naval-warhammer.txt).

The text stands on two books it does not include: a fantasy battle game and its naval
supplement.  Their general mechanics are written here in the project's own words:

* :mod:`~grapeshot.rulesets.navalwarhammer.fantasy`: the compact fantasy-battle core (profiles,
  the to-hit and to-wound charts, saves, initiative, combat resolution and break tests,
  psychology, templates, artillery, magic), as rule procedures that ask the game for every die;
* :mod:`~grapeshot.rulesets.navalwarhammer.armies`: the catalogue of units with points for the
  armies that crew ships;
* the rule set itself, a module for each part of the rules: :mod:`.data` (the tables),
  :mod:`.fleets` (fleet files and their checks), :mod:`.setup`, :mod:`.state`, :mod:`.flow` (the
  turn), :mod:`.moving` and :mod:`.courses` (movement), :mod:`.contact` (the collisions stand-in),
  :mod:`.harbour` (docks, shallows, boats), :mod:`.crew`, :mod:`.aboard` (models on decks),
  :mod:`.minds` (psychology), :mod:`.water` (swimmers, flyers, sharks), :mod:`.spells`,
  :mod:`.targets` and :mod:`.shooting`, :mod:`.boarding`, :mod:`.deckfight` and
  :mod:`.aftermath` (close combat), :mod:`.damage`, :mod:`.victory`, :mod:`.rules` (the NW IDs).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, ClassVar, cast

from grapeshot.core.audit import Auditor
from grapeshot.core.capabilities import DocumentKind, Encoding, Lab, OddsQuestions, Phrasebook, Players, Pricing, Printables, TerrainKind, WebPlugin
from grapeshot.core.contract import AUDITOR, DOCUMENTS, ENCODING, EXPLAINER, LAB, ODDS, PHRASEBOOK, PLAYERS, PRICING, PRINTABLES, WEB, Capability
from grapeshot.core.editing import ScenarioForm
from grapeshot.core.events import Event
from grapeshot.core.explain import Explainer
from grapeshot.core.game import Game
from grapeshot.core.registry import RuleBook
from grapeshot.core.revisions import FIRST_REVISION, RuleChange
from grapeshot.core.ruleset import Option, Play, Ruleset, register
from grapeshot.core.scenario import Scenario
from grapeshot.dice import RerollGrant, Roll, RollRequest
from grapeshot.rulesets.navalwarhammer.data import CROWDING, MAX_POINTS, NS, POINTS_LIMIT
from grapeshot.rulesets.navalwarhammer.fantasy.rerolls import CrewOfficers, crew_grant
from grapeshot.rulesets.navalwarhammer.state import Sea

OPTIONS: tuple[Option, ...] = (
    Option("turn_limit", 6, None, "NW-BOARD-7", "game turns before victory points decide the game", int, (1, 50)),
    Option(
        "turn_order", "fixed", ("fixed", "rotate"), "NW-FLY-1", "the sides' turns: in the scenario's seat order, or the first seat moving to the back each turn"
    ),
    Option("wind", 0.0, None, "NW-MOVE-1", "the direction the wind blows towards at the start, in degrees", float, (0.0, 360.0)),
    Option("wind_sector", 45.0, None, "NW-MOVE-1", "degrees either side of downwind (and upwind) that count as with (against) the wind", float, (0.0, 90.0)),
    Option(
        "points_limit",
        POINTS_LIMIT,
        None,
        "NW-SHIP-2",
        "the game's points limit: each fleet is built to it or less, and costs no more than it",
        int,
        (1, MAX_POINTS),
    ),
    Option("slot_limits", "duplicates", ("duplicates", "total"), "NW-SLOT-1", "special and rare limits of medium and large ships: of one choice, or in all"),
    Option("outnumber", "replace", ("replace", "add"), "NW-BOARD-5", "a crew twice the size scores +2 in all, or +2 beside the +1 of the larger crew"),
    Option(
        "shaken_penalty",
        "shaken",
        ("shaken", "always"),
        "NW-BOARD-5",
        "the combat result comes off the Ld of a Shaken crew's break tests only, or of every one",
    ),
    Option("cannon_stops", True, None, "NW-CANNON-1", "a model a cannonball hits and does not slay stops it (false: the ball runs on)", bool),
    Option(
        "pre_measure",
        False,
        None,
        "NW-CANNON-1",
        "house rule: a cannon's or stone thrower's true range to its target is measured for its crew before they guess (false: they guess by eye)",
        bool,
    ),
    Option(
        "template_into_combat",
        "allowed",
        ("allowed", "refused"),
        "NW-SHOOT-1",
        "a template may be dropped on ships locked in combat, hitting friends too, or may not",
    ),
    Option(
        "upper_deck_rule",
        True,
        None,
        "NW-CREW-2",
        "a ship with fewer than half its crew on the upper deck cannot be worked (false: the players agree otherwise)",
        bool,
    ),
    Option(
        "overcrowded_capacity",
        "size",
        CROWDING,
        "NW-CROWD-1",
        "an overcrowded ship holds twice a normal ship of her size with her castles' places once, or twice her own capacity, castles and all",
    ),
    Option("overcrowded_sharks", False, None, "NW-CROWD-1", "each ship that starts overcrowded adds 1 to every shark roll", bool),
)

#: event kinds counted one for one in study summaries
TALLIED = {
    "sunk": "ships sunk",
    "prize": "prizes taken",
    "ram": "rams",
    "aground": "groundings",
    "abandon-ship": "crews abandoning ship",
    "launch": "boats launched",
    "miscast": "miscasts",
    "out-of-control": "ships out of control",
    "adrift": "ships adrift",
    "cut-loose": "attempts to cut loose",
}


def officers(sea: Sea, ship: str | None) -> CrewOfficers | None:
    """What the re-rolls need of a ship's crew (NW-UPG-7's First Mate, NW-MOVE-4's engineer)."""
    s = sea.ships.get(ship or "")
    if s is None:
        return None
    crew = [u for u in sea.crew(s.name) if any(f.on == s.name and f.aboard for f in u.figs)]
    return CrewOfficers(
        seat=s.commander,
        first_mate=any(u.first_mate for u in crew),
        overcrowded=s.overcrowded,
        engineer=any(u.engineer and u.working for u in crew),
        rerolled=sea.rerolled.get(s.name),
    )


class NavalWarhammer(Ruleset[Sea]):
    name: ClassVar[str] = "navalwarhammer"
    aliases: ClassVar[tuple[str, ...]] = ("nw", "naval-warhammer")
    title: ClassVar[str] = "Naval Warhammer"
    options: ClassVar[tuple[Option, ...]] = OPTIONS
    #: 2: a guessed shot's guns event tells its guess and true range, a ball that hits nothing says
    #: why (ball-misses), and the setup's options hold pre_measure
    events_version: ClassVar[int] = 2
    revision: ClassVar[int] = 4
    changes: ClassVar[tuple[RuleChange, ...]] = (
        FIRST_REVISION,
        RuleChange(
            2,
            ("NW-MOVE-1", "NW-LAUNCH-1", "NW-MOVE-2", "NW-UPG-3", "NW-BOARD-9", "NW-CROWD-1", "NW-MOVE-5", "NW-PSY-3", "NW-UPG-7", "FB-RALLY-1"),
            "issue 24: the half-move minimum and a ship's speed remember the move made, not the move planned; heavy timbers slow every"
            " move of her own (Out of Control, shoving off) and an overcrowded galley Out of Control rows at half her move; a magic"
            " ship short of crew or rudder is Adrift, not Out of Control; stupid units wander forward, not a scatter die's way; a"
            " rally (FB-RALLY-1) is not re-rolled by a First Mate; an overcrowded ship holds twice a normal ship of her size, her"
            " castles' places once (option overcrowded_capacity)",
        ),
        RuleChange(
            3,
            ("NW-BOARD-1", "NW-CANNON-1"),
            "a ship swung alongside whose nearest place is blocked takes the next nearest clear place along the target, not the"
            " target's middle; a guessed range is guessed by eye: a seat is not shown the true range of a guessing gun's target,"
            " its listed aims lie at the quarters of the gun's range, and it is told no odds before the shot (option pre_measure"
            " lets players measure first)",
        ),
        RuleChange(
            4,
            ("NW-CANNON-1",),
            "a stone thrower's aim at a ship is judged by its bearing (its line passes within 12\" of her), not by how far the"
            " guessed point falls from her, so every guess by eye at the quarters of its range is listed whatever the true range",
        ),
    )
    #: nothing in its state is hidden from a seat (every seat sees it all): a public save may snapshot it
    open_state: ClassVar[bool] = True
    #: its action kinds are registered by .actions, which the package does not import (it loads its parts lazily)
    action_modules: ClassVar[tuple[str, ...]] = ("grapeshot.rulesets.navalwarhammer.actions",)
    offers: ClassVar[frozenset[Capability[Any]]] = frozenset(
        {AUDITOR, PHRASEBOOK, PLAYERS, EXPLAINER, LAB, PRICING, ENCODING, WEB, ODDS, DOCUMENTS, PRINTABLES}
    )
    seat_player: ClassVar[str] = "heuristic"

    @property
    def namespace(self) -> str:
        return NS

    def may_measure(self, options: Mapping[str, object]) -> bool:
        """The tape measure only where the players may pre-measure (option pre_measure): a guessed
        range is guessed by eye (NW-CANNON-1, :mod:`.measures`)."""
        from grapeshot.rulesets.navalwarhammer.measures import tape_allowed

        return tape_allowed(options)

    def terrain_kinds(self) -> tuple[TerrainKind, ...]:
        from grapeshot.rulesets.navalwarhammer.setup import TERRAIN

        return TERRAIN

    def scenarios(self) -> Traversable:
        return resources.files("grapeshot.rulesets.navalwarhammer").joinpath("scenarios")

    def scenario_form(self) -> ScenarioForm:
        from grapeshot.rulesets.navalwarhammer.form import scenario_form

        return scenario_form(self)

    def setup(self, scenario: Scenario, options: Mapping[str, object]) -> Sea:
        from grapeshot.rulesets.navalwarhammer.setup import build_sea

        return build_sea(scenario, options)

    def play(self, game: Game) -> Play:
        from grapeshot.rulesets.navalwarhammer.flow import play

        return play(game)

    def resume(self, game: Game, point: Hashable) -> Play:
        from grapeshot.rulesets.navalwarhammer.flow import play

        return play(game, cast(tuple[int, int, int], point))

    def reroll_grant(self, game: Game, request: RollRequest, roll: Roll) -> RerollGrant | None:
        return crew_grant(officers(cast(Sea, game.state), request.actor), request, roll)

    def spend_reroll(self, game: Game, request: RollRequest, grant: RerollGrant) -> None:
        sea = cast(Sea, game.state)
        if request.actor in sea.ships:
            sea.rerolled[request.actor] = request

    def describe(self, state: Sea) -> dict[str, Any]:
        return state.describe()

    def seats_of(self, state: Sea) -> Sequence[str]:
        return state.seats

    def invariants(self, game: Game) -> list[str]:
        from grapeshot.rulesets.navalwarhammer.checks import invariants

        return invariants(cast(Sea, game.state))

    def tallies(self, events: Sequence[Event]) -> dict[str, int]:
        counts: Counter[str] = Counter()
        for e in events:
            key = TALLIED.get(e.kind)
            if key is not None:
                counts[key] += 1
            elif e.kind == "swim" and e.data.get("drowned"):
                counts["models drowned"] += 1
            elif e.kind == "sharks" and e.data.get("bitten"):
                counts["models taken by sharks"] += 1
            elif e.kind == "alongside" and e.data.get("grappled"):
                counts["ships grappled"] += 1
        return dict(counts)

    def auditor(self) -> Auditor:
        """Its referee of the logs (:mod:`.audit`): the records read against the text, with no
        call to the rules' code."""
        from grapeshot.rulesets.navalwarhammer.audit import AUDITOR

        return AUDITOR

    def rulebook(self) -> RuleBook:
        """The text's rules (NW) with the fantasy core's own stand-in rules (FB) beside them."""
        from grapeshot.rulesets.navalwarhammer.fantasy.rules import RULEBOOK as CORE
        from grapeshot.rulesets.navalwarhammer.rules import RULEBOOK

        return RuleBook("navalwarhammer", ("NW", "FB"), [*RULEBOOK.entries.values(), *CORE.entries.values()])

    def phrasebook(self) -> Phrasebook:
        from grapeshot.rulesets.navalwarhammer.phrases import PHRASES

        return PHRASES

    def players(self) -> Players:
        from grapeshot.rulesets.navalwarhammer.players import players

        return players()

    def explainer(self) -> Explainer:
        """What each option of its prompts means, with its rules (:mod:`.explain`)."""
        from grapeshot.rulesets.navalwarhammer.explain import explain

        return explain

    def lab(self) -> Lab:
        from grapeshot.rulesets.navalwarhammer.lab import LAB

        return LAB

    def pricing(self) -> Pricing:
        """Its upgrades, each against its points in troops (:mod:`.pricing`)."""
        from grapeshot.rulesets.navalwarhammer.pricing import PRICING as UPGRADES_PRICED

        return UPGRADES_PRICED

    def encoding(self) -> Encoding:
        from grapeshot.rulesets.navalwarhammer.encoding import ENCODING

        return ENCODING

    def web(self) -> WebPlugin:
        from grapeshot.rulesets.navalwarhammer.web import WEB

        return WEB

    def odds(self) -> OddsQuestions:
        from grapeshot.rulesets.navalwarhammer.odds import ODDS

        return ODDS

    def documents(self) -> tuple[DocumentKind, ...]:
        from grapeshot.rulesets.navalwarhammer.builder import BUILDER, check

        return (DocumentKind("fleet", "Naval Warhammer fleet files: ships, upgrades and crews (YAML)", check, BUILDER),)

    def printables(self) -> Printables:
        """A fleet file's roster (:mod:`.roster`)."""
        from grapeshot.rulesets.navalwarhammer.builder import PRINTABLES

        return PRINTABLES

    def embed_files(self, data: Mapping[str, Any], read: Callable[[str, str], Any]) -> Mapping[str, Any]:
        """A seat's fleet named by a fleet file's path is read into the scenario, in place."""
        from grapeshot.rulesets.navalwarhammer.fleets import embed_fleet_files

        return embed_fleet_files(data, read)


NAVAL_WARHAMMER = register(NavalWarhammer())
