"""Figures: a move within its inches and only in the figures phase (WS-FIG-3), a swimmer's 4"
(WS-FIG-5), one attack or action a turn and only after moving (WS-FIG-3), the dead never acting
(WS-FIG-1), wounds taken off the life left (WS-FIG-2), sharks on a 1 (WS-FIG-5).
"""

from __future__ import annotations

from itertools import pairwise

from grapeshot.core.audit import Record, distance
from grapeshot.rulesets.woodenships.audit.ledger import Ledger, on
from grapeshot.rulesets.woodenships.audit.text import FIGURE_MOVE, LIFE, SHARK_FACE, SWIM

#: positions and inches are logged to 4 decimals
NEAR = 2e-3

#: the kinds that are a figure's one attack or action of the turn (WS-FIG-3)
ACTIONS = (
    "shot",
    "gun-fire",
    "gun-turn",
    "gun-load",
    "reload",
    "cut",
    "grapple",
    "boarding",
    "hurl",
    "lightning",
    "climb",
    "strike",
    "harry",
    "repel",
    "repel-ship",
)
#: actions that come before the move they make (a boarding party's crossing); scaling a wall
#: (WS-FORT-2) is part of a move, no action
BEFORE_MOVE = ("boarding",)


def path_length(path: object) -> float:
    if not isinstance(path, list) or len(path) < 2:
        return 0.0
    return sum(distance(a, b) for a, b in pairwise(path))


@on("setup")
def setup(led: Ledger, r: Record) -> None:
    """WS-FIG-1, WS-FIG-2: a man has one life point, heroes (captains, commanders, shamans) three."""
    state = r.get("state") or {}
    for f in state.get("figures") or []:
        if not isinstance(f, dict) or not isinstance(f.get("name"), str):
            continue
        kind, life = str(f.get("kind")), f.get("life")
        led.kinds[f["name"]] = kind
        if kind in LIFE and isinstance(life, int):
            led.expect(
                "WS-FIG-1" if kind == "man" else "WS-FIG-2", r, life == LIFE[kind], f"{f['name']} ({kind}) starts with {life} life points, not {LIFE[kind]}"
            )
            led.life[f["name"]] = life


@on("move")
def figure_move(led: Ledger, r: Record) -> None:
    who = str(r.get("figure"))
    if led.kinds.get(who, "man") not in LIFE:
        return  # an animal: its own reach (WS-ANIMAL-*)
    led.expect("WS-FIG-3", r, r.get("phase") == "figures", f"{who} moves in the {r.get('phase')} phase")
    inches = r.get("inches")
    if isinstance(inches, (int, float)):
        led.expect("WS-FIG-3", r, float(inches) <= FIGURE_MOVE + NEAR, f'{who} moves {inches}", more than {FIGURE_MOVE:g}"')
        led.expect("WS-FIG-3", r, path_length(r.get("path")) <= float(inches) + NEAR, f"{who}'s path is longer than the {inches}\" it is charged")
    if r.get("on") == "water" and r.get("was_on") == "water" and r.get("crossing") is None:
        swum = path_length(r.get("path"))
        led.expect("WS-FIG-5", r, swum <= SWIM + NEAR, f'{who} swims {swum:.4f}", more than {SWIM:g}"')
    led.expect("WS-FIG-3", r, led.moved[who] == 0, f"{who} moves a second time this turn")
    led.moved[who] += 1


def action(led: Ledger, r: Record) -> None:
    """WS-FIG-3: one attack or action after moving; the strikes of one hand-to-hand are one attack."""
    who = r.get("figure")
    if not isinstance(who, str):
        return
    kind = str(r.get("kind"))
    done = led.acted[who]
    if kind not in BEFORE_MOVE and led.kinds.get(who, "man") in LIFE:  # animals strike by their own rules
        led.expect("WS-FIG-3", r, led.moved[who] > 0 or who in led.stood, f"{who} acts ({kind}) before it has moved this turn")
    others = [(k, s) for k, s in done if not (k == kind == "strike")]
    if others:
        k, s = others[0]
        led.flag("WS-FIG-3", r, f"{who} acts ({kind}) after its {k} (record {s}) this turn")
    done.append((kind, int(r.get("seq", -1))))


