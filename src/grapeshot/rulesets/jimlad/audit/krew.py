"""The Orks read back: wounds, saves and Feel No Pain, the dead and the hulks, boarding actions and
their results, captures, takeovers, plunder, the harbour's trades, treasure, and the random events'
own rolls."""

from __future__ import annotations

from grapeshot.core.audit import Record
from grapeshot.rulesets.jimlad.audit.ledger import NEAR, Book, Ledger, on
from grapeshot.rulesets.jimlad.audit.text import (
    BOARD_FAR,
    BOARD_NEAR,
    EVENTS,
    FNP,
    GRAPE,
    HULL,
    LD,
    PRICES,
    PROFILE_RULE,
    SLUGGA_AP,
    SLUGGA_S,
    SV,
    TOUGHNESS,
    WORKING_KREW,
    to_wound,
)


def last_d6(led: Ledger, rule: str) -> int | None:
    dice = [x for x in led.rolls if x.get("rule") == rule and x.get("expr") == "D6"]
    return int(dice[-1].get("total", 0)) if dice else None


@on("wound")
def wound(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    model = str(r.get("model"))
    if ship is None or model not in SV:
        return
    rule = str(r.get("rule"))
    if not led.expect(rule, r, model in ship.krew, f"a wound on {ship.name}'s {model}, and none is aboard"):
        return
    led.same(PROFILE_RULE[model], r, "toughness", r.get("toughness"), TOUGHNESS)
    strength = int(r.get("strength", 0))
    if rule == "JL-SHOOT-5":
        led.same(rule, r, "strength", strength, SLUGGA_S)
    elif rule == "JL-SHOOT-4":
        led.same("JL-SHOOT-2", r, "strength", strength, GRAPE["port"])
    need = to_wound(strength, TOUGHNESS)
    led.same(rule, r, "need", r.get("need"), need)
    if need is None:
        led.same(rule, r, "wounded", r.get("wounded"), False)
        return
    roll = int(r.get("wound_roll", 0))
    tie = last_d6(led, rule)
    if tie is not None:
        led.same(rule, r, "wound_roll", roll, tie)
    wounded = roll >= need
    if wounded:
        save_need = None if rule == "JL-SHOOT-5" and SV[model] >= SLUGGA_AP else SV[model]
        led.same(PROFILE_RULE[model], r, "save_need", r.get("save_need"), save_need)
        if save_need is not None:
            save = r.get("save_roll")
            tie = last_d6(led, PROFILE_RULE[model])
            if tie is not None:
                led.same(PROFILE_RULE[model], r, "save_roll", save, tie)
            wounded = not (isinstance(save, int) and save >= save_need)
    if wounded:
        doc = "doc" in ship.krew
        fnp = r.get("fnp_roll")
        told = f"Feel No Pain {'taken' if fnp is not None else 'not taken'} with {'a' if doc else 'no'} Mad Doc aboard {ship.name}"
        if led.expect("JL-KREW-4", r, (fnp is not None) == doc, told) and fnp is not None:
            tie = last_d6(led, "JL-KREW-4")
            if tie is not None:
                led.same("JL-KREW-4", r, "fnp_roll", fnp, tie)
            wounded = int(fnp) < FNP
    led.same(rule, r, "wounded", r.get("wounded"), wounded)
    left = ship.kaptin_wounds if model == "kaptin" else 1
    led.same(rule, r, "killed", r.get("killed"), wounded and left <= 1)
    if wounded:
        if model == "kaptin":
            ship.kaptin_wounds -= 1
        if rule == "JL-BOARD-3":
            led.melee_wounds[ship.name] += 1


@on("krew-lost")
def krew_lost(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    model = str(r.get("model"))
    rule = str(r.get("rule"))
    last = led.last
    why = (last.get("kind") == "wound" and bool(last.get("killed"))) or (last.get("kind") == "overboard" and last.get("lost") == model)
    led.expect(
        rule, r, why and last.get("ship") == ship.name and last.get("model", last.get("lost")) == model, f"{ship.name}'s {model} was lost with no killing blow"
    )
    led.expect(rule, r, model in ship.krew, f"{ship.name} lost a {model} it does not have")
    led.lose_krew(ship, model, r)
    led.same(rule, r, "left", r.get("left"), len(ship.krew))


@on("hulk")
def hulk(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is not None:
        led.expect("JL-KREW-5", r, ship.hulk, f"{ship.name} became a hulk with {len(ship.krew)} Orks aboard")
        led.same("JL-KREW-5", r, "krew", r.get("krew"), len(ship.krew))
        ship.hulk_due = None


@on("boarding")
def boarding(led: Ledger, r: Record) -> None:
    ship, target = led.ship(r, "boarder"), led.ship(r, "target")
    if ship is None or target is None:
        return
    t = led.turn
    led.expect("JL-TURN-5", r, led.phase == "boarding", f"a boarding action in the {led.phase} phase")
    led.same("JL-BOARD-1", r, "seat", r.get("seat"), ship.commander)
    led.expect("JL-BOARD-1", r, ship.sailed == t, f"{ship.name} boarded without sailing a card this turn")
    led.expect("JL-BOARD-1", r, len(ship.krew) >= WORKING_KREW, f"{ship.name} boarded with {len(ship.krew)} Orks")
    led.expect("JL-DMG-5", r, not ship.has("shaken", t), f"{ship.name} boarded with its krew shaken")
    led.expect("JL-LAND-2", r, not ship.has("drunk", t), f"{ship.name} boarded with its krew drunk")
    led.expect("JL-EVT-6", r, not ship.has("snakes", t), f"{ship.name} boarded while fighting off the snakes")
    free = ship.engaged is None and target.engaged is None and ship.docked is None and ship.aground is None
    led.expect("JL-BOARD-1", r, free, f"{ship.name} boarded {target.name}: one is locked, or the boarder is ashore")
    led.expect("JL-BOARD-1", r, target.commander != ship.commander, f"{ship.name} boarded {target.name}, of its own side")
    led.expect("JL-PORT-1", r, not led.in_harbour(target), f"{ship.name} boarded {target.name} in harbour")
    led.expect("JL-BOARD-1", r, ("boarded", ship.name) not in led.done, f"{ship.name} threw grapnels twice this phase")
    led.done.add(("boarded", ship.name))
    reach = led.hull_gap(ship, target)
    led.near("JL-BOARD-1", r, "distance", r.get("distance"), reach)
    led.expect("JL-BOARD-1", r, reach <= BOARD_FAR + NEAR, f'{ship.name} boarded from {reach:.3f}" away')
    logged = r.get("distance")
    measured = float(logged) if isinstance(logged, (int, float)) and abs(float(logged) - reach) <= NEAR else reach  # the log's, where it agrees
    need = 2 if measured <= BOARD_NEAR else 3
    led.same("JL-BOARD-1", r, "need", r.get("need"), need)
    tie = last_d6(led, "JL-BOARD-1")
    if tie is not None:
        led.same("JL-BOARD-1", r, "roll", r.get("roll"), tie)
    success = int(r.get("roll", 0)) >= need
    led.same("JL-BOARD-1", r, "success", r.get("success"), success)
    if success:
        ship.engaged, target.engaged = target.name, ship.name
        led.melee_wounds.clear()


@on("melee")
def melee(led: Ledger, r: Record) -> None:
    a, d = led.ship(r, "attacker"), led.ship(r, "defender")
    if a is None or d is None:
        return
    led.expect("JL-BOARD-5", r, a.engaged == d.name and d.engaged == a.name, f"{a.name} and {d.name} fought without being locked")
    led.same("JL-BOARD-2", r, "charge", r.get("charge"), r.get("round") == 1)
    sides = r.get("sides", {})
    for side, ship, foe in (("attacker", a, d), ("defender", d, a)):
        mine = sides.get(side, {})
        led.same("JL-BOARD-3", r, f"sides.{side}.caused", mine.get("caused"), led.melee_wounds[foe.name])
        led.same("JL-BOARD-3", r, f"sides.{side}.left", mine.get("left"), len(ship.krew))


@on("combat-result")
def combat_result(led: Ledger, r: Record) -> None:
    a, d = led.ship(r, "attacker"), led.ship(r, "defender")
    if a is None or d is None:
        return
    wa, wd = led.melee_wounds[d.name], led.melee_wounds[a.name]
    led.same("JL-BOARD-4", r, "wounds", r.get("wounds"), {"attacker": wa, "defender": wd})
    led.melee_wounds.clear()
    winner: Book | None = None
    loser: Book | None = None
    if not a.krew and not d.krew:
        result = "both-wiped-out"
    elif not a.krew or not d.krew:
        result, loser = "wiped-out", (a if not a.krew else d)
        winner = d if loser is a else a
    elif wa == wd:
        result = "draw"
    else:
        loser = a if wa < wd else d
        other = d if loser is a else a
        ld = max(LD[k] for k in loser.krew)
        need = ld - abs(wa - wd)
        led.same("JL-BOARD-4", r, "ld", r.get("ld"), ld)
        led.same("JL-BOARD-4", r, "need", r.get("need"), need)
        tests = [x for x in led.rolls if x.get("rule") == "JL-BOARD-4"]
        if tests:
            led.same("JL-BOARD-4", r, "roll", r.get("roll"), tests[-1].get("total"))
        passed = int(r.get("roll", 99)) <= need
        led.same("JL-BOARD-4", r, "passed", r.get("passed"), passed)
        result = "held" if passed else "beaten"
        winner = None if passed else other
    led.same("JL-BOARD-4", r, "result", r.get("result"), result)
    led.same("JL-BOARD-4", r, "loser", r.get("loser"), None if loser is None else loser.name)
    led.same("JL-BOARD-4", r, "winner", r.get("winner"), None if winner is None else winner.name)
    if result in ("draw", "held"):
        led.same("JL-BOARD-5", r, "locked", r.get("locked"), True)
    else:
        a.engaged = d.engaged = None
    led.scratch["_won"] = {"winner": None if winner is None else winner.name, "loser": None if loser is None else loser.name, "attacker": a.name}


@on("capture")
def capture(led: Ledger, r: Record) -> None:
    ship, by = led.ship(r), led.ship(r, "by")
    if ship is None or by is None:
        return
    won = led.scratch.pop("_won", {})
    led.expect("JL-BOARD-6", r, won.get("winner") == by.name and won.get("loser") == ship.name, f"{by.name} took {ship.name} without beating it")
    led.same("JL-BOARD-6", r, "seat", r.get("seat"), by.commander)
    led.same("JL-BOARD-6", r, "was", r.get("was"), ship.commander)
    led.same("JL-BOARD-6", r, "boarder_lost", r.get("boarder_lost"), won.get("attacker") == ship.name)
    krew, theirs = list(r.get("krew", [])), list(r.get("winner_krew", []))
    led.expect(
        "JL-BOARD-6",
        r,
        sorted(krew + theirs) == sorted(ship.krew + by.krew),
        f"the Orks of the two ships are {ship.krew} and {by.krew}, afterwards {krew} and {theirs}",
    )
    led.expect("JL-BOARD-6", r, ("kaptin" in krew) == ("kaptin" in ship.krew) and ("kaptin" in theirs) == ("kaptin" in by.krew), "a Kaptin changed ships")
    ship.commander = str(r.get("seat", by.commander))
    ship.krew, by.krew = krew, theirs
    ship.engaged = by.engaged = None
    for s in (ship, by):
        s.hulk_due = None


@on("plunder")
def plunder(led: Ledger, r: Record) -> None:
    ship, to = led.ship(r), led.ship(r, "to")
    if ship is None or to is None:
        return
    led.same("JL-BOARD-7", r, "gold", r.get("gold"), ship.gold)
    led.same("JL-BOARD-7", r, "total", r.get("total"), to.gold + ship.gold)
    to.gold, ship.gold = to.gold + ship.gold, 0


@on("boarding-ends")
def boarding_ends(led: Ledger, r: Record) -> None:
    for key in ("attacker", "defender"):
        ship = led.ship(r, key)
        if ship is not None:
            ship.engaged = None
    led.melee_wounds.clear()


@on("takeover")
def takeover(led: Ledger, r: Record) -> None:
    ship, by = led.ship(r, "hulk"), led.ship(r, "by")
    if ship is None or by is None:
        return
    sent = int(r.get("krew_sent", 0))
    led.expect("JL-TURN-5", r, led.phase == "boarding", f"a takeover in the {led.phase} phase")
    led.expect("JL-KREW-6", r, ship.hulk, f"{by.name} took over {ship.name}, which has {len(ship.krew)} Orks aboard")
    led.same("JL-KREW-6", r, "seat", r.get("seat"), by.commander)
    led.same("JL-KREW-6", r, "was", r.get("was"), ship.commander)
    led.expect("JL-KREW-6", r, "kaptin" in by.krew, f"{by.name} sent krew without a Kaptin aboard")
    led.expect("JL-KREW-6", r, len(by.krew) - sent >= WORKING_KREW, f"{by.name} sent {sent} of {len(by.krew)} Orks")
    led.same("JL-KREW-6", r, "krew_sent", sent, WORKING_KREW - len(ship.krew))
    reach = led.hull_gap(ship, by)
    led.expect("JL-KREW-6", r, reach <= float(led.option("takeover_range", 6.0)) + NEAR, f'{by.name} sent krew across {reach:.3f}"')
    free = ship.engaged is None and by.engaged is None and not led.in_harbour(ship) and not led.in_harbour(by)
    led.expect("JL-KREW-6", r, free, "a takeover by or of a ship locked or in harbour")
    for _ in range(max(0, WORKING_KREW - len(ship.krew))):  # just enough to work her (ruling)
        role = "krew" if "krew" in by.krew else "doc"
        if role in by.krew:
            by.krew.remove(role)
            ship.krew.append(role)
    ship.commander = by.commander
    ship.hulk_due = None


@on("trade")
def trade(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    item = str(r.get("item"))
    led.expect("JL-PORT-3", r, led.in_harbour(ship) and led.phase == "boarding", f"{ship.name} traded outside harbour")
    cost = PRICES.get(item, 1)
    led.same("JL-PORT-3", r, "cost", r.get("cost"), cost)
    led.expect("JL-PORT-3", r, ship.gold >= cost, f"{ship.name} paid {cost} gold with {ship.gold} aboard")
    if item == "hull":
        ok = ship.hull < HULL
        ship.hull = min(HULL, ship.hull + 1)
    elif item in ("rudder", "engine"):
        ok = bool(getattr(ship, item))
        setattr(ship, item, False)
    elif item.startswith("gun:"):
        ok = item[4:] in ship.guns
        ship.guns.discard(item[4:])
    elif item == "krew":
        ok = ship.krew.count("krew") < int(led.option("krew_limit", 5))
    else:
        ok = item not in ship.krew
    led.expect("JL-PORT-3", r, ok, f"{ship.name} bought {item}, which it may not")
    if item in PRICES:
        ship.krew.append(item)
        if item == "kaptin":
            ship.kaptin_wounds = 3
    ship.gold -= cost
    led.same("JL-PORT-3", r, "gold_left", r.get("gold_left"), ship.gold)
    led.same("JL-PORT-3", r, "hull_points", r.get("hull_points"), ship.hull)
    led.same("JL-PORT-3", r, "krew", r.get("krew"), len(ship.krew))
    if not ship.hulk:
        ship.hulk_due = None


@on("treasure")
def treasure(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    island = str(r.get("island"))
    if ship is None:
        return
    led.expect("JL-LAND-2", r, ship.docked == island and led.kind_of(island) == "island", f"{ship.name} searched {island} without landing there")
    gone = bool(led.option("treasure_once", True)) and island in led.treasure_found
    roll, find = r.get("roll"), r.get("find")
    led.expect("JL-LAND-2", r, (roll is None) == gone, f"search roll {roll!r}; the island's treasure {'was' if gone else 'was not'} found before")
    want = "gone" if gone else "nothing" if roll != 6 else {1: "gold", 2: "gold", 3: "gold", 4: "gold", 5: "squig-brew", 6: "rocks"}.get(int(find or 0), "?")
    led.same("JL-LAND-2", r, "result", r.get("result"), want)
    gold = int(r.get("gold", 0))
    if want == "gold":
        d3 = [x for x in led.rolls if x.get("expr") == "D3"]
        led.expect("JL-LAND-2", r, 2 <= gold <= 4 and (not d3 or gold == int(d3[-1].get("total", 0)) + 1), f"{gold} gold from D3+1")
    else:
        led.same("JL-LAND-2", r, "gold", gold, 0)
    if roll == 6:
        led.treasure_found.add(island)
    ship.gold += gold
    if "gold_aboard" in r:
        led.same("JL-LAND-2", r, "gold_aboard", r.get("gold_aboard"), ship.gold)
    if want == "squig-brew":
        led.same("JL-LAND-2", r, "in_force_on_turn", r.get("in_force_on_turn"), led.turn + 1)
        ship.effects.setdefault("drunk", set()).add(led.turn + 1)
        ship.held.add(led.turn + 1)


@on("event-roll")
def event_roll(led: Ledger, r: Record) -> None:
    tie = last_d6(led, "JL-EVT-1")
    if tie is not None:
        led.same("JL-EVT-1", r, "roll", r.get("roll"), tie)
    led.same("JL-EVT-1", r, "happens", r.get("happens"), r.get("roll") == 6)
    led.expect("JL-TURN-2", r, led.phase == "events" and led.turn >= 2, f"an event roll in the {led.phase} phase of turn {led.turn}")
    ship = led.ship(r)
    if ship is not None:
        led.same("JL-EVT-1", r, "seat", r.get("seat"), ship.commander)


@on("event")
def event(led: Ledger, r: Record) -> None:
    tens = [x for x in led.rolls if x.get("expr") == "2D6 tens"]
    if tens:
        faces = sorted(int(f) for f in tens[-1].get("faces", [0, 0]))
        led.same("JL-EVT-2", r, "result", r.get("result"), 10 * faces[0] + faces[-1])
        led.same("JL-EVT-2", r, "rerolled", len(r.get("rerolled", [])), len(tens) - 1)
    led.same("JL-EVT-2", r, "rule", r.get("rule"), EVENTS.get(int(r.get("result", 0))))


@on("overboard")
def overboard(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    tie = last_d6(led, "JL-EVT-13")
    if tie is not None:
        led.same("JL-EVT-13", r, "roll", r.get("roll"), tie)
    choice = next((k for k in ("krew", "doc", "kaptin") if k in ship.krew), None)
    led.same("JL-EVT-13", r, "lost", r.get("lost"), choice if r.get("roll") == 1 else None)


@on("reroll-spent")
def reroll_spent(led: Ledger, r: Record) -> None:
    ship = led.ship(r)
    if ship is None:
        return
    per = led.option("freebooterz_reroll", "ship")
    led.expect("JL-KLAN-1", r, ship.klan == "freebooterz", f"{ship.name} ({ship.klan}) spent a Freebooterz re-roll")
    led.same("JL-KLAN-8", r, "per", r.get("per"), per)
    key = ("player", str(r.get("seat")), led.turn) if per == "player" else ("ship", ship.name, led.turn)
    led.expect("JL-KLAN-1", r, key not in led.spent, f"a second Freebooterz re-roll this turn for {key[1]}")
    led.spent.add(key)
