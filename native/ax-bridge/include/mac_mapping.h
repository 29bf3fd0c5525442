// What the macOS half reads from an element (AX attributes, action names, settable flags) turned
// into the bridge's states and actions, and how each action is carried out. Plain C++17 with no
// Apple type: src/mac/snapshot.mm fills MacFacts from one batched AX read (src/mac/actions.mm when an
// action is asked for), and the unit test tests/native/cc/mac_mapping_test.cc proves the rules on Linux
// (the .mm files are never compiled here).
//
// The vocabularies are the Linux half's (kStateNames, kActionNames in src/common.cc): an element that
// says the same thing on both platforms gets the same states and actions.
#pragma once

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace axb {
namespace mac {

// A boolean attribute as one batched read returned it. Absent: an AXError value, kCFNull (the
// header allows both for a missing attribute), or a value that is not a boolean/number.
enum class Flag { Absent, False, True };

struct MacFacts {
  std::string role, subrole;
  Flag enabled = Flag::Absent, focused = Flag::Absent, selected = Flag::Absent;
  Flag expanded = Flag::Absent;     // AXExpanded (combo boxes, disclosure groups, menus)
  Flag disclosing = Flag::Absent;   // AXDisclosing (outline rows)
  Flag modal = Flag::Absent;        // AXModal (windows, sheets)
  Flag required = Flag::Absent;     // AXRequired (web forms)
  Flag busy = Flag::Absent;         // AXElementBusy
  Flag hasPopup = Flag::Absent;     // AXHasPopup (web content)
  Flag invalid = Flag::Absent;      // AXInvalid: any value but "false" is True
  Flag main = Flag::Absent;         // AXMain (windows)
  Flag frontmost = Flag::Absent;    // AXFrontmost (applications)
  std::optional<double> number;     // AXValue when it is a number (check boxes, sliders)
  std::string menuItemMark;         // AXMenuItemMarkChar ("✓" on a checked menu item)
  std::string cmdChar;              // AXMenuItemCmdChar: the key of a menu item's shortcut ("R")
  std::optional<int> cmdModifiers;  // AXMenuItemCmdModifiers: kMenu*Modifier bits (0 = ⌘ alone)
  bool showing = false;             // has a position and a non-empty size
  bool valueSettable = false, focusedSettable = false, selectedSettable = false;
  bool expandedSettable = false, disclosingSettable = false;
  std::vector<std::string> axActions;  // AXUIElementCopyActionNames
};

inline bool hasAxAction(const MacFacts& f, const char* name) {
  return std::find(f.axActions.begin(), f.axActions.end(), name) != f.axActions.end();
}

inline bool isMacTextRole(const MacFacts& f) {
  return f.role == "AXTextField" || f.role == "AXTextArea" || f.role == "AXComboBox" || f.role == "AXSearchField";
}

// The AX action each bridge action is done with when the element lists it.
inline const std::vector<std::pair<std::string, std::string>>& macActionTable() {
  static const std::vector<std::pair<std::string, std::string>> table = {
      {"AXPress", "press"},     {"AXShowMenu", "show_menu"}, {"AXIncrement", "increment"}, {"AXDecrement", "decrement"},
      {"AXConfirm", "confirm"}, {"AXCancel", "cancel"},      {"AXRaise", "raise"},         {"AXPick", "select"},
  };
  return table;
}

inline bool expandable(const MacFacts& f) { return f.expanded != Flag::Absent || f.disclosing != Flag::Absent; }
inline bool isExpanded(const MacFacts& f) { return f.expanded == Flag::True || f.disclosing == Flag::True; }

// The states, sorted, from the bridge's vocabulary.
inline std::vector<std::string> macStates(const MacFacts& f) {
  std::vector<std::string> s;
  // An element that does not say is enabled (as AT-SPI's default): only a real "false" disables.
  if (f.enabled != Flag::False) s.push_back("enabled");
  if (f.focused == Flag::True) s.push_back("focused");
  if (f.focusedSettable) s.push_back("focusable");
  if (f.selected == Flag::True) s.push_back("selected");
  if (f.selectedSettable || hasAxAction(f, "AXPick")) s.push_back("selectable");
  if (expandable(f)) {
    s.push_back("expandable");
    s.push_back(isExpanded(f) ? "expanded" : "collapsed");
  }
  if (f.showing) {
    s.push_back("showing");
    s.push_back("visible");
  }
  if (f.subrole == "AXToggle") {
    if (f.number && *f.number == 1) s.push_back("pressed");
  } else if (f.role == "AXCheckBox" || f.role == "AXRadioButton") {
    if (f.number && *f.number == 1) s.push_back("checked");
    if (f.number && *f.number == 2) s.push_back("mixed");
  }
  if (f.role == "AXMenuItem" && !f.menuItemMark.empty()) s.push_back("checked");
  if (isMacTextRole(f)) s.push_back(f.valueSettable ? "editable" : "read_only");
  if (f.role == "AXTextArea") s.push_back("multi_line");
  if (f.modal == Flag::True || f.role == "AXSheet") s.push_back("modal");
  if (f.required == Flag::True) s.push_back("required");
  if (f.busy == Flag::True) s.push_back("busy");
  if (f.invalid == Flag::True) s.push_back("invalid");
  if (f.hasPopup == Flag::True || f.role == "AXPopUpButton" || f.role == "AXMenuButton" || f.role == "AXComboBox")
    s.push_back("has_popup");
  if ((f.role == "AXWindow" && f.main == Flag::True) || (f.role == "AXApplication" && f.frontmost == Flag::True))
    s.push_back("active");
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  return s;
}

// The actions the element offers, in the bridge's vocabulary.
inline std::vector<std::string> macActions(const MacFacts& f) {
  std::vector<std::string> a;
  auto add = [&a](const std::string& name) {
    if (std::find(a.begin(), a.end(), name) == a.end()) a.push_back(name);
  };
  if (f.focusedSettable) add("focus");
  for (const auto& [ax, ours] : macActionTable())
    if (hasAxAction(f, ax.c_str())) add(ours);
  if (f.selectedSettable) add("select");
  // As on Linux: one of the two, the one that changes something.
  if (f.expandedSettable || f.disclosingSettable) add(isExpanded(f) ? "collapse" : "expand");
  return a;
}

// The element a window names as its AXDefaultButton (Return presses it) is "default", as AT-SPI's
// STATE_DEFAULT. The walk learns it from the window, after the element's own states were made.
inline void markDefault(std::vector<std::string>& states) {
  if (std::find(states.begin(), states.end(), "default") != states.end()) return;
  states.insert(std::lower_bound(states.begin(), states.end(), std::string("default")), "default");
}

// A menu item's shortcut as a key binding in the form the Linux half reads from AT-SPI ("<Command><Shift>r"),
// so that src/execution/key-bindings.ts judges ⌘⇧R as that menu item (issue #27). The modifier bits
// are HIToolbox's: Shift 1, Option 2, Control 4, and 8 for "no ⌘". Empty: no shortcut, or a key that
// is not one printable character (a function key comes as a glyph, which is not read).
inline std::string macMenuItemKeys(const MacFacts& f) {
  if (f.cmdChar.empty() || f.cmdChar.size() > 4) return "";
  unsigned char first = static_cast<unsigned char>(f.cmdChar[0]);
  // One character: ASCII printable, or one UTF-8 sequence (its length from the lead byte).
  size_t length = first < 0x80 ? 1 : (first >> 5) == 0x6 ? 2 : (first >> 4) == 0xE ? 3 : (first >> 3) == 0x1E ? 4 : 0;
  if (length != f.cmdChar.size() || (length == 1 && (first <= 0x20 || first == 0x7F))) return "";
  int bits = f.cmdModifiers.value_or(0);
  std::string out;
  if (!(bits & 8)) out += "<Command>";
  if (bits & 4) out += "<Control>";
  if (bits & 2) out += "<Alt>";
  if (bits & 1) out += "<Shift>";
  if (out.empty()) return "";  // a bare key is the menu's own type-select, not a shortcut
  std::string key = f.cmdChar;
  if (length == 1) key[0] = static_cast<char>(std::tolower(first));
  return out + key;
}

// How performAction carries out a bridge action on an element.
struct MacActionPlan {
  enum Kind {
    Perform,       // AXUIElementPerformAction(el, axName)
    SetAttribute,  // AXUIElementSetAttributeValue(el, axName, flag ? kCFBooleanTrue : kCFBooleanFalse)
    AlreadyDone,   // nothing to do (expand an expanded element)
    Unsupported,
  } kind;
  std::string axName;
  bool flag = true;
};

inline MacActionPlan planMacAction(const std::string& action, const MacFacts& f) {
  using P = MacActionPlan;
  if (action == "focus") return f.focusedSettable ? P{P::SetAttribute, "AXFocused", true} : P{P::Unsupported, ""};
  if (action == "select") {
    // A picker item (AXPick) is chosen by its own action; setting AXSelected is for rows and tabs.
    if (hasAxAction(f, "AXPick")) return P{P::Perform, "AXPick"};
    if (f.selectedSettable) return P{P::SetAttribute, "AXSelected", true};
    return P{P::Unsupported, ""};
  }
  if (action == "expand" || action == "collapse") {
    bool want = action == "expand";
    if (expandable(f) && isExpanded(f) == want) return P{P::AlreadyDone, ""};
    if (f.expandedSettable) return P{P::SetAttribute, "AXExpanded", want};
    if (f.disclosingSettable) return P{P::SetAttribute, "AXDisclosing", want};
    return P{P::Unsupported, ""};
  }
  for (const auto& [ax, ours] : macActionTable())
    if (ours == action && hasAxAction(f, ax.c_str())) return P{P::Perform, ax};
  return P{P::Unsupported, ""};
}

}  // namespace mac
}  // namespace axb
