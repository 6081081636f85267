"""The krew: where the Orks stand on deck, how they are wounded, and drifting hulks.

Krew models are not moved about the deck one by one; they stand at evenly
spaced spots along the keel, the Kaptin aft on the quarterdeck, the Mad Doc
before him and the boyz forward.  That is enough geometry for a template to
catch the models under it and for "closest models first".
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import Vec, distance, hulls_within
from grapeshot.rulesets.jimlad.basis import Basis, Term, explained, single, term
from grapeshot.rulesets.jimlad.data import FEEL_NO_PAIN, MIN_WORKING_KREW, PROFILE_RULE, PROFILES, STARTING_KREW, Role, save_target, wound_target
from grapeshot.rulesets.jimlad.state import KrewModel, Sea, Ship

_ORDER: dict[Role, int] = {"krew": 0, "doc": 1, "kaptin": 2}


def starting_krew() -> list[KrewModel]:
    """JL-KREW-1: a Kaptin, a Mad Doc and five boyz."""
    return [KrewModel(role, PROFILES[role].w) for role in STARTING_KREW]


def deck_positions(ship: Ship) -> list[tuple[KrewModel, Vec]]:
    """Each model's spot on deck: boyz forward, the Doc, the Kaptin aft."""
    models = sorted(ship.krew, key=lambda k: _ORDER[k.role])
    n = len(models)
    h = ship.hull
    return [(m, h.world(h.hl - (i + 0.5) * h.length / n, 0.0)) for i, m in enumerate(models)]


def closest_first(ship: Ship, origin: Vec) -> list[KrewModel]:
    """The ship's models ordered by distance from ``origin`` (who takes hits first)."""
    return [m for m, _ in sorted(deck_positions(ship), key=lambda mp: distance(mp[1], origin))]


@dataclass(frozen=True, slots=True)
class HitResult:
    """How one hit on one Ork went: wounded on the roll, stopped by armour or by Feel No Pain, or
    suffered (and whether it killed)."""

    wounding: bool = False  # the to-wound roll succeeded
    saved: bool = False  # the armour save stopped it
    shrugged: bool = False  # Feel No Pain stopped it
    wounded: bool = False  # a wound was suffered in the end
    killed: bool = False  # the model lost its last wound


def wound(
    g: Game,
    sea: Sea,
    ship: Ship,
    model: KrewModel,
    strength: int,
    ap: int | None,
    *,
    by_seat: str | None,
    by_actor: str | None,
    cause: str,
    rule: str,
    strength_basis: list[Term] | None = None,
) -> Generator[Prompt, Any, bool]:
    """One hit on one model: to wound (S against T), armour save, Feel No Pain; True if it dies."""
    result = yield from resolve_hit(
        g, sea, ship, model, strength, ap, by_seat=by_seat, by_actor=by_actor, cause=cause, rule=rule, strength_basis=strength_basis
    )
    return result.killed


def resolve_hit(
    g: Game,
    sea: Sea,
    ship: Ship,
    model: KrewModel,
    strength: int,
    ap: int | None,
    *,
    by_seat: str | None,
    by_actor: str | None,
    cause: str,
    rule: str,
    strength_basis: list[Term] | None = None,
) -> Generator[Prompt, Any, HitResult]:
    """One hit on one model, step by step (see :func:`wound`); a model already gone takes nothing.

    ``strength_basis``: the strength's terms with their rules (default: the weapon's rule)."""
    if model not in ship.krew:
        return HitResult()
    prof = model.profile
    need = wound_target(strength, prof.t)
    wounded = False
    saved = shrugged = False
    detail: dict[str, Any] = {"model": model.role, "strength": strength, "toughness": prof.t, "need": need}
    if need is not None:
        r = yield from g.roll(RollRequest(D6, f"{cause}: to wound {ship.name}'s {prof.title}", rule, by_seat, by_actor, "high"))
        wounded = r.total >= need
        detail["wound_roll"] = r.total
    wounding = wounded
    if wounded:
        sv = save_target(prof.sv, ap)
        detail["save_need"] = sv
        if sv is not None:
            s = yield from g.roll(
                RollRequest(
                    D6, f"{ship.name}'s {prof.title}: armour save", "JL-KREW-2" if model.role == "kaptin" else "JL-KREW-3", ship.commander, ship.name, "high"
                )
            )
            detail["save_roll"] = s.total
            if s.total >= sv:
                wounded = False
                saved = True
    if wounded and ship.has_doc:
        f = yield from g.roll(RollRequest(D6, f"{ship.name}'s {prof.title}: feel no pain", "JL-KREW-4", ship.commander, ship.name, "high"))
        detail["fnp_roll"] = f.total
        if f.total >= FEEL_NO_PAIN:
            wounded = False
            shrugged = True
    killed = False
    if wounded:
        model.wounds -= 1
        killed = model.wounds <= 0
    detail["wounded"] = wounded
    detail["killed"] = killed
    if g.logging:
        detail.update(explained(g, hit_basis(model, strength, need, ap, rule, strength_basis, "fnp_roll" in detail)))
    g.emit("wound", rule, ship=ship.name, cause=cause, **detail)
    if killed:
        remove_model(g, sea, ship, model, cause, rule)
    return HitResult(wounding, saved, shrugged, wounded, killed)


