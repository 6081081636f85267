"""The collisions module's referee: its records in any host's log read against the module's text
(CG-*), without the module's code.

It reads the module's own records (``collisions.*``) and, to know whether a rammer moved before its
bow touched, the host's pose records: any record naming the vessel (``ship`` or ``vessel``) with a
``frm`` and a ``to`` pose, the way every host logs a move.  It names no host.  The numbers it
checks against (the ram chart, the momentum multipliers, the grapple and swimming needs, the
mishap table) are stated again here from the text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from grapeshot.core.audit import Auditor, Finding, Record, close, distance, finding, off

#: CG-RAM-2: (rammer, rammed) size class to the D6 each takes (to the rammer, to the rammed)
CHART: dict[tuple[str, str], tuple[int, int]] = {
    ("large", "large"): (1, 1),
    ("large", "middling"): (1, 2),
    ("large", "small"): (0, 2),
    ("middling", "large"): (2, 1),
    ("middling", "middling"): (1, 1),
    ("middling", "small"): (1, 2),
    ("small", "large"): (2, 0),
    ("small", "middling"): (2, 1),
    ("small", "small"): (1, 1),
}
#: CG-RAM-3: the extra damage for each MA left, by the rammer's size
MOMENTUM = {"large": 3, "middling": 2, "small": 1}
#: the classes that are ships (CG-RAM-5: the others, boats and canoes, sink when rammed)
SHIPS = ("large", "middling", "small")
#: CG-GRAP-2: grappled on this total or more, never on a natural 1
GRAPPLE = 3
#: CG-SWIM-1: the swimmers' inches a turn and the face that drowns; CG-SWIM-2: the need to stay up
SWIM = 2.0
DROWN = 1
AFLOAT = {False: 2, True: 3}
#: CG-BOARD-5: the mishap table by face
MISHAP = {1: "davy-jones", 2: "in-the-water"}
#: CG-SIDE-1: the gap the two are placed at
POINT_BLANK = 2.0

NEAR = 2e-3
#: headings are logged to 3 or 4 decimals: a move that turned less than this did not turn
HEADING = 2e-3

CHECKS: Mapping[str, str] = {
    "CG-RAM-1": "a ram only by a ship (not a boat) at the end of a move that went somewhere this turn: no ram from a standstill",
    "CG-RAM-2": "the chart's dice by the two sizes; the rammed ship's damage the chart's, the momentum's and the ram's",
    "CG-RAM-3": "the momentum: MA left x 3 (large), x 2 (middling), x 1 (small)",
    "CG-RAM-4": "a purpose-built ram spares the rammer; its 3D6 as rolled",
    "CG-RAM-5": "a boat or canoe rammed by a ship sinks",
    "CG-SIDE-1": 'a sideswipe: the smaller conforms, placed 2" apart',
    "CG-SIDE-4": "oars smashed: 2D6 damage, that many rowers on a double, none otherwise",
    "CG-GRAP-1": "a grapple needs two crew",
    "CG-GRAP-2": "the grapple's D6 +1 per grappler beyond the option's count; 3+ holds, a natural 1 never",
    "CG-GRAP-3": "ships brought together: the smaller conforms",
    "CG-BOARD-1": "boarding at once only when the grappler used less than half its MA",
    "CG-BOARD-4": "a captured ship's prize captain is one of its prize crew",
    "CG-BOARD-5": "a mishap by its face: 1 Davy Jones's locker, 2 in the water, 3-6 aboard",
    "CG-SWIM-1": 'the crew of a sunk vessel drown on a 1; swimmers swim 2" a turn; the drowned never swim again',
    "CG-SWIM-2": "from the third turn in the water: sinks on a 1 (1-2 wounded)",
}


def still(r: Record) -> bool:
    """A host's move that left the vessel where and as it was: its ``frm`` pose the same as its
    ``to``, or (a host that logs no ``frm``) nothing ``travelled``."""
    a, b = r.get("frm"), r.get("to")
    if isinstance(a, list) and isinstance(b, list) and len(a) == 3 and len(b) == 3:
        return distance(a, b) <= NEAR and off(float(a[2]), float(b[2])) <= HEADING
    gone = r.get("travelled")
    return isinstance(gone, (int, float)) and float(gone) <= NEAR


def names(r: Record) -> tuple[str, ...]:
    return tuple(str(r[k]) for k in ("ship", "vessel") if isinstance(r.get(k), str))


class CollisionsAuditor(Auditor):
    """Reads the collisions module's records in a host's log."""

    checks = CHECKS

    def audit(self, records: Sequence[Record]) -> Iterator[Finding]:
        found: list[Finding] = []
        options: Mapping[str, object] = {}
        poses: dict[str, Record] = {}  # vessel to its last pose record this turn
        rolls: list[Record] = []
        gone: dict[str, int] = {}  # the drowned, to the record that drowned them
        turn = 0

        def expect(rule: str, r: Record, ok: bool, what: str) -> None:
            if not ok:
                found.append(finding(rule, r, what))

        for r in records:
            kind = str(r.get("kind"))
            if kind == "setup":
                options = dict(r.get("options") or {})
            if kind in ("roll", "reroll"):
                rolls.append(r)
                continue
            if isinstance(r.get("turn"), int) and r["turn"] != turn:
                turn = int(r["turn"])
                poses.clear()
            if isinstance(r.get("to"), list) and (isinstance(r.get("frm"), list) or "travelled" in r):
                for v in names(r):
                    poses[v] = r
            handler = HANDLERS.get(kind)
            if handler is not None:
                handler(r, expect, options, poses, rolls, gone)
            rolls = []
        yield from sorted(found, key=lambda f: f.seq)


# ------------------------------------------------------------------ the records

#: a record's check: the record, the audit's ``expect``, the options, this turn's poses, the dice
#: since the last verdict, the drowned
Handler = Callable[..., None]

#: the ``expect`` of an audit: (rule, record, ok, what)
Expect = Callable[[str, Record, bool, str], None]


def ram(r: Record, expect: Expect, options: Mapping[str, object], poses: dict[str, Record], rolls: list[Record], gone: dict[str, int]) -> None:
    rammer, cr, ct = str(r.get("rammer")), str(r.get("rammer_class")), str(r.get("target_class"))
    expect("CG-RAM-1", r, cr in SHIPS, f"{rammer}, a {cr}, cannot ram")
    last = poses.get(rammer)
    if last is None:
        expect("CG-RAM-1", r, False, f"{rammer} rams without having moved this turn")
    else:
        expect("CG-RAM-1", r, not still(last), f"{rammer} rams from a standstill: its move (record {last.get('seq')}) left it where it was")
    if ct not in SHIPS:
        expect("CG-RAM-5", r, r.get("sunk") is True, f"the {ct} {r.get('target')} rammed by a ship does not sink")
        return
    left = r.get("allowance_left")
    if isinstance(left, int) and cr in MOMENTUM:
        expect("CG-RAM-3", r, r.get("momentum") == left * MOMENTUM[cr], f"{left} MA left x {MOMENTUM[cr]} is {left * MOMENTUM[cr]}, logged {r.get('momentum')}")
    purpose = bool(r.get("ram"))
    chart = CHART.get((cr, ct))
    if chart is not None and isinstance(r.get("chart"), list):
        want = [0 if purpose else chart[0], chart[1] if not (purpose and options.get("collisions.ram_stacking") == "no-chart") else 0]
        expect("CG-RAM-2", r, list(r["chart"]) == want, f"a {cr} ramming a {ct}: {want} D6, logged {r['chart']}")
    if purpose:
        expect("CG-RAM-4", r, r.get("to_rammer") == 0, f"a purpose-built ram spares the rammer, but it takes {r.get('to_rammer')}")
        three = [x for x in rolls if x.get("rule") == "CG-RAM-4"]
        if three:
            expect(
                "CG-RAM-4", r, r.get("ram_damage") == three[-1].get("total"), f"the ram's 3D6 came to {three[-1].get('total')}, logged {r.get('ram_damage')}"
            )
    else:
        expect(
            "CG-RAM-2",
            r,
            r.get("to_rammer") == r.get("chart_to_rammer"),
            f"the rammer takes the chart's {r.get('chart_to_rammer')}, logged {r.get('to_rammer')}",
        )
    parts = [r.get("chart_to_target"), r.get("momentum"), r.get("ram_damage")]
    if all(isinstance(p, int) for p in parts):
        total = sum(int(p) for p in parts if isinstance(p, int))
        expect("CG-RAM-2", r, r.get("to_target") == total, f"the rammed ship takes chart + momentum + ram = {total}, logged {r.get('to_target')}")


def conform(rule: str) -> Handler:
    def check(r: Record, expect: Expect, *_: Any) -> None:
        larger = r.get("larger")
        if isinstance(larger, str):
            expect(rule, r, r.get("conforming") != larger, f"{larger}, the larger, is made to conform")
        if rule == "CG-SIDE-1" and r.get("placed") and isinstance(r.get("gap"), (int, float)):
            expect(rule, r, close(float(r["gap"]), POINT_BLANK, 1e-2), f'placed {r["gap"]}" apart, not {POINT_BLANK:g}"')

    return check


def oars(r: Record, expect: Expect, *_: Any) -> None:
    faces = r.get("faces")
    if not (isinstance(faces, list) and len(faces) == 2):
        return
    expect("CG-SIDE-4", r, r.get("damage") == sum(faces), f"2D6 of {faces} is {sum(faces)}, logged {r.get('damage')}")
    double = faces[0] == faces[1]
    expect("CG-SIDE-4", r, bool(r.get("double")) == double, f"{faces} {'is' if double else 'is not'} a double")
    lost = r.get("rowers_lost")
    if isinstance(lost, int):
        expect("CG-SIDE-4", r, lost <= faces[0] if double else lost == 0, f"{lost} rowers lost on {faces}")


def grapple(r: Record, expect: Expect, options: Mapping[str, object], *_: Any) -> None:
    crew = r.get("grapplers")
    roll, total, bonus = r.get("roll"), r.get("total"), r.get("bonus")
    if isinstance(crew, list):
        expect("CG-GRAP-1", r, len(crew) >= 2, f"a grapple by {len(crew)} crew")
        beyond = 1 if options.get("collisions.grapple_extra") == "beyond-one" else 2
        expect("CG-GRAP-2", r, bonus == max(0, len(crew) - beyond), f"{len(crew)} grapplers give +{max(0, len(crew) - beyond)}, logged {bonus}")
    if isinstance(roll, int) and isinstance(bonus, int):
        expect("CG-GRAP-2", r, total == roll + bonus, f"{roll} +{bonus} is {roll + bonus}, logged {total}")
        expect(
            "CG-GRAP-2",
            r,
            bool(r.get("held")) == (roll != 1 and roll + bonus >= GRAPPLE),
            f"a roll of {roll} +{bonus} was judged {'held' if r.get('held') else 'missed'}",
        )


def initiative(r: Record, expect: Expect, *_: Any) -> None:
    used, allowance = r.get("used"), r.get("allowance")
    if isinstance(used, int) and isinstance(allowance, int):
        expect(
            "CG-BOARD-1",
            r,
            bool(r.get("at_once")) == (2 * used < allowance),
            f"{used} of {allowance} MA used: {'not ' if 2 * used >= allowance else ''}at once",
        )


def capture(r: Record, expect: Expect, *_: Any) -> None:
    captain, crew = r.get("prize_captain"), r.get("prize_crew")
    if isinstance(captain, str) and isinstance(crew, list):
        expect("CG-BOARD-4", r, captain in crew, f"the prize captain {captain} is not of the prize crew")


def mishap(r: Record, expect: Expect, *_: Any) -> None:
    roll = r.get("roll")
    if isinstance(roll, int):
        want = MISHAP.get(roll, "aboard")
        expect("CG-BOARD-5", r, r.get("result") == want, f"a mishap of {roll} is {want}, logged {r.get('result')}")


def sink_or_swim(r: Record, expect: Expect, options: Mapping[str, object], poses: dict[str, Record], rolls: list[Record], gone: dict[str, int]) -> None:
    roll = r.get("roll")
    if isinstance(roll, int):
        expect("CG-SWIM-1", r, bool(r.get("drowned")) == (roll == DROWN), f"a roll of {roll} was judged {'drowned' if r.get('drowned') else 'afloat'}")
    if r.get("drowned") and isinstance(r.get("figure"), str):
        gone.setdefault(r["figure"], int(r.get("seq", -1)))


def afloat(r: Record, expect: Expect, options: Mapping[str, object], poses: dict[str, Record], rolls: list[Record], gone: dict[str, int]) -> None:
    roll, wounded = r.get("roll"), bool(r.get("wounded"))
    if r.get("heavy") is None and isinstance(roll, int):
        expect("CG-SWIM-2", r, r.get("need") == AFLOAT[wounded], f"{'a wounded' if wounded else 'a'} swimmer needs {AFLOAT[wounded]}+, logged {r.get('need')}")
        expect("CG-SWIM-2", r, bool(r.get("sank")) == (roll < AFLOAT[wounded]), f"a roll of {roll} was judged {'sunk' if r.get('sank') else 'afloat'}")
    turns = r.get("turns")
    if isinstance(turns, int) and r.get("heavy") is None:
        expect("CG-SWIM-2", r, turns >= 3, f"rolled after only {turns} turn(s) in the water")
    if r.get("sank") and isinstance(r.get("figure"), str):
        gone.setdefault(r["figure"], int(r.get("seq", -1)))


def swim(r: Record, expect: Expect, options: Mapping[str, object], poses: dict[str, Record], rolls: list[Record], gone: dict[str, int]) -> None:
    who = r.get("figure")
    if isinstance(who, str) and who in gone:
        expect("CG-SWIM-1", r, False, f"{who} drowned (record {gone[who]}) and swims on")
    a, b = r.get("before"), r.get("at")
    if isinstance(a, list) and isinstance(b, list):
        expect("CG-SWIM-1", r, distance(a, b) <= SWIM + NEAR, f'{who} swims {distance(a, b):.4f}", more than {SWIM:g}"')


HANDLERS: dict[str, Handler] = {
    "collisions.ram": ram,
    "collisions.sideswipe": conform("CG-SIDE-1"),
    "collisions.together": conform("CG-GRAP-3"),
    "collisions.oars": oars,
    "collisions.grapple": grapple,
    "collisions.initiative": initiative,
    "collisions.capture": capture,
    "collisions.mishap": mishap,
    "collisions.sink-or-swim": sink_or_swim,
    "collisions.afloat": afloat,
    "collisions.swim": swim,
}

AUDITOR = CollisionsAuditor()
