// AT-SPI roles mapped to the cross-platform role vocabulary (src/shared/roles.ts).
#pragma once

#include <atspi/atspi.h>

#include <string>

namespace axb {

// editable / multiLine refine ATSPI_ROLE_TEXT, which GTK3 uses for labels, entries and text views alike.
std::string normalizeRole(AtspiRole role, bool editable, bool multiLine);

}  // namespace axb
