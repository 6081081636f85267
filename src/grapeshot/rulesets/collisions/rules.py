"""The collisions module's rule registry: every CG rule ID, a short title, the code that does it."""

from __future__ import annotations

from grapeshot.core.registry import RuleBook, rules_of
from grapeshot.rulesets.collisions.said import SAID

_r = rules_of("grapeshot.rulesets.collisions")


RULEBOOK = RuleBook(
    "collisions",
    "CG",
    [
        # sideswipes and stern shunts
        _r(
            "CG-SIDE-1",
            'sideswipe or stern shunt: the smaller conforms, placed point blank (2")',
            "contact.sideswipe",
            "placement.pose_off",
            "placement.offers",
        ),
        _r("CG-SIDE-2", "equal sizes roll off to decide who conforms", "ships.who_conforms"),
        _r("CG-SIDE-3", "knock-on sideswipes chain through nearby smaller ships", "placement.knock_on_chain", "contact.sideswipe"),
        _r("CG-SIDE-4", "oared ships or sweeps out (not boats) take 2D6, no saves; a double loses rowers", "contact.oars_smashed"),
        # rams
        _r(
            "CG-RAM-1",
            "a ram is a fore-part contact moving ahead; turning is a sideswipe; rammer and target entangled",
            "contact.rams",
            "contact.contact",
            "contact.ram",
        ),
        _r("CG-RAM-2", "the size-class damage chart, rammer / rammed", "contact.RAM_CHART", "contact.ram"),
        _r("CG-RAM-3", "momentum: MA left x 3 / 2 / 1 for a large / middling / small rammer", "contact.MOMENTUM", "contact.ram"),
        _r("CG-RAM-4", "a purpose-built ram: +3D6, no damage to the rammer (option ram_stacking)", "contact.RAM_DICE", "contact.ram"),
        _r("CG-RAM-5", "boats and canoes rammed by a ship sink", "contact.ram"),
        # grappling
        _r(
            "CG-GRAP-1",
            'colliding without a ram or closing within 2": an immediate grapple with two spare crew',
            "grappling.grapple",
            "grappling.attempt",
            "grappling.moved",
        ),
        _r("CG-GRAP-2", 'D6 +1 per extra grappler: 3+ grappled, 1-2 stand off at 1", a natural 1 fails', "grappling.attempt", "placement.stand_off"),
        _r(
            "CG-GRAP-3",
            "a grapple spends the momentum; the smaller conforms, side to side or T",
            "grappling.attempt",
            "ships.bring_together",
            "placement.together",
        ),
        # boarding
        _r(
            "CG-BOARD-1",
            "boarding at once under half MA used, else at the initiative (cut loose or board first)",
            "boarding.board_at_once",
            "boarding.boarding_step",
        ),
        _r("CG-BOARD-2", "boarders placed one at a time, leader first, as many as the deck has room for", "boarding.go_aboard", "boarding.eligible"),
        _r(
            "CG-BOARD-3",
            "the host's mêlée; beaten boarders retreat; on until repelled, taken or struck",
            "boarding.fight",
            "boarding.retreat",
            "state.figure_moved",
        ),
        _r("CG-BOARD-4", "prize crew and captain; prisoners below and aloft; freed prisoners and turncoats", "prizes.capture", "prizes.prisoners_step"),
        _r("CG-BOARD-5", "boats, canoes and swimmers board on contact; the mishap table; Cunning Plan, Suspicious Beggar", "boarding.swarm"),
        # sink or swim
        _r("CG-SWIM-1", "a sunk vessel's crew: a 1 drowns, the rest swim 2\" a turn", "swimming.sunk", "swimming.swim", "swimming.swimmers_step"),
        _r("CG-SWIM-2", "still in the water after three turns: roll each turn (1 sinks, 1-2 wounded)", "swimming.keep_afloat"),
        _r(
            "CG-SWIM-3",
            "flotsam, boats and rafts keep swimmers afloat; friendly ships take them aboard",
            "water.clinging_to",
            "water.take_aboard_friends",
            "swimming.surrender",
        ),
        _r("CG-SWIM-4", "only small arms at swimmers, the sea light cover; irons and armour", "swimming.shoot_swimmer", "swimming.goes_down_heavy"),
    ],
    says=SAID,
)
