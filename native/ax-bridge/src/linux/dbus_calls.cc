#include "dbus_calls.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace axb {
namespace {

// Calls in flight at once. The bus daemon caps pending replies per connection (the AT-SPI bus at
// 128); a window well below keeps the app busy without ever hitting that cap.
constexpr size_t kWindow = 96;
// Event signals kept until the bridge thread reads them; older ones are dropped beyond this.
constexpr size_t kMaxQueuedEvents = 256;
// The event whose registration makes GTK keep its cache (see enableAppCaches). Rare on purpose.
constexpr const char* kCacheEnablingEvent = "window:activate";

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

void initThreadsOnce() {
  static std::once_flag once;
  std::call_once(once, [] { dbus_threads_init_default(); });
}

const char* kFocusMatch = "type='signal',interface='org.a11y.atspi.Event.Object',member='StateChanged',arg0='focused'";
const char* kWindowMatch = "type='signal',interface='org.a11y.atspi.Event.Window',member='Activate'";

}  // namespace

std::string noSessionBusMessage() {
  return "There is no desktop session bus (DBUS_SESSION_BUS_ADDRESS is not set): start Assistive Control from "
         "inside your desktop session.";
}

uint16_t interfaceBit(const char* name) {
  if (!name) return 0;
  const char* s = std::strncmp(name, "org.a11y.atspi.", 15) == 0 ? name + 15 : name;
  if (std::strcmp(s, "Component") == 0) return kIfaceComponent;
  if (std::strcmp(s, "Action") == 0) return kIfaceAction;
  if (std::strcmp(s, "Text") == 0) return kIfaceText;
  if (std::strcmp(s, "Value") == 0) return kIfaceValue;
  if (std::strcmp(s, "EditableText") == 0) return kIfaceEditableText;
  if (std::strcmp(s, "Selection") == 0) return kIfaceSelection;
  if (std::strcmp(s, "Table") == 0) return kIfaceTable;
  return 0;
}

bool nextIs(DBusMessageIter* it, int type) { return dbus_message_iter_get_arg_type(it) == type; }

std::string readString(DBusMessageIter* it) {
  const char* s = nullptr;
  if (nextIs(it, DBUS_TYPE_STRING) || nextIs(it, DBUS_TYPE_OBJECT_PATH)) dbus_message_iter_get_basic(it, &s);
  return s ? s : "";
}

// A bus name or object path an app sent is checked before it is ever used: libdbus treats an invalid
// one passed to dbus_message_new_method_call as a programming error and aborts the process.
bool isValidTarget(const std::string& bus, const std::string& path) {
  return !bus.empty() && !path.empty() && dbus_validate_bus_name(bus.c_str(), nullptr) &&
         dbus_validate_path(path.c_str(), nullptr);
}

bool readObjectRef(DBusMessageIter* it, ObjRef& out) {
  if (!nextIs(it, DBUS_TYPE_STRUCT)) return false;
  DBusMessageIter ref;
  dbus_message_iter_recurse(it, &ref);
  out.bus = readString(&ref);
  dbus_message_iter_next(&ref);
  out.path = readString(&ref);
  // The null reference ("", "/org/a11y/atspi/null") stays as it is; anything else must be valid.
  if (!out.bus.empty() && !isValidTarget(out.bus, out.path)) {
    out = ObjRef{};
    return false;
  }
  return true;
}

bool isLocalSocketAddress(const std::string& address) {
  // One address, of the unix transport, by path or abstract name (no list, no other transport).
  if (address.rfind("unix:", 0) != 0 || address.find(';') != std::string::npos) return false;
  return address.find("path=") != std::string::npos || address.find("abstract=") != std::string::npos;
}

namespace {

// The value of `key=` in a D-Bus address, %-escapes decoded; empty when absent.
std::string addressValue(const std::string& address, const std::string& key) {
  size_t at = address.find(key + "=");
  if (at == std::string::npos) return "";
  size_t start = at + key.size() + 1, end = address.find(',', start);
  std::string raw = address.substr(start, end == std::string::npos ? std::string::npos : end - start), out;
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '%' && i + 2 < raw.size()) {
      out.push_back(static_cast<char>(std::strtol(raw.substr(i + 1, 2).c_str(), nullptr, 16)));
      i += 2;
    } else {
      out.push_back(raw[i]);
    }
  }
  return out;
}

}  // namespace

