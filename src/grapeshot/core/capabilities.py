"""What a rule set can offer the generic parts, each piece optional.

The players, the battle report, the odds, the web table, the balance lab and the PettingZoo
adapter serve every rule set; none of them knows one by name.  Each asks the rule set for the
capability it needs (``ruleset.players()``, ``ruleset.need(ODDS)``, ...), and a rule set
without it answers ``None``, which the generic part turns into a plain "this rule set has no
X" (:class:`Lacking`) rather than a guess.  Which capabilities there are, and which a rule set
offers, is declared once, in :mod:`grapeshot.core.contract`; this module holds their types.

The capabilities are small typed records and protocols, so that this module imports nothing
but the core: a rule set implements them in its own package (``rulesets/<name>/players.py``,
``phrases.py``, ``odds.py``, ``web.py``, ``lab.py``, ``encoding.py``, ``fleets.py``, ``sheets.py``, ``roster.py``).
The balance lab's (:class:`Lab`, :class:`Pricing`) are in :mod:`grapeshot.core.balance`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from grapeshot.core.actions import Action
from grapeshot.core.balance import Lab as Lab
from grapeshot.core.balance import PricedFleet as PricedFleet
from grapeshot.core.balance import Pricing as Pricing
from grapeshot.core.balance import TableChange as TableChange
from grapeshot.core.events import Event
from grapeshot.core.printing import DocumentPage as DocumentPage
from grapeshot.core.printing import GamePage as GamePage
from grapeshot.core.printing import PiecePage as PiecePage
from grapeshot.core.printing import Printables as Printables
from grapeshot.core.prompts import Prompt

if TYPE_CHECKING:
    from grapeshot.core.game import Game
    from grapeshot.core.scenario import Scenario


class Lacking(LookupError):
    """A generic part asked a rule set for a capability it does not have."""

    def __init__(self, ruleset: str, what: str, owner: str = "rule set") -> None:
        super().__init__(f"the {owner} {ruleset!r} has no {what}")
        self.ruleset = ruleset
        self.what = what


# --------------------------------------------------------------------------- players


class Player(Protocol):
    """Anything that answers a prompt for a seat (a person's client, or an AI)."""

    name: str

    def act(self, game: Game, seat: str, prompt: Prompt) -> Action: ...


PlayerFactory = Callable[[int], Player]


@dataclass(frozen=True)
class Level:
    """How hard an AI seat plays, as people choose it (easy, normal, hard): one of the rule set's
    players by name, the keyword arguments its factory is made with (a search's budget), and a
    chance of answering at random from the legal answers instead (an easier opponent that still
    plays the rules whole).  ``about`` says in plain words what the level is, for the docs and the
    lobby's tooltip.  The generic levels (:mod:`grapeshot.agents.levels`) hold for every rule set;
    ``Players.levels`` may change any of them for one rule set, with a measured reason."""

    player: str
    params: Mapping[str, Any] = field(default_factory=dict)
    blunder: float = 0.0
    about: str = ""


@dataclass(frozen=True)
class Players:
    """A rule set's own AI players, and what the generic search player needs from it.

    ``factories`` holds the players only this rule set has (its heuristic player); the random
    and search players are generic and are added by :func:`grapeshot.agents.factories` (a rule
    set's own player of the same name as a generic one is not used).  ``rollout`` names the
    player the search plays its sampled futures with (one of the factories, or ``"random"``).
    ``evaluate`` scores the end of a rollout for a seat in [0, 1]: a chance to win where the game
    is unfinished, and where it is over the result (``Outcome.share``) plus, if the rule set
    likes, a small tie-break; without it a finished game scores its result and an unfinished one
    an even share.  ``candidates`` proposes the answers worth searching, given the rollout
    player's own, which comes first (else the search takes a spread of the prompt's legal
    answers).  A module's ``players()`` answers the same questions for the module's prompts.
    ``module_answer`` is the rule set's own players' answer to a rule module's prompt, asked before
    the module's player (``None`` from it: the module's player answers); without it, the module's
    players answer all of the module's prompts.
    """

    factories: Mapping[str, PlayerFactory]
    rollout: str
    evaluate: Callable[[Game, str], float] | None = None
    candidates: Callable[[Game, str, Prompt, Action], Sequence[Action]] | None = None
    #: how many rollouts each kind of decision deserves, as a share of the budget (by prompt kind; 1 if not given)
    shares: Mapping[str, float] = field(default_factory=dict)
    #: prompt kinds the search leaves to the rollout player (not worth a search)
    unsearched: frozenset[str] = frozenset()
    #: prompt kinds whose answers stand level (to board or not): another answer need not beat the
    #: rollout player's by the search's margin to be chosen
    even: frozenset[str] = frozenset()
    #: the rule set's own take on a level (by its name: easy, normal, hard) over the generic one
    levels: Mapping[str, Level] = field(default_factory=dict)
    module_answer: Callable[[Game, str, Prompt], Action | None] | None = None


def by_worth(worth: Callable[[Any, str], float], reach: float = 0.45) -> Callable[[Game, str], float]:
    """A ``Players.evaluate`` from what a seat has and has won on the table (``worth(state, seat)``):
    a finished game scores its result (a draw's share), an unfinished one an even share moved by
    the seat's worth against the best of the others', at most ``reach`` either way, so a game won
    always beats the best unfinished future."""

    def score(game: Game, seat: str) -> float:
        seats = game.ruleset.seats_of(game.state)
        if game.outcome is not None:
            return game.outcome.share(seat, seats)
        mine = worth(game.state, seat)
        theirs = max((worth(game.state, s) for s in seats if s != seat), default=0.0)
        return 0.5 + reach * (mine - theirs) / max(1.0, mine + theirs)

    return score


# --------------------------------------------------------------------------- words


@runtime_checkable
class Phrasebook(Protocol):
    """A rule set's wording: the battle report's and the web log's sentence for each event kind,
    and the words for the values people read (objectives, effects, tags, choices).

    ``kinds`` lists every event kind the rule set words (machine-only kinds included, whose
    sentence is ``None``), so the report can tell "deliberately silent" from "forgotten".
    ``label("objective", name)`` words the objective a game was won by (the battle report's
    ending, the lab's causes of victory).
    """

    kinds: frozenset[str]

    def sentence(self, event: Event) -> str | None: ...

    def label(self, category: str, value: str) -> str: ...


# --------------------------------------------------------------------------- odds

_WORDS = {str: "text", int: "a whole number", float: "a number", bool: "a flag (no value)"}


@dataclass(frozen=True)
class Param:
    """One input of an odds question: an option of ``grapeshot odds`` (``--name value``, or
    ``--name`` alone for a flag, ``kind=bool``), a field of the table's form.

    ``kind`` is ``str``, ``int``, ``float`` or ``bool``.  ``default`` is what the question takes
    when the parameter is not given (``None``: the question works it out, as a gap from the
    kind of action).  ``choices`` and ``bounds`` (inclusive, for numbers) are what
    :meth:`check` allows; ``required`` parameters have no default.  ``aliases`` are other names
    for it (``target-facing`` for ``facing``).  A rule set's parameters of one name mean the same
    thing, of the same kind, in every question that takes them (the command line reads a name
    before it knows the question)."""

    name: str
    help: str
    kind: type = str
    default: object = None
    choices: tuple[object, ...] | None = None
    bounds: tuple[float, float] | None = None
    required: bool = False
    aliases: tuple[str, ...] = ()

    @property
    def flag(self) -> bool:
        return self.kind is bool

    def allowed(self) -> str:
        """What the parameter takes, in words ("a whole number from 1 to 5")."""
        if self.choices is not None:
            return "one of " + ", ".join(str(c) for c in self.choices)
        words = _WORDS.get(self.kind, self.kind.__name__)
        if self.bounds is not None:
            lo, hi = self.bounds
            return f"{words} from {lo:g} to {hi:g}"
        return words

    def parse(self, text: str | None, label: str | None = None) -> object:
        """The value of ``--name text`` on a command line (``text`` is ``None`` for a flag given
        alone), checked as :meth:`check` checks it."""
        label = label or self.name
        if self.flag:
            if text is None:
                return True
            value: object = {"true": True, "yes": True, "false": False, "no": False}.get(text.lower(), text)
        elif text is None:
            raise ValueError(f"{label} needs a value: {self.allowed()}")
        elif self.kind is int:
            try:
                value = int(text)
            except ValueError:
                raise ValueError(f"{label} must be {self.allowed()}, not {text!r}") from None
        elif self.kind is float:
            try:
                value = float(text)
            except ValueError:
                raise ValueError(f"{label} must be {self.allowed()}, not {text!r}") from None
        else:
            value = text
        return self.check(value, label)

    def check(self, value: object, label: str | None = None) -> object:
        """``value`` if the parameter allows it (an int is taken for a float), else a
        ``ValueError`` naming the parameter and what it allows: never clamped."""
        label = label or self.name
        if self.kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, self.kind) or (self.kind is not bool and isinstance(value, bool)):
            raise ValueError(f"{label} must be {self.allowed()}, not {value!r}")
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError(f"{label} must be {self.allowed()} (a finite number), not {value!r}")
        if self.choices is not None and value not in self.choices:
            raise ValueError(f"{label} must be {self.allowed()}, not {value!r}")
        if self.bounds is not None and isinstance(value, (int, float)) and not self.bounds[0] <= value <= self.bounds[1]:
            raise ValueError(f"{label} must be {self.allowed()}, not {value!r}")
        return value

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "help": self.help, "kind": self.kind.__name__, "allowed": self.allowed()}
        if self.default is not None:
            out["default"] = self.default
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.bounds is not None:
            out["bounds"] = list(self.bounds)
        if self.required:
            out["required"] = True
        if self.aliases:
            out["aliases"] = list(self.aliases)
        return out


