"""The boarding phase: boarding actions (JL-BOARD-*) and takeovers of drifting hulks (JL-KREW-6)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, cast

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.ruleset import Outcome
from grapeshot.rulesets.jimlad import victory
from grapeshot.rulesets.jimlad.actions import Takeover
from grapeshot.rulesets.jimlad.krew import take_over, takeover_options
from grapeshot.rulesets.jimlad.prompts import TakeoverPrompt
from grapeshot.rulesets.jimlad.state import Sea


def boarding_phase(g: Game, sea: Sea) -> Generator[Prompt, Any, Outcome | None]:
    """In turn sequence, each seat may take over drifting hulks within reach (JL-KREW-6)."""
    for seat in sea.order:
        while True:
            options = takeover_options(sea, seat)
            if not options:
                break
            answer = yield TakeoverPrompt(seats=(seat,), rule="JL-KREW-6", text="send krew to take over a drifting hulk?", accepts=(Takeover,), options=options)
            choice = cast(Takeover, answer)
            if choice.hulk is None or choice.crew_from is None:
                break
            take_over(g, sea, sea.ships[choice.hulk], sea.ships[choice.crew_from])
            outcome = victory.check(g, sea)
            if outcome is not None:
                return outcome
    return None
