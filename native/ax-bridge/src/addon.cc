// N-API glue: converts JavaScript arguments to the neutral interface (include/ax_bridge.h) and
// results back. No accessibility logic lives here; argument policy (ranges, defaults, messages)
// lives in the TypeScript wrapper, and this file only refuses what it cannot convert.
//
// Every call is posted to the bridge thread and answered through a thread-safe function that does
// not keep the event loop alive: the wrapper's deadline timer does that, so a call that never
// comes back cannot hold Node open.
#include <napi.h>

#include <mutex>

#include "../include/ax_bridge.h"
#include "../include/key_grab.h"
#include "../include/key_watch.h"
#if defined(__APPLE__)
#include "../include/unicode_typing.h"
#endif

namespace {

using axb::Bridge;

std::mutex gMutex;
std::unique_ptr<Bridge> gBridge;  // one per process: one bus connection (Linux), AX is process-wide (macOS)
int gEnvCount = 0;

Bridge& bridge() {
  std::lock_guard<std::mutex> lock(gMutex);
  if (!gBridge) gBridge = axb::createBridge();
  return *gBridge;
}

struct Pending {
  Napi::Promise::Deferred deferred;
  std::function<void(Napi::Env, Napi::Promise::Deferred&)> finish;
};

void SettleOnJsThread(Napi::Env env, Napi::Function, std::nullptr_t*, Pending* p) {
  if (env != nullptr && p->finish) p->finish(env, p->deferred);
  delete p;
}

using Settler = Napi::TypedThreadSafeFunction<std::nullptr_t, Pending, SettleOnJsThread>;

const char* codeName(axb::ErrorCode code) {
  switch (code) {
    case axb::ErrorCode::Unavailable:
      return "unavailable";
    case axb::ErrorCode::PermissionDenied:
      return "permission_denied";
    case axb::ErrorCode::Timeout:
      return "timeout";
    case axb::ErrorCode::Stale:
      return "stale";
    case axb::ErrorCode::Gone:
      return "gone";
    case axb::ErrorCode::NotFound:
      return "not_found";
    case axb::ErrorCode::Unsupported:
      return "unsupported";
    case axb::ErrorCode::Failed:
      return "failed";
  }
  return "failed";
}

Napi::Value toJsError(Napi::Env env, const axb::Error& e) {
  Napi::Error err = Napi::Error::New(env, e.message);
  err.Value().Set("code", Napi::String::New(env, codeName(e.code)));
  return err.Value();
}

// Runs work on the bridge thread and settles a promise with toJs(result) on the JS thread.
template <typename T>
Napi::Value schedule(Napi::Env env, std::function<axb::Result<T>(Bridge&)> work,
                     std::function<Napi::Value(Napi::Env, const T&)> toJs) {
  auto deferred = Napi::Promise::Deferred::New(env);
  Settler settler = Settler::New(env, "ax-bridge", 0, 1);
  settler.Unref(env);
  Bridge& b = bridge();
  b.post([settler, deferred, work = std::move(work), toJs = std::move(toJs), &b]() mutable {
    axb::Result<T> result = work(b);
    auto* p = new Pending{deferred, [result = std::move(result), toJs](Napi::Env env, Napi::Promise::Deferred& d) {
                            Napi::HandleScope scope(env);
                            if (result.ok()) d.Resolve(toJs(env, result.value()));
                            else d.Reject(toJsError(env, result.error()));
                          }};
    if (settler.BlockingCall(p) != napi_ok) delete p;
    settler.Release();
  });
  return deferred.Promise();
}

double numberArg(const Napi::CallbackInfo& info, size_t i, const char* name) {
  if (info.Length() <= i || !info[i].IsNumber()) {
    throw Napi::TypeError::New(info.Env(), std::string(name) + " must be a number");
  }
  return info[i].As<Napi::Number>().DoubleValue();
}

std::string stringArg(const Napi::CallbackInfo& info, size_t i, const char* name) {
  if (info.Length() <= i || !info[i].IsString()) {
    throw Napi::TypeError::New(info.Env(), std::string(name) + " must be a string");
  }
  return info[i].As<Napi::String>().Utf8Value();
}

bool boolArg(const Napi::CallbackInfo& info, size_t i, const char* name) {
  if (info.Length() <= i || !info[i].IsBoolean()) {
    throw Napi::TypeError::New(info.Env(), std::string(name) + " must be a boolean");
  }
  return info[i].As<Napi::Boolean>().Value();
}

axb::Deadline deadlineArg(const Napi::CallbackInfo& info, size_t i) {
  double ms = numberArg(info, i, "deadlineMs");
  if (!(ms > 0 && ms <= axb::kMaxDeadlineMs)) throw Napi::TypeError::New(info.Env(), "deadlineMs is out of range");
  return axb::Deadline(ms);
}

axb::ElementRef refArg(const Napi::CallbackInfo& info) {
  double generation = numberArg(info, 0, "generation");
  double id = numberArg(info, 1, "id");
  if (generation < 0 || generation > 4294967295.0 || id < 1 || id > axb::kMaxNodesLimit) {
    throw Napi::TypeError::New(info.Env(), "element reference is out of range");
  }
  return {static_cast<uint32_t>(generation), static_cast<int>(id)};
}

Napi::Array stringArray(Napi::Env env, const std::vector<std::string>& v) {
  Napi::Array a = Napi::Array::New(env, v.size());
  for (uint32_t i = 0; i < v.size(); ++i) a.Set(i, Napi::String::New(env, v[i]));
  return a;
}

Napi::Value appToJs(Napi::Env env, const axb::AppInfo& app) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("pid", app.pid);
  o.Set("name", app.name);
  o.Set("bundleId", app.bundleId.empty() ? env.Null() : Napi::String::New(env, app.bundleId));
  o.Set("frontmost", app.frontmost);
  o.Set("responding", app.responding);
  return o;
}

