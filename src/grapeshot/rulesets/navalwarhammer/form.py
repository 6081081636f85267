"""Naval Warhammer's scenarios as the scenario editor shows them (:mod:`grapeshot.core.editing`):
a seat names its fleet (a built-in one, or one from the lobby's builder) and gives each of the
fleet's ships a place in order, so the places follow the fleet and are drawn at the size of the
ship that takes each (NW-SHIP-1)."""

from __future__ import annotations

from grapeshot.core.editing import FieldForm, FleetChoice, PieceKind, PieceList, ScenarioForm, first_table, terrain_json
from grapeshot.core.ruleset import Ruleset
from grapeshot.rulesets.navalwarhammer.data import SIZES
from grapeshot.rulesets.navalwarhammer.fleets import builtin_fleet, builtin_fleets, read_fleet


def fleet_choices() -> tuple[FleetChoice, ...]:
    """Every built-in fleet with its ships' sizes, in the fleet's order."""
    out = []
    for name in builtin_fleets():
        fleet, _ = read_fleet(builtin_fleet(name), f"navalwarhammer:{name}")
        if fleet is None:
            continue
        ships = tuple((s.name, SIZES[s.size].length, SIZES[s.size].width) for s in fleet.ships)
        out.append(FleetChoice(name, f"{fleet.name} ({fleet.army}, {fleet.points} points)", ships))
    return tuple(out)


def scenario_form(rs: Ruleset) -> ScenarioForm:
    place = PieceKind("place", {}, SIZES[next(iter(SIZES))].length, SIZES[next(iter(SIZES))].width, doc="where one of the fleet's ships starts")
    return ScenarioForm(
        terrain=terrain_json(rs),
        pieces=(PieceList("placement", (place,), fixed=True, title="places"),),
        fleet_field="fleet",
        fleets=fleet_choices(),
        ship_size_field="size",
        ship_sizes={k.value: (v.length, v.width) for k, v in SIZES.items()},
        fleet_fields=(FieldForm("fleet", "str", tuple(builtin_fleets()), default=builtin_fleets()[0], doc="the fleet this seat brings"),),
        objectives=("turn_limit", "points_limit"),
        table=first_table(rs),
    )