@dataclass(frozen=True)
class Question:
    """A question a rule set's odds can answer from a short description ("a kannon shot at a
    ship", "a break test with a First Mate").

    ``picked_by`` names parameters whose being given picks this question when none is named
    (``--ram-strength 7`` asks about a ram); the rule set's first question is asked otherwise."""

    name: str
    help: str
    params: tuple[Param, ...]
    picked_by: tuple[str, ...] = ()

    def param(self, name: str) -> Param | None:
        """The parameter called ``name`` (or one of its aliases), if the question takes it."""
        return next((p for p in self.params if name == p.name or name in p.aliases), None)

    def values(self, given: Mapping[str, object], label: Callable[[str], str] = str) -> dict[str, object]:
        """Every parameter's value: each given one (by name or alias) checked, the rest their
        defaults.  A name the question does not take, or a required one missing, is a
        ``ValueError`` that names the question's parameters; ``label`` words a name as the
        asker writes it (``--name`` on the command line)."""
        out: dict[str, object] = {p.name: p.default for p in self.params}
        seen: set[str] = set()
        for name, value in given.items():
            p = self.param(name)
            if p is None:
                takes = ", ".join(label(q.name) for q in self.params)
                raise ValueError(f"the question {self.name!r} takes no {label(name)}; it takes {takes}")
            if p.name in seen:
                raise ValueError(f"{label(p.name)} is given twice")
            seen.add(p.name)
            out[p.name] = p.check(value, label(name))
        missing = [label(p.name) for p in self.params if p.required and out[p.name] is None]
        if missing:
            raise ValueError(f"the question {self.name!r} needs {', '.join(missing)}")
        return out

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "help": self.help, "picked_by": list(self.picked_by), "params": [p.to_json() for p in self.params]}


