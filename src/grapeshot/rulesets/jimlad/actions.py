"""What a Jim Lad seat can do: sealed manoeuvre orders, distances, shots, repairs, takeovers."""

from __future__ import annotations

from dataclasses import dataclass

from grapeshot.core.actions import Action, action
from grapeshot.rulesets.jimlad.data import NS, CardAt, GunName, Shell, Turn

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class ManoeuvreOrder:
    """One ship's manoeuvre card for the turn (JL-TURN-3, JL-MOVE-*).

    ``card`` is 1-5 (Full Ahead, Veer, Hard a-port/starboard, All Stop, Full
    Astern); ``turn`` is the side for a turning card; ``card_at`` says whether
    the card is laid at the start or the end of the move (JL-MOVE-7).
    """

    ship: str
    card: int
    turn: Turn = "none"
    card_at: CardAt = "start"


@action("orders", NS)
@dataclass(frozen=True, slots=True)
class Orders(Action):
    """A seat's sealed orders: one manoeuvre per ship it must order."""

    orders: tuple[ManoeuvreOrder, ...]


@action("distance", NS)
@dataclass(frozen=True, slots=True)
class Distance(Action):
    """How far to move, beyond the card and the ship's length, within the range offered (JL-MOVE-9).

    ``ram`` declares "ramming speed!": allowed when the first thing the course meets is a ship
    that has already moved this turn (JL-RAM-1).
    """

    inches: float
    ram: bool = False


@action("fire", NS)
@dataclass(frozen=True, slots=True)
class Fire(Action):
    """Fire one kannon.

    Krak needs ``aim`` (a point in the gun's arc and range).  Grapeshot as a
    template needs ``aim`` too (the template points from the gun towards it);
    grapeshot as D3 hits needs a ``target`` ship within 8".
    """

    gun: GunName
    shell: Shell
    aim: Point | None = None
    target: str | None = None


@action("torpedoes", NS)
@dataclass(frozen=True, slots=True)
class Torpedoes(Action):
    """Launch the torpedo salvo (JL-SHOOT-6), or the Blood Axes' manned torpedoes at two ``aims`` (JL-SHOOT-7)."""

    aims: tuple[Point, ...] = ()


@action("sluggas", NS)
@dataclass(frozen=True, slots=True)
class Sluggas(Action):
    """The krew fire their pistols at a ship close by (JL-SHOOT-5)."""

    target: str


@action("repair", NS)
@dataclass(frozen=True, slots=True)
class Repair(Action):
    """Grot riggers try to mend one point of damage instead of shooting (JL-DMG-9).

    ``what`` is ``hull``, ``rudder``, ``engine`` or ``gun:<fore|port|starboard|aft>``.
    """

    what: str


@action("end-shooting", NS)
@dataclass(frozen=True, slots=True)
class EndShooting(Action):
    """This ship is done shooting for the turn."""


@action("takeover", NS)
@dataclass(frozen=True, slots=True)
class Takeover(Action):
    """Send krew from ``crew_from`` to take over the drifting ``hulk`` (JL-KREW-6); ``None`` passes."""

    hulk: str | None = None
    crew_from: str | None = None
