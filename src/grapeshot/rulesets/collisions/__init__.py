"""Collisions, grappling and boarding: a rule module for a host skirmish game
(seeds/collisions-grappling-boarding.txt; rule IDs CG-*).

A scenario switches it on (``modules: [collisions]``) for a host rule set that can carry it:
one whose ``host("collisions", game)`` answers with a :class:`~.protocol.CollisionsHost`.  It
then takes over the host's rules for ships touching (rams, sideswipes, stern shunts, knock-ons),
grappling, boarding (from ships, boats and the water), prizes and prisoners, and sink or swim.
It names no host: everything it needs to know of one (sizes, movement allowance, initiative,
spare crew, the mêlée, decks, damage and sinking, shooting) it asks through the protocol.

The rooms:

* :mod:`.protocol`: what it asks of the host, and the procedures the host calls where;
* :mod:`.state`: what it keeps (grapples, boarding actions, prisoners, swimmers, flotsam, cards);
* :mod:`.placement`: the geometry of conforming, point blank, knock-ons and standing off;
* :mod:`.ships`: hulls, sizes, who conforms, bringing grappled ships together;
* :mod:`.contact`: rams, sideswipes, stern shunts, oars, boats alongside;
* :mod:`.grappling`: grapple attempts, and what follows each vessel's move;
* :mod:`.boarding`: boarding at once or at the boarding step, placing boarders, the mêlée,
  retreat, boats and swimmers swarming aboard with the mishap table, the Cunning Plan;
* :mod:`.prizes`: capture, prize crew and captain, prisoners, the prisoners step;
* :mod:`.water`, :mod:`.swimming`: figures in the water, keeping afloat, swimming, flotsam,
  shooting at swimmers;
* :mod:`.prompts`: its actions and prompts (namespace ``collisions``);
* :mod:`.odds`: the odds of a ram and of a grapple;
* :mod:`.drawing`: what it adds to the web table (grapple lines, swimmers, flotsam, prisoners,
  boarders) as generic shapes;
* :mod:`.rules`, :mod:`.phrases`: its rulebook and its words.

docs/collisions.md describes it, its procedures and protocol, and how a host plugs it in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from grapeshot.core.audit import Auditor
from grapeshot.core.capabilities import OddsQuestions, Phrasebook, TerrainKind
from grapeshot.core.contract import AUDITOR, EXPLAINER, ODDS, PHRASEBOOK, VIEW, Capability
from grapeshot.core.errors import ScenarioError
from grapeshot.core.events import Event
from grapeshot.core.explain import Explainer
from grapeshot.core.game import Game
from grapeshot.core.module import Module, register_module
from grapeshot.core.registry import RuleBook
from grapeshot.core.ruleset import Option
from grapeshot.geometry import base_within, bases_overlap, hulls_overlap
from grapeshot.rulesets.collisions.boarding import boarding_step
from grapeshot.rulesets.collisions.contact import contact
from grapeshot.rulesets.collisions.grappling import grapple, moved, movement_end
from grapeshot.rulesets.collisions.phrases import WORDS
from grapeshot.rulesets.collisions.prizes import prisoners_step
from grapeshot.rulesets.collisions.protocol import (
    BOARD,
    CONTACT,
    DISPLACED,
    FALLEN,
    FIGURE_MOVED,
    GRAPPLE,
    GRAPPLED,
    IN_WATER,
    MOVED,
    MOVEMENT_END,
    OVERBOARD,
    PORTS,
    PRISONERS,
    SHOOT_SWIMMER,
    SHOOTABLE,
    SUNK,
    SWIMMERS,
    CollisionsHost,
    Verdict,
)
from grapeshot.rulesets.collisions.rules import RULEBOOK
from grapeshot.rulesets.collisions.state import NAME, CollisionsState, Flotsam, fallen, figure_moved, grappled, host_of, state_of
from grapeshot.rulesets.collisions.swimming import displaced, in_water, overboard, shoot_swimmer, shootable, sunk, swimmers_step

__all__ = ["COLLISIONS", "FLOTSAM", "NAME", "OPTIONS", "PROCEDURES", "Collisions", "CollisionsHost", "Verdict"]

OPTIONS: tuple[Option, ...] = (
    Option(
        "ram_stacking",
        "all",
        ("all", "no-chart"),
        "CG-RAM-4",
        "a purpose-built ram's 3D6 come on top of the chart's damage and the momentum (all), or take the place of the chart's damage to the target (no-chart)",
    ),
    Option(
        "grapple_extra",
        "beyond-two",
        ("beyond-two", "beyond-one"),
        "CG-GRAP-2",
        "the grapple's +1 is for each grappler beyond the two required, or beyond the first",
    ),
    Option(
        "boarding_deck",
        "model",
        ("model", "template"),
        "CG-BOARD-2",
        "boarders placed on the deck as modelled (its fittings in the way), or on a plain template of the hull",
    ),
    Option("cunning_plan", "", None, "CG-BOARD-5", "the seats holding a Cunning Plan card, comma-separated (a seat named twice holds two)"),
    Option("suspicious_beggar", "", None, "CG-BOARD-5", "the seats with a Suspicious Beggar, who thwarts a Cunning Plan played against them (comma-separated)"),
    Option(
        "swimmer_boarding", "outnumbered", ("outnumbered", "always"), "CG-SWIM-3", "swimmers roll on the mishap table when outnumbered, like boats, or always"
    ),
    Option(
        "third_turn",
        "after-third",
        ("after-third", "on-third"),
        "CG-SWIM-2",
        "the first keep-afloat roll: at the start of a swimmer's fourth turn in the water, or of his third",
    ),
    Option(
        "heavy_swimmers",
        "sink",
        ("sink", "struggle"),
        "CG-SWIM-4",
        "a figure in irons or armour in the water goes down at once, or struggles, unable to swim, rolling each turn",
    ),
    Option("wreckage", True, None, "CG-SWIM-3", "a sunk vessel leaves a piece of flotsam where it went down", bool),
)

#: the scenario terrain a host lists among its ``terrain_kinds`` to carry the module's flotsam
FLOTSAM = TerrainKind("flotsam", ("polygon", "circle"), False, (), "floating wreckage that keeps swimmers afloat (collisions module, CG-SWIM-3)")

#: the steps the host's flow calls, by their handles' names (docs/collisions.md: where, and what
#: each replaces); each bound to its handle, so mypy checks it against the handle's signature
PROCEDURES: Mapping[str, Callable[..., Any]] = dict(
    (
        CONTACT.given(contact),
        GRAPPLE.given(grapple),
        MOVED.given(moved),
        MOVEMENT_END.given(movement_end),
        BOARD.given(boarding_step),
        PRISONERS.given(prisoners_step),
        SWIMMERS.given(swimmers_step),
        SUNK.given(sunk),
        OVERBOARD.given(overboard),
        SHOOT_SWIMMER.given(shoot_swimmer),
        SHOOTABLE.given(shootable),
        IN_WATER.given(in_water),
        DISPLACED.given(displaced),
        FALLEN.given(fallen),
        FIGURE_MOVED.given(figure_moved),
        GRAPPLED.given(grappled),
    )
)


def _cards(game: Game, option: str, value: object) -> dict[str, int]:
    """The seats named in a card option, each as often as it is named."""
    seats = {s.id for s in game.scenario.seats}
    named = [s.strip() for s in str(value).split(",") if s.strip()]
    for s in named:
        if s not in seats:
            raise ScenarioError(
                game.scenario.source, f"options.{NAME}.{option}", f"seats of this scenario ({', '.join(sorted(seats))}), comma-separated", value
            )
    return dict(Counter(named))


class Collisions(Module):
    """The module (see the package docstring)."""

    name: ClassVar[str] = NAME
    title: ClassVar[str] = "Collisions, grappling and boarding"
    options: ClassVar[tuple[Option, ...]] = OPTIONS
    #: the five ports (:mod:`.protocol`): a host lacking any of their methods is refused, by name
    ports: ClassVar[tuple[type, ...]] = PORTS
    #: nothing in its state is hidden from a seat (every seat sees it all): a public save may snapshot it
    open_state: ClassVar[bool] = True
    offers: ClassVar[frozenset[Capability[Any]]] = frozenset({VIEW, AUDITOR, PHRASEBOOK, EXPLAINER, ODDS})

    def setup(self, game: Game, host: object) -> CollisionsState:
        run = game.modules[NAME]
        st = CollisionsState(
            plans=_cards(game, "cunning_plan", run.options["cunning_plan"]), beggars=_cards(game, "suspicious_beggar", run.options["suspicious_beggar"])
        )
        for t in game.scenario.terrain_of(FLOTSAM.name):
            assert t.shape is not None
            st.flotsam.append(Flotsam(t.name, t.shape.points, "scenario"))
        return st

    def procedures(self) -> Mapping[str, Callable[..., Any]]:
        return PROCEDURES

    def view(self, state: Any, seat: str | None) -> dict[str, Any]:
        assert isinstance(state, CollisionsState)
        return state.describe()

    def auditor(self) -> Auditor:
        """Its referee of its records in any host's log (:mod:`.audit`), with no call to its code."""
        from grapeshot.rulesets.collisions.audit import AUDITOR

        return AUDITOR

    def rulebook(self) -> RuleBook:
        return RULEBOOK

    def shapes(self, game: Game, seat: str | None) -> list[dict[str, Any]]:
        """Grapple lines, swimmers, flotsam, prisoners, prize crews and boarders (:mod:`.drawing`)."""
        from grapeshot.rulesets.collisions.drawing import shapes

        return shapes(game)

    def phrasebook(self) -> Phrasebook:
        return WORDS

    def explainer(self) -> Explainer:
        """What each option of its prompts means, with its rules (:mod:`.explain`)."""
        from grapeshot.rulesets.collisions.explain import explain

        return explain

    def odds(self) -> OddsQuestions:
        from grapeshot.rulesets.collisions.odds import ODDS  # the odds engine only when odds are asked

        return ODDS

    def invariants(self, game: Game) -> list[str]:
        """Ships never overlap; swimmers stay on the table, clear of each other, and out of every
        vessel's crew; grapples and boarding actions are between vessels afloat; a prisoner is
        aboard the vessel he is held in; a boarder is aboard a vessel or in the water (the dead
        are in none of the module's lists: ``collisions.fallen``)."""
        h, st = host_of(game), state_of(game)
        vessels = list(h.vessels(game))
        hulls = {v: h.hull(game, v) for v in vessels}
        out = [f"{a} and {b} overlap" for i, a in enumerate(vessels) for b in vessels[i + 1 :] if hulls_overlap(hulls[a], hulls[b])]
        swimmers = list(st.swimmers.values())
        aboard = {f: v for v in vessels for f in h.figures_on(game, v)}
        for i, s in enumerate(swimmers):
            if not base_within(s.base, game.scenario.table):
                out.append(f"swimmer {s.figure} is off the table")
            if s.figure in aboard:
                out.append(f"swimmer {s.figure} is also aboard {aboard[s.figure]}")
            out += [f"swimmers {s.figure} and {o.figure} overlap" for o in swimmers[i + 1 :] if bases_overlap(s.base, o.base)]
        out += [f"grapple {g.a}-{g.b} with a vessel gone" for g in st.grapples if g.a not in hulls or g.b not in hulls]
        out += [f"boarding of {b.target}, which is gone" for b in st.boardings if b.target not in hulls]
        out += [
            f"prisoner {p.figure} held in {p.vessel} is " + (f"aboard {aboard[p.figure]}" if p.figure in aboard else "aboard no vessel (dead?)")
            for p in st.prisoners.values()
            if aboard.get(p.figure) != p.vessel
        ]
        out += [
            f"boarder {f} of {b.seat}'s boarding of {b.target} is aboard no vessel and not in the water (dead?)"
            for b in st.boardings
            for f in b.boarders
            if f not in aboard and f not in st.swimmers
        ]
        return out

    def tallies(self, events: Sequence[Event]) -> dict[str, int]:
        counts: Counter[str] = Counter()
        for e in events:
            kind = e.kind.removeprefix(f"{NAME}.")
            if kind == e.kind:
                continue
            d = e.data
            if kind == "ram":
                counts["rams"] += 1
                counts["run down"] += bool(d["sunk"])
            elif kind in ("sideswipe", "knock-on"):
                counts[f"{kind}s"] += 1
            elif kind == "grapple":
                counts["grapples tried"] += 1
                counts["grapples held"] += bool(d["held"])
            elif kind == "board":
                counts["boarders"] += len(d["placed"])
            elif kind == "capture":
                counts["captures"] += 1
            elif kind in ("sink-or-swim", "afloat", "heavy", "drowned", "mishap"):
                counts["lost in the water"] += bool(
                    d.get("drowned") or d.get("sank") or kind in ("heavy", "drowned") or (kind == "mishap" and d["result"] == "davy-jones" and not d["saved"])
                )
            elif kind == "aboard":
                counts["taken from the water"] += 1
        return dict(counts)


COLLISIONS = register_module(Collisions())
