"""The movement phase read back: allowances (the wind's sector, the half-move minimum, heavy
timbers), moves within them, Out of Control, adrift and shoving off, checked against the account
and the text's numbers."""

from __future__ import annotations

import math
import re
from typing import Any

from grapeshot.core.audit import Record, bearing, distance, off
from grapeshot.rulesets.navalwarhammer.audit.ledger import NEAR, Ledger, Ship, on
from grapeshot.rulesets.navalwarhammer.audit.text import (
    ADRIFT_DIE,
    CAPACITY,
    DINGHY_BEAM,
    DINGHY_LENGTH,
    HALF_MOVE,
    HEAVY_TIMBERS,
    LAUNCH_CREW,
    LAUNCH_SPEED,
    OUT_OF_CONTROL_TURN,
    OWN_WAY,
    SAIL_DICE,
    SHOVE_OFF,
    WIND_SECTOR,
)

#: the slack on inches compared (logged to 4 decimals)
SLACK = 1e-2
_SECTOR = re.compile(r"\b(with|abeam|against)\b")


def timbers(ship: Ship) -> float:
    return HEAVY_TIMBERS if ship.upgrades.get("heavy-timbers") else 0.0


def terms_of(r: Record) -> list[tuple[str, float]]:
    return [(str(t[0]), float(t[1])) for t in r.get("terms", []) if isinstance(t, list) and len(t) == 2]


def sector(led: Ledger, course: float) -> str | None:
    """With, abeam or against the wind (None on a boundary, where rounding decides)."""
    half = float(led.option("wind_sector", WIND_SECTOR))
    a = off(course, led.wind)
    if min(abs(a - half), abs(a - (180.0 - half))) < 1e-3:
        return None
    return "with" if a < half else "against" if a > 180.0 - half else "abeam"


def check_timbers(led: Ledger, r: Record, ship: Ship, terms: list[tuple[str, float]]) -> None:
    """NW-UPG-3: heavy timbers take 1" off every move she makes herself, and only hers."""
    took = sum(v for label, v in terms if "timbers" in label)
    led.expect("NW-UPG-3", r, abs(took - timbers(ship)) < SLACK, f'{ship.name}\'s heavy timbers count {took}", the account says {timbers(ship)}"')


def check_wind(led: Ledger, r: Record, ship: Ship, terms: list[tuple[str, float]]) -> None:
    """NW-MOVE-1: a sailing ship's base and dice by the wind's sector of her course."""
    if not terms:
        led.flag("NW-MOVE-1", r, "a sailing allowance without its terms")
        return
    m = _SECTOR.search(terms[0][0])
    said = m.group(1) if m else None
    want = sector(led, ship.heading)
    if want is not None:
        led.expect("NW-MOVE-1", r, said == want, f"{ship.name} heading {ship.heading:.1f} with the wind at {led.wind:.1f} sails {want}, not {said}")
    if said in SAIL_DICE:
        dice = [v for label, v in terms if label == "the dice"]
        n = SAIL_DICE[said]
        ok = (not dice and n == 0) or (len(dice) == 1 and n <= dice[0] <= 6 * n)
        led.expect("NW-MOVE-1", r, ok, f"{ship.name} {said} the wind rolls {n}D6, the dice read {dice}")


@on("wind")
def wind(led: Ledger, r: Record) -> None:
    led.wind = float(r.get("direction", led.wind))


