"""What the web table tells of its rule sets, and the routes their web plugins ask through.

The lobby lists every installed rule set (``GET /api/rulesets``): its options with their words
and rules, its scenarios with the options and modules each sets, the rule modules it can host
with their options, who may play a seat (a person, a level: easy, normal or hard, in the rule
set's words, or one of ``agents.factories``), and where
its web plugin is, and the pages it prints (``printables``).  A game's page asks its rule set's
plugin for previews through a generic route, and reads the rule set's words for the values it shows
(``/api/rulesets/{name}/words``, from the phrasebook).  Nothing here names a rule set.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from grapeshot.core.capabilities import WebPlugin
from grapeshot.core.contract import HOST
from grapeshot.core.errors import ScenarioError
from grapeshot.core.game import Game
from grapeshot.core.module import Module, all_modules, get_module
from grapeshot.core.printing import pages_json
from grapeshot.core.ruleset import Option, Ruleset
from grapeshot.core.scenario import Catalogue, Scenario, with_modules
from grapeshot.report import Words
from grapeshot.server.fleets import documents_of
from grapeshot.server.tables import Denied, levels_of, players_of, web_of

#: the most query parameters a preview takes, and the longest value
MOST_PARAMS = 20
LONGEST_VALUE = 200


def option_json(o: Option, prefix: str = "") -> dict[str, Any]:
    """An option as the lobby shows it: its name (``<module>.<name>`` for a module's), default,
    choices or bounds, the rule it reads, and its words."""
    return {
        "name": prefix + o.name,
        "default": o.default,
        "choices": None if o.choices is None else list(o.choices),
        "bounds": None if o.bounds is None else list(o.bounds),
        "rule": o.rule,
        "doc": o.doc,
        "kind": o.kind.__name__,
    }


def scenario_json(name: str | None, sc: Scenario) -> dict[str, Any]:
    """A scenario as the lobby shows it: its seats, and the options and modules it sets itself
    (which the house rules start from)."""
    return {
        "name": name,
        "ruleset": sc.ruleset,
        "title": sc.title,
        "description": sc.description,
        "seats": [{"id": s.id, "name": s.name, "player": s.player} for s in sc.seats],
        "options": dict(sc.options),
        "modules": list(sc.modules),
    }


def module_json(m: Module, hosted: bool | None) -> dict[str, Any]:
    """A rule module as the lobby offers it: its switch, its options, and whether the rule set
    can host it (``None``: not known until a game is made)."""
    return {"name": m.name, "title": m.title, "hosted": hosted, "options": [option_json(o, f"{m.name}.") for o in m.options]}


class Listing:
    """The lobby's listing of the installed rule sets, worked out once (the catalogue is fixed
    when the server starts)."""

    def __init__(self, catalogue: Catalogue, rulesets: list[Ruleset]) -> None:
        self.catalogue = catalogue
        self.rulesets = sorted(rulesets, key=lambda r: r.name)
        self._cache: dict[str, dict[str, Any]] = {}

    def of(self, rs: Ruleset) -> dict[str, Any]:
        if rs.name not in self._cache:
            names = self.catalogue.names(rs.name)
            scenarios = [scenario_json(n, self.catalogue.get(n, rs.name)) for n in names]
            plugin = rs.web()
            self._cache[rs.name] = {
                "name": rs.name,
                "title": rs.title,
                "aliases": list(rs.aliases),
                "options": [option_json(o) for o in rs.options],
                "scenarios": scenarios,
                "modules": [module_json(m, self._hosts(rs, m, names)) for m in sorted(all_modules(), key=lambda m: m.name)],
                "players": players_of(rs),
                "levels": levels_of(rs),
                "web": web_of(rs),
                "previews": [] if plugin is None else [p.question.to_json() for p in plugin.previews.values()],
                "printables": pages_json(rs),
                "documents": documents_of(rs),
            }
        return self._cache[rs.name]

    def all(self) -> list[dict[str, Any]]:
        return [self.of(rs) for rs in self.rulesets]

    def _hosts(self, rs: Ruleset, module: Module, scenarios: list[str]) -> bool | None:
        """Whether the rule set hosts the module, asked of a game of its first scenario."""
        if not scenarios:
            return None
        try:
            game = Game(rs, self.catalogue.get(scenarios[0], rs.name), seed=0, log=False)
        except ScenarioError:
            return None
        host = rs.offer(HOST, module.name, game)
        return host is not None and module.refusal(host) is None


def words(rs: Ruleset) -> dict[str, dict[str, str]]:
    """The words of every value the rule set's page shows people (its plugin's ``labels``), from
    its phrasebook: ``{category: {value: words}}``."""
    plugin = rs.web()
    book = Words([b for b in (rs.phrasebook(),) if b is not None])
    if plugin is None:
        return {}
    return {category: {value: book.label(category, value) for value in values} for category, values in plugin.labels.items()}


def offered(entry: Mapping[str, Any]) -> list[str]:
    """The modules a rule set's games may play, from its listing: those it hosts (and those it
    may host, where it has no scenario to ask)."""
    return [m["name"] for m in entry["modules"] if m["hosted"] is not False]


def _choices(modules: Sequence[str], hostable: Sequence[str]) -> str:
    on = [m for m in hostable if m not in modules]
    return f"it plays {list(modules) or 'none'}; the modules it can switch on are {on or 'none'}, off {list(modules) or 'none'}"


def hosted(sc: Scenario, hostable: Sequence[str], field: str) -> None:
    """Refuse a scenario naming a module its rule set cannot host (400 naming the module and
    those it can), before any game is made of it."""
    for i, m in enumerate(sc.modules):
        if m not in hostable:
            raise Denied(400, f"{field}: modules[{i}]: the rule set {sc.ruleset!r} cannot host the module {m!r}; it can host {list(hostable) or 'none'}", field)


def switch_modules(sc: Scenario, switches: Mapping[str, bool], hostable: Sequence[str]) -> Scenario:
    """The scenario with rule modules switched on or off (the lobby's switches).  A module not
    installed, one the rule set cannot host (``hostable``: :func:`offered`), named twice, or a
    switch that changes nothing (on where the scenario plays it, off where it does not) is
    refused, naming it and the switches the scenario has."""
    if not switches:
        return sc
    modules = list(sc.modules)
    seen: set[str] = set()
    for name, on in switches.items():
        field = f"modules.{name[:40]}"
        try:
            module = get_module(name).name
        except ValueError as err:
            raise Denied(400, f"{field}: {err}", field) from None
        if module in seen:
            raise Denied(400, f"{field}: the module {module!r} is switched twice", field)
        seen.add(module)
        if on == (module in sc.modules):
            did = "already plays" if on else "does not play"
            raise Denied(
                400, f"{field}: switched {'on' if on else 'off'}, which changes nothing: the scenario {did} {module!r}; {_choices(sc.modules, hostable)}", field
            )
        if on and module not in hostable:
            raise Denied(400, f"{field}: the rule set {sc.ruleset!r} cannot host the module {module!r}; {_choices(sc.modules, hostable)}", field)
        if on:
            modules.append(module)
        else:
            modules.remove(module)
    return with_modules(sc, modules)


def _plugin(game: Game) -> WebPlugin:
    plugin = game.ruleset.web()
    if plugin is None:
        raise Denied(404, f"the rule set {game.ruleset.name!r} has no web table plugin, so nothing to preview")
    return plugin


def preview(game: Game, seat: str | None, name: str, query: Mapping[str, str]) -> dict[str, Any]:
    """Answer one of the plugin's previews from a request's query: each value read and checked by
    its parameter (a bad one is refused naming it), nothing in the game changed."""
    plugin = _plugin(game)
    found = plugin.previews.get(name)
    if found is None:
        raise Denied(404, f"no preview {name!r}; the {game.ruleset.name} table has {', '.join(plugin.previews) or 'none'}")
    q = found.question
    if len(query) > MOST_PARAMS:
        raise Denied(422, f"the preview {name!r} takes at most {MOST_PARAMS} parameters")
    given: dict[str, object] = {}
    for key, text in query.items():
        p = q.param(key)
        if p is None:
            takes = ", ".join(x.name for x in q.params)
            raise Denied(422, f"{key[:40]}: the preview {name!r} takes no such parameter; it takes {takes}", key[:40])
        if len(text) > LONGEST_VALUE:
            raise Denied(422, f"{key}: at most {LONGEST_VALUE} characters", key)
        try:
            given[p.name] = p.parse(text, key)
        except ValueError as err:
            raise Denied(422, str(err), key) from None
    try:
        values = q.values(given)
    except ValueError as err:
        raise Denied(422, str(err)) from None
    try:
        return found.answer(game, seat, values)
    except LookupError as err:
        raise Denied(404, str(err).strip("'\"")) from None
    except ValueError as err:
        raise Denied(422, str(err)) from None
