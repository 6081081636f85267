"""PettingZoo environments for "Waagh! Jim Lad!": one agent per seat, discrete actions, masks.

:func:`env` gives an AEC environment (one decision at a time), :func:`parallel_env` a Parallel
one (the sealed manoeuvre orders of every seat in the same step).  Both are adapters over a
:class:`~grapeshot.core.game.Game`: every action an agent takes becomes an engine action that
goes through ``Game.submit``, and every "is this legal?" is answered by the engine's own
prompt (``prompt.check``).  Nothing here knows a rule the engine does not.

**Agents.**  One per seat of the scenario, named by the seat id (``"red"``, ``"blue"``).
Seats listed in ``opponents`` are played inside the environment by a grapeshot player
(``"heuristic"``, ``"random"``, or a factory taking a seed) and are not agents; this is how a
learner is evaluated against the heuristic player.

**Actions.**  ``Discrete(n)`` over a catalogue of *action templates* built once per scenario
(:func:`catalogue`; ``n`` is 82 for the duel, 129 for the brawl).  The catalogue is cut into
sections, one per kind of prompt, and the first template of each section is that prompt's
"decline" answer:

* ``wait``: index 0, the only legal action of an agent the game is not waiting for (the
  Parallel environment steps every agent; the AEC one never selects such an agent);
* orders (``OrdersPrompt``, JL-TURN-3): a card and side, and for turning cards whether the
  card is laid at the start or the end of the move: 15 templates.  The orders prompt asks a
  seat for all its ships at once; the adapter asks the agent ship by ship (the *focus* ship in
  the observation) and submits the seat's sealed orders when the last ship has one;
* distance (``DistancePrompt``, JL-MOVE-9): 0, 1/4, 1/2, 3/4 or all of the way from the least
  to the most allowed, and the same five declaring "ramming speed!" (JL-RAM-1);
* shooting (``ShootPrompt``, JL-TURN-4): end shooting; each kannon and shell at each other
  ship (aimed at the point of its keel nearest its centre that is in arc and in reach, else at
  the hull's nearest point; grapeshot as D3 hits names the ship); torpedoes straight ahead;
  Blood Axe manned torpedoes at each ship; sluggas at each ship; each repair;
* re-roll (``RerollPrompt``, JL-KLAN-1): keep the roll, or re-roll die 0..5;
* takeover (JL-KREW-6) and boarding (JL-BOARD-1): pass, or an ordered pair of ship slots;
* landing (JL-LAND-1): sail on, or each terrain piece; harbour: stay or leave (JL-PORT-2);
  trade (JL-PORT-3): done, or each item.

Ship slots are the scenario's ships in scenario order, whoever commands them now.

**Masks.**  ``action_mask[i]`` is 1 exactly when template ``i`` turns into an engine action
that the current prompt accepts (``prompt.check`` raises nothing) for this agent now; for an
order, the seat's whole orders (the ones already given, this one, the first legal card for
any ship still to come) must pass.  So every masked-in action is accepted by ``submit``.

**Observations.**  ``Dict({"observation": Box(-1, 1, (d,), float32), "action_mask":
Box(0, 1, (n,), int8)})``, PettingZoo's convention for masks.  The vector is the agent's
view (:meth:`Session.feature_names` names every entry): the turn, phase, wind, the prompt
kind, the agent's seat, the distance range and re-roll faces when asked for them, the focus
ship, then per ship slot its pose, hull points, krew, gold, damage, effects and whose it is
(from the agent's side), then the Kraken, the sub and the mines.  It holds only what the
public state shows: no seat's sealed orders.

**Rewards.**  ``reward="win"``: +1 to the winners, -1 to the others when the game ends; a draw
is 0 for the seats that share it (and for all when every ship sank), -1 for the rest.  In a
two-seat game the rewards sum to zero.  ``reward="hull"`` adds shaping on every step: 0.1 per
hull point of change in (own fleet's hull points - everybody else's).  A game cut off by
``max_steps`` is truncated with no end reward.

**Illegal actions.**  ``illegal="substitute"`` (the default) replaces an action the mask rules
out (or ``None``) with the first legal one, i.e. the prompt's decline answer where it is legal,
and says so in ``infos[agent]["substituted"]``; ``illegal="raise"`` raises
:class:`~grapeshot.core.errors.IllegalAction` instead.  Substitution keeps PettingZoo's
``parallel_seed_test``, which samples without masks, playing real games.

**The Parallel environment.**  Each ``step`` answers the decision the game waits on: for the
sealed orders every waiting seat acts at once; for the sequential prompts (distance, shooting,
re-rolls, boarding, harbour) only the seat asked acts and the others send ``wait`` (anything
they send is ignored).  ``delegate="sequential"`` instead hands every prompt but the orders to
the heuristic player, so that each step is one turn's orders: a simultaneous-move game.  The
same ``delegate`` option works for the AEC environment, and also takes a list of prompt kinds.

**Seeding.**  ``reset(seed=s)`` starts ``Game(..., seed=s)``, whose dice are seeded with ``s``
(the seed its save file records), and seeds the built-in players from ``s``; a later
``reset()`` without a seed draws the next seed from a generator seeded by ``s``.  Equal seeds
and equal actions give equal games, which ``seed_test`` checks.  ``reset``'s ``options`` are
not used: rule options are given when the environment is made.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, cast

import numpy as np
from gymnasium import logger, spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]

from grapeshot.agents import Agent, AgentFactory, factories, make
from grapeshot.core.actions import Action, Reroll
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt, RerollPrompt
from grapeshot.core.scenario import Scenario, load_scenario
from grapeshot.geometry import TEMPLATE_LENGTH, Hull, Vec, angle_diff, bearing, distance
from grapeshot.report import Words, narrate
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

RewardMode = Literal["win", "hull"]
IllegalMode = Literal["substitute", "raise"]
Mask = NDArray[np.int8]
Vector = NDArray[np.float32]
Observation = dict[str, NDArray[Any]]

#: the prompts an agent answers through the action space, in the order of their sections
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
HULL_SHAPING = 0.1  # reward per hull point of change in the balance, with reward="hull"
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


# --------------------------------------------------------------------------- the action catalogue


@dataclass(frozen=True, slots=True)
class Template:
    """One entry of the action space: a kind of answer to one kind of prompt, with its
    parameters.  The prompt of the moment turns it into an engine action, or into nothing
    (a target that is sunk, a die the roll does not have)."""

    prompt: str  # the prompt kind it answers ("" for wait)
    kind: str
    label: str
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
    t: list[Template] = [Template("", "wait", "wait (the game is not waiting for you)")]
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


# --------------------------------------------------------------------------- the session


def _delegated(delegate: str | Iterable[str]) -> frozenset[str]:
    kinds = (
        (tuple(k for k in PROMPT_KINDS if k != "OrdersPrompt") if delegate == "sequential" else (delegate,)) if isinstance(delegate, str) else tuple(delegate)
    )
    unknown = sorted(set(kinds) - set(PROMPT_KINDS))
    if unknown:
        raise ValueError(f"cannot delegate {unknown}: delegate takes 'sequential' or prompt kinds from {list(PROMPT_KINDS)}")
    return frozenset(kinds)


class Session:
    """A Jim Lad game and the seats learning in it: templates to engine actions, masks,
    observations, rewards.  Both environments drive one; use it directly to build others."""

    def __init__(
        self,
        scenario: str | Scenario = "duel",
        *,
        opponents: Mapping[str, str | AgentFactory] | None = None,
        delegate: str | Iterable[str] = (),
        options: Mapping[str, object] | None = None,
        illegal: IllegalMode = "substitute",
        log: bool = False,
    ) -> None:
        self.scenario = load_scenario(scenario, "jimlad") if isinstance(scenario, str) else scenario
        self.options = dict(options or {})
        probe = Game("jimlad", self.scenario, self.options, 0, log=False)  # checks the options, shows the table
        sea = cast(Sea, probe.state)
        self.seats: tuple[str, ...] = tuple(sea.seats)
        self.ship_names: tuple[str, ...] = tuple(sea.ships)
        self.places: tuple[str, ...] = tuple(t.name for t in sea.terrain)
        self.size = (sea.table.width, sea.table.height)
        self.turn_limit = int(sea.option("turn_limit"))
        known = factories("jimlad")
        self.opponents: dict[str, AgentFactory] = {}
        for seat, who in (opponents or {}).items():
            if seat not in self.seats:
                raise ValueError(f"opponent seat {seat!r} is not a seat of {self.scenario.name}: {list(self.seats)}")
            if isinstance(who, str):
                if who not in known:
                    raise ValueError(f"unknown player {who!r}; known: {', '.join(sorted(known))}")
                self.opponents[seat] = known[who]
            else:
                self.opponents[seat] = who
        self.learners: tuple[str, ...] = tuple(s for s in self.seats if s not in self.opponents)
        if not self.learners:
            raise ValueError("every seat is an opponent: leave at least one seat to the agents")
        self.delegate = _delegated(delegate)
        if illegal not in ("substitute", "raise"):
            raise ValueError(f"illegal must be 'substitute' or 'raise', not {illegal!r}")
        self.illegal: IllegalMode = illegal
        self.log = log
        self.templates = catalogue(self.ship_names, self.places)
        self.sections: dict[str, range] = {}
        for kind in PROMPT_KINDS:
            idx = [i for i, t in enumerate(self.templates) if t.prompt == kind]
            self.sections[kind] = range(idx[0], idx[-1] + 1)
        self.mines = len(self.seats)  # JL-NPC-1: as many mines as players
        self.obs_size = len(self.feature_names())
        self.game: Game | None = None
        self.players: dict[str, Agent] = {}
        self.version = 0
        self._pending: dict[str, list[ManoeuvreOrder]] = {}
        self._pending_for: Prompt | None = None
        self._masks: dict[str, tuple[int, Mask]] = {}
        self._vectors: dict[str, tuple[int, Vector]] = {}
        self._shown = 0

    # ------------------------------------------------------------------ spaces

    @property
    def n_actions(self) -> int:
        return len(self.templates)

    def observation_space(self) -> spaces.Dict:
        return spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1.0, (self.obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.n_actions,), np.int8),
            }
        )

    def feature_names(self) -> list[str]:
        """The name of every entry of the observation vector, in order."""
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

    # ------------------------------------------------------------------ the game

    def start(self, seed: int) -> None:
        """A new game with this seed; the built-in players are seeded from it too."""
        self.game = Game("jimlad", self.scenario, self.options, seed, log=self.log)
        streams = np.random.SeedSequence(seed).spawn(len(self.seats))
        player_seeds = {seat: int(s.generate_state(1)[0]) for seat, s in zip(self.seats, streams, strict=True)}
        self.players = {seat: self.opponents[seat](player_seeds[seat]) for seat in self.opponents}
        for seat in self.learners:
            self.players[seat] = make("heuristic", player_seeds[seat], "jimlad")  # answers the delegated prompts
        self._pending, self._pending_for = {}, None
        self._shown = 0
        self.version += 1
        self.autoplay()

    @property
    def sea(self) -> Sea:
        return cast(Sea, self.current.state)

    @property
    def current(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game

    @property
    def over(self) -> bool:
        return self.current.outcome is not None

    def _auto(self, seat: str, prompt: Prompt) -> Agent | None:
        """The built-in player that answers this seat's prompt, if an agent does not."""
        if seat in self.opponents or prompt.kind in self.delegate or prompt.kind not in self.sections:
            return self.players[seat]
        return None

    def autoplay(self) -> None:
        """Let the built-in players answer until the game waits for an agent (or ends)."""
        g = self.current
        while (p := g.prompt) is not None:
            auto = [(seat, player) for seat in g.waiting_for() if (player := self._auto(seat, p)) is not None]
            if not auto:
                break
            for seat, player in auto:
                g.submit(seat, player.act(g, seat, p))
                if g.prompt is not p:
                    break
        self.version += 1

    def asked(self, seat: str) -> Prompt | None:
        """The prompt this agent must answer now, or None."""
        g = self.current
        p = g.prompt
        if p is None or seat not in self.learners or seat not in g.waiting_for() or self._auto(seat, p) is not None:
            return None
        return p

    def asked_seats(self) -> list[str]:
        """The agents the game waits for now, in the prompt's order of seats."""
        p = self.current.prompt
        return [] if p is None else [s for s in p.seats if self.asked(s) is not None]

    def pending(self, seat: str, prompt: Prompt) -> list[ManoeuvreOrder]:
        """The orders this seat has given so far to the ships of the current orders prompt."""
        if self._pending_for is not prompt:
            self._pending, self._pending_for = {}, prompt
        return self._pending.setdefault(seat, [])

    def focus(self, seat: str) -> str | None:
        """The ship the agent's decision concerns, if one does."""
        p = self.asked(seat)
        if isinstance(p, OrdersPrompt):
            ships = list(p.choices[seat])
            done = len(self.pending(seat, p))
            return ships[done] if done < len(ships) else None
        if isinstance(p, (DistancePrompt, LandPrompt, LeavePrompt)):
            return p.ship
        if isinstance(p, (ShootPrompt, TradePrompt)):
            return p.ship.name if p.ship is not None else None
        if isinstance(p, RerollPrompt) and p.request is not None:
            return p.request.actor if p.request.actor in self.sea.ships else None
        return None

    # ------------------------------------------------------------------ templates to actions

    def action_for(self, seat: str, index: int) -> Action | None:
        """The engine action template ``index`` stands for now (None if it has no meaning now).

        For an order it is the seat's whole orders as they would be submitted: the orders given
        so far, this one, and the first legal card for each ship still to come."""
        t = self.templates[index]
        p = self.asked(seat)
        if p is None or t.prompt != p.kind:
            return None
        if isinstance(p, OrdersPrompt):
            return self._orders(seat, p, t)
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

    def _orders(self, seat: str, p: OrdersPrompt, t: Template) -> Orders | None:
        ships = list(p.choices[seat])
        given = list(self.pending(seat, p))
        if len(given) >= len(ships):
            return None
        given.append(ManoeuvreOrder(ships[len(given)], t.card, t.side, t.card_at))
        for ship in ships[len(given) :]:
            card, side = p.choices[seat][ship][0]
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

    def legal(self, seat: str, index: int) -> bool:
        """Whether the engine would accept template ``index`` from this agent now."""
        p = self.asked(seat)
        if self.templates[index].kind == "wait":
            return p is None
        action = self.action_for(seat, index)
        if p is None or action is None:
            return False
        try:
            p.check(seat, action)
        except IllegalAction:
            return False
        return True

    def mask(self, seat: str) -> Mask:
        cached = self._masks.get(seat)
        if cached is not None and cached[0] == self.version:
            return cached[1]
        m = np.zeros(self.n_actions, dtype=np.int8)
        p = self.asked(seat)
        for i in [0] if p is None else self.sections[p.kind]:
            if self.legal(seat, i):
                m[i] = 1
        self._masks[seat] = (self.version, m)
        return m

    def play(self, seat: str, index: int | None) -> bool:
        """Take this agent's action; True if it was illegal and the first legal one stood in."""
        p = self.asked(seat)
        if p is None:
            raise RuntimeError(f"the game is not waiting for {seat}")
        m = self.mask(seat)
        substituted = False
        if index is None or not 0 <= index < self.n_actions or not m[index]:
            if self.illegal == "raise":
                what = "no action" if index is None or not 0 <= index < self.n_actions else repr(self.templates[index].label)
                allowed = "; ".join(self.templates[i].label for i in np.flatnonzero(m))
                raise IllegalAction(f"{seat}: {what} ({index}) is not legal now ({p.text}); legal: {allowed}")
            index, substituted = int(np.flatnonzero(m)[0]), True
        t = self.templates[index]
        if isinstance(p, OrdersPrompt):
            given = self.pending(seat, p)
            ships = list(p.choices[seat])
            given.append(ManoeuvreOrder(ships[len(given)], t.card, t.side, t.card_at))
            if len(given) == len(ships):
                self.current.submit(seat, Orders(tuple(given)))
        else:
            action = self.action_for(seat, index)
            assert action is not None
            self.current.submit(seat, action)
        self.version += 1
        self.autoplay()
        return substituted

    # ------------------------------------------------------------------ rewards

    def balance(self) -> dict[str, int]:
        """Per agent: its fleet's hull points afloat minus everybody else's."""
        afloat = list(self.sea.afloat())
        total = sum(s.hull_points for s in afloat)
        return {seat: 2 * sum(s.hull_points for s in afloat if s.commander == seat) - total for seat in self.learners}

    def result(self, seat: str) -> float:
        """The end reward: +1 a win, -1 a loss, 0 a shared draw (or every ship sunk)."""
        o = self.current.outcome
        if o is None:
            return 0.0
        if o.objective == "draw":
            return 0.0 if seat in o.winners or not o.winners else -1.0
        return 1.0 if seat in o.winners else -1.0

    # ------------------------------------------------------------------ observations

    def observe(self, seat: str) -> Observation:
        """The agent's observation: copies, so a caller may change them freely."""
        return {"observation": self.vector(seat).copy(), "action_mask": self.mask(seat).copy()}

    def vector(self, seat: str) -> Vector:
        cached = self._vectors.get(seat)
        if cached is not None and cached[0] == self.version:
            return cached[1]
        g, sea = self.current, self.sea
        w, h = self.size
        n = max(1, len(self.ship_names))
        p = self.asked(seat)
        out: list[float] = [sea.turn / self.turn_limit]
        out += [float(g.phase == ph) for ph in PHASES]
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
        focus = self.focus(seat)
        out += [float(name == focus) for name in self.ship_names]
        for name in self.ship_names:
            out += self._ship(sea, sea.ships[name], seat)
        kr = sea.kraken
        out += [0.0] * 4 if kr is None else [1.0, kr.x / w, kr.y / h, kr.wounds / 2.0]
        sub = sea.sub
        out += [0.0] * 5 if sub is None else [1.0, sub.hull.x / w, sub.hull.y / h, sub.hull.c, sub.hull.s]
        for k in range(self.mines):
            out += [1.0, sea.mines[k].x / w, sea.mines[k].y / h] if k < len(sea.mines) else [0.0, 0.0, 0.0]
        v = np.clip(np.asarray(out, dtype=np.float32), -1.0, 1.0)
        self._vectors[seat] = (self.version, v)
        return v

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

    # ------------------------------------------------------------------ words

    def infos(self) -> dict[str, dict[str, Any]]:
        g = self.current
        out: dict[str, dict[str, Any]] = {}
        for seat in self.learners:
            p = self.asked(seat)
            info: dict[str, Any] = {"prompt": None if p is None else p.kind, "ship": self.focus(seat), "turn": g.turn}
            if g.outcome is not None:
                info["outcome"] = g.outcome.to_json()
            out[seat] = info
        return out

    def report(self) -> str:
        """The battle report since the last call (with ``log``), and where the game stands."""
        g = self.current
        lines = list(narrate(g.events[self._shown :], Words.of(g)))
        self._shown = len(g.events)
        if g.outcome is not None:
            o = g.outcome
            lines.append(f"Game over on turn {o.turn}: {o.objective}, won by {', '.join(o.winners) or 'nobody'} ({o.detail}).")
        else:
            lines.append(f"Turn {g.turn}, {g.phase} phase: waiting for {', '.join(g.waiting_for())} ({g.prompt.text if g.prompt else ''}).")
        return "\n".join(lines)


