# The WS2812 chain: one 0xRRGGBB colour per pixel, brightness capped for USB. Pure.
#
# A WS2812 draws about 20 mA per colour channel at full scale and about 1 mA dark. The
# box promises all 24 pixels stay under 400 mA on USB (wiring/profiles/usb-box.toml):
# when the requested colours would draw more, every channel is scaled down together.
from micropython import const

MA_PER_CHANNEL = const(20)  # one channel at 255
MA_DARK = const(1)  # one pixel, all channels 0
BUDGET_MA = const(400)


def scale(colours, budget_ma=BUDGET_MA):
    # The factor (numerator over 255) that keeps ``colours`` within the budget.
    total = 0
    for c in colours:
        total += (c >> 16) + ((c >> 8) & 0xFF) + (c & 0xFF)
    spare = (budget_ma - MA_DARK * len(colours)) * 255  # in channel units * 255 / mA
    if total * MA_PER_CHANNEL <= spare:
        return 255
    return spare * 255 // (total * MA_PER_CHANNEL)


def drawn_ma(colours):
    total = 0
    for c in colours:
        total += (c >> 16) + ((c >> 8) & 0xFF) + (c & 0xFF)
    return MA_DARK * len(colours) + total * MA_PER_CHANNEL / 255


class Pixels:
    def __init__(self, count, budget_ma=BUDGET_MA):
        self.colours = [0] * count
        self.budget = budget_ma
        self.dirty = True

    def set(self, pos, rgb):
        if 0 <= pos < len(self.colours) and self.colours[pos] != rgb:
            self.colours[pos] = rgb
            self.dirty = True

    def words(self, out):
        # Fills ``out`` with 24-bit GRB words (the order WS2812s read), capped.
        k = scale(self.colours, self.budget)
        for i in range(len(self.colours)):
            c = self.colours[i]
            r = ((c >> 16) & 0xFF) * k // 255
            g = ((c >> 8) & 0xFF) * k // 255
            b = (c & 0xFF) * k // 255
            out[i] = (g << 16) | (r << 8) | b
        self.dirty = False
        return out
