"""What a Jim Lad game asks its seats, with the legal choices each answer is checked against."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from grapeshot.core.actions import Action
from grapeshot.core.choices import Choice, Choices, Part, Rng
from grapeshot.core.errors import IllegalAction
from grapeshot.core.prompts import Prompt
from grapeshot.geometry import Contact, Path, first_contact
from grapeshot.rulesets.jimlad.actions import Distance, EndShooting, Fire, ManoeuvreOrder, Orders, Repair, Sluggas, Takeover, Torpedoes
from grapeshot.rulesets.jimlad.aims import shooting_choices
from grapeshot.rulesets.jimlad.damage import cannot_repair, repairable
from grapeshot.rulesets.jimlad.data import CARDS, KANNONS, KLANS, NS, Card, CardAt, GunName, Shell, Turn
from grapeshot.rulesets.jimlad.kannon import can_shoot, check_fire, check_sluggas, grapeshot_targets, shells, slugga_targets
from grapeshot.rulesets.jimlad.movement import card_path, legal_cards
from grapeshot.rulesets.jimlad.state import Sea, Ship
from grapeshot.rulesets.jimlad.torpedoes import can_launch, check_torpedoes


@dataclass(eq=False)
class OrdersPrompt(Prompt):
    """JL-TURN-3: every seat secretly picks a manoeuvre card for each ship it must order."""

    namespace: ClassVar[str] = NS

    sea: Sea | None = None
    #: seat -> ship -> legal (card, side) pairs
    choices: dict[str, dict[str, list[tuple[Card, Turn]]]] = field(default_factory=dict)

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Orders)
        need = self.choices.get(seat, {})
        given = [o.ship for o in action.orders]
        if sorted(given) != sorted(need) or len(set(given)) != len(given):
            raise IllegalAction(f"{seat} must give exactly one order to each of {sorted(need)}; got {given}")
        for o in action.orders:
            try:
                card = Card(o.card)
            except ValueError:
                raise IllegalAction(f"{o.ship}: card must be 1-5 (Full Ahead, Veer, Hard a-port/starboard, All Stop, Full Astern), got {o.card}") from None
            if (card, o.turn) not in need[o.ship]:
                allowed = ", ".join(f"{int(c)}{'' if t == 'none' else ' ' + t}" for c, t in need[o.ship])
                raise IllegalAction(f"{o.ship}: {CARDS[card].title} ({o.turn}) is not allowed now; allowed: {allowed}")

    def legal(self, seat: str) -> Choices:
        """One part per ship: each legal card and side (the same list the check uses), the card
        laid at the start or the end of the move where it turns (a straight card's path is the
        same either way, so it is listed once, at the start)."""
        parts = []
        for ship, options in self.choices.get(seat, {}).items():
            orders = [ManoeuvreOrder(ship, int(card), turn, at) for card, turn in options for at in card_ats(turn)]
            parts.append(Part(ship, f"{ship}'s manoeuvre", tuple(Choice(o, order_words(o)) for o in orders)))
        return Choices(tuple(parts), lambda picks: Orders(tuple(picks)))

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        d["choices"] = {seat: {ship: [[int(c), t] for c, t in opts] for ship, opts in ships.items()} for seat, ships in self.choices.items()}
        return d


def card_ats(turn: Turn) -> tuple[CardAt, ...]:
    """Where the card may be laid (JL-MOVE-7): a turn can come at the start or the end of the move."""
    return ("start", "end") if turn != "none" else ("start",)


def order_words(order: ManoeuvreOrder) -> str:
    """A manoeuvre order as people say it: "Veer to port!, card at the end of the move"."""
    title = CARDS[Card(order.card)].title
    if order.turn != "none":
        title = title.replace("port/starboard", order.turn) if "port/starboard" in title else f"{title} (to {order.turn})"
    return f"{title}, card at the end of the move" if order.card_at == "end" else title


def orders_prompt(sea: Sea, ships: list[Ship]) -> OrdersPrompt:
    choices: dict[str, dict[str, list[tuple[Card, Turn]]]] = {}
    for s in ships:
        choices.setdefault(s.commander, {})[s.name] = legal_cards(s, sea.turn)
    seats = tuple(seat for seat in sea.order if seat in choices)
    return OrdersPrompt(seats=seats, rule="JL-TURN-3", text="choose a manoeuvre card for each of your ships", accepts=(Orders,), sea=sea, choices=choices)


#: where the legal distances are listed: the least, the quarters, the most of the allowed range
DISTANCE_SHARES = (0.0, 0.25, 0.5, 0.75, 1.0)


@dataclass(eq=False)
class DistancePrompt(Prompt):
    """JL-MOVE-9: the dice set the most a ship may move; its captain picks the distance."""

    namespace: ClassVar[str] = NS

    ship: str = ""
    card: Card = Card.FULL_AHEAD
    turn: Turn = "none"
    card_at: str = "start"
    low: float = 0.0
    high: float = 0.0
    sea: Sea | None = None
    #: courses already worked out, by distance: nothing moves while the prompt is open, and the
    #: ram check, the player and the web table each ask about the same few distances
    _courses: dict[float, tuple[Path, Contact | None]] = field(default_factory=dict, repr=False)

    def course(self, inches: float) -> tuple[Path, Contact | None]:
        """The ship's path for a move of ``inches`` beyond the card, and the first thing it would meet."""
        known = self._courses.get(inches)
        if known is None:
            assert self.sea is not None
            ship = self.sea.ships[self.ship]
            path = card_path(ship.hull, self.card, self.turn, self.card_at, inches)  # type: ignore[arg-type]
            known = self._courses[inches] = (path, first_contact(path, ship.length, ship.width, self.sea.ship_obstacles(ship), self.sea.table))
        return known

    def ram_target(self, inches: float) -> str | None:
        """JL-RAM-1: the ship this move would ram at that distance: the first thing the course
        meets, if it is a ship that has already moved this turn."""
        assert self.sea is not None
        hit = self.course(inches)[1]
        if hit is None or hit.kind != "ship" or self.sea.ships[hit.ident].moved_turn != self.sea.turn:
            return None
        return hit.ident

    def marks(self, shares: tuple[float, ...]) -> list[tuple[float, str | None]]:
        """Distances at these shares of the allowed range (0: the least, 1: the most), each with the
        ship it would ram there (or ``None``)."""
        lo, hi = self.low, self.high
        out = []
        for share in shares:
            d = lo + (hi - lo) * share
            out.append((d, self.ram_target(d)))
        return out

    def legal(self, seat: str) -> Choices:
        """The ends and the quarters of the range, each also at ramming speed where the course meets
        a ship that may be rammed there (JL-RAM-1); the draw is uniform over the whole range, declaring
        the ram half the time where it may.  The grid is worked out only when read."""

        def grid() -> list[Choice]:
            options: list[Choice] = []
            for d, target in self.marks(DISTANCE_SHARES):
                for ram in (False, True) if target is not None else (False,):
                    choice = Choice(Distance(d, ram), f'{d:.2f}"' + (f", ramming speed into {target}" if ram else ""))
                    if choice not in options:
                        options.append(choice)
            return options

        return Choices.of(grid, f"{self.ship}'s distance", sample=self.draw, note="the ends and quarters of the range; the draw covers all of it")

    def draw(self, rng: Rng) -> Choice:
        d = rng.uniform(self.low, self.high)
        target = self.ram_target(d)
        ram = target is not None and rng.random() < 0.5
        return Choice(Distance(d, ram), f'{d:.2f}"' + (f", ramming speed into {target}" if ram else ""))

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Distance)
        if not self.low - 1e-9 <= action.inches <= self.high + 1e-9:
            raise IllegalAction(f'{self.ship} may move between {self.low:g}" and {self.high:g}" (beyond the card and its length), not {action.inches:g}"')
        if action.ram and self.ram_target(action.inches) is None:
            raise IllegalAction(
                f'{self.ship} has nothing to ram at {action.inches:g}": only a ship that has already moved and is the first thing on the course can be rammed'
            )

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        d.update(
            ship=self.ship, card=int(self.card), side=self.turn, card_at=self.card_at, low=self.low, high=self.high, ram_at_most=self.ram_target(self.high)
        )
        return d


