"""Shooting and hand to hand: the band of a small-arms shot from its range (WS-ARMS-1, WS-ARMS-2),
a gun's need from its range (WS-GUN-3..5, WS-MAGIC-1's lightning as a cannon), the cannon's -1
against men, guns, boats and gates (WS-GUN-6), a hand weapon's need and damage (WS-MELEE-1); each
roll against its stated need (the need being the table's less the logged bonuses).
"""

from __future__ import annotations

from grapeshot.core.audit import Record, against, distance
from grapeshot.rulesets.woodenships.audit.ledger import Ledger, face, mods_total, on
from grapeshot.rulesets.woodenships.audit.text import (
    ANIMAL_BASE,
    ARMS_BANDS,
    CANNON_POINTS,
    CLOSE,
    CLOSE_NEED,
    FIGURE_BASE,
    GUN_TABLE,
    LONG_ARMS,
    MELEE,
    POINTS_A_GUN,
    SHORT_ARMS,
)

#: ranges are logged to 4 decimals: a band's edge is read within this
EDGE = 1e-3


def need_and_roll(led: Ledger, r: Record, rule: str, what: str) -> None:
    """The need is the table's (``base``) less the bonuses, and the die is judged against it."""
    base, need = r.get("base"), r.get("need")
    if isinstance(base, int) and isinstance(need, int):
        led.expect(rule, r, need == base - mods_total(r), f"{what}: a need of {need} from {base} with bonuses {mods_total(r):+d}")
    die = face(r)
    if die is not None and isinstance(need, int):
        led.found.extend(against(rule, r, die, need, bool(r.get("hit")), what))


def arms_band(arm: str, reach: float) -> tuple[str, int | None] | None:
    if arm not in LONG_ARMS and arm not in SHORT_ARMS:
        return None
    if reach < CLOSE:
        return "close", CLOSE_NEED.get(arm)
    for edge, band, need in ARMS_BANDS["long" if arm in LONG_ARMS else "short"]:
        if reach <= edge:
            return band, need
    return "beyond", None


def base(led: Ledger, who: str) -> float:
    return ANIMAL_BASE.get(led.kinds.get(who, "man"), FIGURE_BASE)


@on("shot")
def shot(led: Ledger, r: Record) -> None:
    arm, reach = str(r.get("arm")), r.get("range")
    rule = "WS-ARMS-1" if arm in LONG_ARMS else "WS-ARMS-2"
    who, target = str(r.get("figure")), str(r.get("target"))
    if who in led.at and target in led.at and isinstance(reach, (int, float)):
        apart = max(0.0, distance(led.at[who][0], led.at[target][0]) - base(led, who) - base(led, target))
        led.expect(rule, r, abs(apart - float(reach)) <= EDGE * 5, f'{who} and {target} stand {apart:.4f}" apart (base to base), the shot\'s range is {reach}"')
    if isinstance(reach, (int, float)) and arm in (*LONG_ARMS, *SHORT_ARMS):
        # the range is logged rounded: on a band's edge either band will do
        bands = {arms_band(arm, float(reach) - EDGE), arms_band(arm, float(reach) + EDGE)}
        if led.expect(rule, r, any(b is not None and b[1] is not None for b in bands), f'a {arm} shot at {reach}" cannot hit'):
            led.expect(
                rule,
                r,
                (r.get("band"), r.get("base")) in bands,
                f'a {arm} shot at {reach}" is {" or ".join(f"{b[0]} ({b[1]}+)" for b in bands if b)}, logged {r.get("band")} ({r.get("base")}+)',
            )
    need_and_roll(led, r, rule, f"a {arm} shot")


def gun_need(arm: str, reach: float) -> tuple[bool, int | None]:
    """Whether the gun reaches, and the need at that range."""
    for edge, need in GUN_TABLE[arm]:
        if reach <= edge:
            return True, need
    return False, None


GUN_RULE = {"cannon": "WS-GUN-3", "swivel": "WS-GUN-4", "rifle": "WS-GUN-5"}
#: WS-GUN-6: what a cannon fires at with -1 (and cannons, and boats: the vessels with two
#: movement phases)
SMALL_MARKS = ("figure", "gate")


