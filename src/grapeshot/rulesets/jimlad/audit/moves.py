"""The movement phase read back: orders, allowances, moves along their cards, drifts, evasions,
rams and groundings, landings and departures, checked against the account and the text."""

from __future__ import annotations

from typing import Any

from grapeshot.core.audit import Record, distance, off
from grapeshot.rulesets.jimlad.audit.ledger import NEAR, Book, Ledger, on
from grapeshot.rulesets.jimlad.audit.shapes import Pose, along, gap, unit
from grapeshot.rulesets.jimlad.audit.text import CARD_LENGTH, CARDS, HULL, KLAN_SPEED, LAND_REACH, LD, SIDE_SIGN, WORKING_KREW, ram_band


def dice(n: int, sides: int = 6) -> str:
    return f"{n if n > 1 else ''}D{sides}"


def held(led: Ledger, ship: Book) -> str | None:
    """Why the account says a ship may not move this turn (an event, a hangover, a fight, the shore)."""
    if ship.engaged is not None:
        return "locked in a boarding action"
    if led.turn in ship.held:
        return "held by an event or its krew"
    if ship.docked is not None:
        return f"landed at {ship.docked}"
    return None


def may_sail(led: Ledger, ship: Book, r: Record, what: str, before: dict[str, Any] | None = None) -> None:
    """Only a ship afloat, krewed, with hull points to move on, free and not ashore sails a card
    (judged as it set off: ``before``)."""
    was = before or {"hull": ship.hull, "aground": ship.aground, "orks": len(ship.krew)}
    led.expect("JL-KREW-5", r, was["orks"] >= WORKING_KREW, f"{ship.name} {what} with {was['orks']} Orks aboard: a hulk only drifts")
    led.expect("JL-SHIP-4", r, was["hull"] > 1, f"{ship.name} {what} on {was['hull']} hull point: becalmed")
    led.expect("JL-RAM-7", r, was["aground"] is None, f"{ship.name} {what} while aground")
    why = held(led, ship)
    led.expect("JL-TURN-3", r, why is None, f"{ship.name} {what} though {why}")


def wind_sector(led: Ledger, course: float) -> str | None:
    """JL-KLAN-8: with, against or across the wind (None on a boundary, where rounding decides)."""
    half = float(led.option("wind_sector", 45.0))
    a = off(course, led.wind)
    if min(abs(a - half), abs(a - (180.0 - half))) < 1e-3:
        return None
    return "with" if a <= half else "against" if a >= 180.0 - half else "side"


def travel_heading(ship: Book, card: int) -> float:
    return (ship.heading + 180.0) % 360.0 if CARDS[card][4] else ship.heading


@on("orders")
def orders(led: Ledger, r: Record) -> None:
    for seat, given in dict(r.get("orders", {})).items():
        for o in given:
            ship = led.ships.get(str(o.get("ship")))
            if ship is None:
                continue
            card, side = int(o.get("card", 0)), str(o.get("side"))
            led.expect("JL-SHIP-4", r, ship.afloat, f"{seat} gave orders to {ship.name}, which has sunk")
            led.expect("JL-TURN-3", r, ship.commander == seat, f"{seat} gave orders to {ship.name}, which {ship.commander} commands")
            may_sail(led, ship, r, "was given orders")
            led.expect("JL-DMG-8", r, not ship.engine, f"{ship.name} was given orders with its engine damaged: it repeats its last move")
            if card not in CARDS:
                led.flag("JL-TURN-3", r, f"{ship.name} was ordered onto card {card}")
                continue
            turns = CARDS[card][3] != 0.0
            sides = ("none", "port", "starboard") if CARDS[card][4] else ("port", "starboard") if turns else ("none",)
            led.expect(CARDS[card][5], r, side in sides, f"{ship.name} was ordered onto card {card} turning {side}")
            led.expect("JL-MOVE-10", r, side == "none" or not ship.rudder, f"{ship.name} was ordered to turn {side} with its rudder damaged")
            led.expect("JL-MOVE-5", r, card != 5 or ship.standstill, f"{ship.name} was ordered Full Astern without being at a standstill")
            forced = led.forced.get(ship.name)
            if forced is not None:
                legal = (forced[0] != 5 or ship.standstill) and (forced[1] == "none" or not ship.rudder)
                led.expect(
                    "JL-EVT-15", r, not legal or (card, side) == forced, f"{ship.name} took card {card} {side}, the mermorks' card is {forced[0]} {forced[1]}"
                )
            led.orders[ship.name] = o
    for ship in led.afloat():
        due = not ship.hulk and ship.hull > 1 and not ship.engine and ship.aground is None and held(led, ship) is None
        led.expect("JL-TURN-3", r, ship.name in led.orders or not due, f"{ship.name} was given no orders though free to sail")
    led.unordered = {s.name for s in led.afloat() if s.name not in led.orders}


