// Raw D-Bus for the snapshot's hot path: pipelined calls and the parsing of an app's
// org.a11y.atspi.Cache.GetItems reply. Plain libdbus, no libatspi: everything here runs on the
// bridge thread, but needs none of libatspi's (non-thread-safe, retrying) machinery.
#pragma once

#include <dbus/dbus.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "../../include/ax_bridge.h"

namespace axb {

// The AT-SPI interfaces a snapshot needs to know about, as bits.
constexpr uint8_t kIfaceComponent = 1, kIfaceAction = 2, kIfaceText = 4, kIfaceValue = 8;

// "org.a11y.atspi.Component" (D-Bus) or "Component" (libatspi) to its bit; 0 for the others.
uint8_t interfaceBit(const char* name);

// One method call. `args` appends the arguments (may be empty); `onReply` reads a successful
// reply, its iterator at the first argument.
struct RawCall {
  const std::string* bus;   // destination; must outlive the call
  const std::string* path;  // object path; must outlive the call
  const char* iface;
  const char* method;
  std::function<void(DBusMessage*)> args;
  std::function<void(DBusMessageIter*)> onReply;
};

// Decides what an error reply means for the whole batch: an Error stops it (the calls still in
// flight are cancelled), nullopt ignores this one call (the element went away or does not answer
// this question). `waitedMs` is how long the reply was waited for.
using CallErrorPolicy = std::function<std::optional<Error>(const std::string& errorName, double waitedMs)>;

// Runs the calls with a window of them in flight at once, so that a batch costs the app's work
// rather than one round trip per call. Each call's timeout is what is left of the deadline.
std::optional<Error> runPipelined(DBusConnection* conn, std::vector<RawCall>& calls, const Deadline& deadline,
                                  const CallErrorPolicy& onError);

// One entry of GetItems: a((so)(so)(so)iiassusau) — the object, its application, its parent, its
// index in the parent (-1: not told), its child count (-1: children not cached), interfaces,
// name, role, description, state set (two 32-bit words).
struct CacheItem {
  std::string bus, path;
  std::string parentBus, parentPath;
  int index = -1;
  int childCount = 0;
  uint8_t ifaces = 0;
  std::string name;
  uint32_t role = 0;
  std::string description;
  uint64_t states = 0;
};

// Parses a GetItems reply; false when its signature is not the one above.
bool parseCacheItems(DBusMessage* reply, std::vector<CacheItem>& out);

// Readers for single replies, used by the pipelined calls.
bool readObjectRef(DBusMessageIter* it, std::string& bus, std::string& path);  // (so)
uint64_t readStateWords(DBusMessageIter* it);                                 // au
uint8_t readInterfaces(DBusMessageIter* it);                                  // as

}  // namespace axb
