// What the Linux bridge makes of an element's AT-SPI answers: its role, states and actions in the
// bridge's vocabulary, and the calls that read them. Everything here runs on the bridge thread.
#pragma once

#include <atspi/atspi.h>  // AtspiRole, AtspiStateType and atspi_role_get_name only: libatspi makes no call here
#include <dbus/dbus.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../../include/ax_bridge.h"
#include "dbus_calls.h"

namespace axb {
namespace atspi {

// What a snapshot needs to know of an element before its details.
struct Info {
  uint32_t role = ATSPI_ROLE_INVALID;
  std::string name, description;
  uint64_t states = 0;
  uint16_t ifaces = 0;
  int childCount = -1;  // -1: unknown, ask for the children
};

// Roles whose text is their value are read with Text; others with Value. Bits of what to fetch.
constexpr uint8_t kNeedBounds = 1, kNeedActions = 2, kNeedText = 4, kNeedValue = 8, kNeedTextAsName = 16;

// Roles whose text is their value (what the user typed), not their name.
bool isTextRole(AtspiRole role);

// Roles whose value is a number even when they also take text (GTK spin buttons are entries).
bool numericRole(AtspiRole role);

bool hasStateBit(uint64_t states, AtspiStateType type);
std::vector<std::string> stateNames(uint64_t set);

// Platform action names, in order of preference, for each bridge action done through AtkAction.
const std::vector<std::string>& platformActionsFor(const std::string& action);

bool nameIn(const std::string& name, const std::vector<std::string>& list);

void addUnique(std::vector<std::string>& v, const std::string& s);

bool hasStateName(const Element& el, const char* state);

// Adds the bridge action a platform action name stands for, if any.
void addPlatformAction(Element& el, const std::string& name);

// Action names of an Action.GetActions reply, a(sss): (name, description, key binding).
// The action names of a GetActions answer; `keys` (optional) receives the key bindings it declares.
std::vector<std::string> readActionNames(DBusMessageIter* it, std::vector<std::string>* keys = nullptr);

// Calls that read an element's Info; `answered` counts the ones that came back.
void addInfoCalls(std::vector<RawCall>& calls, const ObjRef& ref, Info* info, int* answered);

// Items whose label is only in their text (GTK icon view items have no name).
bool labelInText(AtspiRole role);

uint8_t detailsNeeded(const Info& info);

// Actions that follow from states and interfaces rather than from the Action interface.
void addStateActions(Element& el, AtspiRole role, bool hasValue);

Element elementOf(const Info& info);

// Calls that read an element's bounds, actions and value; `done` counts the answers (or the
// errors that are about this element alone).
void addDetailCalls(std::vector<RawCall>& calls, const ObjRef& ref, uint8_t need, Element* el,
                    std::vector<std::string>* rawActions, int* textLength);

}  // namespace atspi
}  // namespace axb
