"""A player that works its ships and crews sensibly, fast enough for thousands of games.

* Crew: every unit that may work does, but shooters and wizards stay free while the rest make up
  the minimum crew (and a rowed ship's rowers); everyone stands on the upper deck.
* Boats: launched when the ship is within 30" of a dock held by an enemy or of an enemy ship.
* Flyers: charge onto the nearest enemy deck in reach, else stay.
* Moving: each ship picks, from its legal moves, the one whose end pose scores best: nearing the
  nearest enemy ship (to board it when its crew outnumbers the enemy's, to stay at gun range when
  not), bringing its fixed guns to bear on it, declaring a ram where it carries one, keeping off
  rocks, land and the table's edge.
* Boarding: stands and shoots with missiles, else holds; lines up at the rail; charges into the
  fray; moves boarders across when its crew is the larger; cuts loose when its crew is the
  smaller, and shoves off away from the enemy; consolidates.
* Shooting and magic: each shot is scored by what it may do (expected casualties from small arms,
  the enemy models and hulls on a cannon's line, under a template) and the best is taken first.
* Re-rolls granted (a First Mate's, an engineer's) are always taken.
"""

from __future__ import annotations

import math
import random
from typing import cast

from grapeshot.core.actions import Action, Reroll
from grapeshot.core.game import Game
from grapeshot.core.prompts import DicePrompt, Prompt, RerollPrompt
from grapeshot.geometry import (
    Blast,
    Hull,
    Vec,
    angle_diff,
    bearing,
    distance,
    first_contact,
    hull_distance,
    norm_deg,
    point_hull_distance,
    segment_disc_span,
    segment_hull_span,
)
from grapeshot.rulesets.navalwarhammer.actions import (
    Across,
    Cast,
    CrewOrders,
    CutLoose,
    DeckMoves,
    Fly,
    Launch,
    Propel,
    Reactions,
    Shoot,
    ShoveOff,
    Steer,
)
from grapeshot.rulesets.navalwarhammer.courses import course, places
from grapeshot.rulesets.navalwarhammer.data import GUN_ARC, MOUNTS
from grapeshot.rulesets.navalwarhammer.fantasy.artillery import ENGINES
from grapeshot.rulesets.navalwarhammer.fantasy.charts import to_wound
from grapeshot.rulesets.navalwarhammer.prompts import (
    AcrossPrompt,
    CastPrompt,
    ConsolidatePrompt,
    CrewPrompt,
    CutLoosePrompt,
    DeckMovesPrompt,
    FlyPrompt,
    LaunchPrompt,
    PropelPrompt,
    ReactionsPrompt,
    ShootPrompt,
    ShoveOffPrompt,
    SteerPrompt,
)
from grapeshot.rulesets.navalwarhammer.state import Sea, Ship, Troops

#: inches at which a ship that does not want to board likes to keep the enemy (gun range)
STANDOFF = 16.0
#: what a fixed gun bearing on the foe at the end of a move adds to its score
GUN_BEARING = 3.0
#: what running into each kind of thing costs a move's score
HAZARD = {"island": 12.0, "rocks": 12.0, "sandbank": 8.0, "dock": 6.0, "edge": 6.0, "monster": 3.0}


def crew_strength(sea: Sea, ship: Ship) -> float:
    """A rough measure of a crew's fighting power: its models' attacks and wounds."""
    total = 0.0
    for u in sea.crew(ship.name):
        if u.is_machine:
            continue
        total += u.models * (u.profile.a + u.profile.w) * (1.0 + 0.15 * (u.profile.ws + u.profile.s + u.profile.t - 9))
    return total


def nearest_enemy(sea: Sea, ship: Ship) -> Ship | None:
    enemies = [s for s in sea.afloat() if s.commander != ship.commander]
    if not enemies:
        return None
    return min(enemies, key=lambda s: (hull_distance(ship.hull, s.hull), s.name))


