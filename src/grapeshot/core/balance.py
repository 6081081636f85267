"""What a rule set offers the balance lab: the factions a tournament pairs and the tables a sweep
changes (:class:`Lab`), and the pieces the points calibration prices (:class:`Pricing`).

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
    """A fleet of one piece bought for a budget, as the points calibration plays it: the name of
    the faction that is this fleet (one :meth:`Lab.assign` puts on a seat, though :meth:`Lab.factions`
    need not list it), how many pieces it holds, and what it costs by the text's cost column
    (as near the budget as the piece's costs allow)."""

    faction: str
    pieces: int
    cost: int


@runtime_checkable
class Pricing(Protocol):
    """What the lab's points calibration (``grapeshot calibrate``) needs to price a rule set's
    pieces: from played games, what each should cost for an even game against a reference.

    The *pieces* (Wooden Ships' ship types) are what the text prices; ``piece_word`` and
    ``piece_plural`` are what people call them.  ``fleet`` buys a fleet of one piece for a
    budget; every such fleet meets the ``reference`` faction (a faction of the rule set's
    :class:`Lab`, costing ``reference_cost``) on the lab's scenario, at each of the ``budgets``
    unless told otherwise.  ``cost`` is one piece's cost by the text (as it comes in a fleet
    bought for the reference's cost), the figure the calibration compares with the fair cost it
    finds.  ``options`` are the scenario options the calibration's games need, since its fleets
    differ in cost and size from the reference's (Wooden Ships: no equal figures, a wide cost
    margin)."""

    piece_word: str
    piece_plural: str
    reference: str
    reference_cost: int
    #: the piece the reference fleet is made of (``None``: of no one piece); its fleet at the
    #: reference's cost meets its mirror, and the report shows that as a check of the noise
    reference_piece: str | None
    budgets: tuple[int, ...]
    options: Mapping[str, Any]

    def pieces(self) -> Sequence[str]: ...

    def cost(self, piece: str) -> float: ...

    def fleet(self, piece: str, budget: int) -> PricedFleet: ...
