"""The game's frame read back: the set-up the account starts from, each ship's muster against the
text, phases and turns, the wind, and the victory with its points."""

from __future__ import annotations

from collections import Counter

from grapeshot.core.audit import Record
from grapeshot.rulesets.jimlad.audit import fire, moves
from grapeshot.rulesets.jimlad.audit.ledger import Book, Ledger, on
from grapeshot.rulesets.jimlad.audit.text import GRAPE, GUNNERS_BS, GUNS, KRAK, RANGE, SAVE, STARTING_KREW, TORPEDO_S, WORKING_KREW

#: the rule that changes each facing's armour for a klan, else the ship's own
ARMOUR_RULE = {"evil-sunz": "JL-KLAN-5", "bad-moons": "JL-KLAN-6"}


@on("setup")
def setup(led: Ledger, r: Record) -> None:
    led.options = dict(r.get("options", {}))
    state = r.get("state", {})
    led.wind = float(state.get("wind", 0.0))
    led.seats = list(state.get("victory_points", {}))
    for t in state.get("terrain", []):
        if "polygon" in t:
            led.terrain[str(t["name"])] = (str(t["kind"]), [(float(x), float(y)) for x, y in t["polygon"]])
        else:
            led.terrain[str(t["name"])] = (str(t["kind"]), [])
    for s in state.get("ships", []):
        krew = [str(k["role"]) for k in s.get("krew", [])]
        kaptin = next((int(k["wounds"]) for k in s.get("krew", []) if k["role"] == "kaptin"), 0)
        book = Book(
            name=str(s["name"]),
            klan=str(s["klan"]),
            owner=str(s["owner"]),
            commander=str(s["commander"]),
            x=float(s["x"]),
            y=float(s["y"]),
            heading=float(s["heading"]) % 360.0,
            length=float(s["length"]),
            width=float(s["width"]),
            hull=int(s["hull_points"]),
            krew=krew,
            kaptin_wounds=kaptin,
            gold=int(s["gold"]),
            standstill=bool(s.get("standstill", False)),
            salvos=int(s.get("salvos_left", 1)),
            afloat=bool(s.get("afloat", True)),
        )
        led.ships[book.name] = book


@on("muster")
def muster(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    for facing, value in dict(r.get("armour", {})).items():
        led.same(ARMOUR_RULE.get(ship.klan, "JL-SHIP-3"), r, f"armour.{facing}", value, ship.armour(str(facing)))
    led.same("JL-SHIP-3", r, "save", r.get("save"), SAVE)
    led.same("JL-SHIP-3", r, "hull_points", r.get("hull_points"), ship.hull)
    led.same("JL-SHOOT-1", r, "gunners_bs", r.get("gunners_bs"), GUNNERS_BS)
    deff = ship.klan == "deff-skulls"
    for gun in GUNS:
        want = {"range": RANGE[gun], "krak": None if deff and gun == "fore" else KRAK[gun], "grapeshot": 4 if deff and gun == "fore" else GRAPE[gun]}
        led.same("JL-KLAN-3" if deff and gun == "fore" else "JL-SHOOT-2", r, f"kannons.{gun}", r.get("kannons", {}).get(gun), want)
    torpedoes = {"salvos": int(led.option("torpedo_salvos", 1)), "strength": TORPEDO_S, "manned": ship.klan == "blood-axes"}
    led.same("JL-SHOOT-6", r, "torpedoes", r.get("torpedoes"), torpedoes)
    led.same("JL-KREW-1", r, "krew", r.get("krew"), list(STARTING_KREW))


@on("phase")
def phase(led: Ledger, r: Record) -> None:
    """A phase begins: the one before it is over, and what it owed is checked."""
    if led.becalmed is not None:
        fire.end_of_shooting(led, r)
        led.becalmed = None
    if led.phase == "movement":
        moves.end_of_movement(led, r)
    elif led.phase == "shooting":
        fire.end_of_shooting(led, r)
    for target, strength, what in led.blows:
        led.flag("JL-SHOOT-8", r, f"{what} on {target} at S{strength} was never struck")
    for ship in led.losses:
        led.flag("JL-DMG-1", r, f"{ship} was hit and lost no hull point")
    for book in led.ships.values():
        if book.hulk_due is not None and book.afloat and book.hulk:
            led.flag("JL-KREW-5", r, f"{book.name} fell below {WORKING_KREW} Orks at record {book.hulk_due} and never became a hulk")
        book.hulk_due = None
    led.blows, led.losses = [], []
    led.done.clear()
    led.phase = str(r.get("name"))
    if led.phase == "sequence":
        led.orders, led.unordered, led.forced = {}, set(), {}


@on("turn")
def turn(led: Ledger, r: Record) -> None:
    order = [str(s) for s in r.get("order", [])]
    afloat = {s.commander for s in led.afloat()}
    led.expect("JL-TURN-6", r, set(order) == afloat and len(order) == len(afloat), f"the turn sequence {order}; seats with ships afloat: {sorted(afloat)}")
    led.order = order


@on("wind")
def wind(led: Ledger, r: Record) -> None:
    dies = [x for x in led.rolls if x.get("expr") == "scatter" and x.get("direction") is not None]
    if dies:
        led.same("JL-TURN-1", r, "direction", r.get("direction"), dies[-1].get("direction"))
    led.wind = float(dies[-1].get("direction") or 0.0) if dies else float(r.get("direction", led.wind))


def points(led: Ledger) -> Counter[str]:
    """JL-WIN-3 (ruling): a point for each enemy ship sunk, and one for each captured ship held."""
    vp = Counter({s: 0 for s in led.seats})
    vp.update(led.vp)
    for s in led.afloat():
        if s.commander != s.owner:
            vp[s.commander] += 1
    return vp


@on("victory")
def victory(led: Ledger, r: Record) -> None:
    rule, objective = str(r.get("rule")), str(r.get("objective"))
    winners = [str(w) for w in r.get("winners", [])]
    afloat = list(led.afloat())
    fleets = {s.commander for s in afloat}
    if rule == "JL-WIN-3":
        vp = points(led)
        led.same("JL-WIN-3", r, "vp", dict(r.get("vp", {})), dict(vp))
        top = max(vp.values(), default=0)
        tied = sorted(s for s, v in vp.items() if v == top)
        if len(tied) > 1:
            hulls = {seat: [s.hull for s in afloat if s.commander == seat] for seat in tied}
            ours = {seat: sum(h) if led.option("tiebreak") == "fleet" else max(h, default=0) for seat, h in hulls.items()}
            best = max(ours.values())
            tied = [s for s in tied if ours[s] == best]
        led.same("JL-WIN-3", r, "winners", sorted(winners), tied)
        led.same("JL-WIN-3", r, "objective", objective, "best-of-the-rest" if len(tied) == 1 else "draw")
    elif objective == "draw":
        led.expect(rule, r, not afloat and not winners, f"a draw with {len(afloat)} ships afloat")
    elif objective == "weez-da-only-fleet":
        led.expect(
            "JL-WIN-2",
            r,
            fleets == set(winners) and any(s.commander != s.owner for s in afloat),
            f"the only fleet {winners}; ships afloat serve {sorted(fleets)}",
        )
    else:
        able = {s.commander for s in afloat if s.hull >= 2 and len(s.krew) >= WORKING_KREW}
        lone = fleets == set(winners) or (able == set(winners) and all(s.hull <= 1 for s in afloat if s.commander not in able))
        led.expect("JL-WIN-1", r, len(winners) == 1 and lone, f"the last boat afloat {winners}; ships afloat serve {sorted(fleets)}")