@on("allowance")
def allowance(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    led.expect("NW-MOVE-1", r, r.get("phase") == "movement", f"an allowance in the {r.get('phase')} phase")
    terms = terms_of(r)
    most = float(r.get("most", 0.0))
    led.near("NW-MOVE-1", r, "most", most, max(0.0, sum(v for _, v in terms)), SLACK)
    check_timbers(led, r, ship, terms)
    if r.get("mode") == "sail":
        check_wind(led, r, ship, terms)
    # the half-move minimum, from what she actually made in her last movement phase
    last = ship.made.get(led.turn, ship.made.get(led.turn - 1))
    # logged to 4 decimals: a move within a hair of half is read as the rules read it
    edge = last is not None and abs(last[0] - last[1] / 2.0) <= 2e-4
    bound = r.get("mode") in HALF_MOVE and last is not None and last[0] > last[1] / 2.0
    if not edge or r.get("mode") not in HALF_MOVE:
        led.expect(
            "NW-MOVE-1",
            r,
            bool(r.get("half_move_rule")) == bound,
            f"{ship.name} made {last} last: the half-move minimum {'binds' if bound else 'does not bind'}",
        )
        led.near("NW-MOVE-1", r, "least", r.get("least"), most / 2.0 if bound else 0.0, SLACK)
    led.expect("NW-CROWD-1", r, ship.crowd_failed != led.turn, f"{ship.name} failed her overcrowded ship's test: she is Out of Control, not under way")
    ship.allowance = r


@on("out-of-control")
def out_of_control(led: Ledger, r: Record) -> None:
    """NW-MOVE-2: half her move (timbers and masts in it), turning by the D6 chart."""
    ship = led.ship(r)
    if ship is None:
        return
    terms = terms_of(r)
    check_timbers(led, r, ship, terms)
    if r.get("mode") == "sail":
        check_wind(led, r, ship, terms)
    led.near("NW-MOVE-2", r, "inches", r.get("inches"), max(0.0, sum(v for _, v in terms)) / 2.0, SLACK)
    chart = r.get("chart")
    if led.expect("NW-MOVE-2", r, isinstance(chart, int) and chart in OUT_OF_CONTROL_TURN, f"the chart's D6 reads {chart!r}"):
        led.near("NW-MOVE-2", r, "turning", r.get("turning"), OUT_OF_CONTROL_TURN[int(chart or 0)])
    ship.loose = r


@on("adrift")
def adrift(led: Ledger, r: Record) -> None:
    """NW-MOVE-2, NW-CREW-2: D6" downwind."""
    ship = led.ship(r)
    if ship is None:
        return
    inches = r.get("inches")
    led.expect("NW-MOVE-2", r, isinstance(inches, int) and 1 <= inches <= ADRIFT_DIE, f'adrift {inches!r}": not a D6')
    led.expect("NW-MOVE-2", r, off(float(r.get("direction", 0.0)), led.wind) < 1e-2, f"adrift towards {r.get('direction')}, the wind blows to {led.wind}")
    ship.loose = r


@on("shove-off")
def shove_off(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    most = SHOVE_OFF + timbers(ship)
    led.expect("NW-BOARD-9", r, float(r.get("inches", 0.0)) <= most + SLACK, f'shoving off {r.get("inches")}", at most {most}"')
    ship.loose = r


def bow(pose: Any, length: float) -> tuple[float, float]:
    """The bow of a ship at a logged pose (her centre and heading): moves are measured from it."""
    h = math.radians(float(pose[2]))
    return float(pose[0]) + length / 2.0 * math.cos(h), float(pose[1]) + length / 2.0 * math.sin(h)


def _heading_kept(led: Ledger, r: Record, rule: str, start: Any, end: Any, turn: float = 0.0) -> None:
    """The heading unchanged, or turned towards ``turn`` and no further (a move cut short turns less)."""
    swung = (float(end[2]) - float(start[2]) + 180.0) % 360.0 - 180.0
    ok = abs(swung) < 1e-2 or (turn != 0.0 and swung * turn > 0 and abs(swung) <= abs(turn) + 1e-2)
    led.expect(rule, r, ok, f"the heading went from {start[2]} to {end[2]}, {turn:+.0f} allowed")


@on("move")
def move(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    start, end = r.get("start"), r.get("end")
    if ship is None or not isinstance(start, list) or not isinstance(end, list):
        return
    why = str(r.get("why"))
    travelled = float(r.get("travelled", 0.0))
    ship.latest[led.turn] = travelled
    led.expect("NW-MOVE-1", r, r.get("phase") == ("combat" if why == "shoving off" else "movement"), f"a move ({why}) in the {r.get('phase')} phase")
    swung = ship.swung == led.turn and bool(r.get("contacts"))
    gone = distance(bow(start, ship.length), bow(end, ship.length))
    led.expect("NW-MOVE-1", r, swung or gone <= travelled + SLACK, f'the bow went {gone:.3f}" straight from start to end on {travelled}" travelled')
    loose = ship.loose if ship.loose is not None and ship.loose.get("turn") == led.turn else None
    if why in OWN_WAY:
        led.expect("NW-CREW-1", r, ship.crewed != (led.turn, False), f"{ship.name} moved ({why}) with nobody working her")
        a = ship.allowance if ship.allowance is not None and ship.allowance.get("turn") == led.turn else None
        if led.expect("NW-MOVE-1", r, a is not None, f"{ship.name} moved ({why}) with no allowance this turn") and a is not None:
            most, least = float(a.get("most", 0.0)), float(a.get("least", 0.0))
            planned = float(r.get("planned", 0.0))
            led.expect("NW-MOVE-1", r, travelled <= most + SLACK, f'{ship.name} travelled {travelled}" on an allowance of {most}"')
            led.expect("NW-MOVE-1", r, least - SLACK <= planned <= most + SLACK, f'{ship.name} planned {planned}" outside {least}-{most}"')
            led.expect("NW-MOVE-1", r, travelled <= planned + SLACK, f'{ship.name} travelled {travelled}" on {planned}" planned')
            ship.made[led.turn] = (travelled, most)
            ship.allowance = None
    elif why == "out of control":
        if led.expect("NW-MOVE-2", r, loose is not None and loose.get("kind") == "out-of-control", f"{ship.name} moved out of control without its chart"):
            assert loose is not None
            led.expect("NW-MOVE-2", r, travelled <= float(loose.get("inches", 0.0)) + SLACK, f'out of control {travelled}" on {loose.get("inches")}"')
            if not swung:
                _heading_kept(led, r, "NW-MOVE-2", start, end, float(loose.get("turning", 0.0)))
    elif why == "adrift":
        if led.expect("NW-MOVE-2", r, loose is not None and loose.get("kind") == "adrift", f"{ship.name} moved adrift without its drift"):
            assert loose is not None
            led.expect("NW-MOVE-2", r, travelled <= float(loose.get("inches", 0.0)) + SLACK, f'adrift {travelled}" on {loose.get("inches")}"')
            if not swung:
                _heading_kept(led, r, "NW-MOVE-2", start, end)
            if not swung and distance(start, end) > 0.05:
                led.expect(
                    "NW-MOVE-2", r, off(bearing(start, end), led.wind) < 1.0, f"the drift went towards {bearing(start, end):.1f}, the wind blows to {led.wind}"
                )
    elif why == "shoving off" and led.expect("NW-BOARD-9", r, loose is not None and loose.get("kind") == "shove-off", f"{ship.name} shoved off without leave"):
        assert loose is not None
        led.expect("NW-BOARD-9", r, travelled <= float(loose.get("inches", 0.0)) + SLACK, f'shoving off {travelled}" on {loose.get("inches")}"')
        if not swung:
            _heading_kept(led, r, "NW-BOARD-9", start, end)
    if ship.sure:
        led.expect(
            "NW-MOVE-1",
            r,
            distance(start, (ship.x, ship.y)) <= NEAR and off(float(start[2]), ship.heading) < 1e-2,
            f"{ship.name} set off from {start}, not where she was",
        )
    ship.place(end)
    ship.sure = True
    if why in ("out of control", "adrift", "shoving off"):
        ship.loose = None


@on("alongside", "meets", "ram", "declares-ram")
def met(led: Ledger, r: Record) -> None:
    """Ships that meet may trade models (boarders, consolidation): the referee joins their decks."""
    a, b = r.get("ship"), r.get("target")
    if isinstance(a, str) and isinstance(b, str):
        led.met.setdefault(a, set()).add(b)
        led.met.setdefault(b, set()).add(a)


@on("alongside")
def alongside(led: Ledger, r: Record) -> None:
    """NW-BOARD-1: a ship that comes alongside is swung to lie along her enemy; her move's end
    pose has the swing in it, so her bow is no measure of the way she came."""
    ship = led.ship(r)
    if ship is not None and r.get("swung"):
        ship.swung = led.turn


@on("launch")
def launch(led: Ledger, r: Record) -> None:
    """NW-LAUNCH-1: a boat goes with two crew or more (no more than a dinghy holds), in the
    movement phase, from a ship whose latest move (her own way, or a shove-off after it) was no
    more than 12"."""
    models = r.get("models")
    led.expect("NW-LAUNCH-1", r, isinstance(models, int) and LAUNCH_CREW <= models <= CAPACITY["dinghy"], f"a boat launched with {models!r} crew")
    led.expect("NW-LAUNCH-1", r, r.get("phase") == "movement", f"a boat launched in the {r.get('phase')} phase")
    ship = led.ship(r)
    if ship is not None:
        speed = ship.latest.get(led.turn, ship.latest.get(led.turn - 1))
        led.expect("NW-LAUNCH-1", r, speed is None or speed <= LAUNCH_SPEED + SLACK, f'{ship.name} launched a boat at {speed}", her latest move')
    pose = r.get("pose")
    name = r.get("boat")
    if isinstance(name, str) and isinstance(pose, list):
        mother = str(r.get("ship"))
        led.met.setdefault(mother, set()).add(name)
        led.met.setdefault(name, set()).add(mother)
        boat = Ship(name, "dinghy", {}, 0.0, 0.0, 0.0, DINGHY_LENGTH, DINGHY_BEAM)
        boat.place(pose)
        led.ships[name] = boat


@on("refloat")
def refloat(led: Ledger, r: Record) -> None:
    """The rulings: a ship that comes off the ground moves from rest (NW-MOVE-1)."""
    ship = led.ship(r)
    if ship is not None and r.get("refloated"):
        ship.made.clear()
        ship.latest.clear()
