// The Linux bridge: listing, finding, launching and activating applications.
#include <algorithm>

#include "linux_bridge.h"
#include "x11_activate.h"
#include "x11_window.h"

namespace axb {
namespace atspi {

Result<std::vector<AppInfo>> LinuxBridge::runningApps(const Deadline& deadline) {
  auto apps = listApps(deadline);
  if (!apps.ok()) return apps.error();
  auto active = activeWindows(apps.value(), deadline);
  size_t front = frontIndex(apps.value(), active);
  std::vector<AppInfo> out;
  for (size_t i = 0; i < apps.value().size(); ++i) {
    const AppEntry& app = apps.value()[i];
    out.push_back({app.pid, app.name, "", i == front, app.responding});
  }
  return out;
}

Result<AppInfo> LinuxBridge::frontmostApp(const Deadline& deadline) {
  auto apps = listApps(deadline);
  if (!apps.ok()) return apps.error();
  auto active = activeWindows(apps.value(), deadline);
  size_t front = frontIndex(apps.value(), active);
  if (front < apps.value().size()) return AppInfo{apps.value()[front].pid, apps.value()[front].name, "", true, true};
  if (deadline.expired()) return timeoutError("Finding the frontmost application", deadline);
  return Error{ErrorCode::NotFound,
               "No application has an active window right now: click or switch to the application you want, "
               "then try again."};
}

Result<Launched> LinuxBridge::launchApp(LaunchBy by, const std::string& what, const Deadline& deadline) {
  (void)deadline;  // spawning does not wait on any other application
  GDesktopAppInfo* info = nullptr;
  if (by == LaunchBy::Id) {
    std::string id = what;
    if (id.size() < 8 || id.compare(id.size() - 8, 8, ".desktop") != 0) id += ".desktop";
    info = g_desktop_app_info_new(id.c_str());
    if (!info) {
      return Error{ErrorCode::NotFound, "No installed application has the desktop id '" + what +
                                            "': check the name of its .desktop file in /usr/share/applications."};
    }
  } else {
    auto found = findAppByName(what);
    if (!found.ok()) return found.error();
    info = found.value();
  }
  Launched launched{0, g_app_info_get_name(G_APP_INFO(info)) ? g_app_info_get_name(G_APP_INFO(info)) : what,
                    g_app_info_get_id(G_APP_INFO(info)) ? g_app_info_get_id(G_APP_INFO(info)) : ""};
  GErrorBox err;
  GAppLaunchContext* ctx = g_app_launch_context_new();
  // No shell: GIO parses the entry's Exec line itself and spawns the program directly.
  gboolean ok = g_desktop_app_info_launch_uris_as_manager(
      info, nullptr, ctx, G_SPAWN_SEARCH_PATH, nullptr, nullptr,
      [](GDesktopAppInfo*, GPid pid, gpointer data) { static_cast<Launched*>(data)->pid = pid; }, &launched, err.out());
  g_object_unref(ctx);
  g_object_unref(info);
  if (!ok) {
    return Error{ErrorCode::Failed, "Could not start " + launched.name + ": " + err.message() + "."};
  }
  return launched;
}

Result<int> LinuxBridge::keyboardOwner(const Deadline&) { return activeX11WindowOwner(); }

// Window commands go to the window manager, not over AT-SPI (x11_window.cc).
Result<WindowList> LinuxBridge::listWindows(const Deadline&) { return listX11Windows(); }

Result<Done> LinuxBridge::windowCommand(uint64_t window, const std::string& command, const Rect& frame,
                                        const Deadline&) {
  return x11WindowCommand(window, command, frame);
}

Result<Done> LinuxBridge::activateApp(int pid, const Deadline& deadline) {
  if (auto e = connect(deadline)) return *e;
  std::optional<ObjRef> app = findApp(pid, deadline);
  if (!app) {
    if (deadline.expired()) return timeoutError("Finding the application", deadline);
    return Error{ErrorCode::NotFound, "This application is no longer running: open it again first."};
  }
  switch (probe(*app, pid, std::min(kMaxCallMs, static_cast<int>(deadline.remainingMs())))) {
    case Probe::Hung:
      return timeoutError("Bringing the application to the front", deadline);
    case Probe::AppGone:
    case Probe::ElementGone:
      return goneError("The application");
    case Probe::Answers:
      break;
  }
  const std::string doing = "Bringing the application to the front";
  std::vector<ObjRef> all;
  RawCall kids =
      method(*app, kAccessible, "GetChildren", nullptr, [&all](DBusMessageIter* it) { readObjectRefs(it, all); });
  if (!bus_.call(kids, deadline, kMaxCallMs).answered)
    return callError(kids, pid, "Reading the application's windows", "The application", deadline);
  std::vector<Info> infos(all.size());
  std::vector<int> answered(all.size(), 0);
  std::vector<RawCall> calls;
  for (size_t i = 0; i < all.size(); ++i) addInfoCalls(calls, all[i], &infos[i], &answered[i]);
  bus_.run(calls, deadline, kMaxCallMs, nullptr);
  // Minimized windows are not showing, yet raising them is what the user wants: keep every
  // window that is visible or iconified.
  std::vector<Target> windows;
  for (size_t i = 0; i < all.size(); ++i) {
    uint64_t s = infos[i].states;
    if (answered[i] == 4 && (hasStateBit(s, ATSPI_STATE_SHOWING) || hasStateBit(s, ATSPI_STATE_ICONIFIED) ||
                             hasStateBit(s, ATSPI_STATE_VISIBLE)))
      windows.push_back({all[i], pid, static_cast<AtspiRole>(infos[i].role), infos[i].ifaces, s});
  }
  if (windows.empty()) {
    if (deadline.expired()) return timeoutError(doing, deadline);
    return Error{ErrorCode::NotFound, "This application has no window on screen to bring to the front."};
  }
  // 1. A window action named like raising it (some toolkits offer one).
  for (const auto& win : windows) {
    if (!(win.ifaces & kIfaceAction)) continue;
    std::vector<std::string> names;
    RawCall list = actionNames(win.ref, names, deadline);
    if (!list.answered) return callError(list, pid, "Reading the window's actions", "The application", deadline);
    int index = indexOfFirst(names, {"raise", "activate", "present", "focus"});
    if (index < 0) continue;
    bool ok = false;
    RawCall act = method(win.ref, "org.a11y.atspi.Action", "DoAction", argInt(index),
                         [&ok](DBusMessageIter* it) { ok = readBool(it); });
    if (!bus_.call(act, deadline, kMaxCallMs).answered) return callError(act, pid, doing, "The application", deadline);
    if (ok) return Done{};
  }
  // 2. Component grab_focus on the window itself (GTK3 frames refuse it: a window cannot take
  //    the focus, only its widgets can).
  for (const auto& win : windows) {
    if (!(win.ifaces & kIfaceComponent)) continue;
    bool ok = false;
    RawCall grab = method(win.ref, "org.a11y.atspi.Component", "GrabFocus", nullptr,
                          [&ok](DBusMessageIter* it) { ok = readBool(it); });
    if (!bus_.call(grab, deadline, kMaxCallMs).answered)
      return callError(grab, pid, doing, "The application", deadline);
    if (ok) return Done{};
  }
  // 3. Ask the window manager, as a taskbar does. Not grab_focus on a widget inside the window:
  //    that would raise it too, but move the app's focus, so a key would land somewhere the user
  //    did not leave it.
  std::string why;
  switch (activateX11Window(pid, why)) {
    case X11Activation::Sent:
      return Done{};
    case X11Activation::NoWindow:
      return Error{ErrorCode::NotFound,
                   "This application has no window the window manager knows of to bring to the front."};
    case X11Activation::Unavailable:
      break;
  }
  if (deadline.expired()) return timeoutError(doing, deadline);
  return Error{ErrorCode::Unsupported,
               "This application offers no way to bring its window to the front, and " + why + "."};
}

// The registry's applications, with their process ids and names; one that does not answer its
// name within kListCallMs is listed as not responding.
Result<std::vector<LinuxBridge::AppEntry>> LinuxBridge::listApps(const Deadline& deadline) {
  if (auto e = connect(deadline)) return *e;
  std::vector<ObjRef> roots;
  RawCall c = method({kRegistry, kRootPath}, kAccessible, "GetChildren", nullptr,
                     [&roots](DBusMessageIter* it) { readObjectRefs(it, roots); });
  bus_.call(c, deadline, kMaxCallMs);
  if (!c.answered) {
    if (deadline.expired()) return timeoutError("Listing applications", deadline);
    return Error{ErrorCode::Unavailable, "The accessibility registry does not answer: " + c.error + "."};
  }
  std::vector<AppEntry> apps;
  for (auto& r : roots) {
    int pid = bus_.pidOf(r.bus, deadline);
    if (pid > 0) apps.push_back({r, pid, "", true});
  }
  std::vector<RawCall> calls;
  for (auto& a : apps)
    calls.push_back(property(a.root, kAccessible, "Name", [&a](DBusMessageIter* v) { a.name = readString(v); }));
  bus_.run(calls, deadline, kListCallMs, nullptr);
  std::vector<AppEntry> out;
  for (size_t i = 0; i < apps.size(); ++i) {
    const RawCall& r = calls[i];
    AppEntry& a = apps[i];
    bool quit = isGoneName(r.error) || (isNoReply(r.error) && r.waitedMs < r.timeoutMs - 1) || !processAlive(a.pid);
    if (quit) continue;  // quit while we were listing
    a.responding = r.answered;
    if (!a.responding || a.name.empty()) a.name = processName(a.pid);
    out.push_back(std::move(a));
  }
  return out;
}

// Which app is in front: the one app that has an active window. When several claim one (an app
// that never cleared the state, as Chromium can after losing the focus), the window manager's
// _NET_ACTIVE_WINDOW decides; without X11 the first claimant stays. apps.size() when none.
size_t LinuxBridge::frontIndex(const std::vector<AppEntry>& apps, const std::vector<std::optional<ObjRef>>& active) {
  std::vector<size_t> claim;
  for (size_t i = 0; i < apps.size(); ++i) {
    if (active[i]) claim.push_back(i);
  }
  if (claim.empty()) return apps.size();
  if (claim.size() > 1) {
    int pid = activeX11WindowPid();
    for (size_t i : claim) {
      if (pid > 0 && apps[i].pid == pid) return i;
    }
  }
  return claim.front();
}

// For each app, its active window (the one with the keyboard focus), if any.
std::vector<std::optional<ObjRef>> LinuxBridge::activeWindows(const std::vector<AppEntry>& apps,
                                                              const Deadline& deadline) {
  std::vector<std::vector<ObjRef>> windows(apps.size());
  std::vector<RawCall> calls;
  for (size_t i = 0; i < apps.size(); ++i) {
    if (!apps[i].responding) continue;
    auto* into = &windows[i];
    calls.push_back(method(apps[i].root, kAccessible, "GetChildren", nullptr,
                           [into](DBusMessageIter* it) { readObjectRefs(it, *into); }));
  }
  bus_.run(calls, deadline, kListCallMs, nullptr);
  std::vector<std::optional<ObjRef>> out(apps.size());
  calls.clear();
  for (size_t i = 0; i < apps.size(); ++i) {
    for (const auto& w : windows[i]) {
      auto* slot = &out[i];
      calls.push_back(method(w, kAccessible, "GetState", nullptr, [slot, w](DBusMessageIter* it) {
        if (!*slot && hasStateBit(readStateWords(it), ATSPI_STATE_ACTIVE)) *slot = w;
      }));
    }
  }
  bus_.run(calls, deadline, kListCallMs, nullptr);
  return out;
}

std::optional<ObjRef> LinuxBridge::findApp(int pid, const Deadline& deadline) {
  std::vector<ObjRef> roots;
  RawCall c = method({kRegistry, kRootPath}, kAccessible, "GetChildren", nullptr,
                     [&roots](DBusMessageIter* it) { readObjectRefs(it, roots); });
  bus_.call(c, deadline, kMaxCallMs);
  for (const auto& r : roots)
    if (bus_.pidOf(r.bus, deadline) == pid) return r;
  return std::nullopt;
}

// The active window, or else the first showing one.
std::optional<ObjRef> LinuxBridge::focusedWindow(const ObjRef& app, const Deadline& deadline) {
  std::vector<ObjRef> wins;
  RawCall c =
      method(app, kAccessible, "GetChildren", nullptr, [&wins](DBusMessageIter* it) { readObjectRefs(it, wins); });
  bus_.call(c, deadline, kMaxCallMs);
  std::vector<uint64_t> states(wins.size(), 0);
  std::vector<RawCall> calls;
  for (size_t i = 0; i < wins.size(); ++i)
    calls.push_back(method(wins[i], kAccessible, "GetState", nullptr,
                           [&states, i](DBusMessageIter* it) { states[i] = readStateWords(it); }));
  bus_.run(calls, deadline, kMaxCallMs, nullptr);
  for (size_t i = 0; i < wins.size(); ++i)
    if (hasStateBit(states[i], ATSPI_STATE_ACTIVE)) return wins[i];
  for (size_t i = 0; i < wins.size(); ++i)
    if (hasStateBit(states[i], ATSPI_STATE_SHOWING)) return wins[i];
  return std::nullopt;
}

Result<GDesktopAppInfo*> LinuxBridge::findAppByName(const std::string& what) {
  const std::string wanted = lower(what);
  GList* all = g_app_info_get_all();
  GDesktopAppInfo* exact = nullptr;
  std::vector<GDesktopAppInfo*> partial;
  for (GList* l = all; l; l = l->next) {
    if (!G_IS_DESKTOP_APP_INFO(l->data)) continue;
    auto* info = G_DESKTOP_APP_INFO(l->data);
    GAppInfo* app = G_APP_INFO(info);
    std::string id = g_app_info_get_id(app) ? g_app_info_get_id(app) : "";
    if (id.size() > 8) id = id.substr(0, id.size() - 8);
    const char* exe = g_app_info_get_executable(app);
    std::string exeBase = exe ? take(g_path_get_basename(exe)) : "";
    std::vector<std::string> names = {lower(g_app_info_get_name(app) ? g_app_info_get_name(app) : ""),
                                      lower(g_app_info_get_display_name(app) ? g_app_info_get_display_name(app) : ""),
                                      lower(id), lower(exeBase)};
    if (std::find(names.begin(), names.end(), wanted) != names.end()) {
      if (!exact) exact = static_cast<GDesktopAppInfo*>(g_object_ref(info));
    } else if (g_app_info_should_show(app) && lower(names[0]).find(wanted) != std::string::npos) {
      partial.push_back(static_cast<GDesktopAppInfo*>(g_object_ref(info)));
    }
  }
  g_list_free_full(all, g_object_unref);
  if (exact || partial.size() == 1) {
    GDesktopAppInfo* pick = exact ? exact : partial[0];
    for (auto* p : partial)
      if (p != pick) g_object_unref(p);
    return pick;
  }
  if (partial.empty()) {
    return Error{ErrorCode::NotFound,
                 "No installed application is called '" + what + "': check the spelling, or install it first."};
  }
  std::string list;
  for (size_t i = 0; i < partial.size(); ++i) {
    if (i < 5) list += (i ? ", " : "") + std::string(g_app_info_get_name(G_APP_INFO(partial[i])));
    g_object_unref(partial[i]);
  }
  return Error{ErrorCode::NotFound, "Several applications match '" + what + "' (" + list + "): say which one."};
}

}  // namespace atspi
}  // namespace axb
