// Linux half of the bridge: the AT-SPI protocol spoken in raw libdbus on the bridge's own private
// connection to the accessibility bus (dbus_calls.h says why not libatspi), plus GIO to launch apps.
//
// One dedicated thread does every call and runs a private GLib main context, which watches the
// connection's socket so that events are read without any help from Node, and never touches the
// process's default GLib context (which an Electron main process uses for GTK).
// Every call is bounded by what is left of the caller's deadline, and no single call may wait
// longer than kMaxCallMs. Snapshots read the tree with many calls in flight at once: from the app's
// org.a11y.atspi.Cache in one call where the app keeps one, else level by level.
#include <atspi/atspi.h>  // AtspiRole, AtspiStateType and atspi_role_get_name only: libatspi makes no call here
#include <dbus/dbus.h>
#include <gio/gdesktopappinfo.h>
#include <gio/gio.h>
#include <glib-unix.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <iterator>
#include <mutex>
#include <set>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "../../include/ax_bridge.h"
#include "../../include/generations.h"
#include "dbus_calls.h"
#include "roles.h"
#include "x11_activate.h"

namespace axb {
namespace {

// No single D-Bus call may wait longer than this, whatever the deadline: a hung app must not make
// one call eat a long deadline when other apps could still answer.
constexpr int kMaxCallMs = 1000;
// A slice of the deadline for listing apps: a hung app costs at most this much.
constexpr int kListCallMs = 300;
// How long an app may take to tell its name before a snapshot calls it not responding.
constexpr int kNameProbeMs = 1000;
constexpr int kMaxValueChars = 2000;

constexpr const char* kAccessible = "org.a11y.atspi.Accessible";
constexpr const char* kProps = "org.freedesktop.DBus.Properties";

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

std::string take(gchar* s) {
  std::string out = s ? s : "";
  g_free(s);
  return out;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
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

// Roles whose text is their value (what the user typed), not their name.
bool isTextRole(AtspiRole role) {
  return role == ATSPI_ROLE_ENTRY || role == ATSPI_ROLE_TEXT || role == ATSPI_ROLE_COMBO_BOX ||
         role == ATSPI_ROLE_TERMINAL || role == ATSPI_ROLE_EDITBAR || role == ATSPI_ROLE_AUTOCOMPLETE ||
         role == ATSPI_ROLE_PARAGRAPH || role == ATSPI_ROLE_DOCUMENT_TEXT || role == ATSPI_ROLE_TABLE_CELL;
}


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

bool hasStateBit(uint64_t states, AtspiStateType type) { return (states >> static_cast<unsigned>(type)) & 1u; }

std::vector<std::string> stateNames(uint64_t set) {
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
    if (hasStateBit(set, p.type)) out.emplace_back(p.name);
  }
  // AT-SPI has no "collapsed" that toolkits set reliably: an expandable element that is not
  // expanded is collapsed, as on macOS.
  if (hasStateBit(set, ATSPI_STATE_EXPANDABLE) && !hasStateBit(set, ATSPI_STATE_EXPANDED))
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

bool isNoReply(const std::string& e) {
  return e == DBUS_ERROR_NO_REPLY || e == DBUS_ERROR_TIMEOUT || e == DBUS_ERROR_TIMED_OUT;
}

// The app left the bus (or our connection to it dropped).
bool isGoneName(const std::string& e) {
  return e == DBUS_ERROR_SERVICE_UNKNOWN || e == DBUS_ERROR_NAME_HAS_NO_OWNER || e == DBUS_ERROR_DISCONNECTED;
}

// What a failed call means, as a sentence. `what` is the thing that may have gone ("The element").
Error callError(const RawCall& c, int pid, const std::string& doing, const std::string& what, const Deadline& deadline) {
  if (c.error == kErrorDeadline) return timeoutError(doing, deadline);
  if (isNoReply(c.error)) {
    // A "no reply" well before the timeout means the app dropped its connection: it is quitting.
    if (c.waitedMs < c.timeoutMs - 1 || processGone(pid)) return goneError("The application");
    return timeoutError(doing, deadline);
  }
  if (isGoneName(c.error)) return goneError("The application");
  if (processGone(pid)) return goneError("The application");
  if (c.error.find("Unknown") != std::string::npos) return goneError(what);
  return {ErrorCode::Failed, doing + " failed: " + (c.errorMessage.empty() ? c.error : c.errorMessage) + "."};
}

enum class Probe { Answers, Hung, AppGone, ElementGone };

// Raw call builders.
RawCall method(const ObjRef& to, const char* iface, const char* name, std::function<void(DBusMessage*)> args = nullptr,
               std::function<void(DBusMessageIter*)> onReply = nullptr) {
  return RawCall{to, iface, name, std::move(args), std::move(onReply)};
}

// Properties.Get; onValue sees the variant's content.
RawCall property(const ObjRef& to, const char* iface, const char* prop, std::function<void(DBusMessageIter*)> onValue) {
  return method(to, kProps, "Get", argStrings(iface, prop), [onValue](DBusMessageIter* it) {
    DBusMessageIter inside;
    if (enterVariant(it, &inside)) onValue(&inside);
  });
}

// Properties.GetAll; onEntry sees each name and the variant's content.
RawCall allProperties(const ObjRef& to, const char* iface, std::function<void(const std::string&, DBusMessageIter*)> onEntry) {
  return method(to, kProps, "GetAll", argString(iface), [onEntry](DBusMessageIter* it) {
    if (!nextIs(it, DBUS_TYPE_ARRAY)) return;
    DBusMessageIter dict;
    dbus_message_iter_recurse(it, &dict);
    while (nextIs(&dict, DBUS_TYPE_DICT_ENTRY)) {
      DBusMessageIter entry, value;
      dbus_message_iter_recurse(&dict, &entry);
      std::string name = readString(&entry);
      dbus_message_iter_next(&entry);
      if (enterVariant(&entry, &value)) onEntry(name, &value);
      dbus_message_iter_next(&dict);
    }
  });
}

// Properties.Set of a double (Value.CurrentValue).
RawCall setDouble(const ObjRef& to, const char* iface, const char* prop, double v) {
  std::string i = iface, p = prop;
  return method(to, kProps, "Set", [i, p, v](DBusMessage* m) {
    const char* pi = i.c_str();
    const char* pp = p.c_str();
    DBusMessageIter it, var;
    dbus_message_iter_init_append(m, &it);
    dbus_message_iter_append_basic(&it, DBUS_TYPE_STRING, &pi);
    dbus_message_iter_append_basic(&it, DBUS_TYPE_STRING, &pp);
    dbus_message_iter_open_container(&it, DBUS_TYPE_VARIANT, "d", &var);
    dbus_message_iter_append_basic(&var, DBUS_TYPE_DOUBLE, &v);
    dbus_message_iter_close_container(&it, &var);
  });
}

double readDouble(DBusMessageIter* it) {
  double v = 0;
  if (nextIs(it, DBUS_TYPE_DOUBLE)) dbus_message_iter_get_basic(it, &v);
  return v;
}

// Action names of an Action.GetActions reply, a(sss): (name, description, key binding).
std::vector<std::string> readActionNames(DBusMessageIter* it) {
  std::vector<std::string> names;
  if (!nextIs(it, DBUS_TYPE_ARRAY)) return names;
  DBusMessageIter arr;
  dbus_message_iter_recurse(it, &arr);
  while (nextIs(&arr, DBUS_TYPE_STRUCT)) {
    DBusMessageIter entry;
    dbus_message_iter_recurse(&arr, &entry);
    names.push_back(lower(readString(&entry)));
    dbus_message_iter_next(&arr);
  }
  return names;
}

// What a snapshot needs to know of an element before its details.
struct Info {
  uint32_t role = ATSPI_ROLE_INVALID;
  std::string name, description;
  uint64_t states = 0;
  uint16_t ifaces = 0;
  int childCount = -1;  // -1: unknown, ask for the children
};

// Calls that read an element's Info; `answered` counts the ones that came back.
void addInfoCalls(std::vector<RawCall>& calls, const ObjRef& ref, Info* info, int* answered) {
  calls.push_back(method(ref, kAccessible, "GetRole", nullptr, [info, answered](DBusMessageIter* it) {
    info->role = readUint(it, ATSPI_ROLE_INVALID);
    ++*answered;
  }));
  calls.push_back(method(ref, kAccessible, "GetState", nullptr, [info, answered](DBusMessageIter* it) {
    info->states = readStateWords(it);
    ++*answered;
  }));
  calls.push_back(method(ref, kAccessible, "GetInterfaces", nullptr, [info, answered](DBusMessageIter* it) {
    info->ifaces = readInterfaces(it);
    ++*answered;
  }));
  calls.push_back(allProperties(ref, kAccessible, [info](const std::string& name, DBusMessageIter* v) {
    if (name == "Name") info->name = readString(v);
    else if (name == "Description") info->description = readString(v);
    else if (name == "ChildCount") info->childCount = readInt(v, -1);
  }));
  calls.back().onReply = [inner = calls.back().onReply, answered](DBusMessageIter* it) {
    inner(it);
    ++*answered;
  };
}

// Roles whose text is their value are read with Text; others with Value. Bits of what to fetch.
constexpr uint8_t kNeedBounds = 1, kNeedActions = 2, kNeedText = 4, kNeedValue = 8, kNeedTextAsName = 16;

// Items whose label is only in their text (GTK icon view items have no name).
bool labelInText(AtspiRole role) {
  return role == ATSPI_ROLE_ICON || role == ATSPI_ROLE_LIST_ITEM;
}

uint8_t detailsNeeded(const Info& info) {
  auto role = static_cast<AtspiRole>(info.role);
  uint8_t need = 0;
  if (info.ifaces & kIfaceComponent) need |= kNeedBounds;
  if (info.ifaces & kIfaceAction) need |= kNeedActions;
  if ((info.ifaces & kIfaceText) && info.name.empty() && labelInText(role)) need |= kNeedTextAsName;
  else if ((info.ifaces & kIfaceText) && isTextRole(role)) need |= kNeedText;
  // Only where a number is what it shows: LibreOffice gives every button a Value of 0.
  else if ((info.ifaces & kIfaceValue) && numericRole(role)) need |= kNeedValue;
  if (role == ATSPI_ROLE_PASSWORD_TEXT) need &= ~(kNeedText | kNeedValue);
  return need;
}

// Actions that follow from states and interfaces rather than from the Action interface.
void addStateActions(Element& el, AtspiRole role, bool hasValue) {
  if (hasStateName(el, "focusable")) addUnique(el.actions, "focus");
  if (hasValue && !hasStateName(el, "read_only") && hasStateName(el, "enabled") && role != ATSPI_ROLE_PROGRESS_BAR &&
      role != ATSPI_ROLE_LEVEL_BAR) {
    addUnique(el.actions, "increment");
    addUnique(el.actions, "decrement");
  }
  if (hasStateName(el, "selectable")) addUnique(el.actions, "select");
}

Element elementOf(const Info& info) {
  Element el;
  auto role = static_cast<AtspiRole>(info.role);
  el.states = stateNames(info.states);
  el.role = normalizeRole(role, hasStateBit(info.states, ATSPI_STATE_EDITABLE), hasStateBit(info.states, ATSPI_STATE_MULTI_LINE));
  el.platformRole = take(atspi_role_get_name(role));  // a table lookup in libatspi: no D-Bus
  el.name = info.name;
  el.description = info.description;
  addStateActions(el, role, (detailsNeeded(info) & kNeedValue) != 0);
  return el;
}

// An (iiii) screen rectangle; nothing when it is empty or of another type.
std::optional<Rect> readExtents(DBusMessageIter* it) {
  if (!nextIs(it, DBUS_TYPE_STRUCT)) return std::nullopt;
  DBusMessageIter rect;
  dbus_message_iter_recurse(it, &rect);
  int32_t v[4] = {0, 0, 0, 0};
  for (int i = 0; i < 4; ++i) {
    v[i] = readInt(&rect, 0);
    dbus_message_iter_next(&rect);
  }
  if (v[2] <= 0 || v[3] <= 0) return std::nullopt;
  return Rect{double(v[0]), double(v[1]), double(v[2]), double(v[3])};
}

// Calls that read an element's bounds, actions and value; `done` counts the answers (or the
// errors that are about this element alone).
void addDetailCalls(std::vector<RawCall>& calls, const ObjRef& ref, uint8_t need, Element* el,
                    std::vector<std::string>* rawActions, int* textLength) {
  if (need & kNeedBounds) {
    calls.push_back(method(ref, "org.a11y.atspi.Component", "GetExtents", argUint(ATSPI_COORD_TYPE_SCREEN),
                           [el](DBusMessageIter* it) { el->bounds = readExtents(it); }));
  }
  if (need & kNeedActions) {
    calls.push_back(method(ref, "org.a11y.atspi.Action", "GetActions", nullptr, [el, rawActions](DBusMessageIter* it) {
      std::vector<std::string> names = readActionNames(it);
      for (const auto& name : names) addPlatformAction(*el, name);
      if (rawActions) *rawActions = std::move(names);
    }));
  }
  // The text is read in a second batch, up to its length: LibreOffice answers GetText with nothing
  // at all when the range asked for goes past the end.
  if ((need & (kNeedText | kNeedTextAsName)) && textLength) {
    calls.push_back(property(ref, "org.a11y.atspi.Text", "CharacterCount", [textLength](DBusMessageIter* v) { *textLength = readInt(v, -1); }));
  }
  if (need & kNeedValue) {
    calls.push_back(property(ref, "org.a11y.atspi.Value", "CurrentValue",
                             [el](DBusMessageIter* v) { el->value = formatNumber(readDouble(v)); }));
  }
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
    // After each job, the events that arrived meanwhile are read (and the connection's queue emptied).
    auto* job = new std::function<void()>([this, fn = std::move(fn)] {
      fn();
      pumpEvents();
    });
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
    if (auto e = connect(deadline)) return Permission{PermissionState::Unavailable, e->message};
    RawCall c = method({kRegistry, kRootPath}, kAccessible, "GetChildren");
    bus_.call(c, deadline, kMaxCallMs);
    if (!c.answered) {
      return Permission{PermissionState::Unavailable,
                        "The accessibility registry does not answer (" + c.error +
                            "): log out and in again, or reinstall at-spi2-core."};
    }
    return Permission{PermissionState::Granted, ""};
  }

  Result<std::vector<AppInfo>> runningApps(const Deadline& deadline) override {
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

  Result<AppInfo> frontmostApp(const Deadline& deadline) override {
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
    if (auto e = connect(deadline)) return *e;
    int pid = options.pid;
    if (pid == 0) {
      auto front = frontmostApp(deadline);
      if (!front.ok()) return front.error();
      pid = front.value().pid;
    }
    std::optional<ObjRef> app = findApp(pid, deadline);
    if (!app) {
      if (deadline.expired()) return timeoutError("Finding the application", deadline);
      if (!processAlive(pid)) return goneError("The application with process id " + std::to_string(pid));
      return Error{ErrorCode::NotFound, "No application with process id " + std::to_string(pid) +
                                            " is on the accessibility bus: it may still be starting, or it does "
                                            "not support accessibility."};
    }
    switch (probe(*app, pid, std::min(kMaxCallMs, static_cast<int>(deadline.remainingMs())))) {
      case Probe::Hung:
        return timeoutError("Reading the application", deadline);
      case Probe::AppGone:
      case Probe::ElementGone:
        return goneError("The application");
      case Probe::Answers:
        break;
    }
    if (options.useCache) bus_.enableAppCaches(deadline);
    bus_.useDirect(app->bus, deadline);
    Snapshot snap;
    snap.pid = pid;
    RawCall name = property(*app, kAccessible, "Name", [&snap](DBusMessageIter* v) { snap.app = readString(v); });
    // Through the bus: the app's change signals sent before it answered are read with the answer
    // (one connection keeps one app's messages in order), so its mirror misses none of them.
    name.viaBus = true;
    bus_.call(name, deadline, kMaxCallMs);
    if (!name.answered) return callError(name, pid, "Reading the application", "The application", deadline);

    ObjRef root = *app;
    if (options.focusedWindowOnly) {
      auto win = focusedWindow(*app, deadline);
      if (!win) {
        if (deadline.expired()) return timeoutError("Finding the focused window of " + snap.app, deadline);
        return Error{ErrorCode::NotFound, snap.app + " has no open window."};
      }
      root = *win;
    }

    Tree tree;
    if (options.useCache && std::find(walkOnly_.begin(), walkOnly_.end(), app->bus) == walkOnly_.end()) {
      auto loaded = loadCache(tree, *app, pid, options.useMirror, deadline);
      if (!loaded.ok()) return loaded.error();
      snap.fromAppCache = !tree.items.empty();
      snap.fromMirror = snap.fromAppCache && tree.fromMirror;
    }
    auto walked = walk(tree, root, pid, options, deadline);
    if (!walked.ok()) return walked.error();

    std::vector<Handle> handles;
    std::vector<const Node*> emitted = emit(tree, options, snap, handles);
    if (snap.elements.empty() || !processAlive(pid)) {
      if (processGone(pid)) return goneError("The application");
      return timeoutError("Reading the application", deadline);
    }
    auto details = fetchDetails(snap, emitted, *app, pid, deadline);
    if (!details.ok()) return details.error();
    handles.resize(snap.elements.size());
    snap.generation = generations_.keep(std::move(handles), pid);
    return snap;
  }

  Result<Done> performAction(ElementRef ref, const std::string& action, const Deadline& deadline) override {
    auto resolved = resolve(ref, deadline, /*asRead=*/true);
    if (!resolved.ok()) return resolved.error();
    const Target& t = resolved.value();
    const std::string what = "The element";
    if (action == "focus" || action == "raise") {
      if (!(t.ifaces & kIfaceComponent)) return unsupported(action);
      bool ok = false;
      RawCall c = method(t.ref, "org.a11y.atspi.Component", "GrabFocus", nullptr, [&ok](DBusMessageIter* it) { ok = readBool(it); });
      if (!bus_.call(c, deadline, kMaxCallMs).answered) return callError(c, t.pid, "Moving the focus", what, deadline);
      if (!ok) return Error{ErrorCode::Failed, "The application refused to move the focus to this element."};
      return Done{};
    }
    if (action == "increment" || action == "decrement") {
      if (!(t.ifaces & kIfaceValue)) return unsupported(action);
      double cur = 0, step = 0, lo = 0, hi = 0;
      RawCall read = allProperties(t.ref, "org.a11y.atspi.Value", [&](const std::string& n, DBusMessageIter* v) {
        if (n == "CurrentValue") cur = readDouble(v);
        else if (n == "MinimumIncrement") step = readDouble(v);
        else if (n == "MinimumValue") lo = readDouble(v);
        else if (n == "MaximumValue") hi = readDouble(v);
      });
      if (!bus_.call(read, deadline, kMaxCallMs).answered) return callError(read, t.pid, "Reading the value", what, deadline);
      if (step <= 0) step = (hi > lo) ? (hi - lo) / 10.0 : 1.0;
      double next = std::clamp(action == "increment" ? cur + step : cur - step, lo, std::max(lo, hi));
      RawCall set = setDouble(t.ref, "org.a11y.atspi.Value", "CurrentValue", next);
      if (!bus_.call(set, deadline, kMaxCallMs).answered) return callError(set, t.pid, "Changing the value", what, deadline);
      return Done{};
    }
    if (action == "select") return select(t, deadline);
    if (!(t.ifaces & kIfaceAction)) return unsupported(action);
    std::vector<std::string> names;
    RawCall list = actionNames(t.ref, names, deadline);
    if (!list.answered) return callError(list, t.pid, "Reading the element's actions", what, deadline);
    // expand/collapse share one toggling action in GTK: only run it when it changes the state.
    int index = indexOfFirst(names, platformActionsFor(action));
    if (index < 0 && (action == "expand" || action == "collapse")) {
      if ((action == "expand") == hasStateBit(t.states, ATSPI_STATE_EXPANDED)) return Done{};  // already so
      index = indexOfFirst(names, platformActionsFor("toggle_expanded"));
    }
    if (index < 0) return unsupported(action);
    return doAction(t, index, "Performing " + action, "The application refused the action " + action + ".", deadline);
  }

  Result<Done> setValue(ElementRef ref, const std::string& value, const Deadline& deadline) override {
    auto resolved = resolve(ref, deadline, /*asRead=*/true);
    if (!resolved.ok()) return resolved.error();
    const Target& t = resolved.value();
    if (!numericRole(t.role) && (t.ifaces & kIfaceEditableText)) {
      bool ok = false;
      RawCall c = method(t.ref, "org.a11y.atspi.EditableText", "SetTextContents", argString(value),
                         [&ok](DBusMessageIter* it) { ok = readBool(it); });
      if (!bus_.call(c, deadline, kMaxCallMs).answered) return callError(c, t.pid, "Setting the text", "The element", deadline);
      if (!ok) return Error{ErrorCode::Failed, "The application refused the new text (the field may be read-only)."};
      return Done{};
    }
    if (t.ifaces & kIfaceValue) {
      char* end = nullptr;
      double number = std::strtod(value.c_str(), &end);
      if (value.empty() || end == nullptr || *end != '\0' || !std::isfinite(number)) {
        return Error{ErrorCode::Unsupported, "This element takes a number, and '" + value + "' is not one."};
      }
      RawCall set = setDouble(t.ref, "org.a11y.atspi.Value", "CurrentValue", number);
      if (!bus_.call(set, deadline, kMaxCallMs).answered) return callError(set, t.pid, "Setting the value", "The element", deadline);
      return Done{};
    }
    return Error{ErrorCode::Unsupported, "This element does not take text or a value: choose a text field, or click it instead."};
  }

  Result<std::optional<std::string>> readValue(ElementRef ref, const Deadline& deadline) override {
    auto resolved = resolve(ref, deadline);
    if (!resolved.ok()) return resolved.error();
    const Target& t = resolved.value();
    if (t.role == ATSPI_ROLE_PASSWORD_TEXT) {
      return Error{ErrorCode::Unsupported, "This is a password field: its content is never read."};
    }
    if (isTextRole(t.role) && (t.ifaces & kIfaceText)) {
      auto count = textInt(t, "CharacterCount", deadline);
      if (!count.ok()) return count.error();
      std::string text;
      RawCall c = method(t.ref, "org.a11y.atspi.Text", "GetText", argInts(0, std::min(count.value(), 1 << 20)),
                         [&text](DBusMessageIter* it) { text = readString(it); });
      if (!bus_.call(c, deadline, kMaxCallMs).answered) return callError(c, t.pid, "Reading the value", "The element", deadline);
      return std::optional<std::string>(text);
    }
    if (t.ifaces & kIfaceValue) {
      double v = 0;
      RawCall c = property(t.ref, "org.a11y.atspi.Value", "CurrentValue", [&v](DBusMessageIter* it) { v = readDouble(it); });
      if (!bus_.call(c, deadline, kMaxCallMs).answered) return callError(c, t.pid, "Reading the value", "The element", deadline);
      return std::optional<std::string>(formatNumber(v));
    }
    return std::optional<std::string>();
  }

  Result<Inserted> insertText(ElementRef ref, const std::string& text, InsertAt at, const Deadline& deadline) override {
    auto resolved = resolve(ref, deadline);
    if (!resolved.ok()) return resolved.error();
    const Target& t = resolved.value();
    if (t.role == ATSPI_ROLE_PASSWORD_TEXT) {
      return Error{ErrorCode::Unsupported, "This is a password field: the assistant never types into it."};
    }
    if (!(t.ifaces & kIfaceText) || !(t.ifaces & kIfaceEditableText) || numericRole(t.role)) {
      return Error{ErrorCode::Unsupported, "This element does not take typed text: choose a text field, or click it instead."};
    }
    const std::string what = "The element";
    auto count = textInt(t, "CharacterCount", deadline);
    if (!count.ok()) return count.error();
    int start = count.value(), end = count.value();
    if (at == InsertAt::Caret) {
      auto caret = textInt(t, "CaretOffset", deadline);
      if (!caret.ok()) return caret.error();
      // -1: the element has no caret; then the end, as before.
      if (caret.value() >= 0) start = end = std::min(caret.value(), count.value());
      int selections = 0;
      RawCall n = method(t.ref, "org.a11y.atspi.Text", "GetNSelections", nullptr, [&selections](DBusMessageIter* it) { selections = readInt(it, 0); });
      if (!bus_.call(n, deadline, kMaxCallMs).answered) return callError(n, t.pid, "Reading the selection", what, deadline);
      if (selections > 0) {
        int s0 = 0, s1 = 0;
        RawCall sel = method(t.ref, "org.a11y.atspi.Text", "GetSelection", argInt(0), [&](DBusMessageIter* it) {
          s0 = readInt(it, 0);
          dbus_message_iter_next(it);
          s1 = readInt(it, 0);
        });
        if (!bus_.call(sel, deadline, kMaxCallMs).answered) return callError(sel, t.pid, "Reading the selection", what, deadline);
        if (s0 != s1) {
          start = std::clamp(std::min(s0, s1), 0, count.value());
          end = std::clamp(std::max(s0, s1), 0, count.value());
        }
      }
    }
    if (deadline.expired()) return timeoutError("Typing the text", deadline);
    if (end > start) {
      bool ok = false;
      RawCall del = method(t.ref, "org.a11y.atspi.EditableText", "DeleteText", argInts(start, end), [&ok](DBusMessageIter* it) { ok = readBool(it); });
      if (!bus_.call(del, deadline, kMaxCallMs).answered) return callError(del, t.pid, "Replacing the selection", what, deadline);
      if (!ok) return Error{ErrorCode::Failed, "The application refused to replace the selected text (the field may be read-only)."};
    }
    if (!text.empty()) {
      bool ok = false;
      // The length is in bytes (ATK hands it to the toolkit's insert, which counts bytes).
      RawCall ins = method(t.ref, "org.a11y.atspi.EditableText", "InsertText",
                           [start, text](DBusMessage* m) {
                             dbus_int32_t pos = start, len = static_cast<dbus_int32_t>(text.size());
                             const char* s = text.c_str();
                             dbus_message_append_args(m, DBUS_TYPE_INT32, &pos, DBUS_TYPE_STRING, &s, DBUS_TYPE_INT32, &len, DBUS_TYPE_INVALID);
                           },
                           [&ok](DBusMessageIter* it) { ok = readBool(it); });
      if (!bus_.call(ins, deadline, kMaxCallMs).answered) return callError(ins, t.pid, "Typing the text", what, deadline);
      if (!ok) return Error{ErrorCode::Failed, "The application refused the typed text (the field may be read-only)."};
    }
    int caret = start + static_cast<int>(g_utf8_strlen(text.c_str(), static_cast<gssize>(text.size())));
    // Where a keyboard would leave it. Some toolkits move it themselves, others leave it before the
    // text; a field that refuses is not an error: the text is in.
    RawCall place = method(t.ref, "org.a11y.atspi.Text", "SetCaretOffset", argInt(caret));
    bus_.call(place, deadline, kMaxCallMs);
    if (!place.answered && (isNoReply(place.error) || isGoneName(place.error) || place.error == kErrorDeadline))
      return callError(place, t.pid, "Placing the caret", what, deadline);
    return Inserted{start, end, caret};
  }

  Result<Done> activateApp(int pid, const Deadline& deadline) override {
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
    RawCall kids = method(*app, kAccessible, "GetChildren", nullptr, [&all](DBusMessageIter* it) { readObjectRefs(it, all); });
    if (!bus_.call(kids, deadline, kMaxCallMs).answered) return callError(kids, pid, "Reading the application's windows", "The application", deadline);
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
      if (answered[i] == 4 && (hasStateBit(s, ATSPI_STATE_SHOWING) || hasStateBit(s, ATSPI_STATE_ICONIFIED) || hasStateBit(s, ATSPI_STATE_VISIBLE)))
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
      RawCall act = method(win.ref, "org.a11y.atspi.Action", "DoAction", argInt(index), [&ok](DBusMessageIter* it) { ok = readBool(it); });
      if (!bus_.call(act, deadline, kMaxCallMs).answered) return callError(act, pid, doing, "The application", deadline);
      if (ok) return Done{};
    }
    // 2. Component grab_focus on the window itself (GTK3 frames refuse it: a window cannot take
    //    the focus, only its widgets can).
    for (const auto& win : windows) {
      if (!(win.ifaces & kIfaceComponent)) continue;
      bool ok = false;
      RawCall grab = method(win.ref, "org.a11y.atspi.Component", "GrabFocus", nullptr, [&ok](DBusMessageIter* it) { ok = readBool(it); });
      if (!bus_.call(grab, deadline, kMaxCallMs).answered) return callError(grab, pid, doing, "The application", deadline);
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
        return Error{ErrorCode::NotFound, "This application has no window the window manager knows of to bring to the front."};
      case X11Activation::Unavailable:
        break;
    }
    if (deadline.expired()) return timeoutError(doing, deadline);
    return Error{ErrorCode::Unsupported, "This application offers no way to bring its window to the front, and " + why + "."};
  }

  Result<Done> setEventHandler(std::function<void(const Event&)> handler) override {
    Deadline deadline(3000);
    if (auto e = connect(deadline)) return *e;
    bool wanted = static_cast<bool>(handler);
    handler_ = std::move(handler);
    if (wanted != listening_) {
      if (auto e = bus_.listen(wanted, deadline)) return *e;
      listening_ = wanted;
    }
    return Done{};
  }

 private:
  struct AppEntry {
    ObjRef root;
    int pid;
    std::string name;
    bool responding;
  };

  struct Target {
    ObjRef ref;
    int pid;
    AtspiRole role;
    uint16_t ifaces;
    uint64_t states;
  };

  // An element of the latest snapshot.
  struct Handle {
    ObjRef ref;
    uint32_t role = ATSPI_ROLE_INVALID;  // as the snapshot read them: what was judged and shown
    std::string name;
  };

  // The tree a snapshot reads: what the app's cache told, then what was asked level by level.
  struct Node {
    ObjRef ref;
    int depth = 0;
    bool hasInfo = false;
    Info info;
    bool skip = false;      // hidden (showingOnly), defunct or gone: left out with its subtree
    bool expanded = false;  // its children are known
    std::vector<int> kids;
    int parent = -1;
    std::optional<VisiblePart> part;  // read only where it is on screen
  };

  struct Tree {
    std::vector<Node> nodes;
    std::vector<CacheItem> items;                                   // the app's cache, when it has one
    std::unordered_map<std::string, size_t> itemAt;                 // path → item
    std::unordered_map<std::string, std::vector<size_t>> itemKids;  // parent path → items
    std::string bus;
    std::unordered_set<std::string> seen;  // paths in nodes: each element appears once
    bool cutShort = false;  // a call went unanswered while the app still answers others: partial
    bool slowCall = false;  // set by the snapshot's error policy, checked after each batch
    bool fromMirror = false;  // items from the mirror, not from GetItems just now
  };

  // An app's cache as last read, kept current by the app's own signals (A11yBus::watch): a snapshot
  // reads again only the elements the app said changed, and the whole cache only when elements
  // came or went. A new object path is a new element, so nothing read from here can name one
  // element for another; what an app changes without saying so (bounds, text, values) is read
  // afresh every time.
  struct Mirror {
    std::string bus;
    std::vector<CacheItem> items;
    std::unordered_map<std::string, size_t> at;  // path → item
    std::chrono::steady_clock::time_point readAt;  // when GetItems answered
  };

  // An app that changes an element without saying so (no toolkit known to us does; an app speaking
  // AT-SPI itself may) is read whole again at least this often, and at once when an action finds
  // an element renamed (resolve).
  static constexpr double kMirrorMaxAgeMs = 15000;

  void dropMirror(const std::string& bus) {
    mirrors_.erase(std::remove_if(mirrors_.begin(), mirrors_.end(), [&bus](const Mirror& m) { return m.bus == bus; }),
                   mirrors_.end());
  }

  void run() {
    g_main_context_push_thread_default(ctx_);
    init();
    g_main_loop_run(loop_);
    dropWatch();
    generations_.clear();
    bus_.close();
    g_main_context_pop_thread_default(ctx_);
  }

  void init() {
    // Without any bus address, libdbus would try to autolaunch a bus through X11: refuse instead.
    const char* session = std::getenv("DBUS_SESSION_BUS_ADDRESS");
    const char* direct = std::getenv("AT_SPI_BUS_ADDRESS");
    const char* runtime = std::getenv("XDG_RUNTIME_DIR");
    bool runtimeBus = runtime && g_file_test((std::string(runtime) + "/bus").c_str(), G_FILE_TEST_EXISTS);
    if (!(session && *session) && !(direct && *direct) && !runtimeBus) initError_ = noSessionBusMessage();
  }

  // Connects to the accessibility bus (again, if it went away) and watches its socket for events.
  std::optional<Error> connect(const Deadline& deadline) {
    if (!initError_.empty()) return Error{ErrorCode::Unavailable, initError_};
    if (auto e = bus_.ensure(deadline)) return e;
    int fd = bus_.fd();
    if (fd != watchFd_) {
      dropWatch();
      watch_ = g_unix_fd_source_new(fd, static_cast<GIOCondition>(G_IO_IN | G_IO_HUP | G_IO_ERR));
      g_source_set_callback(
          watch_,
          G_SOURCE_FUNC(+[](gint, GIOCondition cond, gpointer self) -> gboolean {
            auto* bridge = static_cast<LinuxBridge*>(self);
            bridge->pumpEvents();
            if (cond & (G_IO_HUP | G_IO_ERR)) {
              bridge->watch_ = nullptr;  // the source is destroyed on return
              bridge->watchFd_ = -1;
              return G_SOURCE_REMOVE;
            }
            return G_SOURCE_CONTINUE;
          }),
          this, nullptr);
      g_source_attach(watch_, ctx_);
      g_source_unref(watch_);
      watchFd_ = fd;
    }
    return std::nullopt;
  }

  void dropWatch() {
    if (watch_) g_source_destroy(watch_);
    watch_ = nullptr;
    watchFd_ = -1;
  }

  // Reads what arrived and delivers the events; anything else that arrived is dropped.
  void pumpEvents() {
    // An app that stopped answering costs one event's wait, not one per event it queued before.
    std::vector<std::string> silent;
    bus_.pump([this, &silent](const RawEvent& e) {
      if (std::find(silent.begin(), silent.end(), e.source.bus) != silent.end()) return;
      if (!deliverEvent(e)) silent.push_back(e.source.bus);
    });
  }

  // False when the event's app did not answer in time (the event is then dropped).
  bool deliverEvent(const RawEvent& raw) {
    if (!handler_ || (raw.kind == RawEvent::Focus && raw.detail1 != 1)) return true;
    Deadline deadline(250);
    Info info;
    int answered = 0;
    std::string appName;
    std::vector<RawCall> calls;
    addInfoCalls(calls, raw.source, &info, &answered);
    calls.push_back(property({raw.source.bus, kRootPath}, kAccessible, "Name", [&appName](DBusMessageIter* v) { appName = readString(v); }));
    bus_.run(calls, deadline, 250, nullptr);
    for (const auto& c : calls)
      if (isNoReply(c.error) || c.error == kErrorDeadline) return false;
    Event ev{raw.kind == RawEvent::Focus ? EventType::FocusChanged : EventType::WindowChanged};
    ev.pid = bus_.pidOf(raw.source.bus, deadline);
    ev.role = normalizeRole(static_cast<AtspiRole>(info.role), hasStateBit(info.states, ATSPI_STATE_EDITABLE),
                            hasStateBit(info.states, ATSPI_STATE_MULTI_LINE));
    ev.name = info.name;
    ev.app = appName.empty() ? processName(ev.pid) : appName;
    handler_(ev);
    return true;
  }

  GDBusConnection* sessionBus(GErrorBox& err) {
    const char* session = std::getenv("DBUS_SESSION_BUS_ADDRESS");
    if (!session || !*session) return nullptr;
    return g_dbus_connection_new_for_address_sync(
        session, static_cast<GDBusConnectionFlags>(G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                   G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION),
        nullptr, nullptr, err.out());
  }

  // One raw round trip to the object, with exactly this timeout, before working on an app or
  // element: whether it answers at all.
  Probe probe(const ObjRef& ref, int pid, int timeoutMs) {
    RawCall c = property(ref, kAccessible, "ChildCount", [](DBusMessageIter*) {});
    bus_.call(c, Deadline(std::max(1, timeoutMs)), std::max(1, timeoutMs));
    if (c.answered) return Probe::Answers;
    if (isNoReply(c.error) || c.error == kErrorDeadline) {
      // A "no reply" well before the timeout means the app dropped its connection: it is quitting.
      if (c.waitedMs < c.timeoutMs - 1) return Probe::AppGone;
      return processAlive(pid) ? Probe::Hung : Probe::AppGone;
    }
    if (processGone(pid)) return Probe::AppGone;
    if (isGoneName(c.error)) return Probe::AppGone;
    if (c.error.find("Unknown") != std::string::npos) return Probe::ElementGone;
    return Probe::Answers;  // it answered, with an error about the question
  }

  // The registry's applications, with their process ids and names; one that does not answer its
  // name within kListCallMs is listed as not responding.
  Result<std::vector<AppEntry>> listApps(const Deadline& deadline) {
    if (auto e = connect(deadline)) return *e;
    std::vector<ObjRef> roots;
    RawCall c = method({kRegistry, kRootPath}, kAccessible, "GetChildren", nullptr, [&roots](DBusMessageIter* it) { readObjectRefs(it, roots); });
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
    for (auto& a : apps) calls.push_back(property(a.root, kAccessible, "Name", [&a](DBusMessageIter* v) { a.name = readString(v); }));
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
  static size_t frontIndex(const std::vector<AppEntry>& apps, const std::vector<std::optional<ObjRef>>& active) {
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
  std::vector<std::optional<ObjRef>> activeWindows(const std::vector<AppEntry>& apps, const Deadline& deadline) {
    std::vector<std::vector<ObjRef>> windows(apps.size());
    std::vector<RawCall> calls;
    for (size_t i = 0; i < apps.size(); ++i) {
      if (!apps[i].responding) continue;
      auto* into = &windows[i];
      calls.push_back(method(apps[i].root, kAccessible, "GetChildren", nullptr, [into](DBusMessageIter* it) { readObjectRefs(it, *into); }));
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

  std::optional<ObjRef> findApp(int pid, const Deadline& deadline) {
    std::vector<ObjRef> roots;
    RawCall c = method({kRegistry, kRootPath}, kAccessible, "GetChildren", nullptr, [&roots](DBusMessageIter* it) { readObjectRefs(it, roots); });
    bus_.call(c, deadline, kMaxCallMs);
    for (const auto& r : roots)
      if (bus_.pidOf(r.bus, deadline) == pid) return r;
    return std::nullopt;
  }

  // The active window, or else the first showing one.
  std::optional<ObjRef> focusedWindow(const ObjRef& app, const Deadline& deadline) {
    std::vector<ObjRef> wins;
    RawCall c = method(app, kAccessible, "GetChildren", nullptr, [&wins](DBusMessageIter* it) { readObjectRefs(it, wins); });
    bus_.call(c, deadline, kMaxCallMs);
    std::vector<uint64_t> states(wins.size(), 0);
    std::vector<RawCall> calls;
    for (size_t i = 0; i < wins.size(); ++i)
      calls.push_back(method(wins[i], kAccessible, "GetState", nullptr, [&states, i](DBusMessageIter* it) { states[i] = readStateWords(it); }));
    bus_.run(calls, deadline, kMaxCallMs, nullptr);
    for (size_t i = 0; i < wins.size(); ++i)
      if (hasStateBit(states[i], ATSPI_STATE_ACTIVE)) return wins[i];
    for (size_t i = 0; i < wins.size(); ++i)
      if (hasStateBit(states[i], ATSPI_STATE_SHOWING)) return wins[i];
    return std::nullopt;
  }

  // What an error in a snapshot's batch means: the app quit, or one call used up its whole share
  // while the deadline still had time (`slow` is set: slowOrHung then asks whether the app answers
  // at all). Anything else is about one element.
  CallErrorPolicy snapshotPolicy(int pid, const std::string& appBus, const Deadline& deadline, bool* slow) {
    return [pid, appBus, &deadline, slow](const RawCall& c) -> std::optional<Error> {
      if (c.error == kErrorDeadline) return std::nullopt;
      // A name without an owner that is not the app's own (a child an app made up) is about that
      // element alone.
      if (c.to.bus != appBus) return std::nullopt;
      if (isGoneName(c.error)) return goneError("The application");
      if (isNoReply(c.error)) {
        if (c.waitedMs < c.timeoutMs - 1) return goneError("The application");
        // Past the deadline the walk stops here, as truncated: no time is spent finding out why.
        if (deadline.expired()) return std::nullopt;
        if (processGone(pid)) return goneError("The application");
        *slow = true;
        return std::nullopt;
      }
      return std::nullopt;
    };
  }

  // After a call went unanswered for its whole share: "not responding" only when the app does not
  // answer a trivial call (its name) within a short deadline either. When it does, it is slow to
  // give that part only, and the snapshot ends there as partial.
  std::optional<Error> slowOrHung(bool& slow, bool& cutShort, const ObjRef& anyOfApp, int pid, const Deadline& deadline) {
    if (!slow) return std::nullopt;
    slow = false;
    cutShort = true;
    if (deadline.expired()) return std::nullopt;
    RawCall c = property({anyOfApp.bus, kRootPath}, kAccessible, "Name", [](DBusMessageIter*) {});
    bus_.call(c, deadline, std::max(1, std::min(kNameProbeMs, static_cast<int>(deadline.remainingMs()))));
    if (c.answered) return std::nullopt;
    if (processGone(pid)) return goneError("The application");
    if (deadline.expired()) return std::nullopt;
    return timeoutError("Reading the application", deadline);
  }

  // The app's own cache (org.a11y.atspi.Cache.GetItems): every element it knows, with role, name,
  // description, states and interfaces, in one call. Apps without one are walked.
  Result<Done> loadCache(Tree& t, const ObjRef& app, int pid, bool useMirror, const Deadline& deadline) {
    t.bus = app.bus;
    // Mirrors of apps no longer watched (the bus connection was lost, or others were watched since)
    // are stale: dropped.
    mirrors_.erase(std::remove_if(mirrors_.begin(), mirrors_.end(), [this](const Mirror& m) { return !bus_.watching(m.bus); }),
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
                 std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - mirror->readAt).count() < kMirrorMaxAgeMs;
    if (useMirror && watched && young && !changes.structure && refreshMirror(*mirror, changes, deadline)) {
      t.items = mirror->items;
      t.fromMirror = true;
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
      mirrors_.push_back(std::move(m));
    }
    indexItems(t, app.bus);
    return Done{};
  }

  static void indexItems(Tree& t, const std::string& bus) {
    for (size_t i = 0; i < t.items.size(); ++i) {
      const CacheItem& item = t.items[i];
      if (item.ref.bus != bus) continue;
      t.itemAt.emplace(item.ref.path, i);
      if (item.parent.bus == bus) t.itemKids[item.parent.path].push_back(i);
    }
  }

  // Reads again the elements the app said changed. False when reading the whole cache is the
  // better answer: too many changed, one did not answer, or its child count changed.
  bool refreshMirror(Mirror& m, const ChangeLog& changes, const Deadline& deadline) {
    if (changes.paths.size() * kMirrorReadShare > m.items.size()) return false;
    std::vector<size_t> which;
    for (const auto& path : changes.paths) {
      auto found = m.at.find(path);
      if (found != m.at.end()) which.push_back(found->second);  // elements the cache never held stay out
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

  // Four calls per changed element against one for the whole cache: past one changed element in
  // five, the whole cache is read again.
  static constexpr size_t kMirrorReadShare = 5;

  static constexpr size_t kCacheItemsWalked = 10000;
  static constexpr double kCacheMsWalked = 500;

  void rememberWalkOnly(const std::string& bus) {
    if (std::find(walkOnly_.begin(), walkOnly_.end(), bus) != walkOnly_.end()) return;
    if (walkOnly_.size() >= 64) walkOnly_.erase(walkOnly_.begin());
    walkOnly_.push_back(bus);
  }

  bool infoFromCache(const Tree& t, Node& n) {
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
  std::optional<std::vector<ObjRef>> childrenFromCache(const Tree& t, const Node& n) {
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

  // Asking such a container for its children makes the app create them all (LibreOffice Calc grew
  // by over a gigabyte for one sheet); a count it cannot give (-1) is taken as huge. A container
  // that does not say it manages its descendants but has more children than a screen could show
  // (a GTK icon view of 20,000 files) is read the same way.
  static bool managesHugeDescendants(const Info& info) {
    constexpr int kManagedChildrenAsked = 1000, kChildrenAsked = 5000;
    if (info.childCount > kChildrenAsked) return true;
    return hasStateBit(info.states, ATSPI_STATE_MANAGES_DESCENDANTS) &&
           (info.childCount < 0 || info.childCount > kManagedChildrenAsked);
  }

  bool keep(const Node& n, bool isRoot, const SnapshotOptions& options) {
    if (hasStateBit(n.info.states, ATSPI_STATE_DEFUNCT) || n.info.role == ATSPI_ROLE_INVALID) return false;
    if (options.showingOnly && !isRoot && !hasStateBit(n.info.states, ATSPI_STATE_SHOWING) &&
        n.info.role != ATSPI_ROLE_APPLICATION)
      return false;
    return true;
  }

  // Depth-first positions of the kept nodes (unknown children count as none): a lower bound of
  // where each will end up, so that nodes at or past maxNodes are not expanded.
  static std::vector<int> positions(const Tree& t) {
    std::vector<int> pos(t.nodes.size(), -1);
    std::vector<int> stack = {0};
    int next = 0;
    while (!stack.empty()) {
      int n = stack.back();
      stack.pop_back();
      if (t.nodes[n].skip) continue;
      pos[n] = next++;
      const auto& kids = t.nodes[n].kids;
      for (auto it = kids.rbegin(); it != kids.rend(); ++it) stack.push_back(*it);
    }
    return pos;
  }

  int addNode(Tree& t, const ObjRef& ref, int depth, int parent) {
    if (!t.seen.insert(ref.bus + '\n' + ref.path).second) return -1;  // a cycle or a duplicate
    Node n;
    n.ref = ref;
    n.depth = depth;
    n.parent = parent;
    infoFromCache(t, n);
    t.nodes.push_back(std::move(n));
    return static_cast<int>(t.nodes.size()) - 1;
  }

  static uint64_t cellKey(int row, int column) {
    return (static_cast<uint64_t>(static_cast<uint32_t>(row)) << 32) | static_cast<uint32_t>(column);
  }

  static RawCall childAtPoint(const ObjRef& container, int x, int y, ObjRef* into) {
    return method(container, "org.a11y.atspi.Component", "GetAccessibleAtPoint",
                  [x, y](DBusMessage* m) {
                    dbus_int32_t px = x, py = y;
                    dbus_uint32_t coords = ATSPI_COORD_TYPE_SCREEN;
                    dbus_message_append_args(m, DBUS_TYPE_INT32, &px, DBUS_TYPE_INT32, &py, DBUS_TYPE_UINT32, &coords,
                                             DBUS_TYPE_INVALID);
                  },
                  [into](DBusMessageIter* it) { readObjectRef(it, *into); });
  }

  // A container too big to read whole, read where it is on screen.
  struct Windowed {
    int node = 0;
    int cap = 0;  // at most this many children
    std::optional<Rect> own, parent;
    int rows = -1, columns = -1;
    std::vector<ObjRef> kids;
    VisiblePart part;
  };

  static constexpr int kMaxVisibleItems = 400;  // children read from one such container
  static constexpr int kSampleStepPx = 12;      // between the rows of points a list is sampled at
  static constexpr int kMaxSampleRows = 60;
  static constexpr int kSampleColumnPx = 48;    // between its columns of points (an icon grid)
  static constexpr int kMaxSampleColumns = 12;
  static constexpr int kMaxVisibleSpan = 2000;
  static constexpr int kCornerTries = 6, kCornerStepPx = 12;  // rows or columns on one screen, at most: else distrust

  // Its visible part, bounded: never a call that makes the app build all its children. A table is
  // read through its Table interface: the cells at the corners of its on-screen area (clipped by
  // its parent's, a scrolled window) give the visible rows and columns, then each visible cell is
  // asked for by row and column, row by row up to the cap. Anything else (or a table whose corner
  // cells cannot be placed) is sampled: the child at points on a grid over the visible area.
  Result<Done> readVisible(Tree& t, std::vector<Windowed>& ws, const CallErrorPolicy& policy, const Deadline& deadline) {
    if (ws.empty()) return Done{};
    std::vector<RawCall> calls;
    for (auto& w : ws) {
      const Node& n = t.nodes[w.node];
      calls.push_back(method(n.ref, "org.a11y.atspi.Component", "GetExtents", argUint(ATSPI_COORD_TYPE_SCREEN),
                             [&w](DBusMessageIter* it) { w.own = readExtents(it); }));
      if (n.parent >= 0)
        calls.push_back(method(t.nodes[n.parent].ref, "org.a11y.atspi.Component", "GetExtents", argUint(ATSPI_COORD_TYPE_SCREEN),
                               [&w](DBusMessageIter* it) { w.parent = readExtents(it); }));
      if (n.info.ifaces & kIfaceTable) {
        calls.push_back(property(n.ref, "org.a11y.atspi.Table", "NRows", [&w](DBusMessageIter* v) { w.rows = readInt(v, -1); }));
        calls.push_back(property(n.ref, "org.a11y.atspi.Table", "NColumns", [&w](DBusMessageIter* v) { w.columns = readInt(v, -1); }));
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
        double x1 = std::min(r.x + r.width, w.parent->x + w.parent->width), y1 = std::min(r.y + r.height, w.parent->y + w.parent->height);
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
          calls.push_back(method(cell[j], kAccessible, "GetIndexInParent", nullptr, [&index, j](DBusMessageIter* it) { index[j] = readInt(it, -1); }));
      if (auto e = bus_.run(calls, deadline, kMaxCallMs, policy)) return *e;
      std::vector<int> r(open.size(), -1), col(open.size(), -1);
      calls.clear();
      for (size_t j = 0; j < open.size(); ++j) {
        if (index[j] < 0) continue;
        const ObjRef& table = t.nodes[ws[open[j] / 2].node].ref;
        calls.push_back(method(table, "org.a11y.atspi.Table", "GetRowAtIndex", argInt(index[j]), [&r, j](DBusMessageIter* it) { r[j] = readInt(it, -1); }));
        calls.push_back(method(table, "org.a11y.atspi.Table", "GetColumnAtIndex", argInt(index[j]), [&col, j](DBusMessageIter* it) { col[j] = readInt(it, -1); }));
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
                             "GetIndexInParent", nullptr, [&stillThere, k](DBusMessageIter* it) { stillThere[k] = readInt(it, -1) >= 0; }));
    if (auto e = bus_.run(calls, deadline, kMaxCallMs, policy)) return *e;
    calls.clear();
    for (size_t k = 0; k < reused.size(); ++k) {
      if (stillThere[k]) continue;
      found[reused[k].table][reused[k].slot] = ObjRef{};
      asked.push_back(reused[k]);
    }
    for (const Cell& c : asked) {
      ObjRef* into = &found[c.table][c.slot];
      calls.push_back(method(t.nodes[ws[c.table].node].ref, "org.a11y.atspi.Table", "GetAccessibleAt", argInts(c.row, c.column),
                             [into](DBusMessageIter* it) { readObjectRef(it, *into); }));
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

  // Reads the tree level by level: for each level, one pipelined batch for what the cache did not
  // tell about its elements, then one for the children of those that are expanded.
  Result<Done> walk(Tree& t, const ObjRef& root, int pid, const SnapshotOptions& options, const Deadline& deadline) {
    CallErrorPolicy policy = snapshotPolicy(pid, root.bus, deadline, &t.slowCall);
    auto over = [&t, &deadline] { return deadline.expired() || t.cutShort; };
    std::vector<int> level = {addNode(t, root, 0, -1)};
    while (!level.empty() && !over()) {
      std::vector<RawCall> calls;
      std::vector<int> answered(t.nodes.size(), 0);
      for (int n : level)
        if (!t.nodes[n].hasInfo) addInfoCalls(calls, t.nodes[n].ref, &t.nodes[n].info, &answered[n]);
      if (auto e = bus_.run(calls, deadline, kMaxCallMs, policy)) return *e;
      if (auto e = slowOrHung(t.slowCall, t.cutShort, root, pid, deadline)) return *e;
      for (int n : level) {
        Node& node = t.nodes[n];
        if (!node.hasInfo && answered[n] == 4) node.hasInfo = true;
        if (!node.hasInfo) {
          if (!over()) node.skip = true;  // it went away while being read
          continue;
        }
        if (!keep(node, n == 0, options)) node.skip = true;
      }
      std::vector<int> pos = positions(t);
      std::vector<int> expand;
      for (int n : level) {
        const Node& node = t.nodes[n];
        if (node.skip || !node.hasInfo || node.info.childCount == 0 || node.depth + 1 > options.maxDepth) continue;
        if (pos[n] < 0 || pos[n] >= options.maxNodes) continue;
        expand.push_back(n);
      }
      std::vector<std::vector<ObjRef>> kids(t.nodes.size());
      std::vector<bool> known(t.nodes.size(), false);
      // A container that manages its descendants is judged by its child count, a cheap property:
      // read it first where the walk does not know it yet (unread, it counts as huge).
      calls.clear();
      for (int n : expand) {
        Info& info = t.nodes[n].info;
        if (hasStateBit(info.states, ATSPI_STATE_MANAGES_DESCENDANTS) && info.childCount < 0)
          calls.push_back(property(t.nodes[n].ref, kAccessible, "ChildCount", [&info](DBusMessageIter* v) { info.childCount = readInt(v, -1); }));
      }
      if (auto e = bus_.run(calls, deadline, kMaxCallMs, policy)) return *e;
      if (auto e = slowOrHung(t.slowCall, t.cutShort, root, pid, deadline)) return *e;
      calls.clear();
      std::vector<Windowed> windowed;
      for (int n : expand) {
        if (managesHugeDescendants(t.nodes[n].info)) {
          // A container that manages its descendants (a spreadsheet's million cells, a long list)
          // builds an accessible for every child it is asked for, and goes on after the deadline:
          // its children are never asked for all at once. Only its visible part is read.
          known[n] = true;
          Windowed w;
          w.node = n;
          w.cap = std::min(kMaxVisibleItems, options.maxNodes - pos[n] - 1);
          windowed.push_back(std::move(w));
        } else if (auto cached = childrenFromCache(t, t.nodes[n])) {
          kids[n] = std::move(*cached);
          known[n] = true;
        } else {
          auto* into = &kids[n];
          calls.push_back(method(t.nodes[n].ref, kAccessible, "GetChildren", nullptr, [into](DBusMessageIter* it) { readObjectRefs(it, *into); }));
        }
      }
      if (auto e = bus_.run(calls, deadline, kMaxCallMs, policy)) return *e;
      if (auto e = slowOrHung(t.slowCall, t.cutShort, root, pid, deadline)) return *e;
      auto visible = readVisible(t, windowed, policy, deadline);
      if (!visible.ok()) return visible.error();
      if (auto e = slowOrHung(t.slowCall, t.cutShort, root, pid, deadline)) return *e;
      for (auto& w : windowed) {
        kids[w.node] = std::move(w.kids);
        t.nodes[w.node].part = w.part;
      }
      size_t k = 0;
      std::vector<int> next;
      for (int n : expand) {
        if (!known[n]) {
          const RawCall& c = calls[k++];
          // Not answered before the deadline: left unexpanded, so the walk ends as truncated.
          if (!c.answered && (c.error == kErrorDeadline || isNoReply(c.error))) continue;
        }
        t.nodes[n].expanded = true;
        for (const ObjRef& ref : kids[n]) {
          // Only the app's own objects: a child on another app's connection would put that app's
          // elements (and actions on them) under this app's name.
          if (ref.bus != root.bus) continue;
          int child = addNode(t, ref, t.nodes[n].depth + 1, n);
          if (child < 0) continue;
          t.nodes[n].kids.push_back(child);
          next.push_back(child);
        }
      }
      level = std::move(next);
    }
    return Done{};
  }

  // The kept nodes in depth-first order as elements (a prefix of the tree when truncated).
  std::vector<const Node*> emit(const Tree& t, const SnapshotOptions& options, Snapshot& snap, std::vector<Handle>& handles) {
    std::vector<const Node*> out;
    struct Item {
      int node;
      int parent;
    };
    std::vector<Item> stack = {{0, 0}};
    while (!stack.empty()) {
      Item cur = stack.back();
      stack.pop_back();
      const Node& n = t.nodes[cur.node];
      if (n.skip) continue;
      if (static_cast<int>(snap.elements.size()) >= options.maxNodes) {
        snap.truncated = Truncation::MaxNodes;
        break;
      }
      if (!n.hasInfo) {
        snap.truncated = Truncation::Deadline;
        break;
      }
      Element el = elementOf(n.info);
      el.id = static_cast<int>(snap.elements.size()) + 1;
      if (n.part) {
        el.visiblePart = n.part;
        if (snap.truncated == Truncation::None) snap.truncated = Truncation::VisibleOnly;
      }
      el.parent = cur.parent;
      el.depth = n.depth;
      bool hasChildren = n.expanded ? !n.kids.empty() : n.info.childCount != 0;
      snap.elements.push_back(std::move(el));
      handles.push_back({n.ref, n.info.role, n.info.name});
      out.push_back(&n);
      if (n.depth + 1 > options.maxDepth) {
        if (hasChildren && (snap.truncated == Truncation::None || snap.truncated == Truncation::VisibleOnly)) snap.truncated = Truncation::MaxDepth;
      } else if (!n.expanded && hasChildren) {
        // Children never read (the deadline came first): stop here, so that the elements stay a
        // depth-first prefix of the tree.
        snap.truncated = Truncation::Deadline;
        break;
      } else {
        for (auto it = n.kids.rbegin(); it != n.kids.rend(); ++it) stack.push_back({*it, snap.elements.back().id});
      }
    }
    return out;
  }

  // Bounds, actions and values of the elements, in one pipelined batch. When the deadline cuts it
  // short, the elements are cut at the first one whose details are missing.
  Result<Done> fetchDetails(Snapshot& snap, const std::vector<const Node*>& nodes, const ObjRef& app, int pid, const Deadline& deadline) {
    std::vector<RawCall> calls;
    std::vector<size_t> owner;
    std::vector<std::vector<std::string>> rawActions(nodes.size());
    std::vector<bool> actionsAsked(nodes.size(), false);
    std::vector<uint8_t> needs(nodes.size(), 0);
    std::vector<int> textLength(nodes.size(), -1);
    for (size_t i = 0; i < nodes.size(); ++i) {
      size_t before = calls.size();
      uint8_t need = detailsNeeded(nodes[i]->info);
      if (need & kNeedActions) {
        // An element's actions do not change while it lives: those read before are reused (the
        // same object: same path and role).
        auto had = knownActions_.find(nodes[i]->ref.bus + '\n' + nodes[i]->ref.path);
        if (had != knownActions_.end() && had->second.role == nodes[i]->info.role) {
          for (const auto& name : had->second.names) addPlatformAction(snap.elements[i], name);
          need &= ~kNeedActions;
        } else {
          actionsAsked[i] = true;
        }
      }
      needs[i] = need;
      addDetailCalls(calls, nodes[i]->ref, need, &snap.elements[i], &rawActions[i], &textLength[i]);
      owner.insert(owner.end(), calls.size() - before, i);
    }
    bool slow = false, cutShort = false;
    CallErrorPolicy policy = snapshotPolicy(pid, app.bus, deadline, &slow);
    if (auto e = bus_.run(calls, deadline, kMaxCallMs, policy)) return *e;
    if (auto e = slowOrHung(slow, cutShort, app, pid, deadline)) return *e;
    if (auto e = cutAtUnanswered(snap, calls, owner, deadline)) return *e;

    // Second batch: texts up to their length, and the names of actions the first answer left
    // empty (LibreOffice gives no localized names: its names come from GetName).
    std::vector<RawCall> more;
    std::vector<size_t> moreOwner;
    std::vector<std::vector<std::string>> named(nodes.size());
    size_t kept = snap.elements.size();
    for (size_t i = 0; i < kept; ++i) {
      Element* el = &snap.elements[i];
      if (needs[i] & (kNeedText | kNeedTextAsName)) {
        bool asName = (needs[i] & kNeedTextAsName) != 0;
        int length = textLength[i];
        if (length == 0) {
          if (!asName) el->value = std::string();
        } else {
          int upTo = length < 0 ? kMaxValueChars : std::min(length, kMaxValueChars);
          more.push_back(method(nodes[i]->ref, "org.a11y.atspi.Text", "GetText", argInts(0, upTo), [el, asName](DBusMessageIter* it) {
            if (asName) el->name = readString(it);
            else el->value = readString(it);
          }));
          moreOwner.push_back(i);
        }
      }
      if (actionsAsked[i]) {
        named[i] = rawActions[i];
        for (size_t a = 0; a < rawActions[i].size(); ++a) {
          if (!rawActions[i][a].empty()) continue;
          std::string* slot = &named[i][a];
          more.push_back(method(nodes[i]->ref, "org.a11y.atspi.Action", "GetName", argInt(static_cast<int32_t>(a)),
                                [el, slot](DBusMessageIter* it) {
                                  *slot = lower(readString(it));
                                  addPlatformAction(*el, *slot);
                                }));
          moreOwner.push_back(i);
        }
      }
    }
    if (auto e = bus_.run(more, deadline, kMaxCallMs, policy)) return *e;
    if (auto e = slowOrHung(slow, cutShort, app, pid, deadline)) return *e;
    if (auto e = cutAtUnanswered(snap, more, moreOwner, deadline)) return *e;
    for (size_t i = 0; i < snap.elements.size(); ++i) {
      if (!actionsAsked[i]) continue;
      if (knownActions_.size() >= kKnownActions) knownActions_.clear();
      knownActions_[nodes[i]->ref.bus + '\n' + nodes[i]->ref.path] = {nodes[i]->info.role, std::move(named[i])};
    }
    return Done{};
  }

  // The elements are cut at the first one a call of this batch could not be answered for before
  // the deadline. A call that went unanswered for its own share while the app still answers
  // (slowOrHung said so) only leaves that detail out.
  static std::optional<Error> cutAtUnanswered(Snapshot& snap, const std::vector<RawCall>& calls, const std::vector<size_t>& owner,
                                              const Deadline& deadline) {
    for (size_t k = 0; k < calls.size(); ++k) {
      if (calls[k].answered || !(calls[k].error == kErrorDeadline || (isNoReply(calls[k].error) && deadline.expired()))) continue;
      if (owner[k] >= snap.elements.size()) continue;  // already cut before it
      snap.elements.resize(owner[k]);
      snap.truncated = Truncation::Deadline;
      if (snap.elements.empty()) return timeoutError("Reading the application", deadline);
      break;
    }
    return std::nullopt;
  }

  // The element an id of the latest snapshot names, checked to be still there, with its role,
  // interfaces and states as they are now.
  // `asRead`: the element must still have the role and name the snapshot gave it. What the user, the
  // planner and the safety gate judged is what is acted on: an element renamed since (a button
  // turned from "Cancel" into "Delete all", whether the app said so or not) is not pressed.
  Result<Target> resolve(ElementRef ref, const Deadline& deadline, bool asRead = false) {
    if (auto e = connect(deadline)) return *e;
    auto kept = generations_.find(ref);
    if (!kept.ok()) return kept.error();
    const Handle handle = kept.value()->handles[ref.id - 1];
    const ObjRef obj = handle.ref;
    int pid = kept.value()->pid;
    if (!processAlive(pid)) return goneError("The application of this element");
    switch (probe(obj, pid, std::min(kMaxCallMs, static_cast<int>(deadline.remainingMs())))) {
      case Probe::Hung:
        return timeoutError("Reaching the element", deadline);
      case Probe::AppGone:
        return goneError("The application of this element");
      case Probe::ElementGone:
        return goneError("The element");
      case Probe::Answers:
        break;
    }
    Info info;
    int answered = 0;
    std::vector<RawCall> calls;
    addInfoCalls(calls, obj, &info, &answered);
    bus_.run(calls, deadline, kMaxCallMs, nullptr);
    for (const auto& c : calls)
      if (!c.answered) return callError(c, pid, "Reaching the element", "The element", deadline);
    if (info.role == ATSPI_ROLE_INVALID || hasStateBit(info.states, ATSPI_STATE_DEFUNCT)) {
      return processGone(pid) ? goneError("The application of this element") : goneError("The element");
    }
    if (asRead && (info.role != handle.role || info.name != handle.name)) {
      dropMirror(obj.bus);  // it may be what told the old name: the next snapshot reads the app whole
      return Error{ErrorCode::Stale, "stale element — observe again: the element was renamed or replaced since it was read, "
                                     "so it may not be the one that was meant."};
    }
    return Target{obj, pid, static_cast<AtspiRole>(info.role), info.ifaces, info.states};
  }

  Result<Done> select(const Target& t, const Deadline& deadline) {
    ObjRef parent;
    int index = -1;
    std::vector<RawCall> calls;
    calls.push_back(property(t.ref, kAccessible, "Parent", [&parent](DBusMessageIter* v) { readObjectRef(v, parent); }));
    calls.push_back(method(t.ref, kAccessible, "GetIndexInParent", nullptr, [&index](DBusMessageIter* it) { index = readInt(it, -1); }));
    bus_.run(calls, deadline, kMaxCallMs, nullptr);
    for (const auto& c : calls)
      if (!c.answered) return callError(c, t.pid, "Selecting", "The element", deadline);
    uint16_t ifaces = 0;
    RawCall list = method(parent, kAccessible, "GetInterfaces", nullptr, [&ifaces](DBusMessageIter* it) { ifaces = readInterfaces(it); });
    bus_.call(list, deadline, kMaxCallMs);
    if (!(ifaces & kIfaceSelection) || index < 0) return unsupported("select");
    bool ok = false;
    RawCall sel = method(parent, "org.a11y.atspi.Selection", "SelectChild", argInt(index), [&ok](DBusMessageIter* it) { ok = readBool(it); });
    if (!bus_.call(sel, deadline, kMaxCallMs).answered) return callError(sel, t.pid, "Selecting", "The element", deadline);
    if (!ok) return Error{ErrorCode::Failed, "The application refused to select this element."};
    return Done{};
  }

  Result<Done> doAction(const Target& t, int index, const std::string& doing, const std::string& refused, const Deadline& deadline) {
    bool ok = false;
    RawCall act = method(t.ref, "org.a11y.atspi.Action", "DoAction", argInt(index), [&ok](DBusMessageIter* it) { ok = readBool(it); });
    if (!bus_.call(act, deadline, kMaxCallMs).answered) return callError(act, t.pid, doing, "The element", deadline);
    if (!ok) return Error{ErrorCode::Failed, refused};
    return Done{};
  }

  // An integer property of the Text interface (CharacterCount, CaretOffset).
  Result<int> textInt(const Target& t, const char* prop, const Deadline& deadline) {
    int v = 0;
    RawCall c = property(t.ref, "org.a11y.atspi.Text", prop, [&v](DBusMessageIter* it) { v = readInt(it, 0); });
    if (!bus_.call(c, deadline, kMaxCallMs).answered) return callError(c, t.pid, "Reading the text", "The element", deadline);
    return v;
  }

  static int indexOfFirst(const std::vector<std::string>& names, const std::vector<std::string>& wanted) {
    for (const auto& w : wanted) {
      auto it = std::find(names.begin(), names.end(), w);
      if (it != names.end()) return static_cast<int>(it - names.begin());
    }
    return -1;
  }

  // An element's action names, in index order: GetActions, then GetName for each name it left
  // empty (LibreOffice fills only GetName). The returned call says whether GetActions was answered.
  RawCall actionNames(const ObjRef& ref, std::vector<std::string>& names, const Deadline& deadline) {
    RawCall list = method(ref, "org.a11y.atspi.Action", "GetActions", nullptr, [&names](DBusMessageIter* it) { names = readActionNames(it); });
    bus_.call(list, deadline, kMaxCallMs);
    if (!list.answered) return list;
    std::vector<RawCall> calls;
    for (size_t i = 0; i < names.size(); ++i) {
      if (!names[i].empty()) continue;
      std::string* slot = &names[i];
      calls.push_back(method(ref, "org.a11y.atspi.Action", "GetName", argInt(static_cast<int32_t>(i)),
                             [slot](DBusMessageIter* it) { *slot = lower(readString(it)); }));
    }
    bus_.run(calls, deadline, kMaxCallMs, nullptr);
    return list;
  }

  static Error unsupported(const std::string& action) {
    return {ErrorCode::Unsupported, "This element does not offer the action '" + action +
                                        "': look at its actions in the latest observation and choose one of those."};
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

  GMainContext* ctx_ = nullptr;
  GMainLoop* loop_ = nullptr;
  std::thread thread_;
  std::mutex mutex_;
  bool stopped_ = false;

  // Bridge-thread state.
  std::string initError_;
  A11yBus bus_;
  GSource* watch_ = nullptr;  // reads the connection's socket in ctx_
  int watchFd_ = -1;
  // The snapshots whose ids still resolve (include/generations.h, the same policy on macOS).
  GenerationStore<Handle> generations_;
  // The cells of tables read before, by table and position: LibreOffice builds a new accessible for
  // every cell it is asked for and never frees it (about 6 kB a cell; asking for a screenful of
  // cells at every snapshot grew Calc by 2.5 MB a snapshot), so a cell once had is asked for again
  // only when its old object no longer answers. Bounded: whole tables are forgotten past the limits.
  std::unordered_map<std::string, std::unordered_map<uint64_t, ObjRef>> knownCells_;
  // The action names of elements read before, by bus and path (with the role, to tell a new object).
  struct KnownActions {
    uint32_t role;
    std::vector<std::string> names;
  };
  std::unordered_map<std::string, KnownActions> knownActions_;
  static constexpr size_t kKnownActions = 50000;
  static constexpr size_t kKnownTables = 8, kKnownCellsPerTable = 20000;
  std::vector<std::string> walkOnly_;  // apps whose cache took too long to read: walked instead
  std::vector<Mirror> mirrors_;        // of the apps the bus watches, oldest first
  std::function<void(const Event&)> handler_;
  bool listening_ = false;
};

}  // namespace

std::unique_ptr<Bridge> createBridge() { return std::make_unique<LinuxBridge>(); }

}  // namespace axb
