"""Boarding (``collisions.board``, CG-BOARD-1..3, CG-BOARD-5).

**When** (CG-BOARD-1).  A ship that grappled (or rammed, which entangles) having used less than
half of its MA may board at once; otherwise its seat waits for the host's boarding step, where
the seats act in the host's initiative order, each once a turn for each ship it is grappled
with: board, cut loose (the host's own rule), or wait.  So a boardee with the initiative may cut
loose or board first.  A ship that used exactly half waits (only less than half boards at once).

**Who.**  The boarding party is chosen by its size; it is made of figures aboard the ship (on
deck or aloft, not below) who are spare or grappled this turn, officers first, so the party is
led by an officer when it has one (its leader, the prize captain if the ship is taken).

**Placing** (CG-BOARD-2).  Boarders are placed one at a time, leader first, each at the free
spot of the target's deck nearest the side they come from (``geometry.place_bases``), among the
figures already there: as many as there is room for; with none placed there is no boarding.  No
path is needed, the one-inch rule does not apply and range is elastic: any free spot of the deck
will do.  Option ``boarding_deck: template`` plays on a simplified template, the hull's outline
free of the deck's fittings (the defenders keep their places, which are on it already).

**The mêlée** (CG-BOARD-3).  Each turn a boarding action fights one round of the host's mêlée
between the boarders aboard and the target's crew on deck (those below decks or aloft take no
part).  Boarders who lose retreat to the vessel they came from, if it is afloat, grappled with
or within 2" of the target, and has room; the rest stay and fight on (boarders from the water
jump back in).  Defenders who lose may strike their colours.  The action goes on until no
boarders are left aboard (repelled) or the ship is taken: no defenders on deck, or struck.

**From boats and the water** (CG-BOARD-5).  Boats, canoes and swimmers board without grappling
as soon as they touch an enemy vessel.  If the party is smaller than the target's whole crew
(everyone aboard of its side, sailors, rowers and gunners), every boarder rolls on the mishap
table: 1 Davy Jones's locker (a D6 save, 5-6: in the water, wounded), 2 in the water, 3-6
aboard.  A Cunning Plan (option ``cunning_plan``: the seats holding one, one card each time a
seat is named) lets the whole party board without mishap, unless the target's side holds a
Suspicious Beggar (option ``suspicious_beggar``), who thwarts it; both cards are spent.
"""

from __future__ import annotations

from collections.abc import Sequence

from grapeshot.core.game import Game
from grapeshot.dice import D6, RollRequest
from grapeshot.geometry import Base, Hull, Surface, Vec, hull_distance
from grapeshot.rulesets.collisions.placement import GRAPPLE_REACH
from grapeshot.rulesets.collisions.prizes import capture
from grapeshot.rulesets.collisions.prompts import Board, BoardPrompt, PlanPrompt, PlayPlan, Strike, StrikePrompt
from grapeshot.rulesets.collisions.protocol import SHIPS, Proc
from grapeshot.rulesets.collisions.state import WATER, Boarding, afloat, crew_of, emit, host_of, lose, option, point_json, room_aboard, state_of
from grapeshot.rulesets.collisions.water import REACH, into_water

#: a boat this near a vessel lies alongside it (the host's sweeps stop a hair short)
ALONGSIDE = REACH


def board_at_once(game: Game, vessel: str, target: str, used: int) -> Proc[None]:
    """CG-BOARD-1: a ship that grappled having used less than half its MA may board now."""
    h = host_of(game)
    allowance = h.allowance(game, vessel)
    at_once = used * 2 < allowance
    emit(game, "initiative", "CG-BOARD-1", vessel=vessel, target=target, used=used, allowance=allowance, at_once=at_once)
    if at_once and afloat(game, vessel) and afloat(game, target):
        yield from offer(game, vessel, target, immediate=True, may_cut=False)


def eligible(game: Game, vessel: str) -> list[str]:
    """Who may join a boarding party from ``vessel``: its own side's figures aboard, on deck or
    aloft, spare or grappled this turn, not held prisoner; officers first."""
    h, st = host_of(game), state_of(game)
    seat = h.side(game, vessel)
    spare = set(h.spare_crew(game, vessel))
    out = [
        f
        for f in h.figures_on(game, vessel)
        if h.figure_side(game, f) == seat
        and f not in st.prisoners
        and h.station(game, f) is not Surface.BELOW
        and (f in spare or st.grapplers.get(f) == game.turn)
        and st.boarder(f) is None
    ]
    return sorted(out, key=lambda f: not h.officer(game, f))


