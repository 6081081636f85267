"""The shooting phase and every blow read back: who may fire which kannon, krak's aim, arc, range,
scatter and landing, grapeshot, sluggas and torpedoes, each strike's verdict, hull points lost,
sinkings, the damage table and the grot riggers' repairs."""

from __future__ import annotations

from typing import Any

from grapeshot.core.audit import Record, bearing, close, distance, off
from grapeshot.rulesets.jimlad.audit.ledger import NEAR, Book, Ledger, is_hit, on
from grapeshot.rulesets.jimlad.audit.shapes import entry, point_gap, unit
from grapeshot.rulesets.jimlad.audit.text import (
    ARC_OFFSET,
    CHINORK_NEED,
    CHINORK_S,
    DAMAGE,
    FACING_OF_GUN,
    GRAPE,
    GRAPE_D3_RANGE,
    GUN_HIT,
    GUNS,
    HULL,
    KRAK,
    KRAKEN_NEED,
    KRAKEN_S,
    MANNED_HALF_ARC,
    MANNED_RANGE,
    MINE_S,
    NPC_ARMOUR,
    RANGE,
    REPAIR_NEED,
    SAVE,
    SLUGGA_NEED,
    TORPEDO_GAP,
    TORPEDO_RUN,
    TORPEDO_S,
    half_up,
)

SUB = "Da Dred NoOrk"


def shooting(led: Ledger, ship: Book) -> bool:
    """Whether this is a time the ship may shoot: the shooting phase, or its becalmed round."""
    return led.phase == "shooting" or (led.becalmed is not None and ship.name in led.becalmed)


def firing(led: Ledger) -> bool:
    """In a seat's turn to shoot: the shooting phase, or the becalmed round (JL-DMG-2 counts both)."""
    return led.phase == "shooting" or led.becalmed is not None


def may_shoot(led: Ledger, ship: Book, r: Record, what: str) -> None:
    """JL-TURN-4 and the rules that forbid a ship its guns this turn."""
    turn = led.turn
    led.expect("JL-TURN-4", r, shooting(led, ship), f"{ship.name} {what} in the {led.phase} phase")
    led.expect("JL-KREW-5", r, not ship.hulk, f"{ship.name} {what} with {len(ship.krew)} Orks aboard: a hulk's grots hide")
    led.expect("JL-DMG-5", r, not ship.has("shaken", turn), f"{ship.name} {what} with its krew shaken")
    led.expect("JL-BOARD-5", r, ship.engaged is None, f"{ship.name} {what} while locked in a boarding action")
    led.expect("JL-EVT-6", r, not ship.has("snakes", turn), f"{ship.name} {what} while fighting off the snakes")
    led.expect("JL-PORT-1", r, not led.in_harbour(ship), f"{ship.name} {what} in harbour")
    led.expect("JL-LAND-2", r, not ship.has("drunk", turn), f"{ship.name} {what} with its krew drunk")


def kannon(led: Ledger, ship: Book, r: Record, gun: str, shell: str) -> None:
    """The kannon may fire this shell now: carried, not damaged, not forbidden by the damage table,
    not after a repair, and each kannon once a phase (a Deff Skulls broadside's D3 shots are one firing)."""
    may_shoot(led, ship, r, f"fired its {gun} kannon")
    deff = ship.klan == "deff-skulls"
    if shell == "krak":
        led.expect(
            "JL-KLAN-3" if deff and gun == "fore" else "JL-SHOOT-2",
            r,
            KRAK[gun] is not None and not (deff and gun == "fore"),
            f"the {gun} kannon fires no krak",
        )
        led.expect("JL-DMG-4", r, not ship.has("no-krak", led.turn), f"{ship.name} fired krak with no krak to hand this turn")
    else:
        led.expect("JL-SHOOT-2", r, GRAPE[gun] is not None or (deff and gun == "fore"), f"the {gun} kannon fires no grapeshot")
        led.expect("JL-DMG-3", r, not ship.has("no-grapeshot", led.turn), f"{ship.name} fired grapeshot with none to hand this turn")
    led.expect("JL-DMG-6", r, gun not in ship.guns, f"{ship.name} fired its damaged {gun} kannon")
    led.expect("JL-DMG-9", r, ("repaired", ship.name) not in led.done, f"{ship.name} fired after its grot riggers repaired")
    first = int(r.get("shot", 1)) == 1
    if first:
        led.expect("JL-TURN-4", r, ("fired", ship.name, gun) not in led.done, f"{ship.name}'s {gun} kannon fired twice this phase")
        led.done.add(("fired", ship.name, gun))
        if ship.has("skurvy", led.turn):
            fired = sum(1 for g in GUNS if ("fired", ship.name, g) in led.done)
            led.expect("JL-EVT-10", r, fired <= half_up(len(GUNS) - len(ship.guns)), f"{ship.name} fired {fired} kannons with skurvy")
    mount = ship.box.edge_middle(FACING_OF_GUN[gun])
    logged = r.get("mount", [0.0, 0.0])
    led.expect("JL-SHOOT-3", r, distance(logged, mount) <= NEAR, f"the {gun} kannon fired from {logged}; it is mounted at [{mount[0]:.4f}, {mount[1]:.4f}]")
    led.shooter = ship.commander


