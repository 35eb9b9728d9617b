# The box's input table, GENERATED from wiring/profiles/usb-box.toml by
# `python -m companion.input.box.table`. Do not edit: change the pin map and run the
# generator again (tests/input/box/test_table.py fails while this file is stale).
# An input's index in CONTROLS is its number in EV and LED frames (PROTOCOL.md).

PROFILE = "usb-box"
# CRC-32 of the canonical table, sent in HELLO
TABLE_ID = "2220C526"
# pull-ups: a pressed button reads 0
ACTIVE_LOW = True

CONTROLS = (
    "red.chief",
    "red.warrior",
    "red.woman",
    "red.hunter",
    "yellow.chief",
    "yellow.warrior",
    "yellow.woman",
    "yellow.hunter",
    "purple.chief",
    "purple.warrior",
    "purple.woman",
    "purple.hunter",
    "blue.chief",
    "blue.warrior",
    "blue.woman",
    "blue.hunter",
    "green.chief",
    "green.warrior",
    "green.woman",
    "green.hunter",
    "nav.previous",
    "nav.next",
    "nav.select",
    "nav.back",
)
# GP number of each input
PINS = (
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
    12,
    13,
    14,
    15,
    16,
    17,
    18,
    19,
    20,
    21,
    26,
    27,
)

# The sampler reads IN_COUNT pins from IN_BASE (wrapping at 32) in one snapshot; BITS is
# each input's bit in it. The LED chain pin stays outside the window.
IN_BASE = 26
IN_COUNT = 28
BITS = (
    6,
    7,
    8,
    9,
    10,
    11,
    12,
    13,
    14,
    15,
    16,
    17,
    18,
    19,
    20,
    21,
    22,
    23,
    24,
    25,
    26,
    27,
    0,
    1,
)
# reserved pins inside the window: input buffer turned off
QUIET_PINS = (29,)
# unused pins inside the window: pulled up
IDLE_PINS = (28,)

LED_PIN = 22
LED_COUNT = 24
# chain position of each input's pixel (-1: none)
LEDS = (
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
    12,
    13,
    14,
    15,
    16,
    17,
    18,
    19,
    20,
    21,
    22,
    23,
)

# the input held at plug-in to leave the REPL to mpremote: its index, its pin
SAFE_MODE = 23
SAFE_MODE_PIN = 27