def offer(game: Game, vessel: str, target: str, *, immediate: bool, may_cut: bool) -> Proc[None]:
    """Ask ``vessel``'s seat whether to board ``target`` (or cut loose, at the boarding step)."""
    h = host_of(game)
    party = eligible(game, vessel)
    enemies = h.side(game, vessel) != h.side(game, target)
    if not enemies:
        party = []
    if not party and not may_cut:
        return
    seat = h.side(game, vessel)
    text = f"{vessel} may board {target}" + (" at once" if immediate else "")
    answer = yield BoardPrompt((seat,), "CG-BOARD-1", text, (Board,), vessel, target, len(party), may_cut, immediate)
    assert isinstance(answer, Board)
    if answer.cut:
        yield from cut_loose(game, vessel, target)
    elif answer.party:
        if h.size_class(game, vessel) in SHIPS:
            yield from go_aboard(game, seat, [(f, vessel) for f in party[: answer.party]], target)
        else:
            yield from swarm(game, seat, [(f, vessel) for f in party[: answer.party]], target)


def cut_loose(game: Game, vessel: str, other: str) -> Proc[None]:
    """The host's rule for casting off; if it works the grapple ends and boarders aboard either
    ship go back to their own where there is room (those who cannot are left to fight on)."""
    h, st = host_of(game), state_of(game)
    done = yield from h.cut_loose(game, vessel, other)
    emit(game, "cut-loose", "CG-BOARD-1", vessel=vessel, other=other, done=done)
    if done:
        st.grapples = [g for g in st.grapples if not (g.holds(vessel) and g.holds(other))]
        for b in list(st.boardings):
            if b.target in (vessel, other) and any(o in (vessel, other) for o in b.boarders.values()):
                retreat(game, b, why="cut loose")


def near_point(hull: Hull, p: Vec) -> Vec:
    """The point of a hull's outline (or inside it) nearest ``p``."""
    u, v = hull.local(p)
    return hull.world(max(-hull.hl, min(hull.hl, u)), max(-hull.hw, min(hull.hw, v)))


def origin_point(game: Game, origin: str, figure: str) -> Vec:
    st = state_of(game)
    if origin == WATER and figure in st.swimmers:
        return st.swimmers[figure].base.centre
    return host_of(game).hull(game, origin).centre


def go_aboard(game: Game, seat: str, party: Sequence[tuple[str, str]], target: str) -> Proc[list[str]]:
    """CG-BOARD-2: place the party on the target's deck, leader first, as room allows; then the
    action's round of mêlée if none was fought there this turn.  The figures placed."""
    h, st = host_of(game), state_of(game)
    if not party:
        return []
    template = option(game, "boarding_deck") == "template"
    near = near_point(h.hull(game, target), origin_point(game, party[0][1], party[0][0]))
    bases: list[Base] = [st.swimmers[f].base if o == WATER and f in st.swimmers else h.base(game, f) for f, o in party]
    placed = room_aboard(game, bases, target, near, template=template)
    origins = dict(party)
    for b in placed:
        st.swimmers.pop(b.ident, None)
        h.put_aboard(game, b.ident, target, b.centre, Surface.DECK)
        h.engage(game, b.ident, "board")
    names = [b.ident for b in placed]
    action = st.boarding(seat, target)
    emit(
        game,
        "board",
        "CG-BOARD-2",
        seat=seat,
        target=target,
        party=[f for f, _ in party],
        placed=names,
        at=[point_json(b.centre) for b in placed],
        left_behind=[f for f, _ in party if f not in names],
        leader=names[0] if names and action is None else (action.leader if action else None),
        template=template,
    )
    if not names:
        return []
    if action is None:
        action = Boarding(seat, target, names[0], {}, game.turn)
        st.boardings.append(action)
    action.boarders.update({f: origins[f] for f in names})
    if action.last_round < game.turn:
        yield from fight(game, action)
    return names


def defenders_of(game: Game, target: str) -> list[str]:
    h = host_of(game)
    return [f for f in crew_of(game, target) if h.station(game, f) is Surface.DECK]


