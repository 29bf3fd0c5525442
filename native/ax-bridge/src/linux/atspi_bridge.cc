// Linux half of the bridge: AT-SPI through libatspi, GLib and GIO.
//
// One dedicated thread owns libatspi (it is not thread-safe) and runs a private GLib main context,
// so AT-SPI events are dispatched without any help from Node, and so the bridge never touches the
// process's default GLib context (which an Electron main process uses for GTK).
// Every D-Bus call is bounded with atspi_set_timeout() by what is left of the caller's deadline.
#include <atspi/atspi.h>
#include <dbus/dbus.h>
#include <gio/gdesktopappinfo.h>
#include <gio/gio.h>
#include <signal.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <mutex>
#include <set>
#include <thread>

#include "../../include/ax_bridge.h"
#include "roles.h"
#include "x11_activate.h"

namespace axb {
namespace {

// No single D-Bus call may wait longer than this, whatever the deadline: a hung app must not make
// one call eat a long deadline when other apps could still answer.
constexpr gint kMaxCallMs = 1000;
// A slice of the deadline for listing apps: a hung app costs at most this much.
constexpr gint kListCallMs = 300;
constexpr gint kMaxValueChars = 2000;

struct GErrorBox {
  GError* error = nullptr;
  ~GErrorBox() { reset(); }
  GError** out() {
    reset();
    return &error;
  }
  void reset() {
    if (error) g_error_free(error);
    error = nullptr;
  }
  explicit operator bool() const { return error != nullptr; }
  std::string message() const { return error ? error->message : ""; }
};

// An owned GObject reference.
template <typename T>
class Ref {
 public:
  Ref() = default;
  explicit Ref(T* p) : p_(p) {}
  Ref(const Ref&) = delete;
  Ref& operator=(const Ref&) = delete;
  Ref(Ref&& o) noexcept : p_(o.p_) { o.p_ = nullptr; }
  Ref& operator=(Ref&& o) noexcept {
    if (this != &o) {
      reset();
      p_ = o.p_;
      o.p_ = nullptr;
    }
    return *this;
  }
  ~Ref() { reset(); }
  void reset() {
    if (p_) g_object_unref(p_);
    p_ = nullptr;
  }
  T* get() const { return p_; }
  T* release() {
    T* p = p_;
    p_ = nullptr;
    return p;
  }
  explicit operator bool() const { return p_ != nullptr; }

