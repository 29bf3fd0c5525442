// The Linux half of the bridge: one class, its members defined in several files by concern.
//
// atspi_bridge.cc   the bridge thread, its private GLib context, the connection, permission, events
// apps.cc           listing, finding, launching and activating applications
// snapshot.cc       reading the tree: the walk, the elements in depth-first order, their details
// app_cache.cc      an application's own cache (Cache.GetItems) and the bridge's mirror of it
// scroll_follow.cc  the mirror following a scroll: what moved with it and what shows now (GTK 3)
// visible_part.cc   containers too big to read whole: table cells and items on screen
// actions.cc        resolving an element id, and performing actions on it
// text.cc           reading values and typing text
#pragma once

#include <atspi/atspi.h>
#include <gio/gdesktopappinfo.h>
#include <gio/gio.h>
#include <glib.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "../../include/ax_bridge.h"
#include "../../include/generations.h"
#include "atspi_calls.h"
#include "dbus_calls.h"
#include "element_info.h"

namespace axb {
namespace atspi {

class LinuxBridge final : public Bridge {
 public:
  LinuxBridge();
  ~LinuxBridge() override { shutdown(); }
  void post(std::function<void()> fn) override;
  void shutdown() override;
  Result<Permission> permission(bool prompt, const Deadline& deadline) override;
  Result<std::vector<AppInfo>> runningApps(const Deadline& deadline) override;
  Result<AppInfo> frontmostApp(const Deadline& deadline) override;
  Result<Launched> launchApp(LaunchBy by, const std::string& what, const Deadline& deadline) override;
  Result<Snapshot> snapshot(const SnapshotOptions& options, const Deadline& deadline) override;
  Result<Done> performAction(ElementRef ref, const std::string& action, const Deadline& deadline) override;
  Result<Done> setValue(ElementRef ref, const std::string& value, const Deadline& deadline) override;
  Result<std::optional<std::string>> readValue(ElementRef ref, const Deadline& deadline) override;
  Result<Inserted> insertText(ElementRef ref, const std::string& text, InsertAt at, const Deadline& deadline) override;
  Result<TextSelection> textSelection(ElementRef ref, const Deadline& deadline) override;
  Result<TextSelection> setTextSelection(ElementRef ref, int start, int end, const Deadline& deadline) override;
  Result<Done> activateApp(int pid, const Deadline& deadline) override;
  Result<int> keyboardOwner(const Deadline& deadline) override;
  Result<WindowList> listWindows(const Deadline& deadline) override;
  Result<Done> windowCommand(uint64_t window, const std::string& command, const Rect& frame,
                             const Deadline& deadline) override;
  Result<Done> setEventHandler(std::function<void(const Event&)> handler) override;

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
    bool cutShort = false;                 // a call went unanswered while the app still answers others: partial
    bool slowCall = false;                 // set by the snapshot's error policy, checked after each batch
    bool fromMirror = false;               // items from the mirror, not from GetItems just now
    bool readLive = false;                 // with the mirror: elements read live, or a child count changed
    bool changed = false;                  // with the mirror, the app said something changed since the last snapshot
    bool boundsHold = false;               // with the mirror, the bounds it keeps were brought up to date after that
  };

  // An app's cache as last read, kept current by the app's own signals (A11yBus::watch): a snapshot
  // reads again only the elements the app said changed, and the whole cache only when elements
  // came or went. A new object path is a new element, so nothing read from here can name one
  // element for another; what an app changes without saying so (text, values, and the child counts
  // of the containers walked) is read afresh every time. Bounds are kept only for GTK 3 (`keepsBounds`),
  // and only while the app said nothing changed (no event, no element read live) or said only that
  // it scrolled and reallocated elements whose bounds, read again, are where they were
  // (scroll_follow.cc), and while its windows' bounds, read live every time, are where they were
  // (app_cache.cc, keptBounds).
  struct Mirror {
    std::string bus;
    std::vector<CacheItem> items;
    std::unordered_map<std::string, size_t> at;    // path → item
    std::chrono::steady_clock::time_point readAt;  // when GetItems answered
    bool keepsBounds = false;
    std::unordered_map<std::string, Rect> bounds;  // path → bounds as read last
    bool boundsHold = false;                       // the last refresh left `bounds` current (refreshMirror)
    // Scroll pane path → views in which every element showing had its place in `bounds`, moved with
    // them (scroll_follow.cc): an element without a place lies outside them.
    std::unordered_map<std::string, std::vector<Rect>> seen;
  };

