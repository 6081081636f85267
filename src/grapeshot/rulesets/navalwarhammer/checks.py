"""The invariants random play is checked against: every model is somewhere it may be (a deck,
the water, the air), wounds and structure within their bounds, crews within capacity, no two
ships overlapping, grapples between ships afloat and both ways."""

from __future__ import annotations

from grapeshot.geometry import DeckPoint, hulls_misplaced, point_hull_distance
from grapeshot.rulesets.navalwarhammer.courses import places
from grapeshot.rulesets.navalwarhammer.state import Sea

#: slack allowed in positions (inches)
SLACK = 1e-3


def invariants(sea: Sea) -> list[str]:
    out: list[str] = []
    ships = list(sea.afloat())
    for u in sea.units.values():
        if u.models < 0:
            out.append(f"{u.name} has {u.models} models")
        if len(u.figs) != u.models:
            out.append(f"{u.name} has {u.models} models but {len(u.figs)} figures")
        if u.models and not 0 <= u.wounded < u.profile.w:
            out.append(f"{u.name}'s front model has taken {u.wounded} of {u.profile.w} wounds")
        for f in u.figs:
            if f.aboard:
                ship = sea.ships.get(f.on)
                if ship is None or not ship.afloat:
                    out.append(f"{u.name} stands on {f.on}, which is not afloat")
                elif not DeckPoint(f.a, f.b).aboard(ship.hull, SLACK):
                    out.append(f"{u.name} stands off {f.on}'s deck at {f.a:.3f}, {f.b:.3f}")
            elif f.level in ("water", "air"):
                if not sea.table.holds_point(sea.where(f), -SLACK):
                    out.append(f"{u.name} is off the table at {f.a:.3f}, {f.b:.3f}")
                if f.level == "water":
                    for s in ships:
                        if point_hull_distance(sea.where(f), s.hull) < -SLACK:
                            out.append(f"{u.name} swims inside {s.name}'s hull")
            else:
                out.append(f"{u.name} is on {f.level!r}")
    for s in sea.ships.values():
        for key, p in s.parts.items():
            if not 0 <= p.wounds_left <= p.profile.w:
                out.append(f"{s.name}'s {key} has {p.wounds_left} of {p.profile.w} wounds left")
        if s.afloat and not s.parts["hull"].alive:
            out.append(f"{s.name} is afloat with no structure left")
        crew = sum(places(u) for u in sea.crew(s.name))
        if crew > s.capacity:
            out.append(f"{s.name}'s crew takes {crew} places of {s.capacity}")
        for o in s.grappled:
            other = sea.ships.get(o)
            if other is None or not other.afloat or s.name not in other.grappled or not s.afloat:
                out.append(f"{s.name} is grappled with {o} one way only, or with a ship not afloat")
    out += hulls_misplaced([(a.name, a.hull) for a in ships], sea.table, sea.obstacles)
    for seat, vp in sea.vp.items():
        if vp < 0:
            out.append(f"{seat} has {vp} victory points")
    return out
