"""How likely a seat is to win from here: a learned estimate for futures the search cuts short.

The search player (:mod:`grapeshot.agents.search`, told by :mod:`.search`) plays each candidate a
turn or so ahead and then has to say what the position it reached is worth.  A hand-made sum of hull points and krew says who is
ahead, but not how much that lead is worth, and not that it is worth more as the game runs
out: at the turn limit a single hull point decides a duel (JL-WIN-3), in turn 2 it hardly
matters.  So the estimate here is a logistic model of the chance to win, fitted to positions
from many heuristic-player games and how those games ended (``bench/fit_value.py`` plays the
games, fits the weights and prints them with the fit's log loss against the hand-made sum's).

The features are differences between the seat and its strongest rival (the other seat with
most hull points, krew and victory points), so the model is symmetric: swapping the two seats
of a duel swaps the chances.  A duel and a game of more seats get their own weights: with
more seats a lead over the strongest rival is worth less, and victory points (which end a duel
at once) are won and lost along the way.
"""

from __future__ import annotations

import math

from grapeshot.rulesets.jimlad.state import Sea, victory_points

#: the features, in the order of the weights below
FEATURES = (
    "krew",  # Orks aboard the ships it commands
    "kaptin",  # ships with their Kaptin alive
    "doc",  # ships with a Mad Doc
    "vp",  # victory points (JL-WIN-3)
    "manoeuvrable",  # ships still able to manoeuvre (JL-WIN-1)
    "guns",  # guns damaged (JL-DMG)
    "engine",  # engines damaged
    "rudder",  # rudders damaged
    "hull_late",  # hull points of its ships times the share of the game played (turn / turn limit)
    "krew_late",  # krew times the same share
    "hull_last",  # hull points over (1 + turns left): the tie-break of the turn limit coming near
)

Weights = tuple[float, tuple[float, ...]]  # the intercept, and a weight per feature

#: fitted on 12,000 duels (random klans, heuristic players): positions at the start of each turn
#: (``bench/fit_value.py --scenario duel --games 12000 --seed 2``; its intercept came out as 0.000)
DUEL_WEIGHTS: Weights = (0.0, (0.496, 1.208, 0.290, 0.000, 1.546, -0.263, -0.371, -0.318, 0.009, -0.330, 1.502))
#: fitted on 3,000 brawls (four seats, random klans, heuristic players)
#: (``bench/fit_value.py --scenario brawl --games 3000 --seed 2``)
MELEE_WEIGHTS: Weights = (-0.757, (0.326, -0.266, 0.060, 0.391, -0.106, -0.013, -0.045, -0.122, 0.066, -0.097, 0.491))


def seat_totals(sea: Sea, seat: str, vp: int) -> tuple[float, ...]:
    """The seat's own numbers, before the difference with its rival is taken (see :data:`FEATURES`)."""
    ships = [s for s in sea.ships.values() if s.afloat and s.commander == seat]
    hull = float(sum(s.hull_points for s in ships))
    krew = float(sum(len(s.krew) for s in ships))
    limit = int(sea.option("turn_limit"))
    late = sea.turn / max(1, limit)
    left = max(0, limit - sea.turn)
    return (
        krew,
        float(sum(1 for s in ships if s.kaptin is not None)),
        float(sum(1 for s in ships if s.has_doc)),
        float(vp),
        float(sum(1 for s in ships if s.manoeuvrable)),
        float(sum(len(s.damaged_guns) for s in ships)),
        float(sum(1 for s in ships if s.engine_damaged)),
        float(sum(1 for s in ships if s.rudder_damaged)),
        hull * late,
        krew * late,
        hull / (1 + left),
    )


def _strength(sea: Sea, seat: str, vp: int) -> float:
    """How strong a seat looks at a glance, to pick a seat's rival: hull, krew, victory points."""
    return sum(s.hull_points + len(s.krew) for s in sea.ships.values() if s.afloat and s.commander == seat) + 6.0 * vp


def features(sea: Sea, seat: str) -> tuple[float, ...]:
    """The seat's numbers minus its strongest rival's (all zeros when it has none)."""
    vps = victory_points(sea)
    rivals = [s for s in sea.seats if s != seat]
    if not rivals:
        return (0.0,) * len(FEATURES)
    rival = max(rivals, key=lambda s: _strength(sea, s, vps.get(s, 0)))
    mine, theirs = seat_totals(sea, seat, vps.get(seat, 0)), seat_totals(sea, rival, vps.get(rival, 0))
    return tuple(a - b for a, b in zip(mine, theirs, strict=True))


def weights(seats: int) -> Weights:
    """The weights for a game of this many seats."""
    return DUEL_WEIGHTS if seats <= 2 else MELEE_WEIGHTS


def win_chance(sea: Sea, seat: str) -> float:
    """The estimated chance that ``seat`` wins a game not yet decided, from the position alone."""
    bias, ws = weights(len(sea.seats))
    z = bias + sum(w * f for w, f in zip(ws, features(sea, seat), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
