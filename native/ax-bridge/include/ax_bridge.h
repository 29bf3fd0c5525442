// The neutral interface of the accessibility bridge.
//
// One implementation per OS (src/linux/*.cc: the AT-SPI D-Bus protocol in raw libdbus;
// src/mac/*.mm: AXUIElement), chosen by binding.gyp. The N-API glue (src/addon.cc) only converts
// arguments and results.
//
// Threading: every Bridge method except post() runs on the bridge's own thread, the only thread
// that touches the platform accessibility API (Linux: its private D-Bus connections; macOS:
// AXObserver callbacks need a run loop). post() may be called from any thread.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace axb {

// What went wrong, as the TypeScript wrapper's AccessibilityErrorCode names it.
enum class ErrorCode {
  Unavailable,       // no accessibility bus / API on this machine or session
  PermissionDenied,  // the OS refuses (macOS: Accessibility permission off)
  Timeout,           // the call did not finish within its deadline (target app hung or slow)
  Stale,             // an element id from an older snapshot generation
  Gone,              // the element or app no longer exists
  NotFound,          // no such app, window or installed application
  Unsupported,       // the element does not offer this action / value
  Failed,            // the platform reported an error not covered above
};

struct Error {
  ErrorCode code;
  std::string message;
};

// A value or an error; no magic return codes.
template <typename T>
class Result {
 public:
  Result(T value) : value_(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : error_(std::move(error)) {}  // NOLINT
  bool ok() const { return value_.has_value(); }
  const T& value() const { return *value_; }
  T& value() { return *value_; }
  const Error& error() const { return *error_; }

 private:
  std::optional<T> value_;
  std::optional<Error> error_;
};

struct Done {};  // the value of a call that returns nothing

// A point in time a call must finish by.
class Deadline {
 public:
  explicit Deadline(double ms)
      : at_(std::chrono::steady_clock::now() + std::chrono::microseconds(static_cast<int64_t>(ms * 1000.0))),
        totalMs_(ms) {}
  double remainingMs() const {
    auto left = std::chrono::duration<double, std::milli>(at_ - std::chrono::steady_clock::now()).count();
    return left > 0 ? left : 0;
  }
  bool expired() const { return remainingMs() <= 0; }
  double totalMs() const { return totalMs_; }

