// Raw libdbus on the bridge's own private connection to the accessibility bus.
//
// Why not libatspi: while it waits for a reply, libatspi dispatches incoming messages, and its
// handlers make D-Bus calls of their own (atspi_state_set_contains from the cache-update handler),
// a re-entry libdbus does not support: the bridge thread hangs for good as soon as another
// assistive client (a screen reader) has registered for events. Here, no handler ever makes a
// call: the one filter only copies event signals into a bounded queue, read between calls.
//
// Everything in this file runs on the bridge thread.
#pragma once

#include <dbus/dbus.h>

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "../../include/ax_bridge.h"

namespace axb {

// An accessible object: the unique bus name of its application and its object path.
struct ObjRef {
  std::string bus;
  std::string path;
  bool operator==(const ObjRef& o) const { return bus == o.bus && path == o.path; }
};

constexpr const char* kRootPath = "/org/a11y/atspi/accessible/root";
constexpr const char* kRegistry = "org.a11y.atspi.Registry";

// The AT-SPI interfaces the bridge uses, as bits.
constexpr uint16_t kIfaceComponent = 1, kIfaceAction = 2, kIfaceText = 4, kIfaceValue = 8, kIfaceEditableText = 16,
                   kIfaceSelection = 32, kIfaceTable = 64;

// The sentence for a process started outside any desktop session.
std::string noSessionBusMessage();

// "org.a11y.atspi.Component" to its bit; 0 for the interfaces the bridge does not use.
uint16_t interfaceBit(const char* name);

// One method call. `args` appends the arguments (may be empty); `onReply` reads a successful
// reply, its iterator at the first argument (may be empty). After the batch, `error` holds the
// D-Bus error name of a failed call ("" when it answered) and `answered` tells whether it did.
struct RawCall {
  ObjRef to;
  const char* iface;
  const char* method;
  std::function<void(DBusMessage*)> args;
  std::function<void(DBusMessageIter*)> onReply;
  std::string error;
  std::string errorMessage;
  bool answered = false;
  double waitedMs = 0;  // from sending to the answer (or to giving up)
  int timeoutMs = 0;    // how long it was allowed to wait
  bool viaBus = false;  // through the bus even when a direct connection to the app is open
};

// The error of a call that was never sent because the deadline had already passed.
constexpr const char* kErrorDeadline = "axb.Error.DeadlinePassed";

// What to do with an error reply in a batch: an Error stops the batch (the calls in flight are
// cancelled), nullopt lets it go on (this one element went away or does not answer this question).
using CallErrorPolicy = std::function<std::optional<Error>(const RawCall& call)>;

// An event signal the bridge listens to, as it arrived (nothing is read about it yet).
struct RawEvent {
  enum Kind { Focus, WindowActivate } kind;
  ObjRef source;
  int detail1 = 0;
};

// What an app said it changed since the changes were last taken: the paths of elements whose role,
// name, description or states changed, or (structure) that elements came or went, or more changed
// than is worth following one by one; `moved`: an element's bounds or what it shows changed
// (object:bounds-changed, object:visible-data-changed), with the paths of those elements in
// `movedPaths` unless there were too many to keep (`movedUnknown`).
struct ChangeLog {
  bool structure = false;
  std::unordered_set<std::string> paths;
  bool moved = false;
  std::unordered_set<std::string> movedPaths;
  bool movedUnknown = false;
};

class A11yBus {
 public:
  A11yBus() = default;
  A11yBus(const A11yBus&) = delete;
  A11yBus& operator=(const A11yBus&) = delete;
  ~A11yBus() { close(); }

  // Connects (or reconnects after the bus went away). The address comes from AT_SPI_BUS_ADDRESS or
  // from org.a11y.Bus.GetAddress on the session bus. An Error is a sentence for the user.
  std::optional<Error> ensure(const Deadline& deadline);
  void close();
  DBusConnection* connection() const { return conn_; }
  // The connection's file descriptor, -1 when not connected (for the GLib watch that reads events).
  int fd() const;

  // Runs the calls with many in flight at once; each waits at most min(capMs, what is left of the
  // deadline). Returns the policy's Error, or the timeout the deadline ran into when stopAtDeadline.
  std::optional<Error> run(std::vector<RawCall>& calls, const Deadline& deadline, int capMs,
                           const CallErrorPolicy& onError);
  // One call; the RawCall tells how it went.
  RawCall& call(RawCall& c, const Deadline& deadline, int capMs);

  // Talks to this app over a direct (peer-to-peer) connection from now on, where the app offers one
  // (org.a11y.atspi.Application.GetApplicationBusAddress, as libatspi does): the bus daemon then
  // relays none of the snapshot's thousands of calls. Other apps and the registry stay on the bus.
  void useDirect(const std::string& busName, const Deadline& deadline);

