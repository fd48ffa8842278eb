"""Positions (scenario files) for the page's casting tests: the session tests and the
browser tests start from the same boards."""

SPELLS = """
name: spells with choices
start: {turn: 3, active: A, step: precombat_main}
players:
  A:
    hand: [{card: Burst Lightning}, {card: Blaze}, {card: Cryptic Command}, {card: Fire // Ice}]
    graveyard: [{card: Think Twice}]
    battlefield:
      - {card: Mountain}
      - {card: Mountain}
      - {card: Mountain}
      - {card: Island}
      - {card: Island}
      - {card: Island}
  B:
    battlefield: [{card: Grizzly Bears}, {card: Plains}]
"""

KICKER = """
name: kicker from the card's menu
start: {turn: 3, active: A, step: precombat_main}
players:
  A:
    hand: [{card: Burst Lightning}, {card: Fire // Ice}]
    battlefield:
      - {card: Mountain}
      - {card: Mountain}
      - {card: Mountain}
      - {card: Mountain}
      - {card: Mountain}
      - {card: Mountain}
      - {card: Island}
  B:
    battlefield: [{card: Grizzly Bears}, {card: Plains}]
"""

X_SPELL = """
name: X bounded by the mana
start: {turn: 3, active: A, step: precombat_main}
players:
  A:
    hand: [{card: Blaze}]
    battlefield: [{card: Mountain}, {card: Mountain}, {card: Mountain}, {card: Mountain}]
  B:
    battlefield: [{card: Plains}]
"""

MODES = """
name: a modal spell
start: {turn: 3, active: A, step: precombat_main}
players:
  A:
    hand: [{card: Cryptic Command}]
    battlefield: [{card: Island}, {card: Island}, {card: Island}, {card: Island}]
  B:
    battlefield: [{card: Grizzly Bears}, {card: Plains}]
"""

UNICORN = """
name: two blockers
start: {turn: 3, active: A, step: precombat_main}
players:
  A:
    battlefield: [{card: Prized Unicorn}, {card: Forest}]
  B:
    battlefield: [{card: Grizzly Bears}, {card: Grizzly Bears}, {card: Plains}]
"""

BOLTS = """
name: respond to your own spell
start: {turn: 3, active: A, step: precombat_main}
players:
  A:
    hand: [{card: Lightning Bolt}, {card: Lightning Bolt}]
    battlefield: [{card: Mountain}, {card: Mountain}]
  B:
    battlefield: [{card: Plains}]
"""

MULTIKICKER = """
name: multikicker from the card's menu
start: {turn: 3, active: A, step: precombat_main}
players:
  A:
    hand: [{card: Joraga Warcaller}]
    battlefield:
      - {card: Forest, count: 6}
  B:
    battlefield: [{card: Plains}]
"""