const char* truncationName(axb::Truncation t) {
  switch (t) {
    case axb::Truncation::None:
      return "none";
    case axb::Truncation::MaxNodes:
      return "max_nodes";
    case axb::Truncation::MaxDepth:
      return "max_depth";
    case axb::Truncation::Deadline:
      return "deadline";
    case axb::Truncation::VisibleOnly:
      return "visible_only";
  }
  return "none";
}

Napi::Object rectToJs(Napi::Env env, const axb::Rect& r) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("x", r.x);
  o.Set("y", r.y);
  o.Set("width", r.width);
  o.Set("height", r.height);
  return o;
}

Napi::Value snapshotToJs(Napi::Env env, const axb::Snapshot& s) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("generation", s.generation);
  o.Set("pid", s.pid);
  o.Set("app", s.app);
  o.Set("truncated", truncationName(s.truncated));
  o.Set("source", s.fromMirror ? "mirror" : s.fromAppCache ? "app_cache" : "walk");
  Napi::Array elements = Napi::Array::New(env, s.elements.size());
  for (uint32_t i = 0; i < s.elements.size(); ++i) {
    const axb::Element& e = s.elements[i];
    Napi::Object el = Napi::Object::New(env);
    el.Set("id", e.id);
    el.Set("role", e.role);
    el.Set("platformRole", e.platformRole);
    el.Set("name", e.name);
    el.Set("description", e.description);
    el.Set("value", e.value ? Napi::String::New(env, *e.value) : env.Null());
    if (e.bounds) {
      el.Set("bounds", rectToJs(env, *e.bounds));
    } else {
      el.Set("bounds", env.Null());
    }
    el.Set("states", stringArray(env, e.states));
    el.Set("actions", stringArray(env, e.actions));
    if (!e.keys.empty()) el.Set("keys", stringArray(env, e.keys));
    el.Set("parent", e.parent == 0 ? env.Null() : Napi::Number::New(env, e.parent));
    el.Set("depth", e.depth);
    if (e.visiblePart) {
      const axb::VisiblePart& v = *e.visiblePart;
      Napi::Object p = Napi::Object::New(env);
      auto num = [&env](int n) -> Napi::Value { return n < 0 ? env.Null() : Napi::Number::New(env, n); };
      p.Set("firstRow", num(v.firstRow));
      p.Set("lastRow", num(v.lastRow));
      p.Set("firstColumn", num(v.firstColumn));
      p.Set("lastColumn", num(v.lastColumn));
      p.Set("rows", num(v.rows));
      p.Set("columns", num(v.columns));
      p.Set("items", v.items);
      p.Set("itemCount", num(v.itemCount));
      el.Set("visiblePart", p);
    }
    elements.Set(i, el);
  }
  o.Set("elements", elements);
  return o;
}

