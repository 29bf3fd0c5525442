#!/usr/bin/python3
"""Stands in for a screen reader (Orca) in the bridge tests: a second assistive client, through
libatspi, registered for the events a screen reader listens to, reading each event's source as it
arrives. With it running, GTK apps keep their accessibility cache and send every event.

Prints "ready" once registered, then one line "seen <event type>" the first time each type
arrives. Run with Debian's Python (/usr/bin/python3 has pyatspi); stop it with SIGTERM.
"""
import signal
import sys

import pyatspi

EVENTS = [
    "object:state-changed",
    "object:children-changed",
    "object:property-change",
    "object:text-changed",
    "object:text-caret-moved",
    "object:value-changed",
    "object:selection-changed",
    "object:active-descendant-changed",
    "window",
    "focus",
    "document",
]
seen = set()


def on_event(event):
    # As a screen reader does: read what the event is about, from inside the event handler.
    try:
        source = event.source
        if source is not None:
            source.name
            source.getRole()
            source.getState()
    except Exception:  # noqa: BLE001 - the element may be gone; a screen reader carries on
        pass
    kind = event.type.split(":")
    key = ":".join(kind[:2])
    if key not in seen:
        seen.add(key)
        print(f"seen {key}", flush=True)


for name in EVENTS:
    pyatspi.Registry.registerEventListener(on_event, name)
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
print("ready", flush=True)
pyatspi.Registry.start()
