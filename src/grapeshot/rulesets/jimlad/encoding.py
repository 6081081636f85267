"""Jim Lad's PettingZoo encoding: its catalogue of discrete actions and its observation vector.

The generic environments (:mod:`grapeshot.adapters.pettingzoo`) ask :meth:`JimLad.encoding`
for this and build their spaces, masks and rewards on it; nothing here knows of numpy or
PettingZoo.

**The catalogue** is made once per scenario (:func:`catalogue`; with the environments' ``wait``
in front, 82 templates for the duel and 129 for the brawl), one section per kind of prompt, the
first template of each its decline answer:

* orders (``OrdersPrompt``, JL-TURN-3): a card and side, and for turning cards whether the card
  is laid at the start or the end of the move: 15 templates.  The orders prompt asks a seat for
  all its ships at once; the encoding asks ship by ship (one step per ship, the *focus* ship in
  the observation and in ``info["ship"]``), filling the ships still to come with their first
  legal card while masking, and the environments submit the seat's sealed orders when the last
  ship has its card;
* distance (``DistancePrompt``, JL-MOVE-9): 0, 1/4, 1/2, 3/4 or all of the way from the least
  to the most allowed, and the same five declaring "ramming speed!" (JL-RAM-1);
* shooting (``ShootPrompt``, JL-TURN-4): end shooting; each kannon and shell at each other ship
  (aimed at the point of its keel nearest its centre that is in arc and in reach, else at the
  hull's nearest point; grapeshot as D3 hits names the ship); torpedoes straight ahead; Blood
  Axe manned torpedoes at each ship; sluggas at each ship; each repair;
* re-roll (``RerollPrompt``, JL-KLAN-1): keep the roll, or re-roll die 0..5;
* takeover (JL-KREW-6) and boarding (JL-BOARD-1): pass, or an ordered pair of ship slots;
* landing (JL-LAND-1): sail on, or each terrain piece; harbour: stay or leave (JL-PORT-2);
  trade (JL-PORT-3): done, or each item.

Ship slots are the scenario's ships in scenario order, whoever commands them now.

**The observation** (:attr:`JimLadEncoder.features` names every entry): the turn, phase, wind,
the prompt kind, the agent's seat, the distance range and re-roll faces when asked for them,
the focus ship, then per ship slot its pose, hull points, krew, gold, damage, effects and whose
it is (from the agent's side), then the Kraken, the sub and the mines.  Jim Lad keeps nothing
hidden in its state (a seat's sealed orders are held by the game, outside it), so everything
read here is what every seat sees.

**Material** for shaped rewards is hull points: a seat's fleet afloat minus everybody else's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast

from grapeshot.core.actions import Action, Reroll
from grapeshot.core.capabilities import ActionTemplate, SeatView
from grapeshot.core.game import Game
from grapeshot.core.prompts import RerollPrompt
from grapeshot.geometry import TEMPLATE_LENGTH, Hull, Vec, angle_diff, bearing, distance
from grapeshot.rulesets.jimlad.actions import Distance, EndShooting, Fire, ManoeuvreOrder, Orders, Repair, Sluggas, Takeover, Torpedoes
from grapeshot.rulesets.jimlad.boarding import Board, BoardPrompt
from grapeshot.rulesets.jimlad.data import (
    CARDS,
    GUNS,
    HULL_POINTS,
    KANNONS,
    MANNED_TORPEDO_ARC,
    MANNED_TORPEDO_RANGE,
    Card,
    CardAt,
    GunName,
    Shell,
    Turn,
)
from grapeshot.rulesets.jimlad.harbour import ITEMS, REPAIR_ITEMS, Land, LandPrompt, LeavePrompt, StayOrLeave, Trade, TradePrompt
from grapeshot.rulesets.jimlad.kannon import gun_arc, mount
from grapeshot.rulesets.jimlad.prompts import DistancePrompt, OrdersPrompt, ShootPrompt, TakeoverPrompt
from grapeshot.rulesets.jimlad.state import Sea, Ship, victory_points

#: the prompts an agent answers through the catalogue, in the order of their sections
PROMPT_KINDS: tuple[str, ...] = (
    "OrdersPrompt",
    "DistancePrompt",
    "ShootPrompt",
    "RerollPrompt",
    "TakeoverPrompt",
    "BoardPrompt",
    "LandPrompt",
    "LeavePrompt",
    "TradePrompt",
)
PHASES: tuple[str, ...] = ("setup", "sequence", "wind", "events", "movement", "shooting", "boarding")
#: temporary effects shown per ship (pending or in force): damage-table results and events
EFFECTS: tuple[str, ...] = ("shaken", "no-krak", "no-grapeshot", "snakes", "skurvy", "drunk", "sand-banks", "calm")
SHELLS: tuple[Shell, ...] = ("krak", "grapeshot")
FRACTIONS: tuple[float, ...] = (0.0, 0.25, 0.5, 0.75, 1.0)
MAX_REROLL_DICE = 6
MOVE_SCALE = 72.0  # inches: distances in the observation are divided by this (and clipped)
KREW_SCALE = 10.0
GOLD_SCALE = 20.0
SHIP_FEATURES: tuple[str, ...] = (
    "afloat",
    "commanded_by_me",
    "owned_by_me",
    "x",
    "y",
    "heading_cos",
    "heading_sin",
    "hull_points",
    "krew",
    "kaptin",
    "doc",
    "gold",
    *(f"gun_damaged_{g}" for g in GUNS),
    "rudder_damaged",
    "engine_damaged",
    "hulk",
    "engaged",
    "docked",
    "aground",
    "standstill",
    "torpedoes_left",
    "held",
    "moved_this_turn",
    *(f"effect_{e}" for e in EFFECTS),
)


# --------------------------------------------------------------------------- the catalogue


@dataclass(frozen=True, slots=True)
class Template(ActionTemplate):
    """A Jim Lad template with its parameters; the prompt of the moment turns it into an engine
    action, or into nothing (a target that is sunk, a die the roll does not have)."""

    card: int = 0
    side: Turn = "none"
    card_at: CardAt = "start"
    fraction: float = 0.0
    ram: bool = False
    gun: GunName = "fore"
    shell: Shell = "krak"
    ship: int = -1  # a ship slot
    other: int = -1  # a second ship slot
    index: int = -1  # a die, or a terrain piece
    word: str = ""  # a repair, a trade item, stay or leave


def _order_choices() -> list[tuple[Card, Turn, CardAt]]:
    out: list[tuple[Card, Turn, CardAt]] = []
    for card, spec in CARDS.items():
        sides: list[Turn] = ["none"] if spec.turn == 0.0 else (["none", "port", "starboard"] if spec.may_turn else ["port", "starboard"])
        for side in sides:
            ats: tuple[CardAt, ...] = ("start",) if side == "none" else ("start", "end")
            out.extend((card, side, at) for at in ats)
    return out


def catalogue(ships: tuple[str, ...], places: tuple[str, ...]) -> tuple[Template, ...]:
    """The action templates for a scenario with these ship slots and terrain pieces."""
    t: list[Template] = []
    for card, side, at in _order_choices():
        turn = "" if side == "none" else f" {side}"
        where = "" if side == "none" else f", card at the {at}"
        t.append(Template("OrdersPrompt", "order", f"order: {CARDS[card].title} (card {int(card)}{turn}{where})", card=int(card), side=side, card_at=at))
    for ram in (False, True):
        for f in FRACTIONS:
            t.append(Template("DistancePrompt", "distance", f"{'ram' if ram else 'move'} at {f:.0%} of the allowed range", fraction=f, ram=ram))
    t.append(Template("ShootPrompt", "end-shooting", "end shooting"))
    for gun in GUNS:
        for shell in SHELLS:
            for j, name in enumerate(ships):
                t.append(Template("ShootPrompt", "fire", f"fire the {gun} kannon, {shell}, at {name}", gun=gun, shell=shell, ship=j))
    t.append(Template("ShootPrompt", "torpedoes", "launch torpedoes (straight ahead)"))
    for j, name in enumerate(ships):
        t.append(Template("ShootPrompt", "manned-torpedoes", f"launch manned torpedoes at {name}", ship=j))
    for j, name in enumerate(ships):
        t.append(Template("ShootPrompt", "sluggas", f"fire sluggas at {name}", ship=j))
    for what in REPAIR_ITEMS:
        t.append(Template("ShootPrompt", "repair", f"repair {what}", word=what))
    t.append(Template("RerollPrompt", "keep", "keep the roll"))
    for d in range(MAX_REROLL_DICE):
        t.append(Template("RerollPrompt", "reroll", f"re-roll die {d}", index=d))
    for prompt, what, verb in (("TakeoverPrompt", "takeover", "take over {a} with krew from {b}"), ("BoardPrompt", "board", "board {b} from {a}")):
        t.append(Template(prompt, f"no-{what}", f"no {what}"))
        for a, name_a in enumerate(ships):
            for b, name_b in enumerate(ships):
                if a != b:
                    t.append(Template(prompt, what, verb.format(a=name_a, b=name_b), ship=a, other=b))
    t.append(Template("LandPrompt", "sail-on", "sail on (no landing)"))
    for k, place in enumerate(places):
        t.append(Template("LandPrompt", "land", f"land at {place}", index=k))
    t.append(Template("LeavePrompt", "stay", "stay", word="stay"))
    t.append(Template("LeavePrompt", "leave", "leave", word="leave"))
    t.append(Template("TradePrompt", "done-trading", "done trading"))
    for item in ITEMS:
        t.append(Template("TradePrompt", "buy", f"buy {item}", word=item))
    return tuple(t)


def _aim(h: Hull, origin: Vec, centre: float, half_arc: float, reach: float) -> tuple[float, float] | None:
    """A point of a hull to aim at from ``origin`` within an arc and a reach: along the keel,
    nearest the centre first, then the hull's nearest point; None if no such point bears."""
    points = [h.world(f * h.hl, 0.0) for f in (0.0, 0.5, -0.5, 0.9, -0.9)]
    u, v = h.local(origin)
    points.append(h.world(max(-h.hl, min(h.hl, u)) * 0.98, max(-h.hw, min(h.hw, v)) * 0.98))
    for p in points:
        if distance(origin, p) <= reach - 1e-6 and abs(angle_diff(bearing(origin, p), centre)) <= half_arc - 1e-6:
            return (p.x, p.y)
    return None