@dataclass(frozen=True)
class Effort:
    """How hard the odds engine may work on one answer: the rule runs an exact enumeration may
    take before it gives way to Monte Carlo (``budget``), the Monte Carlo runs where it must
    (``samples``; 0 allows none, so only what is exact or numeric is answered) and their
    ``seed``."""

    budget: int = 4000
    samples: int = 2000
    seed: int = 1


@dataclass(frozen=True)
class OddsCase:
    """A situation a rule set's odds are measured and checked on (``bench/bench_odds.py``, the
    odds tests): one of its questions with some of its parameters given (the rest their
    defaults), and a label saying what it stands for ("a cannon at 40 inches")."""

    question: str
    given: Mapping[str, object]
    label: str = ""


class OddsAnswer(Protocol):
    """What an odds question answers with: JSON for machines and the table, text for people."""

    def to_json(self) -> dict[str, Any]: ...

    def render(self, console: Any) -> None:
        """Print the answer on a ``rich`` console."""
        ...


@runtime_checkable
class OddsQuestions(Protocol):
    """What ``grapeshot odds`` and the table's "odds before you act" can ask of a rule set.

    ``questions`` are the situations it can describe in a few parameters (the first is asked
    when none is named or picked).  ``ask`` answers one, given every parameter's checked value
    (:meth:`Question.values`).  ``before`` answers the odds of ``action`` that ``seat`` proposes
    in a real game, where ``prompt`` (the one waiting on that seat) has already accepted it
    (:func:`grapeshot.odds.before` checks); ``None`` when the action has nothing to tell.  Both
    raise ``ValueError`` (the odds' ``OddsError``) for what cannot be answered, with the game's
    own reason where the game refuses the situation.  ``cases`` are the situations the answers
    are measured on (:class:`OddsCase`)."""

    def questions(self) -> Sequence[Question]: ...

    def ask(self, question: str, values: Mapping[str, object], effort: Effort) -> OddsAnswer: ...

    def before(self, game: Game, seat: str, prompt: Prompt, action: Action, effort: Effort) -> OddsAnswer | None: ...

    def cases(self) -> Sequence[OddsCase]:
        """The situations its answers are measured on: every question, at its defaults and at
        the values a player asks most (a benchmark asks each, timing it, and reports whether
        it was exact)."""
        ...


