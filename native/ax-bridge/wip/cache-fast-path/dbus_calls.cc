#include "dbus_calls.h"

#include <algorithm>
#include <chrono>
#include <cstring>

namespace axb {
namespace {

// Outstanding pipelined calls at once: the AT-SPI bus allows 128 pending replies per connection.
constexpr size_t kPipelineWindow = 96;

bool nextIs(DBusMessageIter* it, int type) { return dbus_message_iter_get_arg_type(it) == type; }

std::string readString(DBusMessageIter* it) {
  const char* s = nullptr;
  if (nextIs(it, DBUS_TYPE_STRING) || nextIs(it, DBUS_TYPE_OBJECT_PATH)) dbus_message_iter_get_basic(it, &s);
  return s ? s : "";
}

}  // namespace

uint8_t interfaceBit(const char* name) {
  if (!name) return 0;
  const char* shortName = std::strncmp(name, "org.a11y.atspi.", 15) == 0 ? name + 15 : name;
  if (std::strcmp(shortName, "Component") == 0) return kIfaceComponent;
  if (std::strcmp(shortName, "Action") == 0) return kIfaceAction;
  if (std::strcmp(shortName, "Text") == 0) return kIfaceText;
  if (std::strcmp(shortName, "Value") == 0) return kIfaceValue;
  return 0;
}

std::optional<Error> runPipelined(DBusConnection* conn, std::vector<RawCall>& calls, const Deadline& deadline,
                                  const CallErrorPolicy& onError) {
  std::vector<DBusPendingCall*> pending(calls.size(), nullptr);
  size_t next = 0, done = 0;
  std::optional<Error> failure;
  auto send = [&](size_t i) {
    const RawCall& c = calls[i];
    DBusMessage* msg = dbus_message_new_method_call(c.bus->c_str(), c.path->c_str(), c.iface, c.method);
    if (!msg) return;
    if (c.args) c.args(msg);
    int timeout = std::max(1, static_cast<int>(deadline.remainingMs()));
    if (!dbus_connection_send_with_reply(conn, msg, &pending[i], timeout)) pending[i] = nullptr;
    dbus_message_unref(msg);
  };
  while (done < calls.size()) {
    while (next < calls.size() && next - done < kPipelineWindow && !failure) send(next++);
    size_t i = done++;
    DBusPendingCall* p = pending[i];
    if (!p) continue;
    if (failure) {
      dbus_pending_call_cancel(p);
      dbus_pending_call_unref(p);
      continue;
    }
    auto waitStart = std::chrono::steady_clock::now();
    dbus_pending_call_block(p);
    DBusMessage* reply = dbus_pending_call_steal_reply(p);
    dbus_pending_call_unref(p);
    if (!reply) continue;
    if (dbus_message_get_type(reply) == DBUS_MESSAGE_TYPE_ERROR) {
      std::string name = dbus_message_get_error_name(reply) ? dbus_message_get_error_name(reply) : "";
      double waited = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - waitStart).count();
      failure = onError(name, waited);
    } else if (calls[i].onReply) {
      DBusMessageIter it;
      if (dbus_message_iter_init(reply, &it)) calls[i].onReply(&it);
    }
    dbus_message_unref(reply);
  }
  return failure;
}

bool readObjectRef(DBusMessageIter* it, std::string& bus, std::string& path) {
  if (!nextIs(it, DBUS_TYPE_STRUCT)) return false;
  DBusMessageIter ref;
  dbus_message_iter_recurse(it, &ref);
  bus = readString(&ref);
  dbus_message_iter_next(&ref);
  path = readString(&ref);
  return true;
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

uint8_t readInterfaces(DBusMessageIter* it) {
  if (!nextIs(it, DBUS_TYPE_ARRAY)) return 0;
  DBusMessageIter names;
  dbus_message_iter_recurse(it, &names);
  uint8_t bits = 0;
  while (nextIs(&names, DBUS_TYPE_STRING)) {
    const char* name = nullptr;
    dbus_message_iter_get_basic(&names, &name);
    bits |= interfaceBit(name);
    dbus_message_iter_next(&names);
  }
  return bits;
}

bool parseCacheItems(DBusMessage* reply, std::vector<CacheItem>& out) {
  // The signature at-spi2-atk (2.46) declares for GetItems; another one (older bridges sent
  // children arrays instead of index and count) is not understood, and the caller walks instead.
  const char* sig = dbus_message_get_signature(reply);
  if (!sig || std::strcmp(sig, "a((so)(so)(so)iiassusau)") != 0) return false;
  DBusMessageIter it, arr;
  if (!dbus_message_iter_init(reply, &it)) return false;
  dbus_message_iter_recurse(&it, &arr);
  while (nextIs(&arr, DBUS_TYPE_STRUCT)) {
    DBusMessageIter f;
    dbus_message_iter_recurse(&arr, &f);
    CacheItem item;
    std::string appBus, appPath;
    readObjectRef(&f, item.bus, item.path);
    dbus_message_iter_next(&f);
    readObjectRef(&f, appBus, appPath);
    dbus_message_iter_next(&f);
    readObjectRef(&f, item.parentBus, item.parentPath);
    dbus_message_iter_next(&f);
    dbus_int32_t index = -1, count = 0;
    dbus_message_iter_get_basic(&f, &index);
    dbus_message_iter_next(&f);
    dbus_message_iter_get_basic(&f, &count);
    dbus_message_iter_next(&f);
    item.index = index;
    item.childCount = count;
    item.ifaces = readInterfaces(&f);
    dbus_message_iter_next(&f);
    item.name = readString(&f);
    dbus_message_iter_next(&f);
    dbus_uint32_t role = 0;
    dbus_message_iter_get_basic(&f, &role);
    item.role = role;
    dbus_message_iter_next(&f);
    item.description = readString(&f);
    dbus_message_iter_next(&f);
    item.states = readStateWords(&f);
    out.push_back(std::move(item));
    dbus_message_iter_next(&arr);
  }
  return true;
}

}  // namespace axb
