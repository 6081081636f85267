"""Rule modules: rules that join a host rule set's game (collisions and boarding, say).

A module is not a game of its own.  A scenario switches it on (``modules: [collisions]``) for a
host rule set, and it then takes over or adds to the host's rules where the two overlap.  It
brings:

* its **options**, namespaced by its name (``collisions.grapple_extra`` in a scenario's
  ``options:``), with defaults, checked like the host's;
* its **rulebook** of rule IDs, merged with the host's by the registry, the coverage check and
  ``grapeshot rules``;
* its **actions, prompts and events**, in its own namespace (written ``collisions.grapple`` on
  the wire, so they never clash with the host's);
* its **shapes** (:meth:`Module.shapes`): what only it knows drawn on the web table (grapple
  lines, swimmers), in the same generic shapes a rule set's web plugin gives;
* its **procedures** (:meth:`Module.procedures`): steps the host's flow calls at the points where
  the module may take over ("what happens when two ships touch", "a grapple attempt"), each
  declared once by the module as a typed :class:`Procedure` handle that the host asks for with
  ``game.procedure(HANDLE)``: the call is checked against the step's signature, and ``None``
  (no module in play answers) sends the host to its own rule there;
* the **ports** it needs of its host (:attr:`Module.ports`): small protocols of what it must ask
  (a ship's size class, its movement left, the host's mêlée, where a figure may stand on a deck).
  The host answers with :meth:`~grapeshot.core.ruleset.Ruleset.host`, an object implementing
  them, checked method by method when the game is made (:meth:`Module.refusal`), so a host that
  cannot carry the module is refused naming the port and the method it lacks.

Installed modules are found through the ``grapeshot.modules`` entry points.
"""

from __future__ import annotations

from abc import ABC
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, ParamSpec, TypeVar, overload

from grapeshot.core import contract
from grapeshot.core.capabilities import OddsQuestions, Phrasebook, Players
from grapeshot.core.contract import Capability
from grapeshot.core.events import Event
from grapeshot.core.explain import Explainer
from grapeshot.core.revisions import FIRST_REVISION, RuleChange
from grapeshot.core.ruleset import Option, discover, ready

if TYPE_CHECKING:
    from grapeshot.core.audit import Auditor
    from grapeshot.core.game import Game
    from grapeshot.core.registry import RuleBook


T = TypeVar("T")
P = ParamSpec("P")
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Procedure(Generic[P, R]):
    """A module's step, declared once as a typed handle: its wire name (namespaced by the
    module, ``collisions.contact``) and, in its type parameters, its signature and answer.

    Why a handle and not a string: a host's call site (``game.procedure(CONTACT)``) and the
    module's step (:meth:`given`) are both checked by mypy against the one declaration, so a host
    calling a step with other arguments, or reading another answer, fails the type check rather
    than the day the module is first in play there.  A host imports the handle from the module's
    published ports; the core knows no module by name."""

    name: str

    def given(self, step: Callable[P, R]) -> tuple[str, Callable[..., Any]]:
        """The module's own step for this handle (type-checked against it), for :meth:`Module.procedures`."""
        return self.name, step


def port_methods(port: type) -> tuple[str, ...]:
    """The methods a port (a ``typing.Protocol`` class) asks for, in the order it declares them."""
    return tuple(n for n, v in vars(port).items() if callable(v) and not n.startswith("_"))


def lacking(host: object, ports: Iterable[type]) -> str | None:
    """What ``host`` lacks of ``ports``, in words (``None``: nothing): the first port it does not
    declare (subclass) or answer (have every method of), with the method missing.

    A method counts only where the host's class defines it itself: one inherited from the port
    (its ``...`` body, where the host declares the port but forgot a method) is missing."""
    for port in ports:
        for method in port_methods(port):
            found = getattr(type(host), method, None)
            if not callable(found) or found is vars(port)[method]:
                return f"its host lacks the port {port.__name__} (method {method})"
    return None


