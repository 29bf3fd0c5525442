// Linux half of the bridge: the AT-SPI protocol spoken in raw libdbus on the bridge's own private
// connection to the accessibility bus (dbus_calls.h says why not libatspi), plus GIO to launch apps.
//
// One dedicated thread does every call and runs a private GLib main context, which watches the
// connection's socket so that events are read without any help from Node, and never touches the
// process's default GLib context (which an Electron main process uses for GTK).
// Every call is bounded by what is left of the caller's deadline, and no single call may wait
// longer than kMaxCallMs. Snapshots read the tree with many calls in flight at once: from the app's
// org.a11y.atspi.Cache in one call where the app keeps one, else level by level.
//
// The class is declared in linux_bridge.h, which lists the files its members are defined in; this
// one holds the thread, the connection, permission and events.
#include <glib-unix.h>

#include <algorithm>
#include <cstdlib>

#include "linux_bridge.h"
#include "roles.h"

namespace axb {
namespace atspi {

LinuxBridge::LinuxBridge() {
  ctx_ = g_main_context_new();
  loop_ = g_main_loop_new(ctx_, FALSE);
  thread_ = std::thread([this] { run(); });
}

void LinuxBridge::post(std::function<void()> fn) {
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

void LinuxBridge::shutdown() {
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

Result<Permission> LinuxBridge::permission(bool prompt, const Deadline& deadline) {
  if (!initError_.empty()) return Permission{PermissionState::Unavailable, initError_};
  GErrorBox err;
  GDBusConnection* bus = sessionBus(err);
  if (!bus) return Permission{PermissionState::Unavailable, noSessionBusMessage()};
  gint timeout = std::max(1, static_cast<gint>(deadline.remainingMs()));
  GVariant* reply =
      g_dbus_connection_call_sync(bus, "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Get",
                                  g_variant_new("(ss)", "org.a11y.Status", "IsEnabled"), G_VARIANT_TYPE("(v)"),
                                  G_DBUS_CALL_FLAGS_NONE, timeout, nullptr, err.out());
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
    return Permission{PermissionState::Unavailable, "The accessibility registry does not answer (" + c.error +
                                                        "): log out and in again, or reinstall at-spi2-core."};
  }
  return Permission{PermissionState::Granted, ""};
}

Result<Done> LinuxBridge::setEventHandler(std::function<void(const Event&)> handler) {
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

void LinuxBridge::run() {
  g_main_context_push_thread_default(ctx_);
  init();
  g_main_loop_run(loop_);
  dropWatch();
  generations_.clear();
  bus_.close();
  g_main_context_pop_thread_default(ctx_);
}

void LinuxBridge::init() {
  // Without any bus address, libdbus would try to autolaunch a bus through X11: refuse instead.
  const char* session = std::getenv("DBUS_SESSION_BUS_ADDRESS");
  const char* direct = std::getenv("AT_SPI_BUS_ADDRESS");
  const char* runtime = std::getenv("XDG_RUNTIME_DIR");
  bool runtimeBus = runtime && g_file_test((std::string(runtime) + "/bus").c_str(), G_FILE_TEST_EXISTS);
  if (!(session && *session) && !(direct && *direct) && !runtimeBus) initError_ = noSessionBusMessage();
}

// Connects to the accessibility bus (again, if it went away) and watches its socket for events.
std::optional<Error> LinuxBridge::connect(const Deadline& deadline) {
  if (!initError_.empty()) return Error{ErrorCode::Unavailable, initError_};
  if (auto e = bus_.ensure(deadline)) return e;
  int fd = bus_.fd();
  if (fd != watchFd_) {
    dropWatch();
    watch_ = g_unix_fd_source_new(fd, static_cast<GIOCondition>(G_IO_IN | G_IO_HUP | G_IO_ERR));
    g_source_set_callback(watch_, G_SOURCE_FUNC(+[](gint, GIOCondition cond, gpointer self) -> gboolean {
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

void LinuxBridge::dropWatch() {
  if (watch_) g_source_destroy(watch_);
  watch_ = nullptr;
  watchFd_ = -1;
}

// Reads what arrived and delivers the events; anything else that arrived is dropped.
void LinuxBridge::pumpEvents() {
  // An app that stopped answering costs one event's wait, not one per event it queued before.
  std::vector<std::string> silent;
  bus_.pump([this, &silent](const RawEvent& e) {
    if (std::find(silent.begin(), silent.end(), e.source.bus) != silent.end()) return;
    if (!deliverEvent(e)) silent.push_back(e.source.bus);
  });
}

// False when the event's app did not answer in time (the event is then dropped).
bool LinuxBridge::deliverEvent(const RawEvent& raw) {
  if (!handler_ || (raw.kind == RawEvent::Focus && raw.detail1 != 1)) return true;
  Deadline deadline(250);
  Info info;
  int answered = 0;
  std::string appName;
  std::vector<RawCall> calls;
  addInfoCalls(calls, raw.source, &info, &answered);
  calls.push_back(property({raw.source.bus, kRootPath}, kAccessible, "Name",
                           [&appName](DBusMessageIter* v) { appName = readString(v); }));
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

GDBusConnection* LinuxBridge::sessionBus(GErrorBox& err) {
  const char* session = std::getenv("DBUS_SESSION_BUS_ADDRESS");
  if (!session || !*session) return nullptr;
  return g_dbus_connection_new_for_address_sync(
      session,
      static_cast<GDBusConnectionFlags>(G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                        G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION),
      nullptr, nullptr, err.out());
}

// One raw round trip to the object, with exactly this timeout, before working on an app or
// element: whether it answers at all.
Probe LinuxBridge::probe(const ObjRef& ref, int pid, int timeoutMs) {
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

}  // namespace atspi

std::unique_ptr<Bridge> createBridge() { return std::make_unique<atspi::LinuxBridge>(); }

}  // namespace axb
