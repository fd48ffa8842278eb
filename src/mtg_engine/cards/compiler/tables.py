"""Word tables the Oracle grammar is built from (CR 205, 702, 111.10).

The subtype lists are copied from the Comprehensive Rules (205.3g-205.3m);
the keyword table lists every keyword ability the grammar knows with the
shape of its parameters (CR 702). Nothing here reads card data.
"""

from __future__ import annotations

from dataclasses import dataclass

#: CR 205.2a: the card types.
CARD_TYPES: tuple[str, ...] = (
    "Artifact",
    "Battle",
    "Creature",
    "Enchantment",
    "Instant",
    "Kindred",
    "Land",
    "Planeswalker",
    "Sorcery",
    "Tribal",
)

#: CR 205.4a: the supertypes.
SUPERTYPES: tuple[str, ...] = ("Basic", "Legendary", "Snow", "World", "Ongoing")

#: CR 105.1 colors and the color words of CR 105.2.
COLORS: tuple[str, ...] = ("white", "blue", "black", "red", "green")

NUMBER_WORDS: dict[str, int] = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fifteen": 15,
    "twenty": 20,
}

ORDINAL_WORDS: dict[str, int] = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
}

ARTIFACT_TYPES: tuple[str, ...] = (
    "Attraction",
    "Blood",
    "Bobblehead",
    "Clue",
    "Contraption",
    "Equipment",
    "Food",
    "Fortification",
    "Gold",
    "Incubator",
    "Infinity",
    "Junk",
    "Lander",
    "Map",
    "Mutagen",
    "Powerstone",
    "Spacecraft",
    "Stone",
    "Treasure",
    "Vehicle",
)

ENCHANTMENT_TYPES: tuple[str, ...] = (
    "Aura",
    "Background",
    "Cartouche",
    "Case",
    "Class",
    "Curse",
    "Role",
    "Room",
    "Rune",
    "Saga",
    "Shard",
    "Shrine",
)

LAND_TYPES: tuple[str, ...] = (
    "Cave",
    "Desert",
    "Forest",
    "Gate",
    "Island",
    "Lair",
    "Locus",
    "Mine",
    "Mountain",
    "Plains",
    "Planet",
    "Power-Plant",
    "Sphere",
    "Swamp",
    "Tower",
    "Town",
    "Urza's",
)

SPELL_TYPES: tuple[str, ...] = (
    "Adventure",
    "Arcane",
    "Lesson",
    "Omen",
    "Trap",
)