#: the rule of the chart a hit is wounded on: close combat's is the 40k procedure's (JL-BOARD-8)
MELEE_RULE = "JL-BOARD-3"


def hit_basis(model: KrewModel, strength: int, need: int | None, ap: int | None, rule: str, strength_basis: list[Term] | None, fnp: bool) -> Basis:
    """The rules behind a hit's numbers (for the log): strength, toughness, the score to wound,
    the armour save and Feel No Pain."""
    prof = model.profile
    own = PROFILE_RULE[model.role]
    chart = "JL-BOARD-8" if rule == MELEE_RULE else rule
    out: Basis = {
        "strength": strength_basis or single(rule, "the weapon's strength", strength),
        "toughness": single(own, f"the {prof.title}'s T", prof.t),
        "need": single(chart, f"S{strength} against T{prof.t} on the to-wound chart", "none" if need is None else need),
    }
    sv = save_target(prof.sv, ap)
    out["save_need"] = [term(own, f"the {prof.title}'s armour save", prof.sv)]
    if sv is None:
        out["save_need"].append(term(rule, f"AP{ap}: no armour save of {prof.sv}+ or worse", "none"))
    if fnp:
        out["fnp_roll"] = single("JL-KREW-4", "Feel No Pain on a 5+ while the Mad Doc lives", FEEL_NO_PAIN)
    return out


def remove_model(g: Game, sea: Sea, ship: Ship, model: KrewModel, cause: str, rule: str | None = None) -> None:
    """Take a dead (or lost) Ork off the ship; with one or none left it becomes a hulk (JL-KREW-5)."""
    was_krewed = ship.krewed
    ship.krew.remove(model)
    g.emit("krew-lost", rule, ship=ship.name, model=model.role, cause=cause, left=len(ship.krew))
    if was_krewed and not ship.krewed:
        g.emit("hulk", "JL-KREW-5", ship=ship.name, krew=len(ship.krew))


def takeover_options(sea: Sea, seat: str) -> list[tuple[str, str]]:
    """JL-KREW-6: (hulk, ship sending krew) pairs open to a seat in the boarding phase.

    Ruling: the sending ship must carry a Kaptin, lie within ``takeover_range`` of
    the hulk and keep at least two Orks after sending enough boyz to bring the hulk
    up to two.
    """
    reach = float(sea.option("takeover_range"))
    out: list[tuple[str, str]] = []
    from grapeshot.rulesets.jimlad.harbour import in_harbour  # no boarding of or from a ship in harbour (JL-PORT-1)

    hulks = [s for s in sea.afloat() if s.hulk and not in_harbour(sea, s)]
    if not hulks:
        return out
    for giver in sea.fleet(seat):
        if giver.hulk or giver.kaptin is None or in_harbour(sea, giver):
            continue
        spare = sum(1 for k in giver.krew if k.role == "krew")
        for hulk in hulks:
            need = MIN_WORKING_KREW - len(hulk.krew)
            if spare >= need and len(giver.krew) - need >= MIN_WORKING_KREW and hulls_within(giver.hull, hulk.hull, reach):
                out.append((hulk.name, giver.name))
    return out


def take_over(g: Game, sea: Sea, hulk: Ship, giver: Ship) -> None:
    """JL-KREW-6: boyz cross over, the hulk's last Ork obeys the new Kaptin, the ship joins his fleet."""
    need = MIN_WORKING_KREW - len(hulk.krew)
    sent = 0
    for k in [k for k in giver.krew if k.role == "krew"][:need]:
        giver.krew.remove(k)
        hulk.krew.append(k)
        sent += 1
    before = hulk.commander
    hulk.commander = giver.commander
    g.emit("takeover", "JL-KREW-6", hulk=hulk.name, by=giver.name, seat=giver.commander, krew_sent=sent, was=before)
