"""The game as a Linux screen reader meets it (issue 43): run inside `dbus-run-session` by
`screen_reader.rs`. It says a screen reader is running (the accessibility bus's
ScreenReaderEnabled, as Orca does), starts the game, finds it through AT-SPI, prints every node
of its tree ("NODE role: name"), presses a card as a reader's "activate" does and prints the
tree again ("AFTER role: name"), then presses the card's first target and prints the tree once
more ("PLAYED role: name"). Then it presses Tab on the game's window (xdotool), as a player
does, and prints the widget that then has the focus a reader follows ("FOCUSED role: name").
Last, it ends the phase and prints the threat phase's steps as the focus names them, pressing
each on ("STEP name").
Every wait is bounded.

Arguments: the game's executable, then its arguments."""

import subprocess
import sys
import tempfile
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

# pyatspi is imported once the bus says a reader runs: imported before, its registry never
# saw the game arrive.
pyatspi = None


def say_a_reader_runs():
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    for name in ("IsEnabled", "ScreenReaderEnabled"):
        bus.call_sync(
            "org.a11y.Bus",
            "/org/a11y/bus",
            "org.freedesktop.DBus.Properties",
            "Set",
            GLib.Variant("(ssv)", ("org.a11y.Status", name, GLib.Variant("b", True))),
            None,
            Gio.DBusCallFlags.NONE,
            10000,
            None,
        )


class Game:
    """The game's process, started again once if it dies at start-up (under a full test run
    on two cores the software renderer has failed to start where it never does alone)."""

    def __init__(self, command):
        self.command = command
        self.log = tempfile.NamedTemporaryFile(prefix="stp-reader-game-", suffix=".log")
        self.tries = 0
        self.start()

    def start(self):
        self.tries += 1
        self.process = subprocess.Popen(
            self.command, stdout=subprocess.DEVNULL, stderr=self.log
        )

    def alive(self):
        """Whether it runs; started again if it died and has a try left."""
        if self.process.poll() is None:
            return True
        print(f"GAME-EXITED {self.process.returncode} (try {self.tries})")
        print(self.tail())
        if self.tries < 2:
            self.start()
            return True
        return False

    def tail(self):
        """The end of what the game wrote."""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-2000:]

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def the_game(game, seconds):
    deadline = time.time() + seconds
    while time.time() < deadline and game.alive():
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is not None and app.name == "star-trek-panic" and app.childCount > 0:
                return app
        time.sleep(1)
    return None


def nodes(app):
    found = []

    def walk(node, depth):
        if node is None or depth > 12 or len(found) > 5000:
            return
        try:
            found.append((node.getRoleName(), node.name or "", node))
            for i in range(node.childCount):
                walk(node.getChildAtIndex(i), depth + 1)
        except Exception as error:  # a node gone while walking: say so, go on
            found.append(("gone", str(error), None))

    walk(app, 0)
    return found


def tree_when(app, ready, seconds):
    """The tree once `ready(tree)` holds (the game lays out over a few frames), or as it is
    when `seconds` have passed."""
    deadline = time.time() + seconds
    tree = nodes(app)
    while not ready(tree) and time.time() < deadline:
        time.sleep(1)
        tree = nodes(app)
    return tree


def press(tree, start, missing):
    """Presses the first node whose name begins with `start`, as a reader's "activate" does;
    says `missing` and returns False where there is none."""
    node = next((node for _, name, node in tree if name.startswith(start) and node), None)
    if node is None:
        print(missing)
        return False
    action = node.queryAction()
    print("PRESS", action.getName(0), start)
    action.doAction(0)
    return True


def focused(app):
    """The widgets (not the window) that hold the focus, each named as it is once found
    focused: the walk reads a name before the state, and the game may draw a frame between
    (a slow machine read the menu's name from before Tab with the focus from after it)."""
    found = []
    for role, _, node in nodes(app):
        try:
            if node is not None and role != "frame" and node.getState().contains(
                pyatspi.STATE_FOCUSED
            ):
                found.append((role, node.name or ""))
        except Exception:  # a node gone while asked: not the focus
            continue
    return found


