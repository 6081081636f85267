"""A player that picks uniformly among legal choices: the fuzzer's opponent.

It aims at random points of the arc (not only at ships), fires what it may
in a random order, repairs at random: a game between random players visits
odd corners of the rules that sensible play never reaches.
"""

from __future__ import annotations

import math
import random

from grapeshot.core.actions import Action
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.prompts import DicePrompt, Prompt, RerollPrompt
from grapeshot.geometry import Vec, unit
from grapeshot.rulesets.jimlad.actions import Distance, EndShooting, Fire, ManoeuvreOrder, Orders, Repair, Sluggas, Takeover, Torpedoes
from grapeshot.rulesets.jimlad.boarding import Board, BoardPrompt
from grapeshot.rulesets.jimlad.data import KANNONS, KLANS, MANNED_TORPEDO_ARC, MANNED_TORPEDO_RANGE, CardAt
from grapeshot.rulesets.jimlad.harbour import Land, LandPrompt, LeavePrompt, StayOrLeave, Trade, TradePrompt
from grapeshot.rulesets.jimlad.kannon import check_fire, grapeshot_targets, gun_arc, mount
from grapeshot.rulesets.jimlad.prompts import DistancePrompt, OrdersPrompt, ShootPrompt, TakeoverPrompt


class RandomPlayer:
    """Uniformly random legal play, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, game: Game, seat: str, prompt: Prompt) -> Action:
        rng = self.rng
        if isinstance(prompt, RerollPrompt):
            return rng.choice(prompt.choices())
        if isinstance(prompt, DicePrompt):
            raise ValueError("a random player cannot roll physical dice")
        if isinstance(prompt, OrdersPrompt):
            orders = []
            for ship, options in prompt.choices[seat].items():
                card, turn = rng.choice(options)
                at: CardAt = rng.choice(["start", "end"])
                orders.append(ManoeuvreOrder(ship, int(card), turn, at))
            return Orders(tuple(orders))
        if isinstance(prompt, DistancePrompt):
            inches = rng.uniform(prompt.low, prompt.high)
            return Distance(inches, ram=prompt.ram_target(inches) is not None and rng.random() < 0.5)
        if isinstance(prompt, ShootPrompt):
            return self._shoot(game, prompt)
        if isinstance(prompt, TakeoverPrompt):
            choice = rng.choice([None, *prompt.options])
            return Takeover() if choice is None else Takeover(*choice)
        if isinstance(prompt, BoardPrompt):
            pick = rng.choice([None, *prompt.options])
            return Board() if pick is None else Board(pick.boarder, pick.target)
        if isinstance(prompt, LandPrompt):
            return Land(rng.choice([None, *(p[0] for p in prompt.places)]))
        if isinstance(prompt, LeavePrompt):
            return StayOrLeave(rng.choice(["stay", "leave"]))
        if isinstance(prompt, TradePrompt):
            return Trade(rng.choice([None, *(item for item, _ in prompt.offers)]))
        raise ValueError(f"random player cannot answer {prompt.kind}")

    def _shoot(self, game: Game, prompt: ShootPrompt) -> Action:
        rng = self.rng
        sea, ship = prompt.sea, prompt.ship
        assert sea is not None and ship is not None
        options: list[Action] = [EndShooting()]
        for gun, shells in prompt.guns().items():
            shell = rng.choice(shells)
            m = mount(ship, gun)
            arc = gun_arc(sea, ship, gun)
            if shell == "grapeshot" and sea.option("grapeshot") == "d3":
                targets = grapeshot_targets(sea, ship, gun)
                if targets:
                    options.append(Fire(gun, shell, target=rng.choice(targets).name))
                continue
            # a random point in the arc, within range (or on an enemy hull when one is near)
            b = arc.centre + rng.uniform(-arc.width / 2.0, arc.width / 2.0) * 0.999
            r = KANNONS[gun].range * math.sqrt(rng.random()) if shell == "krak" else rng.uniform(1.0, 8.0)
            d = unit(b)
            shot = Fire(gun, shell, aim=(m.x + d.x * r, m.y + d.y * r))
            try:
                check_fire(sea, ship, shot)  # e.g. never at a ship in harbour (JL-PORT-1)
            except IllegalAction:
                continue
            options.append(shot)
        if prompt.torpedoes():
            if KLANS[ship.klan].manned_torpedoes:
                bow = ship.hull.bow
                aims = []
                for _ in range(2):
                    d = unit(ship.hull.heading + rng.uniform(-MANNED_TORPEDO_ARC / 2.0, MANNED_TORPEDO_ARC / 2.0) * 0.999)
                    r = rng.uniform(1.0, MANNED_TORPEDO_RANGE)
                    p = Vec(bow.x + d.x * r, bow.y + d.y * r)
                    aims.append((p.x, p.y))
                options.append(Torpedoes(tuple(aims)))
            else:
                options.append(Torpedoes())
        for t in prompt.slugga_targets():
            options.append(Sluggas(t.name))
        for what in prompt.repairs():
            options.append(Repair(what))
        return rng.choice(options)
