"""The scene stack, the base every stacked scene builds on, and what scenes share.

A ``SceneStack`` is itself a ``Scene`` for ``run_loop``: it hands events to the scene on
top and draws it. Scenes ask for changes with ``push``, ``pop``, ``replace`` and ``clear``;
the requests are queued and applied between frames (at the start and end of ``update``),
so every event of one frame goes to the same scene. A scene whose ``finished`` turns true
is popped. The stack is finished when it is empty.

Controls. Every ``BaseScene`` is driven by the four navigation buttons only (``nav.previous``,
``nav.next``, ``nav.select``, ``nav.back``: ``Press`` events from the input source; on the
desktop the arrows, Enter and Backspace press simulated pins), plus the seat buttons where
a scene uses them. Keys the input source does not take still work: Escape is back, Up and
Down are previous and next (and, with a source that takes no keys, Left/Right/Enter/
Backspace too). The mouse: left click = select (on what is under it), right click = back,
the wheel = previous/next.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, MutableSequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, Protocol, runtime_checkable

import pygame

from companion.errors import CompanionError, IllegalAction
from companion.history.writer import HistoryWriter
from companion.i18n import said, tr
from companion.input.controls import NAV_GROUP, seat_of
from companion.input.events import InputEvent, Press, Stuck, Unstuck
from companion.input.pinmap import Profile
from companion.powwow import PowwowSettings, Window
from companion.settings import Settings
from companion.ui import theme, widgets
from companion.ui.app import Scene
from companion.ui.cues import Cue
from companion.ui.nav import NavButton, is_nav_button
from companion.ui.sound import Sounds

FALLBACK_KEYS: Final[dict[int, NavButton]] = {
    pygame.K_ESCAPE: "back",
    pygame.K_BACKSPACE: "back",
    pygame.K_UP: "previous",
    pygame.K_LEFT: "previous",
    pygame.K_DOWN: "next",
    pygame.K_RIGHT: "next",
    pygame.K_RETURN: "select",
    pygame.K_KP_ENTER: "select",
    pygame.K_SPACE: "select",
}
"""Keys a scene sees only when the input source did not take them (see the module doc)."""

KeyHandler = Callable[[pygame.event.Event], bool]


@runtime_checkable
class OnTop(Protocol):
    """A scene that wants to know when it becomes the top of the stack (pushed, or
    uncovered by a pop)."""

    def on_top(self, now_ns: int) -> None: ...


@runtime_checkable
class Closable(Protocol):
    """A scene holding something to release when the program leaves (a journal). A scene
    that pops itself releases its things itself: scenes may share them (the Apache game
    and its count screen share one session), so a pop or a replace closes nothing."""

    def close(self) -> None: ...


BANNER_EVERY_NS = 100_000_000


class SceneStack:
    """Scenes on a stack; ``run_loop`` drives the top one (see the module docstring)."""

    def __init__(
        self,
        first: Scene | None = None,
        *,
        key_handler: KeyHandler | None = None,
        source_warnings: Callable[[], tuple[str, ...]] | None = None,
    ) -> None:
        self._scenes: list[Scene] = []
        self._requests: list[tuple[str, Scene | None]] = []
        self._key_handler = key_handler
        self._source_warnings = source_warnings
        self.banner: str | None = None
        """The input source's latest warning (a button box gone, a stopped timer), shown
        across the top of every screen until it clears."""
        self._banner_read_ns: int | None = None
        if first is not None:
            self.push(first)

    def __repr__(self) -> str:
        names = [type(scene).__name__ for scene in self._scenes]
        return f"<SceneStack {names} requests={len(self._requests)}>"

    # -- requests (applied between frames) --

    def push(self, scene: Scene) -> None:
        self._requests.append(("push", scene))

    def pop(self) -> None:
        self._requests.append(("pop", None))

    def replace(self, scene: Scene) -> None:
        """Pop the top scene and push ``scene`` in its place."""
        self._requests.append(("replace", scene))

    def clear(self) -> None:
        """Close and pop every scene: the stack finishes (the program leaves)."""
        self._requests.append(("clear", None))

    @property
    def scenes(self) -> tuple[Scene, ...]:
        """The scenes, bottom first (requests not applied yet are not in it)."""
        return tuple(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def apply_requests(self, now_ns: int) -> bool:
        """Apply the queued requests; True if the top scene changed."""
        if not self._requests:
            return False
        before = self.top
        requests, self._requests = self._requests, []
        for kind, scene in requests:
            if kind in ("pop", "replace") and self._scenes:
                self._scenes.pop()  # a scene leaving on its own releases what it holds
            elif kind == "clear":
                while self._scenes:
                    _close(self._scenes.pop())
            if scene is not None:
                self._scenes.append(scene)
        top = self.top
        if top is not None and top is not before and isinstance(top, OnTop):
            top.on_top(now_ns)
        return top is not before

    # -- the Scene protocol --

    @property
    def finished(self) -> bool:
        return not self._scenes and not self._requests

    def handle_event(self, event: pygame.event.Event) -> None:
        if self._key_handler is not None and self._key_handler(event):
            return
        if self.top is not None:
            self.top.handle_event(event)

    def handle_input(self, event: InputEvent, now_ns: int) -> None:
        if self.top is not None:
            self.top.handle_input(event, now_ns)

    def update(self, now_ns: int) -> bool:
        changed = self.apply_requests(now_ns) | self._read_banner(now_ns)
        top = self.top
        if top is None:
            return changed
        changed |= top.update(now_ns)
        if top.finished and top is self.top and ("pop", None) not in self._requests:
            self.pop()
        return self.apply_requests(now_ns) or changed

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        if self.top is not None:
            self.top.draw(surface, now_ns)
        if self.banner is not None:
            widgets.banner(surface, said(self.banner))

    def _read_banner(self, now_ns: int) -> bool:
        """Look at the source's warnings ten times a second; True when the banner changed."""
        last = self._banner_read_ns
        if self._source_warnings is None or (last is not None and now_ns - last < BANNER_EVERY_NS):
            return False
        self._banner_read_ns = now_ns
        warnings = self._source_warnings()
        banner = warnings[-1] if warnings else None
        changed = banner != self.banner
        self.banner = banner
        return changed

    def close(self) -> None:
        """Close every scene (journals are released); the stack is empty afterwards."""
        self._requests.clear()
        while self._scenes:
            _close(self._scenes.pop())


