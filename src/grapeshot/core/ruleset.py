"""Rule sets are plugins: metadata, options (house rules and rulings), setup, play, capabilities.

A rule set registers itself by name and aliases; the CLI, the agents and the server find it
with :func:`get`.  Everything game-specific lives in its own package; the core never imports
one.  Installed rule sets are found through the ``grapeshot.rulesets`` entry points (the one
list of them is the package metadata in ``pyproject.toml``), loaded the first time one is asked
for, so a rule set published as its own package joins in the same way.

Beyond its play core (the abstract methods), a rule set offers the generic parts what they need
as *capabilities*, every one listed once in :mod:`grapeshot.core.contract` (their types are in
:mod:`grapeshot.core.capabilities`): its players, its phrasebook, its odds questions, its web
plugin, its lab factions and points calibration, its PettingZoo encoding, its documents, the
modules it hosts.  Each is optional and declared in ``Ruleset.offers``; :meth:`Ruleset.need`
turns an absent one into a clear :class:`~grapeshot.core.capabilities.Lacking` error.
"""

from __future__ import annotations

import importlib
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Generator, Hashable, Mapping, Sequence
from dataclasses import dataclass
from importlib.metadata import entry_points
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Any, ClassVar, Generic, overload

from typing_extensions import TypeVar

from grapeshot.core import contract
from grapeshot.core.capabilities import DocumentKind, Encoding, Lab, OddsQuestions, Phrasebook, Players, Pricing, Printables, TerrainKind, WebPlugin
from grapeshot.core.clone import clone
from grapeshot.core.contract import Capability
from grapeshot.core.errors import ScenarioError
from grapeshot.core.events import Event
from grapeshot.core.explain import Explainer
from grapeshot.core.prompts import Prompt
from grapeshot.core.revisions import FIRST_REVISION, RuleChange
from grapeshot.dice import RerollGrant, Roll, RollRequest

if TYPE_CHECKING:
    from grapeshot.core.audit import Auditor
    from grapeshot.core.editing import ScenarioForm
    from grapeshot.core.game import Game
    from grapeshot.core.registry import RuleBook
    from grapeshot.core.scenario import Scenario


_KIND_WORDS = {str: "text", int: "a whole number", float: "a number", bool: "true or false"}


