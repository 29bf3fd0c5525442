// AX roles and subroles mapped to the cross-platform role vocabulary (src/shared/roles.ts).
#pragma once

#include <string>

namespace axb {

std::string normalizeMacRole(const std::string& role, const std::string& subrole);

}  // namespace axb