  // A scroll pane as the mirror holds it: its children (`views`: they stay when it scrolls), the
  // elements below them (`inner`: they scroll), and the view each of those is in.
  struct PaneParts {
    std::vector<size_t> views, inner, viewOf;
  };

  // An app that changes an element without saying so (no toolkit known to us does; an app speaking
  // AT-SPI itself may) is read whole again at least this often, and at once when an action finds
  // an element renamed (resolve).
  static constexpr double kMirrorMaxAgeMs = 15000;

  // Four calls per changed element against one for the whole cache: past one changed element in
  // five, the whole cache is read again.
  static constexpr size_t kMirrorReadShare = 5;

  static constexpr size_t kCacheItemsWalked = 10000;
  static constexpr double kCacheMsWalked = 500;

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
  static constexpr int kSampleColumnPx = 48;  // between its columns of points (an icon grid)
  static constexpr int kMaxSampleColumns = 12;
  static constexpr int kMaxVisibleSpan = 2000;
  static constexpr int kCornerTries = 6, kCornerStepPx = 12;  // rows or columns on one screen, at most: else distrust

  // atspi_bridge.cc
  void run();
  void init();
  std::optional<Error> connect(const Deadline& deadline);
  void dropWatch();
  void pumpEvents();
  bool deliverEvent(const RawEvent& raw);
  GDBusConnection* sessionBus(GErrorBox& err);
  Probe probe(const ObjRef& ref, int pid, int timeoutMs);

  // apps.cc
  Result<std::vector<AppEntry>> listApps(const Deadline& deadline);
  static size_t frontIndex(const std::vector<AppEntry>& apps, const std::vector<std::optional<ObjRef>>& active);
  std::vector<std::optional<ObjRef>> activeWindows(const std::vector<AppEntry>& apps, const Deadline& deadline);
  std::optional<ObjRef> findApp(int pid, const Deadline& deadline);
  std::optional<ObjRef> focusedWindow(const ObjRef& app, const Deadline& deadline);
  Result<GDesktopAppInfo*> findAppByName(const std::string& what);

  // snapshot.cc
  CallErrorPolicy snapshotPolicy(int pid, const std::string& appBus, const Deadline& deadline, bool* slow);
  std::optional<Error> slowOrHung(bool& slow, bool& cutShort, const ObjRef& anyOfApp, int pid,
                                  const Deadline& deadline);
  static bool managesHugeDescendants(const Info& info);
  bool keep(const Node& n, bool isRoot, const SnapshotOptions& options);
  // With the tree from the mirror: the live child count of each container read with the level's
  // batch, so that children an app adds or removes without a signal are read (snapshot.cc).
  void addChildCountChecks(Tree& t, const std::vector<int>& level, const SnapshotOptions& options,
                           std::vector<RawCall>& calls);
  static std::vector<int> positions(const Tree& t);
  int addNode(Tree& t, const ObjRef& ref, int depth, int parent);
  Result<Done> walk(Tree& t, const ObjRef& root, int pid, const SnapshotOptions& options, const Deadline& deadline);
  std::vector<const Node*> emit(const Tree& t, const SnapshotOptions& options, Snapshot& snap,
                                std::vector<Handle>& handles);
  Result<Done> fetchDetails(Snapshot& snap, const std::vector<const Node*>& nodes, Mirror* keeper, bool takeKept,
                            const ObjRef& app, int pid, const Deadline& deadline);
  static std::optional<Error> cutAtUnanswered(Snapshot& snap, const std::vector<RawCall>& calls,
                                              const std::vector<size_t>& owner, const Deadline& deadline);

