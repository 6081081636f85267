"""The set-up, capacities and crews read back: the muster's places (NW-SHIP-3, NW-UPG-6,
NW-CROWD-1), the overcrowded ship's Leadership test, who works a ship, psychology (stupid units
wander forward, NW-PSY-3), flight and rallying, and the slain."""

from __future__ import annotations

from grapeshot.core.audit import Record, off
from grapeshot.rulesets.navalwarhammer.audit.ledger import Ledger, Ship, Unit, on
from grapeshot.rulesets.navalwarhammer.audit.text import CAPACITY, CASTLE_PLACES, MINIMUM_CREW, WANDER_DIE


def capacity(size: str, castles: int, overcrowded: bool, crowding: str) -> int:
    """NW-SHIP-3 and NW-UPG-6, doubled for an overcrowded ship as option ``overcrowded_capacity`` reads NW-CROWD-1."""
    normal = CAPACITY[size] + CASTLE_PLACES * castles
    if not overcrowded:
        return normal
    return 2 * normal if crowding == "ship" else 2 * CAPACITY[size] + CASTLE_PLACES * castles


def under(rule: str, led: Ledger, record: Record, rolled: int, need: int, verdict: bool, what: str) -> None:
    """A Leadership test: it passes on 2D6 at or under the need (the other way from ``against``)."""
    led.expect(rule, record, (rolled <= need) == bool(verdict), f"{what} of {rolled} against Ld {need} was judged {'passed' if verdict else 'failed'}")


@on("setup")
def setup(led: Ledger, r: Record) -> None:
    led.options = dict(r.get("options", {}))
    led.wind = float(led.options.get("wind", 0.0))
    state = r.get("state", {})
    for name, s in dict(state.get("ships", {})).items():
        ship = Ship(str(name), str(s.get("size")), dict(s.get("upgrades", {})), 0.0, 0.0, 0.0, float(s.get("length", 0.0)), float(s.get("width", 0.0)))
        ship.place(s.get("pose", [0.0, 0.0, 0.0]))
        ship.afloat = bool(s.get("afloat", True))
        ship.overcrowded = bool(s.get("overcrowded", False))
        led.ships[ship.name] = ship
    for name, u in dict(state.get("units", {})).items():
        unit = Unit(str(name), str(u.get("home")), int(u.get("models", 0)))
        reach = u.get("range")
        unit.reach = float(reach[1]) if isinstance(reach, list) and len(reach) == 2 else None
        if "engine" in u:
            unit.mount = str(u.get("mount"))
            figs = u.get("figures") or []
            if figs and len(figs[0]) >= 3:
                unit.offset = (float(figs[0][1]), float(figs[0][2]))
        led.units[unit.name] = unit