Napi::Value Permission(const Napi::CallbackInfo& info) {
  bool prompt = boolArg(info, 0, "prompt");
  auto deadline = deadlineArg(info, 1);
  return schedule<axb::Permission>(
      info.Env(), [=](Bridge& b) { return b.permission(prompt, deadline); },
      [](Napi::Env env, const axb::Permission& p) -> Napi::Value {
        Napi::Object o = Napi::Object::New(env);
        o.Set("state", p.state == axb::PermissionState::Granted  ? "granted"
                       : p.state == axb::PermissionState::Denied ? "denied"
                                                                 : "unavailable");
        o.Set("detail", p.detail);
        return o;
      });
}

Napi::Value FrontmostApp(const Napi::CallbackInfo& info) {
  auto deadline = deadlineArg(info, 0);
  return schedule<axb::AppInfo>(
      info.Env(), [=](Bridge& b) { return b.frontmostApp(deadline); }, appToJs);
}

Napi::Value RunningApps(const Napi::CallbackInfo& info) {
  auto deadline = deadlineArg(info, 0);
  return schedule<std::vector<axb::AppInfo>>(
      info.Env(), [=](Bridge& b) { return b.runningApps(deadline); },
      [](Napi::Env env, const std::vector<axb::AppInfo>& apps) -> Napi::Value {
        Napi::Array a = Napi::Array::New(env, apps.size());
        for (uint32_t i = 0; i < apps.size(); ++i) a.Set(i, appToJs(env, apps[i]));
        return a;
      });
}

Napi::Value LaunchApp(const Napi::CallbackInfo& info) {
  std::string by = stringArg(info, 0, "by");
  std::string what = stringArg(info, 1, "what");
  auto deadline = deadlineArg(info, 2);
#if defined(__APPLE__)
  if (by != "id" && by != "name" && by != "path")
    throw Napi::TypeError::New(info.Env(), "by must be 'id', 'name' or 'path'");
#else
  if (by != "id" && by != "name") throw Napi::TypeError::New(info.Env(), "by must be 'id' or 'name'");
#endif
  axb::LaunchBy launchBy = by == "id" ? axb::LaunchBy::Id : by == "path" ? axb::LaunchBy::Path : axb::LaunchBy::Name;
  return schedule<axb::Launched>(
      info.Env(), [=](Bridge& b) { return b.launchApp(launchBy, what, deadline); },
      [](Napi::Env env, const axb::Launched& l) -> Napi::Value {
        Napi::Object o = Napi::Object::New(env);
        o.Set("pid", l.pid);
        o.Set("name", l.name);
        o.Set("id", l.id);
        o.Set("menuBarOnly", l.menuBarOnly);
        return o;
      });
}

// installedApps(deadlineMs): macOS; elsewhere the bridge answers `unsupported`.
Napi::Value InstalledApps(const Napi::CallbackInfo& info) {
  auto deadline = deadlineArg(info, 0);
  return schedule<std::vector<axb::InstalledApp>>(
      info.Env(), [=](Bridge& b) { return b.installedApps(deadline); },
      [](Napi::Env env, const std::vector<axb::InstalledApp>& apps) -> Napi::Value {
        Napi::Array a = Napi::Array::New(env, apps.size());
        for (uint32_t i = 0; i < apps.size(); ++i) {
          Napi::Object o = Napi::Object::New(env);
          o.Set("path", apps[i].path);
          o.Set("id", apps[i].id);
          o.Set("names", stringArray(env, apps[i].names));
          a.Set(i, o);
        }
        return a;
      });
}

Napi::Value Snapshot(const Napi::CallbackInfo& info) {
  axb::SnapshotOptions o;
  o.pid = static_cast<int>(numberArg(info, 0, "pid"));
  o.focusedWindowOnly = boolArg(info, 1, "focusedWindowOnly");
  o.maxDepth = static_cast<int>(numberArg(info, 2, "maxDepth"));
  o.maxNodes = static_cast<int>(numberArg(info, 3, "maxNodes"));
  o.showingOnly = boolArg(info, 4, "showingOnly");
  o.useCache = boolArg(info, 5, "useCache");
  auto deadline = deadlineArg(info, 6);
  o.useMirror =
      info.Length() > 7 && !info[7].IsUndefined() ? boolArg(info, 7, "useMirror") : true;  // added later: optional
  o.liveBounds = info.Length() > 8 && !info[8].IsUndefined() && boolArg(info, 8, "liveBounds");  // optional
  if (o.pid < 0 || o.maxDepth < 1 || o.maxDepth > axb::kMaxDepthLimit || o.maxNodes < 1 ||
      o.maxNodes > axb::kMaxNodesLimit) {
    throw Napi::TypeError::New(info.Env(), "snapshot limits are out of range");
  }
  return schedule<axb::Snapshot>(
      info.Env(), [=](Bridge& b) { return b.snapshot(o, deadline); }, snapshotToJs);
}