# --------------------------------------------------------------------------- the web table


@dataclass(frozen=True)
class Preview:
    """A read-only question the table's page may ask about a game while a person decides (where
    a manoeuvre would take a ship, what a figure could reach), served at
    ``GET /api/games/{id}/preview/{name}?param=value...``.

    ``question`` names it and its parameters (:class:`Param`: each query value is read with
    :meth:`Param.parse` and checked, so a bad one is refused naming it); ``answer`` is given the
    game, the asking seat (``None``: a spectator) and every parameter's checked value, and
    returns JSON data.  It may only read the game.  It raises ``LookupError`` for a piece the
    game does not have (404) and ``ValueError`` for a situation it cannot answer (422)."""

    question: Question
    answer: Callable[[Game, str | None, Mapping[str, object]], dict[str, Any]]


@dataclass(frozen=True)
class WebPlugin:
    """How the web table shows a rule set: its script beside the generic client, and the
    server-side helpers the script calls (docs/architecture.md (n), "a rule set's web plugin").

    ``static`` is the folder of the rule set's web files, served under
    ``/static/rulesets/<name>/``; ``script`` is the ES module in it that registers itself with the
    generic client (draws the pieces, answers prompts with its own forms, highlights its events);
    ``styles`` are its style sheets, loaded with it.  ``previews`` are the read-only questions
    its page may ask (:class:`Preview`), by name (its printable pages are a capability of their
    own, :class:`Printables`, which the page links).  ``labels`` lists, by
    phrasebook category, the values the page shows people (effects, objectives, contact kinds):
    the server words each with the rule set's phrasebook (``Phrasebook.label``) and serves the
    table at ``GET /api/rulesets/{name}/words``, so no internal name reaches the page.
    ``shapes`` gives a game's pieces, as one seat (``None``: a spectator) may see them, as the
    generic shapes the client draws where there is no script (hulls, bases, polygons, lines,
    labels in table inches; docs/architecture.md (o)): a rule set may bring shapes alone, with no
    ``static`` folder or ``script``, and play through the generic forms.  It takes the game and
    the seat, as a module's ``shapes`` does, so the two hooks have one shape (it draws from the
    seat's view, ``game.ruleset.view``, so it shows nothing that seat may not see)."""

    static: Traversable | None = None
    script: str | None = None
    styles: tuple[str, ...] = ()
    previews: Mapping[str, Preview] = field(default_factory=dict)
    labels: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    shapes: Callable[[Game, str | None], list[dict[str, Any]]] | None = None


