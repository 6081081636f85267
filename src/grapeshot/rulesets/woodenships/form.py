"""Wooden Ships and Iron Men's scenarios as the scenario editor shows them
(:mod:`grapeshot.core.editing`): a seat's ships are placed by centre and heading, one kind for
each row of the ship table (WS-SHIP-2), a new one crewed by a captain and two men so that it
sets up; its forts are placed the same way.  Figures ashore, creatures in the water and wild
creatures stand at a point (``at``) and are dragged as round bases.  The crews, guns and piles
are kept as the scenario gives them and edited as the item's own data."""

from __future__ import annotations

from typing import Any

from grapeshot.core.editing import FieldForm, PieceKind, PieceList, ScenarioForm, first_table, terrain_json
from grapeshot.core.ruleset import Ruleset
from grapeshot.rulesets.woodenships.data import MIN_SECTIONS, SHIP_TYPES

#: what a new ship carries: a captain and two men, so both sides field the same figures (WS-FIG-1)
#: the kind of ship offered first
FIRST = "narrow"
CREW: tuple[dict[str, Any], ...] = ({"kind": "captain"}, {"kind": "man", "count": 2})


def scenario_form(rs: Ruleset) -> ScenarioForm:
    kinds = []
    for t in sorted(SHIP_TYPES.values(), key=lambda t: t.name != FIRST):  # the usual ship first: a new one is of that kind
        template: dict[str, Any] = {"type": t.name, "crew": [dict(c) for c in CREW]}
        if t.per_section is not None:
            template["sections"] = MIN_SECTIONS
        kinds.append(
            PieceKind(t.name, template, t.length, t.width, per="sections" if t.per_section is not None else None, per_default=MIN_SECTIONS, doc=t.title)
        )
    height = (FieldForm("height", "float", bounds=(0.0, 50.0), doc="inches above the water"),)
    return ScenarioForm(
        terrain=terrain_json(rs, {k: height for k in ("island", "harbour", "rocks", "sea_wall", "building")}),
        pieces=(
            PieceList("ships", tuple(kinds), kind_field="type", title="ships"),
            PieceList("forts", (), title="forts", outline="box"),
            PieceList("ashore", (), title="figures ashore", outline="figure", placed="point"),
            PieceList("water", (), title="creatures in the water", outline="figure", placed="point"),
            PieceList("wild", (), title="wild creatures", outline="figure", placed="point"),
        ),
        fleet_fields=(FieldForm("name", "str", doc="the fleet's name"),),
        objectives=("turn_limit", "victory"),
        table=first_table(rs),
    )