 private:
  T* p_ = nullptr;
};

std::string take(gchar* s) {
  std::string out = s ? s : "";
  g_free(s);
  return out;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// How long the calls since the last bound() may take, and when they started. libatspi reports
// neither a timed-out call nor one to an app that died as an error: it returns empty values. A
// stretch of calls that used up its whole timeout is how a hung app shows.
struct CallWindow {
  std::chrono::steady_clock::time_point start;
  gint timeoutMs;
  bool stalled() const {
    auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return ms >= timeoutMs - 1;
  }
};

// Bounds the next D-Bus calls by the deadline. startup_time -1: no grace period for apps that
// registered recently (libatspi's default of 15 s would let a freshly started, hung app block us).
CallWindow bound(const Deadline& deadline, gint cap = kMaxCallMs) {
  gint ms = static_cast<gint>(std::ceil(deadline.remainingMs()));
  gint timeout = std::max(1, std::min(ms, cap));
  atspi_set_timeout(timeout, -1);
  return {std::chrono::steady_clock::now(), timeout};
}

// Alive and not a zombie: a killed app lingers as a zombie until its parent reaps it.
bool processAlive(int pid) {
  if (pid <= 0 || (kill(pid, 0) != 0 && errno != EPERM)) return false;
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  size_t close = stat.rfind(')');
  if (close == std::string::npos || close + 2 >= stat.size()) return true;
  char state = stat[close + 2];
  return state != 'Z' && state != 'X';
}

// Whether pid is gone, giving a process that is being killed a moment to finish dying.
bool processGone(int pid) {
  for (int i = 0; i < 5; ++i) {
    if (!processAlive(pid)) return true;
    g_usleep(10000);
  }
  return false;
}

enum class Probe { Answers, Hung, AppGone, ElementGone };

// One raw D-Bus round trip to the object, with exactly this timeout. libatspi's own calls may retry
// internally (a single get_name on a frozen app took three timeouts), so before working on an app
// or element the bridge asks once, directly, whether it answers at all.
Probe probe(AtspiAccessible* acc, int pid, gint timeoutMs) {
  AtspiObject* obj = ATSPI_OBJECT(acc);
  if (!obj->app || !obj->app->bus_name || !obj->path) return Probe::ElementGone;
  DBusConnection* bus = obj->app->bus ? obj->app->bus : atspi_get_a11y_bus();
  if (!bus) return Probe::AppGone;
  DBusMessage* msg =
      dbus_message_new_method_call(obj->app->bus_name, obj->path, "org.freedesktop.DBus.Properties", "Get");
  const char* iface = "org.a11y.atspi.Accessible";
  const char* prop = "ChildCount";
  dbus_message_append_args(msg, DBUS_TYPE_STRING, &iface, DBUS_TYPE_STRING, &prop, DBUS_TYPE_INVALID);
  DBusError err;
  dbus_error_init(&err);
  auto sent = std::chrono::steady_clock::now();
  DBusMessage* reply = dbus_connection_send_with_reply_and_block(bus, msg, std::max(1, timeoutMs), &err);
  double waitedMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - sent).count();
  dbus_message_unref(msg);
  if (reply) {
    dbus_message_unref(reply);
    return Probe::Answers;
  }
  std::string name = err.name ? err.name : "";
  dbus_error_free(&err);
  if (name == DBUS_ERROR_NO_REPLY || name == DBUS_ERROR_TIMEOUT || name == DBUS_ERROR_TIMED_OUT) {
    // A "no reply" well before the timeout means the app dropped its connection: it is quitting.
    if (waitedMs < timeoutMs - 1) return Probe::AppGone;
    return processAlive(pid) ? Probe::Hung : Probe::AppGone;
  }
  if (processGone(pid)) return Probe::AppGone;
  if (name == DBUS_ERROR_SERVICE_UNKNOWN || name == DBUS_ERROR_NAME_HAS_NO_OWNER || name == DBUS_ERROR_DISCONNECTED)
    return Probe::AppGone;
  if (name.find("Unknown") != std::string::npos) return Probe::ElementGone;
  return Probe::Answers;  // it answered, with an error about the question
}

// Roles whose text is their value (what the user typed), not their name.
bool isTextRole(AtspiRole role) {
  return role == ATSPI_ROLE_ENTRY || role == ATSPI_ROLE_TEXT || role == ATSPI_ROLE_COMBO_BOX ||
         role == ATSPI_ROLE_TERMINAL || role == ATSPI_ROLE_EDITBAR || role == ATSPI_ROLE_AUTOCOMPLETE ||
         role == ATSPI_ROLE_PARAGRAPH || role == ATSPI_ROLE_DOCUMENT_TEXT;
}

constexpr uint8_t kNeedBounds = 1, kNeedActions = 2, kNeedText = 4, kNeedValue = 8;
// Outstanding pipelined calls at once: the AT-SPI bus allows 128 pending replies per connection.
constexpr size_t kPipelineWindow = 96;

// Roles whose value is a number even when they also take text (GTK spin buttons are entries).
bool numericRole(AtspiRole role) {
  return role == ATSPI_ROLE_SPIN_BUTTON || role == ATSPI_ROLE_SLIDER || role == ATSPI_ROLE_DIAL ||
         role == ATSPI_ROLE_SCROLL_BAR || role == ATSPI_ROLE_PROGRESS_BAR || role == ATSPI_ROLE_LEVEL_BAR;
}

std::string processName(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/comm");
  std::string name;
  std::getline(in, name);
  return name;
}

enum class CallFailure { Timeout, Gone, Other };

// What a libatspi error means. libatspi reports D-Bus failures as ATSPI_ERROR_IPC with libdbus's
// message, so the message is all there is to go on; a dead process settles the ambiguous cases.
CallFailure classify(const GErrorBox& e, int pid) {
  const std::string m = e.message();
  if (pid > 0 && !processAlive(pid)) return CallFailure::Gone;
  if (m.find("did not receive a reply") != std::string::npos || m.find("Did not receive a reply") != std::string::npos ||
      m.find("Timeout") != std::string::npos || m.find("timed out") != std::string::npos ||
      m.find("NoReply") != std::string::npos)
    return CallFailure::Timeout;
  if (m.find("Unknown object") != std::string::npos || m.find("UnknownObject") != std::string::npos ||
      m.find("not provided by any") != std::string::npos || m.find("disconnected") != std::string::npos ||
      m.find("ServiceUnknown") != std::string::npos || m.find("No such") != std::string::npos ||
      m.find("does not exist") != std::string::npos || m.find("defunct") != std::string::npos)
    return CallFailure::Gone;
  return CallFailure::Other;
}

Error failureError(const GErrorBox& e, int pid, const std::string& doing, const std::string& what,
                   const Deadline& deadline) {
  switch (classify(e, pid)) {
    case CallFailure::Timeout:
      return timeoutError(doing, deadline);
    case CallFailure::Gone:
      return goneError(what);
    case CallFailure::Other:
      break;
  }
  return {ErrorCode::Failed, doing + " failed: " + e.message() + "."};
}

std::vector<std::string> stateNames(AtspiStateSet* set) {
  struct Pair {
    AtspiStateType type;
    const char* name;
  };
  static const Pair kPairs[] = {
      {ATSPI_STATE_ACTIVE, "active"},         {ATSPI_STATE_BUSY, "busy"},
      {ATSPI_STATE_CHECKED, "checked"},       {ATSPI_STATE_IS_DEFAULT, "default"},
      {ATSPI_STATE_EDITABLE, "editable"},     {ATSPI_STATE_ENABLED, "enabled"},
      {ATSPI_STATE_EXPANDABLE, "expandable"}, {ATSPI_STATE_EXPANDED, "expanded"},
      {ATSPI_STATE_FOCUSABLE, "focusable"},   {ATSPI_STATE_FOCUSED, "focused"},
      {ATSPI_STATE_HAS_POPUP, "has_popup"},   {ATSPI_STATE_INVALID_ENTRY, "invalid"},
      {ATSPI_STATE_INDETERMINATE, "mixed"},   {ATSPI_STATE_MODAL, "modal"},
      {ATSPI_STATE_MULTI_LINE, "multi_line"}, {ATSPI_STATE_PRESSED, "pressed"},
      {ATSPI_STATE_READ_ONLY, "read_only"},   {ATSPI_STATE_REQUIRED, "required"},
      {ATSPI_STATE_SELECTABLE, "selectable"}, {ATSPI_STATE_SELECTED, "selected"},
      {ATSPI_STATE_SHOWING, "showing"},       {ATSPI_STATE_VISIBLE, "visible"},
  };
  std::vector<std::string> out;
  for (const auto& p : kPairs) {
    if (atspi_state_set_contains(set, p.type)) out.emplace_back(p.name);
  }
  // AT-SPI has no "collapsed" that toolkits set reliably: an expandable element that is not
  // expanded is collapsed, as on macOS.
  if (atspi_state_set_contains(set, ATSPI_STATE_EXPANDABLE) && !atspi_state_set_contains(set, ATSPI_STATE_EXPANDED))
    out.emplace_back("collapsed");
  std::sort(out.begin(), out.end());
  return out;
}

// Platform action names, in order of preference, for each bridge action done through AtkAction.
const std::vector<std::string>& platformActionsFor(const std::string& action) {
  static const std::vector<std::string> kPress = {"click", "press", "jump", "toggle", "activate", "open"};
  static const std::vector<std::string> kShowMenu = {"showmenu", "show menu", "popup", "menu", "context menu"};
  static const std::vector<std::string> kConfirm = {"activate", "confirm", "click", "press"};
  static const std::vector<std::string> kCancel = {"cancel", "close", "dismiss"};
  static const std::vector<std::string> kExpandCollapse = {"expand or contract", "expand or collapse", "toggle"};
  static const std::vector<std::string> kExpand = {"expand"};
  static const std::vector<std::string> kCollapse = {"collapse", "contract"};
  static const std::vector<std::string> kNone;
  if (action == "press") return kPress;
  if (action == "show_menu") return kShowMenu;
  if (action == "confirm") return kConfirm;
  if (action == "cancel") return kCancel;
  if (action == "expand") return kExpand;
  if (action == "collapse") return kCollapse;
  if (action == "toggle_expanded") return kExpandCollapse;
  return kNone;
}

bool nameIn(const std::string& name, const std::vector<std::string>& list) {
  return std::find(list.begin(), list.end(), lower(name)) != list.end();
}

void addUnique(std::vector<std::string>& v, const std::string& s) {
  if (std::find(v.begin(), v.end(), s) == v.end()) v.push_back(s);
}

bool hasStateName(const Element& el, const char* state) {
  return std::find(el.states.begin(), el.states.end(), state) != el.states.end();
}

// Adds the bridge action a platform action name stands for, if any.
void addPlatformAction(Element& el, const std::string& name) {
  if (nameIn(name, platformActionsFor("press"))) addUnique(el.actions, "press");
  if (nameIn(name, platformActionsFor("show_menu"))) addUnique(el.actions, "show_menu");
  if (nameIn(name, {"activate", "confirm"})) addUnique(el.actions, "confirm");
  if (nameIn(name, platformActionsFor("cancel"))) addUnique(el.actions, "cancel");
  if ((nameIn(name, platformActionsFor("toggle_expanded")) || nameIn(name, {"expand", "collapse", "contract"})) &&
      hasStateName(el, "expandable"))
    addUnique(el.actions, hasStateName(el, "expanded") ? "collapse" : "expand");
}

std::string formatNumber(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

class LinuxBridge final : public Bridge {
 public:
  LinuxBridge() {
    ctx_ = g_main_context_new();
    loop_ = g_main_loop_new(ctx_, FALSE);
    thread_ = std::thread([this] { run(); });
  }

  ~LinuxBridge() override { shutdown(); }

  void post(std::function<void()> fn) override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopped_) return;
    auto* job = new std::function<void()>(std::move(fn));
    g_main_context_invoke_full(
        ctx_, G_PRIORITY_DEFAULT,
        [](gpointer data) -> gboolean {
          (*static_cast<std::function<void()>*>(data))();
          return G_SOURCE_REMOVE;
        },
        job, [](gpointer data) { delete static_cast<std::function<void()>*>(data); });
  }

