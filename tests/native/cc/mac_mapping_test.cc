// Unit test of include/mac_mapping.h: AX facts to the bridge's states and actions, and how each
// action is carried out (issue #20, R2 and R7). Every state and action produced is in the shared
// vocabulary (src/common.cc) that the Linux half uses.
#include "../../../native/ax-bridge/include/mac_mapping.h"

#include <algorithm>
#include <sstream>

#include "../../../native/ax-bridge/include/ax_bridge.h"
#include "check.h"

using axb::mac::Flag;
using axb::mac::MacActionPlan;
using axb::mac::MacFacts;
using axb::mac::macActions;
using axb::mac::macStates;
using axb::mac::planMacAction;

static std::string joined(const std::vector<std::string>& v) {
  std::ostringstream out;
  for (size_t i = 0; i < v.size(); ++i) out << (i ? "," : "") << v[i];
  return out.str();
}

static bool inVocabulary(const std::vector<std::string>& names, const std::vector<std::string>& vocabulary) {
  for (const auto& n : names)
    if (std::find(vocabulary.begin(), vocabulary.end(), n) == vocabulary.end()) return false;
  return true;
}

int main() {
  // R2: an attribute the batch returned as kCFNull or an AXError is Absent. A button that does not
  // say whether it is enabled stays enabled, and is neither expandable nor collapsed.
  {
    MacFacts button;
    button.role = "AXButton";
    button.showing = true;
    button.axActions = {"AXPress", "AXShowMenu"};
    CHECK_EQ(joined(macStates(button)), std::string("enabled,showing,visible"));
    CHECK_EQ(joined(macActions(button)), std::string("press,show_menu"));
    button.enabled = Flag::False;
    CHECK_EQ(joined(macStates(button)), std::string("showing,visible"));
  }
  // R7: expand / collapse are advertised where AXExpanded or AXDisclosing can be set, one at a time.
  {
    MacFacts row;
    row.role = "AXRow";
    row.subrole = "AXOutlineRow";
    row.disclosing = Flag::False;
    row.disclosingSettable = true;
    row.selectedSettable = true;
    row.selected = Flag::False;
    CHECK_EQ(joined(macStates(row)), std::string("collapsed,enabled,expandable,selectable"));
    CHECK_EQ(joined(macActions(row)), std::string("select,expand"));
    MacActionPlan expand = planMacAction("expand", row);
    CHECK(expand.kind == MacActionPlan::SetAttribute && expand.axName == "AXDisclosing" && expand.flag);
    CHECK(planMacAction("collapse", row).kind == MacActionPlan::AlreadyDone);
    MacActionPlan select = planMacAction("select", row);
    CHECK(select.kind == MacActionPlan::SetAttribute && select.axName == "AXSelected" && select.flag);
    row.disclosing = Flag::True;
    CHECK_EQ(joined(macActions(row)), std::string("select,collapse"));
    MacActionPlan collapse = planMacAction("collapse", row);
    CHECK(collapse.kind == MacActionPlan::SetAttribute && collapse.axName == "AXDisclosing" && !collapse.flag);
  }
  {
    MacFacts combo;
    combo.role = "AXComboBox";
    combo.expanded = Flag::False;
    combo.expandedSettable = true;
    combo.valueSettable = true;
    combo.focusedSettable = true;
    combo.axActions = {"AXPress", "AXConfirm"};
    CHECK_EQ(joined(macStates(combo)), std::string("collapsed,editable,enabled,expandable,focusable,has_popup"));
    CHECK_EQ(joined(macActions(combo)), std::string("focus,press,confirm,expand"));
    MacActionPlan p = planMacAction("expand", combo);
    CHECK(p.kind == MacActionPlan::SetAttribute && p.axName == "AXExpanded" && p.flag);
    CHECK(planMacAction("focus", combo).axName == "AXFocused");
    CHECK(planMacAction("cancel", combo).kind == MacActionPlan::Unsupported);
    CHECK(planMacAction("press", combo).kind == MacActionPlan::Perform && planMacAction("press", combo).axName == "AXPress");
  }
  // R7: "select" on a picker item is AXPick, not AXSelected.
  {
    MacFacts item;
    item.role = "AXMenuItem";
    item.axActions = {"AXPick", "AXPress"};
    item.selectedSettable = true;
    MacActionPlan p = planMacAction("select", item);
    CHECK(p.kind == MacActionPlan::Perform && p.axName == "AXPick");
    item.menuItemMark = "\xE2\x9C\x93";
    CHECK_EQ(joined(macStates(item)), std::string("checked,enabled,selectable"));
    MacFacts plain;
    plain.role = "AXStaticText";
    CHECK(planMacAction("select", plain).kind == MacActionPlan::Unsupported);
    CHECK(planMacAction("expand", plain).kind == MacActionPlan::Unsupported);
  }
  // R7: the states the planner uses.
  {
    MacFacts field;
    field.role = "AXTextArea";
    field.required = Flag::True;
    field.invalid = Flag::True;
    CHECK_EQ(joined(macStates(field)), std::string("enabled,invalid,multi_line,read_only,required"));
    MacFacts toggle;
    toggle.role = "AXCheckBox";
    toggle.subrole = "AXToggle";
    toggle.number = 1;
    CHECK_EQ(joined(macStates(toggle)), std::string("enabled,pressed"));
    MacFacts box;
    box.role = "AXCheckBox";
    box.number = 2;
    CHECK_EQ(joined(macStates(box)), std::string("enabled,mixed"));
    box.number = 1;
    CHECK_EQ(joined(macStates(box)), std::string("checked,enabled"));
    MacFacts window;
    window.role = "AXWindow";
    window.main = Flag::True;
    window.modal = Flag::True;
    window.busy = Flag::True;
    CHECK_EQ(joined(macStates(window)), std::string("active,busy,enabled,modal"));
    MacFacts sheet;
    sheet.role = "AXSheet";
    CHECK_EQ(joined(macStates(sheet)), std::string("enabled,modal"));
    MacFacts app;
    app.role = "AXApplication";
    app.frontmost = Flag::True;
    CHECK_EQ(joined(macStates(app)), std::string("active,enabled"));
  }
  // Every state and action any rule produces is in the shared vocabulary.
  {
    MacFacts all;
    all.role = "AXCheckBox";
    all.number = 2;
    all.enabled = all.focused = all.selected = all.expanded = all.modal = all.required = all.busy = all.hasPopup =
        all.invalid = Flag::True;
    all.showing = all.valueSettable = all.focusedSettable = all.selectedSettable = all.expandedSettable = true;
    for (const auto& [ax, _] : axb::mac::macActionTable()) all.axActions.push_back(ax);
    CHECK(inVocabulary(macStates(all), axb::kStateNames));
    CHECK(inVocabulary(macActions(all), axb::kActionNames));
    all.role = "AXTextArea";
    all.subrole = "AXToggle";
    all.number = 1;
    all.expanded = Flag::False;
    CHECK(inVocabulary(macStates(all), axb::kStateNames));
    CHECK(inVocabulary(macActions(all), axb::kActionNames));
    for (const auto& action : axb::kActionNames) {
      MacActionPlan p = planMacAction(action, all);
      CHECK(p.kind != MacActionPlan::Unsupported);
    }
  }
  // Issue #27: the window's default button (AXDefaultButton: Return presses it) is "default", as
  // AT-SPI's STATE_DEFAULT; a menu item's shortcut is a key binding the engine's chord reader knows.
  {
    MacFacts ok;
    ok.role = "AXButton";
    ok.showing = true;
    std::vector<std::string> states = macStates(ok);
    axb::mac::markDefault(states);
    CHECK_EQ(joined(states), std::string("default,enabled,showing,visible"));
    axb::mac::markDefault(states);  // a window named twice (a sheet and its window): once
    CHECK_EQ(joined(states), std::string("default,enabled,showing,visible"));
    CHECK(inVocabulary(states, axb::kStateNames));
    MacFacts item;
    item.role = "AXMenuItem";
    CHECK_EQ(axb::mac::macMenuItemKeys(item), std::string(""));  // no shortcut
    item.cmdChar = "R";
    CHECK_EQ(axb::mac::macMenuItemKeys(item), std::string("<Command>r"));  // modifiers absent: ⌘ alone
    item.cmdModifiers = 0;
    CHECK_EQ(axb::mac::macMenuItemKeys(item), std::string("<Command>r"));
    item.cmdModifiers = 1;
    CHECK_EQ(axb::mac::macMenuItemKeys(item), std::string("<Command><Shift>r"));
    item.cmdModifiers = 1 | 2 | 4;
    CHECK_EQ(axb::mac::macMenuItemKeys(item), std::string("<Command><Control><Alt><Shift>r"));
    item.cmdModifiers = 8 | 4;  // "no ⌘": Control+R
    CHECK_EQ(axb::mac::macMenuItemKeys(item), std::string("<Control>r"));
    item.cmdModifiers = 8;  // no modifier at all: not a shortcut
    CHECK_EQ(axb::mac::macMenuItemKeys(item), std::string(""));
    item.cmdModifiers = 0;
    item.cmdChar = "\x08";  // a control character (Delete comes as a glyph)
    CHECK_EQ(axb::mac::macMenuItemKeys(item), std::string(""));
    item.cmdChar = " ";
    CHECK_EQ(axb::mac::macMenuItemKeys(item), std::string(""));
    item.cmdChar = "ab";
    CHECK_EQ(axb::mac::macMenuItemKeys(item), std::string(""));
    item.cmdChar = "\xc3\xa9";  // é, one UTF-8 character, kept as it is
    CHECK_EQ(axb::mac::macMenuItemKeys(item), std::string("<Command>\xc3\xa9"));
  }
  return checkFailures();
}