class HeuristicPlayer:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, game: Game, seat: str, prompt: Prompt) -> Action:
        if isinstance(prompt, DicePrompt):
            raise ValueError("a heuristic player cannot roll physical dice: a person at the table rolls them")
        if isinstance(prompt, RerollPrompt):
            return Reroll(whole=True) if prompt.whole else Reroll(0)
        sea = cast(Sea, game.state)
        handler = getattr(self, "on_" + type(prompt).__name__, None)
        if handler is not None:
            answer = handler(sea, seat, prompt)
            if answer is not None:
                return cast(Action, answer)
        return prompt.legal(seat).first()

    # ------------------------------------------------------------------ the crew

    def on_CrewPrompt(self, sea: Sea, seat: str, p: CrewPrompt) -> Action:
        ship = sea.ships[p.ship]
        need = ship.minimum_crew + (2 * ship.parts["oars"].wounds_left if "oars" in ship.parts and ship.part_alive("oars") else 0)
        units = [sea.units[n] for n in p.options if "work" in p.options[n]]
        units.sort(key=lambda u: (u.missile is not None or u.wizard > 0, -places(u)))
        working: list[str] = []
        have = 0
        for u in units:
            if have >= need and (u.missile is not None or u.wizard > 0):
                continue
            working.append(u.name)
            have += places(u)
        return CrewOrders(p.ship, tuple(working), ())

    def on_LaunchPrompt(self, sea: Sea, seat: str, p: LaunchPrompt) -> Action:
        ship = sea.ships[p.answers[0].ship] if isinstance(p.answers[0], Launch) else None
        if ship is None or len(p.answers) < 2:
            return p.answers[0]
        docks = [t.shape for t in sea.terrain if t.kind == "dock" and t.shape is not None]
        enemy_docked = any(s.moored is not None and s.commander != seat for s in sea.afloat())
        foe = nearest_enemy(sea, ship)
        near = (foe is not None and hull_distance(ship.hull, foe.hull) <= 30.0) or (
            enemy_docked and any(d.distance_to(ship.hull.centre) <= 30.0 for d in docks)
        )
        if not near:
            return p.answers[0]
        return max(p.answers[1:], key=lambda a: cast(Launch, a).models)

    def on_FlyPrompt(self, sea: Sea, seat: str, p: FlyPrompt) -> Action:
        charges = [a for a in p.answers if isinstance(a, Fly) and a.to is not None and sea.ships[a.to].commander != seat]
        if charges:
            u = sea.units[cast(Fly, p.answers[0]).unit]
            here = u.world(sea, 0)
            return min(charges, key=lambda a: point_hull_distance(here, sea.ships[cast(str, a.to)].hull))
        return p.answers[0]

    # ------------------------------------------------------------------ moving

    def on_PropelPrompt(self, sea: Sea, seat: str, p: PropelPrompt) -> Action:
        options = [cast(Propel, a) for a in p.answers]
        if options[0].mode == "stay":
            return options[1]  # cast off
        ship = sea.ships[options[0].ship]
        engineer = any(u.engineer and u.working for u in sea.crew(ship.name))
        for o in options:
            if o.mode == "steam" and o.throttle == engineer:
                return o
        from grapeshot.rulesets.navalwarhammer.courses import sail_dice

        _, dice = sail_dice(sea, ship)
        best = "sail" if dice >= 1 else "oars"
        return next((o for o in options if o.mode == best), options[0])

    def on_SteerPrompt(self, sea: Sea, seat: str, p: SteerPrompt) -> Action:
        ship = sea.ships[p.ship]
        foe = nearest_enemy(sea, ship)
        board = foe is not None and crew_strength(sea, ship) >= 0.8 * crew_strength(sea, foe)
        best: tuple[float, Steer] | None = None
        from grapeshot.rulesets.navalwarhammer.moving import obstacles_for

        obstacles = obstacles_for(sea, ship)
        guns = [u for u in sea.crew(ship.name) if u.is_machine and u.facing in MOUNTS and u.engine in ENGINES]
        for choice in p.legal(seat).parts[0].options:
            a = cast(Steer, choice.value)
            path = course(ship, a.inches, a.turn, a.at)
            hit = first_contact(path, ship.hull.length, ship.hull.width, obstacles, sea.table)
            end = path.hull_at(a.inches if hit is None else hit.at, ship.hull.length, ship.hull.width)
            score = 0.0
            if hit is not None:
                if hit.kind == "ship":
                    other = sea.ships[hit.ident]
                    if other.commander == ship.commander:
                        score -= 4.0
                    else:
                        score += 10.0 if board else -8.0
                        if a.ram:
                            score += ram_value(ship, other, hit.at)
                else:
                    score -= HAZARD.get(hit.kind, 4.0)
            elif a.ram:
                score -= 1.0
            if foe is not None:
                d = hull_distance(end, foe.hull)
                score -= d / 4.0 if board else abs(d - STANDOFF) / 6.0
                off = math.radians(end.heading - math.degrees(math.atan2(foe.hull.y - end.y, foe.hull.x - end.x)))
                score += 1.5 * math.cos(off) if board else 1.0 * abs(math.sin(off))
                score += sum(GUN_BEARING * bearing_value(end, g, foe) for g in guns)
            edge = min(end.x, end.y, sea.table.width - end.x, sea.table.height - end.y)
            if edge < 6.0:
                score -= (6.0 - edge) / 2.0
            score += self.rng.random() * 0.01
            if best is None or score > best[0]:
                best = (score, a)
        assert best is not None
        return best[1]

    # ------------------------------------------------------------------ boarding

    def on_ReactionsPrompt(self, sea: Sea, seat: str, p: ReactionsPrompt) -> Action:
        picks = []
        for unit, opts in p.options.items():
            picks.append((unit, "stand-and-shoot" if "stand-and-shoot" in opts else "prepare-to-rail"))
        return Reactions(p.ship, tuple(picks))

    def on_DeckMovesPrompt(self, sea: Sea, seat: str, p: DeckMovesPrompt) -> Action:
        ship = sea.ships[p.ship]
        mine = sea.ships.get(next((sea.units[u].home for u in p.options), p.ship))
        foes = [sea.ships[o] for o in ship.grappled if o in sea.ships and sea.ships[o].commander != seat]
        strong = mine is not None and all(crew_strength(sea, mine) >= crew_strength(sea, f) for f in foes)
        picks = []
        for unit, opts in p.options.items():
            u = sea.units[unit]
            if "prize" in opts:
                picks.append((unit, "prize"))
            elif "charge" in opts and (strong or u.missile is None):
                picks.append((unit, "charge"))
            elif "home" in opts and not strong:
                picks.append((unit, "home"))
            elif "rail" in opts:
                picks.append((unit, "rail"))
            else:
                picks.append((unit, "stay"))
        return DeckMoves(p.ship, tuple(picks))

    def on_AcrossPrompt(self, sea: Sea, seat: str, p: AcrossPrompt) -> Action:
        u = sea.units[cast(Across, p.answers[0]).unit]
        home = sea.ships.get(u.home)
        foes = [sea.ships[o] for o in home.grappled] if home is not None else []
        if home is not None and foes and crew_strength(sea, home) >= max(crew_strength(sea, f) for f in foes):
            return p.answers[-1]
        return p.answers[0]

    def on_CutLoosePrompt(self, sea: Sea, seat: str, p: CutLoosePrompt) -> Action:
        ship = sea.ships[cast(CutLoose, p.answers[0]).ship]
        foes = [sea.ships[o] for o in ship.grappled if sea.ships[o].commander != seat]
        if not foes:
            return p.answers[1]
        weaker = crew_strength(sea, ship) < max(crew_strength(sea, f) for f in foes)
        return p.answers[1] if weaker else p.answers[0]

    def on_ShoveOffPrompt(self, sea: Sea, seat: str, p: ShoveOffPrompt) -> Action:
        ship = sea.ships[p.ship]
        foe = nearest_enemy(sea, ship)
        if foe is None:
            return ShoveOff(p.ship, 0.0, 0.0)
        # norm_deg: a plain % 360 of a hair below zero gives 360, which the prompt refuses
        away = norm_deg(math.degrees(math.atan2(ship.hull.y - foe.hull.y, ship.hull.x - foe.hull.x)))
        return ShoveOff(p.ship, away, p.most)

    def on_ConsolidatePrompt(self, sea: Sea, seat: str, p: ConsolidatePrompt) -> Action:
        return p.answers[1]

    # ------------------------------------------------------------------ shooting and magic

    def on_ShootPrompt(self, sea: Sea, seat: str, p: ShootPrompt) -> Action:
        best: tuple[float, Action] | None = None
        for choice in p.legal(seat).parts[0].options:
            a = cast(Shoot, choice.value)
            if a.shooter is None:
                continue
            value = shot_value(sea, seat, a)
            if value > 0 and (best is None or value > best[0]):
                best = (value, a)
        return Shoot() if best is None else best[1]

    def on_CastPrompt(self, sea: Sea, seat: str, p: CastPrompt) -> Action:
        casts = [cast(Cast, a) for a in p.answers[1:]]
        if not casts:
            return p.answers[0]
        return max(casts, key=lambda c: (sea.units[c.target].models if c.target in sea.units else 0.5, c.target))


