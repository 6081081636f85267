"""Waagh! Jim Lad!'s odds: its questions, run through the generic engine (:mod:`grapeshot.odds`).

Each question runs the rule procedure that resolves it (:func:`damage.strike`,
:func:`damage.damage_table`, :func:`collisions.evade` and :func:`damage.blow`,
:func:`kannon.grapeshot_d3`, :func:`kannon.sluggas`, :func:`boarding.attempt`,
:func:`shooting.take_action`) once for every way the dice can fall:

* :mod:`.runs`: what a run did to each ship (:class:`Result`), the odds of it
  (:class:`ShipOdds`), the answers kept per situation;
* :mod:`.blows`: a blow that has landed, and rams and crashes with the evasion (exact);
* :mod:`.landing`: where a krak shell comes down (numeric over the arrow's direction) and what
  it does on each hull (exact);
* :mod:`.fights`: boarding actions (the first round exact when small, the whole fight simulated);
* :mod:`.proposed`: the odds of an action in a game, before it is taken;
* :mod:`.described`: two ships staged from a few words (:class:`Description`);
* :mod:`.questions`: the questions and parameters ``grapeshot odds`` offers, and the capability
  :data:`ODDS` that ``JimLad.odds()`` returns.
"""

from __future__ import annotations

from grapeshot.rulesets.jimlad.odds.blows import blow_proc, ram_odds, ram_stage, ram_tags, strike_odds
from grapeshot.rulesets.jimlad.odds.described import (
    KLAN_NAMES,
    SHOOTER,
    TARGET,
    Description,
    alongside,
    describe_boarding,
    describe_grapeshot,
    describe_krak,
    describe_ram,
    describe_sluggas,
    describe_strike,
    place_target,
    refuse_unless_legal,
    stage_game,
    stage_krak,
    trim_krew,
)
from grapeshot.rulesets.jimlad.odds.fights import MAX_ROUNDS, BoardingOdds, boarding_odds, boarding_tags
from grapeshot.rulesets.jimlad.odds.landing import KrakOdds, Landing, circle_cuts, krak_odds, landing_odds, lands_on, scatter_distances
from grapeshot.rulesets.jimlad.odds.proposed import ActionOdds, action_odds, answer_action, given_hits
from grapeshot.rulesets.jimlad.odds.questions import ODDS, QUESTIONS, RAM_STRENGTHS, Answer, JimLadOdds, describe, from_description, question
from grapeshot.rulesets.jimlad.odds.runs import CACHE, HEARD, POLICY, Result, ShipOdds, ShipResult, ShipRunner, fingerprint, scope, sea_of, ship_of

__all__ = [
    "CACHE",
    "HEARD",
    "KLAN_NAMES",
    "MAX_ROUNDS",
    "ODDS",
    "POLICY",
    "QUESTIONS",
    "RAM_STRENGTHS",
    "SHOOTER",
    "TARGET",
    "ActionOdds",
    "Answer",
    "BoardingOdds",
    "Description",
    "JimLadOdds",
    "KrakOdds",
    "Landing",
    "Result",
    "ShipOdds",
    "ShipResult",
    "ShipRunner",
    "action_odds",
    "alongside",
    "answer_action",
    "blow_proc",
    "boarding_odds",
    "boarding_tags",
    "circle_cuts",
    "describe",
    "describe_boarding",
    "describe_grapeshot",
    "describe_krak",
    "describe_ram",
    "describe_sluggas",
    "describe_strike",
    "fingerprint",
    "from_description",
    "given_hits",
    "krak_odds",
    "landing_odds",
    "lands_on",
    "place_target",
    "question",
    "ram_odds",
    "ram_stage",
    "ram_tags",
    "refuse_unless_legal",
    "scatter_distances",
    "scope",
    "sea_of",
    "ship_of",
    "stage_game",
    "stage_krak",
    "strike_odds",
    "trim_krew",
]
