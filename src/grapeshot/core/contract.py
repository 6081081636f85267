"""The rule-set contract: every optional capability a rule set or a rule module may offer, declared once.

A rule set has a small play core it must write (``setup``, ``play``, ``describe``, ``seats_of``:
the abstract methods of :class:`~grapeshot.core.ruleset.Ruleset`) and may offer more: players, a
phrasebook, odds, a web plugin and so on.  Each of those is a :class:`Capability` listed here, in
:data:`CAPABILITIES`, and nowhere else: the generic parts, the conformance suite and the docs all
read this one list.

A rule set (or module) says which it offers in its ``offers`` class attribute, a set of these
records, so the core knows without importing anything heavy what is there.  The capability
itself comes from the method of the same name, which answers ``None`` where it is absent: that
is the one way to say "absent" (no attribute probed for, no empty tuple standing for it).
``need(CAPABILITY, *args)`` turns an undeclared one into a :class:`~.capabilities.Lacking`
error naming it, and ``offer`` gives it or ``None``; the conformance suite checks that each
declared capability is there and of its declared type, and each undeclared one is ``None``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from grapeshot.core.audit import Auditor
from grapeshot.core.balance import Lab, Pricing
from grapeshot.core.capabilities import DocumentKind, Encoding, Lacking, OddsQuestions, Phrasebook, Players, Printables, WebPlugin

T = TypeVar("T")

Owner = Literal["rule set", "module"]


@dataclass(frozen=True, eq=False)
class Capability(Generic[T]):
    """One optional capability: the method that gives it (``name``, on the rule set or module),
    the words of the error when it is lacking (``words``; ``{0}`` stands for the first argument
    the method takes, as the module a host is asked for), what a present one is (``kind``, and
    ``each`` for every item of a tuple), who may offer it, the arguments its method takes (in
    words, for the docs) and what it is for.

    Records compare by identity, so a set of them is a declaration no typo can slip into."""

    name: str
    words: str
    kind: object
    owners: frozenset[Owner]
    doc: str
    takes: tuple[str, ...] = ()
    each: type | None = None

    def lacking_words(self, args: tuple[object, ...]) -> str:
        return self.words.format(*args) if args else self.words.split(" {", 1)[0]

    def holds(self, value: object) -> bool:
        """Whether ``value`` is what a present capability must be."""
        kind = self.kind if isinstance(self.kind, (type, tuple)) else object
        if not isinstance(value, kind):
            return False
        return self.each is None or (isinstance(value, tuple) and bool(value) and all(isinstance(v, self.each) for v in value))


_BOTH: frozenset[Owner] = frozenset({"rule set", "module"})
_RULE_SET: frozenset[Owner] = frozenset({"rule set"})

PLAYERS: Capability[Players] = Capability("players", "AI players of its own", Players, _BOTH, "its own AI players and what the search player needs")
PHRASEBOOK: Capability[Phrasebook] = Capability("phrasebook", "phrasebook", Phrasebook, _BOTH, "the words of the battle report and the web log")
ODDS: Capability[OddsQuestions] = Capability("odds", "odds questions", OddsQuestions, _BOTH, "what `grapeshot odds` and the table's odds can ask")
EXPLAINER: Capability[Callable[..., Any]] = Capability("explainer", "explainer of its prompts", Callable, _BOTH, "what each option of its prompts means")
AUDITOR: Capability[Auditor] = Capability("auditor", "auditor of its logs", Auditor, _BOTH, "the referee of its event logs")
VIEW: Capability[dict[str, Any]] = Capability(
    "view", "view of its own for each seat", dict, _BOTH, "the state as one seat may see it, where some of it is hidden", ("state", "seat")
)
WEB: Capability[WebPlugin] = Capability("web", "web table plugin", WebPlugin, _RULE_SET, "how the web table draws it and answers its prompts")
LAB: Capability[Lab] = Capability("lab", "lab factions", Lab, _RULE_SET, "what the balance lab pairs and varies")
PRICING: Capability[Pricing] = Capability("pricing", "points calibration", Pricing, _RULE_SET, "what `grapeshot calibrate` prices (needs lab)")
ENCODING: Capability[Encoding] = Capability(
    "encoding", "PettingZoo encoding", Encoding, _RULE_SET, "the observations and actions of the PettingZoo environments"
)
PRINTABLES: Capability[Printables] = Capability(
    "printables", "printable pages", Printables, _RULE_SET, "printable pages of a game, of one of its pieces or of a document (score sheets, rosters)"
)
DOCUMENTS: Capability[tuple[DocumentKind, ...]] = Capability(
    "documents", "documents beside its scenarios", tuple, _RULE_SET, "the kinds of file it reads beside its scenarios (fleet files)", each=DocumentKind
)
HOST: Capability[object] = Capability(
    "host", "host for the module {0!r}", object, _RULE_SET, "what it offers a rule module as the module's host (of the module's protocol)", ("module", "game")
)

#: every optional capability, in the order the docs list them
CAPABILITIES: tuple[Capability[Any], ...] = (PLAYERS, PHRASEBOOK, ODDS, EXPLAINER, AUDITOR, VIEW, WEB, LAB, PRICING, ENCODING, PRINTABLES, DOCUMENTS, HOST)

BY_NAME: Mapping[str, Capability[Any]] = {c.name: c for c in CAPABILITIES}


def capability(key: Capability[Any] | str, owner: Owner) -> Capability[Any]:
    """The capability a key names, refused (``ValueError``, listing the known ones) when there is
    no such capability or it is not one ``owner`` may offer."""
    found = BY_NAME.get(key) if isinstance(key, str) else key
    if found is None or found not in CAPABILITIES or owner not in found.owners:
        known = ", ".join(c.name for c in CAPABILITIES if owner in c.owners)
        raise ValueError(f"unknown capability {key if isinstance(key, str) else key.name!r} of a {owner}; known: {known}")
    return found


def declared(offers: Iterable[object], owner: Owner, who: str) -> frozenset[Capability[Any]]:
    """A checked ``offers`` declaration: only capabilities of :data:`CAPABILITIES` an ``owner`` may offer."""
    out: set[Capability[Any]] = set()
    for c in offers:
        if not isinstance(c, Capability) or c not in CAPABILITIES or owner not in c.owners:
            raise TypeError(f"the {owner} {who!r} declares {c!r}, which is not a capability a {owner} may offer")
        out.add(c)
    return frozenset(out)


def obtain(owner: object, kind: Owner, offers: frozenset[Capability[Any]], key: Capability[Any] | str, args: tuple[object, ...]) -> Any:
    """The capability ``key`` of ``owner`` (a rule set or module), or ``None`` where it is not declared
    or the method gives none for these arguments (a host asked for a module it cannot carry)."""
    cap = capability(key, kind)
    if cap not in offers:
        return None
    method: Callable[..., Any] = getattr(owner, cap.name)  # every capability's method is on the base class
    return method(*args)


def need(owner: object, kind: Owner, who: str, offers: frozenset[Capability[Any]], key: Capability[Any] | str, args: tuple[object, ...]) -> Any:
    """As :func:`obtain`, but a :class:`Lacking` error naming the capability where it is absent."""
    cap = capability(key, kind)
    value = obtain(owner, kind, offers, cap, args)
    if value is None:
        raise Lacking(who, cap.lacking_words(args), kind)
    return value
