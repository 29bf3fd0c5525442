// AT-SPI roles mapped to the cross-platform role vocabulary (src/shared/roles.ts).
#include "roles.h"

#include <algorithm>
#include <vector>

#include "../../include/ax_bridge.h"

namespace axb {

std::string normalizeRole(AtspiRole role, bool editable, bool multiLine) {
  switch (role) {
    case ATSPI_ROLE_APPLICATION:
      return "application";
    case ATSPI_ROLE_FRAME:
    case ATSPI_ROLE_WINDOW:
      return "window";
    case ATSPI_ROLE_DIALOG:
    case ATSPI_ROLE_FILE_CHOOSER:
    case ATSPI_ROLE_COLOR_CHOOSER:
    case ATSPI_ROLE_FONT_CHOOSER:
      return "dialog";
    case ATSPI_ROLE_ALERT:
    case ATSPI_ROLE_NOTIFICATION:
      return "alert";
    case ATSPI_ROLE_PUSH_BUTTON:
    case ATSPI_ROLE_PUSH_BUTTON_MENU:
    case ATSPI_ROLE_ARROW:
      return "button";
    case ATSPI_ROLE_TOGGLE_BUTTON:
      return "toggle_button";
    case ATSPI_ROLE_CHECK_BOX:
      return "check_box";
    case ATSPI_ROLE_RADIO_BUTTON:
      return "radio_button";
    case ATSPI_ROLE_LINK:
      return "link";
    case ATSPI_ROLE_MENU_BAR:
      return "menu_bar";
    case ATSPI_ROLE_MENU:
    case ATSPI_ROLE_POPUP_MENU:
      return "menu";
    case ATSPI_ROLE_MENU_ITEM:
    case ATSPI_ROLE_CHECK_MENU_ITEM:
    case ATSPI_ROLE_RADIO_MENU_ITEM:
    case ATSPI_ROLE_TEAROFF_MENU_ITEM:
      return "menu_item";
    case ATSPI_ROLE_COMBO_BOX:
    case ATSPI_ROLE_AUTOCOMPLETE:
      return "combo_box";
    case ATSPI_ROLE_LIST:
    case ATSPI_ROLE_LIST_BOX:
      return "list";
    case ATSPI_ROLE_LIST_ITEM:
      return "list_item";
    case ATSPI_ROLE_TABLE:
      return "table";
    case ATSPI_ROLE_TABLE_ROW:
      return "row";
    case ATSPI_ROLE_TABLE_CELL:
    case ATSPI_ROLE_TABLE_ROW_HEADER:
    case ATSPI_ROLE_ROW_HEADER:
      return "cell";
    case ATSPI_ROLE_COLUMN_HEADER:
    case ATSPI_ROLE_TABLE_COLUMN_HEADER:
      return "column_header";
    case ATSPI_ROLE_TREE:
    case ATSPI_ROLE_TREE_TABLE:
      return "tree";
    case ATSPI_ROLE_TREE_ITEM:
      return "tree_item";
    case ATSPI_ROLE_PAGE_TAB_LIST:
      return "tab_list";
    case ATSPI_ROLE_PAGE_TAB:
      return "tab";
    case ATSPI_ROLE_PASSWORD_TEXT:
      return "password_field";
    case ATSPI_ROLE_ENTRY:
    case ATSPI_ROLE_EDITBAR:
      return multiLine ? "text_area" : "text_field";
    case ATSPI_ROLE_TERMINAL:
      return "terminal";
    case ATSPI_ROLE_TEXT:
      if (!editable) return "text";
      return multiLine ? "text_area" : "text_field";
    case ATSPI_ROLE_LABEL:
    case ATSPI_ROLE_STATIC:
    case ATSPI_ROLE_CAPTION:
    case ATSPI_ROLE_PARAGRAPH:
    case ATSPI_ROLE_ACCELERATOR_LABEL:
    case ATSPI_ROLE_DESCRIPTION_TERM:
    case ATSPI_ROLE_DESCRIPTION_VALUE:
    case ATSPI_ROLE_FOOTNOTE:
    case ATSPI_ROLE_COMMENT:
      return "text";
    case ATSPI_ROLE_HEADING:
      return "heading";
    case ATSPI_ROLE_IMAGE:
    case ATSPI_ROLE_ICON:
    case ATSPI_ROLE_IMAGE_MAP:
    case ATSPI_ROLE_ANIMATION:
    case ATSPI_ROLE_DESKTOP_ICON:
      return "image";
    case ATSPI_ROLE_SLIDER:
    case ATSPI_ROLE_DIAL:
      return "slider";
    case ATSPI_ROLE_SPIN_BUTTON:
      return "spin_button";
    case ATSPI_ROLE_SCROLL_BAR:
      return "scroll_bar";
    case ATSPI_ROLE_PROGRESS_BAR:
    case ATSPI_ROLE_LEVEL_BAR:
      return "progress_bar";
    case ATSPI_ROLE_TOOL_BAR:
      return "toolbar";
    case ATSPI_ROLE_STATUS_BAR:
      return "status_bar";
    case ATSPI_ROLE_PANEL:
    case ATSPI_ROLE_FILLER:
    case ATSPI_ROLE_GROUPING:
    case ATSPI_ROLE_SECTION:
    case ATSPI_ROLE_FORM:
    case ATSPI_ROLE_SCROLL_PANE:
    case ATSPI_ROLE_VIEWPORT:
    case ATSPI_ROLE_SPLIT_PANE:
    case ATSPI_ROLE_LAYERED_PANE:
    case ATSPI_ROLE_ROOT_PANE:
    case ATSPI_ROLE_GLASS_PANE:
    case ATSPI_ROLE_INTERNAL_FRAME:
    case ATSPI_ROLE_OPTION_PANE:
    case ATSPI_ROLE_HEADER:
    case ATSPI_ROLE_FOOTER:
    case ATSPI_ROLE_LANDMARK:
    case ATSPI_ROLE_ARTICLE:
    case ATSPI_ROLE_BLOCK_QUOTE:
    case ATSPI_ROLE_EMBEDDED:
    case ATSPI_ROLE_INFO_BAR:
    case ATSPI_ROLE_TITLE_BAR:
    case ATSPI_ROLE_DESCRIPTION_LIST:
    case ATSPI_ROLE_CALENDAR:
    case ATSPI_ROLE_DATE_EDITOR:
    case ATSPI_ROLE_DIRECTORY_PANE:
    case ATSPI_ROLE_LOG:
    case ATSPI_ROLE_TIMER:
    case ATSPI_ROLE_MARQUEE:
      return "group";
    case ATSPI_ROLE_DOCUMENT_FRAME:
    case ATSPI_ROLE_DOCUMENT_TEXT:
    case ATSPI_ROLE_DOCUMENT_SPREADSHEET:
    case ATSPI_ROLE_DOCUMENT_PRESENTATION:
    case ATSPI_ROLE_DOCUMENT_EMAIL:
    case ATSPI_ROLE_PAGE:
      return "document";
    case ATSPI_ROLE_DOCUMENT_WEB:
      return "web_area";
    case ATSPI_ROLE_SEPARATOR:
      return "separator";
    default:
      return "unknown";
  }
}

std::vector<std::string> platformRoleVocabulary() {
  std::vector<std::string> out;
  for (int r = 0; r < ATSPI_ROLE_LAST_DEFINED; ++r) {
    for (int variant = 0; variant < 4; ++variant) {
      std::string role = normalizeRole(static_cast<AtspiRole>(r), variant & 1, variant & 2);
      if (std::find(out.begin(), out.end(), role) == out.end()) out.push_back(role);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace axb