def _close(scene: Scene) -> None:
    if isinstance(scene, Closable):
        scene.close()


# --- what scenes share -----------------------------------------------------------------------


@dataclass(slots=True)
class AppContext:
    """What every scene of one program run shares."""

    size: tuple[int, int]
    stack: SceneStack
    games_dir: Path
    powwow: PowwowSettings = field(default_factory=PowwowSettings)
    open_doctor: Callable[[], Scene] | None = None
    """Makes the doctor scene for the input source in use (None: no doctor offered)."""
    monotonic_ns: Callable[[], int] = time.monotonic_ns
    wall_clock: Callable[[], float] = time.time
    """Unix time: journal stamps and "5 min ago"."""
    new_seed: Callable[[], int] = field(default_factory=lambda: _random_seed)
    on_window: Callable[[Window], None] = field(default=lambda window: None)
    """Told of every resolved Pow-Wow (the button box lights the first slapper's button)."""
    powwow_open: Callable[[bool], None] = field(default=lambda is_open: None)
    """Told, on every frame of a Pow-Wow screen, whether a slap window is open (the GPIO
    build's ``window`` LED is lit while one is, ruling A9)."""
    on_close: Callable[[], None] = field(default=lambda: None)
    """Called once when the program leaves (the GPIO LEDs go dark)."""
    settings: Settings = field(default_factory=Settings)
    """What the settings screen shows and changes."""
    settings_file: Path | None = None
    """Where the settings are saved (None: not saved, as in tests and screenshots)."""
    notices: list[str] = field(default_factory=list)
    """Problems met at start, for the start menu to show (a Pi has no terminal to read)."""
    sounds: Sounds = field(default_factory=Sounds)
    """The sound effects (silent until ``Sounds.open``; ``companion run`` opens them)."""
    key_names: tuple[Mapping[str, str], ...] = ()
    """On a desktop, how the footers name the keys that press the navigation buttons
    (``widgets.footer``); none on a Pi without a keyboard, in tests and screenshots."""
    history_path: Path | None = None
    """The history database finished games are written to (``companion.history``; None:
    none kept, as in tests and screenshots). The start menu's History row reads it."""
    roster_path: Path | None = None
    """The roster of the group's named players (``companion.roster``): the setups offer
    its players for the seats (None: no names, as in tests and screenshots)."""
    menu_messages: list[str] = field(default_factory=list)
    """Brief messages for the start menu to show when it is back on top (a game discarded
    from its own menu)."""
    profile: Profile | None = None
    """The input profile in use: its seats are the ones with buttons (None: all five, as
    in tests and screenshots). The setups offer only those (``setup_model.Wiring``)."""
    writer: HistoryWriter | None = field(default=None, repr=False)
    """Writes finished games into ``history_path`` off the screen's thread (made when the
    first is written: ``history_writer``)."""

    def history_writer(self) -> HistoryWriter | None:
        """The writer of ``history_path`` (None: no history kept)."""
        if self.history_path is None:
            return None
        if self.writer is None or self.writer.path != self.history_path:
            self.close_history()
            self.writer = HistoryWriter(self.history_path)
        return self.writer

    def wait_for_history(self) -> None:
        """Return once the games asked for are in the history (the History screen reads)."""
        if self.writer is not None:
            self.writer.wait()

    def close_history(self) -> None:
        """Finish the history's writing (the program is leaving)."""
        if self.writer is not None:
            self.writer.close()
            self.writer = None