  // app_cache.cc
  void dropMirror(const std::string& bus);
  Result<Done> loadCache(Tree& t, const ObjRef& app, int pid, bool useMirror, const Deadline& deadline);
  static void indexItems(Tree& t, const std::string& bus);
  bool isGtk3(const ObjRef& app, const Deadline& deadline);
  bool refreshMirror(Mirror& m, const ChangeLog& changes, const Deadline& deadline);
  bool refreshShowing(Mirror& m, size_t pane, const Deadline& deadline);

  // scroll_follow.cc
  static std::unordered_map<std::string, std::vector<size_t>> mirrorKids(const Mirror& m);
  static void forgetBounds(Mirror& m);
  static const Rect* keptPlace(const Mirror& m, size_t item);
  static bool paneParts(const Mirror& m, size_t pane, const ChangeLog& changes, PaneParts& parts);
  bool followScroll(Mirror& m, size_t pane, bool scrolled, const ChangeLog& changes,
                    std::unordered_set<std::string>& followed, const Deadline& deadline);
  bool judgeByPlace(Mirror& m, const PaneParts& parts, const std::vector<std::optional<Rect>>& viewAt,
                    const Deadline& deadline);
  bool askPane(Mirror& m, size_t pane, const PaneParts& parts, const Deadline& deadline);
  bool confirmUnmoved(Mirror& m, const ChangeLog& changes, const std::unordered_set<std::string>& followed,
                      const Deadline& deadline);
  Mirror* boundsKeeper(const Tree& t);
  std::optional<Error> keptBounds(Snapshot& snap, const std::vector<const Node*>& nodes, Mirror* keeper,
                                  const std::vector<size_t>& taken, const CallErrorPolicy& policy,
                                  const Deadline& deadline);
  void rememberWalkOnly(const std::string& bus);
  bool infoFromCache(const Tree& t, Node& n);
  std::optional<std::vector<ObjRef>> childrenFromCache(const Tree& t, const Node& n);

  // visible_part.cc
  static uint64_t cellKey(int row, int column);
  static RawCall childAtPoint(const ObjRef& container, int x, int y, ObjRef* into);
  Result<Done> readVisible(Tree& t, std::vector<Windowed>& ws, const CallErrorPolicy& policy, const Deadline& deadline);

  // actions.cc
  Result<Target> resolve(ElementRef ref, const Deadline& deadline, bool asRead = false);
  Result<Done> select(const Target& t, const Deadline& deadline);
  Result<Done> doAction(const Target& t, int index, const std::string& doing, const std::string& refused,
                        const Deadline& deadline);
  static int indexOfFirst(const std::vector<std::string>& names, const std::vector<std::string>& wanted);
  RawCall actionNames(const ObjRef& ref, std::vector<std::string>& names, const Deadline& deadline);
  static Error unsupported(const std::string& action);

  // text.cc
  Result<int> textInt(const Target& t, const char* prop, const Deadline& deadline);
  // A text element that is not a password field, resolved (text_selection.cc).
  Result<Target> textTarget(ElementRef ref, const char* password, const Deadline& deadline);
  // The caret and first selection of a resolved text element (text_selection.cc).
  Result<TextSelection> selectionOf(const Target& t, const Deadline& deadline);
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
  // The action names of elements read before, by bus and path (with the role, to tell a new object),
  // and their key bindings (with the name: a mnemonic follows the label, which may change).
  struct KnownActions {
    uint32_t role;
    std::vector<std::string> names;
    std::string name;
    std::vector<std::string> keys;
  };
  std::unordered_map<std::string, KnownActions> knownActions_;
  static constexpr size_t kKnownActions = 50000;
  static constexpr size_t kKnownTables = 8, kKnownCellsPerTable = 20000;
  std::vector<std::string> walkOnly_;  // apps whose cache took too long to read: walked instead
  std::vector<Mirror> mirrors_;        // of the apps the bus watches, oldest first
  std::function<void(const Event&)> handler_;
  bool listening_ = false;
};

}  // namespace atspi
}  // namespace axb
