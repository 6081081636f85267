"""What each rule of the fantasy core does at the table, in the project's own words, for the rules panel.

These are the project's stand-ins for the parent game the naval house rules rest on; kept beside
:mod:`.rules` and handed to its book as ``says``, with the numbers a newcomer needs.
"""

from __future__ import annotations

SAID: dict[str, str] = {
    "FB-PROF-1": "Every model has a profile: Move, Weapon Skill, Ballistic Skill, Strength, Toughness, Wounds, Initiative, Attacks and Leadership, with an armour save and perhaps a ward save. Values run 0-10.",
    "FB-PROF-2": "What a model is (infantry, cavalry, monster, war machine...), what it carries and its special rules are all written down as data, read by the rules.",
    "FB-HIT-1": "In a melee you hit on 3+ against a lower Weapon Skill, 4+ against one equal or up to twice yours, 5+ beyond that; bonuses keep it between 2+ and 6+. Ship parts are hit automatically.",
    "FB-HIT-2": "Shooting hits on 7 minus Ballistic Skill (BS 3 needs 4+), worse for cover, long range, moving or several shots, better against large targets. Needing a 7 means a 6 and then another roll.",
    "FB-WOUND-1": "To wound, roll 4+ when Strength equals Toughness, one easier per point stronger (best 2+), one harder per point weaker (worst 6+); four or more below cannot wound at all.",
    "FB-WOUND-2": "A hit that causes several wounds spends them all on one model, never more than it has left; the next hit starts on the next model. Models with no wounds left are removed.",
    "FB-SAVE-1": "An armour save gets one worse for each point of the hit's Strength above 3 and for armour piercing; worse than 6+ means no save. A 1 always fails.",
    "FB-SAVE-2": "Ward saves are never made worse; a model with several uses only its best. Some only count against shooting or against templates.",
    "FB-SPEC-1": "With killing blow, a 6 on the wound roll slays a man-sized model outright, with no armour save. Monsters and ship parts are not affected.",
    "FB-SPEC-2": "Poisoned attacks that roll a 6 to hit wound automatically, even against tough targets.",
    "FB-SPEC-3": "Flaming attacks set fire to what they hit and cancel regeneration, which is otherwise a 4+ ward save.",
    "FB-SPEC-4": "Troops who hate their foe re-roll missed blows in the first round of a fight; frenzied troops get an extra attack and ignore psychology.",
    "FB-INIT-1": "Blows are struck from the highest Initiative down; models at the same Initiative strike at once. Some always strike first or last whatever their Initiative.",
    "FB-COMBAT-1": "The side that caused more wounds (ship parts aside), plus its bonuses, wins the round. A drawn round goes to the only side with a musician.",
    "FB-BREAK-1": "The loser rolls 2D6 against its Leadership, made worse by the margin when the rules say so; over means it breaks. Double 1 always holds; stubborn and unbreakable troops are steadier.",
    "FB-PSY-1": "Troops that lose a quarter of their number to shooting in a phase test for panic: 2D6 over their Leadership and they flee.",
    "FB-PSY-2": "Facing fearsome foes, a unit tests 2D6 against Leadership at the start of each round; failing, it fights at Weapon Skill 1 that round.",
    "FB-PSY-3": "Charged by something terrifying, a unit tests 2D6 against Leadership; failing, it flees at once and gets no charge reaction.",
    "FB-PSY-4": "Stupid troops out of combat test at the start of their turn; failing, they wander aimlessly. They ignore every other kind of psychology.",
    "FB-PSY-5": "Quarrelsome troops (five or more aboard, not fighting) roll a D6 each turn; on a 1 they brawl among themselves, squabble and do nothing, or surge forward, by a chart.",
    "FB-RALLY-1": "A fleeing unit tries to pull itself together at the start of its side's turn: 2D6 at or under its Leadership and it stops running.",
    "FB-TMPL-1": 'Templates hit every model whose base they touch: round ones 3" or 5" across, and the 8" teardrop for flames.',
    "FB-ART-1": "Gunners guess a range first; the artillery die then adds distance or shows a misfire, and the scatter die moves a shot that strays.",
    "FB-ART-2": "A misfire is rolled on a D6: a black-powder cannon is destroyed on 1-2, silenced two turns on 3-4, misses this shot on 5-6; a stone thrower is destroyed on 1, loses a crewman on 2-3.",
    "FB-CANNON-1": "A cannonball lands beyond the guessed point by the artillery die and bounces on by a second roll, hitting each model in its path at S10 for D6 wounds, until a survivor stops it.",
    "FB-BOLT-1": "A bolt thrower hits with its crew's Ballistic Skill and skewers one model after another along its line at S6 (one less each), D3 wounds, no armour, stopping at the first it fails to kill.",
    "FB-STONE-1": 'A stone thrower guesses range, scatters by the dice and drops a 5" template: S3 to all under it and S9 for D6 wounds to the model under its centre.',
    "FB-MAGIC-1": "A wizard rolls 2D6 and adds his level against a spell's casting value. Double 1 fails and miscasts; double 6 always works and cannot be stopped.",
    "FB-MAGIC-2": "The other side may try to stop a spell: 2D6 plus its best wizard's level must beat the casting total.",
    "FB-MAGIC-3": "A miscast rolls a D6: 1 an S6 hit on the wizard with no armour save, 2-3 a wound nothing can save, 4-6 he is dazed and casts no more this turn. His magic ship then runs out of control.",
    "FB-THROTTLE-1": "A steamer may open the throttle for a D6: 1 bursts the boiler (no steam and an S5 hit on the hull), 2-3 nothing extra, 4-5 one more steam point, 6 two more.",
}