Napi::Value PerformAction(const Napi::CallbackInfo& info) {
  auto ref = refArg(info);
  std::string action = stringArg(info, 2, "action");
  auto deadline = deadlineArg(info, 3);
  if (std::find(axb::kActionNames.begin(), axb::kActionNames.end(), action) == axb::kActionNames.end()) {
    throw Napi::TypeError::New(info.Env(), "unknown action");
  }
  return schedule<axb::Done>(
      info.Env(), [=](Bridge& b) { return b.performAction(ref, action, deadline); },
      [](Napi::Env env, const axb::Done&) -> Napi::Value { return env.Undefined(); });
}

Napi::Value SetValue(const Napi::CallbackInfo& info) {
  auto ref = refArg(info);
  std::string value = stringArg(info, 2, "value");
  auto deadline = deadlineArg(info, 3);
  return schedule<axb::Done>(
      info.Env(), [=](Bridge& b) { return b.setValue(ref, value, deadline); },
      [](Napi::Env env, const axb::Done&) -> Napi::Value { return env.Undefined(); });
}

// A range of text and a caret, in code points: what insertText did, or where the selection is.
Napi::Object textRange(Napi::Env env, int start, int end, int caret) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("start", start);
  o.Set("end", end);
  o.Set("caret", caret);
  return o;
}

Napi::Value ReadValue(const Napi::CallbackInfo& info) {
  auto ref = refArg(info);
  auto deadline = deadlineArg(info, 2);
  return schedule<std::optional<std::string>>(
      info.Env(), [=](Bridge& b) { return b.readValue(ref, deadline); },
      [](Napi::Env env, const std::optional<std::string>& v) -> Napi::Value {
        return v ? Napi::String::New(env, *v) : env.Null();
      });
}

Napi::Value InsertText(const Napi::CallbackInfo& info) {
  auto ref = refArg(info);
  std::string text = stringArg(info, 2, "text");
  std::string where = stringArg(info, 3, "at");
  auto deadline = deadlineArg(info, 4);
  if (where != "caret" && where != "end") throw Napi::TypeError::New(info.Env(), "at must be 'caret' or 'end'");
  axb::InsertAt at = where == "caret" ? axb::InsertAt::Caret : axb::InsertAt::End;
  return schedule<axb::Inserted>(
      info.Env(), [=](Bridge& b) { return b.insertText(ref, text, at, deadline); },
      [](Napi::Env env, const axb::Inserted& r) -> Napi::Value { return textRange(env, r.start, r.end, r.caret); });
}

Napi::Value TextSelection(const Napi::CallbackInfo& info) {
  auto ref = refArg(info);
  auto deadline = deadlineArg(info, 2);
  return schedule<axb::TextSelection>(
      info.Env(), [=](Bridge& b) { return b.textSelection(ref, deadline); },
      [](Napi::Env env, const axb::TextSelection& r) -> Napi::Value {
        return textRange(env, r.start, r.end, r.caret);
      });
}

Napi::Value SetTextSelection(const Napi::CallbackInfo& info) {
  auto ref = refArg(info);
  double start = numberArg(info, 2, "start");
  double end = numberArg(info, 3, "end");
  auto deadline = deadlineArg(info, 4);
  if (!(start >= 0 && end >= start && end <= 2147483647.0) || start != static_cast<int>(start) ||
      end != static_cast<int>(end))
    throw Napi::TypeError::New(info.Env(), "start and end must be whole numbers, 0 <= start <= end");
  int s = static_cast<int>(start), e = static_cast<int>(end);
  return schedule<axb::TextSelection>(
      info.Env(), [=](Bridge& b) { return b.setTextSelection(ref, s, e, deadline); },
      [](Napi::Env env, const axb::TextSelection& r) -> Napi::Value {
        return textRange(env, r.start, r.end, r.caret);
      });
}

Napi::Value ActivateApp(const Napi::CallbackInfo& info) {
  double pid = numberArg(info, 0, "pid");
  auto deadline = deadlineArg(info, 1);
  if (!(pid >= 1 && pid <= 2147483647.0)) throw Napi::TypeError::New(info.Env(), "pid is out of range");
  return schedule<axb::Done>(
      info.Env(), [=](Bridge& b) { return b.activateApp(static_cast<int>(pid), deadline); },
      [](Napi::Env env, const axb::Done&) -> Napi::Value { return env.Undefined(); });
}

