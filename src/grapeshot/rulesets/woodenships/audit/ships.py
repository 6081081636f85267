"""Ships: a ruler move within its value, band and swing, only in the ships phase (WS-MOVE-1,
WS-MOVE-2, WS-DMG-1, WS-DMG-2), the sunk never sailing (WS-DMG-3), a ram only at the end of a move
that went somewhere (WS-RAM-1) with its dice and the bow-first point, stuck ships freed on a 6
(WS-RAM-2); boarding, grappling (WS-BOARD-1), cutting a grapple (WS-BOARD-2), climbing from the
water (WS-BOARD-3) and scaling a fort (WS-FORT-2) judged against their needs.
"""

from __future__ import annotations

from grapeshot.core.audit import Record, against, distance, off, plain_dice
from grapeshot.rulesets.woodenships.audit.ledger import Ledger, face, mods_total, on
from grapeshot.rulesets.woodenships.audit.text import BOARD_NEED, BOW_FIRST, CLIMB_NEED, CUTS, FIXED_RAM, FREE_FACE, SCALE_NEED

NEAR = 2e-3
#: headings are logged to 3 or 4 decimals: a move that turned less than this did not turn
HEADING = 2e-3
#: WS-MOVE-1: the ruler swings at most this far either way
SWING = 90.0


@on("muster")
def muster(led: Ledger, r: Record) -> None:
    moves = r.get("moves")
    if isinstance(r.get("ship"), str) and isinstance(moves, list):
        led.moves[r["ship"]] = [float(m) for m in moves]
    if isinstance(r.get("ship"), str) and isinstance(r.get("ram"), str):
        led.rams[r["ship"]] = r["ram"]


def plus(expr: str, by: int) -> str:
    """``D6+2`` with ``by`` more: ``D6+3`` (``D6`` when it comes to nothing)."""
    dice = plain_dice(expr)
    if dice is None:
        return expr
    count, sides, bonus = dice
    total = bonus + by
    head = f"{count if count > 1 else ''}D{sides}"
    return head if total == 0 else f"{head}{total:+d}"


def rolled_on(expr: object, die: int) -> int | None:
    dice = plain_dice(str(expr)) if isinstance(expr, str) else None
    return None if dice is None else max(0, die + dice[2])


def still(r: Record) -> bool:
    """A ruler move that left the ship where and as it was."""
    a, b = r.get("frm"), r.get("to")
    if not (isinstance(a, list) and isinstance(b, list) and len(a) == 3 and len(b) == 3):
        return False
    return distance(a, b) <= NEAR and off(float(a[2]), float(b[2])) <= HEADING


@on("steer")
def steer(led: Ledger, r: Record) -> None:
    ship = str(r.get("ship"))
    led.expect("WS-MOVE-2", r, r.get("phase") == "ships", f"{ship} sails in the {r.get('phase')} phase")
    if ship in led.sunk:
        led.flag("WS-DMG-3", r, f"{ship} has sunk (record {led.sunk[ship]})")
    value, inches, ahead, angle = r.get("value"), r.get("inches"), r.get("ahead"), r.get("angle")
    if isinstance(angle, (int, float)):
        led.expect("WS-MOVE-1", r, abs(float(angle)) <= SWING + NEAR, f"{ship}'s ruler swung {angle} degrees")
    if isinstance(value, (int, float)) and isinstance(inches, (int, float)):
        led.expect("WS-MOVE-1", r, float(inches) <= float(value) + NEAR, f'{ship} moves {inches}" on a value of {value}"')
    if isinstance(ahead, (int, float)) and isinstance(inches, (int, float)):
        led.expect("WS-MOVE-1", r, float(ahead) <= float(inches) + NEAR, f'{ship} runs {ahead}" ahead of the {inches}" it moved')
    if r.get("spin") and isinstance(ahead, (int, float)):
        led.expect("WS-MOVE-2", r, float(ahead) <= NEAR, f'{ship} spins but runs {ahead}" ahead')
    moves, phase, band = led.moves.get(ship), r.get("move_phase"), r.get("band")
    if moves and isinstance(phase, int) and isinstance(value, (int, float)):
        twice = len(moves) > 1
        led.expect("WS-MOVE-2", r, 1 <= phase <= len(moves), f"{ship} has {len(moves)} movement phase(s), not a phase {phase}")
        if band == "full" and phase <= len(moves):
            led.expect("WS-MOVE-1", r, abs(float(value) - moves[phase - 1]) <= NEAR, f'{ship}\'s value is {moves[phase - 1]:g}", not {value}"')
        elif band == "half" and twice:
            # a boat loses a phase from the turn after the damage: one hurt in its first phase
            # still has the second, at its value (docs/rulings.md, WS-DMG-1)
            began = led.steers.get(ship, r).get("band")
            if phase == 1 or began == "half":
                led.expect(
                    "WS-DMG-1",
                    r,
                    abs(float(value) - moves[0]) <= NEAR and phase == 1,
                    f'{ship} at half speed moves {moves[0]:g}" in one phase, not {value}" in phase {phase}',
                )
        elif band == "half":
            led.expect("WS-DMG-1", r, abs(float(value) - moves[0] / 2.0) <= NEAR, f'{ship} at half speed moves {moves[0] / 2.0:g}", not {value}"')
        elif band == "dead" and phase == 1:
            led.expect(
                "WS-DMG-2", r, bool(r.get("spin")) and abs(float(value) - moves[0] / 2.0) <= NEAR, f'{ship} dead in the water only spins at {moves[0] / 2.0:g}"'
            )
    led.steers[ship] = r


@on("no-move")
def no_move(led: Ledger, r: Record) -> None:
    led.steers.pop(str(r.get("ship")), None)


