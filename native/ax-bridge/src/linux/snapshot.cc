// The Linux bridge: reading an application's tree into a snapshot (the walk level by level, the
// elements in depth-first order, then their bounds, actions and values in pipelined batches).
#include <algorithm>

#include "linux_bridge.h"

namespace axb {
namespace atspi {

Result<Snapshot> LinuxBridge::snapshot(const SnapshotOptions& options, const Deadline& deadline) {
  if (auto e = connect(deadline)) return *e;
  int pid = options.pid;
  if (pid == 0) {
    auto front = frontmostApp(deadline);
    if (!front.ok()) return front.error();
    pid = front.value().pid;
  }
  std::optional<ObjRef> app = findApp(pid, deadline);
  if (!app) {
    if (deadline.expired()) return timeoutError("Finding the application", deadline);
    if (!processAlive(pid)) return goneError("The application with process id " + std::to_string(pid));
    return Error{ErrorCode::NotFound, "No application with process id " + std::to_string(pid) +
                                          " is on the accessibility bus: it may still be starting, or it does "
                                          "not support accessibility."};
  }
  switch (probe(*app, pid, std::min(kMaxCallMs, static_cast<int>(deadline.remainingMs())))) {
    case Probe::Hung:
      return timeoutError("Reading the application", deadline);
    case Probe::AppGone:
    case Probe::ElementGone:
      return goneError("The application");
    case Probe::Answers:
      break;
  }
  if (options.useCache) bus_.enableAppCaches(deadline);
  bus_.useDirect(app->bus, deadline);
  Snapshot snap;
  snap.pid = pid;
  RawCall name = property(*app, kAccessible, "Name", [&snap](DBusMessageIter* v) { snap.app = readString(v); });
  // Through the bus: the app's change signals sent before it answered are read with the answer
  // (one connection keeps one app's messages in order), so its mirror misses none of them.
  name.viaBus = true;
  bus_.call(name, deadline, kMaxCallMs);
  if (!name.answered) return callError(name, pid, "Reading the application", "The application", deadline);

  ObjRef root = *app;
  if (options.focusedWindowOnly) {
    auto win = focusedWindow(*app, deadline);
    if (!win) {
      if (deadline.expired()) return timeoutError("Finding the focused window of " + snap.app, deadline);
      return Error{ErrorCode::NotFound, snap.app + " has no open window."};
    }
    root = *win;
  }

  Tree tree;
  if (options.useCache && std::find(walkOnly_.begin(), walkOnly_.end(), app->bus) == walkOnly_.end()) {
    auto loaded = loadCache(tree, *app, pid, options.useMirror, deadline);
    if (!loaded.ok()) return loaded.error();
    snap.fromAppCache = !tree.items.empty();
    snap.fromMirror = snap.fromAppCache && tree.fromMirror;
  }
  auto walked = walk(tree, root, pid, options, deadline);
  if (!walked.ok()) return walked.error();

  std::vector<Handle> handles;
  std::vector<const Node*> emitted = emit(tree, options, snap, handles);
  if (snap.elements.empty() || !processAlive(pid)) {
    if (processGone(pid)) return goneError("The application");
    return timeoutError("Reading the application", deadline);
  }
  auto details = fetchDetails(snap, emitted, boundsKeeper(tree), !options.liveBounds, *app, pid, deadline);
  if (!details.ok()) return details.error();
  handles.resize(snap.elements.size());
  snap.generation = generations_.keep(std::move(handles), pid);
  return snap;
}

// What an error in a snapshot's batch means: the app quit, or one call used up its whole share
// while the deadline still had time (`slow` is set: slowOrHung then asks whether the app answers
// at all). Anything else is about one element.
CallErrorPolicy LinuxBridge::snapshotPolicy(int pid, const std::string& appBus, const Deadline& deadline, bool* slow) {
  return [pid, appBus, &deadline, slow](const RawCall& c) -> std::optional<Error> {
    if (c.error == kErrorDeadline) return std::nullopt;
    // A name without an owner that is not the app's own (a child an app made up) is about that
    // element alone.
    if (c.to.bus != appBus) return std::nullopt;
    if (isGoneName(c.error)) return goneError("The application");
    if (isNoReply(c.error)) {
      if (c.waitedMs < c.timeoutMs - 1) return goneError("The application");
      // Past the deadline the walk stops here, as truncated: no time is spent finding out why.
      if (deadline.expired()) return std::nullopt;
      if (processGone(pid)) return goneError("The application");
      *slow = true;
      return std::nullopt;
    }
    return std::nullopt;
  };
}

// After a call went unanswered for its whole share: "not responding" only when the app does not
// answer a trivial call (its name) within a short deadline either. When it does, it is slow to
// give that part only, and the snapshot ends there as partial.
std::optional<Error> LinuxBridge::slowOrHung(bool& slow, bool& cutShort, const ObjRef& anyOfApp, int pid,
                                             const Deadline& deadline) {
  if (!slow) return std::nullopt;
  slow = false;
  cutShort = true;
  if (deadline.expired()) return std::nullopt;
  RawCall c = property({anyOfApp.bus, kRootPath}, kAccessible, "Name", [](DBusMessageIter*) {});
  bus_.call(c, deadline, std::max(1, std::min(kNameProbeMs, static_cast<int>(deadline.remainingMs()))));
  if (c.answered) return std::nullopt;
  if (processGone(pid)) return goneError("The application");
  if (deadline.expired()) return std::nullopt;
  return timeoutError("Reading the application", deadline);
}

// Asking such a container for its children makes the app create them all (LibreOffice Calc grew
// by over a gigabyte for one sheet); a count it cannot give (-1) is taken as huge. A container
// that does not say it manages its descendants but has more children than a screen could show
// (a GTK icon view of 20,000 files) is read the same way.
bool LinuxBridge::managesHugeDescendants(const Info& info) {
  constexpr int kManagedChildrenAsked = 1000, kChildrenAsked = 5000;
  if (info.childCount > kChildrenAsked) return true;
  return hasStateBit(info.states, ATSPI_STATE_MANAGES_DESCENDANTS) &&
         (info.childCount < 0 || info.childCount > kManagedChildrenAsked);
}

bool LinuxBridge::keep(const Node& n, bool isRoot, const SnapshotOptions& options) {
  if (hasStateBit(n.info.states, ATSPI_STATE_DEFUNCT) || n.info.role == ATSPI_ROLE_INVALID) return false;
  if (options.showingOnly && !isRoot && !hasStateBit(n.info.states, ATSPI_STATE_SHOWING) &&
      n.info.role != ATSPI_ROLE_APPLICATION)
    return false;
  return true;
}

namespace {
// Roles that hold other elements: one the mirror says is empty may have been given children since.
bool holdsChildren(int role) {
  switch (role) {
    case ATSPI_ROLE_APPLICATION:
    case ATSPI_ROLE_FRAME:
    case ATSPI_ROLE_WINDOW:
    case ATSPI_ROLE_DIALOG:
    case ATSPI_ROLE_FILLER:
    case ATSPI_ROLE_PANEL:
    case ATSPI_ROLE_SCROLL_PANE:
    case ATSPI_ROLE_VIEWPORT:
    case ATSPI_ROLE_SPLIT_PANE:
    case ATSPI_ROLE_LAYERED_PANE:
    case ATSPI_ROLE_INTERNAL_FRAME:
    case ATSPI_ROLE_TOOL_BAR:
    case ATSPI_ROLE_MENU_BAR:
    case ATSPI_ROLE_STATUS_BAR:
    case ATSPI_ROLE_PAGE_TAB_LIST:
    case ATSPI_ROLE_PAGE_TAB:
    case ATSPI_ROLE_LIST:
    case ATSPI_ROLE_LIST_BOX:
    case ATSPI_ROLE_TABLE:
    case ATSPI_ROLE_TREE:
    case ATSPI_ROLE_TREE_TABLE:
    case ATSPI_ROLE_SECTION:
    case ATSPI_ROLE_FORM:
    case ATSPI_ROLE_GROUPING:
    case ATSPI_ROLE_DOCUMENT_FRAME:
    case ATSPI_ROLE_DOCUMENT_WEB:
    case ATSPI_ROLE_EMBEDDED:
      return true;
    default:
      return false;
  }
}
}  // namespace

// An app may add or remove children without a signal (GTK 3 sent none for a button added to a box
// of a shown window, tests/panel/overlay-follows.desktop.test.ts): with the tree from the mirror, the live child count
// of each kept container goes into the level's batch. A count that differs from the mirror's makes the walk ask that
// container for its children live (childrenFromCache compares the two), and the children the mirror does not hold are
// read live; the mirror itself is kept, so the rest of the app is not read again. Containers that manage their
// descendants are read by their visible part.
void LinuxBridge::addChildCountChecks(Tree& t, const std::vector<int>& level, const SnapshotOptions& options,
                                      std::vector<RawCall>& calls) {
  for (int n : level) {
    const Node& node = t.nodes[n];
    if (!node.hasInfo || !keep(node, n == 0, options) || node.depth + 1 > options.maxDepth) continue;
    if (hasStateBit(node.info.states, ATSPI_STATE_MANAGES_DESCENDANTS)) continue;
    if (node.info.childCount == 0 && !holdsChildren(node.info.role)) continue;
    calls.push_back(property(node.ref, kAccessible, "ChildCount", [&t, n](DBusMessageIter* v) {
      int live = readInt(v, -1);
      Info& info = t.nodes[n].info;
      if (live >= 0 && live != info.childCount) t.readLive = true;  // the bounds kept may have moved
      if (live >= 0) info.childCount = live;
    }));
  }
}

// Depth-first positions of the kept nodes (unknown children count as none): a lower bound of
// where each will end up, so that nodes at or past maxNodes are not expanded.
std::vector<int> LinuxBridge::positions(const Tree& t) {
  std::vector<int> pos(t.nodes.size(), -1);
  std::vector<int> stack = {0};
  int next = 0;
  while (!stack.empty()) {
    int n = stack.back();
    stack.pop_back();
    if (t.nodes[n].skip) continue;
    pos[n] = next++;
    const auto& kids = t.nodes[n].kids;
    for (auto it = kids.rbegin(); it != kids.rend(); ++it) stack.push_back(*it);
  }
  return pos;
}

int LinuxBridge::addNode(Tree& t, const ObjRef& ref, int depth, int parent) {
  if (!t.seen.insert(ref.bus + '\n' + ref.path).second) return -1;  // a cycle or a duplicate
  Node n;
  n.ref = ref;
  n.depth = depth;
  n.parent = parent;
  infoFromCache(t, n);
  t.nodes.push_back(std::move(n));
  return static_cast<int>(t.nodes.size()) - 1;
}

// Reads the tree level by level: for each level, one pipelined batch for what the cache did not
// tell about its elements, then one for the children of those that are expanded.
Result<Done> LinuxBridge::walk(Tree& t, const ObjRef& root, int pid, const SnapshotOptions& options,
                               const Deadline& deadline) {
  CallErrorPolicy policy = snapshotPolicy(pid, root.bus, deadline, &t.slowCall);
  auto over = [&t, &deadline] { return deadline.expired() || t.cutShort; };
  std::vector<int> level = {addNode(t, root, 0, -1)};
  while (!level.empty() && !over()) {
    std::vector<RawCall> calls;
    std::vector<int> answered(t.nodes.size(), 0);
    for (int n : level) {
      if (t.nodes[n].hasInfo) continue;
      addInfoCalls(calls, t.nodes[n].ref, &t.nodes[n].info, &answered[n]);
      t.readLive = true;
    }
    if (t.fromMirror) addChildCountChecks(t, level, options, calls);
    if (auto e = bus_.run(calls, deadline, kMaxCallMs, policy)) return *e;
    if (auto e = slowOrHung(t.slowCall, t.cutShort, root, pid, deadline)) return *e;
    for (int n : level) {
      Node& node = t.nodes[n];
      if (!node.hasInfo && answered[n] == 4) node.hasInfo = true;
      if (!node.hasInfo) {
        if (!over()) node.skip = true;  // it went away while being read
        continue;
      }
      if (!keep(node, n == 0, options)) node.skip = true;
    }
    std::vector<int> pos = positions(t);
    std::vector<int> expand;
    for (int n : level) {
      const Node& node = t.nodes[n];
      if (node.skip || !node.hasInfo || node.info.childCount == 0 || node.depth + 1 > options.maxDepth) continue;
      if (pos[n] < 0 || pos[n] >= options.maxNodes) continue;
      expand.push_back(n);
    }
    std::vector<std::vector<ObjRef>> kids(t.nodes.size());
    std::vector<bool> known(t.nodes.size(), false);
    // A container that manages its descendants is judged by its child count, a cheap property:
    // read it first where the walk does not know it yet (unread, it counts as huge).
    calls.clear();
    for (int n : expand) {
      Info& info = t.nodes[n].info;
      if (hasStateBit(info.states, ATSPI_STATE_MANAGES_DESCENDANTS) && info.childCount < 0)
        calls.push_back(property(t.nodes[n].ref, kAccessible, "ChildCount",
                                 [&info](DBusMessageIter* v) { info.childCount = readInt(v, -1); }));
    }
    if (auto e = bus_.run(calls, deadline, kMaxCallMs, policy)) return *e;
    if (auto e = slowOrHung(t.slowCall, t.cutShort, root, pid, deadline)) return *e;
    calls.clear();
    std::vector<Windowed> windowed;
    for (int n : expand) {
      if (managesHugeDescendants(t.nodes[n].info)) {
        // A container that manages its descendants (a spreadsheet's million cells, a long list)
        // builds an accessible for every child it is asked for, and goes on after the deadline:
        // its children are never asked for all at once. Only its visible part is read.
        known[n] = true;
        t.readLive = true;
        Windowed w;
        w.node = n;
        w.cap = std::min(kMaxVisibleItems, options.maxNodes - pos[n] - 1);
        windowed.push_back(std::move(w));
      } else if (auto cached = childrenFromCache(t, t.nodes[n])) {
        kids[n] = std::move(*cached);
        known[n] = true;
      } else {
        auto* into = &kids[n];
        calls.push_back(method(t.nodes[n].ref, kAccessible, "GetChildren", nullptr,
                               [into](DBusMessageIter* it) { readObjectRefs(it, *into); }));
      }
    }
    if (auto e = bus_.run(calls, deadline, kMaxCallMs, policy)) return *e;
    if (auto e = slowOrHung(t.slowCall, t.cutShort, root, pid, deadline)) return *e;
    auto visible = readVisible(t, windowed, policy, deadline);
    if (!visible.ok()) return visible.error();
    if (auto e = slowOrHung(t.slowCall, t.cutShort, root, pid, deadline)) return *e;
    for (auto& w : windowed) {
      kids[w.node] = std::move(w.kids);
      t.nodes[w.node].part = w.part;
    }
    size_t k = 0;
    std::vector<int> next;
    for (int n : expand) {
      if (!known[n]) {
        const RawCall& c = calls[k++];
        // Not answered before the deadline: left unexpanded, so the walk ends as truncated.
        if (!c.answered && (c.error == kErrorDeadline || isNoReply(c.error))) continue;
      }
      t.nodes[n].expanded = true;
      for (const ObjRef& ref : kids[n]) {
        // Only the app's own objects: a child on another app's connection would put that app's
        // elements (and actions on them) under this app's name.
        if (ref.bus != root.bus) continue;
        int child = addNode(t, ref, t.nodes[n].depth + 1, n);
        if (child < 0) continue;
        t.nodes[n].kids.push_back(child);
        next.push_back(child);
      }
    }
    level = std::move(next);
  }
  return Done{};
}

// The kept nodes in depth-first order as elements (a prefix of the tree when truncated).
std::vector<const LinuxBridge::Node*> LinuxBridge::emit(const Tree& t, const SnapshotOptions& options, Snapshot& snap,
                                                        std::vector<Handle>& handles) {
  std::vector<const Node*> out;
  struct Item {
    int node;
    int parent;
  };
  std::vector<Item> stack = {{0, 0}};
  while (!stack.empty()) {
    Item cur = stack.back();
    stack.pop_back();
    const Node& n = t.nodes[cur.node];
    if (n.skip) continue;
    if (static_cast<int>(snap.elements.size()) >= options.maxNodes) {
      snap.truncated = Truncation::MaxNodes;
      break;
    }
    if (!n.hasInfo) {
      snap.truncated = Truncation::Deadline;
      break;
    }
    Element el = elementOf(n.info);
    el.id = static_cast<int>(snap.elements.size()) + 1;
    if (n.part) {
      el.visiblePart = n.part;
      if (snap.truncated == Truncation::None) snap.truncated = Truncation::VisibleOnly;
    }
    el.parent = cur.parent;
    el.depth = n.depth;
    bool hasChildren = n.expanded ? !n.kids.empty() : n.info.childCount != 0;
    snap.elements.push_back(std::move(el));
    handles.push_back({n.ref, n.info.role, n.info.name});
    out.push_back(&n);
    if (n.depth + 1 > options.maxDepth) {
      if (hasChildren && (snap.truncated == Truncation::None || snap.truncated == Truncation::VisibleOnly))
        snap.truncated = Truncation::MaxDepth;
    } else if (!n.expanded && hasChildren) {
      // Children never read (the deadline came first): stop here, so that the elements stay a
      // depth-first prefix of the tree.
      snap.truncated = Truncation::Deadline;
      break;
    } else {
      for (auto it = n.kids.rbegin(); it != n.kids.rend(); ++it) stack.push_back({*it, snap.elements.back().id});
    }
  }
  return out;
}

// Bounds, actions and values of the elements, in one pipelined batch (bounds `keeper` holds are taken
// when `takeKept`: keptBounds; the bounds read go into `keeper` either way). When the deadline cuts it
// short, the elements are cut at the first one whose details are missing.
Result<Done> LinuxBridge::fetchDetails(Snapshot& snap, const std::vector<const Node*>& nodes, Mirror* keeper,
                                       bool takeKept, const ObjRef& app, int pid, const Deadline& deadline) {
  std::vector<RawCall> calls;
  std::vector<size_t> owner;
  std::vector<size_t> taken;
  std::vector<std::vector<std::string>> rawActions(nodes.size());
  std::vector<bool> actionsAsked(nodes.size(), false);
  std::vector<uint8_t> needs(nodes.size(), 0);
  std::vector<int> textLength(nodes.size(), -1);
  for (size_t i = 0; i < nodes.size(); ++i) {
    size_t before = calls.size();
    uint8_t need = detailsNeeded(nodes[i]->info);
    if (need & kNeedActions) {
      // An element's actions do not change while it lives: those read before are reused (the
      // same object: same path and role).
      auto had = knownActions_.find(nodes[i]->ref.bus + '\n' + nodes[i]->ref.path);
      if (had != knownActions_.end() && had->second.role == nodes[i]->info.role &&
          had->second.name == nodes[i]->info.name) {
        for (const auto& name : had->second.names) addPlatformAction(snap.elements[i], name);
        snap.elements[i].keys = had->second.keys;
        need &= ~kNeedActions;
      } else {
        actionsAsked[i] = true;
      }
    }
    if ((need & kNeedBounds) && keeper && takeKept && nodes[i]->depth > 1) {
      auto had = keeper->bounds.find(nodes[i]->ref.path);
      if (had != keeper->bounds.end()) {
        snap.elements[i].bounds = had->second;
        need &= ~kNeedBounds;
        taken.push_back(i);
      }
    }
    needs[i] = need;
    addDetailCalls(calls, nodes[i]->ref, need, &snap.elements[i], &rawActions[i], &textLength[i]);
    owner.insert(owner.end(), calls.size() - before, i);
  }
  bool slow = false, cutShort = false;
  CallErrorPolicy policy = snapshotPolicy(pid, app.bus, deadline, &slow);
  if (auto e = bus_.run(calls, deadline, kMaxCallMs, policy)) return *e;
  if (auto e = slowOrHung(slow, cutShort, app, pid, deadline)) return *e;
  if (auto e = cutAtUnanswered(snap, calls, owner, deadline)) return *e;
  if (auto e = keptBounds(snap, nodes, keeper, taken, policy, deadline)) return *e;

  // Second batch: texts up to their length, and the names of actions the first answer left
  // empty (LibreOffice gives no localized names: its names come from GetName).
  std::vector<RawCall> more;
  std::vector<size_t> moreOwner;
  std::vector<std::vector<std::string>> named(nodes.size());
  size_t kept = snap.elements.size();
  for (size_t i = 0; i < kept; ++i) {
    Element* el = &snap.elements[i];
    if (needs[i] & (kNeedText | kNeedTextAsName)) {
      bool asName = (needs[i] & kNeedTextAsName) != 0;
      int length = textLength[i];
      if (length == 0) {
        if (!asName) el->value = std::string();
      } else {
        int upTo = length < 0 ? kMaxValueChars : std::min(length, kMaxValueChars);
        more.push_back(method(nodes[i]->ref, "org.a11y.atspi.Text", "GetText", argInts(0, upTo),
                              [el, asName](DBusMessageIter* it) {
                                if (asName) el->name = readString(it);
                                else el->value = readString(it);
                              }));
        moreOwner.push_back(i);
      }
    }
    if (actionsAsked[i]) {
      named[i] = rawActions[i];
      for (size_t a = 0; a < rawActions[i].size(); ++a) {
        if (!rawActions[i][a].empty()) continue;
        std::string* slot = &named[i][a];
        more.push_back(method(nodes[i]->ref, "org.a11y.atspi.Action", "GetName", argInt(static_cast<int32_t>(a)),
                              [el, slot](DBusMessageIter* it) {
                                *slot = lower(readString(it));
                                addPlatformAction(*el, *slot);
                              }));
        moreOwner.push_back(i);
      }
    }
  }
  if (auto e = bus_.run(more, deadline, kMaxCallMs, policy)) return *e;
  if (auto e = slowOrHung(slow, cutShort, app, pid, deadline)) return *e;
  if (auto e = cutAtUnanswered(snap, more, moreOwner, deadline)) return *e;
  for (size_t i = 0; i < snap.elements.size(); ++i) {
    if (!actionsAsked[i]) continue;
    if (knownActions_.size() >= kKnownActions) knownActions_.clear();
    knownActions_[nodes[i]->ref.bus + '\n' + nodes[i]->ref.path] = {nodes[i]->info.role, std::move(named[i]),
                                                                    nodes[i]->info.name, snap.elements[i].keys};
  }
  return Done{};
}

// The elements are cut at the first one a call of this batch could not be answered for before
// the deadline. A call that went unanswered for its own share while the app still answers
// (slowOrHung said so) only leaves that detail out.
std::optional<Error> LinuxBridge::cutAtUnanswered(Snapshot& snap, const std::vector<RawCall>& calls,
                                                  const std::vector<size_t>& owner, const Deadline& deadline) {
  for (size_t k = 0; k < calls.size(); ++k) {
    if (calls[k].answered || !(calls[k].error == kErrorDeadline || (isNoReply(calls[k].error) && deadline.expired())))
      continue;
    if (owner[k] >= snap.elements.size()) continue;  // already cut before it
    snap.elements.resize(owner[k]);
    snap.truncated = Truncation::Deadline;
    if (snap.elements.empty()) return timeoutError("Reading the application", deadline);
    break;
  }
  return std::nullopt;
}

}  // namespace atspi
}  // namespace axb