bool acceptsConnections(const std::string& address) {
  // libdbus connects with a blocking connect(): to a socket whose backlog is full (an app that
  // never accepts) it would wait for ever. A non-blocking connect tells at once.
  std::string path = addressValue(address, "path"), abstract = addressValue(address, "abstract");
  sockaddr_un sa{};
  sa.sun_family = AF_UNIX;
  size_t len = 0;
  if (!path.empty() && path.size() < sizeof(sa.sun_path)) {
    std::memcpy(sa.sun_path, path.data(), path.size());
    len = offsetof(sockaddr_un, sun_path) + path.size() + 1;
  } else if (!abstract.empty() && abstract.size() + 1 < sizeof(sa.sun_path)) {
    std::memcpy(sa.sun_path + 1, abstract.data(), abstract.size());
    len = offsetof(sockaddr_un, sun_path) + abstract.size() + 1;
  } else {
    return false;
  }
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return false;
  bool ok = connect(fd, reinterpret_cast<sockaddr*>(&sa), static_cast<socklen_t>(len)) == 0;
  close(fd);
  return ok;
}

void readObjectRefs(DBusMessageIter* it, std::vector<ObjRef>& out) {
  if (!nextIs(it, DBUS_TYPE_ARRAY)) return;
  DBusMessageIter arr;
  dbus_message_iter_recurse(it, &arr);
  // An app may answer with a million children: no container worth reading has more than this.
  while (nextIs(&arr, DBUS_TYPE_STRUCT) && out.size() < kMaxChildrenRead) {
    ObjRef r;
    readObjectRef(&arr, r);
    out.push_back(std::move(r));
    dbus_message_iter_next(&arr);
  }
}

uint64_t readStateWords(DBusMessageIter* it) {
  if (!nextIs(it, DBUS_TYPE_ARRAY)) return 0;
  DBusMessageIter words;
  dbus_message_iter_recurse(it, &words);
  uint64_t states = 0;
  // Word w holds states 32·w … 32·w+31, bit b of it the state 32·w+b (AtspiStateType's numbering).
  for (int w = 0; w < 2 && nextIs(&words, DBUS_TYPE_UINT32); ++w) {
    dbus_uint32_t v = 0;
    dbus_message_iter_get_basic(&words, &v);
    states |= static_cast<uint64_t>(v) << (32 * w);
    dbus_message_iter_next(&words);
  }
  return states;
}

uint16_t readInterfaces(DBusMessageIter* it) {
  if (!nextIs(it, DBUS_TYPE_ARRAY)) return 0;
  DBusMessageIter names;
  dbus_message_iter_recurse(it, &names);
  uint16_t bits = 0;
  while (nextIs(&names, DBUS_TYPE_STRING)) {
    const char* name = nullptr;
    dbus_message_iter_get_basic(&names, &name);
    bits |= interfaceBit(name);
    dbus_message_iter_next(&names);
  }
  return bits;
}

bool readBool(DBusMessageIter* it) {
  dbus_bool_t b = FALSE;
  if (nextIs(it, DBUS_TYPE_BOOLEAN)) dbus_message_iter_get_basic(it, &b);
  return b;
}

int32_t readInt(DBusMessageIter* it, int32_t fallback) {
  dbus_int32_t v = fallback;
  if (nextIs(it, DBUS_TYPE_INT32)) dbus_message_iter_get_basic(it, &v);
  return v;
}

uint32_t readUint(DBusMessageIter* it, uint32_t fallback) {
  dbus_uint32_t v = fallback;
  if (nextIs(it, DBUS_TYPE_UINT32)) dbus_message_iter_get_basic(it, &v);
  return v;
}

bool enterVariant(DBusMessageIter* it, DBusMessageIter* inside) {
  if (!nextIs(it, DBUS_TYPE_VARIANT)) return false;
  dbus_message_iter_recurse(it, inside);
  return true;
}

