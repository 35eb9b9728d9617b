# The companion button box: runs at power-up.
#
# Hold the safe-mode button (nav.back, box_table.SAFE_MODE_PIN) while plugging the box in
# and this returns at once: the REPL stays free for mpremote (updates, debugging).
# Otherwise Ctrl-C is turned off and the box plays until it is unplugged.
import time

from machine import Pin

import box_table


def safe_mode():
    pull = Pin.PULL_UP if box_table.ACTIVE_LOW else Pin.PULL_DOWN
    pin = Pin(box_table.SAFE_MODE_PIN, Pin.IN, pull)
    time.sleep_ms(20)  # let the pull settle
    return pin.value() == (0 if box_table.ACTIVE_LOW else 1)


if safe_mode():
    print("companion box: safe mode (%s held), REPL free" % box_table.CONTROLS[box_table.SAFE_MODE])
else:
    import box_hw

    box_hw.run()