Napi::Value ListWindows(const Napi::CallbackInfo& info) {
  auto deadline = deadlineArg(info, 0);
  return schedule<axb::WindowList>(
      info.Env(), [=](Bridge& b) { return b.listWindows(deadline); },
      [](Napi::Env env, const axb::WindowList& list) -> Napi::Value {
        Napi::Object o = Napi::Object::New(env);
        Napi::Array windows = Napi::Array::New(env, list.windows.size());
        for (size_t i = 0; i < list.windows.size(); ++i) {
          const axb::WindowInfo& w = list.windows[i];
          Napi::Object js = Napi::Object::New(env);
          js.Set("id", static_cast<double>(w.id));
          js.Set("pid", w.pid);
          js.Set("title", w.title);
          js.Set("frame", rectToJs(env, w.frame));
          js.Set("maximized", w.maximized);
          js.Set("fullscreen", w.fullscreen);
          js.Set("minimized", w.minimized);
          js.Set("active", w.active);
          windows.Set(static_cast<uint32_t>(i), js);
        }
        o.Set("windows", windows);
        o.Set("workArea", rectToJs(env, list.workArea));
        Napi::Array monitors = Napi::Array::New(env, list.monitors.size());
        for (size_t i = 0; i < list.monitors.size(); ++i)
          monitors.Set(static_cast<uint32_t>(i), rectToJs(env, list.monitors[i]));
        o.Set("monitors", monitors);
        o.Set("showingDesktop", list.showingDesktop);
        return o;
      });
}

Napi::Value WindowCommand(const Napi::CallbackInfo& info) {
  double window = numberArg(info, 0, "window");
  std::string command = stringArg(info, 1, "command");
  axb::Rect frame{numberArg(info, 2, "x"), numberArg(info, 3, "y"), numberArg(info, 4, "width"),
                  numberArg(info, 5, "height")};
  auto deadline = deadlineArg(info, 6);
  if (!(window >= 0 && window <= 4294967295.0)) throw Napi::TypeError::New(info.Env(), "window is out of range");
  if (std::find(axb::kWindowCommands.begin(), axb::kWindowCommands.end(), command) == axb::kWindowCommands.end()) {
    throw Napi::TypeError::New(info.Env(), "unknown window command");
  }
  return schedule<axb::Done>(
      info.Env(), [=](Bridge& b) { return b.windowCommand(static_cast<uint64_t>(window), command, frame, deadline); },
      [](Napi::Env env, const axb::Done&) -> Napi::Value { return env.Undefined(); });
}

Napi::Value KeyboardOwner(const Napi::CallbackInfo& info) {
  auto deadline = deadlineArg(info, 0);
  return schedule<int>(
      info.Env(), [=](Bridge& b) { return b.keyboardOwner(deadline); },
      [](Napi::Env env, const int& owner) -> Napi::Value { return Napi::Number::New(env, owner); });
}

Napi::Value Ping(const Napi::CallbackInfo& info) {
  return schedule<axb::Done>(
      info.Env(), [](Bridge&) { return axb::Result<axb::Done>(axb::Done{}); },
      [](Napi::Env env, const axb::Done&) -> Napi::Value { return env.Undefined(); });
}

// Event delivery: one listener per process, replaced or removed by the next call.
std::mutex gEventMutex;
std::optional<Napi::ThreadSafeFunction> gEventFn;

const char* eventTypeName(axb::EventType t) {
  return t == axb::EventType::FocusChanged ? "focus_changed" : "window_changed";
}