@on("ram")
def ram(led: Ledger, r: Record) -> None:
    """WS-RAM-1: a ram is the end of a move that came to touch, its damage the other's ram value
    (+1 bow first to the rammed)."""
    ship = str(r.get("ship"))
    if ship in led.sunk:
        led.flag("WS-DMG-3", r, f"{ship} has sunk (record {led.sunk[ship]})")
    last = led.steers.get(ship)
    if last is None:
        led.flag("WS-RAM-1", r, f"{ship} rams without a move this turn")
    elif still(last):
        led.flag("WS-RAM-1", r, f"{ship} rams after a move that left her where she was (record {last.get('seq')})")
    dice = [int(x["total"]) for x in led.rolled("WS-RAM-1") if isinstance(x.get("total"), int)]
    own, target = led.rams.get(ship), str(r.get("target"))
    if isinstance(r.get("ram"), str) and own is not None:
        want = plus(own, BOW_FIRST if r.get("bow_first") else 0)
        led.expect(
            "WS-RAM-1",
            r,
            plain_dice(r["ram"]) == plain_dice(want),
            f"{ship}'s ram is {own}{' +1 bow first' if r.get('bow_first') else ''}: {want}, logged {r['ram']}",
        )
    back = led.rams.get(target) if r.get("target_kind") == "ship" else FIXED_RAM.get(str(r.get("target_kind")))
    if isinstance(r.get("back"), str) and back is not None:
        led.expect("WS-RAM-1", r, plain_dice(r["back"]) == plain_dice(back), f"{target}'s ram value is {back}, logged {r['back']}")
    if len(dice) == 2 and r.get("ram") is not None:
        dealt, taken = rolled_on(r.get("ram"), dice[0]), rolled_on(r.get("back"), dice[1])
        led.expect("WS-RAM-1", r, r.get("dealt") == dealt, f"{dice[0]} on {r.get('ram')} deals {dealt}, logged {r.get('dealt')}")
        led.expect("WS-RAM-1", r, r.get("taken") == taken, f"{dice[1]} on {r.get('back')} takes {taken}, logged {r.get('taken')}")


@on("run-down")
def run_down(led: Ledger, r: Record) -> None:
    ship = str(r.get("ship"))
    last = led.steers.get(ship)
    led.expect("WS-RAM-1", r, last is not None and not still(last), f"{ship} runs down {r.get('figure')} without moving")


@on("sunk")
def sunk(led: Ledger, r: Record) -> None:
    ship = str(r.get("ship"))
    led.expect("WS-DMG-3", r, ship not in led.sunk, f"{ship} sank already (record {led.sunk.get(ship)})")
    led.sunk.setdefault(ship, int(r.get("seq", -1)))


def judged(led: Ledger, r: Record, rule: str, base: int, what: str, key: str = "passed") -> None:
    need = r.get("need")
    if isinstance(need, int):
        led.expect(rule, r, need == base - mods_total(r), f"{what}: a need of {need} from {base} with bonuses {mods_total(r):+d}")
        die = face(r) if r.get("faces") is not None else led.last_die(rule)
        if die is not None:
            led.found.extend(against(rule, r, die, need, bool(r.get(key)), what))


@on("grapple")
def grapple(led: Ledger, r: Record) -> None:
    judged(led, r, "WS-BOARD-1", BOARD_NEED, f"{r.get('figure')}'s grapple")


@on("boarding")
def boarding(led: Ledger, r: Record) -> None:
    if r.get("rolled"):
        judged(led, r, "WS-BOARD-1", BOARD_NEED, f"{r.get('figure')}'s crossing")


@on("climb")
def climb(led: Ledger, r: Record) -> None:
    base = CLIMB_NEED.get(str(r.get("pace")))
    if base is not None:
        judged(led, r, "WS-BOARD-3", base, f"{r.get('figure')}'s climb at {r.get('pace')} speed")


@on("scale")
def scale(led: Ledger, r: Record) -> None:
    base = SCALE_NEED.get(str(r.get("band")))
    if base is not None:
        led.expect("WS-FORT-2", r, r.get("base") == base, f"a fort at {r.get('band')} strength is scaled on {base}+, logged {r.get('base')}+")
        judged(led, r, "WS-FORT-2", base, f"{r.get('figure')}'s scaling")


@on("cut")
def cut(led: Ledger, r: Record) -> None:
    """WS-BOARD-2: two successful edged attacks cut a grapple; each is judged against its need."""
    ships = r.get("ships")
    key = frozenset(str(s) for s in ships) if isinstance(ships, list) else frozenset()
    die, need = led.last_die("WS-BOARD-2"), r.get("need")
    if die is not None and isinstance(need, int):
        led.found.extend(against("WS-BOARD-2", r, die, need, bool(r.get("hit")), "a cut at the grapple"))
    hits = led.cuts.get(key, 0) + (1 if r.get("hit") else 0)
    led.expect("WS-BOARD-2", r, r.get("hits") == hits, f"the grapple has taken {hits} cut(s), logged {r.get('hits')}")
    led.expect("WS-BOARD-2", r, bool(r.get("freed")) == (hits >= CUTS), f"{hits} cut(s) {'free' if r.get('freed') else 'do not free'} the ships")
    led.cuts[key] = 0 if hits >= CUTS else hits


@on("grapple")
def grappled(led: Ledger, r: Record) -> None:
    if r.get("passed") and isinstance(r.get("ship"), str) and isinstance(r.get("target"), str):
        led.cuts[frozenset((r["ship"], r["target"]))] = 0


@on("dislodge")
def dislodge(led: Ledger, r: Record) -> None:
    die = face(r, "face")
    if die is not None:
        led.expect("WS-RAM-2", r, bool(r.get("freed")) == (die == FREE_FACE), f"a {die} {'frees' if r.get('freed') else 'does not free'} the stuck ships")
