"""From the dice to the casualties: to hit, to wound, armour and ward saves, multiple wounds.

Every blow of the game goes through :func:`resolve_hits` once it has hit, whether it came from
a sword (:func:`melee_strike`), a bow (:func:`shoot`), a template or a cannonball: the same
wound chart, the same saves, the same immunities of ships (NW-SHIP-1).  Dice are rolled as the
table rolls them, a handful at a time (``5D6`` for five attacks), and read by counting faces,
so a roll of many dice has one event and the exact odds merge equal handfuls.

Each stage emits an event naming its rule and the numbers it used (``to-hit``, ``to-wound``,
``armour-save``, ``ward-save``, ``wounds``; docs/navalwarhammer.md lists their fields).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import DiceExpr, RollRequest, nd6
from grapeshot.rulesets.navalwarhammer.fantasy.charts import Modifier, armour_needed, best_ward, melee_to_hit, shooting_needed, split_needed, to_wound
from grapeshot.rulesets.navalwarhammer.fantasy.profiles import KILLING_BLOW_TROOPS, Missile, Profile, Special, Weapon, strength_of
from grapeshot.rulesets.navalwarhammer.fantasy.units import Unit

Proc = Generator[Prompt, Any, Any]

#: FB-SPEC-3: the ward save regeneration gives (flaming attacks deny it)
REGENERATION_WARD = 4


@dataclass(frozen=True, slots=True)
class Attack:
    """What hits a target once it has hit: strength, how it treats armour, the wounds each
    unsaved hit causes, and its flags.  ``missile`` and ``template`` say which wards apply and
    whether a ship part is hard enough to shrug it off (NW-SHIP-1)."""

    source: str
    strength: int
    armour_piercing: int = 0
    no_armour: bool = False
    wounds: DiceExpr | int = 1
    flaming: bool = False
    poisoned: bool = False
    killing_blow: bool = False
    missile: bool = False
    template: bool = False


@dataclass(frozen=True, slots=True)
class Damage:
    """What a batch of hits did to one unit.  ``wound_ones`` counts to-wound dice that showed a
    1 (a ship part stops a cannonball only then, NW-CANNON-1); ``inflicted`` the wounds the
    target really lost (what the combat result counts, FB-COMBAT-1)."""

    target: str
    hits: int
    wounds: int
    wound_ones: int
    killing_blows: int
    saved: int
    warded: int
    inflicted: int
    slain: int

    @property
    def unsaved(self) -> int:
        return self.wounds - self.saved - self.warded


def ship_immunity(target: Unit, attack: Attack) -> str | None:
    """NW-SHIP-1: why a ship part cannot be harmed by this attack, or None.  Non-flaming
    missiles of S4 or less cannot harm a part of T8 or more, of S3 or less one of T7."""
    if not target.part or not attack.missile or attack.flaming:
        return None
    t, s = target.profile.t, attack.strength
    if t >= 8 and s <= 4:
        return f"a non-flaming missile of S{s} cannot harm a ship part of T{t} (S4 or less against T8+)"
    if t == 7 and s <= 3:
        return f"a non-flaming missile of S{s} cannot harm a ship part of T7 (S3 or less)"
    return None


def ward_of(target: Unit, attack: Attack) -> int | None:
    """FB-SAVE-2: the best ward the target has against this attack: its own, regeneration
    (FB-SPEC-3, not against flaming attacks), a ward against missiles (a magical figurehead,
    NW-UPG-4) or against templates (a crow's nest, NW-UPG-8)."""
    wards: list[int | None] = [target.profile.ward]
    if target.has(Special.REGENERATION) and not attack.flaming:
        wards.append(REGENERATION_WARD)
    if attack.missile:
        wards.append(target.missile_ward)
    if attack.template:
        wards.append(target.template_ward)
    return best_ward(wards)


def resolve_hits(g: Game, seat: str | None, target: Unit, hits: int, attack: Attack, *, auto_wounds: int = 0) -> Generator[Prompt, Any, Damage]:
    """Hits on ``target`` (``auto_wounds`` of them wounding without a roll: poison) to
    casualties: to wound (FB-WOUND-1; killing blows FB-SPEC-1; a ship part's immunities
    NW-SHIP-1), armour saves (FB-SAVE-1), wards (FB-SAVE-2), then the wounds of each unsaved
    hit (FB-WOUND-2), taken model by model."""
    if target.part:  # ships are immune to poison and killing blows (NW-SHIP-1)
        auto_wounds = 0
    rolled = hits - auto_wounds
    s, t = attack.strength, target.profile.t
    wounds = blows = ones = 0
    immune = ship_immunity(target, attack)
    need = None if immune else to_wound(s, t)
    if need is None:  # no roll: a ship part shrugs it off, or the chart has no number (poison needs none)
        g.emit(
            "to-wound",
            "FB-WOUND-1" if immune is None else "NW-SHIP-1",
            source=attack.source,
            target=target.name,
            strength=s,
            toughness=t,
            hits=hits,
            needed=None,
            wounds=auto_wounds,
            verdict="cannot wound" if immune is None else "immune",
            reason=immune,
        )
    elif rolled > 0:
        r = yield from g.roll(
            RollRequest(nd6(rolled), f"{attack.source}: to wound {target.name} (S{s} against T{t}, {need}+)", "FB-WOUND-1", seat, attack.source, "high")
        )
        slays = attack.killing_blow and not target.part and target.troop in KILLING_BLOW_TROOPS
        # counted, not read die by die: the odds engine then tells apart only what is used (need is 2+ at best)
        ones = r.count(1, 1)
        blows = r.count(6) if slays else 0
        wounds = r.count(need) - blows
        g.emit(
            "to-wound",
            "FB-WOUND-1",
            source=attack.source,
            target=target.name,
            strength=s,
            toughness=t,
            hits=hits,
            needed=need,
            wounds=wounds + blows + auto_wounds,
            automatic=auto_wounds,
            killing_blows=blows,
            verdict="rolled",
        )
    wounds += auto_wounds
    saved = 0
    save = None if attack.no_armour else armour_needed(target.profile.sv, s, attack.armour_piercing)
    if wounds and save is not None:
        r = yield from g.roll(
            RollRequest(nd6(wounds), f"{target.name}: armour saves ({save}+) against {attack.source}", "FB-SAVE-1", target.seat, target.name, "high")
        )
        saved = r.count(save)
        g.emit(
            "armour-save",
            "FB-SAVE-1",
            target=target.name,
            save=target.profile.sv,
            strength=s,
            armour_piercing=attack.armour_piercing,
            needed=save,
            dice=wounds,
            saved=saved,
        )
    warded = kb_warded = 0
    ward = ward_of(target, attack)
    if ward is not None:
        for count, what in ((wounds - saved, "wounds"), (blows, "killing blows")):
            if count:
                r = yield from g.roll(
                    RollRequest(nd6(count), f"{target.name}: ward saves ({ward}+) against {what}", "FB-SAVE-2", target.seat, target.name, "high")
                )
                n = r.count(ward)
                g.emit("ward-save", "FB-SAVE-2", target=target.name, needed=ward, against=what, dice=count, saved=n)
                if what == "wounds":
                    warded = n
                else:
                    kb_warded = n
    inflicted = slain = 0
    for _ in range(blows - kb_warded):
        took, died = target.slay_one()
        inflicted += took
        slain += died
    for _ in range(wounds - saved - warded):
        if not target.alive:
            break
        each = attack.wounds
        if not isinstance(each, int):
            r = yield from g.roll(RollRequest(each, f"{attack.source}: wounds of one hit on {target.name}", "FB-WOUND-2", seat, attack.source, "high"))
            each = r.total
        took, died = target.take_wound(each)
        inflicted += took
        slain += died
    g.emit(
        "wounds",
        "FB-WOUND-2",
        source=attack.source,
        target=target.name,
        unsaved=wounds - saved - warded + blows - kb_warded,
        inflicted=inflicted,
        slain=slain,
        models_left=target.models,
        # a ship's part is one body of many wounds: its words count wounds, not models
        part=target.part,
        wounds_left=target.wounds_left,
        wounds_of=target.profile.w,
    )
    return Damage(target.name, hits, wounds + blows, ones, blows, saved, warded + kb_warded, inflicted, slain)


def melee_strike(
    g: Game,
    attacker: Unit,
    target: Unit,
    attacks: int,
    *,
    profile: Profile | None = None,
    weapon: Weapon | None = None,
    modifier: int = 0,
    fear_failed: bool = False,
    first_round: bool = False,
) -> Generator[Prompt, Any, Damage]:
    """``attacks`` close-combat attacks of ``attacker`` on ``target``: WS against WS
    (FB-HIT-1; +``modifier`` to the roll, e.g. +1 from a higher deck, NW-BOARD-4; WS 1 after a
    failed fear test, FB-PSY-2); hatred re-rolls misses in the first round (FB-SPEC-4);
    poisoned attacks wound on a natural 6 (FB-SPEC-2).  Ship parts are hit automatically.
    ``profile`` strikes instead of the unit's own (a mount, which uses no weapon)."""
    own = profile is None
    prof = attacker.profile if profile is None else profile
    arm = (attacker.weapon if own else Weapon("mount")) if weapon is None else weapon
    flags = (attacker.specials | arm.flags) if own else arm.flags
    source = attacker.name if own else f"{attacker.name} (mount)"
    attack = Attack(
        source,
        strength_of(prof, arm),
        arm.armour_piercing,
        flaming=Special.FLAMING in flags,
        poisoned=Special.POISONED in flags,
        killing_blow=Special.KILLING_BLOW in flags,
    )
    if attacks <= 0:
        return Damage(target.name, 0, 0, 0, 0, 0, 0, 0, 0)
    if target.part:
        g.emit(
            "to-hit",
            "FB-HIT-1",
            source=source,
            target=target.name,
            dice=0,
            needed=None,
            hits=attacks,
            automatic=attacks,
            verdict="ship part: hit automatically",
        )
        return (yield from resolve_hits(g, attacker.seat, target, attacks, attack))
    ws = 1 if fear_failed else prof.ws
    need = melee_to_hit(ws, target.profile.ws, modifier)
    r = yield from g.roll(
        RollRequest(
            nd6(attacks), f"{source}: to hit {target.name} (WS{ws} against WS{target.profile.ws}, {need}+)", "FB-HIT-1", attacker.seat, attacker.name, "high"
        )
    )
    hits = r.count(need)
    sixes = r.count(6)
    again = 0
    if first_round and Special.HATRED in flags and hits < attacks:
        misses = attacks - hits
        rr = yield from g.roll(RollRequest(nd6(misses), f"{source}: hatred re-rolls {misses} miss(es)", "FB-SPEC-4", attacker.seat, attacker.name, "high"))
        again = rr.count(need)
        sixes += rr.count(6)
        hits += again
    auto = sixes if attack.poisoned else 0
    g.emit(
        "to-hit",
        "FB-HIT-1",
        source=source,
        target=target.name,
        dice=attacks,
        ws=ws,
        enemy_ws=target.profile.ws,
        modifier=modifier,
        needed=need,
        hits=hits,
        rerolled_hits=again,
        automatic=auto,
        fear_failed=fear_failed,
    )
    return (yield from resolve_hits(g, attacker.seat, target, hits, attack, auto_wounds=auto))


def shoot(
    g: Game,
    shooter: Unit,
    target: Unit,
    missile: Missile,
    *,
    models: int | None = None,
    modifiers: Sequence[Modifier] = (),
    template: bool = False,
) -> Generator[Prompt, Any, Damage]:
    """Missile fire of ``models`` of ``shooter`` (all of them by default) at ``target``: BS
    with modifiers (FB-HIT-2; a 7+ needs a 6 and then a second roll), then the wounds.
    Poisoned shots wound on a natural 6 when the roll needed is 6+ or better (FB-SPEC-2)."""
    firing = shooter.models if models is None else min(models, shooter.models)
    shots = firing * missile.shots
    flags = shooter.specials | missile.flags
    attack = Attack(
        f"{shooter.name}'s {missile.name}",
        missile.strength,
        missile.armour_piercing,
        wounds=missile.wounds,
        flaming=Special.FLAMING in flags,
        poisoned=Special.POISONED in flags,
        killing_blow=Special.KILLING_BLOW in flags,
        missile=True,
        template=template,
    )
    if shots <= 0:
        return Damage(target.name, 0, 0, 0, 0, 0, 0, 0, 0)
    bs = shooter.profile.bs
    need = shooting_needed(bs, modifiers)
    split = split_needed(need)
    names = [m.name for m in modifiers]
    hits = auto = 0
    if split is None:
        g.emit(
            "to-hit",
            "FB-HIT-2",
            source=attack.source,
            target=target.name,
            dice=0,
            bs=bs,
            modifiers=names,
            needed=need,
            hits=0,
            automatic=0,
            verdict="cannot hit",
        )
        return Damage(target.name, 0, 0, 0, 0, 0, 0, 0, 0)
    first, then = split
    r = yield from g.roll(RollRequest(nd6(shots), f"{attack.source}: to hit {target.name} (BS{bs}, {need}+)", "FB-HIT-2", shooter.seat, shooter.name, "high"))
    hits = r.count(first)
    if then is not None and hits:
        r2 = yield from g.roll(
            RollRequest(nd6(hits), f"{attack.source}: the 6s roll again ({then}+) to hit {target.name}", "FB-HIT-2", shooter.seat, shooter.name, "high")
        )
        hits = r2.count(then)
    elif then is None and attack.poisoned:
        auto = r.count(6)
    g.emit("to-hit", "FB-HIT-2", source=attack.source, target=target.name, dice=shots, bs=bs, modifiers=names, needed=need, hits=hits, automatic=auto)
    return (yield from resolve_hits(g, shooter.seat, target, hits, attack, auto_wounds=auto))
