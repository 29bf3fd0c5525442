// The macOS bridge: reading an application's tree into a snapshot (the walk, depth first, each element
// with one batched read; a container too big to read whole, read where it is on screen). Mirrors
// src/linux/snapshot.cc; the class is declared in mac_bridge.h.
//
// UNVERIFIED: never compiled or run by the project (its CI is Debian); see the top of ax_bridge.mm.
#import <ApplicationServices/ApplicationServices.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "../../include/mac_walk.h"
#include "mac_bridge.h"
#include "roles_mac.h"

namespace axb {
namespace ax {

Result<Snapshot> MacBridge::snapshot(const SnapshotOptions& options, const Deadline& deadline) {
  if (!AXIsProcessTrusted()) return Error{ErrorCode::PermissionDenied, kPermissionMessage};
  pid_t pid = options.pid;
  if (pid == 0) {
    auto front = frontmostApp(deadline);
    if (!front.ok()) return front.error();
    pid = front.value().pid;
  }
  if (!processAlive(pid)) return goneError("The application with process id " + std::to_string(pid));
  CF<AXUIElementRef> app(AXUIElementCreateApplication(pid));
  // Bounded before the first call to the app, so that a hung app costs a share of the deadline,
  // not the 6 s default. Chromium and Electron build their tree only for clients that ask.
  bound(deadline);
  AXUIElementSetAttributeValue(app.get(), CFSTR("AXManualAccessibility"), kCFBooleanTrue);
  Snapshot snap;
  snap.pid = pid;
  snap.app = infoFor(pid).name;

  CF<AXUIElementRef> root;
  bound(deadline);
  if (options.focusedWindowOnly) {
    CF<CFTypeRef> win;
    AXError e = AXUIElementCopyAttributeValue(app.get(), kAXFocusedWindowAttribute, win.out());
    if (e != kAXErrorSuccess || !win || CFGetTypeID(win.get()) != AXUIElementGetTypeID()) {
      if (e == kAXErrorCannotComplete || e == kAXErrorAPIDisabled)
        return axFailure(e, pid, "Reading " + snap.app, "The application", deadline);
      return Error{ErrorCode::NotFound, snap.app + " has no open window."};
    }
    root = CF<AXUIElementRef>(static_cast<AXUIElementRef>(CFRetain(win.get())));
  } else {
    root = CF<AXUIElementRef>(static_cast<AXUIElementRef>(CFRetain(app.get())));
  }

  struct Pending {
    AXUIElementRef el;  // retained
    int parent;
    int depth;
    std::optional<Rect> clip;  // what the windows and scroll areas around it show (mac::childClip)
  };
  std::vector<Pending> stack{{static_cast<AXUIElementRef>(CFRetain(root.get())), 0, 0, std::nullopt}};
  std::vector<AXUIElementRef> handles;
  // The default buttons the windows read name (retained), matched to the elements after the walk.
  std::vector<AXUIElementRef> defaults;
  auto releaseDefaults = [&]() {
    for (auto d : defaults) CFRelease(d);
    defaults.clear();
  };
  auto releaseAll = [&]() {
    for (auto& p : stack) CFRelease(p.el);
    stack.clear();
    for (auto h : handles) CFRelease(h);
    handles.clear();
    releaseDefaults();
  };
  while (!stack.empty()) {
    if (deadline.expired()) {
      snap.truncated = Truncation::Deadline;
      break;
    }
    if (static_cast<int>(snap.elements.size()) >= options.maxNodes) {
      snap.truncated = Truncation::MaxNodes;
      break;
    }
    Pending cur = stack.back();
    stack.pop_back();
    Element el;
    el.parent = cur.parent;
    el.depth = cur.depth;
    std::vector<AXUIElementRef> children;
    std::optional<Rect> clip = cur.clip;
    bound(deadline);
    AXError e = readElement(cur.el, options, cur.depth == 0, el, children, defaults, clip);
    if (e == kAXErrorAPIDisabled) {
      CFRelease(cur.el);
      for (auto c : children) CFRelease(c);
      releaseAll();
      return axFailure(e, pid, "Reading " + snap.app, "The application", deadline);
    }
    if (e == kAXErrorCannotComplete) {
      // Unanswered within its share: as on Linux, what was read is returned, marked `deadline`;
      // only a snapshot with nothing read is a timeout (or "gone", below).
      CFRelease(cur.el);
      for (auto c : children) CFRelease(c);
      snap.truncated = Truncation::Deadline;
      break;
    }
    if (e != kAXErrorSuccess) {  // this element went away (dead, no role) or is hidden: skip it
      CFRelease(cur.el);
      for (auto c : children) CFRelease(c);
      continue;
    }
    el.id = static_cast<int>(snap.elements.size()) + 1;
    if (el.visiblePart && snap.truncated == Truncation::None) snap.truncated = Truncation::VisibleOnly;
    handles.push_back(cur.el);
    if (cur.depth + 1 > options.maxDepth) {
      if (!children.empty() && (snap.truncated == Truncation::None || snap.truncated == Truncation::VisibleOnly))
        snap.truncated = Truncation::MaxDepth;
      for (auto c : children) CFRelease(c);
    } else {
      for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back({*it, el.id, cur.depth + 1, clip});
    }
    snap.elements.push_back(std::move(el));
  }
  for (auto& p : stack) CFRelease(p.el);
  stack.clear();
  // AXDefaultButton as AT-SPI's STATE_DEFAULT: the element a window names (handles[i] is element i's).
  for (size_t i = 0; i < snap.elements.size() && i < handles.size() && !defaults.empty(); ++i) {
    for (AXUIElementRef d : defaults) {
      if (!CFEqual(handles[i], d)) continue;
      mac::markDefault(snap.elements[i].states);
      break;
    }
  }
  releaseDefaults();
  if (snap.elements.empty()) {
    releaseAll();
    if (!processAlive(pid)) return goneError("The application");
    return timeoutError("Reading " + snap.app, deadline);
  }
  snap.generation = generations_.keep(std::move(handles), pid);
  return snap;
}

const std::set<std::string>& MacBridge::kMayBeHuge() {
  static const std::set<std::string> roles = {"AXTable", "AXOutline", "AXList", "AXGrid", "AXBrowser", "AXLayoutArea"};
  return roles;
}

// Reads one element with one batched call, then its children (retained) as above. The states
// and actions follow from what was read by the rules of include/mac_mapping.h, what counts as
// showing and what is read at all by include/mac_walk.h (both tested on Linux). `clip` comes in as
// what the element's window and scroll areas show, and goes out as what its children are clipped to.
AXError MacBridge::readElement(AXUIElementRef el, const SnapshotOptions& options, bool isRoot, Element& out,
                               std::vector<AXUIElementRef>& children, std::vector<AXUIElementRef>& defaults,
                               std::optional<Rect>& clip) {
  // Children are not in the batch: a container may hold a million (see below).
  enum {
    Role,
    Subrole,
    Title,
    Description,
    Help,
    Value,
    Position,
    Size,
    Enabled,
    Focused,
    Selected,
    Expanded,
    Disclosing,
    Modal,
    Required,
    Busy,
    HasPopup,
    Invalid,
    Main,
    Frontmost,
    MenuItemMark,
    CmdChar,
    CmdModifiers,
    DefaultButton,
    Count
  };
  CFStringRef names[Count] = {kAXRoleAttribute,
                              kAXSubroleAttribute,
                              kAXTitleAttribute,
                              kAXDescriptionAttribute,
                              kAXHelpAttribute,
                              kAXValueAttribute,
                              kAXPositionAttribute,
                              kAXSizeAttribute,
                              kAXEnabledAttribute,
                              kAXFocusedAttribute,
                              kAXSelectedAttribute,
                              kAXExpandedAttribute,
                              kAXDisclosingAttribute,
                              kAXModalAttribute,
                              CFSTR("AXRequired"),
                              CFSTR("AXElementBusy"),
                              CFSTR("AXHasPopup"),
                              CFSTR("AXInvalid"),
                              kAXMainAttribute,
                              kAXFrontmostAttribute,
                              kAXMenuItemMarkCharAttribute,
                              kAXMenuItemCmdCharAttribute,
                              kAXMenuItemCmdModifiersAttribute,
                              kAXDefaultButtonAttribute};
  CF<CFArrayRef> attrs(CFArrayCreate(nullptr, reinterpret_cast<const void**>(names), Count, &kCFTypeArrayCallBacks));
  CF<CFArrayRef> values;
  AXError e = AXUIElementCopyMultipleAttributeValues(el, attrs.get(), 0, values.out());
  if (e != kAXErrorSuccess) return e;
  if (!values || CFArrayGetCount(values.get()) != Count) return kAXErrorFailure;
  auto at = [&](int i) -> CFTypeRef {
    CFTypeRef v = CFArrayGetValueAtIndex(values.get(), i);
    // A missing attribute comes back as an AXValue error or as kCFNull: absent either way.
    return errorIn(v) == kAXErrorSuccess ? v : nullptr;
  };
  // Every live element has a role. None: the element died between its parent's read and this one
  // (skipped, as on Linux), or the app stopped answering (the walk stops there).
  if (!at(Role)) {
    AXError why = errorIn(CFArrayGetValueAtIndex(values.get(), Role));
    return why == kAXErrorCannotComplete || why == kAXErrorAPIDisabled ? why : kAXErrorInvalidUIElement;
  }
  std::string role = stringOf(at(Role)).value_or("");
  std::string subrole = stringOf(at(Subrole)).value_or("");
  out.platformRole = subrole.empty() ? role : role + "/" + subrole;
  out.role = normalizeMacRole(role, subrole);
  std::string title = stringOf(at(Title)).value_or("");
  std::string description = stringOf(at(Description)).value_or("");
  std::optional<std::string> text = stringOf(at(Value));
  out.name = !title.empty() ? title : (role == "AXStaticText" && text ? *text : description);
  out.description = out.name == description ? stringOf(at(Help)).value_or("") : description;
  bool secure = subrole == "AXSecureTextField";
  if (!secure && role != "AXStaticText") {
    if (text) out.value = text;
    else if (auto n = numberOf(at(Value))) out.value = formatNumber(*n);
  }

  CGPoint pos{};
  CGSize size{};
  CFTypeRef p = at(Position), s = at(Size);
  bool hasPos = p && CFGetTypeID(p) == AXValueGetTypeID() &&
                AXValueGetValue(static_cast<AXValueRef>(p), kAXValueTypeCGPoint, &pos);
  bool hasSize = s && CFGetTypeID(s) == AXValueGetTypeID() &&
                 AXValueGetValue(static_cast<AXValueRef>(s), kAXValueTypeCGSize, &size);
  std::optional<Rect> bounds;
  if (hasPos && hasSize && size.width > 0 && size.height > 0) bounds = Rect{pos.x, pos.y, size.width, size.height};
  if (bounds) out.bounds = *bounds;
  bool showing = mac::macShowing(bounds, clip);
  clip = mac::childClip(role, bounds, clip);
  if (options.showingOnly && !isRoot && !showing && role != "AXApplication" && role != "AXMenuBar" && role != "AXMenu")
    return kAXErrorNoValue;  // hidden: skipped by the caller

  mac::MacFacts f;
  f.role = role;
  f.subrole = subrole;
  using F = mac::MacFacts;
  static const std::pair<int, mac::Flag F::*> kFlags[] = {
      {Enabled, &F::enabled},       {Focused, &F::focused}, {Selected, &F::selected}, {Expanded, &F::expanded},
      {Disclosing, &F::disclosing}, {Modal, &F::modal},     {Required, &F::required}, {Busy, &F::busy},
      {HasPopup, &F::hasPopup},     {Invalid, &F::invalid}, {Main, &F::main},         {Frontmost, &F::frontmost},
  };
  for (const auto& [index, member] : kFlags) f.*member = flagOf(at(index));
  f.number = numberOf(at(Value));
  f.menuItemMark = stringOf(at(MenuItemMark)).value_or("");
  // A menu item's shortcut, as a key binding the engine reads (include/mac_mapping.h).
  f.cmdChar = stringOf(at(CmdChar)).value_or("");
  if (auto bits = numberOf(at(CmdModifiers))) f.cmdModifiers = static_cast<int>(*bits);
  std::string keys = mac::macMenuItemKeys(f);
  if (!keys.empty()) out.keys = {keys};
  // A window names its default button: the walk marks that element "default" once it is read.
  CFTypeRef def = at(DefaultButton);
  if (def && CFGetTypeID(def) == AXUIElementGetTypeID()) defaults.push_back(static_cast<AXUIElementRef>(CFRetain(def)));
  f.showing = showing;
  // Each settable check is a round trip: asked only where the answer can matter.
  if (mac::asksFocusSettable(role)) f.focusedSettable = settable(el, kAXFocusedAttribute);
  if (mac::isMacTextRole(f) || role == "AXSlider" || role == "AXIncrementor")
    f.valueSettable = settable(el, kAXValueAttribute);
  if (f.selected != mac::Flag::Absent) f.selectedSettable = settable(el, kAXSelectedAttribute);
  if (f.expanded != mac::Flag::Absent) f.expandedSettable = settable(el, kAXExpandedAttribute);
  if (f.disclosing != mac::Flag::Absent) f.disclosingSettable = settable(el, kAXDisclosingAttribute);
  f.axActions = axActionNames(el);
  out.states = mac::macStates(f);
  out.actions = mac::macActions(f);

  // Children. A container that may hold thousands (a spreadsheet's table, an outline, a long
  // list, a grid, a column browser) is first asked how many (a count: no element is made); past
  // kHugeChildren only what is on screen is read — AXVisibleRows, AXVisibleChildren or
  // AXVisibleCells, whichever it has, at most kMaxVisibleItems — and the element says so, as the
  // Linux half does. Anything of another type than an array of elements is ignored.
  if (!mac::readsChildren(role, showing, options.showingOnly)) return kAXErrorSuccess;  // a closed menu
  CF<CFTypeRef> kids;
  bool huge = false;
  if (kMayBeHuge().count(role)) {
    CFIndex count = 0;
    if (AXUIElementGetAttributeValueCount(el, kAXChildrenAttribute, &count) != kAXErrorSuccess) count = -1;
    if (count < 0 || count > kHugeChildren) {
      huge = true;
      VisiblePart part;
      part.itemCount = count < 0 || count > INT32_MAX ? -1 : static_cast<int>(count);
      for (CFStringRef visible : {kAXVisibleRowsAttribute, kAXVisibleChildrenAttribute, CFSTR("AXVisibleCells")}) {
        if (AXUIElementCopyAttributeValue(el, visible, kids.out()) == kAXErrorSuccess && kids &&
            CFGetTypeID(kids.get()) == CFArrayGetTypeID())
          break;
        kids.reset();
      }
      out.visiblePart = part;
    }
  }
  if (!huge && AXUIElementCopyAttributeValue(el, kAXChildrenAttribute, kids.out()) != kAXErrorSuccess) kids.reset();
  if (kids && CFGetTypeID(kids.get()) == CFArrayGetTypeID()) {
    CFArrayRef arr = static_cast<CFArrayRef>(kids.get());
    CFIndex n = CFArrayGetCount(arr);
    if (huge) n = std::min<CFIndex>(n, kMaxVisibleItems);
    for (CFIndex i = 0; i < n; ++i) {
      CFTypeRef child = CFArrayGetValueAtIndex(arr, i);
      if (child && CFGetTypeID(child) == AXUIElementGetTypeID())
        children.push_back(static_cast<AXUIElementRef>(CFRetain(child)));
    }
  }
  if (out.visiblePart) out.visiblePart->items = static_cast<int>(children.size());
  return kAXErrorSuccess;
}

}  // namespace ax
}  // namespace axb