CREATURE_TYPES: tuple[str, ...] = (
    "Advisor",
    "Aetherborn",
    "Alien",
    "Ally",
    "Angel",
    "Antelope",
    "Ape",
    "Archer",
    "Archon",
    "Armadillo",
    "Army",
    "Artificer",
    "Assassin",
    "Assembly-Worker",
    "Astartes",
    "Atog",
    "Aurochs",
    "Avatar",
    "Azra",
    "Badger",
    "Balloon",
    "Barbarian",
    "Bard",
    "Basilisk",
    "Bat",
    "Bear",
    "Beast",
    "Beaver",
    "Beeble",
    "Beholder",
    "Berserker",
    "Bird",
    "Bison",
    "Blinkmoth",
    "Boar",
    "Bringer",
    "Brushwagg",
    "Camarid",
    "Camel",
    "Capybara",
    "Caribou",
    "Carrier",
    "Cat",
    "Centaur",
    "Child",
    "Chimera",
    "Citizen",
    "Cleric",
    "Clown",
    "Cockatrice",
    "Construct",
    "Coward",
    "Coyote",
    "Crab",
    "Crocodile",
    "C'tan",
    "Custodes",
    "Cyberman",
    "Cyclops",
    "Dalek",
    "Dauthi",
    "Demigod",
    "Demon",
    "Deserter",
    "Detective",
    "Devil",
    "Dinosaur",
    "Djinn",
    "Doctor",
    "Dog",
    "Dragon",
    "Drake",
    "Dreadnought",
    "Drix",
    "Drone",
    "Druid",
    "Dryad",
    "Dwarf",
    "Echidna",
    "Efreet",
    "Egg",
    "Elder",
    "Eldrazi",
    "Elemental",
    "Elephant",
    "Elf",
    "Elk",
    "Employee",
    "Eye",
    "Faerie",
    "Ferret",
    "Fish",
    "Flagbearer",
    "Fox",
    "Fractal",
    "Frog",
    "Fungus",
    "Gamer",
    "Gargoyle",
    "Germ",
    "Giant",
    "Gith",
    "Glimmer",
    "Gnoll",
    "Gnome",
    "Goat",
    "Goblin",
    "God",
    "Golem",
    "Gorgon",
    "Graveborn",
    "Gremlin",
    "Griffin",
    "Guest",
    "Hag",
    "Halfling",
    "Hamster",
    "Harpy",
    "Hedgehog",
    "Hellion",
    "Hero",
    "Hippo",
    "Hippogriff",
    "Homarid",
    "Homunculus",
    "Horror",
    "Horse",
    "Human",
    "Hydra",
    "Hyena",
    "Illusion",
    "Imp",
    "Incarnation",
    "Inkling",
    "Inquisitor",
    "Insect",
    "Jackal",
    "Jellyfish",
    "Juggernaut",
    "Kangaroo",
    "Kavu",
    "Kirin",
    "Kithkin",
    "Knight",
    "Kobold",
    "Kor",
    "Kraken",
    "Llama",
    "Lamia",
    "Lammasu",
    "Leech",
    "Lemur",
    "Leviathan",
    "Lhurgoyf",
    "Licid",
    "Lizard",
    "Lobster",
    "Manticore",
    "Masticore",
    "Mercenary",
    "Merfolk",
    "Metathran",
    "Minion",
    "Minotaur",
    "Mite",
    "Mole",
    "Monger",
    "Mongoose",
    "Monk",
    "Monkey",
    "Moogle",
    "Moonfolk",
    "Mount",
    "Mouse",
    "Mutant",
    "Myr",
    "Mystic",
    "Nautilus",
    "Necron",
    "Nephilim",
    "Nightmare",
    "Nightstalker",
    "Ninja",
    "Noble",
    "Noggle",
    "Nomad",
    "Nymph",
    "Octopus",
    "Ogre",
    "Ooze",
    "Orb",
    "Orc",
    "Orgg",
    "Otter",
    "Ouphe",
    "Ox",
    "Oyster",
    "Pangolin",
    "Peasant",
    "Pegasus",
    "Pentavite",
    "Performer",
    "Pest",
    "Phelddagrif",
    "Phoenix",
    "Phyrexian",
    "Pilot",
    "Pincher",
    "Pirate",
    "Plant",
    "Platypus",
    "Porcupine",
    "Possum",
    "Praetor",
    "Primarch",
    "Prism",
    "Processor",
    "Qu",
    "Rabbit",
    "Raccoon",
    "Ranger",
    "Rat",
    "Rebel",
    "Reflection",
    "Rhino",
    "Rigger",
    "Robot",
    "Rogue",
    "Sable",
    "Salamander",
    "Samurai",
    "Sand",
    "Saproling",
    "Satyr",
    "Scarecrow",
    "Scientist",
    "Scion",
    "Scorpion",
    "Scout",
    "Sculpture",
    "Seal",
    "Serf",
    "Serpent",
    "Servo",
    "Shade",
    "Shaman",
    "Shapeshifter",
    "Shark",
    "Sheep",
    "Siren",
    "Skeleton",
    "Skunk",
    "Slith",
    "Sliver",
    "Sloth",
    "Slug",
    "Snail",
    "Snake",
    "Soldier",
    "Soltari",
    "Sorcerer",
    "Spawn",
    "Specter",
    "Spellshaper",
    "Sphinx",
    "Spider",
    "Spike",
    "Spirit",
    "Splinter",
    "Sponge",
    "Squid",
    "Squirrel",
    "Starfish",
    "Surrakar",
    "Survivor",
    "Symbiote",
    "Synth",
    "Tentacle",
    "Tetravite",
    "Thalakos",
    "Thopter",
    "Thrull",
    "Tiefling",
    "Toy",
    "Treefolk",
    "Trilobite",
    "Triskelavite",
    "Troll",
    "Turtle",
    "Tyranid",
    "Unicorn",
    "Vampire",
    "Varmint",
    "Vedalken",
    "Villain",
    "Volver",
    "Wall",
    "Walrus",
    "Warlock",
    "Warrior",
    "Weasel",
    "Weird",
    "Werewolf",
    "Whale",
    "Wizard",
    "Wolf",
    "Wolverine",
    "Wombat",
    "Worm",
    "Wraith",
    "Wurm",
    "Yeti",
    "Zombie",
    "Zubera",
    "Time Lord",
)

