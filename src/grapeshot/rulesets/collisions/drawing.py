"""What the collisions module adds to the table: the generic shapes (``Module.shapes``) of what
only it knows, drawn by the web table over whatever the host draws.

The module names no host, so it cannot read the host's view of the state; the places of
vessels and figures come from the host protocol (``hull``, ``base``) instead. Everything here is
public: grapples, swimmers, flotsam, prisoners and boarders are all to be seen on the table.

- a **grapple line** between the hulls of two grappled vessels, a dashed one for two entangled
  by a ram (CG-GRAP-2, CG-RAM-1);
- each **swimmer**'s base in its seat's colour, labelled with the turns he has been in the water
  (counting the turn he went in, as CG-SWIM-2 does), and what he clings to;
- each piece of **flotsam** and **wreckage** (CG-SWIM-3) as its outline;
- a ring round each **prisoner** aboard the vessel he is held in (in the captor's colour) and
  each **prize crew** figure, and the prize's name and captain over its hull (CG-BOARD-4);
- a ring round each **boarder** on the enemy deck he boarded, in the boarding seat's colour, the
  leader's marked (CG-BOARD-2, CG-BOARD-3): one gone into the water is drawn as a swimmer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grapeshot.rulesets.collisions.state import NAME, CollisionsState, host_of, point_json, state_of

if TYPE_CHECKING:
    from grapeshot.core.game import Game

#: how far a marking ring stands out from the figure's base, inches
RING = 0.15

Shape = dict[str, Any]


def shapes(game: Game) -> list[Shape]:
    """The module's shapes for the game as it stands (each tagged with the module's name)."""
    st = state_of(game)
    out = [*_grapples(game, st), *_flotsam(st), *_swimmers(game, st), *_prizes(game, st), *_boarders(game, st)]
    for sh in out:
        sh["module"] = NAME
    return out


def _grapples(game: Game, st: CollisionsState) -> list[Shape]:
    h = host_of(game)
    afloat = set(h.vessels(game))
    out: list[Shape] = []
    for g in st.grapples:
        if g.a not in afloat or g.b not in afloat:
            continue
        entangled = g.how == "entangled"
        out.append(
            {
                "kind": "line",
                "name": f"{g.a}-{g.b}",
                "from": point_json(h.hull(game, g.a).centre),
                "to": point_json(h.hull(game, g.b).centre),
                "dash": entangled,
                "class": f"{NAME}-{g.how}",
                "title": f"{g.a} and {g.b} {'entangled by a ram' if entangled else 'grappled'} since turn {g.since}",
            }
        )
    return out


def _flotsam(st: CollisionsState) -> list[Shape]:
    return [
        {
            "kind": "polygon",
            "name": f.ident,
            "points": [[round(x, 4), round(y, 4)] for x, y in f.points],
            "class": f"{NAME}-{f.kind}",
            "title": f"{f.ident} ({'wreckage' if f.kind == 'wreckage' else 'flotsam'}: keeps swimmers afloat)",
        }
        for f in st.flotsam
    ]


def _swimmers(game: Game, st: CollisionsState) -> list[Shape]:
    out: list[Shape] = []
    for s in st.swimmers.values():
        turns = game.turn - s.entered + 1
        state = [w for w in ("wounded" if s.wounded else "", f"in {s.heavy}" if s.heavy else "", f"clinging to {s.clinging}" if s.clinging else "") if w]
        out.append(
            {
                "kind": "base",
                "name": s.figure,
                "at": [round(s.x, 4), round(s.y, 4)],
                "radius": s.radius,
                "seat": s.seat,
                "label": f"{turns}",
                "class": f"{NAME}-swimmer",
                "title": f"{s.figure} in the water, turn {turns}" + (f" ({', '.join(state)})" if state else ""),
            }
        )
    return out


def _ring(game: Game, figure: str, seat: str, cls: str, title: str, label: str | None = None) -> Shape:
    base = host_of(game).base(game, figure)
    sh: Shape = {
        "kind": "base",
        "name": figure,
        "at": point_json(base.centre),
        "radius": round(base.radius + RING, 4),
        "seat": seat,
        "hollow": True,
        "class": f"{NAME}-{cls}",
        "title": title,
    }
    if label:
        sh["label"] = label
    return sh


def _prizes(game: Game, st: CollisionsState) -> list[Shape]:
    h = host_of(game)
    afloat = set(h.vessels(game))
    out: list[Shape] = []
    for vessel, captain in st.prizes.items():
        if vessel not in afloat:
            continue
        seat = h.side(game, vessel)
        held = [p for p in st.prisoners.values() if p.vessel == vessel]
        crew = [f for f in h.figures_on(game, vessel) if h.figure_side(game, f) == seat and f not in st.prisoners]
        out.append(
            {
                "kind": "label",
                "at": point_json(h.hull(game, vessel).centre),
                "text": f"prize of {seat}",
                "class": f"{NAME}-prize",
                "title": f"{vessel}, taken by {seat}: prize captain {captain}, {len(crew)} prize crew, {len(held)} prisoners",
            }
        )
        out += [
            _ring(game, f, seat, "prize-crew", f"{f}, prize {'captain' if f == captain else 'crew'} of {vessel}", "C" if f == captain else None) for f in crew
        ]
    for p in st.prisoners.values():
        if p.vessel in afloat and p.figure in h.figures_on(game, p.vessel):
            out.append(_ring(game, p.figure, p.captor, "prisoner", f"{p.figure}, prisoner of {p.captor} in {p.vessel} ({p.station})", "P"))
    return out


def _boarders(game: Game, st: CollisionsState) -> list[Shape]:
    h = host_of(game)
    out: list[Shape] = []
    afloat = set(h.vessels(game))
    for b in st.boardings:
        if b.target not in afloat:
            continue
        aboard = set(h.figures_on(game, b.target))
        for f, origin in b.boarders.items():
            if f not in aboard:
                continue
            lead = f == b.leader
            came = f"from {origin}" if origin else "from the water"
            title = f"{f}, {'leading ' if lead else ''}{b.seat}'s boarders on {b.target} ({came}, since turn {b.started})"
            out.append(_ring(game, f, b.seat, "boarder", title, "L" if lead else None))
    return out