Napi::Value SetEventListener(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !(info[0].IsFunction() || info[0].IsNull())) {
    throw Napi::TypeError::New(env, "listener must be a function or null");
  }
  std::optional<Napi::ThreadSafeFunction> next;
  if (info[0].IsFunction()) {
    next = Napi::ThreadSafeFunction::New(env, info[0].As<Napi::Function>(), "ax-bridge-events", 0, 1);
    next->Unref(env);
  }
  std::optional<Napi::ThreadSafeFunction> previous;
  {
    std::lock_guard<std::mutex> lock(gEventMutex);
    previous = gEventFn;
    gEventFn = next;
  }
  std::function<void(const axb::Event&)> handler;
  if (next) {
    Napi::ThreadSafeFunction fn = *next;
    handler = [fn](const axb::Event& e) mutable {
      auto* copy = new axb::Event(e);
      napi_status s = fn.NonBlockingCall(copy, [](Napi::Env env, Napi::Function cb, axb::Event* ev) {
        if (env != nullptr) {
          Napi::Object o = Napi::Object::New(env);
          o.Set("type", eventTypeName(ev->type));
          o.Set("pid", ev->pid);
          o.Set("app", ev->app);
          o.Set("role", ev->role);
          o.Set("name", ev->name);
          cb.Call({o});
        }
        delete ev;
      });
      if (s != napi_ok) delete copy;
    };
  }
  return schedule<axb::Done>(
      env,
      [handler, previous](Bridge& b) mutable {
        auto r = b.setEventHandler(handler);
        if (previous) previous->Release();  // after the bridge stopped calling it
        return r;
      },
      [](Napi::Env env, const axb::Done&) -> Napi::Value { return env.Undefined(); });
}

// The switch keys (include/key_grab.h): one grab per process, made at the first grabKeys(), and one
// listener, replaced or removed by the next setKeyListener().
std::mutex gKeyMutex;
std::unique_ptr<axb::KeyGrab> gKeyGrab;
std::optional<Napi::ThreadSafeFunction> gKeyFn;

const char* edgeName(axb::KeyEdge e) {
  switch (e) {
    case axb::KeyEdge::Down:
      return "down";
    case axb::KeyEdge::Up:
      return "up";
    case axb::KeyEdge::SecureInputOn:
      return "secure_on";
    case axb::KeyEdge::SecureInputOff:
      return "secure_off";
    default:
      return "lost";
  }
}

void forwardKey(const axb::KeyReport& report) {
  std::lock_guard<std::mutex> lock(gKeyMutex);
  if (!gKeyFn) return;
  auto* copy = new axb::KeyReport(report);
  napi_status s = gKeyFn->NonBlockingCall(copy, [](Napi::Env env, Napi::Function cb, axb::KeyReport* r) {
    if (env != nullptr) {
      Napi::Object o = Napi::Object::New(env);
      o.Set("key", r->key);
      o.Set("edge", edgeName(r->edge));
      cb.Call({o});
    }
    delete r;
  });
  if (s != napi_ok) delete copy;
}

axb::KeyGrab& keyGrab() {
  std::lock_guard<std::mutex> lock(gKeyMutex);
  if (!gKeyGrab) gKeyGrab = axb::createKeyGrab(forwardKey);
  return *gKeyGrab;
}

// The first argument: a list of switch key names (at most as many as there are).
std::vector<std::string> switchKeyNames(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsArray()) throw Napi::TypeError::New(env, "keys must be an array");
  Napi::Array list = info[0].As<Napi::Array>();
  if (list.Length() > axb::kGrabbableKeys.size()) throw Napi::TypeError::New(env, "too many keys");
  std::vector<std::string> keys;
  for (uint32_t i = 0; i < list.Length(); ++i) {
    Napi::Value v = list.Get(i);
    if (!v.IsString()) throw Napi::TypeError::New(env, "keys must be strings");
    keys.push_back(v.As<Napi::String>().Utf8Value());
  }
  return keys;
}

Napi::Value GrabKeys(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  std::vector<std::string> keys = switchKeyNames(info);
  auto deferred = Napi::Promise::Deferred::New(env);
  Settler settler = Settler::New(env, "ax-bridge-keys", 0, 1);
  settler.Unref(env);
  keyGrab().set(std::move(keys), [settler, deferred](axb::Result<std::vector<axb::GrabOutcome>> result) mutable {
    auto* p = new Pending{deferred, [result = std::move(result)](Napi::Env env, Napi::Promise::Deferred& d) {
                            Napi::HandleScope scope(env);
                            if (!result.ok()) {
                              d.Reject(toJsError(env, result.error()));
                              return;
                            }
                            Napi::Array out = Napi::Array::New(env, result.value().size());
                            for (uint32_t i = 0; i < result.value().size(); ++i) {
                              Napi::Object o = Napi::Object::New(env);
                              o.Set("key", result.value()[i].key);
                              o.Set("problem", result.value()[i].problem);
                              out.Set(i, o);
                            }
                            d.Resolve(out);
                          }};
    if (settler.BlockingCall(p) != napi_ok) delete p;
    settler.Release();
  });
  return deferred.Promise();
}

