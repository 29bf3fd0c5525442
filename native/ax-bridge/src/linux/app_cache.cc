// The Linux bridge: an application's own cache (org.a11y.atspi.Cache.GetItems), and the bridge's
// mirror of it kept current by the application's change events.
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

// Reads again the elements the app said changed. False when reading the whole cache is the
// better answer: too many changed, one did not answer, its child count changed, or a view scrolled.
bool LinuxBridge::refreshMirror(Mirror& m, const ChangeLog& changes, const Deadline& deadline) {
  if (changes.paths.size() * kMirrorReadShare > m.items.size()) return false;
  std::vector<size_t> which;
  for (const auto& path : changes.paths) {
    auto found = m.at.find(path);
    if (found == m.at.end()) continue;  // elements the cache never held stay out
    // GTK says which children of a scrolled view are showing by where the view is scrolled to, and
    // sends no state change for them when it scrolls: only its scroll bar's value changes. The
    // mirror's showing states are then stale, and the app is read whole (reading the states of the
    // scroll pane's items one by one took as long as the whole cache for 1,500 of them).
    if (m.items[found->second].role == ATSPI_ROLE_SCROLL_BAR) return false;
    which.push_back(found->second);
  }
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