@on("mermorks")
def mermorks(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is not None:
        led.forced[ship.name] = (int(r.get("card", 0)), str(r.get("side")))


@on("allowance")
def allowance(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    card = int(r.get("card", 0))
    if ship is None or card not in CARDS:
        return
    base, n, minimum, _, _, rule = CARDS[card]
    led.begins(ship)["allowance"] = r
    led.same(rule, r, "minimum", r.get("minimum"), minimum)
    parts = [(str(p.get("rule")), p.get("inches")) for p in r.get("parts", [])]
    if ship.has("sand-banks", led.turn):
        led.same("JL-EVT-7", r, "parts", parts, [("JL-EVT-7", minimum / 2.0)])
        led.expect("JL-EVT-7", r, r.get("low") == r.get("high") == minimum / 2.0, f"on sand banks the move is half the minimum, {minimum / 2.0}")
        return
    rolls: dict[str, list[Record]] = {}
    for x in led.rolls:
        rolls.setdefault(str(x.get("rule")), []).append(x)

    def part(rule_: str, count: int, sides: int, sign: int, what: str) -> tuple[str, Any] | None:
        got = rolls.get(rule_, [])
        if not got:
            led.flag(rule_, r, f"no {dice(count, sides)} rolled for {what}")
            return None
        x = got.pop(0)
        led.same(rule_, r, f"the dice for {what}", x.get("expr"), dice(count, sides))
        return rule_, (base if rule_ == rule else 0) + sign * int(x.get("total", 0))

    wanted = [part(rule, n, 6, 1, "the card")]
    klan = KLAN_SPEED.get(ship.klan)
    if klan is not None:
        wanted.append(part(klan[1], 1, 6, klan[0], "the klan"))
    if ship.klan == "snake-bites":
        sector = wind_sector(led, travel_heading(ship, card))
        if sector is not None:
            led.same("JL-KLAN-8", r, "wind_sector", r.get("wind_sector"), sector)
        sector = sector or str(r.get("wind_sector"))
        if sector == "with":
            wanted.append(part("JL-KLAN-2", 2, 6, 1, "sailing with the wind"))
        elif sector == "against":
            wanted.append(part("JL-KLAN-2", 1, 6, -1, "sailing against the wind"))
        elif led.option("snakebite_side_wind") == "distance":
            wanted.append(part("JL-KLAN-2", 1, 3, 1, "the wind abeam"))
    if ship.hull < HULL:
        wanted.append(part("JL-SHIP-4", HULL - ship.hull, 6, -1, f"{ship.hull} hull points"))
    if ship.has("skurvy", led.turn):
        wanted.append(part("JL-EVT-10", 2, 6, -1, "skurvy"))
    want = [w for w in wanted if w is not None]
    if parts != want:
        wrong = next((w[0] for w, p in zip(want, parts, strict=False) if w != p), (want or parts)[-1][0])
        led.flag(wrong, r, f"the parts are {parts}, the dice give {want}")
        return
    total = float(sum(int(p[1]) for p in parts))
    if total >= minimum:
        low, high = minimum, total
    elif led.option("short_move") == "minimum":
        low = high = minimum
    else:
        low = high = max(0.0, total)
    led.same("JL-MOVE-9", r, "high", r.get("high"), high)
    led.same("JL-MOVE-9", r, "low", r.get("low"), low)
    whole = [round(low + CARD_LENGTH + ship.length, 4), round(high + CARD_LENGTH + ship.length, 4)]
    led.same("JL-MOVE-6", r, "whole", r.get("whole"), whole)


@on("straight-ahead")
def straight_ahead(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is not None:
        led.expect("JL-DMG-7", r, ship.rudder, f"{ship.name} gave up its turn with its rudder whole")
        led.begins(ship)["straight"] = float(r.get("at", 0.0))


@on("engine-repeat")
def engine_repeat(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    mine = led.begins(ship)
    mine["engine"] = r
    led.expect("JL-DMG-8", r, ship.engine, f"{ship.name} repeats its move with its engine whole")
    last = ship.last_move
    card, side, at = (int(last["card"]), str(last["side"]), str(last["card_at"])) if last is not None else (1, "none", "start")
    side = "none" if ship.rudder else side
    led.same("JL-DMG-8", r, "the card", (r.get("card"), r.get("card_at")), (card, at))
    led.same("JL-MOVE-10" if ship.rudder else "JL-DMG-8", r, "side", r.get("side"), side)
    fresh = mine.get("allowance")
    before = float(last["distance"]) if last is not None else CARDS[1][2]
    if ship.has("sand-banks", led.turn):  # JL-EVT-7: held to half the card's minimum all the same
        rule, span = "JL-EVT-7", CARDS[card][2] / 2.0
    elif led.option("engine_repeat") == "reroll" and fresh is not None:
        rule, span = "JL-DMG-8", float(fresh.get("high", 0.0))
    elif ship.has("skurvy", led.turn):  # JL-EVT-10: last turn's distance, less 2D6"
        slow = led.rolled("JL-EVT-10", "2D6")
        rule, span = "JL-EVT-10", max(0.0, before - (int(slow[-1].get("total", 0)) if slow else 0))
    else:
        rule, span = "JL-DMG-8", before
    led.near(rule, r, "distance", r.get("distance"), span)
    mine["repeat"] = (card, side, at, span)


@on("contact")
def contact(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is not None:
        led.begins(ship)["contact"] = r


def legs(card: int, side: str, card_at: str, distance_: float, length: float, straight: float | None) -> list[tuple[float, float]]:
    """The lead point's route, as (length, degrees turned) legs (JL-MOVE-6, JL-MOVE-7): a turning card's
    8" arc at the start or the end, straight before and after; straight on from ``straight`` inches
    if the rudder went there (JL-DMG-7)."""
    turn = CARDS[card][3] * SIDE_SIGN.get(side, 0.0)
    if turn == 0.0:
        route = [(distance_ + CARD_LENGTH + length, 0.0)]
    elif card_at == "start":
        route = [(CARD_LENGTH, turn), (distance_ + length, 0.0)]
    else:
        route = [(distance_, 0.0), (CARD_LENGTH, turn), (length, 0.0)]
    if straight is None:
        return [(a, t) for a, t in route if a > 1e-9]
    out: list[tuple[float, float]] = []
    gone = 0.0
    for a, t in route:
        if gone + a >= straight:
            part = straight - gone
            if part > 0:
                out.append((part, t * part / a))
            break
        out.append((a, t))
        gone += a
    out.append((sum(a for a, _ in route) - straight, 0.0))
    return [(a, t) for a, t in out if a > 1e-9]


def lead(ship: Book, astern: bool) -> Pose:
    c, s = unit(ship.heading)
    sign = -1.0 if astern else 1.0
    h = (ship.heading + (180.0 if astern else 0.0)) % 360.0
    return ship.x + sign * c * ship.length / 2.0, ship.y + sign * s * ship.length / 2.0, h


@on("move")
def move(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    card = int(r.get("card", 0))
    if ship is None or card not in CARDS:
        return
    rule = CARDS[card][5]
    mine = led.scratch.pop(ship.name, {})
    led.expect("JL-TURN-3", r, led.phase == "movement", f"{ship.name} moved in the {led.phase} phase")
    led.expect("JL-TURN-3", r, ("went", ship.name) not in led.done, f"{ship.name} moved twice in one movement phase")
    may_sail(led, ship, r, "moved", mine.get("before"))
    plan = (r.get("card"), r.get("side"), r.get("card_at"))
    engine = mine.get("engine")
    if mine.get("before", {}).get("engine", ship.engine):
        if led.expect("JL-DMG-8", r, engine is not None, f"{ship.name} moved freely with its engine damaged"):
            card_, side_, at_, span_ = mine["repeat"]
            led.same("JL-DMG-8", r, "the manoeuvre", plan, (card_, side_, at_))
            led.near("JL-DMG-8", r, "distance", r.get("distance"), span_)
    else:
        o = led.orders.get(ship.name)
        if led.expect("JL-TURN-3", r, o is not None, f"{ship.name} moved with no orders"):
            assert o is not None
            want = (o.get("card"), "none" if mine.get("straight") == 0.0 else o.get("side"), o.get("card_at"))
            led.expect("JL-TURN-3", r, plan in (want, (o.get("card"), o.get("side"), o.get("card_at"))), f"{ship.name} sailed {plan}, ordered {want}")
    span = float(r.get("distance", 0.0))
    allow = mine.get("allowance")
    fresh = engine is None or led.option("engine_repeat") == "reroll"
    if fresh and led.expect("JL-MOVE-9", r, allow is not None, f"{ship.name} moved with no allowance rolled"):
        assert allow is not None
        lo, hi = float(allow.get("low", 0.0)), float(allow.get("high", 0.0))
        led.expect("JL-MOVE-9", r, lo - NEAR <= span <= hi + NEAR, f'{ship.name} chose {span}" beyond the card, allowed {lo}-{hi}"')
    planned, travelled = float(r.get("planned", 0.0)), float(r.get("travelled", 0.0))
    led.near("JL-MOVE-6", r, "planned", planned, span + CARD_LENGTH + ship.length)
    if r.get("contact") is None:
        led.near(rule, r, "travelled", travelled, planned)
    else:
        led.expect(rule, r, travelled <= planned + NEAR, f'{ship.name} travelled {travelled}" of a {planned}" move')
    if led.at_pose(rule, r, "start", r.get("start"), ship):
        path(led, r, ship, card, span, travelled, mine)
    ship.place(r.get("end", ship.pose))
    ship.standstill = card == 4 or r.get("contact") is not None
    ship.last_move = r
    ship.sailed = led.turn
    led.done |= {("went", ship.name), ("moved", ship.name), ("ordered", ship.name) if engine is None else ("repeated", ship.name)}


def path(led: Ledger, r: Record, ship: Book, card: int, span: float, travelled: float, mine: dict[str, Any]) -> None:
    """The end of the move on the card's route at the distance travelled; the rams on the way met
    at the course the route had there (JL-RAM-3, JL-RAM-5)."""
    astern = CARDS[card][4]
    start = lead(ship, astern)
    route = legs(card, str(r.get("side")), str(r.get("card_at")), span, ship.length, mine.get("straight"))
    end = r.get("end", ship.pose)
    c, s = unit(float(end[2]))
    sign = -1.0 if astern else 1.0
    tip = (float(end[0]) + sign * c * ship.length / 2.0, float(end[1]) + sign * s * ship.length / 2.0)
    if not led.expect(
        "JL-MOVE-9",
        r,
        distance(start, tip) <= travelled + NEAR,
        f'{ship.name}\'s {"stern" if astern else "bow"} went {distance(start, tip):.4f}" in a straight line, travelling {travelled}"',
    ):
        return
    x, y, h = along(start, route, travelled)
    hx, hy = unit(h)
    centre = (x - hx * ship.length / 2.0, y - hy * ship.length / 2.0)
    heading = (h + (180.0 if astern else 0.0)) % 360.0
    ok = distance(centre, end) <= 5 * NEAR and off(heading, float(end[2])) <= 0.05
    led.expect(
        CARDS[card][5], r, ok, f"{ship.name} ended at {end}; its card's route after {travelled}\" ends at [{centre[0]:.4f}, {centre[1]:.4f}, {heading:.4f}]"
    )
    for ram in mine.get("rams", []):
        _, _, course = along(start, route, float(ram.get("moved", 0.0)))
        impact(led, ram, ship, course % 360.0)


def impact(led: Ledger, r: Record, ship: Book, course: float) -> None:
    """The terms of an impact's strength that depend on the course at the moment of impact."""
    if r.get("kind") in ("ram", "crash"):
        target = r.get("_target_heading")
        if isinstance(target, float):
            a = off(course, target)
            if min(abs(a - 45.0), abs(a - 135.0)) > 0.05:
                led.same("JL-RAM-3", r, "heading", r.get("heading"), 1 if a >= 135.0 else -1 if a <= 45.0 else 0)
    if ship.klan == "snake-bites":
        sector = wind_sector(led, course)
        if sector is not None:
            led.same("JL-RAM-5", r, "wind", r.get("wind"), {"with": 1, "against": -1, "side": 0}[sector])


def strength_terms(led: Ledger, r: Record, ship: Book) -> int:
    """The impact's strength from its terms as the text gives them (JL-RAM-3, JL-RAM-5)."""
    moved = float(r.get("moved", 0.0))
    hit = led.scratch.get(ship.name, {}).get("contact")
    if hit is not None:
        led.near("JL-RAM-3", r, "moved", moved, float(hit.get("at", 0.0)))
    led.same("JL-RAM-3", r, "band", r.get("band"), ram_band(moved))
    led.same("JL-RAM-5", r, "klan", r.get("klan"), 1 if ship.klan == "goffs" else None)
    if ship.klan != "snake-bites":
        led.same("JL-RAM-5", r, "wind", r.get("wind"), None)
    heading, wind = r.get("heading", 0), r.get("wind", 0)  # checked on the course of impact (impact())
    want = ram_band(moved) + (heading if heading in (-1, 0, 1) else 0) + (ship.klan == "goffs") + (wind if wind in (-1, 0, 1) else 0)
    led.same("JL-RAM-3", r, "strength", r.get("strength"), want)
    led.scratch.setdefault(ship.name, {}).setdefault("rams", []).append(r)
    return want


@on("ram", "crash")
def ram(led: Ledger, r: Record) -> None:
    ship, target = led.ship(r), led.ship(r, "target")
    if ship is None or target is None:
        return
    led.expect("JL-RAM-3", r, r.get("heading") in (-1, 0, 1), f"heading term {r.get('heading')!r}")
    strength = strength_terms(led, r, ship)
    led.scratch[ship.name]["rams"][-1] = {**r, "_target_heading": target.heading}
    planned = r.get("kind") == "ram"
    if planned:
        led.expect("JL-RAM-1", r, ("went", target.name) in led.done, f"{ship.name} rammed {target.name}, which has not moved this turn")
    rule = "JL-RAM-4" if planned else "JL-RAM-6"
    led.same(rule, r, "own_strength", r.get("own_strength"), strength - 1 if planned else strength)
    led.blows += [(target.name, strength, "the impact"), (ship.name, strength - 1 if planned else strength, "the impact on the rammer")]


@on("aground")
def aground(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    led.expect("JL-RAM-6", r, led.kind_of(str(r.get("on"))) in ("island", "dock"), f"aground on {r.get('on')!r}, not land")
    led.expect("JL-RAM-3", r, "heading" not in r, "running aground has no heading term")
    strength = strength_terms(led, r, ship)
    ship.aground = led.turn
    ship.standstill = True
    led.blows.append((ship.name, strength, "running aground"))


@on("kraken-rammed")
def kraken_rammed(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is not None:
        strength_terms(led, r, ship)


@on("evade")
def evade(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    able = bool(ship.krew) and ship.aground is None and ship.docked is None and ship.engaged is None
    led.same("JL-RAM-2", r, "able", r.get("able"), able)
    if r.get("able"):
        led.same("JL-RAM-2", r, "ld", r.get("ld"), max((LD[k] for k in ship.krew), default=7))
        tests = led.rolled("JL-RAM-2", "2D6")
        if tests:
            led.same("JL-RAM-2", r, "roll", r.get("roll"), tests[-1].get("total"))
        led.same("JL-RAM-2", r, "passed", r.get("passed"), int(r.get("roll", 99)) <= int(r.get("ld", 0)))
    to = r.get("to")
    if isinstance(to, list):
        led.expect("JL-RAM-2", r, bool(r.get("passed")), f"{ship.name} slid aside though it failed its test")
        led.near("JL-RAM-2", r, "slid", r.get("slid"), distance(to, ship.pose))
        ship.x, ship.y = float(to[0]), float(to[1])


@on("drift")
def drift(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    why, rule = str(r.get("why")), str(r.get("rule"))
    inches = float(r.get("inches", 0.0))
    mine = led.scratch.pop(ship.name, {})
    was = mine.pop("before", None) or {"aground": ship.aground}
    for ram in mine.pop("rams", []):
        impact(led, ram, ship, float(r.get("direction", 0.0)))
    if why == "drifting hulk":
        led.expect("JL-KREW-5", r, ship.hulk, f"{ship.name} drifted as a hulk with {len(ship.krew)} Orks aboard")
        led.expect("JL-TURN-3", r, ("went", ship.name) not in led.done, f"{ship.name} moved twice in one movement phase")
        led.done.add(("went", ship.name))
        most = 6
    elif why == "wind abeam":
        led.expect("JL-KLAN-2", r, ship.klan == "snake-bites" and led.option("snakebite_side_wind") == "drift", f"{ship.name} drifted with the wind abeam")
        led.expect(
            "JL-KLAN-2",
            r,
            ("moved", ship.name) in led.done and off(float(r.get("direction", 0.0)), led.wind) < 0.01,
            "the side-wind drift goes downwind after the move",
        )
        most = 3
    else:
        led.expect(rule, r, led.phase == "events" and ship.docked is None and was["aground"] is None, f"{ship.name} drifted in {why} though docked or aground")
        most = 6
    led.expect(rule, r, inches in {float(i) for i in range(1, most + 1)}, f'a drift of {inches}" on a D{most}')
    travelled = float(r.get("travelled", 0.0))
    if r.get("contact") is None:
        led.near(rule, r, "travelled", travelled, inches)
    else:
        led.expect(rule, r, travelled <= inches + NEAR, f'{ship.name} drifted {travelled}" of {inches}"')
    if led.at_pose(rule, r, "start", r.get("start"), ship):
        c, s = unit(float(r.get("direction", 0.0)))
        end = r.get("end", ship.pose)
        ok = distance(end, (ship.x + c * travelled, ship.y + s * travelled)) <= 5 * NEAR and off(float(end[2]), ship.heading) < 0.01
        led.expect(rule, r, ok, f'{ship.name} drifted to {end}, not {travelled}" along {r.get("direction")} without turning')
    ship.place(r.get("end", ship.pose))
    if r.get("contact") is not None:
        ship.standstill = True


@on("no-move")
def no_move(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    rule = str(r.get("rule"))
    led.expect("JL-TURN-3", r, ("went", ship.name) not in led.done, f"{ship.name} moved twice in one movement phase")
    led.done.add(("went", ship.name))
    if rule == "JL-SHIP-4":
        led.expect(rule, r, ship.hull == 1, f"{ship.name} is becalmed on {ship.hull} hull points")
    elif rule == "JL-RAM-7":
        led.expect(rule, r, ship.aground is not None, f"{ship.name} lies aground with no grounding logged")
    else:
        unordered = ship.name in led.unordered and not ship.engine  # freed after the orders (JL-BOARD-5)
        led.expect("JL-TURN-3", r, held(led, ship) is not None or unordered, f"{ship.name} did not move, and nothing held it ({r.get('why')})")
    if rule != "JL-RAM-7":
        ship.standstill = True


@on("landing")
def landing(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    place = str(r.get("place"))
    if ship is None or place not in led.terrain:
        return
    kind, outline = led.terrain[place]
    led.expect("JL-LAND-1", r, ("ordered", ship.name) in led.done, f"{ship.name} tried to land without an ordered move this turn")
    led.same("JL-LAND-1", r, "what", r.get("what"), "island" if kind == "island" else "dock")
    if led.at_pose("JL-LAND-1", r, "start", r.get("start"), ship):
        reach = gap(ship.box.corners(), outline)
        led.expect("JL-LAND-1", r, reach <= LAND_REACH + NEAR, f'{ship.name} landed at {place} from {reach:.3f}" away')
    tries = led.rolled("JL-LAND-1")
    if tries:
        led.same("JL-LAND-1", r, "roll", r.get("roll"), tries[-1].get("total"))
    landed = int(r.get("roll", 0)) > 1
    led.same("JL-LAND-1", r, "landed", r.get("landed"), landed)
    end, start = r.get("end", ship.pose), r.get("start", ship.pose)
    led.expect("JL-LAND-1", r, off(float(end[2]), float(start[2])) < 0.01, "the ship turned as it landed")
    if not landed:
        led.expect("JL-LAND-1", r, distance(end, start) <= NEAR, "a failed landing moved the ship")
        return
    led.same("JL-LAND-1", r, "harbour", r.get("harbour"), kind == "dock")
    ship.place(end)
    ship.docked, ship.docked_turn, ship.standstill = place, led.turn, True


@on("depart")
def depart(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    rule = str(r.get("rule"))
    led.same(rule, r, "place", r.get("place"), ship.docked)
    led.at_pose(rule, r, "start", r.get("start"), ship)
    ship.place(r.get("end", ship.pose))
    ship.docked, ship.standstill = None, True


@on("harbour-leave")
def harbour_leave(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    led.expect("JL-PORT-2", r, led.in_harbour(ship) and ship.docked == r.get("place"), f"{ship.name} is not in harbour at {r.get('place')}")
    roll = r.get("roll")
    led.expect("JL-PORT-2", r, (roll is None) == (led.turn == ship.docked_turn + 1), f"roll {roll!r} on turn {led.turn}, docked on turn {ship.docked_turn}")
    led.same("JL-PORT-2", r, "may_leave", r.get("may_leave"), roll is not None and int(roll) >= 3)
    if not r.get("may_leave"):
        ship.held.add(led.turn)


@on("refloat")
def refloat(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    grounded = ship.aground
    led.expect("JL-RAM-7", r, grounded is not None and led.turn >= grounded + 2, f"{ship.name} came off on turn {led.turn}, aground since {grounded}")
    if r.get("turned"):
        ship.heading = float(r.get("heading", ship.heading)) % 360.0
    else:
        led.expect("JL-RAM-7", r, off(float(r.get("heading", 0.0)), ship.heading) < 0.01, "the heading changed though it did not turn")
    ship.aground = None


@on("whirlpool")
def whirlpool(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    led.near("JL-EVT-9", r, "heading_before", float(r.get("heading_before", 0.0)), ship.heading, 0.01)
    led.expect("JL-EVT-9", r, ship.docked is None and ship.aground is None, f"{ship.name} turned in a whirlpool while docked or aground")
    if r.get("turned"):
        ship.heading = float(r.get("direction", ship.heading)) % 360.0


@on("placed")
def placed(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is not None:
        led.at_pose("JL-TURN-3", r, "start", r.get("start"), ship)
        ship.place(r.get("end", ship.pose))


@on("effect")
def effect(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    rule = str(r.get("rule"))
    led.same(rule, r, "in_force_on_turn", r.get("in_force_on_turn"), led.turn)
    ship.effects.setdefault(str(r.get("effect")), set()).add(led.turn)
    if r.get("effect") == "snakes":
        led.expect("JL-EVT-6", r, ship.klan != "snake-bites", "the Snake Bites are immune to snakes")
    if r.get("held"):
        ship.held.add(led.turn)


def end_of_movement(led: Ledger, r: Record) -> None:
    """Every ship afloat had its turn to move: a move, a drift or a logged reason not to (JL-TURN-3)."""
    for ship in led.afloat():
        led.expect("JL-TURN-3", r, ("went", ship.name) in led.done, f"{ship.name} neither moved nor was held in the movement phase")
    led.scratch.clear()
