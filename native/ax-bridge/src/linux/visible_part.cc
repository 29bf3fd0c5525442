// The Linux bridge: containers too big to read whole (a spreadsheet's sheet, a list of thousands),
// read only where they are on screen: table cells by row and column, other items by sampling points.
#include <algorithm>
#include <limits>

#include "linux_bridge.h"

namespace axb {
namespace atspi {

uint64_t LinuxBridge::cellKey(int row, int column) {
  return (static_cast<uint64_t>(static_cast<uint32_t>(row)) << 32) | static_cast<uint32_t>(column);
}

RawCall LinuxBridge::childAtPoint(const ObjRef& container, int x, int y, ObjRef* into) {
  return method(
      container, "org.a11y.atspi.Component", "GetAccessibleAtPoint",
      [x, y](DBusMessage* m) {
        dbus_int32_t px = x, py = y;
        dbus_uint32_t coords = ATSPI_COORD_TYPE_SCREEN;
        dbus_message_append_args(m, DBUS_TYPE_INT32, &px, DBUS_TYPE_INT32, &py, DBUS_TYPE_UINT32, &coords,
                                 DBUS_TYPE_INVALID);
      },
      [into](DBusMessageIter* it) { readObjectRef(it, *into); });
}

// Its visible part, bounded: never a call that makes the app build all its children. A table is
// read through its Table interface: the cells at the corners of its on-screen area (clipped by
// its parent's, a scrolled window) give the visible rows and columns, then each visible cell is
// asked for by row and column, row by row up to the cap. Anything else (or a table whose corner
// cells cannot be placed) is sampled: the child at points on a grid over the visible area.
Result<Done> LinuxBridge::readVisible(Tree& t, std::vector<Windowed>& ws, const CallErrorPolicy& policy,
                                      const Deadline& deadline) {
  if (ws.empty()) return Done{};
  std::vector<RawCall> calls;
  for (auto& w : ws) {
    const Node& n = t.nodes[w.node];
    calls.push_back(method(n.ref, "org.a11y.atspi.Component", "GetExtents", argUint(ATSPI_COORD_TYPE_SCREEN),
                           [&w](DBusMessageIter* it) { w.own = readExtents(it); }));
    if (n.parent >= 0)
      calls.push_back(method(t.nodes[n.parent].ref, "org.a11y.atspi.Component", "GetExtents",
                             argUint(ATSPI_COORD_TYPE_SCREEN),
                             [&w](DBusMessageIter* it) { w.parent = readExtents(it); }));
    if (n.info.ifaces & kIfaceTable) {
      calls.push_back(
          property(n.ref, "org.a11y.atspi.Table", "NRows", [&w](DBusMessageIter* v) { w.rows = readInt(v, -1); }));
      calls.push_back(property(n.ref, "org.a11y.atspi.Table", "NColumns",
                               [&w](DBusMessageIter* v) { w.columns = readInt(v, -1); }));
    }
  }
  if (auto e = bus_.run(calls, deadline, kMaxCallMs, policy)) return *e;

  // The visible area of each.
  std::vector<Rect> area(ws.size(), Rect{0, 0, 0, 0});
  for (size_t i = 0; i < ws.size(); ++i) {
    Windowed& w = ws[i];
    w.part.rows = w.rows;
    w.part.columns = w.columns;
    int count = t.nodes[w.node].info.childCount;
    w.part.itemCount = count >= 0 && count < std::numeric_limits<int32_t>::max() ? count : -1;
    if (!w.own) continue;
    Rect r = *w.own;
    if (w.parent) {
      double x0 = std::max(r.x, w.parent->x), y0 = std::max(r.y, w.parent->y);
      double x1 = std::min(r.x + r.width, w.parent->x + w.parent->width),
             y1 = std::min(r.y + r.height, w.parent->y + w.parent->height);
      r = Rect{x0, y0, std::max(0.0, x1 - x0), std::max(0.0, y1 - y0)};
    }
    if (r.width >= 2 && r.height >= 2) area[i] = r;
  }

  // The tables' corner cells (top-left, bottom-right), with their rows and columns: the cell at
  // a point, its index in its parent, then the table's row and column of that index. Column
  // headers sit inside the table's area in some toolkits (a GTK tree view), so a corner that is
  // not a cell is tried again a little further in, round by round: only the corners still
  // unplaced are asked (LibreOffice builds, and keeps, a new cell for every point asked).
  std::vector<int> row(ws.size() * 2, -1), column(ws.size() * 2, -1);
  for (int k = 0; k < kCornerTries; ++k) {
    std::vector<size_t> open;
    for (size_t c = 0; c < row.size(); ++c) {
      const Windowed& w = ws[c / 2];
      if (row[c] < 0 && w.rows > 0 && w.columns > 0 && area[c / 2].width >= 2) open.push_back(c);
    }
    if (open.empty()) break;
    std::vector<ObjRef> cell(open.size());
    std::vector<int> index(open.size(), -1);
    calls.clear();
    for (size_t j = 0; j < open.size(); ++j) {
      const Rect& r = area[open[j] / 2];
      int dy = std::min(k * kCornerStepPx, int(r.height) - 2);
      bool topLeft = open[j] % 2 == 0;
      int x = topLeft ? int(r.x) + 1 : int(r.x + r.width) - 2;
      int y = topLeft ? int(r.y) + 1 + dy : int(r.y + r.height) - 2 - dy;
      calls.push_back(childAtPoint(t.nodes[ws[open[j] / 2].node].ref, x, y, &cell[j]));
    }
    if (auto e = bus_.run(calls, deadline, kMaxCallMs, policy)) return *e;
    calls.clear();
    for (size_t j = 0; j < open.size(); ++j)
      if (!cell[j].bus.empty())
        calls.push_back(method(cell[j], kAccessible, "GetIndexInParent", nullptr,
                               [&index, j](DBusMessageIter* it) { index[j] = readInt(it, -1); }));
    if (auto e = bus_.run(calls, deadline, kMaxCallMs, policy)) return *e;
    std::vector<int> r(open.size(), -1), col(open.size(), -1);
    calls.clear();
    for (size_t j = 0; j < open.size(); ++j) {
      if (index[j] < 0) continue;
      const ObjRef& table = t.nodes[ws[open[j] / 2].node].ref;
      calls.push_back(method(table, "org.a11y.atspi.Table", "GetRowAtIndex", argInt(index[j]),
                             [&r, j](DBusMessageIter* it) { r[j] = readInt(it, -1); }));
      calls.push_back(method(table, "org.a11y.atspi.Table", "GetColumnAtIndex", argInt(index[j]),
                             [&col, j](DBusMessageIter* it) { col[j] = readInt(it, -1); }));
    }
    if (auto e = bus_.run(calls, deadline, kMaxCallMs, policy)) return *e;
    for (size_t j = 0; j < open.size(); ++j) {
      if (r[j] < 0 || col[j] < 0) continue;
      row[open[j]] = r[j];
      column[open[j]] = col[j];
    }
  }

  // The visible cells of the tables that could be placed; sample points for the rest.
  calls.clear();
  std::vector<std::vector<ObjRef>> found(ws.size());
  struct Cell {
    size_t table, slot;
    int row, column;
  };
  std::vector<Cell> reused, asked;
  for (size_t i = 0; i < ws.size(); ++i) {
    Windowed& w = ws[i];
    const Rect& r = area[i];
    if (r.width < 2 || w.cap <= 0) continue;
    const ObjRef& ref = t.nodes[w.node].ref;
    int r0 = row[2 * i], c0 = column[2 * i], r1 = row[2 * i + 1], c1 = column[2 * i + 1];
    bool placed = r0 >= 0 && c0 >= 0 && r1 >= r0 && c1 >= c0 && r1 < w.rows && c1 < w.columns &&
                  r1 - r0 < kMaxVisibleSpan && c1 - c0 < kMaxVisibleSpan;
    if (placed) {
      int cols = c1 - c0 + 1;
      int maxRows = std::max(1, w.cap / cols);
      if (cols > w.cap) {
        cols = w.cap;
        c1 = c0 + cols - 1;
      }
      r1 = std::min(r1, r0 + maxRows - 1);
      w.part.firstRow = r0;
      w.part.lastRow = r1;
      w.part.firstColumn = c0;
      w.part.lastColumn = c1;
      found[i].resize(static_cast<size_t>((r1 - r0 + 1) * cols));
      auto& known = knownCells_[ref.bus + '\n' + ref.path];
      for (int rr = r0; rr <= r1; ++rr)
        for (int cc = c0; cc <= c1; ++cc) {
          size_t slot = static_cast<size_t>((rr - r0) * cols + (cc - c0));
          auto had = known.find(cellKey(rr, cc));
          if (had != known.end()) {
            found[i][slot] = had->second;
            reused.push_back({i, slot, rr, cc});
          } else {
            asked.push_back({i, slot, rr, cc});
          }
        }
      continue;
    }
    int ys = std::min(kMaxSampleRows, std::max(1, int(r.height) / kSampleStepPx));
    int xs = std::min(kMaxSampleColumns, std::max(1, int(r.width) / kSampleColumnPx));
    found[i].resize(static_cast<size_t>(ys * xs));
    for (int yi = 0; yi < ys; ++yi)
      for (int xi = 0; xi < xs; ++xi) {
        int x = int(r.x + r.width * (2 * xi + 1) / (2 * xs));
        int y = int(r.y + r.height * (2 * yi + 1) / (2 * ys));
        calls.push_back(childAtPoint(ref, x, y, &found[i][static_cast<size_t>(yi * xs + xi)]));
      }
  }
  // Cells had before: still there if they still answer (a cheap question); else asked anew.
  std::vector<int> stillThere(reused.size(), 0);
  for (size_t k = 0; k < reused.size(); ++k)
    calls.push_back(method(reused[k].table < ws.size() ? found[reused[k].table][reused[k].slot] : ObjRef{}, kAccessible,
                           "GetIndexInParent", nullptr,
                           [&stillThere, k](DBusMessageIter* it) { stillThere[k] = readInt(it, -1) >= 0; }));
  if (auto e = bus_.run(calls, deadline, kMaxCallMs, policy)) return *e;
  calls.clear();
  for (size_t k = 0; k < reused.size(); ++k) {
    if (stillThere[k]) continue;
    found[reused[k].table][reused[k].slot] = ObjRef{};
    asked.push_back(reused[k]);
  }
  for (const Cell& c : asked) {
    ObjRef* into = &found[c.table][c.slot];
    calls.push_back(method(t.nodes[ws[c.table].node].ref, "org.a11y.atspi.Table", "GetAccessibleAt",
                           argInts(c.row, c.column), [into](DBusMessageIter* it) { readObjectRef(it, *into); }));
  }
  if (auto e = bus_.run(calls, deadline, kMaxCallMs, policy)) return *e;
  for (const Cell& c : asked) {
    const ObjRef& table = t.nodes[ws[c.table].node].ref;
    const ObjRef& cell = found[c.table][c.slot];
    if (cell.bus.empty()) continue;
    std::string key = table.bus + '\n' + table.path;
    if (!knownCells_.count(key) && knownCells_.size() >= kKnownTables) knownCells_.clear();
    auto& known = knownCells_[key];
    if (known.size() >= kKnownCellsPerTable) known.clear();
    known[cellKey(c.row, c.column)] = cell;
  }
  for (size_t i = 0; i < ws.size(); ++i) {
    Windowed& w = ws[i];
    std::unordered_set<std::string> seen;
    const ObjRef& self = t.nodes[w.node].ref;
    for (const ObjRef& ref : found[i]) {
      if (ref.bus.empty() || ref == self || static_cast<int>(w.kids.size()) >= w.cap) continue;
      if (seen.insert(ref.bus + '\n' + ref.path).second) w.kids.push_back(ref);
    }
    w.part.items = static_cast<int>(w.kids.size());
  }
  return Done{};
}

}  // namespace atspi
}  // namespace axb
