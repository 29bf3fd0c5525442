// AX roles and subroles mapped to the cross-platform role vocabulary (src/shared/roles.ts).
//
// UNVERIFIED: written against Apple's documented AX constants; never compiled or run by this
// project's CI (Linux). See docs/architecture.md.
#include "roles_mac.h"

#include <algorithm>
#include <map>
#include <vector>

#include "../../include/ax_bridge.h"

namespace axb {

namespace {

const std::map<std::string, std::string>& roleTable() {
  static const std::map<std::string, std::string> table = {
      {"AXApplication", "application"},
      {"AXWindow", "window"},
      {"AXSheet", "dialog"},
      {"AXDrawer", "group"},
      {"AXButton", "button"},
      {"AXPopUpButton", "combo_box"},
      {"AXMenuButton", "button"},
      {"AXCheckBox", "check_box"},
      {"AXRadioButton", "radio_button"},
      {"AXLink", "link"},
      {"AXMenuBar", "menu_bar"},
      {"AXMenuBarItem", "menu_item"},
      {"AXMenu", "menu"},
      {"AXMenuItem", "menu_item"},
      {"AXComboBox", "combo_box"},
      {"AXList", "list"},
      {"AXTable", "table"},
      {"AXGrid", "table"},
      {"AXRow", "row"},
      {"AXCell", "cell"},
      {"AXColumn", "group"},
      {"AXOutline", "tree"},
      {"AXBrowser", "tree"},
      {"AXTabGroup", "tab_list"},
      {"AXTextField", "text_field"},
      {"AXTextArea", "text_area"},
      {"AXStaticText", "text"},
      {"AXHeading", "heading"},
      {"AXImage", "image"},
      {"AXSlider", "slider"},
      {"AXIncrementor", "spin_button"},
      {"AXStepper", "spin_button"},
      {"AXScrollBar", "scroll_bar"},
      {"AXProgressIndicator", "progress_bar"},
      {"AXBusyIndicator", "progress_bar"},
      {"AXLevelIndicator", "progress_bar"},
      {"AXToolbar", "toolbar"},
      {"AXGroup", "group"},
      {"AXRadioGroup", "group"},
      {"AXScrollArea", "group"},
      {"AXSplitGroup", "group"},
      {"AXSplitter", "separator"},
      {"AXLayoutArea", "group"},
      {"AXLayoutItem", "group"},
      {"AXGrowArea", "unknown"},
      {"AXMatte", "group"},
      {"AXRuler", "unknown"},
      {"AXValueIndicator", "unknown"},
      {"AXDisclosureTriangle", "button"},
      {"AXColorWell", "button"},
      {"AXDateField", "text_field"},
      {"AXWebArea", "web_area"},
      {"AXDocument", "document"},
      {"AXHelpTag", "text"},
      {"AXPopover", "dialog"},
      {"AXUnknown", "unknown"},
  };
  return table;
}

const std::map<std::string, std::string>& subroleTable() {
  // Subroles that say more than their role.
  static const std::map<std::string, std::string> table = {
      {"AXSecureTextField", "password_field"},
      {"AXSearchField", "search_field"},
      {"AXDialog", "dialog"},
      {"AXSystemDialog", "dialog"},
      {"AXFloatingWindow", "window"},
      {"AXStandardWindow", "window"},
      {"AXSwitch", "switch"},
      {"AXToggle", "toggle_button"},
      {"AXTabButton", "tab"},
      {"AXOutlineRow", "tree_item"},
      {"AXTableRow", "row"},
      {"AXSortButton", "column_header"},
      {"AXContentList", "list"},
      {"AXDefinitionList", "list"},
      {"AXApplicationAlert", "alert"},
      {"AXApplicationDialog", "dialog"},
      {"AXDocumentArticle", "document"},
      {"AXTextAttachment", "image"},
  };
  return table;
}

}  // namespace

std::string normalizeMacRole(const std::string& role, const std::string& subrole) {
  auto sub = subroleTable().find(subrole);
  if (sub != subroleTable().end()) return sub->second;
  auto it = roleTable().find(role);
  if (it != roleTable().end()) return it->second;
  return "unknown";
}

std::vector<std::string> platformRoleVocabulary() {
  std::vector<std::string> out;
  for (const auto& [_, v] : roleTable())
    if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  for (const auto& [_, v] : subroleTable())
    if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace axb
