// A minimal check macro for the plain C++ unit tests of the bridge's shared headers: each failed
// check prints where and what, and main() returns the number of failures.
#pragma once

#include <iostream>
#include <string>

inline int& checkFailures() {
  static int failures = 0;
  return failures;
}

#define CHECK(cond)                                                                   \
  do {                                                                                \
    if (!(cond)) {                                                                    \
      ++checkFailures();                                                              \
      std::cerr << __FILE__ << ":" << __LINE__ << ": check failed: " #cond << "\n";   \
    }                                                                                 \
  } while (0)

#define CHECK_EQ(a, b)                                                                                     \
  do {                                                                                                     \
    auto checkA = (a);                                                                                     \
    auto checkB = (b);                                                                                     \
    if (!(checkA == checkB)) {                                                                             \
      ++checkFailures();                                                                                   \
      std::cerr << __FILE__ << ":" << __LINE__ << ": " #a " == " #b " failed: got " << checkA << ", want " \
                << checkB << "\n";                                                                         \
    }                                                                                                      \
  } while (0)
