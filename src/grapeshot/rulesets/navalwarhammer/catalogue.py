"""Naval Warhammer's catalogue of discrete actions for learning agents: one section per prompt
kind the engine asks a seat, each template a kind of answer with its parameters, and the way
a template turns into the engine action it stands for now.

The catalogue is fixed once per scenario from its start (:class:`Slots`): the ships (and the
boats each may launch, named as the engine will name them), the units that shoot, the wizards,
the part keys of every hull.  How each prompt is discretised is written in
:mod:`.encoding`'s docstring, the grids' one place.

Three ways a template becomes an action:

* *built*: a steering share, turn, end and ram, or a shove-off bearing and share, gives the
  ``Steer``/``ShoveOff`` directly, and the prompt's own check masks it;
* *looked up*: the listed prompts (shooting, magic, boats, flyers, propulsion, boarders across,
  cutting loose, consolidation, re-rolls) list every legal answer; each listed answer has a
  *key* (:func:`answer_key`: its shooter slot, ship slot and part, or the rank of its unit or
  aim point among those listed at that ship) and a template stands for the listed answer with
  its key, if there is one;
* *in steps*: the prompts answered one part per unit (the crew's work, charge reactions, moves on
  deck) take one step per unit, in the prompt's order; each step's template is a word of that
  prompt's vocabulary, the units still to come filled with their first choice.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from grapeshot.core.actions import Action, Reroll
from grapeshot.core.capabilities import ActionTemplate, SeatView
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt, RerollPrompt
from grapeshot.geometry import Vec, bearing, norm_deg
from grapeshot.rulesets.navalwarhammer.actions import (
    Across,
    Cast,
    Consolidate,
    CrewOrders,
    CutLoose,
    DeckMoves,
    Fly,
    Launch,
    Propel,
    Reactions,
    Shoot,
    ShoveOff,
    Steer,
)
from grapeshot.rulesets.navalwarhammer.data import TURNS
from grapeshot.rulesets.navalwarhammer.harbour import boat_places
from grapeshot.rulesets.navalwarhammer.measures import premeasured
from grapeshot.rulesets.navalwarhammer.prompts import (
    SHARES,
    SHOVE_SHARES,
    AcrossPrompt,
    ConsolidatePrompt,
    CrewPrompt,
    CutLoosePrompt,
    DeckMovesPrompt,
    FlyPrompt,
    LaunchPrompt,
    ListPrompt,
    PartsPrompt,
    PropelPrompt,
    ReactionsPrompt,
    ShootPrompt,
    ShoveOffPrompt,
    SteerPrompt,
    refusal,
    shots,
    shoves,
)
from grapeshot.rulesets.navalwarhammer.state import Sea
from grapeshot.rulesets.navalwarhammer.water import centre_of

#: every prompt kind a Naval Warhammer seat is asked, in the order of the catalogue's sections
PROMPT_KINDS: tuple[str, ...] = (
    "CrewPrompt",
    "LaunchPrompt",
    "FlyPrompt",
    "PropelPrompt",
    "SteerPrompt",
    "ReactionsPrompt",
    "DeckMovesPrompt",
    "AcrossPrompt",
    "CutLoosePrompt",
    "ShoveOffPrompt",
    "ConsolidatePrompt",
    "CastPrompt",
    "ShootPrompt",
    "RerollPrompt",
)
#: the words of the prompts answered one part per unit (:mod:`.crew`'s choices), decline first
PART_WORDS: dict[str, tuple[str, ...]] = {
    "CrewPrompt": ("work", "free", "work below", "free below"),
    "ReactionsPrompt": ("hold", "stand-and-shoot", "prepare-to-rail", "prepare-back"),
    "DeckMovesPrompt": ("stay", "rail", "charge", "home", "prize"),
}
#: how a ship may move: (mode, full throttle), the moored ship's two first
PROPULSION: tuple[tuple[str, bool], ...] = (
    ("stay", False),
    ("cast-off", False),
    ("sail", False),
    ("oars", False),
    ("steam", False),
    ("steam", True),
    ("magic", False),
)
#: enemy units aboard one ship a shot or a spell may name, by their order in the prompt's list
UNIT_RANKS = 8
#: a war machine's aim points at one ship (the prompt's grid: 4" and 2" short of the hull, at
#: the hull, at its centre; the centre alone where the line of fire misses the hull)
AIM_RANKS = 4
#: the compass points (degrees from the bow for shoving off, absolute for flyers)
COMPASS = tuple(45.0 * k for k in range(8))


@dataclass(frozen=True, slots=True)
class Template(ActionTemplate):
    """A catalogue entry.  Steering: ``share``, ``turn`` (degrees to port), ``at``, ``ram``;
    shoving off: ``bearing`` and ``share`` (of the most she may shove off, ``SHOVE_SHARES``); a
    step of a parts prompt: ``word``; a listed answer: its ``key`` (see :func:`answer_key`)."""

    share: int = 0
    turn: float = 0.0
    at: str = "start"
    ram: bool = False
    bearing: float = 0.0
    word: str = ""
    key: Hashable = None


@dataclass(frozen=True)
class Slots:
    """The scenario's pieces in a fixed order: ship slots (each ship, then the boats it may
    launch), shooter slots (each unit with missiles or a war machine, then each boat's crew),
    wizard slots, and the part keys of every hull (a boat's included)."""

    ships: tuple[str, ...]
    boats: tuple[str, ...]
    shooters: tuple[str, ...]
    wizards: tuple[str, ...]
    parts: tuple[str, ...]
    launchers: int
    most_models: int

    @classmethod
    def of(cls, sea: Sea) -> Slots:
        boats = tuple(f"{n}'s boat {k}" for n, s in sea.ships.items() for k in range(1, s.boats + 1))
        with_boats = [s for s in sea.ships.values() if s.boats > 0]
        return cls(
            ships=(*sea.ships, *boats),
            boats=boats,
            shooters=tuple(n for n, u in sea.units.items() if u.is_machine or u.missile is not None),
            wizards=tuple(n for n, u in sea.units.items() if u.wizard > 0),
            parts=tuple(sorted({p for s in sea.ships.values() for p in s.parts} | {"hull", "oars", "rudder"})),
            launchers=max((len(sea.crew(s.name)) for s in with_boats), default=0),
            most_models=max((u.models for u in sea.units.values()), default=1),
        )

    def shooter_slot(self, sea: Sea, unit: str) -> int | None:
        """A unit's shooter slot: its own, or its boat's for a crew that came aboard a launched boat."""
        if unit in self.shooters:
            return self.shooters.index(unit)
        home = sea.units[unit].home if unit in sea.units else ""
        if home in self.boats:
            return len(self.shooters) + self.boats.index(home)
        return None

    def shooter_words(self) -> list[str]:
        return [*self.shooters, *(f"the crew of {b}" for b in self.boats)]


def templates(slots: Slots) -> tuple[Template, ...]:
    """The whole catalogue, section by section in :data:`PROMPT_KINDS` order (with its sizes)."""
    out: list[Template] = []
    for kind in ("CrewPrompt",):
        out += [Template(kind, w, w, word=w) for w in PART_WORDS[kind]]
    out.append(Template("LaunchPrompt", "none", "launch no boat", key=("none",)))
    for side in ("port", "starboard"):
        for r in range(slots.launchers):
            for n in range(2, boat_places() + 1):
                out.append(Template("LaunchPrompt", "launch", f"launch to {side} with {n} of the crew's unit {r + 1}", key=(side, r, n)))
    out.append(Template("FlyPrompt", "stay", "stay", key=("stay",)))
    out += [Template("FlyPrompt", "deck", f"fly onto {s}", key=("deck", j)) for j, s in enumerate(slots.ships)]
    out += [Template("FlyPrompt", "water", f"fly over the water towards {d:.0f} degrees", key=("water", d)) for d in COMPASS]
    out += [Template("PropelPrompt", m, m + (" at full throttle" if t else ""), key=(m, t)) for m, t in PROPULSION]
    for k, share in enumerate(SHARES):
        for turn in TURNS:
            for at in ("start", "end") if turn else ("start",):
                side = "" if not turn else f", turning {abs(turn):g} to {'port' if turn > 0 else 'starboard'} at the {at}"
                for ram in (False, True):
                    label = f"{int(share * 100)}% of the allowance{side}" + (", ramming" if ram else "")
                    out.append(Template("SteerPrompt", "ram" if ram else "steer", label, share=k, turn=turn, at=at, ram=ram))
    for kind in ("ReactionsPrompt", "DeckMovesPrompt"):
        out += [Template(kind, w, w, word=w) for w in PART_WORDS[kind]]
    out += [Template("AcrossPrompt", "across", f"move {n} across", key=(n,)) for n in range(slots.most_models + 1)]
    out += [Template("CutLoosePrompt", "stay", "stay grappled", key=(False,)), Template("CutLoosePrompt", "cut", "try to cut loose", key=(True,))]
    out.append(Template("ShoveOffPrompt", "stay", "stay"))
    out += [
        Template("ShoveOffPrompt", "shove", f"{'all' if k == 1.0 else f'{k:g}'} of the shove off towards {d:.0f} degrees from the bow", share=i, bearing=d)
        for d in COMPASS
        for i, k in enumerate(SHOVE_SHARES)
    ]
    out += [Template("ConsolidatePrompt", "hold", "hold", key=(False,)), Template("ConsolidatePrompt", "consolidate", "consolidate", key=(True,))]
    out.append(Template("CastPrompt", "end", "end the magic phase", key=("end",)))
    for i, w in enumerate(slots.wizards):
        for j, s in enumerate(slots.ships):
            for t in (*("rigging", "hull"), *(f"unit {r + 1}" for r in range(UNIT_RANKS))):
                out.append(Template("CastPrompt", "cast", f"{w} casts at {t} aboard {s}", key=(i, j, t)))
    out.append(Template("ShootPrompt", "end", "end the shooting", key=("end",)))
    for i, u in enumerate(slots.shooter_words()):
        for j, s in enumerate(slots.ships):
            targets = [*slots.parts, *(f"unit {r + 1}" for r in range(UNIT_RANKS)), *(f"aim {r + 1}" for r in range(AIM_RANKS))]
            out += [Template("ShootPrompt", "shoot", f"{u} at {t} of {s}", key=(i, j, t)) for t in targets]
    out += [Template("RerollPrompt", "keep", "keep the roll", key=("keep",)), Template("RerollPrompt", "reroll", "re-roll the whole roll", key=("whole",))]
    return tuple(out)


# --------------------------------------------------------------------------- listed answers and their keys


def listed(sea: Sea, p: Prompt) -> list[Action]:
    """Every legal answer the prompt lists (a shooting prompt: its grid of shots)."""
    if isinstance(p, ListPrompt):
        return list(p.answers)
    if isinstance(p, ShootPrompt):
        # the seat's own listing: guessing guns aimed by eye unless the table pre-measures (.measures)
        by_eye = not premeasured(sea)
        out: list[Action] = [Shoot()]
        for s in p.open():
            out += [a for a in shots(sea, s, by_eye=by_eye) if refusal(sea, s, a) is None]
        return out
    if isinstance(p, RerollPrompt):
        return list(p.choices())
    return []


def _ranked(sea: Sea, answers: Sequence[Action], slots: Slots) -> dict[Hashable, Action]:
    """The keys of a prompt's listed answers (the first answer wins a key two would share)."""
    out: dict[Hashable, Action] = {}
    ranks: dict[Hashable, list[object]] = {}
    for a in answers:
        key = answer_key(sea, a, slots, ranks)
        if key is not None and key not in out:
            out[key] = a
    return out


def answer_key(sea: Sea, a: Action, slots: Slots, ranks: dict[Hashable, list[object]]) -> Hashable:
    """The key of one listed answer (``None``: no template stands for it).  ``ranks`` numbers
    the things that are ranked (the units and aim points a shot or a spell names at one ship,
    the units that may crew a boat) in the order the prompt lists them."""

    def rank(group: Hashable, item: object) -> int:
        seen = ranks.setdefault(group, [])
        if item not in seen:
            seen.append(item)
        return seen.index(item)

    if isinstance(a, Launch):
        if a.side is None:
            return ("none",)
        r = rank("launch", a.unit)
        return (a.side, r, a.models) if r < slots.launchers else None
    if isinstance(a, Fly):
        if a.to is not None:
            return ("deck", slots.ships.index(a.to)) if a.to in slots.ships else None
        if a.x is None or a.y is None:
            return ("stay",)
        u = sea.units[a.unit]
        d = norm_deg(bearing(centre_of(sea, u), Vec(a.x, a.y)))
        return ("water", (round(d / 45.0) % 8) * 45.0)
    if isinstance(a, Propel):
        return (a.mode, a.throttle)
    if isinstance(a, Across):
        return (a.models,)
    if isinstance(a, CutLoose):
        return (a.attempt,)
    if isinstance(a, Consolidate):
        return (a.consolidate,)
    if isinstance(a, Reroll):
        return ("whole",) if a.whole else ("keep",) if a.die is None else None
    if isinstance(a, Cast):
        if a.wizard is None:
            return ("end",)
        if a.wizard not in slots.wizards or a.ship not in slots.ships:
            return None
        i, j = slots.wizards.index(a.wizard), slots.ships.index(a.ship)
        if a.target in ("rigging", "hull"):
            return (i, j, a.target)
        r = rank(("cast", i, j), a.target)
        return (i, j, f"unit {r + 1}") if r < UNIT_RANKS else None
    if isinstance(a, Shoot):
        if a.shooter is None:
            return ("end",)
        k = slots.shooter_slot(sea, a.shooter)
        if k is None or a.ship not in slots.ships:
            return None
        s = slots.ships.index(a.ship)
        ship = sea.ships.get(a.ship)
        if a.target == "":
            r = rank(("aim", k, s), (a.x, a.y))
            return (k, s, f"aim {r + 1}") if r < AIM_RANKS else None
        if ship is not None and a.target in ship.parts:
            return (k, s, a.target)
        r = rank(("unit", k, s), a.target)
        return (k, s, f"unit {r + 1}") if r < UNIT_RANKS else None
    return None


# --------------------------------------------------------------------------- the catalogue at work


class Answers:
    """Turns a template into the engine action it stands for now, for one scenario's catalogue;
    keeps the keyed list of the prompt last asked about (a prompt is asked of one state)."""

    def __init__(self, game: Game) -> None:
        sea = cast(Sea, game.state)
        self.slots = Slots.of(sea)
        self.templates = templates(self.slots)
        self._for: Prompt | None = None
        self._keyed: dict[Hashable, Action] = {}

    def keyed(self, sea: Sea, p: Prompt) -> dict[Hashable, Action]:
        if self._for is not p:
            self._for, self._keyed = p, _ranked(sea, listed(sea, p), self.slots)
        return self._keyed

    def steps(self, view: SeatView) -> int:
        p = view.prompt
        return max(1, len(p.options)) if isinstance(p, PartsPrompt) else 1

    def step_unit(self, view: SeatView) -> str | None:
        """The unit the step at hand of a parts prompt concerns."""
        p = view.prompt
        if not isinstance(p, PartsPrompt):
            return None
        units = list(p.options)
        return units[len(view.picks)] if len(view.picks) < len(units) else None

    def action_for(self, view: SeatView, index: int) -> Action | None:
        t = self.templates[index]
        p = view.prompt
        sea = cast(Sea, view.state)
        if p is None or t.prompt != p.kind:
            return None
        if isinstance(p, SteerPrompt):
            d = p.least + (p.most - p.least) * SHARES[t.share]  # as the prompt's own grid has it
            return Steer(p.ship, d, t.turn, t.at, t.ram)
        if isinstance(p, ShoveOffPrompt):
            if t.kind == "stay":
                return ShoveOff(p.ship, 0.0, 0.0)
            return ShoveOff(p.ship, norm_deg(p.heading + t.bearing), shoves(p.most)[t.share])
        if isinstance(p, PartsPrompt):
            return self._parts(view, p, t)
        return self.keyed(sea, p).get(t.key)

    def indices_for(self, view: SeatView, answer: Action) -> list[int] | None:
        """The templates, step by step, that give this answer to ``view.prompt`` (the inverse of
        :meth:`action_for`, e.g. to replay a built-in player's answers as catalogue actions);
        None for an answer off the catalogue's grid."""
        p = view.prompt
        if p is None:
            return None
        section = [i for i, t in enumerate(self.templates) if t.prompt == p.kind]
        if isinstance(p, PartsPrompt):
            given = dict(cast(Any, answer).picks) if not isinstance(answer, CrewOrders) else _crew_words(answer, p)
            out: list[int] = []
            for unit in p.options:
                word = given.get(unit, p.options[unit][0])
                found = next((i for i in section if self.templates[i].word == word), None)
                if found is None:
                    return None
                out.append(found)
            return out if self.action_for(SeatView(view.seat, view.state, view.turn, view.phase, p, tuple(out[:-1])), out[-1]) == answer else None
        found = next((i for i in section if self.action_for(view, i) == answer), None)
        return None if found is None else [found]

    def _parts(self, view: SeatView, p: PartsPrompt, t: Template) -> Action | None:
        units = list(p.options)
        done = len(view.picks)
        if done >= len(units):
            return None
        words = [self.templates[i].word for i in view.picks] + [t.word] + [p.options[u][0] for u in units[done + 1 :]]
        picks = tuple(zip(units, words, strict=True))
        if isinstance(p, CrewPrompt):
            return CrewOrders(p.ship, tuple(u for u, w in picks if w.startswith("work")), tuple(u for u, w in picks if w.endswith("below")))
        if isinstance(p, ReactionsPrompt):
            return Reactions(p.ship, picks)
        if isinstance(p, DeckMovesPrompt):
            return DeckMoves(p.ship, picks)
        return None


def _crew_words(a: CrewOrders, p: PartsPrompt) -> dict[str, str]:
    """The word of each unit in crew orders (work or free, on deck or below)."""
    return {u: ("work" if u in a.working else "free") + (" below" if u in a.below else "") for u in p.options}


def focus_ship(view: SeatView) -> str | None:
    """The ship the decision at hand concerns, if one does."""
    p = view.prompt
    sea = cast(Sea, view.state)
    if isinstance(p, (SteerPrompt, PartsPrompt, ShoveOffPrompt)):
        return p.ship
    if isinstance(p, (PropelPrompt, LaunchPrompt, CutLoosePrompt, ConsolidatePrompt)) and p.answers:
        return str(cast(Any, p.answers[0]).ship)
    if isinstance(p, (FlyPrompt, AcrossPrompt)) and p.answers:
        u = sea.units.get(cast(Any, p.answers[0]).unit)
        return None if u is None else u.home
    if isinstance(p, RerollPrompt) and p.request is not None and p.request.actor in sea.ships:
        return p.request.actor
    return None


def section_sizes(ts: Sequence[Template]) -> dict[str, int]:
    """How many templates each prompt kind has (the documentation's figures)."""
    out: dict[str, int] = {}
    for t in ts:
        out[t.prompt] = out.get(t.prompt, 0) + 1
    return out


__all__ = ["PROMPT_KINDS", "Answers", "Slots", "Template", "focus_ship", "section_sizes", "templates"]