for _kind in ACTIONS:
    on(_kind)(action)


def acting(led: Ledger, r: Record) -> None:
    """WS-FIG-1: the dead do nothing (no move, no action, nothing picked up)."""
    who = r.get("figure")
    if isinstance(who, str) and who in led.dead:
        led.flag("WS-FIG-1", r, f"{who} is dead (record {led.dead[who]})")


for _kind in (*ACTIONS, "move", "pick-up", "scale"):
    on(_kind)(acting)


#: the records that leave every figure where it was (besides the actions, which move no one)
STILL = ("roll", "reroll", "phase", "side-turn", "figures-done", "sharks", "initiative", "wound", "steer", "move", "scale")


def track(led: Ledger, r: Record, kind: str) -> None:
    """Where each figure stands while the records say so: a move puts it there; a ruler move of
    the ship it stands on, a module's record, a shove or a ram (anything else that could carry a
    figure) and any other record naming it loses it; any other record of a ship loses those aboard."""
    if kind == "move":
        to = r.get("to")
        if isinstance(r.get("figure"), str) and isinstance(to, list) and len(to) == 2:
            led.at[r["figure"]] = ([float(to[0]), float(to[1])], str(r.get("of")))
    elif kind == "steer":
        for who, (_, of) in list(led.at.items()):
            if of == r.get("ship"):
                del led.at[who]
    elif "." in kind or kind in ("repel", "shoved", "ram", "dislodge", "stuck", "sunk", "dragged-down"):
        led.at.clear()
    elif (kind == "repel-ship" or (kind not in STILL and kind not in ACTIONS)) and isinstance(r.get("ship"), str):
        # any other record of a ship may have carried it: a push without a turn (a spell,
        # WS-MAGIC-1, logs its centre's from and to) carries those aboard as far; after anything
        # else, who stands aboard is no longer known
        a, b = r.get("frm"), r.get("to")
        shift = [float(b[0]) - float(a[0]), float(b[1]) - float(a[1])] if isinstance(a, list) and isinstance(b, list) and len(a) == len(b) == 2 else None
        for who, (p, of) in list(led.at.items()):
            if of == r["ship"] and shift is not None:
                led.at[who] = ([p[0] + shift[0], p[1] + shift[1]], of)
            elif of == r["ship"]:
                del led.at[who]
        if kind not in ACTIONS and isinstance(r.get("figure"), str):
            led.at.pop(r["figure"], None)
    elif ((kind not in STILL and kind not in ACTIONS and kind != "pick-up") or kind == "climb") and isinstance(r.get("figure"), str):
        led.at.pop(r["figure"], None)


@on("figures-done")
def idle(led: Ledger, r: Record) -> None:
    """The figures that stood through the figures phase have had their (nil) move."""
    for who in r.get("idle") or []:
        if isinstance(who, str):
            led.stood.add(who)


@on("wound")
def wound(led: Ledger, r: Record) -> None:
    who = str(r.get("figure"))
    was, damage, life = r.get("was"), r.get("damage"), r.get("life")
    if not all(isinstance(v, int) for v in (was, damage, life)):
        return
    assert isinstance(was, int) and isinstance(damage, int) and isinstance(life, int)
    led.expect("WS-FIG-2", r, life == max(0, was - damage), f"{who} had {was} life points and took {damage}, but has {life}")
    if who in led.life:
        led.expect("WS-FIG-2", r, was == led.life[who], f"{who} had {led.life[who]} life points left, not {was}")
    led.life[who] = life


@on("killed")
def killed(led: Ledger, r: Record) -> None:
    who = str(r.get("figure"))
    led.expect("WS-FIG-1", r, who not in led.dead, f"{who} was already dead (record {led.dead.get(who)})")
    led.dead.setdefault(who, int(r.get("seq", -1)))


@on("sharks")
def sharks(led: Ledger, r: Record) -> None:
    roll = r.get("roll")
    if isinstance(roll, int):
        led.expect(
            "WS-FIG-5", r, bool(r.get("eaten")) == (roll == SHARK_FACE), f"a roll of {roll} for sharks was judged {'eaten' if r.get('eaten') else 'spared'}"
        )