def fight(game: Game, action: Boarding) -> Proc[None]:
    """CG-BOARD-3: one round of the host's mêlée, then retreat, striking or capture."""
    h = host_of(game)
    action.last_round = game.turn
    target = action.target
    aboard = set(h.figures_on(game, target))
    attackers = [f for f in action.boarders if f in aboard]
    defenders = defenders_of(game, target)
    if attackers and not defenders:
        capture(game, action, struck=False)
        return
    if not attackers:
        end(game, action, "repelled")
        return
    winner = yield from h.melee(game, target, attackers, defenders)
    aboard = set(h.figures_on(game, target)) if afloat(game, target) else set()
    action.boarders = {f: o for f, o in action.boarders.items() if f in aboard}
    left = defenders_of(game, target) if afloat(game, target) else []
    emit(
        game,
        "melee",
        "CG-BOARD-3",
        target=target,
        seat=action.seat,
        attackers=attackers,
        defenders=defenders,
        winner=winner,
        boarders_left=sorted(action.boarders),
        defenders_left=left,
    )
    if not afloat(game, target):
        return
    if winner == "defenders":
        retreat(game, action, why="beaten")
    if not action.boarders:
        end(game, action, "repelled")
        return
    if not left:
        capture(game, action, struck=False)
        return
    if winner == "attackers":
        seat = h.side(game, target)
        answer = yield StrikePrompt((seat,), "CG-BOARD-3", f"{target} lost the round: strike the colours?", (Strike,), target)
        assert isinstance(answer, Strike)
        if answer.strike:
            emit(game, "strike", "CG-BOARD-3", vessel=target, seat=seat)
            capture(game, action, struck=True)


def end(game: Game, action: Boarding, why: str) -> None:
    st = state_of(game)
    if action in st.boardings:
        st.boardings.remove(action)
    emit(game, "boarding-over", "CG-BOARD-3", seat=action.seat, target=action.target, why=why)


def retreat(game: Game, action: Boarding, *, why: str) -> None:
    """Beaten boarders go back to the vessel they came from, if they can (CG-BOARD-3)."""
    h, st = host_of(game), state_of(game)
    back: list[str] = []
    stuck: list[str] = []
    swum: list[str] = []
    # only those still aboard the target retreat: a boarder knocked overboard or killed since the
    # last round is no longer one (casting off can come between rounds)
    aboard = set(h.figures_on(game, action.target)) if afloat(game, action.target) else set()
    action.boarders = {f: o for f, o in action.boarders.items() if f in aboard}
    for f, origin in list(action.boarders.items()):
        if origin == WATER:
            if (
                into_water(
                    game,
                    f,
                    h.base(game, f).centre,
                    h.base(game, f).radius,
                    wounded=h.wounded(game, f),
                    heavy=h.encumbrance(game, f),
                    rule="CG-BOARD-3",
                    exclude=(),
                )
                is not None
            ):
                swum.append(f)
            del action.boarders[f]
            continue
        if not afloat(game, origin) or (
            st.grapple_of(origin, action.target) is None and hull_distance(h.hull(game, origin), h.hull(game, action.target)) > GRAPPLE_REACH + 1e-6
        ):
            stuck.append(f)
            continue
        placed = room_aboard(game, [h.base(game, f)], origin, near_point(h.hull(game, origin), h.hull(game, action.target).centre))
        if not placed:
            stuck.append(f)
            continue
        h.put_aboard(game, f, origin, placed[0].centre, Surface.DECK)
        del action.boarders[f]
        back.append(f)
    emit(game, "retreat", "CG-BOARD-3", seat=action.seat, target=action.target, why=why, back=back, swum=swum, stuck=stuck)


# --------------------------------------------------------------------------- boats, canoes and swimmers


def alongside(game: Game, boat: str, target: str) -> bool:
    h = host_of(game)
    return hull_distance(h.hull(game, boat), h.hull(game, target)) <= ALONGSIDE


def swarm_from_boat(game: Game, boat: str, target: str) -> Proc[None]:
    """A boat or canoe alongside an enemy vessel: its crew may swarm aboard (CG-BOARD-5)."""
    yield from offer(game, boat, target, immediate=True, may_cut=False)