Napi::Value SetKeyListener(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !(info[0].IsFunction() || info[0].IsNull())) {
    throw Napi::TypeError::New(env, "listener must be a function or null");
  }
  std::optional<Napi::ThreadSafeFunction> next;
  if (info[0].IsFunction()) {
    next = Napi::ThreadSafeFunction::New(env, info[0].As<Napi::Function>(), "ax-bridge-keys", 0, 1);
    next->Unref(env);
  }
  std::optional<Napi::ThreadSafeFunction> previous;
  {
    std::lock_guard<std::mutex> lock(gKeyMutex);
    previous = gKeyFn;
    gKeyFn = next;
  }
  // forwardKey holds the lock while it calls, so the old function is no longer used after this.
  if (previous) previous->Release();
  return env.Undefined();
}

void StopKeyGrab() {
  std::unique_ptr<axb::KeyGrab> stopping;
  {
    std::lock_guard<std::mutex> lock(gKeyMutex);
    stopping = std::move(gKeyGrab);
  }
  if (stopping) stopping->shutdown();  // its thread may still call forwardKey: not under our lock
  std::lock_guard<std::mutex> lock(gKeyMutex);
  if (gKeyFn) gKeyFn->Release();
  gKeyFn.reset();
}

// The user's own key presses (include/key_watch.h): one watch per process, started by the first
// watchUserKeys(); userKeys() reads its count without waiting on anything.
std::unique_ptr<axb::KeyWatch> gKeyWatch;

axb::KeyWatch& keyWatch() {
  std::lock_guard<std::mutex> lock(gKeyMutex);
  if (!gKeyWatch) gKeyWatch = axb::createKeyWatch();
  return *gKeyWatch;
}

Napi::Value WatchUserKeys(const Napi::CallbackInfo& info) {
  keyWatch().watch(switchKeyNames(info));
  return info.Env().Undefined();
}

Napi::Value UserKeys(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  axb::KeyWatchState state = keyWatch().state();
  Napi::Object o = Napi::Object::New(env);
  o.Set("presses", Napi::Number::New(env, static_cast<double>(state.presses)));
  o.Set("seen", Napi::Number::New(env, static_cast<double>(state.seen)));
  o.Set("watching", state.watching);
  o.Set("problem", state.problem);
  return o;
}

void StopKeyWatch() {
  std::unique_ptr<axb::KeyWatch> stopping;
  {
    std::lock_guard<std::mutex> lock(gKeyMutex);
    stopping = std::move(gKeyWatch);
  }
  if (stopping) stopping->shutdown();
}

Napi::Value Vocabulary(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  Napi::Object o = Napi::Object::New(env);
  o.Set("roles", stringArray(env, axb::platformRoleVocabulary()));
  o.Set("actions", stringArray(env, axb::kActionNames));
  o.Set("states", stringArray(env, axb::kStateNames));
  return o;
}

void Cleanup(void*) {
  std::unique_ptr<Bridge> stopping;
  {
    std::lock_guard<std::mutex> lock(gMutex);
    if (--gEnvCount > 0) return;
    stopping = std::move(gBridge);
  }
  if (stopping) stopping->shutdown();
  StopKeyGrab();
  StopKeyWatch();
}

#if defined(__APPLE__)
// typeUnicode(text): one Unicode key event down and up (include/unicode_typing.h). Synchronous:
// posting an event does not wait on any app.
Napi::Value TypeUnicode(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsString()) throw Napi::TypeError::New(env, "text must be a string");
  std::string why;
  if (!axb::postUnicodeString(info[0].As<Napi::String>().Utf8Value(), why)) {
    throw Napi::Error::New(env, "Could not type the text: " + why + ".");
  }
  return env.Undefined();
}

// postKeyChord(virtualKey, character, flags): one key event down and up whose flags carry the
// modifiers (include/unicode_typing.h). Synchronous, on the JS thread (the keyboard layout API
// wants the main thread).
Napi::Value PostKeyChord(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 3 || !info[0].IsNumber() || !info[1].IsString() || !info[2].IsNumber())
    throw Napi::TypeError::New(env, "postKeyChord takes (virtualKey: number, character: string, flags: number)");
  std::string why;
  std::string character = info[1].As<Napi::String>().Utf8Value();
  int key = info[0].As<Napi::Number>().Int32Value();
  uint64_t flags = static_cast<uint64_t>(info[2].As<Napi::Number>().Int64Value());
  if (!axb::postKeyChord(key, character, flags, why))
    throw Napi::Error::New(env, "Could not press the key: " + why + ".");
  return env.Undefined();
}

