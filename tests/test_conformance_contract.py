"""The conformance suite's check of the declared rule-set contract (core/contract.py), for every
registered rule set and module: each declared capability there and of its declared type, each
undeclared one absent (``None``) and refused by name; no capability probed for the old way; a
seat's default player one its rule set has; one declared default rule set; the phrasebooks and
the hooks a rule set shares with a module of one shape."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from grapeshot.core.capabilities import Lacking
from grapeshot.core.game import Game
from grapeshot.core.ruleset import all_rulesets, get
from grapeshot.core.scenario import parse_scenario
from tests.test_conformance import CASES, load

#: one game at its start for each rule set with a case above (its first, without modules switched on)
FIRST_CASE = {rs: sc for rs, sc in reversed(CASES) if "+" not in sc}


def _owners() -> list[tuple[str, object]]:
    from grapeshot.core.module import all_modules

    return [("rule set", rs) for rs in all_rulesets()] + [("module", m) for m in all_modules()]


@pytest.mark.parametrize("kind, owner", _owners(), ids=lambda x: getattr(x, "name", x))
def test_each_declared_capability_is_there_and_of_its_type_and_each_undeclared_one_is_none(kind: str, owner: object) -> None:
    """The contract (core/contract.py): a capability in ``offers`` is given by its method, of its
    declared type; one not declared answers ``None`` (the one way to be absent), and ``need``
    refuses it naming it. The capabilities that take a game (a host, a seat's view) are asked
    of a game of the rule set's first case."""
    from grapeshot.core.contract import CAPABILITIES, HOST, VIEW
    from grapeshot.core.module import Module, all_modules
    from grapeshot.core.ruleset import Ruleset

    assert isinstance(owner, (Ruleset, Module))
    offers = owner.offers
    game = Game(owner.name, load(FIRST_CASE[owner.name], owner.name), seed=1, log=False) if isinstance(owner, Ruleset) and owner.name in FIRST_CASE else None
    for cap in CAPABILITIES:
        if kind not in cap.owners:
            assert cap not in offers
            continue
        if cap is HOST:
            assert isinstance(owner, Ruleset)
            if game is not None:
                hosted = {m.name: owner.host(m.name, game) for m in all_modules()}
                for m in all_modules():
                    found = hosted[m.name]
                    assert found is None or (HOST in offers and m.refusal(found) is None), f"{owner.name} hosts {m.name} undeclared"
                if HOST in offers:
                    assert any(v is not None for v in hosted.values()), f"{owner.name} declares it hosts modules but hosts none"
            with pytest.raises(Lacking, match="has no host for the module 'no-such-module'"):
                owner.need(HOST, "no-such-module", game)
            continue
        if cap is VIEW:
            if isinstance(owner, Module):
                value = owner.view(None, None) if VIEW not in offers else None
                assert value is None, f"the module {owner.name} gives a view it does not declare"
            elif game is not None:
                for seat in (*owner.seats_of(game.state), None):
                    seen = owner.view(game.state, seat)
                    assert isinstance(seen, dict)
                    if VIEW not in offers:
                        assert seen == owner.describe(game.state), f"{owner.name} hides from {seat} but does not declare a view"
            if VIEW not in offers:
                with pytest.raises(Lacking, match=f"'{owner.name}' has no view of its own"):
                    owner.need(VIEW, None, None)
            continue
        value = getattr(owner, cap.name)()
        if cap in offers:
            assert value is not None and cap.holds(value), f"{owner.name} declares {cap.name} but gives {value!r}"
            assert type(owner.need(cap)) is type(value) and type(owner.need(cap.name)) is type(value)
        else:
            assert value is None, f"{owner.name} gives {cap.name} without declaring it"
            with pytest.raises(Lacking, match=f"'{owner.name}' has no {cap.words}"):
                owner.need(cap)
            assert owner.offer(cap) is None


def test_the_contract_lists_every_capability_once_each_a_method_answering_none_by_default() -> None:
    """Every capability is a method of the base class that a rule set (or module) says nothing
    about answers ``None`` from; a name that is no capability, or an ``offers`` naming something
    else, is refused by name."""
    from grapeshot.core.contract import BY_NAME, CAPABILITIES, DOCUMENTS, declared
    from grapeshot.core.module import Module
    from grapeshot.core.ruleset import Ruleset

    assert len(BY_NAME) == len(CAPABILITIES)
    assert {"documents", "host", "view", "players", "explainer"} <= set(BY_NAME)
    for cap in CAPABILITIES:
        for base, kind in ((Ruleset, "rule set"), (Module, "module")):
            if kind in cap.owners:
                assert callable(getattr(base, cap.name)), f"{base.__name__} has no {cap.name} method"
    assert get("toy").documents() is None  # the one way to be absent: not an empty tuple
    with pytest.raises(ValueError, match="unknown capability 'telepathy'"):
        get("toy").need("telepathy")
    with pytest.raises(ValueError, match="unknown capability 'documents' of a module"):
        get_module_named("collisions").need(DOCUMENTS)
    with pytest.raises(TypeError, match="not a capability"):
        declared({"players"}, "rule set", "typo")


def get_module_named(name: str) -> object:
    from grapeshot.core.module import get_module

    return get_module(name)


@pytest.mark.parametrize("ruleset", sorted({rs.name for rs in all_rulesets()}))
def test_a_seat_naming_no_player_gets_a_player_its_rule_set_has(ruleset: str) -> None:
    """The rule set's ``seat_player`` is one of its players (a rule set without a heuristic never
    gets one), and a scenario's seat that names none gets it."""
    from grapeshot.agents import factories

    rs = get(ruleset)
    assert rs.seat_player in factories(rs)
    if rs.players() is None:
        assert rs.seat_player == "random"
    if ruleset in FIRST_CASE:
        raw = dict(load(FIRST_CASE[ruleset], ruleset).raw)
        raw["seats"] = [{"id": s["id"]} for s in raw["seats"]]
        assert {s.player for s in parse_scenario(raw, "test").seats} == {rs.seat_player}


def test_the_default_rule_set_is_the_one_installed_rule_set_that_declares_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chosen by declaration, not by the order the entry points are found in: two declaring it,
    or none among several, is refused naming them."""
    from importlib.metadata import entry_points

    from grapeshot.core.ruleset import default_ruleset

    installed = [get(ep.name) for ep in entry_points(group="grapeshot.rulesets")]
    declared = [rs for rs in all_rulesets() if rs.default]
    assert len(declared) == 1 and declared[0] in installed
    assert default_ruleset() is declared[0]
    monkeypatch.setattr(type(get("toy")), "default", True)
    with pytest.raises(ValueError, match=f"several installed rule sets declare themselves the default: .*{declared[0].name}.*toy"):
        default_ruleset()
    monkeypatch.setattr(type(get("toy")), "default", False)
    monkeypatch.setattr(type(declared[0]), "default", False)
    with pytest.raises(ValueError, match="no installed rule set declares itself the default"):
        default_ruleset()


def test_no_generic_part_probes_for_a_capability_or_keeps_the_older_re_roll_hooks() -> None:
    """Capabilities are asked through the declared contract: no ``getattr``/``hasattr`` on a
    capability's name (or a player's ``module_answer``) anywhere in the package, and the older
    re-roll hooks are gone from the base class and from every rule set."""
    import re
    from pathlib import Path

    import grapeshot
    from grapeshot.core.contract import CAPABILITIES
    from grapeshot.core.ruleset import Ruleset

    names = "|".join([*(c.name for c in CAPABILITIES), "module_answer", "reroll_seat", "used_reroll"])
    probe = re.compile(rf"\b(?:getattr|hasattr)\([^)]*['\"](?:{names})['\"]")
    root = Path(grapeshot.__file__).parent
    found = [f"{p.relative_to(root)}:{n}" for p in root.rglob("*.py") for n, line in enumerate(p.read_text().splitlines(), 1) if probe.search(line)]
    assert not found, f"capabilities probed by name: {found}"
    for rs in [Ruleset, *map(type, all_rulesets())]:
        assert not hasattr(rs, "reroll_seat") and not hasattr(rs, "used_reroll"), rs


def test_every_shipped_phrasebook_is_the_core_s_one_made_of_parts() -> None:
    """The phrasebooks share one class (core/phrases.py): each rule set and module brings its
    sentences and labels, not a class of its own; a value no label words is made readable."""
    from grapeshot.core.module import all_modules
    from grapeshot.core.phrases import Phrases

    shipped = [x for x in (*all_rulesets(), *all_modules()) if type(x).__module__.startswith("grapeshot.rulesets.")]
    assert {x.name for x in shipped} >= {"jimlad", "woodenships", "navalwarhammer", "collisions"}
    for x in shipped:
        book = x.phrasebook()
        assert isinstance(book, Phrases), x.name
        assert book.label("no-such-category", "a-value_here") == "a value here"


def test_a_rule_set_s_hooks_and_a_module_s_have_one_shape() -> None:
    """``invariants(game)`` and ``shapes(game, seat)`` are asked the same way of a rule set (its
    web plugin's shapes) and of a module; every plugin's shapes draw a game for each seat."""
    import inspect

    from grapeshot.core.module import Module
    from grapeshot.core.ruleset import Ruleset

    def params(f: Callable[..., object]) -> list[str]:
        return list(inspect.signature(f).parameters)

    assert params(Ruleset.invariants) == params(Module.invariants) == ["self", "game"]
    assert params(Module.shapes) == ["self", "game", "seat"]
    drawn = 0
    for rs in all_rulesets():
        plugin = rs.web()
        if plugin is None or plugin.shapes is None or rs.name not in FIRST_CASE:
            continue
        g = Game(rs, load(FIRST_CASE[rs.name], rs.name), seed=2, log=False)
        for seat in (*rs.seats_of(g.state), None):
            shapes = plugin.shapes(g, seat)
            assert isinstance(shapes, list) and all(isinstance(sh, dict) and "kind" in sh for sh in shapes)
        assert not rs.invariants(g)
        drawn += 1
    assert drawn >= 2
