// The Linux bridge: the mirror of a GTK 3 app following a scroll by the bounds it keeps.
//
// GTK 3 scrolls a view by moving the window its content is drawn in: every element inside the view
// moves by the scroll's distance and none is allocated again (no bounds-changed). An element shows
// when it lies in the view (GtkWidgetAccessible's on-screen test), and one that does not gives no
// place at all (G_MININT). Asking the pane with Collection.GetMatches (refreshShowing) costs the app a
// walk whose cost grows with the square of a container's children (GTK 3 lists a container's
// children again for every child it gives): 40–220 ms for 1,500 elements on a loaded machine, and
// reading the bounds of everything showing again as much. Here the kept bounds move by the distance
// a few elements read again moved; where the view now lies within what the mirror has seen whole
// (every element showing there placed), the elements that show are known by their places, and only
// those at the view's edges or coming into it are asked; elsewhere the pane is asked, and only the
// elements that came into view are placed.
#include <algorithm>
#include <climits>

#include "linux_bridge.h"

namespace axb {
namespace atspi {

namespace {
constexpr size_t kFollowedMax = 4000;  // elements below one pane followed by their bounds; more: asked
constexpr size_t kProbes = 6;          // elements read again to find the scroll's distance
constexpr size_t kConfirmedMax = 64;   // elements that said they moved, read again to see whether they did
constexpr size_t kSeenMax = 16;        // views seen whole, per pane
// Within this of the view's edge an element's showing state is asked (GTK tests the view's own
// rectangle, which may sit a border away from the bounds the view gives).
constexpr double kEdgePx = 8;

bool same(const Rect& a, const Rect& b) {
  return a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height;
}

// GTK gives an element out of its view the place (G_MININT, G_MININT).
bool placed(const Rect& r) { return r.x > INT_MIN && r.y > INT_MIN; }

// Whether `a` meets `b` grown by `margin` on every side (shrunk when negative).
bool meets(const Rect& a, const Rect& b, double margin) {
  return a.x <= b.x + b.width + margin && b.x - margin <= a.x + a.width && a.y <= b.y + b.height + margin &&
         b.y - margin <= a.y + a.height;
}

// Whether `r` lies within the union of `rects`: every cell between their edges inside `r` is covered.
bool covered(const Rect& r, const std::vector<Rect>& rects) {
  std::vector<double> xs = {r.x, r.x + r.width}, ys = {r.y, r.y + r.height};
  for (const Rect& c : rects) {
    for (double x : {c.x, c.x + c.width})
      if (x > r.x && x < r.x + r.width) xs.push_back(x);
    for (double y : {c.y, c.y + c.height})
      if (y > r.y && y < r.y + r.height) ys.push_back(y);
  }
  std::sort(xs.begin(), xs.end());
  std::sort(ys.begin(), ys.end());
  for (size_t i = 0; i + 1 < xs.size(); ++i) {
    for (size_t j = 0; j + 1 < ys.size(); ++j) {
      double x = (xs[i] + xs[i + 1]) / 2, y = (ys[j] + ys[j + 1]) / 2;
      if (!std::any_of(rects.begin(), rects.end(), [x, y](const Rect& c) {
            return x >= c.x && x <= c.x + c.width && y >= c.y && y <= c.y + c.height;
          }))
        return false;
    }
  }
  return true;
}

RawCall extentsCall(const ObjRef& ref, std::optional<Rect>* into) {
  return method(ref, "org.a11y.atspi.Component", "GetExtents", argUint(ATSPI_COORD_TYPE_SCREEN),
                [into](DBusMessageIter* it) { *into = readExtents(it); });
}
}  // namespace

std::unordered_map<std::string, std::vector<size_t>> LinuxBridge::mirrorKids(const Mirror& m) {
  std::unordered_map<std::string, std::vector<size_t>> kids;
  for (size_t i = 0; i < m.items.size(); ++i)
    if (m.items[i].parent.bus == m.bus) kids[m.items[i].parent.path].push_back(i);
  return kids;
}

void LinuxBridge::forgetBounds(Mirror& m) {
  m.bounds.clear();
  m.seen.clear();
}

// The place the mirror keeps for an element, when it has one on screen.
const Rect* LinuxBridge::keptPlace(const Mirror& m, size_t item) {
  auto at = m.bounds.find(m.items[item].ref.path);
  return at != m.bounds.end() && placed(at->second) ? &at->second : nullptr;
}

// The pane's children (the view, its scroll bars: they stay) and what is below them (it scrolls),
// each with the child it is in. False for a container that manages its descendants or too many, or
// an element below that said it moved (allocated again, not scrolled).
bool LinuxBridge::paneParts(const Mirror& m, size_t pane, const ChangeLog& changes, PaneParts& parts) {
  auto kids = mirrorKids(m);
  auto listed = kids.find(m.items[pane].ref.path);
  if (listed == kids.end()) return false;
  parts.views = listed->second;
  std::unordered_set<size_t> seen(parts.views.begin(), parts.views.end());
  seen.insert(pane);
  for (size_t v = 0; v < parts.views.size(); ++v) {
    std::vector<size_t> stack = {parts.views[v]};
    while (!stack.empty()) {
      const CacheItem& item = m.items[stack.back()];
      stack.pop_back();
      Info info{item.role, "", "", item.states, item.ifaces, item.childCount};
      if (hasStateBit(item.states, ATSPI_STATE_MANAGES_DESCENDANTS) || managesHugeDescendants(info)) return false;
      auto below = kids.find(item.ref.path);
      if (below == kids.end()) continue;
      for (size_t k : below->second) {
        if (!seen.insert(k).second) continue;
        if (changes.movedPaths.count(m.items[k].ref.path) || parts.inner.size() >= kFollowedMax) return false;
        parts.inner.push_back(k);
        parts.viewOf.push_back(v);
        stack.push_back(k);
      }
    }
  }
  return true;
}

// After the scroll bar of `pane` changed (`scrolled`), or the pane or a view said it moved: the
// pane's views are read again, and the distance the content moved from up to kProbes elements that
// showed (all of those still on screen must agree, at least two); the places kept move by it. Not
// scrolled, with the views and the content where they were, what shows is as it was; otherwise it
// is judged by place (the view lies in what was seen whole) or asked of the pane. False when this
// cannot be trusted: the caller then asks the pane. The paths whose places are current go into
// `followed`.
bool LinuxBridge::followScroll(Mirror& m, size_t pane, bool scrolled, const ChangeLog& changes,
                               std::unordered_set<std::string>& followed, const Deadline& deadline) {
  PaneParts parts;
  if (!paneParts(m, pane, changes, parts)) return false;
  const uint64_t showing = uint64_t{1} << ATSPI_STATE_SHOWING;
  std::vector<size_t> shown;  // positions in `inner` that showed, with a place, top to bottom
  for (size_t k = 0; k < parts.inner.size(); ++k)
    if ((m.items[parts.inner[k]].states & showing) && keptPlace(m, parts.inner[k])) shown.push_back(k);
  std::sort(shown.begin(), shown.end(), [&](size_t a, size_t b) {
    const Rect *ra = keptPlace(m, parts.inner[a]), *rb = keptPlace(m, parts.inner[b]);
    return ra->y != rb->y ? ra->y < rb->y : ra->x < rb->x;
  });
  std::vector<size_t> probes;
  size_t count = std::min(kProbes, shown.size());
  for (size_t p = 0; p < count; ++p) probes.push_back(shown[count == 1 ? 0 : p * (shown.size() - 1) / (count - 1)]);

  std::vector<RawCall> calls;
  std::vector<std::optional<Rect>> viewAt(parts.views.size()), probeAt(probes.size());
  for (size_t v = 0; v < parts.views.size(); ++v)
    if (m.items[parts.views[v]].ifaces & kIfaceComponent)
      calls.push_back(extentsCall(m.items[parts.views[v]].ref, &viewAt[v]));
  for (size_t p = 0; p < probes.size(); ++p)
    calls.push_back(extentsCall(m.items[parts.inner[probes[p]]].ref, &probeAt[p]));
  bus_.run(calls, deadline, kMaxCallMs, nullptr);
  if (!std::all_of(calls.begin(), calls.end(), [](const RawCall& c) { return c.answered; })) return false;
  for (size_t v : parts.viewOf)
    if (!viewAt[v] || !placed(*viewAt[v])) return false;

  // The distance scrolled, from the probes still on screen; their sizes unchanged.
  std::optional<std::pair<double, double>> moved;
  size_t agreeing = 0;
  for (size_t p = 0; p < probes.size(); ++p) {
    const Rect& was = *keptPlace(m, parts.inner[probes[p]]);
    if (!probeAt[p] || probeAt[p]->width != was.width || probeAt[p]->height != was.height) return false;
    if (!placed(*probeAt[p])) continue;
    std::pair<double, double> d{probeAt[p]->x - was.x, probeAt[p]->y - was.y};
    if (moved && *moved != d) return false;
    moved = d;
    ++agreeing;
  }
  bool stayed = !scrolled && (probes.empty() || (moved && moved->first == 0 && moved->second == 0));
  for (size_t v = 0; v < parts.views.size() && stayed; ++v) {
    const Rect* was = keptPlace(m, parts.views[v]);
    stayed = !viewAt[v] || (was && same(*was, *viewAt[v]));
  }
  std::vector<Rect>& seen = m.seen[m.items[pane].ref.path];
  if (agreeing >= 2) {
    for (size_t k : parts.inner) {
      auto at = m.bounds.find(m.items[k].ref.path);
      if (at == m.bounds.end() || !placed(at->second)) continue;
      at->second.x += moved->first;
      at->second.y += moved->second;
    }
    for (Rect& r : seen) {
      r.x += moved->first;
      r.y += moved->second;
    }
  } else {
    // Scrolled too far to tell by how much: nothing below the pane keeps a place.
    for (size_t k : parts.inner) m.bounds.erase(m.items[k].ref.path);
    seen.clear();
  }
  for (size_t v = 0; v < parts.views.size(); ++v) {
    if (viewAt[v]) m.bounds[m.items[parts.views[v]].ref.path] = *viewAt[v];
    followed.insert(m.items[parts.views[v]].ref.path);
  }
  for (size_t k : parts.inner) followed.insert(m.items[k].ref.path);

  if (stayed) return true;  // what shows is as it was
  // GTK's own view rectangle sits where the view's bounds do, or a border away, the same at every
  // scroll: a view within views seen whole is a GTK view within GTK views seen whole.
  bool judged =
      std::all_of(parts.viewOf.begin(), parts.viewOf.end(), [&](size_t v) { return covered(*viewAt[v], seen); });
  bool done = judged ? judgeByPlace(m, parts, viewAt, deadline) : askPane(m, pane, parts, deadline);
  if (!done) return false;
  if (!judged) {
    // Every element showing now has its place: no element without one lies in these views.
    for (size_t v : parts.viewOf)
      if (std::none_of(seen.begin(), seen.end(), [&](const Rect& r) { return same(r, *viewAt[v]); }))
        seen.push_back(*viewAt[v]);
    if (seen.size() > kSeenMax) seen.erase(seen.begin(), seen.begin() + static_cast<long>(seen.size() - kSeenMax));
  }
  return true;
}

// The views lie in what was seen whole: an element without a place, or far outside its view, does
// not show; one well inside that showed still does; the others (at the edges, or coming into view)
// are asked.
bool LinuxBridge::judgeByPlace(Mirror& m, const PaneParts& parts, const std::vector<std::optional<Rect>>& viewAt,
                               const Deadline& deadline) {
  const uint64_t showing = uint64_t{1} << ATSPI_STATE_SHOWING;
  std::vector<size_t> ask;
  for (size_t k = 0; k < parts.inner.size(); ++k) {
    CacheItem& item = m.items[parts.inner[k]];
    const Rect* at = keptPlace(m, parts.inner[k]);
    const Rect& view = *viewAt[parts.viewOf[k]];
    if (!(item.ifaces & kIfaceComponent)) ask.push_back(parts.inner[k]);
    else if (!at || !meets(*at, view, kEdgePx)) item.states &= ~showing;
    else if (!(item.states & showing) || !meets(*at, view, -kEdgePx)) ask.push_back(parts.inner[k]);
  }
  std::vector<uint64_t> states(ask.size());
  std::vector<RawCall> calls;
  for (size_t a = 0; a < ask.size(); ++a)
    calls.push_back(method(m.items[ask[a]].ref, kAccessible, "GetState", nullptr,
                           [&states, a](DBusMessageIter* it) { states[a] = readStateWords(it); }));
  bus_.run(calls, deadline, kMaxCallMs, nullptr);
  for (size_t a = 0; a < ask.size(); ++a) {
    if (!calls[a].answered) return false;
    m.items[ask[a]].states = states[a];
  }
  return true;
}

// The pane says what shows (refreshShowing); the elements showing without a place are read.
bool LinuxBridge::askPane(Mirror& m, size_t pane, const PaneParts& parts, const Deadline& deadline) {
  if (!refreshShowing(m, pane, deadline)) return false;
  const uint64_t showing = uint64_t{1} << ATSPI_STATE_SHOWING;
  std::vector<size_t> read;
  for (size_t k : parts.inner)
    if ((m.items[k].states & showing) && (m.items[k].ifaces & kIfaceComponent) && !keptPlace(m, k)) read.push_back(k);
  std::vector<std::optional<Rect>> now(read.size());
  std::vector<RawCall> calls;
  for (size_t r = 0; r < read.size(); ++r) calls.push_back(extentsCall(m.items[read[r]].ref, &now[r]));
  bus_.run(calls, deadline, kMaxCallMs, nullptr);
  for (size_t r = 0; r < read.size(); ++r) {
    if (!calls[r].answered || !now[r] || !placed(*now[r])) return false;
    m.bounds[m.items[read[r]].ref.path] = *now[r];
  }
  return true;
}

// Elements that said they moved (object:bounds-changed; GTK 3 also says so of an element allocated
// again where it was, as a scroll does for the scroll bar and its ancestors), other than those
// `followed`: true when each is read again where the mirror has it. GTK 3 moves an element only by
// allocating it again, which it says, and the elements in an element's own window with it, which
// stays where it was when the element does: the bounds kept for everything else hold.
bool LinuxBridge::confirmUnmoved(Mirror& m, const ChangeLog& changes, const std::unordered_set<std::string>& followed,
                                 const Deadline& deadline) {
  if (changes.movedUnknown) return false;
  std::vector<const Rect*> kept;
  std::vector<RawCall> calls;
  std::vector<std::optional<Rect>> now(std::min(changes.movedPaths.size(), kConfirmedMax));
  for (const auto& path : changes.movedPaths) {
    if (followed.count(path)) continue;
    auto had = m.bounds.find(path);
    if (had == m.bounds.end() || !placed(had->second) || kept.size() >= kConfirmedMax) return false;
    calls.push_back(extentsCall({m.bus, path}, &now[kept.size()]));
    kept.push_back(&had->second);
  }
  bus_.run(calls, deadline, kMaxCallMs, nullptr);
  for (size_t k = 0; k < kept.size(); ++k)
    if (!calls[k].answered || !now[k] || !same(*now[k], *kept[k])) return false;
  return true;
}

}  // namespace atspi
}  // namespace axb