# --------------------------------------------------------------------------- one scenario's encoder


class JimLadEncoder:
    """The catalogue, the observation and the material balance for one Jim Lad scenario."""

    simultaneous: frozenset[str] = frozenset({"OrdersPrompt"})
    helper = "heuristic"

    def __init__(self, game: Game) -> None:
        sea = cast(Sea, game.state)
        self.seats: tuple[str, ...] = tuple(sea.seats)
        self.ship_names: tuple[str, ...] = tuple(sea.ships)
        self.places: tuple[str, ...] = tuple(t.name for t in sea.terrain)
        self.size = (sea.table.width, sea.table.height)
        self.turn_limit = int(sea.option("turn_limit"))
        self.mines = len(self.seats)  # JL-NPC-1: as many mines as players
        self.templates: tuple[Template, ...] = catalogue(self.ship_names, self.places)
        self.features: tuple[str, ...] = tuple(self._feature_names())

    def _feature_names(self) -> list[str]:
        names = ["turn", *(f"phase_{p}" for p in PHASES), "wind_cos", "wind_sin"]
        names += [f"prompt_{k}" for k in PROMPT_KINDS] + ["prompt_none"]
        names += [f"seat_{s}" for s in self.seats] + ["first_in_sequence", "my_victory_points", "best_other_victory_points"]
        names += ["distance_low", "distance_high", *(f"distance_card_{int(c)}" for c in CARDS), "distance_side"]
        names += [f"reroll_face_{i}" for i in range(MAX_REROLL_DICE)]
        names += [f"focus_ship_{j}" for j in range(len(self.ship_names))]
        names += [f"ship{j}_{f}" for j in range(len(self.ship_names)) for f in SHIP_FEATURES]
        names += ["kraken", "kraken_x", "kraken_y", "kraken_wounds", "sub", "sub_x", "sub_y", "sub_heading_cos", "sub_heading_sin"]
        names += [f"mine{k}_{f}" for k in range(self.mines) for f in ("present", "x", "y")]
        return names

    # ------------------------------------------------------------------ steps and actions

    def steps(self, view: SeatView) -> int:
        """One step per ship for the orders (the seat's ships in the prompt's order), else one."""
        p = view.prompt
        return len(p.choices[view.seat]) if isinstance(p, OrdersPrompt) else 1

    def focus(self, view: SeatView) -> str | None:
        """The ship the agent's decision concerns, if one does."""
        p = view.prompt
        if isinstance(p, OrdersPrompt):
            ships = list(p.choices[view.seat])
            done = len(view.picks)
            return ships[done] if done < len(ships) else None
        if isinstance(p, (DistancePrompt, LandPrompt, LeavePrompt)):
            return p.ship
        if isinstance(p, (ShootPrompt, TradePrompt)):
            return p.ship.name if p.ship is not None else None
        if isinstance(p, RerollPrompt) and p.request is not None:
            return p.request.actor if p.request.actor in cast(Sea, view.state).ships else None
        return None

    def info(self, view: SeatView) -> Mapping[str, Any]:
        return {"ship": self.focus(view)}

    def action_for(self, view: SeatView, index: int) -> Action | None:
        """The engine action template ``index`` stands for now (None if it has no meaning now).

        For an order it is the seat's whole orders as they would be submitted: the orders given
        so far, this one, and the first legal card for each ship still to come."""
        t = self.templates[index]
        p = view.prompt
        if p is None or t.prompt != p.kind:
            return None
        if isinstance(p, OrdersPrompt):
            return self._orders(view, p, t)
        if isinstance(p, DistancePrompt):
            inches = p.high if t.fraction == 1.0 else p.low + t.fraction * (p.high - p.low)
            return Distance(inches, ram=t.ram)
        if isinstance(p, ShootPrompt):
            return self._shot(p, t)
        if isinstance(p, RerollPrompt):
            return Reroll(None) if t.kind == "keep" else Reroll(t.index)
        if isinstance(p, TakeoverPrompt):
            return Takeover() if t.ship < 0 else Takeover(self.ship_names[t.ship], self.ship_names[t.other])
        if isinstance(p, BoardPrompt):
            return Board() if t.ship < 0 else Board(self.ship_names[t.ship], self.ship_names[t.other])
        if isinstance(p, LandPrompt):
            return Land(None if t.index < 0 else self.places[t.index])
        if isinstance(p, LeavePrompt):
            return StayOrLeave(cast(Literal["stay", "leave"], t.word))
        if isinstance(p, TradePrompt):
            return Trade(t.word or None)
        return None

    def _orders(self, view: SeatView, p: OrdersPrompt, t: Template) -> Orders | None:
        ships = list(p.choices[view.seat])
        if len(view.picks) >= len(ships):
            return None
        given = [ManoeuvreOrder(ship, g.card, g.side, g.card_at) for ship, g in zip(ships, (self.templates[i] for i in view.picks), strict=False)]
        given.append(ManoeuvreOrder(ships[len(given)], t.card, t.side, t.card_at))
        for ship in ships[len(given) :]:
            card, side = p.choices[view.seat][ship][0]
            given.append(ManoeuvreOrder(ship, int(card), side))
        return Orders(tuple(given))

    def _shot(self, p: ShootPrompt, t: Template) -> Action | None:
        sea, ship = p.sea, p.ship
        assert sea is not None and ship is not None
        if t.kind == "end-shooting":
            return EndShooting()
        if t.kind == "repair":
            return Repair(t.word)
        if t.kind == "torpedoes":
            return Torpedoes()
        target = sea.ships[self.ship_names[t.ship]]
        if target is ship or not target.afloat:
            return None
        if t.kind == "sluggas":
            return Sluggas(target.name)
        if t.kind == "manned-torpedoes":
            h = ship.hull
            aim = _aim(target.hull, h.bow, h.heading, MANNED_TORPEDO_ARC / 2.0, MANNED_TORPEDO_RANGE)
            return None if aim is None else Torpedoes((aim, aim))
        # a kannon
        if t.shell not in p.guns().get(t.gun, []):
            return None
        if t.shell == "grapeshot" and sea.option("grapeshot") == "d3":
            return Fire(t.gun, "grapeshot", target=target.name)
        arc = gun_arc(sea, ship, t.gun)
        reach = KANNONS[t.gun].range if t.shell == "krak" else TEMPLATE_LENGTH
        aim = _aim(target.hull, mount(ship, t.gun), arc.centre, arc.width / 2.0, reach)
        return None if aim is None else Fire(t.gun, t.shell, aim=aim)

    # ------------------------------------------------------------------ rewards

    def material(self, state: Any, seat: str) -> float:
        """The seat's fleet's hull points afloat minus everybody else's."""
        afloat = list(cast(Sea, state).afloat())
        total = sum(s.hull_points for s in afloat)
        return 2 * sum(s.hull_points for s in afloat if s.commander == seat) - total

    # ------------------------------------------------------------------ observations

    def observe(self, view: SeatView) -> list[float]:
        sea = cast(Sea, view.state)
        seat = view.seat
        w, h = self.size
        n = max(1, len(self.ship_names))
        p = view.prompt
        out: list[float] = [sea.turn / self.turn_limit]
        out += [float(view.phase == ph) for ph in PHASES]
        out += [math.cos(math.radians(sea.wind)), math.sin(math.radians(sea.wind))]
        out += [float(p is not None and p.kind == k) for k in PROMPT_KINDS] + [float(p is None)]
        vp = victory_points(sea)
        others = [v for s, v in vp.items() if s != seat]
        out += [float(s == seat) for s in self.seats]
        out += [float(bool(sea.order) and sea.order[0] == seat), vp.get(seat, 0) / n, max(others, default=0) / n]
        if isinstance(p, DistancePrompt):
            out += [p.low / MOVE_SCALE, p.high / MOVE_SCALE, *(float(p.card == c) for c in CARDS), {"none": 0.0, "port": 1.0, "starboard": -1.0}[p.turn]]
        else:
            out += [0.0] * (3 + len(CARDS))
        faces = list(p.roll.faces) if isinstance(p, RerollPrompt) and p.roll is not None else []
        out += [faces[i] / 6.0 if i < len(faces) else 0.0 for i in range(MAX_REROLL_DICE)]
        focus = self.focus(view)
        out += [float(name == focus) for name in self.ship_names]
        for name in self.ship_names:
            out += self._ship(sea, sea.ships[name], seat)
        kr = sea.kraken
        out += [0.0] * 4 if kr is None else [1.0, kr.x / w, kr.y / h, kr.wounds / 2.0]
        sub = sea.sub
        out += [0.0] * 5 if sub is None else [1.0, sub.hull.x / w, sub.hull.y / h, sub.hull.c, sub.hull.s]
        for k in range(self.mines):
            out += [1.0, sea.mines[k].x / w, sea.mines[k].y / h] if k < len(sea.mines) else [0.0, 0.0, 0.0]
        return out

    def _ship(self, sea: Sea, s: Ship, seat: str) -> list[float]:
        if not s.afloat:
            return [0.0] * len(SHIP_FEATURES)
        w, h = self.size
        turn = sea.turn
        return [
            1.0,
            float(s.commander == seat),
            float(s.owner == seat),
            s.hull.x / w,
            s.hull.y / h,
            s.hull.c,
            s.hull.s,
            s.hull_points / HULL_POINTS,
            min(1.0, len(s.krew) / KREW_SCALE),
            float(s.kaptin is not None),
            float(s.has_doc),
            min(1.0, s.gold / GOLD_SCALE),
            *(float(g in s.damaged_guns) for g in GUNS),
            float(s.rudder_damaged),
            float(s.engine_damaged),
            float(s.hulk),
            float(s.engaged is not None),
            float(s.docked_at is not None),
            float(s.grounded_on is not None),
            float(s.standstill),
            float(s.salvos_left > 0),
            float(s.held_this(turn) is not None),
            float(s.moved_turn == turn),
            *(float(s.effects.get(e, -1) >= turn) for e in EFFECTS),
        ]


class JimLadEncoding:
    """Jim Lad's :class:`~grapeshot.core.capabilities.Encoding`: an encoder per scenario."""

    def encoder(self, game: Game) -> JimLadEncoder:
        return JimLadEncoder(game)


ENCODING = JimLadEncoding()