bool parseCacheItems(DBusMessageIter* it, std::vector<CacheItem>& out) {
  // The signature at-spi2-atk declares for GetItems (2.46); another one (older bridges sent child
  // arrays instead of index and count) is not understood, and the caller walks the tree instead.
  char* sig = dbus_message_iter_get_signature(it);
  bool known = sig && std::strcmp(sig, "a((so)(so)(so)iiassusau)") == 0;
  dbus_free(sig);
  if (!known) return false;
  DBusMessageIter arr;
  dbus_message_iter_recurse(it, &arr);
  while (nextIs(&arr, DBUS_TYPE_STRUCT)) {
    DBusMessageIter f;
    dbus_message_iter_recurse(&arr, &f);
    CacheItem item;
    ObjRef app;
    readObjectRef(&f, item.ref);
    dbus_message_iter_next(&f);
    readObjectRef(&f, app);
    dbus_message_iter_next(&f);
    readObjectRef(&f, item.parent);
    dbus_message_iter_next(&f);
    item.index = readInt(&f, -1);
    dbus_message_iter_next(&f);
    item.childCount = readInt(&f, -1);
    dbus_message_iter_next(&f);
    item.ifaces = readInterfaces(&f);
    dbus_message_iter_next(&f);
    item.name = readString(&f);
    dbus_message_iter_next(&f);
    item.role = readUint(&f, 0);
    dbus_message_iter_next(&f);
    item.description = readString(&f);
    dbus_message_iter_next(&f);
    item.states = readStateWords(&f);
    out.push_back(std::move(item));
    dbus_message_iter_next(&arr);
  }
  return true;
}

std::function<void(DBusMessage*)> argString(std::string s) {
  return [s](DBusMessage* m) {
    const char* p = s.c_str();
    dbus_message_append_args(m, DBUS_TYPE_STRING, &p, DBUS_TYPE_INVALID);
  };
}

std::function<void(DBusMessage*)> argStrings(std::string a, std::string b) {
  return [a, b](DBusMessage* m) {
    const char* pa = a.c_str();
    const char* pb = b.c_str();
    dbus_message_append_args(m, DBUS_TYPE_STRING, &pa, DBUS_TYPE_STRING, &pb, DBUS_TYPE_INVALID);
  };
}

std::function<void(DBusMessage*)> argInt(int32_t v) {
  return [v](DBusMessage* m) {
    dbus_int32_t x = v;
    dbus_message_append_args(m, DBUS_TYPE_INT32, &x, DBUS_TYPE_INVALID);
  };
}

std::function<void(DBusMessage*)> argInts(int32_t a, int32_t b) {
  return [a, b](DBusMessage* m) {
    dbus_int32_t x = a, y = b;
    dbus_message_append_args(m, DBUS_TYPE_INT32, &x, DBUS_TYPE_INT32, &y, DBUS_TYPE_INVALID);
  };
}

std::function<void(DBusMessage*)> argUint(uint32_t v) {
  return [v](DBusMessage* m) {
    dbus_uint32_t x = v;
    dbus_message_append_args(m, DBUS_TYPE_UINT32, &x, DBUS_TYPE_INVALID);
  };
}

// ---- the connection ----