#: CR 205.3q: the battle types.
BATTLE_TYPES: tuple[str, ...] = ("Siege",)

SUBTYPES: tuple[str, ...] = (
    ARTIFACT_TYPES + ENCHANTMENT_TYPES + LAND_TYPES + SPELL_TYPES + CREATURE_TYPES + BATTLE_TYPES
)
#: CR 305.6: the basic land types.
BASIC_LAND_TYPES: tuple[str, ...] = ("Plains", "Island", "Swamp", "Mountain", "Forest")

_IRREGULAR_PLURALS: dict[str, tuple[str, ...]] = {
    "elf": ("elves",),
    "dwarf": ("dwarves",),
    "wolf": ("wolves",),
    "werewolf": ("werewolves",),
    "mouse": ("mice",),
    "ox": ("oxen",),
    "fungus": ("fungi",),
    "homunculus": ("homunculi",),
    "cyclops": ("cyclopes",),
    "thief": ("thieves",),
    "octopus": ("octopuses",),
    "walrus": ("walruses",),
    "pegasus": ("pegasuses",),
    "sphinx": ("sphinxes",),
    "fox": ("foxes",),
    "lynx": ("lynxes",),
    "box": ("boxes",),
    "berserker": ("berserkers",),
}
_NO_PLURAL = {
    "equipment",
    "plains",
    "merfolk",
    "kithkin",
    "moonfolk",
    "treefolk",
    "fish",
    "sheep",
    "aurochs",
    "urza's",
    "ulamog's",
    "cyclops",
    "atog",
    "food",
    "blood",
}


def plural_forms(word: str) -> tuple[str, ...]:
    """The plural spellings of a lowercase type word (English plural rules)."""
    if word in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[word]
    if word in _NO_PLURAL:
        return ()
    if word.endswith(("s", "x", "ch", "sh")):
        return (word + "es",)
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return (word[:-1] + "ies",)
    return (word + "s",)


@dataclass(frozen=True, slots=True)
class KeywordSpec:
    """A keyword ability's parameter shape (CR 702).

    ``params``: ``""`` (none), ``"n"`` (a number: Bushido 2), ``"cost"``
    (Kicker {2}{R}), ``"n_cost"`` (Suspend 4—{R}), ``"opt_n"`` (a number may
    follow). ``activated`` marks keywords that are activated abilities (Equip,
    Cycling: CR 702.6, 702.29).
    """

    name: str
    params: str = ""
    activated: bool = False


def _kw(names: str, params: str = "", activated: bool = False) -> list[KeywordSpec]:
    return [KeywordSpec(n.strip(), params, activated) for n in names.split(",") if n.strip()]


#: Every keyword ability the grammar recognizes, in CR 702 capitalization.
KEYWORDS: tuple[KeywordSpec, ...] = tuple(
    _kw(
        "Deathtouch, Defender, Double strike, First strike, Flash, Flying, Haste, Hexproof,"
        "Indestructible, Intimidate, Lifelink, Menace, Reach, Shroud, Trample, Vigilance,"
        "Banding, Fear, Shadow, Horsemanship, Flanking, Phasing, Storm, Epic, Convoke, Haunt,"
        "Delve, Changeling, Conspire, Persist, Wither, Retrace, Exalted, Cascade, Rebound,"
        "Totem armor, Umbra armor, Infect, Battle cry, Living weapon, Undying, Soulbond,"
        "Unleash, Cipher, Evolve, Extort, Fuse, Dethrone, Prowess, Devoid, Ingest, Myriad,"
        "Skulk, Undaunted, Improvise, Aftermath, Ascend, Assist, Jump-start, Mentor, Riot,"
        "Split second, Partner, Sunburst, Melee, Daybound, Nightbound, Decayed, Training,"
        "Compleated, Enlist, Read ahead, Ravenous, Living metal, For Mirrodin!, Bargain,"
        "Gravestorm, Provoke, Demonstrate, Exploit, Cleave, Forecast,"
        "Start your engines!, Double team, Spree, Solved, Job select, Max speed,"
        "Doctor's companion, Choose a background, Friends forever,"
        "Hidden agenda, Double agenda, Augment, Increment, Ready to run"
    )
    + _kw(
        "Bushido, Rampage, Modular, Fading, Vanishing, Soulshift, Annihilator, Afflict,"
        "Toxic, Bloodthirst, Dredge, Graft, Frenzy, Absorb, Amplify, Tribute, Renown,"
        "Fabricate, Afterlife, Backup, Casualty, Mobilize, Ripple, Poisonous,"
        "Tiered, Hideaway, Devour, Firebending, Teamwork",
        "n",
    )
    + _kw(
        "Kicker, Multikicker, Flashback, Echo, Madness, Morph, Megamorph, Disguise,"
        "Buyback, Dash, Evoke, Emerge, Entwine, Escape, Bestow, Overload, Prowl, Replicate,"
        "Spectacle, Surge, Foretell, Plot, Blitz, Mutate, Miracle, Squad, Offspring,"
        "Disturb, Ward, Cumulative upkeep, Recover, Freerunning, Warp, Mayhem, Harmonize,"
        "Web-slinging, More Than Meets the Eye, Cloak, Prototype,"
        "Channel, Gift, Exhaust, Boast, Sneak, Specialize, Escalate",
        "cost",
    )
    + _kw(
        "Equip, Cycling, Ninjutsu, Commander ninjutsu, Reconfigure, Level up, Outlast,"
        "Scavenge, Transmute, Unearth, Embalm, Eternalize, Adapt, Monstrosity,"
        "Craft, Transfigure, Aura swap, Fortify, Encore",
        "cost",
        activated=True,
    )
    + _kw("Suspend, Awaken, Impending", "n_cost")
    + _kw("Reinforce", "n_cost", activated=True)
    + _kw("Crew, Saddle", "n", activated=True)
    + _kw("Station", activated=True)
)