 private:
  std::chrono::steady_clock::time_point at_;
  double totalMs_;
};

struct Rect {
  double x, y, width, height;
};

// One element of a snapshot. `role` is from the cross-platform vocabulary (src/shared/roles.ts);
// `platformRole` is what the OS called it, for diagnostics. Ids count from 1 in depth-first
// order; the root's parent is 0.
// The part of a container too big to read whole (a spreadsheet's sheet, a list of thousands) that
// a snapshot read: the cells on screen of a table (rows and columns count from 0), or the items
// found on screen in a list. -1: not known.
struct VisiblePart {
  int firstRow = -1, lastRow = -1, firstColumn = -1, lastColumn = -1;
  int rows = -1, columns = -1;  // the table's size
  int items = 0;                // the children read
  int itemCount = -1;           // the children it says it has (-1: more than it can say)
};

struct Element {
  int id = 0;
  int parent = 0;
  int depth = 0;
  std::string role;
  std::string platformRole;
  std::string name;
  std::string description;
  std::optional<std::string> value;
  std::optional<Rect> bounds;
  std::vector<std::string> states;
  std::vector<std::string> actions;
  // Keys the element's actions declare as their shortcuts, as the platform writes them (AT-SPI:
  // "<Alt>d" for a mnemonic, "n;<Alt>f:n;<Control>n" for a menu item); empty when none.
  std::vector<std::string> keys;
  std::optional<VisiblePart> visiblePart;  // set on a container read only where it is on screen
};

// Why a snapshot is partial. VisibleOnly: the whole tree was read, but a container too big to read
// whole only where it is on screen (see Element::visiblePart); the others cut the tree short.
enum class Truncation { None, MaxNodes, MaxDepth, Deadline, VisibleOnly };

struct Snapshot {
  uint32_t generation = 0;
  int pid = 0;
  std::string app;
  std::vector<Element> elements;
  Truncation truncated = Truncation::None;
  // Whether the tree came from the app's own cache in one call (AT-SPI org.a11y.atspi.Cache),
  // rather than from a walk that asked for each element; for diagnosis and tests.
  bool fromAppCache = false;
  // Of those, whether the app's cache as read before was used, with only what the app said changed
  // since read again (the bridge's mirror, kept by the app's change events).
  bool fromMirror = false;
};

struct SnapshotOptions {
  int pid = 0;  // 0: the frontmost application
  bool focusedWindowOnly = false;
  int maxDepth = 0;
  int maxNodes = 0;
  bool showingOnly = true;  // skip subtrees the user cannot see (hidden tabs, closed menus)
  bool useCache = true;     // platform bulk caching (AT-SPI cache; AX batched attribute reads)
  bool useMirror = true;    // AT-SPI: the app's cache as read before, kept current by its change events
  // AT-SPI: every element's bounds read now, none taken from the mirror (what a pointer action aims
  // with); the tree may still come from the mirror. macOS reads bounds live always.
  bool liveBounds = false;
};

struct AppInfo {
  int pid = 0;
  std::string name;
  std::string bundleId;  // macOS bundle identifier; empty on Linux
  bool frontmost = false;
  bool responding = true;  // false when the app did not answer within its share of the deadline
};

enum class PermissionState { Granted, Denied, Unavailable };

struct Permission {
  PermissionState state;
  std::string detail;  // a sentence the user can act on when state is not Granted
};

struct ElementRef {
  uint32_t generation;
  int id;
};

// Path: a bundle's path from installedApps() (macOS only).
enum class LaunchBy { Id, Name, Path };

// An installed application as macOS lists it (see installedApps): every name it goes by, for the
// launch-name rules of src/execution/app-names.ts.
struct InstalledApp {
  std::string path;
  std::string id;                  // bundle id, or empty
  std::vector<std::string> names;  // the name Finder shows first, then the file and bundle names
};

struct Launched {
  int pid;  // 0: still starting (macOS: Launch Services had not answered by the deadline)
  std::string name;
  std::string id;            // desktop id (Linux) or bundle id (macOS)
  bool menuBarOnly = false;  // macOS: no Dock icon and no window by design (issue #33)
};

// Where insertText puts the text: at the caret, replacing the selection (as a keyboard would),
// or after the field's last character (a field the user never put a caret in).
enum class InsertAt { Caret, End };

// What insertText did, in characters (Unicode code points) of the text as it was before: the range
// [start, end) was replaced by the text, and the caret now sits at `caret`. The caller can compute
// the exact expected value and read it back.
struct Inserted {
  int start = 0;
  int end = 0;
  int caret = 0;
};

// Where a text element's caret and selection are, in characters (Unicode code points): the caret
// offset (-1: the element has no caret) and its first selection [start, end) (start == end: none).
struct TextSelection {
  int caret = -1;
  int start = 0;
  int end = 0;
};

// A top-level window as the window system lists it (EWMH on Linux, AXWindow on macOS). `frame` is
// the window with its decorations, in screen pixels.
struct WindowInfo {
  uint64_t id = 0;
  int pid = 0;
  std::string title;
  Rect frame{0, 0, 0, 0};
  bool maximized = false;
  bool fullscreen = false;
  bool minimized = false;
  bool active = false;
};

// The windows bottom to top of the stacking order, the work area (the screen less the panels) and
// the monitors; whether the desktop is being shown (windows hidden by "show the desktop").
struct WindowList {
  std::vector<WindowInfo> windows;
  Rect workArea{0, 0, 0, 0};
  std::vector<Rect> monitors;
  bool showingDesktop = false;
};

// What windowCommand asks of the window manager; `move` takes the frame rectangle.
extern const std::vector<std::string> kWindowCommands;

// A picture of part of the screen: width × height pixels, RGBA row by row from the top, opaque;
// `area` is where it is on the screen, in the coordinates of the snapshot's bounds.
struct Picture {
  int width = 0;
  int height = 0;
  Rect area{0, 0, 0, 0};
  std::vector<uint8_t> rgba;
};

enum class EventType { FocusChanged, WindowChanged };

struct Event {
  EventType type;
  int pid = 0;
  std::string app;
  std::string role;  // normalized
  std::string name;
};

// Upper bounds the wrapper also enforces; the native side re-checks so that no caller can ask
// for an unbounded walk.
constexpr int kMaxDepthLimit = 256;
constexpr int kMaxNodesLimit = 99999;  // element ids are 1..99,999 (docs/decisions/0005-element-ids-whole-numbers.md)
constexpr double kMaxDeadlineMs = 60000;

class Bridge {
 public:
  virtual ~Bridge() = default;

  // Runs fn on the bridge thread. Thread-safe. Jobs run in the order they were posted.
  virtual void post(std::function<void()> fn) = 0;
  // Stops the bridge thread after the jobs already posted; called once, from the JS thread.
  virtual void shutdown() = 0;