std::optional<Error> A11yBus::busAddress(const Deadline& deadline, std::string& address) {
  const char* direct = std::getenv("AT_SPI_BUS_ADDRESS");
  if (direct && *direct) {
    address = direct;
    return std::nullopt;
  }
  std::string session;
  const char* env = std::getenv("DBUS_SESSION_BUS_ADDRESS");
  const char* runtime = std::getenv("XDG_RUNTIME_DIR");
  if (env && *env) {
    session = env;
  } else if (runtime && *runtime) {
    std::string path = std::string(runtime) + "/bus";
    if (FILE* f = std::fopen(path.c_str(), "r")) {
      std::fclose(f);
      session = "unix:path=" + path;
    }
  }
  // Without any address libdbus would try to autolaunch a bus through X11: refuse instead.
  if (session.empty()) return Error{ErrorCode::Unavailable, noSessionBusMessage()};
  DBusError err;
  dbus_error_init(&err);
  DBusConnection* s = dbus_connection_open_private(session.c_str(), &err);
  if (s && !dbus_bus_register(s, &err)) {
    dbus_connection_close(s);
    dbus_connection_unref(s);
    s = nullptr;
  }
  dbus_error_free(&err);
  if (!s) return Error{ErrorCode::Unavailable, noSessionBusMessage()};
  dbus_connection_set_exit_on_disconnect(s, FALSE);
  DBusMessage* msg = dbus_message_new_method_call("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress");
  int timeout = std::max(1, std::min(1000, static_cast<int>(deadline.remainingMs())));
  DBusMessage* reply = dbus_connection_send_with_reply_and_block(s, msg, timeout, &err);
  dbus_message_unref(msg);
  if (reply) {
    DBusMessageIter it;
    if (dbus_message_iter_init(reply, &it)) address = readString(&it);
    dbus_message_unref(reply);
  }
  dbus_error_free(&err);
  dbus_connection_close(s);
  dbus_connection_unref(s);
  if (address.empty()) {
    if (deadline.expired()) return timeoutError("Finding the accessibility bus", deadline);
    return Error{ErrorCode::Unavailable,
                 "The accessibility bus (at-spi2-core) is not running in this desktop session: install it with "
                 "`sudo apt-get install at-spi2-core`, then log out and in again."};
  }
  return std::nullopt;
}

std::optional<Error> A11yBus::ensure(const Deadline& deadline) {
  if (conn_ && dbus_connection_get_is_connected(conn_)) return std::nullopt;
  bool wasListening = listening_;
  close();
  initThreadsOnce();
  std::string address;
  if (auto e = busAddress(deadline, address)) return e;
  DBusError err;
  dbus_error_init(&err);
  DBusConnection* c = dbus_connection_open_private(address.c_str(), &err);
  if (c && !dbus_bus_register(c, &err)) {
    dbus_connection_close(c);
    dbus_connection_unref(c);
    c = nullptr;
  }
  dbus_error_free(&err);
  if (!c) {
    return Error{ErrorCode::Unavailable,
                 "Could not connect to the accessibility bus (at-spi2-core): start Assistive Control from inside your "
                 "desktop session, and install at-spi2-core if it is missing (`sudo apt-get install at-spi2-core`)."};
  }
  // libdbus ends the whole process when a connection drops, unless told otherwise.
  dbus_connection_set_exit_on_disconnect(c, FALSE);
  dbus_connection_add_filter(c, &A11yBus::filter, this, nullptr);
  conn_ = c;
  if (wasListening) listen(true, deadline);
  return std::nullopt;
}

void A11yBus::close() {
  for (auto& d : direct_) {
    if (!d.conn) continue;
    dbus_connection_close(d.conn);
    dbus_connection_unref(d.conn);
  }
  direct_.clear();
  if (!conn_) return;
  dbus_connection_remove_filter(conn_, &A11yBus::filter, this);
  dbus_connection_close(conn_);
  dbus_connection_unref(conn_);
  conn_ = nullptr;
  events_.clear();
  pids_.clear();
  listening_ = false;
  cachesEnabled_ = false;
  changeEventsRegistered_ = false;
  registerAgainAt_ = {};
  watched_.clear();  // what the apps changed meanwhile is unknown: their mirrors are dropped
}

int A11yBus::fd() const {
  int fd = -1;
  if (!conn_ || !dbus_connection_get_unix_fd(conn_, &fd)) return -1;
  return fd;
}

