// Raw AT-SPI calls as the Linux bridge builds them (over dbus_calls.h), what their errors mean to the
// user, and whether an application's process is still alive. Everything here runs on the bridge thread.
#pragma once

#include <dbus/dbus.h>
#include <glib.h>

#include <functional>
#include <optional>
#include <string>

#include "../../include/ax_bridge.h"
#include "dbus_calls.h"

namespace axb {
namespace atspi {

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

enum class Probe { Answers, Hung, AppGone, ElementGone };

std::string take(gchar* s);

std::string lower(std::string s);

// Alive and not a zombie: a killed app lingers as a zombie until its parent reaps it.
bool processAlive(int pid);

// Whether pid is gone, giving a process that is being killed a moment to finish dying.
bool processGone(int pid);

std::string processName(int pid);

std::string formatNumber(double v);

bool isNoReply(const std::string& e);

// The app left the bus (or our connection to it dropped).
bool isGoneName(const std::string& e);

// What a failed call means, as a sentence. `what` is the thing that may have gone ("The element").
Error callError(const RawCall& c, int pid, const std::string& doing, const std::string& what, const Deadline& deadline);

// Raw call builders.
RawCall method(const ObjRef& to, const char* iface, const char* name, std::function<void(DBusMessage*)> args = nullptr,
               std::function<void(DBusMessageIter*)> onReply = nullptr);

// Properties.Get; onValue sees the variant's content.
RawCall property(const ObjRef& to, const char* iface, const char* prop, std::function<void(DBusMessageIter*)> onValue);

// Properties.GetAll; onEntry sees each name and the variant's content.
RawCall allProperties(const ObjRef& to, const char* iface,
                      std::function<void(const std::string&, DBusMessageIter*)> onEntry);

// Properties.Set of a double (Value.CurrentValue).
RawCall setDouble(const ObjRef& to, const char* iface, const char* prop, double v);

double readDouble(DBusMessageIter* it);

// An (iiii) screen rectangle; nothing when it is empty or of another type.
std::optional<Rect> readExtents(DBusMessageIter* it);

}  // namespace atspi
}  // namespace axb