def focus_window():
    """Gives the game's window the keyboard, as a player's click does: a reader is told of a
    widget's focus only in the window that has it. Whether the window was found."""
    windows = subprocess.run(
        ["xdotool", "search", "--name", "Star Trek"],
        capture_output=True,
        text=True,
        timeout=20,
    ).stdout.split()
    if not windows:
        return False
    subprocess.run(["xdotool", "windowfocus", "--sync", windows[0]], timeout=20)
    return True


def focused_within(app, seconds):
    """What has the focus, once something does (or nothing, when `seconds` have passed)."""
    deadline = time.time() + seconds
    now = focused(app)
    while not now and time.time() < deadline:
        time.sleep(1)
        now = focused(app)
    return now


def tab(app, seconds):
    """Tab pressed on the game's window, as a player's keyboard does: what then has the
    focus, once something does (or nothing, when `seconds` have passed)."""
    if not focus_window():
        return []
    subprocess.run(["xdotool", "key", "Tab"], timeout=20)
    now = focused_within(app, seconds)
    # Once something has the focus, a moment for the frames Tab set going to be drawn.
    if now:
        time.sleep(1)
        now = focused(app) or now
    return now


def main():
    global pyatspi
    say_a_reader_runs()
    import pyatspi as atspi

    pyatspi = atspi
    game = Game(sys.argv[1:])
    try:
        app = the_game(game, 180)
        if app is None:
            print("NO-GAME the game never appeared on the accessibility bus")
            print(game.tail())
            return 2
        tree = tree_when(app, lambda t: any(n.startswith("Sector 1, ") for _, n, _ in t), 120)
        for role, name, _ in tree:
            print(f"NODE {role}: {name}")
        # At rest, in the window that has the keyboard, the turn's instructions hold the
        # focus, named with where the game stands.
        if focus_window():
            # Up to 60 s on a loaded machine for the turn's line to hold it; then whatever
            # holds the focus is printed, whichever it is.
            deadline = time.time() + 60
            rest = focused(app)
            while not any(n.startswith("Turn ") for _, n in rest) and time.time() < deadline:
                time.sleep(1)
                rest = focused(app)
            for role, name in rest:
                print(f"REST {role}: {name}")
            # B reads the board: the first sentence (sector 1's forecast) takes the focus.
            subprocess.run(["xdotool", "key", "b"], timeout=20)
            deadline = time.time() + 60
            board = []
            while not board and time.time() < deadline:
                board = [f for f in focused(app) if f[1].startswith("Sector ")]
                if not board:
                    time.sleep(1)
            for role, name in board:
                print(f"BOARD {role}: {name}")
        if not press(tree, "3: Red Alert", "NO-CARD"):
            return 3
        after = tree_when(app, lambda t: any("Red Alert:" in n for _, n, _ in t), 60)
        for role, name, _ in after:
            print(f"AFTER {role}: {name}")
        # Then its target, as the reader found it, named as the play it makes: the card is
        # played.
        if not press(after, "Red Alert on facing 1 ", "NO-TARGET"):
            return 4
        played = tree_when(
            app, lambda t: not any(n.startswith("3: Red Alert") for _, n, _ in t), 60
        )
        for role, name, _ in played:
            print(f"PLAYED {role}: {name}")
        for role, name in tab(app, 60):
            print(f"FOCUSED {role}: {name}")
        # The threats' turn: the reader presses End phase. With a reader running, each step
        # waits for a key, and its "Next step" takes the focus named by the step (Orca 43
        # says what takes the focus, not live regions): two steps, each pressed on.
        if not press(nodes(app), "End phase", "NO-END-PHASE"):
            return 5
        heard = []
        for _ in range(2):
            deadline = time.time() + 60
            step = None
            while step is None and time.time() < deadline and game.alive():
                step = next(
                    (
                        name
                        for _, name in focused(app)
                        if name.endswith("Next step, Space.") and name not in heard
                    ),
                    None,
                )
                if step is None:
                    time.sleep(1)
            if step is None:
                break
            heard.append(step)
            print(f"STEP {step}")
            if not press(nodes(app), step, "NO-NEXT-STEP"):
                break
        return 0
    finally:
        game.stop()


sys.exit(main())