DBusHandlerResult A11yBus::filter(DBusConnection*, DBusMessage* msg, void* data) {
  if (dbus_message_get_type(msg) != DBUS_MESSAGE_TYPE_SIGNAL) return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  auto* self = static_cast<A11yBus*>(data);
  // Only copied here: a call made from inside dispatch is the re-entry this file exists to avoid.
  const char* iface = dbus_message_get_interface(msg);
  const char* member = dbus_message_get_member(msg);
  const char* sender = dbus_message_get_sender(msg);
  const char* path = dbus_message_get_path(msg);
  if (iface && member && sender && path) self->noteChange(iface, member, sender, path, msg);
  if (self->listening_ && iface && member && sender && path) {
    std::optional<RawEvent::Kind> kind;
    DBusMessageIter it;
    std::string detail;
    int detail1 = 0;
    if (dbus_message_iter_init(msg, &it)) {
      detail = readString(&it);
      dbus_message_iter_next(&it);
      detail1 = readInt(&it, 0);
    }
    if (std::strcmp(iface, "org.a11y.atspi.Event.Object") == 0 && std::strcmp(member, "StateChanged") == 0 &&
        detail == "focused")
      kind = RawEvent::Focus;
    if (std::strcmp(iface, "org.a11y.atspi.Event.Window") == 0 && std::strcmp(member, "Activate") == 0)
      kind = RawEvent::WindowActivate;
    if (kind) {
      if (self->events_.size() >= kMaxQueuedEvents) self->events_.pop_front();
      self->events_.push_back({*kind, {sender, path}, detail1});
    }
  }
  return DBUS_HANDLER_RESULT_HANDLED;  // every signal ends here: none queues up
}

std::optional<Error> A11yBus::run(std::vector<RawCall>& calls, const Deadline& deadline, int capMs,
                                  const CallErrorPolicy& onError) {
  struct Slot {
    DBusPendingCall* pending = nullptr;
    Clock::time_point sent;
    int timeoutMs = 0;
    DBusConnection* conn = nullptr;
  };
  std::vector<Slot> slots(calls.size());
  size_t next = 0, done = 0;
  std::optional<Error> failure;
  auto send = [&](size_t i) {
    RawCall& c = calls[i];
    Slot& s = slots[i];
    s.sent = Clock::now();
    s.timeoutMs = std::max(1, std::min(capMs, static_cast<int>(std::ceil(deadline.remainingMs()))));
    c.timeoutMs = s.timeoutMs;
    if (deadline.expired()) {
      c.error = kErrorDeadline;  // not sent: nothing is asked once the deadline has passed
      return;
    }
    s.conn = c.viaBus ? conn_ : connectionFor(c.to.bus);
    DBusMessage* msg = s.conn && isValidTarget(c.to.bus, c.to.path)
                           ? dbus_message_new_method_call(c.to.bus.c_str(), c.to.path.c_str(), c.iface, c.method)
                           : nullptr;
    if (!msg) {
      c.error = s.conn ? DBUS_ERROR_INVALID_ARGS : DBUS_ERROR_DISCONNECTED;
      return;
    }
    if (c.args) c.args(msg);
    if (!dbus_connection_send_with_reply(s.conn, msg, &s.pending, s.timeoutMs) || !s.pending) {
      s.pending = nullptr;
      c.error = DBUS_ERROR_DISCONNECTED;
    }
    dbus_message_unref(msg);
  };
  while (done < calls.size() && !failure) {
    while (next < calls.size() && next - done < kWindow) send(next++);
    size_t i = done++;
    RawCall& c = calls[i];
    Slot& s = slots[i];
    if (s.pending) {
      // Wait for this reply, reading (and completing) the others as they come.
      while (!dbus_pending_call_get_completed(s.pending)) {
        double left = s.timeoutMs - msSince(s.sent);
        if (left <= 0) break;
        if (dbus_connection_get_dispatch_status(s.conn) == DBUS_DISPATCH_DATA_REMAINS) {
          dbus_connection_dispatch(s.conn);
          continue;
        }
        if (!dbus_connection_read_write(s.conn, static_cast<int>(std::ceil(std::min(left, 100.0)))) &&
            dbus_connection_get_dispatch_status(s.conn) != DBUS_DISPATCH_DATA_REMAINS)
          break;  // disconnected
      }
      c.waitedMs = msSince(s.sent);
      DBusMessage* reply =
          dbus_pending_call_get_completed(s.pending) ? dbus_pending_call_steal_reply(s.pending) : nullptr;
      if (!reply) dbus_pending_call_cancel(s.pending);
      dbus_pending_call_unref(s.pending);
      s.pending = nullptr;
      if (!reply) {
        c.error = dbus_connection_get_is_connected(s.conn) ? DBUS_ERROR_NO_REPLY : DBUS_ERROR_DISCONNECTED;
      } else if (dbus_message_get_type(reply) == DBUS_MESSAGE_TYPE_ERROR) {
        c.error = dbus_message_get_error_name(reply) ? dbus_message_get_error_name(reply) : DBUS_ERROR_FAILED;
        DBusMessageIter it;
        if (dbus_message_iter_init(reply, &it)) c.errorMessage = readString(&it);
      } else {
        c.answered = true;
        if (c.onReply) {
          DBusMessageIter it;
          // A reply with no arguments where one was expected is left unread: reading a closed
          // iterator is a programming error to libdbus, which aborts the process.
          if (dbus_message_iter_init(reply, &it)) c.onReply(&it);
        }
      }
      if (reply) dbus_message_unref(reply);
    }
    if (!c.answered && onError) failure = onError(c);
  }
  for (size_t j = done; j < next; ++j) {
    if (!slots[j].pending) continue;
    dbus_pending_call_cancel(slots[j].pending);
    dbus_pending_call_unref(slots[j].pending);
  }
  dropClosedDirect();
  return failure;
}

