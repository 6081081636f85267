"""The battle report: a game's event log told in words, each line with its rule ID.

The same sentences serve the command line's report and, later, the web
table's log.  Rolls are folded into the verdicts they feed, unless asked for.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from grapeshot.core.events import Event


def _pt(p: Any) -> str:
    return f"({p[0]:.1f}, {p[1]:.1f})" if p else "?"


def _pose(p: Any) -> str:
    return f"({p[0]:.1f}, {p[1]:.1f}) heading {p[2]:.0f}°" if p else "?"


def _order(o: Any) -> str:
    side = "" if o["side"] == "none" else f" {o['side']}"
    return f"{o['ship']} card {o['card']}{side} (at the {o['card_at']})"


def describe(e: Event) -> str | None:
    """One event in words, or None for events that only matter to machines."""
    d = e.data
    k = e.kind
    if k == "turn":
        return f"— Turn {e.turn} — sequence: {', '.join(d['order'])}"
    if k == "wind":
        return f"The wind blows towards {d['direction']:.0f}°."
    if k == "orders":
        return "Orders revealed: " + "; ".join(f"{seat}: {', '.join(_order(o) for o in orders)}" for seat, orders in d["orders"].items())
    if k == "move":
        stop = ""
        if d["contact"]:
            stop = f', stopped by {d["contact"]["with"]} ({d["contact"]["kind"]}) after {d["travelled"]:.1f}"'
        return f'{d["ship"]} {d["card_title"]} {"" if d["side"] == "none" else d["side"] + " "}(card at {d["card_at"]}), {d["distance"]:.1f}" beyond the card: {d["travelled"]:.1f}" of {d["planned"]:.1f}" to {_pose(d["end"])}{stop}.'
    if k == "contact":
        return f'{d["ship"]} meets {d["met"]} ({d["what"]}) after {d["at"]:.1f}".'
    if k in ("ram", "crash"):
        mods = "".join(f", {name} {d[name]:+d}" for name in ("heading", "klan", "wind") if d.get(name))
        return f'  {"Ramming speed! " if k == "ram" else ""}{d["ship"]} {"rams" if k == "ram" else "crashes into"} {d["target"]} after {d["moved"]:.1f}": S{d["band"]}{mods} = S{d["strength"]}; it takes S{d["own_strength"]} itself.'
    if k == "evade":
        if not d["able"]:
            return f"  {d['ship']} cannot get out of the way."
        return f"  {d['ship']} tries to evade (Ld {d['ld']}, rolled {d['roll']}): {'slips aside' if d['to'] else 'passes but has no room' if d['passed'] else 'fails'}."
    if k == "aground":
        return f"  {d['ship']} runs aground on {d['on']} at S{d['strength']}."
    if k == "refloat":
        return f"{d['ship']} comes off {d['off']}{', turned to ' + format(d['heading'], '.0f') + '°' if d['turned'] else ''}."
    if k == "drift":
        return f'{d["ship"]} drifts ({d["why"]}) {d["travelled"]:.1f}" towards {d["direction"]:.0f}°.'
    if k == "no-move":
        return f"{d['ship']} does not move: {d['why']}."
    if k == "engine-repeat":
        return f"{d['ship']}'s engine is damaged: it repeats card {d['card']} for {d['distance']:.1f}\"."
    if k == "krak":
        sc = d["scatter"]
        how = "dead on" if sc["hit"] else f'scattering {sc["inches"]}" towards {sc["direction"]:.0f}°'
        where = f"onto {d['target']} ({d['facing']} armour)" if d["target"] else "into the sea"
        return f'{d["ship"]} fires krak from the {d["gun"]} kannon at {_pt(d["aim"])}, {d["range"]:.1f}" away: {how}, landing {where}.'
    if k == "strike":
        save = "" if d["save"] is None else f", save roll {d['save']}"
        return f"  {d['cause']}: S{d['strength']} + {d['roll']} = {d['total']} against armour {d['armour']} ({d['facing']}){save}: {d['verdict']}."
    if k == "hull-point-lost":
        return f"  {d['ship']} loses a hull point ({d['left']} left)."
    if k == "becalmed":
        return f"  {d['ship']} is down to one hull point: becalmed."
    if k == "sunk":
        return f"  {d['ship']} SINKS ({d['cause']}), taking {d['krew_lost']} Orks and {d['gold_lost']} gold down with her."
    if k == "damage":
        extra = f" ({d['gun']} gun)" if "gun" in d else ""
        again = " — already so" if d.get("already") else ""
        return f"  {d['ship']} rolls {d['roll']} on the damage table: {d['result']}{extra}{again}."
    if k == "repair":
        return f"{d['ship']}'s grot riggers try to repair {d['what']}: {d['roll']}, {'fixed' if d['fixed'] else 'no luck'}."
    if k == "grapeshot":
        if d["mode"] == "template":
            hits = ", ".join(f"{h['ship']}'s {h['model']}" for h in d["hits"]) or "nobody"
            return f"{d['ship']} sweeps the decks with grapeshot from the {d['gun']} kannon: {hits} under the template."
        return f"{d['ship']} fires grapeshot from the {d['gun']} kannon at {d['target']}: {d['count']} hits."
    if k == "wound":
        if d.get("killed"):
            return f"  {d['ship']}'s {d['model']} is killed."
        return None
    if k == "hulk":
        return f"  {d['ship']} has fewer than two Orks aboard: a drifting hulk."
    if k == "sluggas":
        what = "return fire" if d["return_fire"] else "fire sluggas"
        return f"{d['ship']}'s krew {what} at {d['target']}: {d['hits']} hits from {d['shots']} shots."
    if k == "torpedo":
        hit = f"strikes {d['hit']} at {_pt(d['at'])}" if d["hit"] else "runs on and sinks harmlessly"
        return f"{d['ship']}'s torpedo {d['torpedo']} {hit}."
    if k == "holds-fire":
        return f"{d['ship']} holds fire: {d['why']}."
    if k == "takeover":
        return f"{d['by']} sends {d['krew_sent']} krew across and takes over {d['hulk']} for {d['seat']}."
    if k == "reroll":
        return f"  {d['seat']} re-rolls a die for {d['purpose']}: now {d['faces']}."
    if k == "victory":
        who = ", ".join(d["winners"]) or "nobody"
        return f"=== {d['objective']}: {who} ({d['detail']}) ==="
    return None


def narrate(events: Iterable[Event], *, rolls: bool = False) -> Iterator[str]:
    """Lines of the report, each ending with the rule ID it applies."""
    for e in events:
        if rolls and e.kind == "roll":
            d = e.data
            line = f"    roll {d['expr']} for {d['purpose']}: {d['faces']} = {d['total']}"
        else:
            text = describe(e)
            if text is None:
                continue
            line = text
        if e.rule:
            line += f"  [{e.rule}]"
        yield line
