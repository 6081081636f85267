"""What a rule set offers the balance lab: the factions a tournament pairs and the tables a sweep
changes (:class:`Lab`), and what its pricing study prices (:class:`Pricing`).

Part of the capabilities (:mod:`grapeshot.core.capabilities` names these too): small typed
records and protocols, importing nothing but the core's typing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from grapeshot.core.game import Game


@dataclass(frozen=True, slots=True)
class TableChange:
    """A change of one entry of a rule set's own tables for a sweep (``klan.goffs.move_dice=0``).

    ``key`` is the dotted path as people write it, starting with one of the rule set's
    :attr:`Lab.tables`; what the rest of the path means, and which values are allowed, is the
    rule set's (:meth:`Lab.change` checks it).  The record is plain data, so a study carries it
    to every worker and writes it into its identity."""

    key: str
    value: int | float | bool | str

    def text(self) -> str:
        return f"{self.key}={str(self.value).lower() if isinstance(self.value, bool) else self.value}"

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "value": self.value}


@runtime_checkable
class Lab(Protocol):
    """What a tournament pairs and a sweep varies for a rule set.

    A *faction* is what a side brings to a game: a klan, a fleet built to points, a ship type, a
    mix of weapons.  ``factions`` lists them by name, ``assign`` puts one on each seat of a
    scenario (rewriting the scenario's data, which the rule set then sets up as usual), and
    ``faction_of`` says which faction a seat brought to a game (the lab credits a win to it).
    ``faction_word`` and ``faction_plural`` are what people call them ("klan", "klans"); the
    lab's files say ``faction`` and show the rule set's word.

    A sweep may change the rule set's own tables: a key that starts with one of ``tables``
    (``klan.goffs.move_dice``) is checked by ``change``, which raises ``ValueError`` naming
    what is allowed (``changes_help`` says it for error messages), and ``in_force`` puts a
    game's changes in force for the length of a game, undoing them on the way out.  The lab
    holds a lock around it, so a rule set may change module-level tables.

    ``objectives`` are the ways its games are won, in the order reports list them (``draw``,
    the core's, is added by the lab); people read them in the phrasebook's words
    (``Phrasebook.label("objective", name)``) where the rule set has a phrasebook."""

    faction_word: str
    faction_plural: str
    objectives: tuple[str, ...]
    tables: tuple[str, ...]
    #: the built-in two-seat scenario a study plays unless told otherwise
    scenario: str

    def factions(self) -> Sequence[str]: ...

    def assign(self, scenario: Mapping[str, Any], by_seat: Mapping[str, str]) -> dict[str, Any]: ...

    def faction_of(self, game: Game, seat: str) -> str | None: ...

    def change(self, key: str, value: object) -> TableChange: ...

    def changes_help(self) -> str: ...

    def in_force(self, changes: Sequence[TableChange]) -> AbstractContextManager[None]: ...


# --------------------------------------------------------------------------- the points calibration


@dataclass(frozen=True, slots=True)
class PricedFleet:
    """One side of a pricing study's game: the name of the faction that is it (one
    :meth:`Pricing.assign` puts on a seat, though :meth:`Lab.factions` need not list it), how many
    of the piece it holds, and what it costs by the text (as near the budget as costs allow)."""

    faction: str
    pieces: int
    cost: int


@runtime_checkable
class Pricing(Protocol):
    """What the lab's pricing study (``grapeshot calibrate``) needs to price a rule set's things:
    from played games, whether each is worth what the text asks, and what it should cost.

    What is priced, the *pieces*, is the rule set's to say: Wooden Ships prices its ship types,
    Naval Warhammer its upgrades; ``piece_word`` and ``piece_plural`` are what people call them.
    The rule set builds the two sides of every game and the lab plays them: at each budget
    (``budgets`` unless told otherwise) ``fleet`` is the side the piece makes and ``against`` the
    side it meets, both as faction names that ``assign`` puts on the seats of the lab's scenario.
    Wooden Ships buys a fleet of one ship type for the budget and meets the ``reference`` fleet
    at ``reference_cost`` every time; Naval Warhammer puts the upgrade on a ship of a fleet and
    meets the same fleet with the upgrade's points spent on troops instead.  With two budgets or
    more the study finds where the piece's score crosses one half and scales ``cost`` (one
    piece's cost by the text) to the fair cost; at every budget it says whether the score is
    even within a margin.  ``options`` are the rule set's options its games need (Wooden Ships:
    no equal figures, a wide cost margin, as its fleets differ in cost and size)."""

    piece_word: str
    piece_plural: str
    #: the side the pieces are measured against, in people's words, and what it costs
    reference: str
    reference_cost: int
    #: the piece the reference fleet is made of (``None``: of no one piece); its fleet at the
    #: reference's cost meets its mirror, and the report shows that as a check of the noise
    reference_piece: str | None
    budgets: tuple[int, ...]
    options: Mapping[str, Any]

    def pieces(self) -> Sequence[str]: ...

    def cost(self, piece: str) -> float: ...

    def fleet(self, piece: str, budget: int) -> PricedFleet:
        """The side the piece makes at ``budget``; ``ValueError`` naming why where it makes none."""
        ...

    def against(self, piece: str, budget: int) -> PricedFleet:
        """The side the piece's fleet at ``budget`` meets (the reference, or its own counterpart)."""
        ...

    def assign(self, scenario: Mapping[str, Any], by_seat: Mapping[str, str]) -> dict[str, Any]:
        """The scenario's data with the sides named by ``fleet`` and ``against`` on its seats."""
        ...