DBusConnection* A11yBus::connectionFor(const std::string& busName) {
  for (const auto& d : direct_)
    if (d.bus == busName && d.conn && dbus_connection_get_is_connected(d.conn)) return d.conn;
  return conn_;
}

void A11yBus::dropClosedDirect() {
  for (auto it = direct_.begin(); it != direct_.end();) {
    if (it->conn && !dbus_connection_get_is_connected(it->conn)) {
      dbus_connection_close(it->conn);
      dbus_connection_unref(it->conn);
      it = direct_.erase(it);
    } else {
      ++it;
    }
  }
}

void A11yBus::useDirect(const std::string& busName, const Deadline& deadline) {
  for (const auto& d : direct_)
    if (d.bus == busName) return;  // connected, or refused before
  if (direct_.size() >= 32) {
    if (direct_.front().conn) {
      dbus_connection_close(direct_.front().conn);
      dbus_connection_unref(direct_.front().conn);
    }
    direct_.erase(direct_.begin());
  }
  std::string address;
  RawCall c{{busName, kRootPath},
            "org.a11y.atspi.Application",
            "GetApplicationBusAddress",
            nullptr,
            [&address](DBusMessageIter* it) { address = readString(it); }};
  call(c, deadline, 1000);
  DBusConnection* peer = nullptr;
  // Only a local socket: any other transport an app names (unixexec: runs a program, tcp: goes to
  // the network) is refused, and the app is read through the bus instead.
  if (!address.empty() && (!isLocalSocketAddress(address) || !acceptsConnections(address))) address.clear();
  if (!address.empty()) {
    DBusError err;
    dbus_error_init(&err);
    peer = dbus_connection_open_private(address.c_str(), &err);
    dbus_error_free(&err);
    if (peer) dbus_connection_set_exit_on_disconnect(peer, FALSE);
  }
  direct_.push_back({busName, peer});  // null: this app offers none; the bus is used
}

RawCall& A11yBus::call(RawCall& c, const Deadline& deadline, int capMs) {
  std::vector<RawCall> one;
  one.push_back(std::move(c));
  run(one, deadline, capMs, nullptr);
  c = std::move(one[0]);
  return c;
}

int A11yBus::pidOf(const std::string& busName, const Deadline& deadline) {
  for (const auto& [name, pid] : pids_)
    if (name == busName) return pid;
  RawCall c{{"org.freedesktop.DBus", "/org/freedesktop/DBus"},
            "org.freedesktop.DBus",
            "GetConnectionUnixProcessID",
            argString(busName),
            nullptr};
  uint32_t pid = 0;
  c.onReply = [&pid](DBusMessageIter* it) { pid = readUint(it, 0); };
  call(c, deadline, 1000);
  if (pid > 0) {
    if (pids_.size() > 512) pids_.erase(pids_.begin());  // unique names are never reused: an old one is dead
    pids_.emplace_back(busName, static_cast<int>(pid));
  }
  return static_cast<int>(pid);
}