def gunnery(led: Ledger, r: Record, arm: str, rule: str, what: str) -> None:
    reach, base = r.get("range"), r.get("base")
    if arm not in GUN_TABLE or not isinstance(reach, (int, float)):
        return
    # the range is logged rounded: on a band's edge either band will do
    near, far = gun_need(arm, float(reach) - EDGE), gun_need(arm, float(reach) + EDGE)
    if led.expect(rule, r, near[0], f'{what} at {reach}" is out of range'):
        led.expect(rule, r, base in (near[1], far[1] if far[0] else near[1]), f'{what} at {reach}" needs {near[1]}+, logged {base}+')
    if arm == "cannon" and r.get("kind") == "gun-fire":
        minus = any(isinstance(m, dict) and m.get("rule") == "WS-GUN-6" for m in r.get("mods") or [])
        target = str(r.get("target"))
        aimed = r.get("aimed_at")
        small = aimed in SMALL_MARKS or (aimed == "gun" and led.guns.get(target) == "cannon") or (aimed == "ship" and len(led.moves.get(target, ())) > 1)
        led.expect("WS-GUN-6", r, minus == small, f"a cannon at a {r.get('aimed_at')} {'takes' if minus else 'lacks'} the -1")
    need_and_roll(led, r, rule, what)
    if not r.get("hit"):
        led.expect(rule, r, not r.get("damage"), f"{what} missed but did {r.get('damage')} damage")


@on("setup")
def guns(led: Ledger, r: Record) -> None:
    state = r.get("state") or {}
    for s in state.get("ships") or []:
        if isinstance(s, dict) and isinstance(s.get("name"), str) and isinstance(s.get("points"), int):
            led.points[s["name"]] = int(s["points"])
    for g in state.get("guns") or []:
        if isinstance(g, dict) and isinstance(g.get("name"), str):
            led.guns[g["name"]] = str(g.get("kind"))
            led.aboard[str(g.get("ship"))] = led.aboard.get(str(g.get("ship")), 0) + 1


@on("gun-mount")
def mount(led: Ledger, r: Record) -> None:
    """WS-SETUP-1: a drafted gun mounted within its ship's count, a cannon only on 6 points or more."""
    if isinstance(r.get("gun"), str):
        led.guns[r["gun"]] = str(r.get("arm"))
    on_, points = str(r.get("on")), led.points.get(str(r.get("on")))
    led.aboard[on_] = led.aboard.get(on_, 0) + 1
    if points is None:
        return  # a fort: its walls' count is not in the records
    most = max(1, points // POINTS_A_GUN)
    led.expect("WS-SETUP-1", r, led.aboard[on_] <= most, f"{on_} of {points} points carries {led.aboard[on_]} guns, {most} at most")
    if r.get("arm") == "cannon":
        led.expect("WS-SETUP-1", r, points >= CANNON_POINTS, f"a cannon on {on_} of {points} points (it needs {CANNON_POINTS})")


@on("gun-fire")
def gun_fire(led: Ledger, r: Record) -> None:
    arm = str(r.get("arm"))
    if led.options.get("gun_dice", "d6") == "d6" or arm == "rifle":
        gunnery(led, r, arm, GUN_RULE.get(arm, "WS-GUN-3"), f"the {arm} {r.get('gun')}")


@on("lightning")
def lightning(led: Ledger, r: Record) -> None:
    gunnery(led, r, "cannon", "WS-MAGIC-1", f"{r.get('figure')}'s lightning")


@on("strike")
def strike(led: Ledger, r: Record) -> None:
    weapon = str(r.get("fights_as"))
    if weapon not in MELEE:
        return
    need, damage = MELEE[weapon]
    led.expect("WS-MELEE-1", r, r.get("base") == need, f"a {weapon} hits on {need}+, logged {r.get('base')}+")
    need_and_roll(led, r, "WS-MELEE-1", f"a {weapon} blow")
    if isinstance(r.get("damage"), int):
        led.expect("WS-MELEE-1", r, r["damage"] == (damage if r.get("hit") else 0), f"a {weapon} {'hit' if r.get('hit') else 'miss'} did {r['damage']} damage")