@on("muster")
def muster(led: Ledger, r: Record) -> None:
    """NW-SHIP-3, NW-UPG-6, NW-CROWD-1: the places she has, and overcrowded when her crew (war
    machines and their crews aside, each other model at least a place) is more than a normal ship's."""
    ship = led.ship(r)
    if ship is None or ship.size not in CAPACITY:
        return
    crowding = str(led.option("overcrowded_capacity", "size"))
    want = capacity(ship.size, ship.castles, ship.overcrowded, crowding)
    led.expect(
        "NW-CROWD-1" if ship.overcrowded else "NW-SHIP-3", r, r.get("capacity") == want, f"{ship.name} has {r.get('capacity')} places, the account says {want}"
    )
    least_crew = MINIMUM_CREW[ship.size]
    if ship.upgrades.get("steam-engine"):
        least_crew = -(-least_crew // 2)
    led.expect("NW-CREW-1", r, r.get("minimum_crew") == least_crew, f"{ship.name}'s minimum crew is {r.get('minimum_crew')}, the account says {least_crew}")
    crew = dict(r.get("crew", {}))
    machines = [n for n, u in led.units.items() if u.mount is not None]
    least = sum(int(k) for n, k in crew.items() if n not in machines and not any(n != m and n.endswith(" of " + m) for m in machines))
    normal = capacity(ship.size, ship.castles, False, crowding)
    led.expect("NW-CROWD-1", r, ship.overcrowded or least <= normal, f"{ship.name} carries at least {least} places on {normal}, yet is not overcrowded")


@on("overcrowded")
def overcrowded(led: Ledger, r: Record) -> None:
    """NW-CROWD-1: only an overcrowded ship tests; failing her Leadership she goes Out of Control."""
    ship = led.ship(r)
    if ship is None:
        return
    led.expect("NW-CROWD-1", r, ship.overcrowded, f"{ship.name} tests for overcrowding without being overcrowded")
    under("NW-CROWD-1", led, r, int(r.get("roll", 0)), int(r.get("ld", 0)), not r.get("out_of_control"), "the overcrowded ship's test")
    if r.get("out_of_control"):
        ship.crowd_failed = led.turn


@on("psychology")
def psychology(led: Ledger, r: Record) -> None:
    """FB-PSY-*, NW-PSY-1: a test passes at or under the Ld; a failed stupidity stops the type working and wanders it a D6" (NW-PSY-3)."""
    rule = str(r.get("rule", "FB-PSY-1"))
    if "ld" in r:
        under(rule, led, r, int(r.get("roll", 0)), int(r.get("ld", 0)), bool(r.get("passed")), f"the {r.get('test')} test")
    if r.get("test") != "stupidity":
        return
    unit = led.unit(r, "unit_type")
    effects = list(r.get("effects", []))
    if r.get("passed"):
        led.expect("NW-PSY-3", r, not effects and r.get("wander") is None, f"a stupidity test passed, yet {effects} and a wander of {r.get('wander')}")
        return
    wander = r.get("wander")
    led.expect("NW-PSY-3", r, "wanders" in effects and "not-working" in effects, f"a failed stupidity test with effects {effects}")
    led.expect("NW-PSY-3", r, isinstance(wander, int) and 1 <= wander <= WANDER_DIE, f'a wander of {wander!r}": not a D6')
    if unit is not None:
        unit.stupid_on = led.turn
        led.pending[unit.name] = r


@on("wanders")
def wanders(led: Ledger, r: Record) -> None:
    """NW-PSY-3: only a unit that failed its stupidity wanders, its D6" towards its deck's bow."""
    unit = led.unit(r)
    if unit is None:
        return
    test = led.pending.pop(unit.name, None)
    if not led.expect("NW-PSY-3", r, test is not None and test.get("turn") == led.turn, f"{unit.name} wanders without failing its stupidity"):
        return
    assert test is not None
    led.near("NW-PSY-3", r, "inches", r.get("inches"), float(test.get("wander") or 0))
    ship = led.ship(test, "boat")
    if ship is not None and ship.sure:
        led.expect(
            "NW-PSY-3",
            r,
            off(float(r.get("direction", 0.0)), ship.heading) < 1e-2,
            f"{unit.name} wanders towards {r.get('direction')}, not {ship.name}'s bow ({ship.heading:.3f})",
        )


@on("crew")
def crew(led: Ledger, r: Record) -> None:
    """NW-PSY-3: stupid units do not work the ship; NW-CREW-1: who works her this turn."""
    ship = led.ship(r)
    if ship is not None:
        ship.crewed = (led.turn, bool(r.get("working")))
    for name in r.get("working", []):
        u = led.units.get(str(name))
        if u is not None:
            led.expect("NW-PSY-3", r, u.stupid_on != led.turn, f"{name} works the ship though it failed its stupidity this turn")


@on("flees")
def flees(led: Ledger, r: Record) -> None:
    unit = led.unit(r)
    if unit is not None:
        unit.fleeing = True


@on("rally")
def rally(led: Ledger, r: Record) -> None:
    """FB-RALLY-1: 2D6 at or under the Ld rallies; only the fleeing rally."""
    unit = led.unit(r)
    if unit is None:
        return
    led.expect("FB-RALLY-1", r, unit.fleeing, f"{unit.name} rallies without fleeing")
    under("FB-RALLY-1", led, r, int(r.get("roll", 0)), int(r.get("ld", 0)), bool(r.get("rallied")), "the rally")
    if r.get("rallied"):
        unit.fleeing = False


@on("wounds")
def wounds(led: Ledger, r: Record) -> None:
    """FB-WOUND-2: the models left, as the account keeps them."""
    unit = led.unit(r, "target")
    left = r.get("models_left")
    if unit is not None and isinstance(left, int):
        led.expect("FB-WOUND-2", r, left <= unit.models, f"{unit.name} has {left} models left of {unit.models}")
        unit.models = left


@on("sunk")
def sunk(led: Ledger, r: Record) -> None:
    """A ship that sinks on her way (a grounding's blow) has her move logged after her sinking."""
    ship = led.ship(r)
    if ship is not None:
        ship.afloat = False
        pending = (ship.allowance, ship.loose)
        ship.sinking_move = any(p is not None and p.get("turn") == led.turn for p in pending) and r.get("phase") == "movement"