void A11yBus::pump(const std::function<void(const RawEvent&)>& onEvent) {
  // Apps send nothing unasked on a direct connection, but whatever came is read and dropped.
  for (const auto& d : direct_) {
    if (!d.conn) continue;
    dbus_connection_read_write(d.conn, 0);
    while (dbus_connection_get_dispatch_status(d.conn) == DBUS_DISPATCH_DATA_REMAINS) dbus_connection_dispatch(d.conn);
  }
  dropClosedDirect();
  if (!conn_) return;
  dbus_connection_read_write(conn_, 0);
  while (dbus_connection_get_dispatch_status(conn_) == DBUS_DISPATCH_DATA_REMAINS) dbus_connection_dispatch(conn_);
  // Handling an event makes calls, which may queue further events: take them one at a time.
  while (!events_.empty()) {
    RawEvent e = std::move(events_.front());
    events_.pop_front();
    if (onEvent) onEvent(e);
  }
}

std::optional<Error> A11yBus::listen(bool on, const Deadline& deadline) {
  if (!conn_) return Error{ErrorCode::Unavailable, "The accessibility bus is not connected."};
  DBusError err;
  dbus_error_init(&err);
  for (const char* rule : {kFocusMatch, kWindowMatch}) {
    if (on) dbus_bus_add_match(conn_, rule, &err);
    else dbus_bus_remove_match(conn_, rule, nullptr);
    if (dbus_error_is_set(&err)) break;
  }
  if (dbus_error_is_set(&err)) {
    Error e{ErrorCode::Failed, std::string("Could not listen to accessibility events: ") + err.message + "."};
    dbus_error_free(&err);
    return e;
  }
  listening_ = on;
  if (!on) events_.clear();
  // The registry tells the apps which events someone listens to; GTK sends no others.
  if (on) {
    if (!registerEvent("object:state-changed:focused", deadline)) {
      return Error{
          ErrorCode::Failed,
          "Could not listen to accessibility events: the accessibility registry did not accept the registration."};
    }
    enableAppCaches(deadline);  // window:activate, which stays registered when listening stops
  } else {
    RawCall c{{kRegistry, "/org/a11y/atspi/registry"},
              "org.a11y.atspi.Registry",
              "DeregisterEvent",
              argString("object:state-changed:focused"),
              nullptr};
    call(c, deadline, 1000);
  }
  return std::nullopt;
}

bool A11yBus::registerEvent(const char* event, const Deadline& deadline) {
  std::string name = event;
  RawCall c{{kRegistry, "/org/a11y/atspi/registry"}, "org.a11y.atspi.Registry", "RegisterEvent", nullptr, nullptr};
  c.args = [name](DBusMessage* m) {
    const char* e = name.c_str();
    const char* app = "";
    DBusMessageIter it, props;
    dbus_message_iter_init_append(m, &it);
    dbus_message_iter_append_basic(&it, DBUS_TYPE_STRING, &e);
    dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "s", &props);
    dbus_message_iter_close_container(&it, &props);
    dbus_message_iter_append_basic(&it, DBUS_TYPE_STRING, &app);
  };
  call(c, deadline, 1000);
  if (c.answered) return true;
  // Older registries take the event alone.
  RawCall old{
      {kRegistry, "/org/a11y/atspi/registry"}, "org.a11y.atspi.Registry", "RegisterEvent", argString(name), nullptr};
  call(old, deadline, 1000);
  return old.answered;
}

namespace {
// Elements followed one by one; past this many, the app is read whole again.
constexpr size_t kMaxChangedPaths = 1000;
std::string senderRule(const char* iface, const std::string& sender) {
  return "type='signal',sender='" + sender + "',interface='" + iface + "'";
}
constexpr const char* kChangeInterfaces[] = {"org.a11y.atspi.Event.Object", "org.a11y.atspi.Cache"};
// What GTK (at-spi2-atk) sends only when someone registered for it.
// Bounds and visible data: elements that moved (what a snapshot takes from the mirror's bounds).
constexpr const char* kChangeEvents[] = {"object:children-changed", "object:property-change", "object:state-changed",
                                         "object:bounds-changed", "object:visible-data-changed"};
}  // namespace

