#!/usr/bin/python3
"""The pyatspi baseline of the accessibility-bridge benchmark (pyatspi is the reader OSWorld uses).

Walks one app's whole tree reading the same fields the bridge reads (role, name, description,
states, screen bounds, action names, value) and prints {"nodes": N, "times_ms": [...]} as JSON.
Usage: /usr/bin/python3 pyatspi-snapshot.py PID RUNS
"""
import json
import sys
import time

import pyatspi

TEXT_ROLES = {pyatspi.ROLE_ENTRY, pyatspi.ROLE_TEXT, pyatspi.ROLE_COMBO_BOX, pyatspi.ROLE_TERMINAL}


def find(pid):
    for app in pyatspi.Registry.getDesktop(0):
        if app is not None and app.get_process_id() == pid:
            return app
    raise SystemExit(f"no app with pid {pid} on the accessibility bus")


def read(acc):
    role = acc.getRole()
    node = [role, acc.name, acc.description, acc.getState().getStates()]
    try:
        node.append(acc.queryComponent().getExtents(pyatspi.DESKTOP_COORDS))
    except NotImplementedError:
        pass
    try:
        action = acc.queryAction()
        node.append([action.getName(i) for i in range(action.nActions)])
    except NotImplementedError:
        pass
    if role in TEXT_ROLES and role != pyatspi.ROLE_PASSWORD_TEXT:
        try:
            node.append(acc.queryText().getText(0, 2000))
        except NotImplementedError:
            pass
    else:
        try:
            node.append(acc.queryValue().currentValue)
        except NotImplementedError:
            pass
    return node


def walk(acc, out):
    out.append(read(acc))
    for child in acc:
        if child is not None:
            walk(child, out)


def main():
    pid, runs = int(sys.argv[1]), int(sys.argv[2])
    app = find(pid)
    times, nodes = [], 0
    for _ in range(runs):
        app.clearCache()
        out = []
        start = time.perf_counter()
        walk(app, out)
        times.append((time.perf_counter() - start) * 1000)
        nodes = len(out)
    print(json.dumps({"nodes": nodes, "times_ms": times}))


if __name__ == "__main__":
    main()
