#include "element_info.h"

#include <algorithm>

#include "atspi_calls.h"
#include "roles.h"

namespace axb {
namespace atspi {

bool isTextRole(AtspiRole role) {
  return role == ATSPI_ROLE_ENTRY || role == ATSPI_ROLE_TEXT || role == ATSPI_ROLE_COMBO_BOX ||
         role == ATSPI_ROLE_TERMINAL || role == ATSPI_ROLE_EDITBAR || role == ATSPI_ROLE_AUTOCOMPLETE ||
         role == ATSPI_ROLE_PARAGRAPH || role == ATSPI_ROLE_DOCUMENT_TEXT || role == ATSPI_ROLE_TABLE_CELL;
}

bool numericRole(AtspiRole role) {
  return role == ATSPI_ROLE_SPIN_BUTTON || role == ATSPI_ROLE_SLIDER || role == ATSPI_ROLE_DIAL ||
         role == ATSPI_ROLE_SCROLL_BAR || role == ATSPI_ROLE_PROGRESS_BAR || role == ATSPI_ROLE_LEVEL_BAR;
}

bool hasStateBit(uint64_t states, AtspiStateType type) { return (states >> static_cast<unsigned>(type)) & 1u; }

std::vector<std::string> stateNames(uint64_t set) {
  struct Pair {
    AtspiStateType type;
    const char* name;
  };
  static const Pair kPairs[] = {
      {ATSPI_STATE_ACTIVE, "active"},         {ATSPI_STATE_BUSY, "busy"},
      {ATSPI_STATE_CHECKED, "checked"},       {ATSPI_STATE_IS_DEFAULT, "default"},
      {ATSPI_STATE_EDITABLE, "editable"},     {ATSPI_STATE_ENABLED, "enabled"},
      {ATSPI_STATE_EXPANDABLE, "expandable"}, {ATSPI_STATE_EXPANDED, "expanded"},
      {ATSPI_STATE_FOCUSABLE, "focusable"},   {ATSPI_STATE_FOCUSED, "focused"},
      {ATSPI_STATE_HAS_POPUP, "has_popup"},   {ATSPI_STATE_INVALID_ENTRY, "invalid"},
      {ATSPI_STATE_INDETERMINATE, "mixed"},   {ATSPI_STATE_MODAL, "modal"},
      {ATSPI_STATE_MULTI_LINE, "multi_line"}, {ATSPI_STATE_PRESSED, "pressed"},
      {ATSPI_STATE_READ_ONLY, "read_only"},   {ATSPI_STATE_REQUIRED, "required"},
      {ATSPI_STATE_SELECTABLE, "selectable"}, {ATSPI_STATE_SELECTED, "selected"},
      {ATSPI_STATE_SHOWING, "showing"},       {ATSPI_STATE_VISIBLE, "visible"},
  };
  std::vector<std::string> out;
  for (const auto& p : kPairs) {
    if (hasStateBit(set, p.type)) out.emplace_back(p.name);
  }
  // AT-SPI has no "collapsed" that toolkits set reliably: an expandable element that is not
  // expanded is collapsed, as on macOS.
  if (hasStateBit(set, ATSPI_STATE_EXPANDABLE) && !hasStateBit(set, ATSPI_STATE_EXPANDED))
    out.emplace_back("collapsed");
  std::sort(out.begin(), out.end());
  return out;
}

const std::vector<std::string>& platformActionsFor(const std::string& action) {
  static const std::vector<std::string> kPress = {"click", "press", "jump", "toggle", "activate", "open"};
  static const std::vector<std::string> kShowMenu = {"showmenu", "show menu", "popup", "menu", "context menu"};
  static const std::vector<std::string> kConfirm = {"activate", "confirm", "click", "press"};
  static const std::vector<std::string> kCancel = {"cancel", "close", "dismiss"};
  static const std::vector<std::string> kExpandCollapse = {"expand or contract", "expand or collapse", "toggle"};
  static const std::vector<std::string> kExpand = {"expand"};
  static const std::vector<std::string> kCollapse = {"collapse", "contract"};
  static const std::vector<std::string> kNone;
  if (action == "press") return kPress;
  if (action == "show_menu") return kShowMenu;
  if (action == "confirm") return kConfirm;
  if (action == "cancel") return kCancel;
  if (action == "expand") return kExpand;
  if (action == "collapse") return kCollapse;
  if (action == "toggle_expanded") return kExpandCollapse;
  return kNone;
}

bool nameIn(const std::string& name, const std::vector<std::string>& list) {
  return std::find(list.begin(), list.end(), lower(name)) != list.end();
}

void addUnique(std::vector<std::string>& v, const std::string& s) {
  if (std::find(v.begin(), v.end(), s) == v.end()) v.push_back(s);
}

bool hasStateName(const Element& el, const char* state) {
  return std::find(el.states.begin(), el.states.end(), state) != el.states.end();
}

void addPlatformAction(Element& el, const std::string& name) {
  if (nameIn(name, platformActionsFor("press"))) addUnique(el.actions, "press");
  if (nameIn(name, platformActionsFor("show_menu"))) addUnique(el.actions, "show_menu");
  if (nameIn(name, {"activate", "confirm"})) addUnique(el.actions, "confirm");
  if (nameIn(name, platformActionsFor("cancel"))) addUnique(el.actions, "cancel");
  if ((nameIn(name, platformActionsFor("toggle_expanded")) || nameIn(name, {"expand", "collapse", "contract"})) &&
      hasStateName(el, "expandable"))
    addUnique(el.actions, hasStateName(el, "expanded") ? "collapse" : "expand");
}

std::vector<std::string> readActionNames(DBusMessageIter* it, std::vector<std::string>* keys) {
  std::vector<std::string> names;
  if (!nextIs(it, DBUS_TYPE_ARRAY)) return names;
  DBusMessageIter arr;
  dbus_message_iter_recurse(it, &arr);
  while (nextIs(&arr, DBUS_TYPE_STRUCT)) {
    DBusMessageIter entry;
    dbus_message_iter_recurse(&arr, &entry);
    names.push_back(lower(readString(&entry)));
    // (name, description, key binding): the binding is the shortcut that does this action.
    if (keys && dbus_message_iter_next(&entry) && dbus_message_iter_next(&entry)) {
      std::string binding = readString(&entry);
      if (!binding.empty() && keys->size() < 8 && binding.size() <= 200) keys->push_back(binding);
    }
    dbus_message_iter_next(&arr);
  }
  return names;
}

void addInfoCalls(std::vector<RawCall>& calls, const ObjRef& ref, Info* info, int* answered) {
  calls.push_back(method(ref, kAccessible, "GetRole", nullptr, [info, answered](DBusMessageIter* it) {
    info->role = readUint(it, ATSPI_ROLE_INVALID);
    ++*answered;
  }));
  calls.push_back(method(ref, kAccessible, "GetState", nullptr, [info, answered](DBusMessageIter* it) {
    info->states = readStateWords(it);
    ++*answered;
  }));
  calls.push_back(method(ref, kAccessible, "GetInterfaces", nullptr, [info, answered](DBusMessageIter* it) {
    info->ifaces = readInterfaces(it);
    ++*answered;
  }));
  calls.push_back(allProperties(ref, kAccessible, [info](const std::string& name, DBusMessageIter* v) {
    if (name == "Name") info->name = readString(v);
    else if (name == "Description") info->description = readString(v);
    else if (name == "ChildCount") info->childCount = readInt(v, -1);
  }));
  calls.back().onReply = [inner = calls.back().onReply, answered](DBusMessageIter* it) {
    inner(it);
    ++*answered;
  };
}

bool labelInText(AtspiRole role) { return role == ATSPI_ROLE_ICON || role == ATSPI_ROLE_LIST_ITEM; }

uint8_t detailsNeeded(const Info& info) {
  auto role = static_cast<AtspiRole>(info.role);
  uint8_t need = 0;
  if (info.ifaces & kIfaceComponent) need |= kNeedBounds;
  if (info.ifaces & kIfaceAction) need |= kNeedActions;
  if ((info.ifaces & kIfaceText) && info.name.empty() && labelInText(role)) need |= kNeedTextAsName;
  else if ((info.ifaces & kIfaceText) && isTextRole(role)) need |= kNeedText;
  // Only where a number is what it shows: LibreOffice gives every button a Value of 0.
  else if ((info.ifaces & kIfaceValue) && numericRole(role)) need |= kNeedValue;
  if (role == ATSPI_ROLE_PASSWORD_TEXT) need &= ~(kNeedText | kNeedValue);
  return need;
}

void addStateActions(Element& el, AtspiRole role, bool hasValue) {
  if (hasStateName(el, "focusable")) addUnique(el.actions, "focus");
  if (hasValue && !hasStateName(el, "read_only") && hasStateName(el, "enabled") && role != ATSPI_ROLE_PROGRESS_BAR &&
      role != ATSPI_ROLE_LEVEL_BAR) {
    addUnique(el.actions, "increment");
    addUnique(el.actions, "decrement");
  }
  if (hasStateName(el, "selectable")) addUnique(el.actions, "select");
}

Element elementOf(const Info& info) {
  Element el;
  auto role = static_cast<AtspiRole>(info.role);
  el.states = stateNames(info.states);
  el.role = normalizeRole(role, hasStateBit(info.states, ATSPI_STATE_EDITABLE),
                          hasStateBit(info.states, ATSPI_STATE_MULTI_LINE));
  el.platformRole = take(atspi_role_get_name(role));  // a table lookup in libatspi: no D-Bus
  el.name = info.name;
  el.description = info.description;
  addStateActions(el, role, (detailsNeeded(info) & kNeedValue) != 0);
  return el;
}

void addDetailCalls(std::vector<RawCall>& calls, const ObjRef& ref, uint8_t need, Element* el,
                    std::vector<std::string>* rawActions, int* textLength) {
  if (need & kNeedBounds) {
    calls.push_back(method(ref, "org.a11y.atspi.Component", "GetExtents", argUint(ATSPI_COORD_TYPE_SCREEN),
                           [el](DBusMessageIter* it) { el->bounds = readExtents(it); }));
  }
  if (need & kNeedActions) {
    calls.push_back(method(ref, "org.a11y.atspi.Action", "GetActions", nullptr, [el, rawActions](DBusMessageIter* it) {
      std::vector<std::string> names = readActionNames(it, &el->keys);
      for (const auto& name : names) addPlatformAction(*el, name);
      if (rawActions) *rawActions = std::move(names);
    }));
  }
  // The text is read in a second batch, up to its length: LibreOffice answers GetText with nothing
  // at all when the range asked for goes past the end.
  if ((need & (kNeedText | kNeedTextAsName)) && textLength) {
    calls.push_back(property(ref, "org.a11y.atspi.Text", "CharacterCount",
                             [textLength](DBusMessageIter* v) { *textLength = readInt(v, -1); }));
  }
  if (need & kNeedValue) {
    calls.push_back(property(ref, "org.a11y.atspi.Value", "CurrentValue",
                             [el](DBusMessageIter* v) { el->value = formatNumber(readDouble(v)); }));
  }
}

}  // namespace atspi
}  // namespace axb