@dataclass(frozen=True, slots=True)
class Option:
    """A named rule option: a house rule or one reading of an ambiguous rule."""

    name: str
    default: object
    choices: tuple[object, ...] | None
    rule: str
    doc: str
    kind: type = str
    bounds: tuple[float, float] | None = None

    def check(self, value: object, source: str, prefix: str = "") -> object:
        where = f"options.{prefix}{self.name}"
        if self.kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, self.kind) or (self.kind is not bool and isinstance(value, bool)):
            raise ScenarioError(source, where, f"{_KIND_WORDS.get(self.kind, self.kind.__name__)} ({self.doc})", value)
        if self.choices is not None and value not in self.choices:
            raise ScenarioError(source, where, f"one of {list(self.choices)}", value)
        if self.bounds is not None and isinstance(value, (int, float)) and not self.bounds[0] <= value <= self.bounds[1]:
            raise ScenarioError(source, where, f"a value from {self.bounds[0]:g} to {self.bounds[1]:g}", value)
        return value


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the objective, the turn, and the winning seats.

    A drawn game has the objective ``"draw"``; its ``winners`` are the seats
    that share the draw (none when every ship went down).
    """

    winners: tuple[str, ...]
    objective: str
    turn: int
    detail: str = ""

    def share(self, seat: str, seats: Sequence[str]) -> float:
        """What the result is worth to ``seat`` of ``seats``: 1 a win, 0 a loss, an equal part of a
        shared win, and of a draw that no seat survived an equal part among all of them."""
        if seat in self.winners:
            return 1.0 / len(self.winners)
        if not self.winners:
            return 1.0 / max(1, len(seats))
        return 0.0

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "objective": self.objective, "turn": self.turn, "detail": self.detail}


@dataclass(frozen=True, slots=True)
class PhaseStep:
    """One part of a turn as people read it (the web table's phase bar): its name, the rule that
    orders it, and why this turn skips it (``None`` when it is played)."""

    name: str
    rule: str | None = None
    skipped: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "rule": self.rule, "skipped": self.skipped}


Play = Generator[Prompt, Any, Outcome]

#: the terrain every rule set's scenarios know unless it says otherwise (Jim Lad's, the first)
DEFAULT_TERRAIN: tuple[TerrainKind, ...] = ()


#: the type of a rule set's state (``Ruleset[Sea]``); a bare ``Ruleset`` is one of any state
S = TypeVar("S", default=Any)
T = TypeVar("T")


class Ruleset(ABC, Generic[S]):
    """What every rule set provides (the abstract methods: its play core) and may offer (the rest).

    Its optional capabilities are declared in ``offers``, a set of the records of
    :mod:`grapeshot.core.contract`; each comes from the method of its name, which answers
    ``None`` where it is absent, and :meth:`need` refuses an undeclared one by name."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str]
    options: ClassVar[tuple[Option, ...]] = ()
    #: the version of the rule set's event schema: raised when its events change (saves record it)
    events_version: ClassVar[int] = 1
    #: the revision of its rules: raised with a :class:`RuleChange` each time a rule's behaviour
    #: changes, so a save made under earlier rules is known for one (:mod:`grapeshot.core.revisions`)
    revision: ClassVar[int] = 1
    changes: ClassVar[tuple[RuleChange, ...]] = (FIRST_REVISION,)
    #: nothing in its state is hidden from any seat, so a public save may carry a snapshot of it
    #: (a state holding a secret, a hand of cards or a deck's order, leaves this false)
    open_state: ClassVar[bool] = False
    #: the modules to import before a game of it can be read: those that register its action kinds
    #: where importing the package alone does not (a save or a request names them before any game is made)
    action_modules: ClassVar[tuple[str, ...]] = ()
    #: the capabilities it offers (:data:`grapeshot.core.contract.CAPABILITIES`): the one place they are declared
    offers: ClassVar[frozenset[Capability[Any]]] = frozenset()
    #: the player a seat gets when a scenario or request names none: one of its players
    #: (:func:`grapeshot.agents.factories`), so a rule set without a heuristic never gets one
    seat_player: ClassVar[str] = "random"
    #: the rule set a command, request or environment plays when it names none: exactly one of
    #: the installed rule sets says so (:func:`default_ruleset`)
    default: ClassVar[bool] = False

    @property
    def namespace(self) -> str:
        """The namespace of this rule set's action, prompt and event kinds (its name)."""
        return self.name

    def resolve_options(self, given: Mapping[str, object], source: str, base: Mapping[str, object] | None = None) -> dict[str, object]:
        """Defaults (or ``base``) overlaid with the scenario's (or caller's) choices, each checked."""
        return resolve_options(self.name, self.options, given, source, base=base)

    # ------------------------------------------------------------------ playing

    @abstractmethod
    def setup(self, scenario: Scenario, options: Mapping[str, object]) -> S:
        """Build the initial state; raise :class:`ScenarioError` for anything malformed."""

    @abstractmethod
    def play(self, game: Game) -> Play:
        """The game's flow: a generator yielding prompts and returning the outcome."""

    def resume(self, game: Game, point: Hashable) -> Play:
        """The flow again from a point where it called ``game.checkpoint(point)``, on the state as it
        was there.  A rule set that never checkpoints need not implement it (copies then replay)."""
        raise NotImplementedError(f"{self.name} cannot resume its flow from a checkpoint")

    def clone_state(self, state: S) -> S:
        """A private copy of a state that shares nothing mutable with it (checkpoints, copies, odds)."""
        return clone(state)

    def reroll_grant(self, game: Game, request: RollRequest, roll: Roll) -> RerollGrant | None:
        """The re-roll some seat may make of this roll now, if any (the default: none).

        ``Game.roll`` asks after every roll and again after every re-roll it makes, so a rule
        set decides how often a grant comes back (keep count in :meth:`spend_reroll`)."""
        return None

    def spend_reroll(self, game: Game, request: RollRequest, grant: RerollGrant) -> None:
        """Record that ``grant`` was taken (before its dice are rolled)."""

    @abstractmethod
    def describe(self, state: S) -> dict[str, Any]:
        """The public state as JSON (what every seat and a spectator may see)."""

    def view(self, state: S, seat: str | None) -> dict[str, Any]:
        """The state as one seat (``None``: a spectator) may see it.  A rule set with hidden
        state (a weapons draft, hidden deployment) strips what that seat may not know, and
        declares the :data:`~grapeshot.core.contract.VIEW` capability; the default (for a rule
        set that does not) is the public state for everyone."""
        return self.describe(state)

    def turn_plan(self, state: S) -> tuple[PhaseStep, ...]:
        """The parts of the turn the state is in, in order, each saying whether this turn skips it
        (the web table shows it in the phase bar).  The default: no plan to show."""
        return ()

    def tallies(self, events: Sequence[Event]) -> dict[str, int]:
        """Counts of the things that happened in one game (for study summaries)."""
        return {}

    def turn_limit(self, options: Mapping[str, object]) -> int | None:
        """The last turn a game may last under these options (the scenario's and a study's), or
        ``None`` for no limit; the lab marks it on its plot of game lengths.  The default reads a
        declared ``turn_limit`` option; a rule set that limits its games otherwise says so here."""
        for o in self.options:
            if o.name == "turn_limit":
                value = options.get(o.name, o.default)
                return value if isinstance(value, int) and not isinstance(value, bool) else None
        return None

    def invariants(self, game: Game) -> list[str]:
        """Broken invariants of a game as it stands (empty when all hold): fuzzing checks these.
        It takes the game, as a module's :meth:`~grapeshot.core.module.Module.invariants` does,
        so the two hooks have one shape (``game.state`` is this rule set's state)."""
        return []

    def rulebook(self) -> RuleBook:
        raise NotImplementedError

    @abstractmethod
    def seats_of(self, state: S) -> Sequence[str]:
        """The seats of a game in this state, in their order."""

    def host(self, module: str, game: Game) -> object | None:
        """What this rule set offers a module as its host (an object of the module's host
        protocol), or ``None`` where it cannot host that module (declared as
        :data:`~grapeshot.core.contract.HOST`)."""
        return None

    # ------------------------------------------------------------------ the scenario format

    def terrain_kinds(self) -> tuple[TerrainKind, ...]:
        """The kinds of terrain this rule set's scenarios may place."""
        return DEFAULT_TERRAIN

    def scenarios(self) -> Traversable | None:
        """The folder of this rule set's built-in scenarios (YAML files), if it has any."""
        return None

    def scenario_form(self) -> ScenarioForm:
        """What its scenarios hold, described for the scenario editor (:mod:`grapeshot.core.editing`):
        terrain kinds and their shapes, the pieces a seat places, the fields of a fleet entry, the
        options that decide the game.  The default derives it from the terrain kinds and the built-in
        scenarios; a rule set whose pieces need kinds or sizes says so itself."""
        from grapeshot.core.editing import default_form

        return default_form(self)

    def embed_files(self, data: Mapping[str, Any], read: Callable[[str, str], Any]) -> Mapping[str, Any]:
        """A scenario's data with each file it names (Naval Warhammer: a seat's fleet file) put in
        its place as the data the file holds, got from ``read(ref, field)`` (``field``: where the
        scenario names it, ``fleets[0].fleet``).  The core calls it once, when it reads a scenario
        from a local file: ``read`` reads only files of that scenario's folder, through the
        limits of :mod:`grapeshot.core.untrusted`, and refuses any other with a
        :class:`ScenarioError`.  So a scenario, once read, never names a file again: a save or a
        stored game holds its fleets and plays without them.  The default: no field names a file."""
        return data

    # ------------------------------------------------------------------ capabilities

    def players(self) -> Players | None:
        """The rule set's own AI players and what the search player needs (see :class:`Players`)."""
        return None

    def phrasebook(self) -> Phrasebook | None:
        """The words of the battle report and the web log for this rule set's event kinds."""
        return None

    def odds(self) -> OddsQuestions | None:
        """What ``grapeshot odds`` and the table's "odds before you act" can ask."""
        return None

    def may_measure(self, options: Mapping[str, object]) -> bool:
        """Whether a player may run the table's tape measure over the board at any time, under
        these options.  Most rules let anyone measure anything; a rule set whose players must
        guess distances says no here (or only under a house rule), and the page offers no tape."""
        return True

    def explainer(self) -> Explainer | None:
        """What each option of its prompts means and which rules decide it (:mod:`.explain`);
        it is asked of the core's prompts too (a re-roll its own rule grants)."""
        return None

    def web(self) -> WebPlugin | None:
        """How the web table draws this rule set and answers its prompts."""
        return None

    def lab(self) -> Lab | None:
        """What the balance lab pairs (factions) and varies (table changes)."""
        return None

    def pricing(self) -> Pricing | None:
        """What the lab's points calibration prices (``grapeshot calibrate``): the pieces, their
        costs by the text, the fleet a budget buys and the reference it meets; it needs :meth:`lab`."""
        return None

    def encoding(self) -> Encoding | None:
        """The discrete observations and actions of the PettingZoo environments."""
        return None

    def documents(self) -> tuple[DocumentKind, ...] | None:
        """The kinds of file this rule set reads beside its scenarios (fleet files), each with its
        checker; the command line gives each a command group."""
        return None

    def printables(self) -> Printables | None:
        """Its printable pages, of a game, a piece or a document (``grapeshot print``, the
        route ``/api/print/{page}``, the table's and the lobby's links)."""
        return None

    def auditor(self) -> Auditor | None:
        """The referee of its event logs (:mod:`grapeshot.core.audit`): what the text forbids, checked
        record by record without the rules' code (``grapeshot audit``, the soak, the conformance suite)."""
        return None

    @overload
    def need(self, capability: Capability[T], *args: object) -> T: ...
    @overload
    def need(self, capability: str, *args: object) -> Any: ...
    def need(self, capability: Capability[Any] | str, *args: object) -> Any:
        """A declared capability (a record of :mod:`grapeshot.core.contract`, or its name), given
        ``args`` where its method takes some (a host: the module and the game); a
        :class:`~grapeshot.core.capabilities.Lacking` error naming it where this rule set has none,
        a ``ValueError`` for a name that is no capability."""
        return contract.need(self, "rule set", self.name, self.offers, capability, args)

    @overload
    def offer(self, capability: Capability[T], *args: object) -> T | None: ...
    @overload
    def offer(self, capability: str, *args: object) -> Any: ...
    def offer(self, capability: Capability[Any] | str, *args: object) -> Any:
        """A declared capability, or ``None`` where this rule set has none (as :meth:`need`)."""
        return contract.obtain(self, "rule set", self.offers, capability, args)

    def has(self, capability: Capability[Any]) -> bool:
        """Whether it declares ``capability``, known without importing anything of it."""
        return contract.capability(capability, "rule set") in self.offers


def resolve_options(
    owner: str, options: Sequence[Option], given: Mapping[str, object], source: str, prefix: str = "", base: Mapping[str, object] | None = None
) -> dict[str, object]:
    """``options``' defaults (or ``base``, values already resolved) overlaid with ``given`` (names
    without ``prefix``), each given value checked."""
    known = {o.name: o for o in options}
    out = dict(base) if base is not None else {o.name: o.default for o in options}
    for key, value in given.items():
        if key not in known:
            raise ScenarioError(source, f"options.{prefix}{key}", f"one of the {owner} options {sorted(prefix + k for k in known)}", key)
        out[key] = known[key].check(value, source, prefix)
    return out


_RULESETS: dict[str, Ruleset] = {}
_LOADED: set[str] = set()


def register(ruleset: Ruleset) -> Ruleset:
    """Make a rule set known by its name and aliases (its ``offers`` checked against the contract)."""
    contract.declared(ruleset.offers, "rule set", ruleset.name)
    for key in (ruleset.name, *ruleset.aliases):
        _RULESETS[key.lower()] = ruleset
    return ruleset


def discover(group: str) -> None:
    """Load the installed plugins of an entry-point group once (importing a plugin registers it)."""
    if group in _LOADED:
        return
    _LOADED.add(group)
    for ep in entry_points(group=group):
        ep.load()


def get(name: str) -> Ruleset:
    """The installed rule set of that name or alias, ready to read its games' actions."""
    discover("grapeshot.rulesets")
    try:
        found = _RULESETS[name.lower()]
    except KeyError:
        raise ValueError(f"unknown ruleset {name!r}; known: {', '.join(sorted({r.name for r in _RULESETS.values()}))}") from None
    ready(found.action_modules)
    return found


def ready(modules: Sequence[str]) -> None:
    """Import the modules that register a rule set's (or a rule module's) action kinds."""
    for name in modules:
        if name not in sys.modules:
            importlib.import_module(name)


def default_ruleset() -> Ruleset:
    """The rule set a command, request or environment plays when it names none: the one installed
    rule set that declares itself the default (``default = True``), so that no generic part has
    to name one and the choice does not hang on the order the packages were found in.  Where
    none declares it and only one is installed, that one."""
    installed = all_rulesets()
    chosen = sorted({r.name for r in installed if r.default})
    if len(chosen) == 1:
        return get(chosen[0])
    if len(chosen) > 1:
        raise ValueError(f"several installed rule sets declare themselves the default: {', '.join(chosen)}; name one")
    if len(installed) == 1:
        return get(installed[0].name)
    if not installed:
        raise ValueError("no rule set is installed (the grapeshot.rulesets entry points are empty)")
    raise ValueError(f"no installed rule set declares itself the default; name one of {', '.join(sorted(r.name for r in installed))}")


def all_rulesets() -> list[Ruleset]:
    discover("grapeshot.rulesets")
    seen: dict[str, Ruleset] = {}
    for r in _RULESETS.values():
        seen[r.name] = r
    return list(seen.values())
