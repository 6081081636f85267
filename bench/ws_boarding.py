"""How often Wooden Ships' heuristic players board and fight hand to hand, and why moves across
to an enemy are refused.

    .venv/bin/python bench/ws_boarding.py [--scenario ship-duel] [--games 100] [--seed 0]

Plays ``--games`` seeded games of a built-in scenario with the heuristic in every seat.  At
every figure's move where an enemy ship lies within 2" (or the figure already stands on an
enemy deck), it asks the move's own check whether the figure may go base to base with each enemy
on that ship within 8.5" (the place on the near side, taken to the nearest free spot), and
counts the answers: the moves allowed, and the refusals by their words (numbers left out), with
one example each (seed, action, figure, foe, distance).  Then per game: grapples thrown,
boarding crossings, blows struck, strikes offered and taken, and the games with any blow.
"""

from __future__ import annotations

import argparse
import math
import re
from collections import Counter

from grapeshot.agents import make
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.geometry import Surface, Vec, hull_distance
from grapeshot.rulesets.woodenships.actions import Move
from grapeshot.rulesets.woodenships.prompts import ActPrompt, MovePrompt
from grapeshot.rulesets.woodenships.state import Shore


def probe(shore: Shore, prompt: MovePrompt, allowed: Counter[str], refused: Counter[tuple[str, str]], examples: dict[tuple[str, str], str], where: str) -> None:
    """Ask the move's check about going base to base with each enemy aboard a ship in reach."""
    f = shore.figures[prompt.figure]
    if f.spot is None or f.spot.surface is not Surface.DECK or f.animal:
        return
    under = shore.ships[f.spot.ident]
    for other in shore.afloat():
        if other.side == f.side or (under.side == f.side and (other is under or hull_distance(under.hull, other.hull) > 2.0)):
            continue
        tag = "across to an enemy ship" if under.side == f.side else ("on the enemy deck" if other is under else "from an enemy deck to another")
        start = shore.world(f.spot)
        for foe in shore.aboard(other.name):
            if foe.side == f.side or foe.spot is None:
                continue
            q = shore.world(foe.spot)
            d = math.hypot(q.x - start.x, q.y - start.y)
            if d > 8.5 or d < 1e-9:
                continue
            gap = foe.radius + f.radius + 0.05
            goal = prompt.spaces().get(Surface.DECK, other.name).nearest(Vec(q.x + (start.x - q.x) * gap / d, q.y + (start.y - q.y) * gap / d))
            if goal is None:
                continue
            try:
                prompt.plan_for(Move((goal.x, goal.y), "deck", other.name))
                allowed[tag] += 1
            except IllegalAction as e:
                key = (tag, re.sub(r"\d+(\.\d+)?", "#", str(e)))
                refused[key] += 1
                examples.setdefault(key, f'{where}, {f.name} to {foe.name} at {d:.2f}"')


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenario", default="ship-duel")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    sc = load_scenario(args.scenario, "woodenships")
    allowed: Counter[str] = Counter()
    refused: Counter[tuple[str, str]] = Counter()
    examples: dict[tuple[str, str], str] = {}
    tally: Counter[str] = Counter()
    fought = 0
    for seed in range(args.seed, args.seed + args.games):
        g = Game("woodenships", sc, seed=seed, log=True)
        assert isinstance(g.state, Shore)
        agents = {s: make("heuristic", seed * 7 + i, "woodenships") for i, s in enumerate(g.state.seats)}
        step = 0
        while g.outcome is not None or g.prompt is not None:
            if g.outcome is not None:
                break
            p = g.prompt
            assert p is not None
            seat = g.waiting_for()[0]
            if isinstance(p, MovePrompt):
                probe(g.state, p, allowed, refused, examples, f"seed {seed}, action {step}")
            answer = agents[seat].act(g, seat, p)
            if isinstance(p, ActPrompt) and any(a.what == "strike" for a in p.options()):
                tally["strikes offered"] += 1
                tally["offered, chose " + getattr(answer, "what", "?")] += 1
            g.submit(seat, answer)
            step += 1
        blows = sum(1 for e in g.events if e.kind == "strike")
        fought += blows > 0
        tally["blows"] += blows
        tally["grapples thrown"] += sum(1 for e in g.events if e.kind == "grapple")
        tally["boarding crossings"] += sum(1 for e in g.events if e.kind == "move" and e.data.get("crossing") == "board")
    print(f"{args.games} games of {args.scenario}, heuristic in every seat")
    for k in sorted(tally):
        print(f"  {k}: {tally[k]}")
    print(f"  games with a blow: {fought}")
    print("moves base to base with an enemy, allowed:", dict(allowed))
    for (tag, why), n in refused.most_common():
        print(f"  refused {n} ({tag}): {why}  [e.g. {examples[(tag, why)]}]")


if __name__ == "__main__":
    main()
