"""Ramming (WS-RAM-1..3): ships that run into ships, rocks, sea walls, a harbour, or swimmers.

**Who rams** (a ruling, WS-RAM-1). A ship whose ruler move (the turn or the run ahead) comes to
touch another ship, rocks, a sea wall or a harbour rams it: the ship that moved is the rammer.
Land with no ram value in the table (an island's beach) only stops her: she runs aground
unharmed.  A ram is *bow first* when the rammer's foremost section is (one of) the parts of her
nearest what she struck, as it always is when she runs straight ahead into it.

**The damage** (WS-RAM-1). Each takes the other's ram value: a D6 plus the value of the ship
table's column (in the copy option ``ship_table`` chooses, WS-SHIP-3), or of the fixed object
(rocks D6+7, walls D6+4, a harbour D6+2); a bow-first rammer does one more; never less than
nothing.  Fixed objects take no harm.  The rammer's seat rolls the die for the damage it does,
the rammed ship's seat the die for the damage it does back (the rammer's for a fixed object).

**Stuck** (WS-RAM-2). The two ships are stuck together when the rammer's hit points at full
strength exceed the points the rammed ship had left before the ram.  Stuck ships do not move.
At the start of every side's turn, that side rolls a D6 for each pair of stuck ships one of
which is its own: a 6 frees them.

**Sinking** (WS-RAM-3). A ship rammed to nothing sinks after a whole turn, as any other
(WS-DMG-3, :func:`.ships.damage`); when she goes down stuck to a smaller ship (fewer hit points
at full strength), she takes it down with her (:func:`.ships.sink`), its crew into the water.

**People** (WS-RAM-1: "ships may also ram people"; option ``run_down``). A swimmer a moving hull
comes to lie over is run down: he takes the ship's ram value (D6 plus its column) in wounds,
and a survivor is pushed aside to the nearest free water.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grapeshot.core.game import Game
from grapeshot.core.prompts import Prompt
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import Contact, Hull, Polygon, Surface, hull_distance, hull_gap, hull_polygon_distance
from grapeshot.rulesets.woodenships.data import FIXED_RAMS
from grapeshot.rulesets.woodenships.pieces import Ship
from grapeshot.rulesets.woodenships.ships import damage, shove_swimmers
from grapeshot.rulesets.woodenships.state import Shore
from grapeshot.rulesets.woodenships.wounds import wound

#: the terrain kinds that have a ram value of the table, and which row (WS-SHIP-2)
TERRAIN_RAMS = {"rocks": "rocks", "sea_wall": "walls", "harbour": "harbour"}
#: the bow section counts as what struck when it is this close to as near as the whole hull (inches)
BOW_SLACK = 0.05


def ram_bonus(shore: Shore, ship: Ship) -> int:
    """What a ship's ram adds to its D6 in the copy of the table in force (WS-SHIP-2/3)."""
    return ship.kind.ram_value(str(shore.option("ship_table")))


def bow_first(ship: Ship, shape: Hull | Polygon, hull: Hull | None = None) -> bool:
    """Whether the rammer's bow section is (one of) the parts of her nearest ``shape`` (with her
    hull where it is, or at ``hull``)."""
    at = ship.hull if hull is None else hull
    bow = max(ship.plan.sections, key=lambda c: c.fore).band(at)
    if isinstance(shape, Hull):
        return hull_distance(bow, shape) <= hull_distance(at, shape) + BOW_SLACK
    return hull_polygon_distance(bow, shape) <= hull_polygon_distance(at, shape) + BOW_SLACK


def _mean(plus: int) -> float:
    """The mean of a ram's damage, a D6 plus ``plus`` and never below nothing."""
    return sum(max(0, face + plus) for face in range(1, 7)) / 6.0


def expected(shore: Shore, ship: Ship, hull: Hull, contact: Contact | None) -> tuple[float, float, Ship | None]:
    """What a ram ending with the ship at ``hull`` against ``contact`` would do on average: the
    points she deals, the points she takes, and the ship she strikes (None: a fixed object, or
    no ram at all: (0, 0, None))."""
    if contact is None:
        return 0.0, 0.0, None
    if contact.kind == "ship":
        target = shore.ships.get(contact.ident)
        if target is None:
            return 0.0, 0.0, None
        bow = 1 if bow_first(ship, target.hull, hull) else 0
        return _mean(ram_bonus(shore, ship) + bow), _mean(ram_bonus(shore, target)), target
    if contact.kind in TERRAIN_RAMS:
        return 0.0, _mean(FIXED_RAMS[TERRAIN_RAMS[contact.kind]]), None
    return 0.0, 0.0, None


