"""The collisions module's words: a sentence for each of its event kinds (the battle report and
the web log), and readable labels for its values."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from grapeshot.core.events import Event
from grapeshot.core.phrases import Phrases
from grapeshot.rulesets.collisions.state import NAME


def _names(xs: Any) -> str:
    names = [str(x) for x in xs]
    if not names:
        return "nobody"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


#: a hull's facings as a seaman names the water off them
_OFF = {"front": "off its bow", "rear": "off its stern", "port": "off its port side", "starboard": "off its starboard side"}
#: the three ways a conforming ship may lie, in words
_LIES = {"parallel": "parallel", "T": "in a T", "V": "in a V"}


def _lies(d: Mapping[str, Any]) -> str:
    """How a placed ship lies against the other, and how far off: the geometry of the placing."""
    return f'{_LIES.get(d["formation"], d["formation"])} {_OFF.get(d["facing"], d["facing"])}, {d["gap"]:g}" hull to hull'


def _sideswipe(d: Mapping[str, Any]) -> str:
    how = f"{d['conforming']} conforms to {d['larger']}" + (" after a roll-off" if d["roll_off"] else " (the smaller)")
    if not d["placed"]:
        return f"{d['mover']} {d['contact']}s {d['other']}: {how}, but there is no room to place it, so both stay where they are."
    return f"{d['mover']} {d['contact']}s {d['other']}: {how} and lies point blank, {_lies(d)}."


def _stand_off(d: Mapping[str, Any]) -> str:
    if not d["placed"]:
        return f'{d["vessel"]} cannot stand off from {d["target"]} (no room), and stays {d["gap"]:g}" away.'
    return f'{d["vessel"]} stands off from {d["target"]}, slid back along the line between them to {d["gap"]:g}" apart.'


def _board(d: Mapping[str, Any]) -> str:
    placed = list(d["placed"])
    if not placed:
        return f"{d['seat']} tries to board {d['target']}, but there is no room on its deck: nobody crosses."
    lead = f", {d['leader']} leading" if d.get("leader") in placed[:1] else ""
    deck = "its deck as a plain template of the hull" if d.get("template") else "its deck"
    where = f"placed one at a time on {deck}, each at the free spot nearest where he came from"
    left = f"; {_names(d['left_behind'])} find no room" if d["left_behind"] else ""
    return f"{d['seat']} boards {d['target']}: {_names(placed)} cross{lead}, {where}{left}."


def _ram(d: Mapping[str, Any]) -> str:
    if d["sunk"]:
        return f"{d['rammer']} runs down the {d['target_class']} {d['target']}, which sinks."
    extra = f" and {d['ram_damage']} from its ram" if d["ram"] else ""
    return (
        f"{d['rammer']} rams {d['target']}: {d['to_target']} damage to {d['target']} ({d['chart_to_target']} from the chart, "
        f"{d['momentum']} momentum{extra}), {d['to_rammer']} to {d['rammer']}; they are entangled."
    )


def _grapple(d: Mapping[str, Any]) -> str:
    what = "the grapnels hold" if d["held"] else "they fail"
    return f"{d['vessel']} throws grapnels at {d['target']} with {len(d['grapplers'])} men: {d['roll']}{d['bonus']:+d} = {d['total']}, {what}."


def _melee(d: Mapping[str, Any]) -> str:
    won = {"attackers": "the boarders win the round", "defenders": "the defenders win the round"}.get(str(d["winner"]), "neither side wins the round")
    return f"Mêlée aboard {d['target']}: {len(d['attackers'])} boarders against {len(d['defenders'])} defenders, {won}."


def _mishap(d: Mapping[str, Any]) -> str:
    if d["result"] == "aboard":
        return f"{d['figure']} gets a hold on {d['target']} ({d['roll']})."
    if d["result"] == "in-the-water":
        return f"{d['figure']} falls in the water beside {d['target']} ({d['roll']})."
    return f"{d['figure']} slips towards Davy Jones's locker ({d['roll']})" + (", but comes up wounded." if d["saved"] else " and is lost.")


_SENTENCES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "alongside": lambda d: f"{d['vessel']} comes alongside {d['other']}.",
    "sideswipe": _sideswipe,
    "knock-on": lambda d: f"Knock-on: {d['struck_by']} strikes {d['vessel']}, which conforms to it and lies {_lies(d)}.",
    "oars": lambda d: f"{d['vessel']}'s oars are caught: {d['damage']} damage" + (f", {d['rowers_lost']} rowers out of action." if d["double"] else "."),
    "ram": _ram,
    "together": lambda d: (
        f"{d['conforming']} is hauled in against {d['larger']}, {_lies(d)}." if d["placed"] else f"{d['conforming']} and {d['larger']} lie where they are."
    ),
    "grapple": _grapple,
    "stand-off": _stand_off,
    "momentum-spent": lambda d: f"Grappled, {_names(d['vessels'])} lose their way.",
    "initiative": lambda d: (
        f"{d['vessel']} used {d['used']} of {d['allowance']} MA: " + ("it may board at once." if d["at_once"] else "it must wait for the initiative to board.")
    ),
    "board": _board,
    "melee": _melee,
    "retreat": lambda d: (
        f"The beaten boarders fall back from {d['target']}: {_names(d['back'])} regain their ship"
        + (f", {_names(d['stuck'])} are cut off." if d["stuck"] else ".")
    ),
    "strike": lambda d: f"{d['vessel']} strikes her colours.",
    "capture": lambda d: (
        f"{d['vessel']} is taken by {d['seat']}: {d['prize_captain']} is prize captain of {len(d['prize_crew'])}, {len(d['prisoners'])} taken prisoner."
    ),
    "boarding-over": lambda d: f"The boarding of {d['target']} by {d['seat']} is over: {d['why']}.",
    "cut-loose": lambda d: f"{d['vessel']} " + ("cuts loose from" if d["done"] else "fails to cut loose from") + f" {d['other']}.",
    "swarm": lambda d: f"{d['seat']}'s men swarm up the side of {d['target']}" + (" (outnumbered: every man must get a hold)." if d["mishaps"] else "."),
    "mishap": _mishap,
    "cunning-plan": lambda d: (
        f"{d['seat']} tries a Cunning Plan on {d['target']}" + (f", but {d['beggar']}'s Suspicious Beggar sees through it." if d["thwarted"] else ": it works.")
    ),
    "freed": lambda d: f"{_names(d['figures'])} are freed from below decks of {d['vessel']} and join the prize crew.",
    "turncoat": lambda d: f"{d['figure']} " + ("turns his coat and joins" if d["turned"] else "stays loyal, a prisoner of") + f" {d['seat']}.",
    "sinking": lambda d: f"{d['vessel']} goes down with {len(d['aboard'])} aboard.",
    "wreckage": lambda d: f"Wreckage floats where she went down ({d['ident']}).",
    "sink-or-swim": lambda d: f"{d['figure']} " + ("goes down with her." if d["drowned"] else "comes up swimming."),
    "heavy": lambda d: f"{d['figure']}, in {d['heavy']}, sinks like a stone.",
    "drowned": lambda d: f"{d['figure']} finds no open water and drowns.",
    "in-water": lambda d: f"{d['figure']} is in the water" + (f", clinging to {d['clinging']}." if d["clinging"] else "."),
    "pushed-aside": lambda d: f"{d['figure']} is pushed aside in the water.",
    "afloat": lambda d: f"{d['figure']} " + ("sinks" if d["sank"] else "stays afloat") + f" after {d['turns']} turns in the water ({d['roll']}).",
    "swim": lambda d: f"{d['figure']} swims for {d['toward']}" + (" and reaches it." if d["reached"] else "."),
    "aboard": lambda d: f"{d['figure']} is hauled aboard {d['vessel']}" + (" as a prisoner." if d["prisoner"] else "."),
    "swimmer-shot": lambda d: f"{d['shooter']} fires a {d['weapon']} at {d['target']} in the water (light cover): {d['result']}.",
}


def _sentence(event: Event) -> str | None:
    return _SENTENCES[event.kind.split(".", 1)[1]](event.data)


#: the module's phrasebook (``core.capabilities.Phrasebook``)
WORDS = Phrases(frozenset(f"{NAME}.{k}" for k in _SENTENCES), _sentence)