  // The process id behind a unique bus name (asked of the bus once per name; 0 when unknown).
  int pidOf(const std::string& busName, const Deadline& deadline);

  // Reads what arrived on the socket and hands queued event signals to the caller. Must not be
  // called while a batch is waiting (it is not: everything runs on one thread).
  void pump(const std::function<void(const RawEvent&)>& onEvent);
  // Listens to focus and window-activation events (match rules + registration with the registry).
  std::optional<Error> listen(bool on, const Deadline& deadline);
  // Registers one rare event with the registry, so that GTK's accessibility bridge keeps the
  // org.a11y.atspi.Cache that snapshots read in one call (it only keeps it while some client
  // listens). Signals of that event are never matched, so none arrive here.
  void enableAppCaches(const Deadline& deadline);

  // Follows what the app on `busName` changes (its Object events and cache signals) from now on,
  // recorded as they are read off the socket; false when the registry or the bus refused. At most
  // kMaxWatched apps: the one watched longest ago is dropped.
  bool watch(const std::string& busName, const Deadline& deadline);
  bool watching(const std::string& busName) const;
  // The changes recorded for `busName` since the last call (and forgets them). Not watched: structure.
  ChangeLog takeChanges(const std::string& busName);
  static constexpr size_t kMaxWatched = 4;

 private:
  bool registerEvent(const char* event, const Deadline& deadline);
  bool busCall(const char* method, const std::string& arg, const Deadline& deadline);  // to the bus daemon
  void noteChange(const char* iface, const char* member, const char* sender, const char* path, DBusMessage* msg);
  DBusConnection* connectionFor(const std::string& busName);
  void dropClosedDirect();

  struct Direct {
    std::string bus;
    DBusConnection* conn;  // null: the app offers no direct connection
  };
  std::vector<Direct> direct_;
  static DBusHandlerResult filter(DBusConnection*, DBusMessage* msg, void* data);
  std::optional<Error> busAddress(const Deadline& deadline, std::string& address);

  DBusConnection* conn_ = nullptr;
  std::deque<RawEvent> events_;
  std::vector<std::pair<std::string, int>> pids_;
  bool listening_ = false;
  bool cachesEnabled_ = false;
  bool changeEventsRegistered_ = false;
  std::chrono::steady_clock::time_point registerAgainAt_{};  // after a refusal: not before then
  std::vector<std::pair<std::string, ChangeLog>> watched_;   // oldest first
};

// Readers for replies.
bool nextIs(DBusMessageIter* it, int type);
std::string readString(DBusMessageIter* it);
bool isValidTarget(const std::string& bus, const std::string& path);  // a bus name and path safe to call
bool isLocalSocketAddress(const std::string& address);               // unix:path=… or unix:abstract=…, nothing else
bool acceptsConnections(const std::string& address);                 // a non-blocking connect to it succeeds now
constexpr size_t kMaxChildrenRead = 10000;                           // children read from one GetChildren reply
bool readObjectRef(DBusMessageIter* it, ObjRef& out);                // (so); false (and empty) when invalid
void readObjectRefs(DBusMessageIter* it, std::vector<ObjRef>& out);  // a(so)
uint64_t readStateWords(DBusMessageIter* it);                        // au
uint16_t readInterfaces(DBusMessageIter* it);                        // as
bool readBool(DBusMessageIter* it);                                  // b
int32_t readInt(DBusMessageIter* it, int32_t fallback);              // i
uint32_t readUint(DBusMessageIter* it, uint32_t fallback);           // u
// A Properties.Get reply: the variant's content.
bool enterVariant(DBusMessageIter* it, DBusMessageIter* inside);

// One entry of Cache.GetItems, a((so)(so)(so)iiassusau): the object, its parent, its index in the
// parent (-1: not told), its child count (-1: the app does not cache the children), interfaces,
// name, role, description, state set.
struct CacheItem {
  ObjRef ref;
  ObjRef parent;
  int index = -1;
  int childCount = 0;
  uint16_t ifaces = 0;
  std::string name;
  uint32_t role = 0;
  std::string description;
  uint64_t states = 0;
};

// Parses a GetItems reply; false when its signature is not the one above.
bool parseCacheItems(DBusMessageIter* reply, std::vector<CacheItem>& out);

// Appenders for the arguments of calls.
std::function<void(DBusMessage*)> argString(std::string s);
std::function<void(DBusMessage*)> argStrings(std::string a, std::string b);  // e.g. Properties.Get
std::function<void(DBusMessage*)> argInt(int32_t v);
std::function<void(DBusMessage*)> argInts(int32_t a, int32_t b);
std::function<void(DBusMessage*)> argUint(uint32_t v);

}  // namespace axb
