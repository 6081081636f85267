"""Every host of the collisions module passes the host-conformance harness (:mod:`.conformance`),
at the start of a game and part way through; and a host breaking a contract is caught by it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from tests.rulesets.collisions.conformance import CHECKS, Check, HostCase, a_figure_put_aboard_is_there, advance, vessels_are_known
from tests.rulesets.collisions.harbour_host import HarbourHost
from tests.rulesets.collisions.support import brawl

#: the Wooden Ships scenarios that switch the module on
WS_SCENARIOS = ("galley-fight", "boat-swarm-plan", "wreck")


def ws_game(name: str) -> Callable[[], Game]:
    return lambda: Game("woodenships", load_scenario(name, "woodenships"), seed=1)


#: the hosts: the harbour (the module's test host) and Wooden Ships' scenarios with the module on
HOSTS = (HostCase("harbour", lambda: Game("harbour", brawl(), seed=1)), *(HostCase(f"woodenships/{n}", ws_game(n)) for n in WS_SCENARIOS))


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("host", HOSTS, ids=lambda h: h.name)
@pytest.mark.parametrize("answers", [0, 60], ids=["start", "played"])
def test_the_host_keeps_the_ports_contracts(host: HostCase, check: Check, answers: int) -> None:
    game = advance(host.make(), answers)
    assert "collisions" in game.modules
    assert check(game) == []


def test_the_harness_catches_a_host_that_puts_a_figure_elsewhere(monkeypatch: pytest.MonkeyPatch) -> None:
    """A host whose ``put_aboard`` leaves the figure a little off where it was put fails."""
    real = HarbourHost.put_aboard

    def astray(self: HarbourHost, game: Game, figure: str, vessel: str, at: object, station: object) -> None:
        from grapeshot.geometry import Vec

        assert isinstance(at, Vec)
        real(self, game, figure, vessel, Vec(at.x + 0.1, at.y), station)  # type: ignore[arg-type]

    monkeypatch.setattr(HarbourHost, "put_aboard", astray)
    problems = a_figure_put_aboard_is_there(HOSTS[0].make())
    assert len(problems) == 1 and "stands at" in problems[0]


def test_the_harness_catches_a_size_class_the_module_does_not_know(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HarbourHost, "size_class", lambda self, game, vessel: "galleon")
    assert any("size class 'galleon'" in p for p in vessels_are_known(HOSTS[0].make()))