# --------------------------------------------------------------------------- the balance lab
#
# Lab, TableChange (what a tournament pairs and a sweep varies) and Pricing, PricedFleet (what the
# points calibration prices) live in grapeshot.core.balance, and are imported above.


# --------------------------------------------------------------------------- PettingZoo


@dataclass(frozen=True, slots=True)
class ActionTemplate:
    """One entry of an encoding's catalogue of discrete actions: a kind of answer to one kind
    of prompt ("fire the fore kannon at ship slot 2", "re-roll die 0").

    ``prompt`` is the prompt kind it answers (``Prompt.kind``; a rule module's prompt is written
    ``<module>.<kind>``), ``kind`` the sort of answer, ``label`` its words.  A rule set's
    encoding subclasses it to carry the parameters the prompt of the moment turns into an engine
    action (a card, a gun, a target's slot).  The templates of one prompt kind form its
    *section*; by convention the first is that prompt's decline answer."""

    prompt: str
    kind: str
    label: str


@dataclass(frozen=True, slots=True)
class SeatView:
    """All an encoding is given when it observes or answers for one seat: never the game.

    ``state`` is the rule set's state, read only as :meth:`Ruleset.view` shows it to ``seat``
    (sealed answers are never in it: the game holds them apart until they are revealed);
    ``prompt`` is the prompt this seat answers through the catalogue now (``None`` when it is
    not asked, or a built-in player answers for it); ``picks`` are the catalogue indices the
    seat has given so far towards an answer of several steps (a seat's orders, ship by ship)."""

    seat: str
    state: Any
    turn: int
    phase: str
    prompt: Prompt | None = None
    picks: tuple[int, ...] = ()


class Encoder(Protocol):
    """A rule set's discrete view of one scenario for learning agents, made once per scenario.

    The catalogue (``templates``) and the observation (``features``, one name per entry) have a
    fixed size for the scenario, whatever happens in the game.  Indices here are the
    catalogue's own (from 0); the environments put their ``wait`` action before them.

    * ``steps`` says how many picks a seat's answer to ``view.prompt`` takes (1 for most
      prompts; more where the encoding asks for an answer in parts, as one order per ship);
    * ``action_for`` turns template ``index``, after ``view.picks``, into the engine action it
      stands for now, the parts not yet picked filled with the encoding's defaults (``None``
      where the template means nothing now: a sunk target, a die the roll lacks).  The
      environments mask a template in exactly when the prompt's own ``check`` accepts that
      action, and submit it when the last step is picked;
    * ``observe`` fills the observation (values in [-1, 1]; the environments clip);
    * ``info`` adds entries to the seat's ``infos`` (what the decision concerns);
    * ``material`` is a seat's material balance (its own minus everybody else's, in the rule
      set's units), for shaped rewards, or ``None`` if the encoding has no such measure.
    """

    @property
    def templates(self) -> Sequence[ActionTemplate]: ...

    @property
    def features(self) -> Sequence[str]: ...

    @property
    def simultaneous(self) -> frozenset[str]:
        """Prompt kinds that several seats answer at once (``delegate="sequential"`` keeps them)."""
        ...

    @property
    def helper(self) -> str:
        """The built-in player, by name, that answers the prompts delegated or outside the catalogue."""
        ...

    def steps(self, view: SeatView) -> int: ...

    def action_for(self, view: SeatView, index: int) -> Action | None: ...

    def observe(self, view: SeatView) -> Sequence[float]: ...

    def info(self, view: SeatView) -> Mapping[str, Any]: ...

    def material(self, state: Any, seat: str) -> float | None: ...


@runtime_checkable
class Encoding(Protocol):
    """What a rule set offers the PettingZoo environments: an :class:`Encoder` for a scenario,
    made from a game of it at its start (its seats, pieces and table fix the sizes)."""

    def encoder(self, game: Game) -> Encoder: ...