void A11yBus::noteChange(const char* iface, const char* member, const char* sender, const char* path,
                         DBusMessage* msg) {
  ChangeLog* log = nullptr;
  for (auto& [bus, l] : watched_)
    if (bus == sender) log = &l;
  if (!log || log->structure) return;
  if (std::strcmp(iface, "org.a11y.atspi.Cache") == 0) {
    log->structure = true;  // AddAccessible, RemoveAccessible
    return;
  }
  if (std::strcmp(iface, "org.a11y.atspi.Event.Object") != 0) return;
  if (std::strcmp(member, "ChildrenChanged") == 0) {
    log->structure = true;
    return;
  }
  if (std::strcmp(member, "BoundsChanged") == 0 || std::strcmp(member, "VisibleDataChanged") == 0) {
    log->moved = true;
    if (log->movedUnknown) return;
    if (log->movedPaths.size() >= kMaxChangedPaths) {
      log->movedUnknown = true;
      log->movedPaths.clear();
    } else {
      log->movedPaths.insert(path);
    }
    return;
  }
  if (std::strcmp(member, "PropertyChange") == 0) {
    DBusMessageIter it;
    std::string detail;
    if (dbus_message_iter_init(msg, &it)) detail = readString(&it);
    if (detail == "accessible-parent") {
      log->structure = true;
      return;
    }
  } else if (std::strcmp(member, "StateChanged") != 0) {
    return;  // text, selection: read afresh by every snapshot anyway
  }
  if (log->paths.size() >= kMaxChangedPaths) {
    log->structure = true;
    log->paths.clear();
    return;
  }
  log->paths.insert(path);
}

bool A11yBus::busCall(const char* method, const std::string& arg, const Deadline& deadline) {
  RawCall c{{"org.freedesktop.DBus", "/org/freedesktop/DBus"}, "org.freedesktop.DBus", method, argString(arg), nullptr};
  c.viaBus = true;
  call(c, deadline, 1000);
  return c.answered;
}

bool A11yBus::watch(const std::string& busName, const Deadline& deadline) {
  if (!conn_) return false;
  if (watching(busName)) return true;
  if (!changeEventsRegistered_) {
    // A registry that refused (or did not answer within its second) is not asked again by every
    // snapshot: the apps are read whole, and the registration is tried again a minute later.
    if (Clock::now() < registerAgainAt_) return false;
    for (const char* e : kChangeEvents) {
      if (registerEvent(e, deadline)) continue;
      if (!deadline.expired()) registerAgainAt_ = Clock::now() + std::chrono::seconds(60);
      return false;
    }
    changeEventsRegistered_ = true;
  }
  if (watched_.size() >= kMaxWatched) {
    for (const char* iface : kChangeInterfaces)
      busCall("RemoveMatch", senderRule(iface, watched_.front().first), deadline);
    watched_.erase(watched_.begin());
  }
  for (const char* iface : kChangeInterfaces) {
    if (busCall("AddMatch", senderRule(iface, busName), deadline)) continue;
    for (const char* added : kChangeInterfaces) {
      if (added == iface) break;
      busCall("RemoveMatch", senderRule(added, busName), deadline);
    }
    return false;
  }
  watched_.push_back({busName, ChangeLog{}});
  return true;
}

bool A11yBus::watching(const std::string& busName) const {
  for (const auto& w : watched_)
    if (w.first == busName) return true;
  return false;
}

ChangeLog A11yBus::takeChanges(const std::string& busName) {
  for (auto& [bus, log] : watched_) {
    if (bus != busName) continue;
    ChangeLog taken = std::move(log);
    log = ChangeLog{};
    return taken;
  }
  return ChangeLog{true, {}};
}

void A11yBus::enableAppCaches(const Deadline& deadline) {
  if (cachesEnabled_ || !conn_) return;
  // A refusal only costs speed: the tree is then walked.
  registerEvent(kCacheEnablingEvent, deadline);
  cachesEnabled_ = true;
}

}  // namespace axb
