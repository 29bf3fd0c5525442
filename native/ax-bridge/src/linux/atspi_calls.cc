#include "atspi_calls.h"

#include <signal.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <iterator>

namespace axb {
namespace atspi {

std::string take(gchar* s) {
  std::string out = s ? s : "";
  g_free(s);
  return out;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

bool processAlive(int pid) {
  if (pid <= 0 || (kill(pid, 0) != 0 && errno != EPERM)) return false;
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  size_t close = stat.rfind(')');
  if (close == std::string::npos || close + 2 >= stat.size()) return true;
  char state = stat[close + 2];
  return state != 'Z' && state != 'X';
}

bool processGone(int pid) {
  for (int i = 0; i < 5; ++i) {
    if (!processAlive(pid)) return true;
    g_usleep(10000);
  }
  return false;
}

std::string processName(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/comm");
  std::string name;
  std::getline(in, name);
  return name;
}

std::string formatNumber(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

bool isNoReply(const std::string& e) {
  return e == DBUS_ERROR_NO_REPLY || e == DBUS_ERROR_TIMEOUT || e == DBUS_ERROR_TIMED_OUT;
}

bool isGoneName(const std::string& e) {
  return e == DBUS_ERROR_SERVICE_UNKNOWN || e == DBUS_ERROR_NAME_HAS_NO_OWNER || e == DBUS_ERROR_DISCONNECTED;
}

Error callError(const RawCall& c, int pid, const std::string& doing, const std::string& what,
                const Deadline& deadline) {
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

RawCall method(const ObjRef& to, const char* iface, const char* name, std::function<void(DBusMessage*)> args,
               std::function<void(DBusMessageIter*)> onReply) {
  return RawCall{to, iface, name, std::move(args), std::move(onReply)};
}

RawCall property(const ObjRef& to, const char* iface, const char* prop, std::function<void(DBusMessageIter*)> onValue) {
  return method(to, kProps, "Get", argStrings(iface, prop), [onValue](DBusMessageIter* it) {
    DBusMessageIter inside;
    if (enterVariant(it, &inside)) onValue(&inside);
  });
}

RawCall allProperties(const ObjRef& to, const char* iface,
                      std::function<void(const std::string&, DBusMessageIter*)> onEntry) {
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

}  // namespace atspi
}  // namespace axb