def swarm(game: Game, seat: str, party: Sequence[tuple[str, str]], target: str, from_water: bool = False) -> Proc[list[str]]:
    """CG-BOARD-5: boats', canoes' and swimmers' boarders, with the mishap table when they are
    outnumbered (or, from the water with option ``swimmer_boarding: always``, every time)."""
    h, st = host_of(game), state_of(game)
    crew = crew_of(game, target)
    outnumbered = len(party) < len(crew)
    mishaps = outnumbered or (from_water and option(game, "swimmer_boarding") == "always")
    if mishaps and st.plans.get(seat, 0) > 0:
        answer = yield PlanPrompt((seat,), "CG-BOARD-5", f"play a Cunning Plan to get aboard {target}?", (PlayPlan,), target)
        assert isinstance(answer, PlayPlan)
        if answer.play:
            st.plans[seat] -= 1
            defender = h.side(game, target)
            thwarted = st.beggars.get(defender, 0) > 0
            if thwarted:
                st.beggars[defender] -= 1
            emit(game, "cunning-plan", "CG-BOARD-5", seat=seat, target=target, thwarted=thwarted, beggar=defender if thwarted else None)
            mishaps = mishaps and thwarted
    emit(game, "swarm", "CG-BOARD-5", seat=seat, target=target, party=[f for f, _ in party], crew=len(crew), outnumbered=outnumbered, mishaps=mishaps)
    going: list[tuple[str, str]] = []
    for f, origin in party:
        if not mishaps:
            going.append((f, origin))
            continue
        r = yield from game.roll(RollRequest(D6, f"{f} climbs aboard {target}", "CG-BOARD-5", seat, f, "high", 3))
        if r.total >= 3:
            emit(game, "mishap", "CG-BOARD-5", figure=f, target=target, roll=r.total, result="aboard")
            going.append((f, origin))
            continue
        wounded = h.wounded(game, f)
        if r.total == 1:
            save = yield from game.roll(RollRequest(D6, f"{f} escapes Davy Jones's locker", "CG-BOARD-5", seat, f, "high", 5))
            emit(game, "mishap", "CG-BOARD-5", figure=f, target=target, roll=r.total, result="davy-jones", save=save.total, saved=save.total >= 5)
            if save.total < 5:
                lose(game, f, rule="CG-BOARD-5", cause="Davy Jones's locker")
                continue
            wounded = True
        else:
            emit(game, "mishap", "CG-BOARD-5", figure=f, target=target, roll=r.total, result="in-the-water")
        fall_in(game, f, target, wounded)
    return (yield from go_aboard(game, seat, going, target))


def fall_in(game: Game, figure: str, target: str, wounded: bool) -> None:
    """A boarder who failed to get a hold ends up (or stays) in the water beside the target."""
    h, st = host_of(game), state_of(game)
    s = st.swimmers.get(figure)
    if s is not None:
        s.wounded = s.wounded or wounded
        return
    base = h.base(game, figure)
    into_water(game, figure, near_point(h.hull(game, target), base.centre), base.radius, wounded=wounded, heavy=h.encumbrance(game, figure), rule="CG-BOARD-5")


# --------------------------------------------------------------------------- the boarding step


def boarding_step(game: Game) -> Proc[None]:
    """``collisions.board``: the host's boarding step.  Boarding actions under way fight their
    round; then, seat by seat in initiative order, each vessel grappled with another, and each
    boat alongside an enemy vessel (or enemy boat alongside a ship), may board, cut loose (if
    grappled) or wait, once a turn for each such pair (CG-BOARD-1)."""
    h, st = host_of(game), state_of(game)
    for action in list(st.boardings):
        if action in st.boardings and action.last_round < game.turn and afloat(game, action.target):
            yield from fight(game, action)
    for seat in h.initiative(game):
        for vessel in [v for v in h.vessels(game) if h.side(game, v) == seat]:
            if not afloat(game, vessel):
                continue
            ship = h.size_class(game, vessel) in SHIPS
            others = list(st.grappled_with(vessel))
            others += [
                v
                for v in h.vessels(game)
                if v != vessel
                and v not in others
                and h.side(game, v) != seat
                and (not ship or h.size_class(game, v) not in SHIPS)
                and alongside(game, vessel, v)
            ]
            for other in others:
                key = (game.turn, vessel, other)
                if key in st.decided or not (afloat(game, vessel) and afloat(game, other)) or h.side(game, vessel) != seat:
                    continue
                st.decided.add(key)
                yield from offer(game, vessel, other, immediate=False, may_cut=st.grapple_of(vessel, other) is not None)