@dataclass(eq=False)
class ShootPrompt(Prompt):
    """JL-TURN-4: a ship's shooting: fire kannons one at a time, torpedoes, sluggas, or repair."""

    namespace: ClassVar[str] = NS

    sea: Sea | None = None
    ship: Ship | None = None
    #: the choices open at this step, worked out once by :meth:`refresh`
    _open: tuple[bool, dict[GunName, list[Shell]], bool, list[Ship], list[str]] | None = None
    #: the legal answers at this step (worked out when first asked, forgotten at the next refresh)
    _legal: Choices | None = None

    def refresh(self) -> bool:
        """Work out what the ship may still do (the state changes only between steps); True if anything."""
        sea, ship = self.sea, self.ship
        assert sea is not None and ship is not None
        may = can_shoot(sea, ship) is None
        guns = {g: s for g in KANNONS if (s := shells(sea, ship, g))} if may else {}
        torps = may and can_launch(ship)
        pistols = slugga_targets(sea, ship) if may else []
        fixes = [] if cannot_repair(sea, ship) is not None else repairable(sea, ship)
        self._open = (may, guns, torps, pistols, fixes)
        self._legal = None
        return bool(guns or torps or pistols or fixes)

    def _choices(self) -> tuple[bool, dict[GunName, list[Shell]], bool, list[Ship], list[str]]:
        if self._open is None:
            self.refresh()
        assert self._open is not None
        return self._open

    def may_shoot(self) -> bool:
        return self._choices()[0]

    def guns(self) -> dict[GunName, list[Shell]]:
        return self._choices()[1]

    def torpedoes(self) -> bool:
        return self._choices()[2]

    def slugga_targets(self) -> list[Ship]:
        return self._choices()[3]

    def repairs(self) -> list[str]:
        return self._choices()[4]

    def check_choice(self, seat: str, action: Action) -> None:
        sea, ship = self.sea, self.ship
        assert sea is not None and ship is not None
        if isinstance(action, (Fire, Torpedoes, Sluggas)) and not self.may_shoot():
            raise IllegalAction(f"{ship.name} cannot shoot this turn: {can_shoot(sea, ship)}; it may repair or end shooting")
        if isinstance(action, Fire):
            check_fire(sea, ship, action)
        elif isinstance(action, Torpedoes):
            check_torpedoes(sea, ship, action)
        elif isinstance(action, Sluggas):
            check_sluggas(sea, ship, action)
        elif isinstance(action, Repair) and action.what not in self.repairs():
            why = cannot_repair(sea, ship) or "repairs replace all shooting, once a turn"
            raise IllegalAction(f"{ship.name} cannot repair {action.what!r} now ({why}); repairable: {self.repairs()}")

    def legal(self, seat: str) -> Choices:
        """Each gun and shell with aim points on a grid, D3 grapeshot targets, torpedoes, sluggas,
        repairs and ending the shooting (see :mod:`.aims`, which also draws over the whole arc)."""
        if self._legal is None:
            self._legal = shooting_choices(self)
        return self._legal

    def has_choices(self) -> bool:
        _, guns, torps, pistols, fixes = self._choices()
        return bool(guns or torps or pistols or fixes)

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        assert self.sea is not None and self.ship is not None
        ship = self.ship
        d.update(
            ship=ship.name,
            guns={g: list(s) for g, s in self.guns().items()},
            grapeshot_mode=self.sea.option("grapeshot"),
            grapeshot_targets={g: [t.name for t in grapeshot_targets(self.sea, ship, g)] for g in self.guns()},
            torpedoes=self.torpedoes(),
            manned_torpedoes=KLANS[ship.klan].manned_torpedoes,
            slugga_targets=[t.name for t in self.slugga_targets()],
            repairs=self.repairs(),
        )
        return d


def shoot_prompt(sea: Sea, ship: Ship) -> ShootPrompt:
    return ShootPrompt(
        seats=(ship.commander,),
        rule="JL-TURN-4",
        text=f"{ship.name}: fire a kannon, launch torpedoes, fire sluggas, repair, or end shooting",
        accepts=(Fire, Torpedoes, Sluggas, Repair, EndShooting),
        sea=sea,
        ship=ship,
    )


@dataclass(eq=False)
class TakeoverPrompt(Prompt):
    """JL-KREW-6: a seat may send krew to take over a drifting hulk."""

    namespace: ClassVar[str] = NS

    options: list[tuple[str, str]] = field(default_factory=list)

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Takeover)
        if action.hulk is None:
            return
        if (action.hulk, action.crew_from) not in self.options:
            raise IllegalAction(f"no takeover of {action.hulk!r} from {action.crew_from!r}; possible: {self.options}")

    def legal(self, seat: str) -> Choices:
        pass_ = Choice(Takeover(), "leave the hulks drifting")
        return Choices.of([pass_, *(Choice(Takeover(h, c), f"send krew from {c} to take over {h}") for h, c in self.options)], "takeover")

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        d["options"] = [list(o) for o in self.options]
        return d
