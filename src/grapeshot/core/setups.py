"""Set-ups kept per scenario: the lab's thousand games of one scenario build its table once.

A rule set's :meth:`~grapeshot.core.ruleset.Ruleset.setup` reads only its scenario and options:
it is given no dice, and nothing hidden decides it (``tests/core/test_no_hidden_randomness``).
So every game of one scenario object under the same options starts from the same state, and
building it again (Naval Warhammer's set-up stands every model of every crew on its deck, the
better part of a short game's time) is work done for nothing.  :func:`initial_state` keeps the
last few set-ups, each as a private copy made by the rule set's own ``clone_state`` (the copy
checkpoints and the odds already trust), and hands each game a fresh copy of it.

A scenario is made from its data alone (``parse_scenario(raw, source, origins)``: a file read,
the lab's fleets assigned, modules switched), so the key is that data as JSON, with the rule set,
its revision and the options: the lab's processes, which parse each game's scenario afresh from
the study's plan, find it too.  The source is not in the key: it only words the errors of a
set-up, and a set-up that fails is not kept.  The web table reads each stored game's scenario
under that game's own name (``game ID (scenario)``), so with the source in the key no two of its
games ever shared a set-up, and each Naval Warhammer game stood its crews again (most of what
creating one cost).  ``enabled`` turns the keeping off (the bench times both ways in
one run).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from grapeshot.core.ruleset import Ruleset
    from grapeshot.core.scenario import Scenario

#: set-ups kept (the lab plays one or a few scenarios at a time, a server's games a few more)
KEPT = 16
#: False: every game builds its set-up (for timing the difference)
enabled = True

_kept: OrderedDict[tuple[str, int, str], Any] = OrderedDict()
#: the server builds games in worker threads: one at a time here
_lock = threading.Lock()


def initial_state(ruleset: Ruleset, scenario: Scenario, options: Mapping[str, object]) -> Any:
    """The state a game of ``scenario`` under ``options`` starts from: the rule set's set-up, or a
    copy of the one built for an earlier game of the same scenario data and options."""
    if not enabled:
        return ruleset.setup(scenario, options)
    made = [scenario.raw, dict(scenario.origins), options]
    key = (ruleset.name, ruleset.revision, json.dumps(made, sort_keys=True, default=repr))
    with _lock:
        kept = _kept.get(key)
        if kept is not None:
            _kept.move_to_end(key)
    if kept is not None:
        return ruleset.clone_state(kept)  # a kept state is never changed: copied outside the lock
    state = ruleset.setup(scenario, options)
    copy = ruleset.clone_state(state)
    with _lock:
        _kept[key] = copy
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return state


def forget() -> None:
    """Drop every kept set-up."""
    with _lock:
        _kept.clear()