Napi::Value InputTrusted(const Napi::CallbackInfo& info) { return Napi::Boolean::New(info.Env(), axb::inputTrusted()); }

// A picture of an app's front window (macOS only: Linux takes its pictures in TypeScript).
Napi::Value CaptureWindow(const Napi::CallbackInfo& info) {
  double pid = numberArg(info, 0, "pid");
  axb::Rect area{numberArg(info, 1, "x"), numberArg(info, 2, "y"), numberArg(info, 3, "width"),
                 numberArg(info, 4, "height")};
  auto deadline = deadlineArg(info, 5);
  if (!(pid >= 1 && pid <= 2147483647.0)) throw Napi::TypeError::New(info.Env(), "pid is out of range");
  return schedule<axb::Picture>(
      info.Env(), [=](Bridge& b) { return b.captureWindow(static_cast<int>(pid), area, deadline); },
      [](Napi::Env env, const axb::Picture& p) -> Napi::Value {
        Napi::Object o = Napi::Object::New(env);
        o.Set("width", p.width);
        o.Set("height", p.height);
        o.Set("area", rectToJs(env, p.area));
        o.Set("rgba", Napi::Buffer<uint8_t>::Copy(env, p.rgba.data(), p.rgba.size()));
        return o;
      });
}
#endif

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  {
    std::lock_guard<std::mutex> lock(gMutex);
    ++gEnvCount;
  }
  napi_add_env_cleanup_hook(env, Cleanup, nullptr);
#if defined(__APPLE__)
  exports.Set("platform", "darwin");
  exports.Set("typeUnicode", Napi::Function::New(env, TypeUnicode, "typeUnicode"));
  exports.Set("postKeyChord", Napi::Function::New(env, PostKeyChord, "postKeyChord"));
  exports.Set("inputTrusted", Napi::Function::New(env, InputTrusted, "inputTrusted"));
  exports.Set("captureWindow", Napi::Function::New(env, CaptureWindow, "captureWindow"));
#else
  exports.Set("platform", "linux");
#endif
  exports.Set("permission", Napi::Function::New(env, Permission, "permission"));
  exports.Set("frontmostApp", Napi::Function::New(env, FrontmostApp, "frontmostApp"));
  exports.Set("runningApps", Napi::Function::New(env, RunningApps, "runningApps"));
  exports.Set("launchApp", Napi::Function::New(env, LaunchApp, "launchApp"));
  exports.Set("installedApps", Napi::Function::New(env, InstalledApps, "installedApps"));
  exports.Set("snapshot", Napi::Function::New(env, Snapshot, "snapshot"));
  exports.Set("performAction", Napi::Function::New(env, PerformAction, "performAction"));
  exports.Set("setValue", Napi::Function::New(env, SetValue, "setValue"));
  exports.Set("readValue", Napi::Function::New(env, ReadValue, "readValue"));
  exports.Set("textSelection", Napi::Function::New(env, TextSelection, "textSelection"));
  exports.Set("setTextSelection", Napi::Function::New(env, SetTextSelection, "setTextSelection"));
  exports.Set("insertText", Napi::Function::New(env, InsertText, "insertText"));
  exports.Set("activateApp", Napi::Function::New(env, ActivateApp, "activateApp"));
  exports.Set("listWindows", Napi::Function::New(env, ListWindows, "listWindows"));
  exports.Set("windowCommand", Napi::Function::New(env, WindowCommand, "windowCommand"));
  exports.Set("keyboardOwner", Napi::Function::New(env, KeyboardOwner, "keyboardOwner"));
  exports.Set("setEventListener", Napi::Function::New(env, SetEventListener, "setEventListener"));
  exports.Set("ping", Napi::Function::New(env, Ping, "ping"));
  exports.Set("vocabulary", Napi::Function::New(env, Vocabulary, "vocabulary"));
  exports.Set("grabKeys", Napi::Function::New(env, GrabKeys, "grabKeys"));
  exports.Set("setKeyListener", Napi::Function::New(env, SetKeyListener, "setKeyListener"));
  exports.Set("watchUserKeys", Napi::Function::New(env, WatchUserKeys, "watchUserKeys"));
  exports.Set("userKeys", Napi::Function::New(env, UserKeys, "userKeys"));
  return exports;
}

}  // namespace

NODE_API_MODULE(ax_bridge, Init)