def _shape(shore: Shore, contact: Contact) -> Hull | Polygon | None:
    ob = next((o for o in shore.obstacles if o.ident == contact.ident), None)
    return None if ob is None else ob.shape


def _roll(g: Game, seat: str | None, actor: str, purpose: str, rule: str) -> Generator[Prompt, Any, int]:
    out = yield from g.roll(RollRequest(D6, purpose, rule, seat, actor, "high"))
    return int(out.total)


def ram(g: Game, shore: Shore, ship: Ship, contact: Contact | None) -> Generator[Prompt, Any, None]:
    """WS-RAM-1/2: what a ship's move ran into, if it rams: both take the other's ram value (a
    bow-first rammer one more), and a bigger rammer sticks fast to the ship it struck."""
    if contact is None or not ship.afloat:
        return
    target: Ship | None = None
    if contact.kind == "ship":
        target = shore.ships.get(contact.ident)
        if target is None or not target.afloat:
            return
        shape: Hull | Polygon | None = target.hull
        back_value, back_seat, back_name = ram_bonus(shore, target), target.side, target.name
    elif contact.kind in TERRAIN_RAMS:
        shape = _shape(shore, contact)
        back_value, back_seat, back_name = FIXED_RAMS[TERRAIN_RAMS[contact.kind]], ship.side, contact.ident
    else:
        return
    assert shape is not None
    bow = bow_first(ship, shape)
    value = ram_bonus(shore, ship) + (1 if bow else 0)
    left_before = target.left if target is not None else 0
    dealt = 0
    if target is not None:
        face = yield from _roll(g, ship.side, ship.name, f"{ship.name} rams {target.name}: damage to {target.name}", "WS-RAM-1")
        dealt = max(0, face + value)
    back_face = yield from _roll(g, back_seat, back_name, f"{ship.name} rams {back_name}: damage to {ship.name}", "WS-RAM-1")
    taken = max(0, back_face + back_value)
    stuck = target is not None and ship.points > left_before
    g.emit(
        "ram",
        "WS-RAM-1",
        ship=ship.name,
        side=ship.side,
        target=back_name,
        target_kind=contact.kind,
        bow_first=bow,
        dealt=dealt,
        ram=f"D6{value:+d}" if target is not None else None,
        taken=taken,
        back=f"D6{back_value:+d}",
        stuck=stuck,
    )
    if target is not None:
        damage(g, shore, target, dealt, ship.side, f"rammed by {ship.name}", "WS-RAM-1")
    damage(g, shore, ship, taken, target.side if target is not None else None, f"rammed {back_name}", "WS-RAM-1")
    if stuck and target is not None and ship.afloat and target.afloat:
        ship.stuck.add(target.name)
        target.stuck.add(ship.name)
        g.emit("stuck", "WS-RAM-2", ships=[ship.name, target.name], rammer_points=ship.points, target_left=left_before)


def dislodge(g: Game, shore: Shore, side: str) -> Generator[Prompt, Any, None]:
    """WS-RAM-2: at the start of a side's turn it rolls for each pair of stuck ships one of which
    is its own; a 6 frees them."""
    pairs = sorted({tuple(sorted((s.name, o))) for s in shore.fleet(side) for o in s.stuck})
    for a, b in pairs:
        face = yield from _roll(g, side, a if shore.ships[a].side == side else b, f"{a} and {b} stuck fast: a 6 frees them", "WS-RAM-2")
        freed = face == 6
        if freed:
            shore.ships[a].stuck.discard(b)
            shore.ships[b].stuck.discard(a)
        g.emit("dislodge", "WS-RAM-2", side=side, ships=[a, b], face=face, freed=freed)


def run_down(g: Game, shore: Shore, ship: Ship) -> Generator[Prompt, Any, None]:
    """WS-RAM-1 (option ``run_down``): swimmers a moving hull has come to lie over take its ram
    value in wounds; the survivors, and all of them with the option off, get out of its way."""
    if shore.option("run_down"):
        under = [f for f in shore.on(Surface.WATER, "") if hull_gap(shore.base(f), ship.hull) < -1e-6]
        value = ram_bonus(shore, ship)
        for f in under:
            face = yield from _roll(g, ship.side, ship.name, f"{ship.name} runs {f.name} down", "WS-RAM-1")
            hurt = max(0, face + value)
            g.emit("run-down", "WS-RAM-1", ship=ship.name, side=ship.side, figure=f.name, face=face, ram=f"D6{value:+d}", damage=hurt)
            if hurt:
                wound(g, shore, f, hurt, ship.side, f"run down by {ship.name}", "WS-RAM-1")
    shove_swimmers(g, shore, ship)