def in_arc(led: Ledger, ship: Book, r: Record, gun: str, point: Any, what: str) -> None:
    centre = (ship.heading + ARC_OFFSET[gun]) % 360.0
    width = float(led.option("kannon_arc", 90.0))
    arc = r.get("arc")
    if isinstance(arc, dict):
        led.expect(
            "JL-SHOOT-3", r, off(float(arc.get("centre", 0.0)), centre) <= 2e-3, f"the arc is centred on {arc.get('centre')}, the kannon points {centre:.3f}"
        )
        led.same("JL-SHOOT-3", r, "arc.width", arc.get("width"), width)
    mount = r.get("mount", [0.0, 0.0])
    a = off(bearing(mount, point), centre)
    led.expect("JL-SHOOT-3", r, a <= width / 2.0 + 1e-3, f"{what} lies {a:.3f} degrees off the {gun} kannon's arc centre (half-width {width / 2.0:g})")


@on("becalmed-shooting")
def becalmed_round(led: Ledger, r: Record) -> None:
    led.becalmed = {str(s) for s in r.get("ships", [])}
    led.done = {d for d in led.done if d[0] not in ("fired", "salvo", "sluggas", "repaired")}


@on("krak")
def krak(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    gun = str(r.get("gun"))
    if ship is None or gun not in GUNS:
        return
    kannon(led, ship, r, gun, "krak")
    shot = int(r.get("shot", 1))
    mine = led.scratch.setdefault(ship.name, {})
    if shot == 1:
        broadside = ship.klan == "deff-skulls" and gun in ("port", "starboard")
        d3 = led.rolled("JL-KLAN-3", "D3")
        mine["shots"] = int(d3[-1].get("total", 1)) if broadside and d3 else 1
        mine["aim"] = r.get("aim")
    else:
        led.expect(
            "JL-KLAN-3",
            r,
            shot <= int(mine.get("shots", 1)) and mine.get("last_shot") == (gun, shot - 1),
            f"shot {shot} of a {mine.get('shots', 1)}-shot volley",
        )
        led.same("JL-KLAN-3", r, "aim", r.get("aim"), mine.get("aim"))
    mine["last_shot"] = (gun, shot)
    aim = r.get("aim", [0.0, 0.0])
    led.same("JL-SHOOT-2", r, "strength", r.get("strength"), KRAK[gun])
    led.same("JL-SHOOT-2", r, "max_range", r.get("max_range"), RANGE[gun])
    reach = distance(r.get("mount", aim), aim)
    led.near("JL-SHOOT-3", r, "range", r.get("range"), reach)
    led.expect("JL-SHOOT-2", r, reach <= RANGE[gun] + NEAR, f'aimed {reach:.3f}" away; the {gun} kannon reaches {RANGE[gun]:g}"')
    in_arc(led, ship, r, gun, aim, "the aim point")
    sheltered = [t.name for t in led.afloat() if led.in_harbour(t) and t.box.inside(aim)]
    led.expect("JL-PORT-1", r, not sheltered, f"aimed at {sheltered} in harbour")
    scatter(led, r, aim)
    landing = r.get("landing", aim)
    target = led.ship(r, "target")
    under = [t for t in led.afloat() if not led.in_harbour(t) and t.box.inside(landing, -NEAR)]
    if target is None:
        led.expect("JL-SHOOT-3", r, not under, f"krak landed on {[t.name for t in under]} and struck nothing")
        return
    ok = target.afloat and not led.in_harbour(target) and target.box.inside(landing, NEAR)
    led.expect("JL-SHOOT-3", r, ok, f"krak struck {target.name}, which is not under the landing point {landing}")
    facing, margin = target.box.facing_of(r.get("mount", aim))
    if margin > 1e-3:
        led.same("JL-SHOOT-3", r, "facing", r.get("facing"), facing)
    led.blows.append((target.name, int(KRAK[gun] or 0), "krak"))


def scatter(led: Ledger, r: Record, aim: Any) -> None:
    """JL-SHOOT-3: a hit lands on the aim point; an arrow carries it 2D6" less the gunners' BS that way."""
    sc = r.get("scatter", {})
    dies = led.rolled("JL-SHOOT-3", "scatter")
    if dies:
        led.same("JL-SHOOT-3", r, "scatter.hit", sc.get("hit"), is_hit(dies[-1]))
        led.same("JL-SHOOT-3", r, "scatter.direction", sc.get("direction"), dies[-1].get("direction"))
    two = led.rolled("JL-SHOOT-3", "2D6")
    led.same("JL-SHOOT-3", r, "scatter.dice", sc.get("dice"), None if sc.get("hit") else (two[-1].get("total") if two else "a 2D6 roll"))
    bs = int(led.option("krak_scatter_bs", 3))
    led.same("JL-SHOOT-3", r, "scatter.bs", sc.get("bs"), bs)
    inches = 0 if sc.get("hit") else max(0, int(sc.get("dice") or 0) - bs)
    led.same("JL-SHOOT-3", r, "scatter.inches", sc.get("inches"), inches)
    c, s = unit(float(sc.get("direction") or 0.0))
    land = (float(aim[0]) + c * inches, float(aim[1]) + s * inches)
    led.expect(
        "JL-SHOOT-3",
        r,
        distance(r.get("landing", aim), land) <= NEAR,
        f"krak landed at {r.get('landing')}, the scatter puts it at [{land[0]:.4f}, {land[1]:.4f}]",
    )


@on("grapeshot")
def grapeshot(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    gun = str(r.get("gun"))
    if ship is None or gun not in GUNS:
        return
    kannon(led, ship, r, gun, "grapeshot")
    led.same("JL-SHOOT-4", r, "mode", r.get("mode"), led.option("grapeshot", "template"))
    if r.get("mode") == "d3":
        target = led.ship(r, "target")
        if target is None:
            return
        led.expect("JL-SHOOT-4", r, target.commander != ship.commander, f"grapeshot at {target.name}, a ship of its own side")
        led.expect("JL-SHOOT-4", r, target.engaged is None, f"grapeshot at {target.name}, locked in a boarding action")
        led.expect("JL-PORT-1", r, not led.in_harbour(target), f"grapeshot at {target.name} in harbour")
        reach = point_gap(tuple(r.get("mount", [0.0, 0.0])), target.box.corners())
        led.near("JL-SHOOT-4", r, "range", r.get("range"), reach)
        led.expect("JL-SHOOT-4", r, reach <= GRAPE_D3_RANGE + NEAR, f'grapeshot at {target.name} {reach:.3f}" away: D3 hits reach 8"')
        d3 = led.rolled("JL-SHOOT-4", "D3")
        if d3:
            led.same("JL-SHOOT-4", r, "count", r.get("count"), d3[-1].get("total"))
        return
    mount = r.get("mount", [0.0, 0.0])
    c, s = unit(float(r.get("direction", 0.0)))
    in_arc(led, ship, r, gun, (float(mount[0]) + c, float(mount[1]) + s), "the template")
    for hit in r.get("hits", []):
        struck = led.ships.get(str(hit.get("ship")))
        if struck is not None:
            led.expect("JL-SHOOT-4", r, struck is not ship and struck.engaged is None, f"the template swept {struck.name}'s krew")
            led.expect("JL-PORT-1", r, not led.in_harbour(struck), f"the template swept {struck.name} in harbour")


@on("sluggas")
def sluggas(led: Ledger, r: Record) -> None:
    ship, target = led.ship(r), led.ship(r, "target")
    if ship is None or target is None:
        return
    if r.get("return_fire"):
        led.expect("JL-SHOOT-5", r, led.volley == (target.name, ship.name), f"{ship.name} returned fire at {target.name}, which did not shoot at it")
        led.expect("JL-DMG-5", r, not ship.has("shaken", led.turn), f"{ship.name} returned fire with its krew shaken")
    else:
        may_shoot(led, ship, r, "fired sluggas")
        led.expect("JL-SHOOT-5", r, ("sluggas", ship.name) not in led.done, f"{ship.name} fired sluggas twice this phase")
        led.done.add(("sluggas", ship.name))
        led.expect("JL-SHOOT-5", r, target.commander != ship.commander and target.engaged is None, f"sluggas at {target.name}: own side or locked")
        led.expect("JL-PORT-1", r, not led.in_harbour(target), f"sluggas at {target.name} in harbour")
        led.volley = (ship.name, target.name)
    reach = led.hull_gap(ship, target)
    led.near("JL-SHOOT-5", r, "range", r.get("range"), reach)
    led.same("JL-SHOOT-5", r, "max_range", r.get("max_range"), float(led.option("slugga_range", 6.0)))
    led.expect("JL-SHOOT-5", r, reach <= float(led.option("slugga_range", 6.0)) + NEAR, f'sluggas at {target.name} {reach:.3f}" away')
    led.same("JL-SHOOT-5", r, "shots", r.get("shots"), len(ship.krew))
    led.same("JL-SHOOT-5", r, "need", r.get("need"), SLUGGA_NEED)
    volley = [x for x in led.rolled("JL-SHOOT-5") if "D6" in str(x.get("expr"))]
    if volley:
        hits = sum(1 for f in volley[-1].get("faces", []) if f >= SLUGGA_NEED)
        led.same("JL-SHOOT-5", r, "hits", r.get("hits"), hits)


@on("torpedo")
def torpedo(led: Ledger, r: Record) -> None:
    name = str(r.get("ship"))
    rule = str(r.get("rule"))
    ship = led.ships.get(name)
    mine = led.scratch.setdefault(name, {})
    n = int(r.get("torpedo", 1))
    if n == 1:
        mine["torpedo_rolls"] = list(led.rolls)
    if ship is not None:
        led.shooter = ship.commander
        if n == 1:
            may_shoot(led, ship, r, "launched torpedoes")
            led.expect("JL-DMG-9", r, ("repaired", ship.name) not in led.done, f"{ship.name} launched torpedoes after repairing")
            led.expect("JL-SHOOT-6", r, ("salvo", ship.name) not in led.done and ship.salvos > 0, f"{ship.name} launched a salvo with {ship.salvos} left")
            led.done.add(("salvo", ship.name))
            ship.salvos -= 1
        pose: tuple[float, float, float] | None = ship.pose
        length = ship.length
        manned = ship.klan == "blood-axes"
        led.same("JL-KLAN-7", r, "rule", rule, "JL-SHOOT-7" if manned else "JL-SHOOT-6")
    else:
        pose = mine.get("sub_pose")
        length, manned = 6.0, False
    start, end = r.get("start", [0.0, 0.0]), r.get("end", [0.0, 0.0])
    if pose is not None:
        c, s = unit(pose[2])
        bow = (pose[0] + c * length / 2.0, pose[1] + s * length / 2.0)
        if manned:
            led.expect(rule, r, distance(start, bow) <= NEAR, f"the manned torpedo set off from {start}, the bow is at [{bow[0]:.4f}, {bow[1]:.4f}]")
            reach, a = distance(start, end), off(bearing(start, end), pose[2]) if distance(start, end) > NEAR else 0.0
            led.expect("JL-SHOOT-7", r, reach <= MANNED_RANGE + NEAR and a <= MANNED_HALF_ARC + 1e-3, f'aimed {reach:.3f}" and {a:.3f} degrees off dead ahead')
        else:
            side = TORPEDO_GAP / 2.0
            ok = any(distance(start, (bow[0] - s * k * side, bow[1] + c * k * side)) <= NEAR for k in (1.0, -1.0))
            led.expect(rule, r, ok, f"the torpedo's track starts at {start}, not 1\" abeam of the bow")
            ahead = (float(start[0]) + c * TORPEDO_RUN, float(start[1]) + s * TORPEDO_RUN)
            led.expect(
                "JL-SHOOT-6", r, distance(r.get("intended", ahead), ahead) <= NEAR, f'the torpedo was meant for {r.get("intended")}, 48" ahead is {ahead}'
            )
            run_scatter(led, r, mine.get("torpedo_rolls", []), n)
    track(led, r, ship)


def run_scatter(led: Ledger, r: Record, rolls: list[Record], n: int) -> None:
    """The torpedo's end: its intended point scattered 2D6" on an arrow, not at all on a hit."""
    sets: list[tuple[Record, Record | None]] = []
    for x in rolls:
        if x.get("expr") == "scatter":
            sets.append((x, None))
        elif x.get("expr") == "2D6" and sets and sets[-1][1] is None:
            sets[-1] = (sets[-1][0], x)
    sc = r.get("scatter", {})
    if len(sets) >= n:
        die, far = sets[n - 1]
        inches = 0 if is_hit(die) else int(far.get("total", 0)) if far is not None else -1
        led.same("JL-SHOOT-6", r, "scatter.inches", sc.get("inches"), inches)
        led.same("JL-SHOOT-6", r, "scatter.direction", sc.get("direction"), die.get("direction"))
    intended = r.get("intended", [0.0, 0.0])
    c, s = unit(float(sc.get("direction") or 0.0))
    run = 0.0 if sc.get("hit") else float(sc.get("inches", 0))
    want = (float(intended[0]) + c * run, float(intended[1]) + s * run)
    led.expect("JL-SHOOT-6", r, distance(r.get("end", want), want) <= NEAR, f"the torpedo ended at {r.get('end')}, the scatter puts it at {want}")


def track(led: Ledger, r: Record, launcher: Book | None) -> None:
    """The first hull on the track is struck: ships in harbour and the launcher are passed by."""
    start, end = tuple(r.get("start", [0.0, 0.0])), tuple(r.get("end", [0.0, 0.0]))
    hit = r.get("hit")
    if hit == "Kraken":
        return
    rule = str(r.get("rule"))
    crossed = sorted((t, s.name) for s in led.afloat() if s is not launcher and not led.in_harbour(s) and (t := entry(s.box, start, end)) is not None)
    first = crossed[0] if crossed else None
    if hit is None:
        led.expect(rule, r, first is None, f"the torpedo ran through {first[1] if first else ''} and struck nothing")
        return
    target = led.ships.get(str(hit))
    if target is None:
        return
    led.expect(
        rule,
        r,
        first is not None and (first[1] == target.name or close(first[0], dict((n, t) for t, n in crossed).get(target.name, -1.0), 1e-4)),
        f"the torpedo struck {target.name}; the first hull on its track is {first[1] if first else None}",
    )
    led.blows.append((target.name, TORPEDO_S, "a torpedo"))


@on("sub-fires")
def sub_fires(led: Ledger, r: Record) -> None:
    at = r.get("at")
    if isinstance(at, list):
        led.scratch.setdefault(SUB, {})["sub_pose"] = (float(at[0]), float(at[1]), float(at[2]))


@on("mine")
def mine(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is not None:
        led.blows.append((ship.name, MINE_S, "a mine"))


@on("kraken-attack", "chinork-shots")
def npc_attack(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    rule = str(r.get("rule"))
    need, strength = (KRAKEN_NEED, KRAKEN_S) if r.get("kind") == "kraken-attack" else (CHINORK_NEED, CHINORK_S)
    led.same(rule, r, "need", r.get("need"), need)
    faces = list(r.get("faces", []))
    dice = led.rolled(rule)
    if dice:
        led.same(rule, r, "faces", faces, dice[-1].get("faces"))
    hits = sum(1 for f in faces if f >= need)
    led.same(rule, r, "hits", r.get("hits"), hits)
    led.blows += [(ship.name, strength, str(r.get("kind")))] * hits


@on("strike")
def strike(led: Ledger, r: Record) -> None:
    ship = led.ship(r, "target")
    if ship is None:
        return
    due = next((b for b in led.blows if b[0] == ship.name), None)
    if due is None:
        led.flag("JL-SHOOT-8", r, f"a blow on {ship.name} that nothing dealt")
    else:
        led.blows.remove(due)
        led.same("JL-SHOOT-8", r, f"strength of {due[2]}", r.get("strength"), due[1])
    facing = str(r.get("facing"))
    if facing in ("front", "port", "starboard", "rear"):
        led.same(
            "JL-SHIP-3" if ship.klan not in ("evil-sunz", "bad-moons") else {"evil-sunz": "JL-KLAN-5", "bad-moons": "JL-KLAN-6"}[ship.klan],
            r,
            "armour",
            r.get("armour"),
            ship.armour(facing),
        )
    roll = int(r.get("roll", 0))
    pen = led.rolled("JL-SHOOT-8")
    if pen:
        led.same("JL-SHOOT-8", r, "roll", roll, pen[-1].get("total"))
    total = int(r.get("strength", 0)) + roll
    led.same("JL-SHOOT-8", r, "total", r.get("total"), total)
    armour = ship.armour(facing) if facing in ("front", "port", "starboard", "rear") else int(r.get("armour", 0))
    verdict = "penetrating" if total > armour else "glancing" if total == armour else "none"
    save = r.get("save")
    if verdict == "none":
        led.same("JL-SHOOT-8", r, "verdict", r.get("verdict"), "none")
        led.same("JL-SHIP-3", r, "save", save, None)
        return
    saves = led.rolled("JL-SHIP-3")
    if led.expect("JL-SHIP-3", r, isinstance(save, int), f"a {verdict} hit with no ramshackle save"):
        if saves:
            led.same("JL-SHIP-3", r, "save", save, saves[-1].get("total"))
        if int(r.get("save") or 0) >= SAVE:
            verdict = "saved"
    rule = "JL-SHIP-3" if (r.get("verdict") == "saved") != (verdict == "saved") else "JL-SHOOT-8"
    led.same(rule, r, "verdict", r.get("verdict"), verdict)
    if verdict in ("glancing", "penetrating"):
        led.losses.append(ship.name)
    if verdict == "penetrating":
        if firing(led):
            if led.shooter is not None:
                led.penetrated.add((ship.name, led.shooter))
        else:
            led.scratch.setdefault(ship.name, {})["damage_due"] = led.scratch.get(ship.name, {}).get("damage_due", 0) + 1


@on("hull-point-lost")
def hull_point_lost(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    if led.expect("JL-DMG-1", r, ship.name in led.losses, f"{ship.name} lost a hull point to no glancing or penetrating blow"):
        led.losses.remove(ship.name)
    led.same("JL-DMG-1", r, "left", r.get("left"), ship.hull - 1)
    ship.hull = max(0, ship.hull - 1)


@on("becalmed")
def becalmed(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is not None:
        led.expect("JL-SHIP-4", r, ship.hull == 1, f"{ship.name} becalmed on {ship.hull} hull points")


@on("sunk")
def sunk(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    led.expect("JL-SHIP-4", r, ship.hull == 0, f"{ship.name} sank with {ship.hull} hull points")
    led.same("JL-SHIP-4", r, "krew_lost", r.get("krew_lost"), len(ship.krew))
    led.same("JL-SHIP-4", r, "gold_lost", r.get("gold_lost"), ship.gold)
    by = r.get("by")
    led.same("JL-WIN-3", r, "vp_to", r.get("vp_to"), None if by is None or by == ship.commander else by)
    if isinstance(r.get("vp_to"), str):
        led.vp[str(r.get("vp_to"))] += 1
    ship.afloat, ship.krew, ship.gold, ship.kaptin_wounds, ship.hulk_due = False, [], 0, 0, None
    led.blows = [b for b in led.blows if b[0] != ship.name]  # the blows still to come find nothing to strike
    led.losses = [s for s in led.losses if s != ship.name]


@on("damage")
def damage(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    table = led.rolled("JL-DMG-2")
    if table:
        led.same("JL-DMG-2", r, "roll", r.get("roll"), table[-1].get("total"))
    roll = int(r.get("roll", 0))
    result, rule = DAMAGE.get(roll, ("?", "JL-DMG-2"))
    led.same("JL-DMG-2", r, "result", r.get("result"), result)
    led.same("JL-DMG-2", r, "rule", r.get("rule"), rule)
    by = r.get("by")
    if firing(led):
        key = (ship.name, str(by))
        led.expect("JL-DMG-2", r, key in led.penetrated, f"a damage roll for {ship.name} without a penetrating hit by {by} this phase")
        led.expect("JL-DMG-2", r, key not in led.rolled_for, f"a second damage roll for {ship.name} in {by}'s turn")
        led.rolled_for.add(key)
    else:
        mine = led.scratch.setdefault(ship.name, {})
        led.expect("JL-DMG-10", r, mine.get("damage_due", 0) > 0, f"a damage roll for {ship.name} without a penetrating blow")
        mine["damage_due"] = max(0, mine.get("damage_due", 0) - 1)
    if result in ("no-grapeshot", "no-krak", "shaken"):
        led.same("JL-DMG-10", r, "in_force_on_turn", r.get("in_force_on_turn"), led.turn + 1)
        ship.effects.setdefault(result, set()).add(led.turn + 1)
    elif result == "gun-damaged":
        which = led.rolled("JL-DMG-6")
        gun = GUN_HIT.get(int(which[-1].get("total", 0))) if which else str(r.get("gun"))
        led.same("JL-DMG-6", r, "gun", r.get("gun"), gun)
        led.same("JL-DMG-10", r, "already", r.get("already"), gun in ship.guns)
        ship.guns.add(str(gun))
    elif result in ("rudder-damaged", "engine-damaged"):
        attr = "rudder" if result == "rudder-damaged" else "engine"
        led.same("JL-DMG-10", r, "already", r.get("already"), getattr(ship, attr))
        setattr(ship, attr, True)


@on("repair")
def repair(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    led.expect("JL-TURN-4", r, shooting(led, ship), f"{ship.name} repaired in the {led.phase} phase")
    led.expect("JL-KREW-5", r, not ship.hulk, f"{ship.name} repaired with {len(ship.krew)} Orks aboard")
    led.expect("JL-DMG-9", r, ("repaired", ship.name) not in led.done, f"{ship.name} repaired twice this phase")
    fired = [d for d in led.done if d[0] in ("fired", "salvo") and d[1] == ship.name]
    led.expect("JL-DMG-9", r, not fired, f"{ship.name} repaired after firing its kannons or torpedoes")
    led.done.add(("repaired", ship.name))
    what = str(r.get("what"))
    if what == "hull":
        broken = ship.hull < HULL and bool(led.option("riggers_repair_hull", True))
    elif what in ("rudder", "engine"):
        broken = bool(getattr(ship, what))
    else:
        broken = what.removeprefix("gun:") in ship.guns
    led.expect("JL-DMG-9", r, broken, f"{ship.name}'s riggers repaired {what}, which is not damaged")
    led.same("JL-DMG-9", r, "need", r.get("need"), REPAIR_NEED)
    dice = led.rolled("JL-DMG-9")
    if dice:
        led.same("JL-DMG-9", r, "roll", r.get("roll"), dice[-1].get("total"))
    fixed = int(r.get("roll", 0)) >= REPAIR_NEED
    led.same("JL-DMG-9", r, "fixed", r.get("fixed"), fixed)
    if fixed:
        mend(ship, what)
    led.same("JL-DMG-9", r, "hull_points", r.get("hull_points"), ship.hull)


def mend(ship: Book, what: str) -> None:
    if what == "hull":
        ship.hull = min(HULL, ship.hull + 1)
    elif what in ("rudder", "engine"):
        setattr(ship, what, False)
    else:
        ship.guns.discard(what.removeprefix("gun:"))


@on("mine-shot", "kraken-hit")
def npc_struck(led: Ledger, r: Record) -> None:
    rule = str(r.get("rule"))
    total = int(r.get("strength", 0)) + int(r.get("roll", 0))
    led.same(rule, r, "total", r.get("total"), total)
    led.same(rule, r, "armour", r.get("armour"), NPC_ARMOUR)
    verdict = "penetrating" if total > NPC_ARMOUR else "glancing" if total == NPC_ARMOUR else "none"
    led.same(rule, r, "verdict", r.get("verdict"), verdict)
    if r.get("kind") == "mine-shot":
        led.same(rule, r, "destroyed", r.get("destroyed"), verdict != "none")
    else:
        left = led.kraken_wounds - (verdict != "none")
        led.same(rule, r, "wounds", r.get("wounds"), left)
        led.kraken_wounds = left


@on("kraken-enters")
def kraken_enters(led: Ledger, r: Record) -> None:
    led.kraken_wounds = int(r.get("wounds", 2))


def end_of_shooting(led: Ledger, r: Record) -> None:
    """JL-DMG-2: every ship still afloat that took a penetrating hit in a seat's turn rolled on the
    damage table once for it."""
    for ship, seat in sorted(led.penetrated - led.rolled_for):
        if led.ships[ship].afloat:
            led.flag("JL-DMG-2", r, f"{ship} took a penetrating hit in {seat}'s turn and never rolled on the damage table")
    led.penetrated.clear()
    led.rolled_for.clear()
