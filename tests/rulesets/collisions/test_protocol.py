"""The collisions module as a module: installed, its rulebook against the rules index, its
options checked, its procedures named, and its host protocol checked when a game is made (Jim
Lad, which cannot host it, and a host missing part of the protocol are refused)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from grapeshot.core.errors import ScenarioError
from grapeshot.core.game import Game
from grapeshot.core.module import Procedure, all_modules, get_module, lacking, port_methods
from grapeshot.core.registry import index_ids, resolve
from grapeshot.rulesets.collisions import COLLISIONS, PROCEDURES
from grapeshot.rulesets.collisions.ports import CONTACT, PORTS, CollisionsHost, Crews, Melee, Shooting, Vessels, Water
from tests import support as jl
from tests.rulesets.collisions.harbour import HarbourBrawl
from tests.rulesets.collisions.harbour_host import HOST, HarbourHost
from tests.rulesets.collisions.support import game, helm, scenario

RULES_MD = Path(__file__).resolve().parents[4] / "shared" / "RULES.md"

TWO = [
    {"seat": "red", "name": "Red", "size": "small", "x": 20, "y": 24, "heading": 0},
    {"seat": "blue", "name": "Blue", "size": "small", "x": 30, "y": 24, "heading": 180},
]


def test_the_module_is_installed_under_its_name() -> None:
    assert get_module("collisions") is COLLISIONS and COLLISIONS in all_modules()
    assert COLLISIONS.namespace == "collisions" and COLLISIONS.ports == PORTS == (Vessels, Crews, Melee, Water, Shooting)


@pytest.mark.skipif(not RULES_MD.exists(), reason="../shared/RULES.md is not beside this checkout")
def test_every_cg_rule_of_the_index_is_registered_and_its_code_resolves() -> None:
    ids = index_ids(RULES_MD, "CG")
    book = COLLISIONS.rulebook()
    assert len(ids) == 21 and sorted(ids) == sorted(book.entries)
    for entry in book:
        assert entry.where, entry.id
        for where in entry.where:
            assert resolve(where) is not None, f"{entry.id}: {where}"


def test_the_procedures_are_namespaced_by_the_module() -> None:
    assert set(PROCEDURES) == {
        f"collisions.{p}"
        for p in (
            "contact",
            "grapple",
            "moved",
            "movement_end",
            "board",
            "prisoners",
            "swimmers",
            "sunk",
            "overboard",
            "shoot_swimmer",
            "shootable",
            "in_water",
            "figure_moved",
            "displaced",
            "fallen",
            "grappled",
        )
    }
    g = game(scenario(TWO))
    assert g.procedure(CONTACT) is PROCEDURES["collisions.contact"] and g.procedure(Procedure("contact")) is None


def test_jim_lad_cannot_host_the_module() -> None:
    """Jim Lad's ``host()`` says None: a scenario switching the module on is refused, by name."""
    with pytest.raises(ScenarioError, match="a module jimlad can host"):
        Game("jimlad", jl.duel(), modules=["collisions"])


def test_the_ports_split_the_host_contract_without_overlap() -> None:
    """Every method the module's rules ask of a host is in exactly one port."""
    methods = [m for port in PORTS for m in port_methods(port)]
    assert len(methods) == len(set(methods)) == 35
    assert set(methods) == {m for m in dir(CollisionsHost) if not m.startswith("_")}


def test_a_host_missing_a_port_is_refused_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A host that has vessels only is refused at the first method of the first port it lacks."""

    class HalfHost:
        def vessels(self, game: Game) -> list[str]:
            return []

    assert isinstance(HOST, CollisionsHost) and not isinstance(HalfHost(), CollisionsHost)
    assert lacking(HOST, PORTS) is None
    monkeypatch.setattr(HarbourBrawl, "host", lambda self, module, g: HalfHost())
    with pytest.raises(ScenarioError, match=r"a module harbour can host \(collisions: its host lacks the port Vessels \(method size_class\)\)"):
        game(scenario(TWO))


def test_a_host_declaring_a_port_but_missing_a_method_is_refused_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Declaring a port (subclassing it) is not implementing it: the one method left out (the
    port's own ``...`` inherited in its place) is named."""
    NoShot = type(
        "NoShot", (Vessels, Crews, Melee, Water, Shooting), {k: v for k, v in vars(HarbourHost).items() if k not in ("shoot", "__dict__", "__weakref__")}
    )
    assert lacking(NoShot(), PORTS) == "its host lacks the port Shooting (method shoot)"
    monkeypatch.setattr(HarbourBrawl, "host", lambda self, module, g: NoShot())
    with pytest.raises(ScenarioError, match=r"Shooting \(method shoot\)"):
        game(scenario(TWO))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"collisions.ram_stacking": "both"}, r"one of \['all', 'no-chart'\]"),
        ({"collisions.grapple_extra": 2}, "text"),
        ({"collisions.third_turn": "fourth"}, "after-third"),
        ({"collisions.wreckage": "yes"}, "true or false"),
        ({"collisions.cunning_plan": "red,green"}, r"options\.collisions\.cunning_plan: expected seats of this scenario \(blue, red\)"),
        ({"collisions.suspicious_beggar": "purple"}, "suspicious_beggar"),
        ({"collisions.boarding": 1}, "collisions"),
    ],
)
def test_the_modules_options_are_checked(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        game(scenario(TWO, options=options))


def test_the_cards_are_dealt_from_the_options() -> None:
    g = game(scenario(TWO, options={"collisions.cunning_plan": "red, red,blue", "collisions.suspicious_beggar": "blue"}))
    view = g.view("red")["state"]["modules"]["collisions"]
    assert view["cunning_plans"] == {"blue": 1, "red": 2} and view["suspicious_beggars"] == {"blue": 1}


@pytest.mark.rules("HB-MOVE-1")
def test_without_the_module_the_host_keeps_its_own_rules() -> None:
    """The harbour without the module: a contact only stops the move (no ram, no module event)."""
    g = game(scenario(TWO, modules=()))
    helm(g, "Red", 0.0, 10.0)
    assert [e.kind for e in g.events if e.kind.startswith("collisions.")] == []
    assert [e.data["other"] for e in g.events if e.kind == "bump"] == ["Blue"]