  virtual Result<Permission> permission(bool prompt, const Deadline& deadline) = 0;
  virtual Result<AppInfo> frontmostApp(const Deadline& deadline) = 0;
  virtual Result<std::vector<AppInfo>> runningApps(const Deadline& deadline) = 0;
  virtual Result<Launched> launchApp(LaunchBy by, const std::string& what, const Deadline& deadline) = 0;
  // The installed applications (macOS: the application folders and their subfolders, Finder's
  // CoreServices folder). Linux resolves names itself (launchApp by Name) and does not list them.
  virtual Result<std::vector<InstalledApp>> installedApps(const Deadline&) {
    return Error{ErrorCode::Unsupported, "Listing installed applications is done on macOS only."};
  }
  virtual Result<Snapshot> snapshot(const SnapshotOptions& options, const Deadline& deadline) = 0;
  // action is one of kActionNames.
  virtual Result<Done> performAction(ElementRef ref, const std::string& action, const Deadline& deadline) = 0;
  virtual Result<Done> setValue(ElementRef ref, const std::string& value, const Deadline& deadline) = 0;
  virtual Result<std::optional<std::string>> readValue(ElementRef ref, const Deadline& deadline) = 0;
  // Inserts text into an editable text element at the caret, replacing the selection (or at the end),
  // then puts the caret after it. Password fields are refused.
  virtual Result<Inserted> insertText(ElementRef ref, const std::string& text, InsertAt at,
                                      const Deadline& deadline) = 0;
  // The caret and the selection of a text element (dictation checks what its keys selected).
  // Password fields are refused. Linux, and macOS (text_selection.mm, not yet run on a Mac).
  virtual Result<TextSelection> textSelection(ElementRef, const Deadline&) {
    return Error{ErrorCode::Unsupported, "Reading where the caret is is not available on this system yet."};
  }
  // Selects [start, end) of a text element (start == end: puts the caret there, nothing selected),
  // in characters (code points), through the platform's own text interface, then reads the caret and
  // selection back. Unsupported where the element or the platform does not take it (the caller
  // then moves the caret by keys). Password fields are refused. Linux (text_selection.cc).
  virtual Result<TextSelection> setTextSelection(ElementRef, int, int, const Deadline&) {
    return Error{ErrorCode::Unsupported,
                 "Placing the caret through accessibility is not available on this system yet."};
  }
  // Asks the app with this pid to bring its window to the front. Returns once asked: the window
  // manager may take a moment, so the caller waits for frontmostApp() to name the app.
  virtual Result<Done> activateApp(int pid, const Deadline& deadline) = 0;
  // The process that owns the window with the keyboard, as the window system says (not as the apps
  // claim over accessibility): its pid; 0 when that window names no process; -1 when it cannot be
  // told (no window system answer). Linux: EWMH _NET_ACTIVE_WINDOW and _NET_WM_PID. macOS: -1 for
  // now (the frontmost application there is already the window server's answer).
  virtual Result<int> keyboardOwner(const Deadline&) { return -1; }
  // The top-level windows (window_commands in src/execution). Linux: EWMH; macOS: AXWindows.
  virtual Result<WindowList> listWindows(const Deadline&) {
    return Error{ErrorCode::Unsupported, "Window commands are not available on this system yet."};
  }
  // Asks the window manager to do `command` (one of kWindowCommands) to a window of listWindows (0
  // for show_desktop and hide_desktop); returns once asked, the caller reads the state back.
  virtual Result<Done> windowCommand(uint64_t, const std::string&, const Rect&, const Deadline&) {
    return Error{ErrorCode::Unsupported, "Window commands are not available on this system yet."};
  }
  // A picture of the front window of the app with this pid, within `area` (its bounds as the snapshot
  // gave them). macOS (src/mac/screen_capture.mm): the window server's image of that window alone,
  // one pixel per point, once the Screen Recording permission is there (PermissionDenied, with the
  // sentence that says where to allow it, when it is not). Linux takes its pictures in TypeScript
  // (src/execution/screen/x11-capture.ts), so the bridge does not.
  virtual Result<Picture> captureWindow(int, const Rect&, const Deadline&) {
    return Error{ErrorCode::Unsupported, "Pictures of windows are taken through the bridge on macOS only."};
  }
  // Installs (or with nullptr removes) the event handler; the handler runs on the bridge thread.
  virtual Result<Done> setEventHandler(std::function<void(const Event&)> handler) = 0;
};

// The platform's bridge; its thread starts at once. Defined by exactly one platform source file.
std::unique_ptr<Bridge> createBridge();

// Names shared by every platform: the action vocabulary and the state vocabulary.
extern const std::vector<std::string> kActionNames;
extern const std::vector<std::string> kStateNames;
// Every role the platform's mapping can produce (a test checks it against src/shared/roles.ts).
std::vector<std::string> platformRoleVocabulary();

// Messages shared by every platform, so the user reads the same sentence on both.
Error staleError(uint32_t given, uint32_t latest);
Error goneError(const std::string& what);
Error timeoutError(const std::string& doing, const Deadline& deadline);

}  // namespace axb