def _reseed(seeder: np.random.Generator | None, seed: int | None) -> tuple[np.random.Generator, int]:
    """The game seed for a reset, and the generator that deals the seeds of later unseeded resets."""
    if seed is not None:
        return np.random.default_rng(seed), int(seed)
    gen = seeder if seeder is not None else np.random.default_rng()
    return gen, int(gen.integers(2**31))


# --------------------------------------------------------------------------- both environments


class _SessionEnv:
    """What the AEC and the Parallel environment share: set-up over a :class:`Session`, spaces,
    a new game on reset, rendering, masks and the action catalogue."""

    metadata: ClassVar[dict[str, Any]]

    def __init__(
        self,
        scenario: str | Scenario = "duel",
        *,
        opponents: Mapping[str, str | AgentFactory] | None = None,
        delegate: str | Iterable[str] = (),
        reward: RewardMode = "win",
        illegal: IllegalMode = "substitute",
        options: Mapping[str, object] | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
        log: bool | None = None,
    ) -> None:
        """One constructor for both APIs; the arguments are described in the module documentation."""
        if reward not in ("win", "hull"):
            raise ValueError(f"reward must be 'win' or 'hull', not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.session = Session(
            scenario, opponents=opponents, delegate=delegate, options=options, illegal=illegal, log=render_mode is not None if log is None else log
        )
        self.reward_mode: RewardMode = reward
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.possible_agents: list[str] = list(self.session.learners)
        self.agents: list[str] = []
        self._observation_spaces = {a: self.session.observation_space() for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(self.session.n_actions) for a in self.possible_agents}
        self._seeder: np.random.Generator | None = None
        self._steps = 0
        self._fresh()

    def _fresh(self) -> None:
        """Set what the particular API keeps before the first reset (nothing, unless overridden)."""

    def _restart(self, seed: int | None) -> None:
        """A new game: its seed from ``seed`` (or the environment's own seeder), every agent in."""
        self._seeder, game_seed = _reseed(self._seeder, seed)
        self.session.start(game_seed)
        self._steps = 0
        self.agents = list(self.possible_agents)

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_spaces[agent]

    @property
    def game(self) -> Game:
        """The engine's game (for its log, outcome, save): read it, never submit to it."""
        return self.session.current

    def action_mask(self, agent: str) -> Mask:
        return self.session.mask(agent).copy()

    def render(self) -> str | None:
        if self.render_mode is None:
            logger.warn("render() called without a render_mode: make the environment with render_mode='ansi' or 'human'")
            return None
        text = self.session.report()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def action_label(self, index: int) -> str:
        return self.session.templates[index].label

    def action_for(self, agent: str, index: int) -> Action | None:
        return self.session.action_for(agent, index)