  void shutdown() override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopped_) return;
      stopped_ = true;
      // Quit after the jobs already queued: an idle source at low priority runs last.
      GSource* quit = g_idle_source_new();
      g_source_set_priority(quit, G_PRIORITY_LOW);
      g_source_set_callback(
          quit,
          [](gpointer loop) -> gboolean {
            g_main_loop_quit(static_cast<GMainLoop*>(loop));
            return G_SOURCE_REMOVE;
          },
          loop_, nullptr);
      g_source_attach(quit, ctx_);
      g_source_unref(quit);
    }
    if (thread_.joinable()) thread_.join();
    g_main_loop_unref(loop_);
    g_main_context_unref(ctx_);
  }

  Result<Permission> permission(bool prompt, const Deadline& deadline) override {
    if (!initError_.empty()) return Permission{PermissionState::Unavailable, initError_};
    GErrorBox err;
    GDBusConnection* bus = sessionBus(err);
    if (!bus) return Permission{PermissionState::Unavailable, noSessionBusMessage()};
    gint timeout = std::max(1, static_cast<gint>(deadline.remainingMs()));
    GVariant* reply = g_dbus_connection_call_sync(
        bus, "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Get",
        g_variant_new("(ss)", "org.a11y.Status", "IsEnabled"), G_VARIANT_TYPE("(v)"), G_DBUS_CALL_FLAGS_NONE, timeout,
        nullptr, err.out());
    if (!reply) {
      g_object_unref(bus);
      if (deadline.expired()) return timeoutError("Asking the accessibility bus whether it is on", deadline);
      return Permission{PermissionState::Unavailable,
                        "The accessibility bus (at-spi2-core) is not running in this desktop session: install it "
                        "with `sudo apt-get install at-spi2-core`, then log out and in again."};
    }
    GVariant* boxed = nullptr;
    g_variant_get(reply, "(v)", &boxed);
    bool enabled = boxed && g_variant_is_of_type(boxed, G_VARIANT_TYPE_BOOLEAN) && g_variant_get_boolean(boxed);
    if (boxed) g_variant_unref(boxed);
    g_variant_unref(reply);
    if (!enabled && prompt) {
      // Linux has no permission dialog: an assistive technology turns desktop accessibility on
      // itself (as the Orca screen reader does), so that every toolkit exposes its tree.
      GVariant* set = g_dbus_connection_call_sync(
          bus, "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Set",
          g_variant_new("(ssv)", "org.a11y.Status", "IsEnabled", g_variant_new_boolean(TRUE)), nullptr,
          G_DBUS_CALL_FLAGS_NONE, std::max(1, static_cast<gint>(deadline.remainingMs())), nullptr, err.out());
      if (set) {
        g_variant_unref(set);
        enabled = true;
      }
    }
    g_object_unref(bus);
    if (!enabled) {
      return Permission{PermissionState::Denied,
                        "Desktop accessibility is turned off, so some applications hide their controls: turn on any "
                        "assistive feature in Settings → Accessibility, or let Assistive Control turn it on."};
    }
    // The bus is on; check that its registry answers too.
    bound(deadline);
    GErrorBox e2;
    AtspiAccessible* desktop = atspi_get_desktop(0);
    atspi_accessible_get_child_count(desktop, e2.out());
    g_object_unref(desktop);
    if (e2) {
      return Permission{PermissionState::Unavailable,
                        "The accessibility registry does not answer (" + e2.message() +
                            "): log out and in again, or reinstall at-spi2-core."};
    }
    return Permission{PermissionState::Granted, ""};
  }

  Result<std::vector<AppInfo>> runningApps(const Deadline& deadline) override {
    if (!initError_.empty()) return Error{ErrorCode::Unavailable, initError_};
    std::vector<AppInfo> out;
    auto apps = listApps(deadline);
    if (!apps.ok()) return apps.error();
    for (auto& app : apps.value()) {
      AppInfo info;
      info.pid = app.pid;
      info.name = app.name;
      info.responding = app.responding;
      info.frontmost = app.responding && hasActiveWindow(app.acc.get(), app.pid, deadline);
      out.push_back(std::move(info));
    }
    return out;
  }

  Result<AppInfo> frontmostApp(const Deadline& deadline) override {
    if (!initError_.empty()) return Error{ErrorCode::Unavailable, initError_};
    auto apps = listApps(deadline);
    if (!apps.ok()) return apps.error();
    for (auto& app : apps.value()) {
      if (app.responding && hasActiveWindow(app.acc.get(), app.pid, deadline)) {
        return AppInfo{app.pid, app.name, "", true, true};
      }
    }
    if (deadline.expired()) return timeoutError("Finding the frontmost application", deadline);
    return Error{ErrorCode::NotFound,
                 "No application has an active window right now: click or switch to the application you want, "
                 "then try again."};
  }

  Result<Launched> launchApp(LaunchBy by, const std::string& what, const Deadline& deadline) override {
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
        [](GDesktopAppInfo*, GPid pid, gpointer data) { static_cast<Launched*>(data)->pid = pid; }, &launched,
        err.out());
    g_object_unref(ctx);
    g_object_unref(info);
    if (!ok) {
      return Error{ErrorCode::Failed, "Could not start " + launched.name + ": " + err.message() + "."};
    }
    return launched;
  }

  Result<Snapshot> snapshot(const SnapshotOptions& options, const Deadline& deadline) override {
    if (!initError_.empty()) return Error{ErrorCode::Unavailable, initError_};
    int pid = options.pid;
    if (pid == 0) {
      auto front = frontmostApp(deadline);
      if (!front.ok()) return front.error();
      pid = front.value().pid;
    }
    Ref<AtspiAccessible> app = findApp(pid, deadline);
    if (!app) {
      if (deadline.expired()) return timeoutError("Finding the application", deadline);
      if (!processAlive(pid)) return goneError("The application with process id " + std::to_string(pid));
      return Error{ErrorCode::NotFound, "No application with process id " + std::to_string(pid) +
                                            " is on the accessibility bus: it may still be starting, or it does "
                                            "not support accessibility."};
    }
    switch (probe(app.get(), pid, std::min<gint>(kMaxCallMs, static_cast<gint>(deadline.remainingMs())))) {
      case Probe::Hung:
        return timeoutError("Reading the application", deadline);
      case Probe::AppGone:
      case Probe::ElementGone:
        return goneError("The application");
      case Probe::Answers:
        break;
    }
    atspi_accessible_set_cache_mask(app.get(), options.useCache ? ATSPI_CACHE_ALL : ATSPI_CACHE_NONE);
    // Clear at once: the bulk cache filled on first use can miss elements (GTK3 header-bar buttons),
    // and a snapshot must reflect the screen now.
    atspi_accessible_clear_cache(app.get());

    Snapshot snap;
    snap.pid = pid;
    CallWindow window = bound(deadline);
    GErrorBox err;
    snap.app = take(atspi_accessible_get_name(app.get(), err.out()));
    if (err) return failureError(err, pid, "Reading the application", "The application", deadline);
    if (processGone(pid) && !processAlive(pid)) return goneError("The application");
    if (window.stalled()) return timeoutError("Reading the application", deadline);

    Ref<AtspiAccessible> root;
    if (options.focusedWindowOnly) {
      root = focusedWindow(app.get(), pid, deadline);
      if (!root) {
        if (deadline.expired()) return timeoutError("Finding the focused window of " + snap.app, deadline);
        return Error{ErrorCode::NotFound, snap.app + " has no open window."};
      }
    } else {
      root = Ref<AtspiAccessible>(static_cast<AtspiAccessible*>(g_object_ref(app.get())));
    }

    struct Pending {
      AtspiAccessible* acc;  // owned
      int parent;
      int depth;
    };
    std::vector<Pending> stack;
    stack.push_back({root.release(), 0, 0});
    std::vector<AtspiAccessible*> handles;
    std::vector<uint8_t> needs;
    auto releaseAll = [&]() {
      for (auto& p : stack) g_object_unref(p.acc);
      stack.clear();
      for (auto* h : handles) g_object_unref(h);
      handles.clear();
    };

    while (!stack.empty()) {
      if (deadline.expired()) {
        snap.truncated = Truncation::Deadline;
        break;
      }
      if (static_cast<int>(snap.elements.size()) >= options.maxNodes) {
        snap.truncated = Truncation::MaxNodes;
        break;
      }
      Pending cur = stack.back();
      stack.pop_back();
      Element el;
      el.parent = cur.parent;
      el.depth = cur.depth;
      std::vector<AtspiAccessible*> children;
      Error failure{ErrorCode::Failed, ""};
      bool isRoot = handles.empty() && snap.elements.empty();
      uint8_t need = 0;
      ReadOutcome outcome = readElement(cur.acc, pid, options, isRoot, deadline, el, &children, failure,
                                        options.useCache ? &need : nullptr);
      // Every so often, and whenever a read came back empty, check that the app is still there:
      // a dead app's calls return empty values (and cached elements still read fine).
      if ((outcome != ReadOutcome::Fatal && (snap.elements.size() % 32 == 31 || outcome == ReadOutcome::Skip)) &&
          !processAlive(pid)) {
        failure = goneError("The application");
        outcome = ReadOutcome::Fatal;
        for (auto* c : children) g_object_unref(c);
        children.clear();
      }
      if (outcome == ReadOutcome::Fatal) {
        g_object_unref(cur.acc);
        releaseAll();
        return failure;
      }
      if (outcome == ReadOutcome::Skip) {
        g_object_unref(cur.acc);
        continue;
      }
      el.id = static_cast<int>(snap.elements.size()) + 1;
      handles.push_back(cur.acc);
      needs.push_back(need);
      if (cur.depth + 1 > options.maxDepth) {
        if (!children.empty() && snap.truncated == Truncation::None) snap.truncated = Truncation::MaxDepth;
        for (auto* c : children) g_object_unref(c);
      } else {
        // Reverse, so that the depth-first order matches the on-screen (child index) order.
        for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back({*it, el.id, cur.depth + 1});
      }
      snap.elements.push_back(std::move(el));
    }
    for (auto& p : stack) g_object_unref(p.acc);
    stack.clear();
    if (snap.elements.empty() || !processAlive(pid)) {
      releaseAll();
      if (processGone(pid)) return goneError("The application");
      return timeoutError("Reading the application", deadline);
    }
    if (options.useCache) {
      auto fetched = fetchDetails(snap.elements, handles, needs, pid, deadline);
      if (!fetched.ok()) {
        releaseAll();
        return fetched.error();
      }
    }
    replaceGeneration(std::move(handles));
    snap.generation = generation_;
    return snap;
  }

  Result<Done> performAction(ElementRef ref, const std::string& action, const Deadline& deadline) override {
    auto target = resolve(ref, deadline);
    if (!target.ok()) return target.error();
    AtspiAccessible* acc = target.value();
    int pid = pidOf(acc);
    const std::string what = "The element";
    GErrorBox err;
    bound(deadline);
    if (action == "focus" || action == "raise") {
      AtspiComponent* comp = atspi_accessible_get_component_iface(acc);
      if (!comp) return unsupported(action);
      gboolean ok = atspi_component_grab_focus(comp, err.out());
      g_object_unref(comp);
      if (err) return failureError(err, pid, "Moving the focus", what, deadline);
      if (!ok) return Error{ErrorCode::Failed, "The application refused to move the focus to this element."};
      return Done{};
    }
    if (action == "increment" || action == "decrement") {
      AtspiValue* value = atspi_accessible_get_value_iface(acc);
      if (!value) return unsupported(action);
      double cur = atspi_value_get_current_value(value, err.out());
      double step = err ? 0 : atspi_value_get_minimum_increment(value, err.out());
      double lo = err ? 0 : atspi_value_get_minimum_value(value, err.out());
      double hi = err ? 0 : atspi_value_get_maximum_value(value, err.out());
      if (err) {
        g_object_unref(value);
        return failureError(err, pid, "Reading the value", what, deadline);
      }
      if (step <= 0) step = (hi > lo) ? (hi - lo) / 10.0 : 1.0;
      double next = std::clamp(action == "increment" ? cur + step : cur - step, lo, std::max(lo, hi));
      atspi_value_set_current_value(value, next, err.out());
      g_object_unref(value);
      if (err) return failureError(err, pid, "Changing the value", what, deadline);
      return Done{};
    }
    if (action == "select") {
      GErrorBox e;
      Ref<AtspiAccessible> parent(atspi_accessible_get_parent(acc, e.out()));
      if (e) return failureError(e, pid, "Selecting", what, deadline);
      AtspiSelection* sel = parent ? atspi_accessible_get_selection_iface(parent.get()) : nullptr;
      if (!sel) return unsupported(action);
      gint index = atspi_accessible_get_index_in_parent(acc, e.out());
      gboolean ok = e ? FALSE : atspi_selection_select_child(sel, index, e.out());
      g_object_unref(sel);
      if (e) return failureError(e, pid, "Selecting", what, deadline);
      if (!ok) return Error{ErrorCode::Failed, "The application refused to select this element."};
      return Done{};
    }
    AtspiAction* act = atspi_accessible_get_action_iface(acc);
    if (!act) return unsupported(action);
    gint n = atspi_action_get_n_actions(act, err.out());
    if (err) {
      g_object_unref(act);
      return failureError(err, pid, "Reading the element's actions", what, deadline);
    }
    std::vector<std::string> names;
    for (gint i = 0; i < n; ++i) names.push_back(lower(take(atspi_action_get_action_name(act, i, err.out()))));
    if (err) {
      g_object_unref(act);
      return failureError(err, pid, "Reading the element's actions", what, deadline);
    }
    // expand/collapse share one toggling action in GTK: only run it when it changes the state.
    const auto& wanted = platformActionsFor(action);
    gint index = indexOfFirst(names, wanted);
    if (index < 0 && (action == "expand" || action == "collapse")) {
      bool expanded = hasState(acc, ATSPI_STATE_EXPANDED);
      if ((action == "expand") == expanded) {
        g_object_unref(act);
        return Done{};  // already in the wanted state
      }
      index = indexOfFirst(names, platformActionsFor("toggle_expanded"));
    }
    if (index < 0) {
      g_object_unref(act);
      return unsupported(action);
    }
    gboolean ok = atspi_action_do_action(act, index, err.out());
    g_object_unref(act);
    if (err) return failureError(err, pid, "Performing " + action, what, deadline);
    if (!ok) return Error{ErrorCode::Failed, "The application refused the action " + action + "."};
    return Done{};
  }

  Result<Done> setValue(ElementRef ref, const std::string& value, const Deadline& deadline) override {
    auto target = resolveWithRole(ref, deadline);
    if (!target.ok()) return target.error();
    auto [acc, pid, role] = target.value();
    GErrorBox err;
    bound(deadline);
    AtspiEditableText* text = numericRole(role) ? nullptr : atspi_accessible_get_editable_text_iface(acc);
    if (text) {
      gboolean ok = atspi_editable_text_set_text_contents(text, value.c_str(), err.out());
      g_object_unref(text);
      if (err) return failureError(err, pid, "Setting the text", "The element", deadline);
      if (!ok) return Error{ErrorCode::Failed, "The application refused the new text (the field may be read-only)."};
      return Done{};
    }
    if (AtspiValue* v = atspi_accessible_get_value_iface(acc)) {
      char* end = nullptr;
      double number = std::strtod(value.c_str(), &end);
      if (value.empty() || end == nullptr || *end != '\0' || !std::isfinite(number)) {
        g_object_unref(v);
        return Error{ErrorCode::Unsupported, "This element takes a number, and '" + value + "' is not one."};
      }
      atspi_value_set_current_value(v, number, err.out());
      g_object_unref(v);
      if (err) return failureError(err, pid, "Setting the value", "The element", deadline);
      return Done{};
    }
    return Error{ErrorCode::Unsupported, "This element does not take text or a value: choose a text field, or click it instead."};
  }

  Result<std::optional<std::string>> readValue(ElementRef ref, const Deadline& deadline) override {
    auto target = resolveWithRole(ref, deadline);
    if (!target.ok()) return target.error();
    auto [acc, pid, role] = target.value();
    GErrorBox err;
    bound(deadline);
    if (role == ATSPI_ROLE_PASSWORD_TEXT) {
      return Error{ErrorCode::Unsupported, "This is a password field: its content is never read."};
    }
    auto value = readElementValue(acc, role, 1 << 20, err);
    if (err) return failureError(err, pid, "Reading the value", "The element", deadline);
    return value;
  }

  Result<Inserted> insertText(ElementRef ref, const std::string& text, InsertAt at, const Deadline& deadline) override {
    auto target = resolveWithRole(ref, deadline);
    if (!target.ok()) return target.error();
    auto [acc, pid, role] = target.value();
    if (role == ATSPI_ROLE_PASSWORD_TEXT) {
      return Error{ErrorCode::Unsupported, "This is a password field: the assistant never types into it."};
    }
    Ref<AtspiText> read(atspi_accessible_get_text_iface(acc));
    Ref<AtspiEditableText> edit(numericRole(role) ? nullptr : atspi_accessible_get_editable_text_iface(acc));
    if (!read || !edit) {
      return Error{ErrorCode::Unsupported, "This element does not take typed text: choose a text field, or click it instead."};
    }
    const std::string what = "The element";
    GErrorBox err;
    // Each step is its own D-Bus call: bound every one by what is left of the deadline.
    bound(deadline);
    gint count = atspi_text_get_character_count(read.get(), err.out());
    if (err) return failureError(err, pid, "Reading the text", what, deadline);
    gint start = count, end = count;
    if (at == InsertAt::Caret) {
      bound(deadline);
      gint caret = atspi_text_get_caret_offset(read.get(), err.out());
      if (err) return failureError(err, pid, "Reading the caret", what, deadline);
      // -1: the element has no caret; then the end, as before.
      if (caret >= 0) start = end = std::min(caret, count);
      bound(deadline);
      gint selections = atspi_text_get_n_selections(read.get(), err.out());
      if (err) return failureError(err, pid, "Reading the selection", what, deadline);
      if (selections > 0) {
        bound(deadline);
        AtspiRange* range = atspi_text_get_selection(read.get(), 0, err.out());
        if (err) {
          g_free(range);
          return failureError(err, pid, "Reading the selection", what, deadline);
        }
        if (range && range->start_offset != range->end_offset) {
          start = std::clamp(std::min(range->start_offset, range->end_offset), 0, count);
          end = std::clamp(std::max(range->start_offset, range->end_offset), 0, count);
        }
        g_free(range);
      }
    }
    if (deadline.expired()) return timeoutError("Typing the text", deadline);
    if (end > start) {
      bound(deadline);
      gboolean ok = atspi_editable_text_delete_text(edit.get(), start, end, err.out());
      if (err) return failureError(err, pid, "Replacing the selection", what, deadline);
      if (!ok) return Error{ErrorCode::Failed, "The application refused to replace the selected text (the field may be read-only)."};
    }
    if (!text.empty()) {
      bound(deadline);
      // The length is in bytes (ATK hands it to the toolkit's insert, which counts bytes).
      gboolean ok = atspi_editable_text_insert_text(edit.get(), start, text.c_str(), static_cast<gint>(text.size()), err.out());
      if (err) return failureError(err, pid, "Typing the text", what, deadline);
      if (!ok) return Error{ErrorCode::Failed, "The application refused the typed text (the field may be read-only)."};
    }
    gint caret = start + static_cast<gint>(g_utf8_strlen(text.c_str(), static_cast<gssize>(text.size())));
    // Where a keyboard would leave it. Some toolkits move it themselves, others leave it before the
    // text; a field that refuses is not an error: the text is in.
    bound(deadline);
    atspi_text_set_caret_offset(read.get(), caret, err.out());
    if (err && classify(err, pid) != CallFailure::Other) return failureError(err, pid, "Placing the caret", what, deadline);
    return Inserted{start, end, caret};
  }

  Result<Done> activateApp(int pid, const Deadline& deadline) override {
    if (!initError_.empty()) return Error{ErrorCode::Unavailable, initError_};
    Ref<AtspiAccessible> app = findApp(pid, deadline);
    if (!app) {
      if (deadline.expired()) return timeoutError("Finding the application", deadline);
      return Error{ErrorCode::NotFound, "This application is no longer running: open it again first."};
    }
    switch (probe(app.get(), pid, std::min<gint>(kMaxCallMs, static_cast<gint>(deadline.remainingMs())))) {
      case Probe::Hung:
        return timeoutError("Bringing the application to the front", deadline);
      case Probe::AppGone:
      case Probe::ElementGone:
        return goneError("The application");
      case Probe::Answers:
        break;
    }
    GErrorBox err;
    bound(deadline);
    gint n = atspi_accessible_get_child_count(app.get(), err.out());
    if (err) return failureError(err, pid, "Reading the application's windows", "The application", deadline);
    std::vector<Ref<AtspiAccessible>> windows;
    for (gint i = 0; i < n && !deadline.expired(); ++i) {
      bound(deadline);
      Ref<AtspiAccessible> win(atspi_accessible_get_child_at_index(app.get(), i, err.out()));
      if (err) return failureError(err, pid, "Reading the application's windows", "The application", deadline);
      if (!win) continue;
      atspi_accessible_clear_cache(win.get());
      bound(deadline);
      // Minimized windows are not showing, yet raising them is what the user wants: keep every
      // window that is visible or iconified.
      AtspiStateSet* set = atspi_accessible_get_state_set(win.get());
      bool usable = set && (atspi_state_set_contains(set, ATSPI_STATE_SHOWING) || atspi_state_set_contains(set, ATSPI_STATE_ICONIFIED) ||
                            atspi_state_set_contains(set, ATSPI_STATE_VISIBLE));
      if (set) g_object_unref(set);
      if (usable) windows.push_back(std::move(win));
    }
    if (windows.empty()) {
      if (deadline.expired()) return timeoutError("Bringing the application to the front", deadline);
      return Error{ErrorCode::NotFound, "This application has no window on screen to bring to the front."};
    }
    // 1. A window action named like raising it (some toolkits offer one).
    for (auto& win : windows) {
      Ref<AtspiAction> act(atspi_accessible_get_action_iface(win.get()));
      if (!act) continue;
      bound(deadline);
      gint count = atspi_action_get_n_actions(act.get(), err.out());
      std::vector<std::string> names;
      for (gint i = 0; !err && i < count; ++i) names.push_back(lower(take(atspi_action_get_action_name(act.get(), i, err.out()))));
      if (err) return failureError(err, pid, "Reading the window's actions", "The application", deadline);
      gint index = indexOfFirst(names, {"raise", "activate", "present", "focus"});
      if (index < 0) continue;
      bound(deadline);
      gboolean ok = atspi_action_do_action(act.get(), index, err.out());
      if (err) return failureError(err, pid, "Bringing the application to the front", "The application", deadline);
      if (ok) return Done{};
    }
    // 2. Component grab_focus on the window itself (GTK3 frames refuse it: a window cannot take
    //    the focus, only its widgets can).
    for (auto& win : windows) {
      if (grabFocus(win.get(), err)) return Done{};
      if (err) return failureError(err, pid, "Bringing the application to the front", "The application", deadline);
    }
    // 3. Ask the window manager, as a taskbar does. Not grab_focus on a widget inside the window:
    //    that would raise it too, but move the app's focus, so a key would land somewhere the user
    //    did not leave it.
    std::string why;
    switch (activateX11Window(pid, why)) {
      case X11Activation::Sent:
        return Done{};
      case X11Activation::NoWindow:
        return Error{ErrorCode::NotFound, "This application has no window the window manager knows of to bring to the front."};
      case X11Activation::Unavailable:
        break;
    }
    if (deadline.expired()) return timeoutError("Bringing the application to the front", deadline);
    return Error{ErrorCode::Unsupported, "This application offers no way to bring its window to the front, and " + why + "."};
  }

  Result<Done> setEventHandler(std::function<void(const Event&)> handler) override {
    if (!initError_.empty()) return Error{ErrorCode::Unavailable, initError_};
    handler_ = std::move(handler);
    GErrorBox err;
    if (handler_ && !listener_) {
      listener_ = atspi_event_listener_new(&LinuxBridge::onEvent, this, nullptr);
      for (const char* type : kEventTypes) atspi_event_listener_register(listener_, type, err.out());
      if (err) return Error{ErrorCode::Failed, "Could not listen to accessibility events: " + err.message() + "."};
    } else if (!handler_ && listener_) {
      for (const char* type : kEventTypes) atspi_event_listener_deregister(listener_, type, nullptr);
      g_object_unref(listener_);
      listener_ = nullptr;
    }
    return Done{};
  }

 private:
  enum class ReadOutcome { Keep, Skip, Fatal };

  struct AppEntry {
    Ref<AtspiAccessible> acc;
    int pid;
    std::string name;
    bool responding;
  };

  static constexpr const char* kEventTypes[] = {"object:state-changed:focused", "window:activate"};

  void run() {
    g_main_context_push_thread_default(ctx_);
    init();
    g_main_loop_run(loop_);
    if (listener_) {
      for (const char* type : kEventTypes) atspi_event_listener_deregister(listener_, type, nullptr);
      g_object_unref(listener_);
      listener_ = nullptr;
    }
    replaceGeneration({});
    g_main_context_pop_thread_default(ctx_);
  }

  void init() {
    // Without any bus address, libdbus would try to autolaunch a bus through X11: refuse instead.
    const char* session = std::getenv("DBUS_SESSION_BUS_ADDRESS");
    const char* direct = std::getenv("AT_SPI_BUS_ADDRESS");
    const char* runtime = std::getenv("XDG_RUNTIME_DIR");
    bool runtimeBus = runtime && g_file_test((std::string(runtime) + "/bus").c_str(), G_FILE_TEST_EXISTS);
    if (!(session && *session) && !(direct && *direct) && !runtimeBus) {
      initError_ = noSessionBusMessage();
      return;
    }
    int rc = atspi_init();
    if (rc != 0 && rc != 1) {
      initError_ =
          "Could not connect to the accessibility bus (at-spi2-core): start Assistive Control from inside your "
          "desktop session, and install at-spi2-core if it is missing (`sudo apt-get install at-spi2-core`).";
      return;
    }
    atspi_set_main_context(ctx_);
    // libdbus ends the whole process when a shared bus connection drops, unless told otherwise.
    if (DBusConnection* a11y = atspi_get_a11y_bus()) dbus_connection_set_exit_on_disconnect(a11y, FALSE);
    DBusError derr;
    dbus_error_init(&derr);
    if (session && *session) {
      if (DBusConnection* s = dbus_bus_get(DBUS_BUS_SESSION, &derr)) {
        dbus_connection_set_exit_on_disconnect(s, FALSE);
        dbus_connection_unref(s);
      }
    }
    dbus_error_free(&derr);
  }

  static std::string noSessionBusMessage() {
    return "There is no desktop session bus (DBUS_SESSION_BUS_ADDRESS is not set): start Assistive Control from "
           "inside your desktop session.";
  }

  GDBusConnection* sessionBus(GErrorBox& err) {
    const char* session = std::getenv("DBUS_SESSION_BUS_ADDRESS");
    if (!session || !*session) return nullptr;
    return g_dbus_connection_new_for_address_sync(
        session, static_cast<GDBusConnectionFlags>(G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                   G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION),
        nullptr, nullptr, err.out());
  }

  Result<std::vector<AppEntry>> listApps(const Deadline& deadline) {
    std::vector<AppEntry> out;
    bound(deadline);
    GErrorBox err;
    AtspiAccessible* desktop = atspi_get_desktop(0);
    gint n = atspi_accessible_get_child_count(desktop, err.out());
    if (err) {
      g_object_unref(desktop);
      if (deadline.expired()) return timeoutError("Listing applications", deadline);
      return Error{ErrorCode::Unavailable, "The accessibility registry does not answer: " + err.message() + "."};
    }
    for (gint i = 0; i < n; ++i) {
      bound(deadline, kListCallMs);
      Ref<AtspiAccessible> app(atspi_accessible_get_child_at_index(desktop, i, err.out()));
      if (err || !app) continue;
      int pid = static_cast<int>(atspi_accessible_get_process_id(app.get(), err.out()));
      if (err) continue;
      Probe answer = probe(app.get(), pid, std::min<gint>(kListCallMs, static_cast<gint>(deadline.remainingMs())));
      if (answer == Probe::AppGone) continue;  // quit while we were listing
      std::string name;
      bool responding = answer == Probe::Answers;
      if (responding) {
        CallWindow window = bound(deadline, kListCallMs);
        name = take(atspi_accessible_get_name(app.get(), err.out()));
        responding = !err && !window.stalled();
      }
      if (err && !processAlive(pid)) continue;  // quit while we were listing
      if (!responding || name.empty()) name = processName(pid);
      out.push_back({std::move(app), pid, name, responding});
    }
    g_object_unref(desktop);
    return out;
  }

  Ref<AtspiAccessible> findApp(int pid, const Deadline& deadline) {
    bound(deadline);
    GErrorBox err;
    AtspiAccessible* desktop = atspi_get_desktop(0);
    gint n = atspi_accessible_get_child_count(desktop, err.out());
    Ref<AtspiAccessible> found;
    for (gint i = 0; !err && i < n && !found; ++i) {
      Ref<AtspiAccessible> app(atspi_accessible_get_child_at_index(desktop, i, err.out()));
      if (err || !app) {
        err.reset();
        continue;
      }
      if (static_cast<int>(atspi_accessible_get_process_id(app.get(), err.out())) == pid && !err) found = std::move(app);
      err.reset();
    }
    g_object_unref(desktop);
    return found;
  }

  static bool hasInterface(AtspiAccessible* acc, const char* name) {
    GArray* ifaces = atspi_accessible_get_interfaces(acc);
    bool found = false;
    for (guint i = 0; ifaces && i < ifaces->len && !found; ++i) found = std::strcmp(g_array_index(ifaces, gchar*, i), name) == 0;
    if (ifaces) {
      for (guint i = 0; i < ifaces->len; ++i) g_free(g_array_index(ifaces, gchar*, i));
      g_array_free(ifaces, TRUE);
    }
    return found;
  }

  bool hasState(AtspiAccessible* acc, AtspiStateType type) {
    AtspiStateSet* set = atspi_accessible_get_state_set(acc);
    bool has = set && atspi_state_set_contains(set, type);
    if (set) g_object_unref(set);
    return has;
  }

  // A top-level window of the app that is active (has the keyboard focus).
  Ref<AtspiAccessible> activeWindow(AtspiAccessible* app, int pid, const Deadline& deadline) {
    (void)pid;
    CallWindow window = bound(deadline, kListCallMs);
    GErrorBox err;
    gint n = atspi_accessible_get_child_count(app, err.out());
    if (window.stalled()) return {};
    for (gint i = 0; !err && i < n; ++i) {
      Ref<AtspiAccessible> win(atspi_accessible_get_child_at_index(app, i, err.out()));
      if (err || !win) break;
      atspi_accessible_clear_cache(win.get());
      if (hasState(win.get(), ATSPI_STATE_ACTIVE)) return win;
    }
    return {};
  }

  bool hasActiveWindow(AtspiAccessible* app, int pid, const Deadline& deadline) {
    return static_cast<bool>(activeWindow(app, pid, deadline));
  }

  bool grabFocus(AtspiAccessible* acc, GErrorBox& err) {
    Ref<AtspiComponent> comp(atspi_accessible_get_component_iface(acc));
    if (!comp) return false;
    return atspi_component_grab_focus(comp.get(), err.out());
  }

  // The active window, or else the first showing one.
  Ref<AtspiAccessible> focusedWindow(AtspiAccessible* app, int pid, const Deadline& deadline) {
    Ref<AtspiAccessible> active = activeWindow(app, pid, deadline);
    if (active) return active;
    bound(deadline);
    GErrorBox err;
    gint n = atspi_accessible_get_child_count(app, err.out());
    for (gint i = 0; !err && i < n; ++i) {
      Ref<AtspiAccessible> win(atspi_accessible_get_child_at_index(app, i, err.out()));
      if (err || !win) break;
      if (hasState(win.get(), ATSPI_STATE_SHOWING)) return win;
    }
    return {};
  }

  // Reads one element. Skip: the element vanished mid-walk, or is hidden (showingOnly).
  ReadOutcome readElement(AtspiAccessible* acc, int pid, const SnapshotOptions& options, bool isRoot,
                          const Deadline& deadline, Element& el, std::vector<AtspiAccessible*>* children,
                          Error& failure, uint8_t* needs) {
    GErrorBox err;
    CallWindow window = bound(deadline);
    auto fail = [&](const std::string& doing) {
      CallFailure kind = classify(err, pid);
      if (kind == CallFailure::Gone && processAlive(pid)) return ReadOutcome::Skip;  // this element went away
      failure = failureError(err, pid, doing, "The application", deadline);
      return ReadOutcome::Fatal;
    };
    AtspiStateSet* set = atspi_accessible_get_state_set(acc);
    if (!set) return ReadOutcome::Skip;
    bool defunct = atspi_state_set_contains(set, ATSPI_STATE_DEFUNCT);
    bool showing = atspi_state_set_contains(set, ATSPI_STATE_SHOWING);
    bool editable = atspi_state_set_contains(set, ATSPI_STATE_EDITABLE);
    bool multiLine = atspi_state_set_contains(set, ATSPI_STATE_MULTI_LINE);
    el.states = stateNames(set);
    g_object_unref(set);
    if (defunct) return ReadOutcome::Skip;
    AtspiRole role = atspi_accessible_get_role(acc, err.out());
    if (err) return fail("Reading " + std::string(isRoot ? "the application" : "an element"));
    if (role == ATSPI_ROLE_INVALID || window.stalled()) {
      // No answer: the app died, hung, or this element went away.
      if (processGone(pid)) {
        failure = goneError("The application");
        return ReadOutcome::Fatal;
      }
      if (window.stalled() && !deadline.expired()) {
        failure = timeoutError("Reading the application", deadline);
        return ReadOutcome::Fatal;
      }
      return ReadOutcome::Skip;
    }
    if (options.showingOnly && !isRoot && !showing && role != ATSPI_ROLE_APPLICATION) return ReadOutcome::Skip;
    el.role = normalizeRole(role, editable, multiLine);
    el.platformRole = take(atspi_role_get_name(role));  // local: no D-Bus call
    el.name = take(atspi_accessible_get_name(acc, err.out()));
    if (err) return fail("Reading an element's name");
    el.description = take(atspi_accessible_get_description(acc, err.out()));
    if (err) return fail("Reading an element's description");

    if (needs) {
      // Bulk mode: only what the AT-SPI cache holds is read here; bounds, actions and values
      // come afterwards in one pipelined batch (fetchDetails).
      *needs = 0;
      GArray* ifaces = atspi_accessible_get_interfaces(acc);
      for (guint i = 0; ifaces && i < ifaces->len; ++i) {
        const char* name = g_array_index(ifaces, gchar*, i);
        if (std::strcmp(name, "Component") == 0) *needs |= kNeedBounds;
        if (std::strcmp(name, "Action") == 0) *needs |= kNeedActions;
        if (std::strcmp(name, "Text") == 0 && isTextRole(role)) *needs |= kNeedText;
        if (std::strcmp(name, "Value") == 0) *needs |= kNeedValue;
        g_free(g_array_index(ifaces, gchar*, i));
      }
      if (ifaces) g_array_free(ifaces, TRUE);
      if (*needs & kNeedText) *needs &= ~kNeedValue;
      if (role == ATSPI_ROLE_PASSWORD_TEXT) *needs &= ~(kNeedText | kNeedValue);
      addStateActions(el, role, (*needs & kNeedValue) != 0);
    } else if (AtspiComponent* comp = atspi_accessible_get_component_iface(acc)) {
      AtspiRect* r = atspi_component_get_extents(comp, ATSPI_COORD_TYPE_SCREEN, err.out());
      g_object_unref(comp);
      if (err) return fail("Reading an element's position");
      if (r && r->width > 0 && r->height > 0) el.bounds = Rect{double(r->x), double(r->y), double(r->width), double(r->height)};
      g_free(r);
    }
    if (AtspiAction* act = atspi_accessible_get_action_iface(acc)) {
      gint n = atspi_action_get_n_actions(act, err.out());
      for (gint i = 0; !err && i < n; ++i) addPlatformAction(el, lower(take(atspi_action_get_action_name(act, i, err.out()))));
      g_object_unref(act);
      if (err) return fail("Reading an element's actions");
    }
    if (!needs) addStateActions(el, role, hasInterface(acc, "Value"));
    if (!needs && role != ATSPI_ROLE_PASSWORD_TEXT) {
      el.value = readElementValue(acc, role, kMaxValueChars, err);
      if (err) return fail("Reading an element's value");
    }

    gint n = atspi_accessible_get_child_count(acc, err.out());
    if (err) return fail("Reading an element's children");
    for (gint i = 0; i < n; ++i) {
      if (deadline.expired()) break;
      AtspiAccessible* child = atspi_accessible_get_child_at_index(acc, i, err.out());
      if (err) {
        if (classify(err, pid) == CallFailure::Other || (classify(err, pid) == CallFailure::Gone && processAlive(pid))) {
          err.reset();
          continue;
        }
        for (auto* c : *children) g_object_unref(c);
        children->clear();
        return fail("Reading an element's children");
      }
      if (child) children->push_back(child);
    }
    if (window.stalled()) {
      for (auto* c : *children) g_object_unref(c);
      children->clear();
      if (processGone(pid)) {
        failure = goneError("The application");
        return ReadOutcome::Fatal;
      }
      if (!deadline.expired()) {
        failure = timeoutError("Reading the application", deadline);
        return ReadOutcome::Fatal;
      }
      return ReadOutcome::Skip;  // the deadline ran out during this element: the walk stops as truncated
    }
    return ReadOutcome::Keep;
  }

  // The value a user would read off the element: text of editable fields, the number of a slider.
  std::optional<std::string> readElementValue(AtspiAccessible* acc, AtspiRole role, gint maxChars, GErrorBox& err) {
    bool textRole = isTextRole(role);
    AtspiText* text = textRole ? atspi_accessible_get_text_iface(acc) : nullptr;
    if (text) {
      gint count = atspi_text_get_character_count(text, err.out());
      std::string s = err ? "" : take(atspi_text_get_text(text, 0, std::min(count, maxChars), err.out()));
      g_object_unref(text);
      if (err) return std::nullopt;
      return s;
    }
    if (AtspiValue* value = atspi_accessible_get_value_iface(acc)) {
      double v = atspi_value_get_current_value(value, err.out());
      g_object_unref(value);
      if (err) return std::nullopt;
      return formatNumber(v);
    }
    return std::nullopt;
  }

  // Reads bounds, action names and values of many elements with pipelined D-Bus calls: a window of
  // requests is in flight at once, so the cost is the app's work, not one round trip per element.
  Result<Done> fetchDetails(std::vector<Element>& elements, const std::vector<AtspiAccessible*>& handles,
                            const std::vector<uint8_t>& needs, int pid, const Deadline& deadline) {
    struct Job {
      size_t index;
      uint8_t kind;
      DBusPendingCall* pending;
    };
    std::vector<Job> jobs;
    for (size_t i = 0; i < needs.size(); ++i)
      for (uint8_t kind : {kNeedBounds, kNeedActions, kNeedText, kNeedValue})
        if (needs[i] & kind) jobs.push_back({i, kind, nullptr});
    size_t next = 0, done = 0;
    std::optional<Error> failure;
    auto send = [&](Job& job) {
      AtspiObject* o = ATSPI_OBJECT(handles[job.index]);
      DBusConnection* bus = o->app && o->app->bus ? o->app->bus : atspi_get_a11y_bus();
      if (!o->app || !o->app->bus_name || !o->path || !bus) return;
      DBusMessage* msg = nullptr;
      if (job.kind == kNeedBounds) {
        msg = dbus_message_new_method_call(o->app->bus_name, o->path, "org.a11y.atspi.Component", "GetExtents");
        dbus_uint32_t screen = ATSPI_COORD_TYPE_SCREEN;
        dbus_message_append_args(msg, DBUS_TYPE_UINT32, &screen, DBUS_TYPE_INVALID);
      } else if (job.kind == kNeedActions) {
        msg = dbus_message_new_method_call(o->app->bus_name, o->path, "org.a11y.atspi.Action", "GetActions");
      } else if (job.kind == kNeedText) {
        msg = dbus_message_new_method_call(o->app->bus_name, o->path, "org.a11y.atspi.Text", "GetText");
        dbus_int32_t start = 0, end = kMaxValueChars;
        dbus_message_append_args(msg, DBUS_TYPE_INT32, &start, DBUS_TYPE_INT32, &end, DBUS_TYPE_INVALID);
      } else {
        msg = dbus_message_new_method_call(o->app->bus_name, o->path, "org.freedesktop.DBus.Properties", "Get");
        const char* iface = "org.a11y.atspi.Value";
        const char* prop = "CurrentValue";
        dbus_message_append_args(msg, DBUS_TYPE_STRING, &iface, DBUS_TYPE_STRING, &prop, DBUS_TYPE_INVALID);
      }
      gint timeout = std::max(1, static_cast<gint>(deadline.remainingMs()));
      if (!dbus_connection_send_with_reply(bus, msg, &job.pending, timeout)) job.pending = nullptr;
      dbus_message_unref(msg);
    };
    while (done < jobs.size()) {
      while (next < jobs.size() && next - done < kPipelineWindow && !failure) send(jobs[next++]);
      Job& job = jobs[done++];
      if (!job.pending) continue;
      if (failure) {
        dbus_pending_call_cancel(job.pending);
        dbus_pending_call_unref(job.pending);
        continue;
      }
      auto waitStart = std::chrono::steady_clock::now();
      dbus_pending_call_block(job.pending);
      DBusMessage* reply = dbus_pending_call_steal_reply(job.pending);
      dbus_pending_call_unref(job.pending);
      if (!reply) continue;
      if (dbus_message_get_type(reply) == DBUS_MESSAGE_TYPE_ERROR) {
        std::string name = dbus_message_get_error_name(reply) ? dbus_message_get_error_name(reply) : "";
        double waited = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - waitStart).count();
        if (name == DBUS_ERROR_NO_REPLY || name == DBUS_ERROR_SERVICE_UNKNOWN || name == DBUS_ERROR_DISCONNECTED) {
          if (processGone(pid)) failure = goneError("The application");
          else if (waited >= 1 && deadline.expired()) failure = timeoutError("Reading the application", deadline);
        }
        dbus_message_unref(reply);
        continue;  // otherwise: this element went away or does not answer this question
      }
      parseDetail(elements[job.index], job.kind, reply);
      dbus_message_unref(reply);
    }
    if (failure) return *failure;
    return Done{};
  }

  static void parseDetail(Element& el, uint8_t kind, DBusMessage* reply) {
    DBusMessageIter it;
    if (!dbus_message_iter_init(reply, &it)) return;
    if (kind == kNeedBounds && dbus_message_iter_get_arg_type(&it) == DBUS_TYPE_STRUCT) {
      DBusMessageIter rect;
      dbus_message_iter_recurse(&it, &rect);
      dbus_int32_t v[4] = {0, 0, 0, 0};
      for (int i = 0; i < 4 && dbus_message_iter_get_arg_type(&rect) == DBUS_TYPE_INT32; ++i) {
        dbus_message_iter_get_basic(&rect, &v[i]);
        dbus_message_iter_next(&rect);
      }
      if (v[2] > 0 && v[3] > 0) el.bounds = Rect{double(v[0]), double(v[1]), double(v[2]), double(v[3])};
    } else if (kind == kNeedActions && dbus_message_iter_get_arg_type(&it) == DBUS_TYPE_ARRAY) {
      DBusMessageIter arr;
      dbus_message_iter_recurse(&it, &arr);
      while (dbus_message_iter_get_arg_type(&arr) == DBUS_TYPE_STRUCT) {
        DBusMessageIter entry;
        dbus_message_iter_recurse(&arr, &entry);
        if (dbus_message_iter_get_arg_type(&entry) == DBUS_TYPE_STRING) {
          const char* name = nullptr;
          dbus_message_iter_get_basic(&entry, &name);
          if (name) addPlatformAction(el, lower(name));
        }
        dbus_message_iter_next(&arr);
      }
    } else if (kind == kNeedText && dbus_message_iter_get_arg_type(&it) == DBUS_TYPE_STRING) {
      const char* text = nullptr;
      dbus_message_iter_get_basic(&it, &text);
      el.value = text ? text : "";
    } else if (kind == kNeedValue && dbus_message_iter_get_arg_type(&it) == DBUS_TYPE_VARIANT) {
      DBusMessageIter var;
      dbus_message_iter_recurse(&it, &var);
      if (dbus_message_iter_get_arg_type(&var) == DBUS_TYPE_DOUBLE) {
        double v = 0;
        dbus_message_iter_get_basic(&var, &v);
        el.value = formatNumber(v);
      }
    }
  }

  // Actions that follow from states and interfaces rather than from the Action interface.
  static void addStateActions(Element& el, AtspiRole role, bool hasValue) {
    if (hasStateName(el, "focusable")) addUnique(el.actions, "focus");
    if (hasValue && !hasStateName(el, "read_only") && hasStateName(el, "enabled") && role != ATSPI_ROLE_PROGRESS_BAR &&
        role != ATSPI_ROLE_LEVEL_BAR) {
      addUnique(el.actions, "increment");
      addUnique(el.actions, "decrement");
    }
    if (hasStateName(el, "selectable")) addUnique(el.actions, "select");
  }

  static gint indexOfFirst(const std::vector<std::string>& names, const std::vector<std::string>& wanted) {
    for (const auto& w : wanted) {
      auto it = std::find(names.begin(), names.end(), w);
      if (it != names.end()) return static_cast<gint>(it - names.begin());
    }
    return -1;
  }

  static Error unsupported(const std::string& action) {
    return {ErrorCode::Unsupported, "This element does not offer the action '" + action +
                                        "': look at its actions in the latest observation and choose one of those."};
  }

  int pidOf(AtspiAccessible* acc) {
    GErrorBox err;
    return static_cast<int>(atspi_accessible_get_process_id(acc, err.out()));
  }

  // The element an id of the latest snapshot names, checked to be still alive.
  Result<AtspiAccessible*> resolve(ElementRef ref, const Deadline& deadline) {
    if (!initError_.empty()) return Error{ErrorCode::Unavailable, initError_};
    if (ref.generation != generation_) return staleError(ref.generation, generation_);
    if (ref.id < 1 || ref.id > static_cast<int>(handles_.size())) {
      return Error{ErrorCode::NotFound, "Snapshot " + std::to_string(generation_) + " has no element " +
                                            std::to_string(ref.id) + " (it has " + std::to_string(handles_.size()) +
                                            "): observe again."};
    }
    AtspiAccessible* acc = handles_[ref.id - 1];
    int pid = pidOf(acc);
    if (!processAlive(pid)) return goneError("The application of this element");
    switch (probe(acc, pid, std::min<gint>(kMaxCallMs, static_cast<gint>(deadline.remainingMs())))) {
      case Probe::Hung:
        return timeoutError("Reaching the element", deadline);
      case Probe::AppGone:
        return goneError("The application of this element");
      case Probe::ElementGone:
        return goneError("The element");
      case Probe::Answers:
        break;
    }
    atspi_accessible_clear_cache(acc);
    CallWindow window = bound(deadline);
    GErrorBox err;
    AtspiRole role = atspi_accessible_get_role(acc, err.out());
    if (err) return failureError(err, pid, "Reaching the element", "The element", deadline);
    if (window.stalled()) return timeoutError("Reaching the element", deadline);
    if (role == ATSPI_ROLE_INVALID) return processGone(pid) ? goneError("The application of this element") : goneError("The element");
    if (hasState(acc, ATSPI_STATE_DEFUNCT)) return goneError("The element");
    return acc;
  }

  struct Target {
    AtspiAccessible* acc;
    int pid;
    AtspiRole role;
  };

  Result<Target> resolveWithRole(ElementRef ref, const Deadline& deadline) {
    auto target = resolve(ref, deadline);
    if (!target.ok()) return target.error();
    AtspiAccessible* acc = target.value();
    int pid = pidOf(acc);
    GErrorBox err;
    bound(deadline);
    AtspiRole role = atspi_accessible_get_role(acc, err.out());
    if (err) return failureError(err, pid, "Reading the element", "The element", deadline);
    return Target{acc, pid, role};
  }

  void replaceGeneration(std::vector<AtspiAccessible*> handles) {
    for (auto* h : handles_) g_object_unref(h);
    handles_ = std::move(handles);
    if (!handles_.empty()) ++generation_;
  }

  Result<GDesktopAppInfo*> findAppByName(const std::string& what) {
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
      return Error{ErrorCode::NotFound, "No installed application is called '" + what +
                                            "': check the spelling, or install it first."};
    }
    std::string list;
    for (size_t i = 0; i < partial.size(); ++i) {
      if (i < 5) list += (i ? ", " : "") + std::string(g_app_info_get_name(G_APP_INFO(partial[i])));
      g_object_unref(partial[i]);
    }
    return Error{ErrorCode::NotFound, "Several applications match '" + what + "' (" + list + "): say which one."};
  }

  static void onEvent(AtspiEvent* event, void* data) {
    auto* self = static_cast<LinuxBridge*>(data);
    bool focus = event->type && std::strcmp(event->type, "object:state-changed:focused") == 0;
    bool window = event->type && std::strncmp(event->type, "window:activate", 15) == 0;
    if (self->handler_ && ((focus && event->detail1 == 1) || window) && event->source) {
      // Read the source later, outside libatspi's dispatch (it may be nested in a pending call).
      auto* source = static_cast<AtspiAccessible*>(g_object_ref(event->source));
      EventType type = focus ? EventType::FocusChanged : EventType::WindowChanged;
      self->post([self, source, type] {
        self->deliverEvent(source, type);
        g_object_unref(source);
      });
    }
    g_boxed_free(ATSPI_TYPE_EVENT, event);
  }

  void deliverEvent(AtspiAccessible* source, EventType type) {
    if (!handler_) return;
    Deadline deadline(250);
    bound(deadline);
    GErrorBox err;
    Event ev{type};
    ev.pid = pidOf(source);
    AtspiStateSet* set = atspi_accessible_get_state_set(source);
    bool editable = set && atspi_state_set_contains(set, ATSPI_STATE_EDITABLE);
    bool multi = set && atspi_state_set_contains(set, ATSPI_STATE_MULTI_LINE);
    if (set) g_object_unref(set);
    ev.role = normalizeRole(atspi_accessible_get_role(source, err.out()), editable, multi);
    ev.name = take(atspi_accessible_get_name(source, err.out()));
    Ref<AtspiAccessible> app(atspi_accessible_get_application(source, err.out()));
    if (app) ev.app = take(atspi_accessible_get_name(app.get(), err.out()));
    if (ev.app.empty()) ev.app = processName(ev.pid);
    handler_(ev);
  }

  GMainContext* ctx_ = nullptr;
  GMainLoop* loop_ = nullptr;
  std::thread thread_;
  std::mutex mutex_;
  bool stopped_ = false;

  // Bridge-thread state.
  std::string initError_;
  uint32_t generation_ = 0;
  std::vector<AtspiAccessible*> handles_;
  std::function<void(const Event&)> handler_;
  AtspiEventListener* listener_ = nullptr;
};

}  // namespace

std::unique_ptr<Bridge> createBridge() { return std::make_unique<LinuxBridge>(); }

}  // namespace axb
