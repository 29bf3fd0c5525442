// The Linux bridge: an application's own cache (org.a11y.atspi.Cache.GetItems), and the bridge's
// mirror of it kept current by the application's change events, with the bounds it keeps (GTK 3).
#include <algorithm>

#include "linux_bridge.h"

namespace axb {
namespace atspi {

void LinuxBridge::dropMirror(const std::string& bus) {
  mirrors_.erase(std::remove_if(mirrors_.begin(), mirrors_.end(), [&bus](const Mirror& m) { return m.bus == bus; }),
                 mirrors_.end());
}

// The app's own cache (org.a11y.atspi.Cache.GetItems): every element it knows, with role, name,
// description, states and interfaces, in one call. Apps without one are walked.
Result<Done> LinuxBridge::loadCache(Tree& t, const ObjRef& app, int pid, bool useMirror, const Deadline& deadline) {
  t.bus = app.bus;
  // Mirrors of apps no longer watched (the bus connection was lost, or others were watched since)
  // are stale: dropped.
  mirrors_.erase(
      std::remove_if(mirrors_.begin(), mirrors_.end(), [this](const Mirror& m) { return !bus_.watching(m.bus); }),
      mirrors_.end());
  bool watched = bus_.watching(app.bus);
  if (!watched && bus_.watch(app.bus, deadline)) {
    watched = true;
    // The app learns of the registration from the registry through the bus, in order: once it
    // answers this, it sends its change signals, and the cache read next can be kept.
    RawCall sync = property(app, kAccessible, "Name", [](DBusMessageIter*) {});
    sync.viaBus = true;
    if (!bus_.call(sync, deadline, kMaxCallMs).answered) watched = false;
  }
  ChangeLog changes = bus_.takeChanges(app.bus);
  auto mirror = std::find_if(mirrors_.begin(), mirrors_.end(), [&app](const Mirror& m) { return m.bus == app.bus; });
  bool young = mirror != mirrors_.end() &&
               std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - mirror->readAt).count() <
                   kMirrorMaxAgeMs;
  if (useMirror && watched && young && !changes.structure && refreshMirror(*mirror, changes, deadline)) {
    t.items = mirror->items;
    t.fromMirror = true;
    t.changed = changes.moved || !changes.paths.empty();
    t.boundsHold = mirror->boundsHold;
    indexItems(t, app.bus);
    return Done{};
  }
  if (mirror != mirrors_.end()) mirrors_.erase(mirror);
  bool parsed = false;
  RawCall c = method({app.bus, "/org/a11y/atspi/cache"}, "org.a11y.atspi.Cache", "GetItems", nullptr,
                     [&t, &parsed](DBusMessageIter* it) { parsed = parseCacheItems(it, t.items); });
  // Half the deadline at most: the rest is walked (the walk stops at maxNodes; the cache cannot).
  // An app whose whole cache took longer than half a second (a huge document) is walked from then on.
  bus_.call(c, deadline, std::max(1, static_cast<int>(deadline.remainingMs() / 2)));
  if (!c.answered) {
    t.items.clear();
    if (isNoReply(c.error) && c.waitedMs >= c.timeoutMs - 1 && processAlive(pid)) {
      if (c.timeoutMs >= 500) rememberWalkOnly(app.bus);
      return Done{};
    }
    if (isNoReply(c.error) || isGoneName(c.error) || c.error == kErrorDeadline)
      return callError(c, pid, "Reading the application", "The application", deadline);
    return Done{};  // no cache here (UnknownMethod): walk
  }
  if (!parsed) {
    t.items.clear();
    return Done{};
  }
  // A cache this big or this slow (an icon view of 20,000 files: 1.3 s) costs the app more to
  // send than a walk that reads only what is needed: the app is walked from the next snapshot on.
  if (t.items.size() > kCacheItemsWalked || c.waitedMs > kCacheMsWalked) {
    rememberWalkOnly(app.bus);
  } else if (watched) {
    if (mirrors_.size() >= A11yBus::kMaxWatched) mirrors_.erase(mirrors_.begin());
    Mirror m{app.bus, t.items, {}, std::chrono::steady_clock::now()};
    for (size_t i = 0; i < m.items.size(); ++i) m.at.emplace(m.items[i].ref.path, i);
    m.keepsBounds = isGtk3(app, deadline);
    mirrors_.push_back(std::move(m));
  }
  indexItems(t, app.bus);
  return Done{};
}

// GTK 3 moves a widget only by allocating it again, which it says (object:bounds-changed), or by
// scrolling, which its scroll bar says: the bounds of a GTK 3 app that said nothing are where they were
// as long as its windows are. Other toolkits are not known to say as much, and are read live.
bool LinuxBridge::isGtk3(const ObjRef& app, const Deadline& deadline) {
  std::string toolkit, version;
  std::vector<RawCall> calls;
  calls.push_back(property(app, "org.a11y.atspi.Application", "ToolkitName",
                           [&toolkit](DBusMessageIter* v) { toolkit = readString(v); }));
  calls.push_back(property(app, "org.a11y.atspi.Application", "Version",
                           [&version](DBusMessageIter* v) { version = readString(v); }));
  bus_.run(calls, deadline, kMaxCallMs, nullptr);
  return g_ascii_strcasecmp(toolkit.c_str(), "gtk") == 0 && version.rfind("3.", 0) == 0;
}

void LinuxBridge::indexItems(Tree& t, const std::string& bus) {
  for (size_t i = 0; i < t.items.size(); ++i) {
    const CacheItem& item = t.items[i];
    if (item.ref.bus != bus) continue;
    t.itemAt.emplace(item.ref.path, i);
    if (item.parent.bus == bus) t.itemKids[item.parent.path].push_back(i);
  }
}

namespace {
// Collection.GetMatches(rule, sort, count, traverse) for every descendant with the showing state; the
// rule is (states ai, match i, attributes a{ss}, match i, roles ai, match i, interfaces as, match i, invert b).
void appendShowingRule(DBusMessage* msg) {
  DBusMessageIter it, rule, list;
  dbus_message_iter_init_append(msg, &it);
  dbus_message_iter_open_container(&it, DBUS_TYPE_STRUCT, nullptr, &rule);
  const int32_t all = ATSPI_Collection_MATCH_ALL;
  int32_t words[2] = {0, 0};
  words[ATSPI_STATE_SHOWING / 32] |= static_cast<int32_t>(1u << (ATSPI_STATE_SHOWING % 32));
  dbus_message_iter_open_container(&rule, DBUS_TYPE_ARRAY, "i", &list);
  for (int32_t w : words) dbus_message_iter_append_basic(&list, DBUS_TYPE_INT32, &w);
  dbus_message_iter_close_container(&rule, &list);
  dbus_message_iter_append_basic(&rule, DBUS_TYPE_INT32, &all);
  for (const char* empty : {"{ss}", "i", "s"}) {
    dbus_message_iter_open_container(&rule, DBUS_TYPE_ARRAY, empty, &list);
    dbus_message_iter_close_container(&rule, &list);
    dbus_message_iter_append_basic(&rule, DBUS_TYPE_INT32, &all);
  }
  dbus_bool_t no = FALSE, yes = TRUE;
  dbus_message_iter_append_basic(&rule, DBUS_TYPE_BOOLEAN, &no);
  dbus_message_iter_close_container(&it, &rule);
  const uint32_t sort = ATSPI_Collection_SORT_ORDER_CANONICAL;
  const int32_t any = 0;  // no limit
  dbus_message_iter_append_basic(&it, DBUS_TYPE_UINT32, &sort);
  dbus_message_iter_append_basic(&it, DBUS_TYPE_INT32, &any);
  dbus_message_iter_append_basic(&it, DBUS_TYPE_BOOLEAN, &yes);
}
}  // namespace

// The showing state of every item below `pane`, in one call: the app tests them in its own process
// (GTK 3 answers Collection.GetMatches for 1,500 elements in a few milliseconds, where a GetState each
// or the whole cache take hundreds under load). False when that cannot be trusted: a container in the
// pane manages its descendants (asked this, it would make them all), the call failed, or it named an
// element the mirror does not hold.
bool LinuxBridge::refreshShowing(Mirror& m, size_t pane, const Deadline& deadline) {
  std::vector<size_t> below;
  auto kids = mirrorKids(m);
  std::unordered_set<size_t> seen = {pane};
  for (size_t next = 0, from = pane;; from = below[next++]) {
    const CacheItem& item = m.items[from];
    Info info{item.role, "", "", item.states, item.ifaces, item.childCount};
    if (hasStateBit(item.states, ATSPI_STATE_MANAGES_DESCENDANTS) || managesHugeDescendants(info)) return false;
    auto listed = kids.find(item.ref.path);
    if (listed != kids.end())
      for (size_t k : listed->second)
        if (seen.insert(k).second) below.push_back(k);
    if (next >= below.size()) break;
  }
  std::vector<ObjRef> showing;
  RawCall c = method(m.items[pane].ref, "org.a11y.atspi.Collection", "GetMatches", appendShowingRule,
                     [&showing](DBusMessageIter* it) { readObjectRefs(it, showing); });
  bus_.call(c, deadline, kMaxCallMs);
  if (!c.answered) return false;
  std::unordered_set<std::string> shown;
  for (const auto& ref : showing) {
    if (ref.bus != m.bus || m.at.find(ref.path) == m.at.end()) return false;
    shown.insert(ref.path);
  }
  const uint64_t bit = uint64_t{1} << ATSPI_STATE_SHOWING;
  for (size_t i : below) {
    if (shown.count(m.items[i].ref.path)) m.items[i].states |= bit;
    else m.items[i].states &= ~bit;
  }
  return true;
}

// Reads again the elements the app said changed. False when reading the whole cache is the
// better answer: too many changed, one did not answer, or its child count changed. `boundsHold`
// says whether the bounds kept are current after it: only when the app said no more than that it
// scrolled (followed by followScroll) and moved elements that are where they were.
bool LinuxBridge::refreshMirror(Mirror& m, const ChangeLog& changes, const Deadline& deadline) {
  // Which scroll panes were allocated again is not known: what shows in them may have changed.
  if (changes.movedUnknown || changes.paths.size() * kMirrorReadShare > m.items.size()) return false;
  const bool canFollow = m.keepsBounds && !m.bounds.empty();
  bool follow = canFollow;
  // GTK says which children of a scrolled view are showing by where the view is scrolled to and how
  // big it is, and sends no state change for them when it scrolls or the view is allocated again:
  // only its scroll bar's value changes, or the pane or its view says it moved. The mirror follows
  // the pane by the bounds it keeps, or asks it what shows.
  std::vector<size_t> panes, which, scrolled;
  auto addPane = [&panes](size_t pane) {
    if (std::find(panes.begin(), panes.end(), pane) == panes.end()) panes.push_back(pane);
  };
  for (const auto& path : changes.paths) {
    auto found = m.at.find(path);
    if (found == m.at.end()) continue;  // elements the cache never held stay out
    which.push_back(found->second);
    const CacheItem& item = m.items[found->second];
    if (item.role != ATSPI_ROLE_SCROLL_BAR) {
      follow = false;
      continue;
    }
    auto pane = m.at.find(item.parent.path);
    if (pane == m.at.end() || item.parent.bus != m.bus) return false;
    addPane(pane->second);
    scrolled.push_back(pane->second);
  }
  for (const auto& path : changes.movedPaths) {
    auto found = m.at.find(path);
    if (found == m.at.end()) continue;
    const CacheItem& item = m.items[found->second];
    auto parent = item.parent.bus == m.bus ? m.at.find(item.parent.path) : m.at.end();
    if (item.role == ATSPI_ROLE_SCROLL_PANE) addPane(found->second);
    else if (parent != m.at.end() && m.items[parent->second].role == ATSPI_ROLE_SCROLL_PANE) addPane(parent->second);
  }
  std::unordered_set<std::string> followed;
  for (size_t pane : panes) {
    bool byBar = std::find(scrolled.begin(), scrolled.end(), pane) != scrolled.end();
    if (canFollow && followScroll(m, pane, byBar, changes, followed, deadline)) continue;
    follow = false;
    if (!refreshShowing(m, pane, deadline)) return false;
  }
  m.boundsHold = follow && (!changes.moved || confirmUnmoved(m, changes, followed, deadline));
  if (which.empty()) return true;
  std::vector<Info> infos(which.size());
  std::vector<int> answered(which.size(), 0);
  std::vector<RawCall> calls;
  for (size_t k = 0; k < which.size(); ++k) addInfoCalls(calls, m.items[which[k]].ref, &infos[k], &answered[k]);
  bus_.run(calls, deadline, kMaxCallMs, nullptr);
  for (size_t k = 0; k < which.size(); ++k) {
    CacheItem& item = m.items[which[k]];
    if (answered[k] != 4 || infos[k].childCount != item.childCount) return false;
    item.role = infos[k].role;
    item.name = infos[k].name;
    item.description = infos[k].description;
    item.states = infos[k].states;
    item.ifaces = infos[k].ifaces;
  }
  return true;
}

// The mirror whose bounds this snapshot may take and keeps the bounds it reads (GTK 3 apps only):
// emptied first unless the tree came from it with nothing read live, and nothing changed or the
// bounds it keeps were brought up to date (refreshMirror).
LinuxBridge::Mirror* LinuxBridge::boundsKeeper(const Tree& t) {
  if (t.items.empty()) return nullptr;
  auto m = std::find_if(mirrors_.begin(), mirrors_.end(), [&t](const Mirror& m) { return m.bus == t.bus; });
  if (m == mirrors_.end() || !m->keepsBounds) return nullptr;
  if (!t.fromMirror || t.readLive || (t.changed && !t.boundsHold)) forgetBounds(*m);
  return &*m;
}

// The bounds `keeper` holds for the elements below the windows (a window's own are always read); true
// when the windows read now are where `keeper` has them, so that the bounds taken hold. Otherwise the
// bounds taken are read again, and `keeper` is emptied. The bounds read are kept.
std::optional<Error> LinuxBridge::keptBounds(Snapshot& snap, const std::vector<const Node*>& nodes, Mirror* keeper,
                                             const std::vector<size_t>& taken, const CallErrorPolicy& policy,
                                             const Deadline& deadline) {
  if (!keeper) return std::nullopt;
  bool still = true, windows = false;
  for (size_t i = 0; i < snap.elements.size() && still; ++i) {
    if (nodes[i]->depth > 1 || !(detailsNeeded(nodes[i]->info) & kNeedBounds)) continue;
    windows = true;
    auto had = keeper->bounds.find(nodes[i]->ref.path);
    const auto& now = snap.elements[i].bounds;
    still = had != keeper->bounds.end() && now && had->second.x == now->x && had->second.y == now->y &&
            had->second.width == now->width && had->second.height == now->height;
  }
  if (!windows) still = false;
  if (!still) forgetBounds(*keeper);
  if (!still && !taken.empty()) {
    std::vector<RawCall> calls;
    std::vector<size_t> owner;
    for (size_t i : taken) {
      if (i >= snap.elements.size()) break;
      snap.elements[i].bounds.reset();
      addDetailCalls(calls, nodes[i]->ref, kNeedBounds, &snap.elements[i], nullptr, nullptr);
      owner.push_back(i);
    }
    if (auto e = bus_.run(calls, deadline, kMaxCallMs, policy)) return e;
    if (auto e = cutAtUnanswered(snap, calls, owner, deadline)) return e;
  }
  if (keeper->bounds.size() > kKnownActions) forgetBounds(*keeper);
  // Only bounds an element gave: one that did not answer is asked again next time.
  for (size_t i = 0; i < snap.elements.size(); ++i)
    if (snap.elements[i].bounds) keeper->bounds[nodes[i]->ref.path] = *snap.elements[i].bounds;
  return std::nullopt;
}

void LinuxBridge::rememberWalkOnly(const std::string& bus) {
  if (std::find(walkOnly_.begin(), walkOnly_.end(), bus) != walkOnly_.end()) return;
  if (walkOnly_.size() >= 64) walkOnly_.erase(walkOnly_.begin());
  walkOnly_.push_back(bus);
}

bool LinuxBridge::infoFromCache(const Tree& t, Node& n) {
  if (n.ref.bus != t.bus) return false;
  auto found = t.itemAt.find(n.ref.path);
  if (found == t.itemAt.end()) return false;
  const CacheItem& item = t.items[found->second];
  n.info = {item.role, item.name, item.description, item.states, item.ifaces, item.childCount};
  n.hasInfo = true;
  return true;
}

// The children the cache holds, in order; nullopt unless it holds all of them with their indexes
// (GTK menus report -1 children, some items index -1, and the cache may miss late additions).
std::optional<std::vector<ObjRef>> LinuxBridge::childrenFromCache(const Tree& t, const Node& n) {
  if (n.ref.bus != t.bus || n.info.childCount < 0) return std::nullopt;
  auto found = t.itemAt.find(n.ref.path);
  if (found == t.itemAt.end() || t.items[found->second].childCount != n.info.childCount) return std::nullopt;
  // A count the cache cannot hold (an app may claim two billion) is not allocated for.
  if (static_cast<size_t>(n.info.childCount) > t.items.size()) return std::nullopt;
  std::vector<ObjRef> kids(static_cast<size_t>(n.info.childCount));
  auto listed = t.itemKids.find(n.ref.path);
  size_t have = listed == t.itemKids.end() ? 0 : listed->second.size();
  if (have != kids.size()) return std::nullopt;
  std::vector<bool> filled(kids.size(), false);
  for (size_t k = 0; k < have; ++k) {
    const CacheItem& item = t.items[listed->second[k]];
    if (item.index < 0 || static_cast<size_t>(item.index) >= kids.size() || filled[item.index]) return std::nullopt;
    filled[item.index] = true;
    kids[item.index] = item.ref;
  }
  return kids;
}

}  // namespace atspi
}  // namespace axb