# --------------------------------------------------------------------------- AEC


class JimLadEnv(_SessionEnv, AECEnv):  # type: ignore[misc]
    """The AEC environment: ``agent_selection`` is the seat the game waits for.

    For the sealed orders the waiting seats take their turns one after another (each seat's
    orders stay sealed in the engine until all are in); a seat with several ships is selected
    once per ship.  See the module documentation for spaces, masks and rewards."""

    metadata: ClassVar[dict[str, Any]] = {"name": "grapeshot_jimlad_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def _fresh(self) -> None:
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection: str = self.possible_agents[0]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._restart(seed)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = self.session.infos()
        self._skip_agent_selection = None
        self._settle()

    def observe(self, agent: str) -> Observation:
        return self.session.observe(agent)

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        before = self.session.balance()
        substituted = self.session.play(agent, None if action is None else int(action))
        self._steps += 1
        if self.reward_mode == "hull":
            after = self.session.balance()
            for a in self.agents:
                self.rewards[a] += HULL_SHAPING * (after[a] - before[a])
        self.infos = self.session.infos()
        if substituted:
            self.infos[agent]["substituted"] = True
        self._settle()
        self._accumulate_rewards()

    def _settle(self) -> None:
        """After a reset or a step: end rewards and flags, or the next agent to act."""
        s = self.session
        if s.over:
            for a in self.agents:
                self.rewards[a] += s.result(a)
                self.terminations[a] = True
        elif self.max_steps is not None and self._steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        else:
            asked = s.asked_seats()
            assert asked, "the game waits for no agent"
            self.agent_selection = asked[0]


# --------------------------------------------------------------------------- Parallel


class JimLadParallelEnv(_SessionEnv, ParallelEnv):  # type: ignore[misc]
    """The Parallel environment: every step answers the decision the game waits on, all the
    sealed orders at once.  Agents the game is not waiting for send ``wait`` (index 0)."""

    metadata: ClassVar[dict[str, Any]] = {"name": "grapeshot_jimlad_parallel_v0", "render_modes": ["ansi", "human"]}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        self._restart(seed)
        return {a: self.session.observe(a) for a in self.agents}, self.session.infos()

    def step(
        self, actions: Mapping[str, int | np.integer[Any] | None]
    ) -> tuple[dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]:
        s = self.session
        live = list(self.agents)
        if not live:
            return {}, {}, {}, {}, {}
        before = s.balance()
        prompt = s.current.prompt
        substituted: set[str] = set()
        for seat in s.asked_seats():
            if s.asked(seat) is not prompt:  # the decision moved on (it cannot in one step; a guard)
                continue
            chosen = actions.get(seat)
            if s.play(seat, None if chosen is None else int(chosen)):
                substituted.add(seat)
        self._steps += 1
        rewards = dict.fromkeys(live, 0.0)
        if self.reward_mode == "hull":
            after = s.balance()
            for agent in live:
                rewards[agent] += HULL_SHAPING * (after[agent] - before[agent])
        terminations = dict.fromkeys(live, s.over)
        truncations = dict.fromkeys(live, not s.over and self.max_steps is not None and self._steps >= self.max_steps)
        if s.over:
            for agent in live:
                rewards[agent] += s.result(agent)
        infos = s.infos()
        for agent in substituted:
            infos[agent]["substituted"] = True
        observations = {agent: s.observe(agent) for agent in live}
        if s.over or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos


# --------------------------------------------------------------------------- factories


def env(
    scenario: str | Scenario = "duel",
    *,
    opponents: Mapping[str, str | AgentFactory] | None = None,
    delegate: str | Iterable[str] = (),
    reward: RewardMode = "win",
    illegal: IllegalMode = "substitute",
    options: Mapping[str, object] | None = None,
    max_steps: int | None = None,
    render_mode: str | None = None,
    log: bool | None = None,
) -> JimLadEnv:
    """An AEC environment for a Jim Lad scenario (a built-in name or a :class:`Scenario`).

    ``opponents`` maps seats to built-in players (``"heuristic"``, ``"random"`` or a factory
    taking a seed); ``delegate`` hands prompt kinds (or ``"sequential"``: all but the orders) to
    the heuristic player; ``options`` overrides the scenario's rule options; ``log`` keeps the
    event log (on by default when rendering)."""
    return JimLadEnv(
        scenario,
        opponents=opponents,
        delegate=delegate,
        reward=reward,
        illegal=illegal,
        options=options,
        max_steps=max_steps,
        render_mode=render_mode,
        log=log,
    )


def parallel_env(
    scenario: str | Scenario = "duel",
    *,
    opponents: Mapping[str, str | AgentFactory] | None = None,
    delegate: str | Iterable[str] = (),
    reward: RewardMode = "win",
    illegal: IllegalMode = "substitute",
    options: Mapping[str, object] | None = None,
    max_steps: int | None = None,
    render_mode: str | None = None,
    log: bool | None = None,
) -> JimLadParallelEnv:
    """A Parallel environment for a Jim Lad scenario; the arguments are those of :func:`env`."""
    return JimLadParallelEnv(
        scenario,
        opponents=opponents,
        delegate=delegate,
        reward=reward,
        illegal=illegal,
        options=options,
        max_steps=max_steps,
        render_mode=render_mode,
        log=log,
    )


__all__ = ["PROMPT_KINDS", "JimLadEnv", "JimLadParallelEnv", "Session", "Template", "catalogue", "env", "parallel_env"]