# --------------------------------------------------------------------------- printable pages
#
# Printables and its pages (GamePage, PiecePage, DocumentPage: a page of a game, of a piece, of a
# document) live in grapeshot.core.printing, and are imported above.


# --------------------------------------------------------------------------- the scenario format


@dataclass(frozen=True)
class TerrainKind:
    """A kind of terrain a rule set's scenarios may place (an island, a fort, shallows).

    ``shapes`` are the ways it may be given (``polygon``, ``circle``, ``point``), ``obstacle``
    whether ships run into it, and ``fields`` the extra fields it may carry (checked by the rule
    set when it sets up)."""

    name: str
    shapes: tuple[str, ...] = ("polygon", "circle")
    obstacle: bool = False
    fields: tuple[str, ...] = ()
    doc: str = ""


# --------------------------------------------------------------------------- documents beside the scenarios


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a document (a fleet file): the rule it breaks (``None``: the file's
    own format, or an army list's entry), where in the file (a field's path), and what is wrong."""

    rule: str | None
    where: str
    message: str

    def text(self) -> str:
        return f"{self.rule or 'format'}: {self.where}: {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "where": self.where, "message": self.message}


@dataclass(frozen=True, slots=True)
class Checked:
    """A document checked: everything wrong with it (empty: it is legal) and, for a legal one, a
    line saying what it holds ("1000 of 1000 points, 3 ships")."""

    problems: tuple[Problem, ...]
    summary: str = ""
    #: what each part costs, by its path in the document (``""`` the whole, ``ships[0]`` a ship),
    #: in the rule set's points: the lobby's builder shows them as a fleet is built
    points: Mapping[str, int] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        return not self.problems

    def said(self, most: int = 10) -> str:
        """Every problem in one line, each with its rule (the first ``most`` of them)."""
        more = len(self.problems) - most
        return "; ".join(p.text() for p in self.problems[:most]) + (f"; and {more} more" if more > 0 else "")


@dataclass(frozen=True)
class DocumentKind:
    """A kind of file a rule set reads beside its scenarios (Naval Warhammer's fleets: ships,
    upgrades and crews), and what the command line does with one.

    The command line makes a group of commands for each kind, named for it (``grapeshot fleet``):
    ``check FILE`` prints every :class:`Problem` with the rule it breaks and exits non-zero when
    there is one (its printable pages, a :class:`DocumentPage` of :class:`Printables` naming the
    kind, are printed by ``grapeshot print``).  ``check`` takes the file's data: the command line
    reads the file (YAML) itself, through the one reader of files from outside
    (:mod:`grapeshot.core.untrusted`), so no rule set opens one."""

    name: str
    help: str
    check: Callable[[object], Checked]
    #: the lobby's builder of documents of this kind, where the rule set offers one
    builder: Builder | None = None


@dataclass(frozen=True)
class Builder:
    """What the lobby's builder needs to build a document (a fleet) and play it, from a rule set
    (docs/architecture.md (o), "the fleet builder").  The document is plain data (what its YAML
    file holds), so the page edits it as JSON and the server alone judges it.

    ``catalogue()`` describes what a document may hold, as the page's generic form reads it: a
    ``form`` of ``fields`` (text, whole numbers, flags, choices) and ``lists`` (entries added from
    ``items``: ships by size, crews by army list, upgrades by count) with points, limits and the
    rule behind each, and a ``blank`` document to start from.  ``check(data)`` is the check of
    ``DocumentKind.check`` on data already read: every :class:`Problem` with its rule, and the
    points of each part.  ``seats(scenario)`` are the documents a scenario's seats bring now, by
    seat: the seats a built document may replace.  ``place(scenario, by_seat)`` is the scenario's
    data with those seats' documents replaced (placed where the scenario puts that seat's); the
    game made of it checks them again as it sets up."""

    catalogue: Callable[[], Mapping[str, Any]]
    check: Callable[[object], Checked]
    seats: Callable[[Scenario], Mapping[str, object]]
    place: Callable[[Scenario, Mapping[str, object]], dict[str, Any]]