def bearing_value(end: Hull, gun: Troops, foe: Ship) -> float:
    """How well a fixed gun would bear on the foe's centre from the ship's end pose (NW-CANNON-2:
    it shoots in a 45 degree arc about its mount): 1 dead on its line, a half at 45 degrees off
    it, nothing further off or out of the gun's range (a pull towards the arc, not only into it)."""
    facing = end.heading + MOUNTS[str(gun.facing)]
    off = abs(angle_diff(bearing(end.centre, foe.hull.centre), facing))
    if off > GUN_ARC or distance(end.centre, foe.hull.centre) > ENGINES[gun.engine].max_range:  # type: ignore[index]
        return 0.0
    return math.cos(math.radians(off)) ** 2


def ram_value(ship: Ship, target: Ship, moved: float) -> float:
    """What declaring a ram is worth: the structure it may take off the target's hull (rams with a
    ram strike twice as often), nothing where the blow cannot wound that hull."""
    from grapeshot.rulesets.navalwarhammer.data import RAM_BASE_STRENGTH, RAM_INCHES_PER_STRENGTH

    strength = min(10, RAM_BASE_STRENGTH + ship.rank + int(moved // RAM_INCHES_PER_STRENGTH))
    need = to_wound(strength, target.parts["hull"].profile.t)
    if need is None:
        return -3.0
    hits = 7.0 if ship.upgrades.get("ram") else 3.5
    return hits * (7 - need) / 6.0 * 2.0 - (0.0 if ship.upgrades.get("ram") else 1.0)


def shot_value(sea: Sea, seat: str, a: Shoot) -> float:
    """What a shot may do, roughly: expected enemy models slain (a hull's structure counts 2 a point)."""
    u = sea.units[cast(str, a.shooter)]
    ship = sea.ships.get(a.ship)
    if u.is_machine and a.x is not None and a.y is not None:
        origin = u.world(sea, 0)
        aim = Vec(a.x, a.y)
        if u.engine == "stone thrower":
            blast = Blast(aim.x, aim.y, 2.5)
            if ship is None or not ship.hull.contains(aim):
                return 0.1
            under = sum(1 for v in sea.alive() if v.seat != seat for f in v.figs if distance(sea.where(f), blast.centre) <= 2.5 + v.radius)
            return 1.0 + under * 0.5
        d = distance(origin, aim) or 1.0
        far = Vec(origin.x + (aim.x - origin.x) / d * (d + 12.0), origin.y + (aim.y - origin.y) / d * (d + 12.0))
        start = Vec(origin.x + (aim.x - origin.x) / d * (d + 2.0), origin.y + (aim.y - origin.y) / d * (d + 2.0))
        value = 0.0
        for v in sea.alive():
            if v.seat == seat:
                continue
            for f in v.figs:
                if f.level in ("deck", "aloft", "water") and segment_disc_span(start, far, sea.where(f), v.radius) is not None:
                    value += 0.6
        if ship is not None and segment_hull_span(start, far, ship.hull) is not None:
            value += 1.0
        if a.target:
            value += 0.5
        return value
    if u.missile is None or ship is None:
        return 0.0
    if a.target in ship.parts:
        part = ship.parts[a.target]
        need = to_wound(u.missile.strength, part.profile.t)
        return 0.0 if need is None else 0.05 * u.models * (7 - need) / 6.0
    foe = sea.units.get(a.target)
    if foe is None:
        return 0.0
    need = to_wound(u.missile.strength, foe.profile.t) or 7
    return u.models * u.missile.shots * 0.4 * max(0.0, (7 - need) / 6.0) * (1.0 if foe.profile.sv is None else (foe.profile.sv - 1) / 6.0) + 0.01
