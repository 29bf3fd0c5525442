#!/usr/bin/python3
"""A GTK3 window for the mouse grid's desktop tests (tests/panel/grid.desktop.test.ts), on its own
(it shares no module with the other fixtures).

Run with Debian's Python (/usr/bin/python3 has the gi module). It has a button drawn on a canvas (a
GtkDrawingArea: nothing below it is accessible, so only a point can reach it) and an ordinary
"Delete everything" button. Labels, read through AT-SPI, say where the drawn button is on the screen
("Drawn button at: x y width height") and count what happened: "Drawn presses: N" (a press inside the
drawn button), "Deleted: N"."""
import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

# The drawn button's rectangle inside the canvas.
BUTTON = (20, 20, 200, 80)


def main():
    win = Gtk.Window(title="Grid Fixture")
    win.set_default_size(560, 360)
    win.move(0, 0)
    win.connect("destroy", Gtk.main_quit)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=8, margin=8)
    win.add(box)

    canvas = Gtk.DrawingArea()
    canvas.set_size_request(BUTTON[0] * 2 + BUTTON[2], BUTTON[1] * 2 + BUTTON[3])
    canvas.add_events(Gdk.EventMask.BUTTON_PRESS_MASK)
    box.pack_start(canvas, False, False, 0)
    where = Gtk.Label(label="Drawn button at: unknown", xalign=0)
    drawn = Gtk.Label(label="Drawn presses: 0", xalign=0)
    presses = [0]

    def draw(_widget, cr):
        x, y, w, h = BUTTON
        cr.set_source_rgb(0.2, 0.4, 0.8)
        cr.rectangle(x, y, w, h)
        cr.fill()
        cr.set_source_rgb(1, 1, 1)
        cr.move_to(x + 16, y + h / 2 + 6)
        cr.set_font_size(18)
        cr.show_text("Drawn button")
        return False

    def pressed(_widget, event):
        x, y, w, h = BUTTON
        # Each press counts once (a double click's extra 2BUTTON_PRESS event does not).
        if event.type == Gdk.EventType.BUTTON_PRESS and x <= event.x < x + w and y <= event.y < y + h:
            presses[0] += 1
            drawn.set_text(f"Drawn presses: {presses[0]}")
        return True

    def placed(*_args):
        """Writes where the drawn button is on the screen; an idle callback, run once."""
        window = canvas.get_window()
        if window is None:
            return False
        _, ox, oy = window.get_origin()
        alloc = canvas.get_allocation()
        # The canvas has no window of its own: its origin is the toplevel's, plus its allocation.
        if not canvas.get_has_window():
            ox, oy = ox + alloc.x, oy + alloc.y
        x, y, w, h = BUTTON
        where.set_text(f"Drawn button at: {ox + x} {oy + y} {w} {h}")
        return False

    canvas.connect("draw", draw)
    canvas.connect("button-press-event", pressed)
    # Said again whenever the window moves or the canvas is laid out (once the event has been handled).
    win.connect("configure-event", lambda *_a: GLib.idle_add(placed) and False)
    canvas.connect("size-allocate", lambda *_a: GLib.idle_add(placed))

    delete = Gtk.Button(label="Delete everything")
    deleted = Gtk.Label(label="Deleted: 0", xalign=0)
    counted = [0]

    def bump(*_args):
        counted[0] += 1
        deleted.set_text(f"Deleted: {counted[0]}")

    delete.connect("clicked", bump)
    delete.set_size_request(240, 60)
    row = Gtk.Box(spacing=8)
    row.pack_start(delete, False, False, 0)
    row.pack_start(deleted, False, False, 0)
    for widget in (row, where, drawn):
        box.pack_start(widget, False, False, 0)
    win.show_all()
    Gtk.main()


if __name__ == "__main__":
    main()