class Module(ABC):
    """What a rule module provides; every part but the name and title is optional, and the
    capabilities among them (players, phrasebook, odds, explainer, auditor, view) are declared
    in ``offers`` as a rule set's are (:mod:`grapeshot.core.contract`)."""

    name: ClassVar[str]
    title: ClassVar[str]
    options: ClassVar[tuple[Option, ...]] = ()
    #: the ports its host must implement (``typing.Protocol`` classes), checked by :meth:`refusal`
    ports: ClassVar[tuple[type, ...]] = ()
    #: the revision of its rules and their changes, as a rule set's (:mod:`grapeshot.core.revisions`)
    revision: ClassVar[int] = 1
    changes: ClassVar[tuple[RuleChange, ...]] = (FIRST_REVISION,)
    #: nothing in its state is hidden from any seat, so a public save may carry a snapshot of it
    #: (a state holding a secret, a hand of cards or a deck's order, leaves this false)
    open_state: ClassVar[bool] = False
    #: the modules that register its action kinds where importing its package does not (as a rule set's)
    action_modules: ClassVar[tuple[str, ...]] = ()
    #: the capabilities it offers (those of :data:`grapeshot.core.contract.CAPABILITIES` a module may)
    offers: ClassVar[frozenset[Capability[Any]]] = frozenset()

    @property
    def namespace(self) -> str:
        return self.name

    def rulebook(self) -> RuleBook:
        raise NotImplementedError(f"module {self.name} has no rulebook")

    def setup(self, game: Game, host: object) -> Any:
        """The module's own state for this game (kept in ``game.modules[name].state``)."""
        return None

    def procedures(self) -> Mapping[str, Callable[..., Any]]:
        """The steps the module takes over in its host's flow, by their handles' names, each
        made with :meth:`Procedure.given` so it is checked against its handle (module docstring)."""
        return {}

    def refusal(self, host: object) -> str | None:
        """Why the module cannot be played on ``host`` (the rule set's ``host()`` answer), or
        ``None``: by default, the first port and method of :attr:`ports` it lacks."""
        return lacking(host, self.ports)

    def view(self, state: Any, seat: str | None) -> dict[str, Any] | None:
        """The module's state as one seat may see it (merged into the game's view), where it
        declares :data:`~grapeshot.core.contract.VIEW`; ``None`` where it has nothing to show."""
        return None

    def clone_state(self, state: Any) -> Any:
        from grapeshot.core.clone import clone

        return clone(state)

    def invariants(self, game: Game) -> list[str]:
        """Broken invariants of the module's part of a game (the same shape as a rule set's)."""
        return []

    def tallies(self, events: Sequence[Event]) -> dict[str, int]:
        return {}

    def phrasebook(self) -> Phrasebook | None:
        return None

    def shapes(self, game: Game, seat: str | None) -> list[dict[str, Any]]:
        """What the module adds to the table, as the generic shapes a ``WebPlugin``'s ``shapes``
        returns (lines, bases, polygons, labels in table inches), as ``seat`` may see them.

        It takes the game rather than a view: a module names no host, so it cannot read the
        host's view of the state, and asks the places of vessels and figures through its host
        protocol instead. The web table draws these over the host's pieces, whatever draws them."""
        return []

    def players(self) -> Players | None:
        """Players for the module's own prompts (a host's player hands those prompts to them)."""
        return None

    def auditor(self) -> Auditor | None:
        """The referee of the module's records in a host's log (:mod:`grapeshot.core.audit`)."""
        return None

    def explainer(self) -> Explainer | None:
        """What each option of its own prompts means and which of its rules decide it (:mod:`.explain`)."""
        return None

    def odds(self) -> OddsQuestions | None:
        """The module's odds questions (``grapeshot odds --module NAME``), and its answer before
        one of its own actions in a game (:func:`grapeshot.odds.before` asks it for those)."""
        return None

    @overload
    def need(self, capability: Capability[T], *args: object) -> T: ...
    @overload
    def need(self, capability: str, *args: object) -> Any: ...
    def need(self, capability: Capability[Any] | str, *args: object) -> Any:
        """A declared capability, or a :class:`~grapeshot.core.capabilities.Lacking` error naming it."""
        return contract.need(self, "module", self.name, self.offers, capability, args)

    @overload
    def offer(self, capability: Capability[T], *args: object) -> T | None: ...
    @overload
    def offer(self, capability: str, *args: object) -> Any: ...
    def offer(self, capability: Capability[Any] | str, *args: object) -> Any:
        """A declared capability, or ``None`` where the module has none."""
        return contract.obtain(self, "module", self.offers, capability, args)


_MODULES: dict[str, Module] = {}


def register_module(module: Module) -> Module:
    contract.declared(module.offers, "module", module.name)
    _MODULES[module.name.lower()] = module
    return module


def get_module(name: str) -> Module:
    discover("grapeshot.modules")
    try:
        found = _MODULES[name.lower()]
    except KeyError:
        raise ValueError(f"unknown rule module {name!r}; known: {', '.join(sorted(_MODULES)) or 'none installed'}") from None
    ready(found.action_modules)
    return found


def all_modules() -> list[Module]:
    discover("grapeshot.modules")
    return list(_MODULES.values())