KEYWORDS_BY_LOWER: dict[str, KeywordSpec] = {k.name.lower(): k for k in KEYWORDS}

#: CR 111.10: predefined tokens and the abilities their names stand for.
PREDEFINED_TOKENS: dict[str, dict[str, object]] = {
    "treasure": {
        "types": ("Artifact",),
        "abilities_text": "{T}, Sacrifice this token: Add one mana of any color.",
    },
    "food": {
        "types": ("Artifact",),
        "abilities_text": "{2}, {T}, Sacrifice this token: You gain 3 life.",
    },
    "clue": {
        "types": ("Artifact",),
        "abilities_text": "{2}, Sacrifice this token: Draw a card.",
    },
    "blood": {
        "types": ("Artifact",),
        "abilities_text": "{1}, {T}, Discard a card, Sacrifice this token: Draw a card.",
    },
    "gold": {
        "types": ("Artifact",),
        "abilities_text": "Sacrifice this token: Add one mana of any color.",
    },
    "powerstone": {
        "types": ("Artifact",),
        "abilities_text": "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell.",
    },
    "map": {
        "types": ("Artifact",),
        "abilities_text": "{1}, {T}, Sacrifice this token: Target creature you control explores. "
        "Activate only as a sorcery.",
    },
    "junk": {
        "types": ("Artifact",),
        "abilities_text": "{T}, Sacrifice this token: Exile the top card of your library. "
        "You may play that card this turn. Activate only as a sorcery.",
    },
    "shard": {
        "types": ("Enchantment",),
        "abilities_text": "{2}, Sacrifice this token: Scry 1, then draw a card.",
    },
    "mutagen": {
        # the reminder text of the Teenage Mutant Ninja Turtles cards ("It's an artifact
        # with ...", Crustacean Commando): a predefined token in the manner of 111.10
        "types": ("Artifact",),
        "abilities_text": "{1}, {T}, Sacrifice this token: Put a +1/+1 counter on target "
        "creature. Activate only as a sorcery.",
    },
    "lander": {
        "types": ("Artifact",),
        "abilities_text": "{2}, {T}, Sacrifice this token: Search your library for a basic "
        "land card, put it onto the battlefield tapped, then shuffle.",
    },
}

#: CR 111.10j-r: the predefined Role tokens, colorless Aura Role enchantment tokens
#: named for their role, each with enchant creature and its ability (CR 303.7).
ROLE_TOKENS: dict[str, str] = {
    "cursed": "Enchanted creature has base power and toughness 1/1.",
    "monster": "Enchanted creature gets +1/+1 and has trample.",
    "royal": "Enchanted creature gets +1/+1 and has ward {1}.",
    "virtuous": "Enchanted creature gets +1/+1 for each enchantment you control.",
    "wicked": "Enchanted creature gets +1/+1.\nWhen this token is put into a graveyard "
    "from the battlefield, each opponent loses 1 life.",
    "young hero": 'Enchanted creature has "Whenever this creature attacks, if its '
    'toughness is 3 or less, put a +1/+1 counter on it."',
}
