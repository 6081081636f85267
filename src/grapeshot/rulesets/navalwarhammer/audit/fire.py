"""Shooting and the rolls of boarding, shallows and magic read back: a naval gun's aim within its
range and its mount's 45-degree arc from the logged pose (NW-CANNON-2), and each roll that passes
on its need or better judged as it came up."""

from __future__ import annotations

import math

from grapeshot.core.audit import Record, against, bearing, distance, off
from grapeshot.rulesets.navalwarhammer.audit.ledger import Ledger, on
from grapeshot.rulesets.navalwarhammer.audit.text import DECK_SHIFT, GUN_ARC, MOUNT_FACING, REFLOAT_NEED

#: slack on a gun's reach and arc: its place on deck is the set-up's, a crew may shift it a little
REACH_SLACK = 0.05
ARC_SLACK = 0.5


@on("guns")
def guns(led: Ledger, r: Record) -> None:
    """NW-CANNON-2: a fixed gun's aim lies within its reach and its mount's arc."""
    gun = led.unit(r, "gun")
    aim = r.get("aim")
    if gun is None or gun.mount not in MOUNT_FACING or not isinstance(aim, list):
        return
    ship = led.ships.get(gun.home)
    if ship is None or not ship.sure:
        return
    h = math.radians(ship.heading)
    ax, ay = gun.offset
    at = (ship.x + ax * math.cos(h) - ay * math.sin(h), ship.y + ax * math.sin(h) + ay * math.cos(h))
    d = distance(at, aim)
    if gun.reach is not None:
        led.expect("NW-CANNON-2", r, d <= gun.reach + gun.drift + REACH_SLACK, f'{gun.name} aims {d:.2f}" away, its reach is {gun.reach}"')
    if d <= gun.drift:
        return  # moved about the deck, it may stand anywhere around the aim
    # a gun shifted up to ``drift`` from its set-up place sees the aim that much wider
    wider = math.degrees(math.asin(gun.drift / d)) if gun.drift else 0.0
    centre = ship.heading + MOUNT_FACING[gun.mount]
    led.expect(
        "NW-CANNON-2",
        r,
        off(bearing(at, aim), centre) <= GUN_ARC / 2.0 + wider + ARC_SLACK,
        f"{gun.name} ({gun.mount}) aims {off(bearing(at, aim), centre):.1f} degrees off its arc's centre",
    )


@on("shoots")
def shoots(led: Ledger, r: Record) -> None:
    """FB-HIT-2: small arms reach no further than their range: the nearest the shooter's decks
    (her own and any joined to hers) can lie to the target's ship, hull to hull, is within it."""
    shooter, target = led.unit(r, "shooter"), led.ship(r)
    if shooter is None or target is None or shooter.reach is None or not target.sure:
        return
    decks = [led.ships[n] for n in led.decks(shooter.home) if n in led.ships and led.ships[n].sure]
    if not decks or len(decks) < len(led.decks(shooter.home) & set(led.ships)):
        return
    nearest = min(distance((s.x, s.y), (target.x, target.y)) - s.reach - target.reach for s in decks)
    led.expect(
        "FB-HIT-2", r, nearest <= shooter.reach + REACH_SLACK, f'{shooter.name} shoots {target.name} at least {nearest:.2f}" off, its range is {shooter.reach}"'
    )


@on("reactions")
def reactions(led: Ledger, r: Record) -> None:
    """NW-BOARD-2: a war machine's crew preparing for action may shift it up to 2"."""
    for pick in r.get("picks", []):
        u = led.units.get(str(pick[0])) if isinstance(pick, list) and len(pick) == 2 else None
        if u is not None and u.mount is not None and str(pick[1]).startswith("prepare"):
            u.drift += DECK_SHIFT


@on("consolidate")
def consolidate(led: Ledger, r: Record) -> None:
    """NW-BOARD-10: consolidating models (which the record does not name) may shift a war machine
    on any deck joined to hers up to 2"."""
    decks = led.decks(str(r.get("ship")))
    for u in led.units.values():
        if u.mount is not None and u.home in decks:
            u.drift += DECK_SHIFT


def _against(led: Ledger, rule: str, r: Record, rolled: object, need: object, verdict: object, what: str) -> None:
    if isinstance(rolled, int) and isinstance(need, int):
        led.found.extend(against(rule, r, rolled, need, bool(verdict), what))


@on("alongside")
def alongside(led: Ledger, r: Record) -> None:
    """NW-BOARD-1: the grapnels hold on their need or better."""
    _against(led, "NW-BOARD-1", r, r.get("roll"), r.get("needed"), r.get("grappled"), "the grapnel throw")


@on("shallows")
def shallows(led: Ledger, r: Record) -> None:
    """NW-SHALLOW-1: only medium and large ships, aground on 4+."""
    ship = led.ship(r)
    if ship is not None:
        led.expect("NW-SHALLOW-1", r, ship.size in ("medium", "large"), f"{ship.name}, a {ship.size} ship, tests the shallows")
    led.expect("NW-SHALLOW-1", r, r.get("needed") == 4, f"the shallows need {r.get('needed')}, the text 4+")
    _against(led, "NW-SHALLOW-1", r, r.get("roll"), r.get("needed"), r.get("aground"), "the shallows roll")


@on("refloat")
def refloat(led: Ledger, r: Record) -> None:
    _against(led, "NW-AGROUND-1", r, r.get("roll"), REFLOAT_NEED, r.get("refloated"), "coming off the ground")


@on("cut-loose")
def cut_loose(led: Ledger, r: Record) -> None:
    """NW-BOARD-8: a cut on the need or better, unless it is automatic."""
    if not r.get("automatic"):
        _against(led, "NW-BOARD-8", r, r.get("roll"), r.get("needed"), r.get("cut"), "cutting loose")


@on("cast")
def cast(led: Ledger, r: Record) -> None:
    """FB-MAGIC-1: a spell is cast when its total makes the casting value."""
    if not r.get("miscast") and not r.get("irresistible"):
        _against(led, "FB-MAGIC-1", r, r.get("total"), r.get("casting_value"), r.get("cast"), "the casting")


@on("dispel")
def dispel(led: Ledger, r: Record) -> None:
    """FB-MAGIC-2: a dispel that was rolled works when its total makes the need."""
    if r.get("rolled"):
        _against(led, "FB-MAGIC-2", r, r.get("total"), r.get("needed"), r.get("dispelled"), "the dispel")


@on("break-test")
def break_test(led: Ledger, r: Record) -> None:
    """NW-BOARD-5: held at or under the need, or on a double 1; otherwise Shaken (or abandoning if Shaken before)."""
    rolled, need = r.get("roll"), r.get("needed")
    if not isinstance(rolled, int) or not isinstance(need, int):
        return
    held = rolled <= need or rolled == 2
    led.expect("NW-BOARD-5", r, (r.get("verdict") == "holds") == held, f"a break test of {rolled} against {need} reads {r.get('verdict')}")
