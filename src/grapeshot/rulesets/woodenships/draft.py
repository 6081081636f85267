"""The weapons draft before the game (WS-SETUP-1).

The scenario's fleets put their weapons in one pile.  A roll-off decides who picks first; then
the seats take one weapon at a time, in turn, until the pile is gone (option ``draft: picks``;
``dealt`` deals it out in turn without asking, for quick games and the lab).  Then every side
shares its weapons out, all sides at once: each to a figure to carry, or stowed in a section of
one of its ships, to be picked up in play as it passes (WS-ARMS-4).  A scenario may also give
weapons to figures and stores to ships outright and have no pile at all.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

from grapeshot.core.actions import Action
from grapeshot.core.choices import Choice, Choices, Part
from grapeshot.core.errors import IllegalAction
from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.core.rolloff import roll_off
from grapeshot.rulesets.woodenships.actions import Distribute, Hold, Pick
from grapeshot.rulesets.woodenships.data import DRAFT_KINDS, GUNS, NS
from grapeshot.rulesets.woodenships.mounts import mount_all
from grapeshot.rulesets.woodenships.pieces import Draft
from grapeshot.rulesets.woodenships.setup import new_weapon, stow_spot
from grapeshot.rulesets.woodenships.state import Shore

Proc = Generator[Prompt, Any, Any]


@dataclass(eq=False)
class PickPrompt(Prompt):
    """WS-SETUP-1: take one weapon from the pile."""

    namespace: ClassVar[str] = NS

    pile: tuple[str, ...] = ()

    def kinds(self) -> list[str]:
        return sorted(set(self.pile), key=DRAFT_KINDS.index)

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Pick)
        if action.weapon not in self.pile:
            raise IllegalAction(f"there is no {action.weapon} left in the pile; left: {self.kinds()}")

    def legal(self, seat: str) -> Choices:
        return Choices.of([Choice(Pick(k), f"a {k} ({self.pile.count(k)} left)") for k in self.kinds()], "pick")

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        d["pile"] = {k: self.pile.count(k) for k in self.kinds()}
        return d


def holders(shore: Shore, seat: str) -> list[tuple[str, str]]:
    """Where a side may put a drafted weapon: stowed in a section of one of its ships
    (``<ship>/<section>``), or with one of its figures; each with its words."""
    out = [(f"{s.name}/{c.name}", f"stowed in {s.name}'s {c.name}") for s in shore.fleet(seat) for c in s.plan.sections]
    out += [(f.name, f"carried by {f.name}") for f in shore.living(seat)]
    return out


@dataclass(eq=False)
class DistributePrompt(Prompt):
    """WS-SETUP-1: every side shares out its drafted weapons (all sides at once, sealed)."""

    namespace: ClassVar[str] = NS

    shore: Shore | None = None
    #: seat -> its drafted weapons not yet given out
    weapons: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def check_choice(self, seat: str, action: Action) -> None:
        assert isinstance(action, Distribute) and self.shore is not None
        mine = self.weapons.get(seat, ())
        given = [h.weapon for h in action.holds]
        if sorted(given) != sorted(mine):
            raise IllegalAction(f"{seat} must give out each of its weapons once: {sorted(mine)}; got {sorted(given)}")
        allowed = {h for h, _ in holders(self.shore, seat)}
        for h in action.holds:
            if h.holder not in allowed:
                raise IllegalAction(f"{h.weapon} cannot go to {h.holder!r}: a figure of {seat} or '<ship>/<section>' of one of its ships")

    def legal(self, seat: str) -> Choices:
        """One part per weapon: each of the side's figures, or stowed in each section of its ships."""
        assert self.shore is not None
        places = holders(self.shore, seat)
        parts = tuple(Part(w, f"who gets {w}", tuple(Choice(Hold(w, h), words) for h, words in places)) for w in self.weapons.get(seat, ()))
        return Choices(parts, lambda picks: Distribute(tuple(cast(Sequence[Hold], picks))))

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        d["weapons"] = {s: list(w) for s, w in self.weapons.items()}
        return d


def draft(g: Game, shore: Shore, resume: tuple[str, int] | None = None) -> Proc:
    """WS-SETUP-1: the pick order by a roll-off, the picks (or the deal), the drafted guns
    mounted, then the sharing out. ``resume`` comes back to a checkpoint: before a pick, before a
    round of mounting guns, or before the sharing out."""
    d = shore.draft
    assert d is not None
    if resume is None:
        g.begin_phase("draft", "WS-SETUP-1")
        d.order = tuple((yield from roll_off(g, shore.seats, "WS-SETUP-1", lambda seat: f"{seat}: roll for the first pick of the weapons")))
        g.emit("draft-order", "WS-SETUP-1", order=list(d.order), pile=_counts(d.pile))
    if resume is None or resume[0] == "pick":
        yield from _picks(g, shore, d)
    if resume is None or resume[0] in ("pick", "mount"):
        yield from mount_all(g, shore, d, resume[1] if resume is not None and resume[0] == "mount" else 0)
    g.checkpoint(("distribute", 0))
    yield from _share_out(g, shore, d)


def _picks(g: Game, shore: Shore, d: Draft) -> Proc:
    dealt = shore.option("draft") == "dealt"
    while d.pile:
        seat = d.next_seat
        if dealt:
            kind = d.pile[0]
        else:
            g.checkpoint(("pick", d.picks))
            answer = yield PickPrompt((seat,), "WS-SETUP-1", f"{seat}: take a weapon from the pile", (Pick,), tuple(d.pile))
            kind = cast(Pick, answer).weapon
        d.pile.remove(kind)
        name: str | None = None
        if kind in GUNS:  # mounted before the sharing out
            d.guns.setdefault(seat, []).append(kind)
        else:
            name = new_weapon(shore, kind, None, None)
            d.taken.setdefault(seat, []).append(name)
        d.picks += 1
        g.emit("draft-pick", "WS-SETUP-1", seat=seat, item=kind, weapon=name, pick=d.picks, dealt=dealt, left=len(d.pile))


def _share_out(g: Game, shore: Shore, d: Draft) -> Proc:
    weapons = {s: tuple(d.taken.get(s, ())) for s in shore.seats if d.taken.get(s)}
    if weapons:
        seats = tuple(s for s in shore.seats if s in weapons)
        answers = yield DistributePrompt(seats, "WS-SETUP-1", "share out your weapons among your crews, or stow them aboard", (Distribute,), shore, weapons)
        if not isinstance(answers, dict):
            answers = {seats[0]: answers}
        for seat in sorted(answers):
            give(g, shore, seat, cast(Distribute, answers[seat]).holds)
    d.done = True


def give(g: Game, shore: Shore, seat: str, holds: Sequence[Hold]) -> None:
    """Put each drafted weapon where its side said: in a figure's hands, or stowed aboard."""
    out: dict[str, str] = {}
    for h in holds:
        w = shore.weapons[h.weapon]
        if "/" in h.holder and h.holder not in shore.figures:
            ship, section = h.holder.split("/", 1)
            w.holder, w.spot = None, stow_spot(shore.ships[ship], section)
        else:
            w.holder, w.spot = h.holder, None
        out[h.weapon] = h.holder
    g.emit("distribute", "WS-SETUP-1", seat=seat, holds=out)


def _counts(pile: Sequence[str]) -> Mapping[str, int]:
    out: dict[str, int] = {}
    for k in pile:
        out[k] = out.get(k, 0) + 1
    return out
