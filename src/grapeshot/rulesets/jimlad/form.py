"""Waagh! Jim Lad!'s scenarios as the scenario editor shows them (:mod:`grapeshot.core.editing`):
each seat's fleet is a klan and a list of ships, every ship placed by its centre and heading and
drawn at its own length and width (10" by 4" unless it says otherwise, JL-SHIP-1)."""

from __future__ import annotations

from grapeshot.core.editing import FieldForm, PieceKind, PieceList, ScenarioForm, first_table, terrain_json
from grapeshot.core.ruleset import Ruleset
from grapeshot.rulesets.jimlad.data import DEFAULT_LENGTH, DEFAULT_WIDTH, Klan


def scenario_form(rs: Ruleset) -> ScenarioForm:
    klans = tuple(k.value for k in Klan)
    ship = PieceKind("ship", {"length": DEFAULT_LENGTH, "width": DEFAULT_WIDTH}, DEFAULT_LENGTH, DEFAULT_WIDTH, doc="an Ork ship (JL-SHIP-1)")
    return ScenarioForm(
        terrain=terrain_json(rs, {"island": (FieldForm("treasure", "bool", default=False, doc="the island hides treasure (JL-LAND-2)"),)}),
        pieces=(PieceList("ships", (ship,), title="ships"),),
        fleet_fields=(FieldForm("klan", "str", klans, default=klans[0], doc="the fleet's klan (JL-KLAN-1)"),),
        objectives=("turn_limit", "tiebreak"),
        table=first_table(rs),
        seats=(1, 12),
    )