def _not_saved(error: Exception) -> str:
    """The brief message for a journal that could not be written."""
    return tr("could not save the journal: {error}").format(error=said(error))


def _random_seed() -> int:
    import secrets

    return secrets.randbelow(2**31)


# --- the base of every stacked scene ---------------------------------------------------------


class BaseScene:
    """A scene driven by the navigation buttons, the seat buttons and the mouse.

    Subclasses implement ``nav``, and where they use them ``seat``, ``click`` and
    ``stuck``; ``update`` returns whether time alone changed the screen; ``draw`` draws.
    ``flashes`` holds the brief messages; ``guarded``, ``polled`` and ``show_notices`` fill
    it; ``play`` plays a model's sound cues.
    """

    def __init__(self, app: AppContext) -> None:
        self.app = app
        self._finished = False
        self.flashes = widgets.Flashes()

    def guarded(self, action: Callable[[], object], now_ns: int) -> bool:
        """Run ``action``; a refusal (its rule) or a journal that cannot be written is
        shown as a brief message, not raised. True if ``action`` went through."""
        try:
            action()
        except IllegalAction as exc:
            self.flashes.add(said(exc), now_ns, theme.WARN)
            return False
        except (OSError, CompanionError) as exc:
            self.flashes.add(_not_saved(exc), now_ns, theme.BAD)
            return False
        return True

    def polled(self, poll: Callable[[int], bool], now_ns: int) -> bool:
        """Let a model act on time (``poll(now_ns)``: a bot, a Pow-Wow resolved); a journal
        that cannot be written is shown as a brief message. True if the screen changed."""
        try:
            return poll(now_ns)
        except (OSError, CompanionError) as exc:
            self.flashes.add(_not_saved(exc), now_ns, theme.BAD)
            return True

    def play(self, cues: list[Cue]) -> None:
        """Play a model's sound cues and empty the list."""
        self.app.sounds.play_all(cues)
        cues.clear()

    def record_in_history(self, journal: Path) -> None:
        """A results screen: the finished game of ``journal`` into the group's history, if
        the app keeps one (written again, it is replaced: a count corrected), by the app's
        writer, off the screen's thread. A problem is shown on whichever screen is on top
        (``show_history_problems``): the journal keeps the game all the same, and
        ``companion history rebuild`` brings it back into the history."""
        writer = self.app.history_writer()
        if writer is not None:
            writer.record(journal)

    def forget_in_history(self, journal: Path) -> None:
        """A results screen whose end was taken back (a count corrected): the game leaves
        the history until it ends again (a problem is shown; ``rebuild`` puts it right)."""
        writer = self.app.history_writer()
        if writer is not None:
            writer.forget(journal)

    def show_history_problems(self, now_ns: int) -> bool:
        """The history writer's problems as brief messages (True: there were some)."""
        writer = self.app.writer
        problems = [] if writer is None else writer.take_problems()
        for problem in problems:
            self.flashes.add(said(problem), now_ns, theme.WARN)
        return bool(problems)

    def show_notices(self, notices: MutableSequence[str], now_ns: int) -> bool:
        """Show a model's notices (an undo dim, the rest as warnings) and empty them;
        True if there were any. An undo's notice starts "undone" (in the screens'
        language: the word's translation starts its translations)."""
        undone = ("undone", tr("undone"))
        for notice in notices:
            colour = theme.TEXT_DIM if notice.startswith(undone) else theme.WARN
            self.flashes.add(notice, now_ns, colour)
        shown = bool(notices)
        notices.clear()
        return shown

    @property
    def finished(self) -> bool:
        return self._finished

    # -- input, mapped onto nav / seat / click --

    def handle_event(self, event: pygame.event.Event) -> None:
        now_ns = self.app.monotonic_ns()
        if event.type == pygame.KEYDOWN and event.key in FALLBACK_KEYS:
            self.nav(FALLBACK_KEYS[event.key], now_ns)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos, now_ns)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.nav("back", now_ns)
        elif event.type == pygame.MOUSEWHEEL and event.y:
            self.wheel("previous" if event.y > 0 else "next", now_ns)

    def handle_input(self, event: InputEvent, now_ns: int) -> None:
        if isinstance(event, Press):
            group, _, button = event.control.partition(".")
            if group == NAV_GROUP and is_nav_button(button):
                self.nav(button, now_ns)
            elif seat_of(event.control) is not None:
                self.seat(event, now_ns)
        elif isinstance(event, Stuck | Unstuck):
            self.stuck(event, now_ns)

    def nav(self, button: NavButton, now_ns: int) -> None:
        """A navigation button (or its key, click or wheel)."""

    def wheel(self, button: NavButton, now_ns: int) -> None:
        """The mouse wheel turned up (``"previous"``) or down (``"next"``): by default the
        same as that button."""
        self.nav(button, now_ns)

    def seat(self, press: Press, now_ns: int) -> None:
        """A seat button (``press.control`` such as ``"red.hunter"``)."""

    def click(self, pos: tuple[int, int], now_ns: int) -> None:
        """A left click at ``pos``; by default the same as select."""
        self.nav("select", now_ns)

    def stuck(self, event: Stuck | Unstuck, now_ns: int) -> None:
        """A control reported stuck (ignored until released) or released again."""

    # -- time and drawing --

    def update(self, now_ns: int) -> bool:
        """Time passing: by default the brief messages expire and the history writer's
        problems show (True: redraw)."""
        return self.flashes.expire(now_ns) | self.show_history_problems(now_ns)

    def draw(self, surface: pygame.Surface, now_ns: int) -> None:
        raise NotImplementedError

    def draw_hint(self, surface: pygame.Surface, hint: str, now_ns: int) -> None:
        """The footer: ``hint`` (naming the keys on a desktop), or a brief message."""
        footer = widgets.frame(surface.get_size()).footer
        flash = self.flashes.current(now_ns)
        widgets.footer(surface, footer, hint, flash, keys=self.app.key_names)
