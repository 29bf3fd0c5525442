// Unit test of include/generations.h, the stale-id store both halves of the bridge use.
#include "../../../native/ax-bridge/include/generations.h"

#include <vector>

#include "check.h"

using axb::ElementRef;
using axb::ErrorCode;
using axb::GenerationStore;

int main() {
  // Ids resolve while their snapshot is kept; a dropped snapshot's ids are stale with the sentence
  // both platforms give.
  {
    std::vector<int> released;
    GenerationStore<int> store([&released](int& h) { released.push_back(h); });
    CHECK_EQ(store.keep({}, 7), 0u);  // an empty snapshot takes no number
    CHECK_EQ(store.latest(), 0u);
    CHECK_EQ(store.keep({10, 11, 12}, 7), 1u);
    auto found = store.find(ElementRef{1, 2});
    CHECK(found.ok());
    if (found.ok()) {
      CHECK_EQ(found.value()->handles[2 - 1], 11);
      CHECK_EQ(found.value()->pid, 7);
    }
    auto missing = store.find(ElementRef{1, 4});
    CHECK(!missing.ok() && missing.error().code == ErrorCode::NotFound);
    if (!missing.ok()) CHECK_EQ(missing.error().message, std::string("Snapshot 1 has no element 4 (it has 3): observe again."));
    CHECK(!store.find(ElementRef{1, 0}).ok());
    for (int i = 0; i < 16; ++i) store.keep({100 + i}, 8);
    CHECK_EQ(store.latest(), 17u);
    CHECK_EQ(store.size(), 16u);
    auto stale = store.find(ElementRef{1, 1});
    CHECK(!stale.ok() && stale.error().code == ErrorCode::Stale);
    if (!stale.ok())
      CHECK_EQ(stale.error().message,
               std::string("stale element — observe again: the element comes from snapshot 1, but the latest snapshot is 17."));
    CHECK_EQ(released.size(), 3u);  // the first snapshot's three handles, once each
    CHECK(store.find(ElementRef{2, 1}).ok());
    CHECK(store.find(ElementRef{17, 1}).ok());
    store.clear();
    CHECK_EQ(released.size(), 3u + 16u);
    CHECK_EQ(store.handles(), 0u);
    CHECK(!store.find(ElementRef{17, 1}).ok());
  }
  // Before any snapshot: the sentence says so.
  {
    GenerationStore<int> store;
    auto stale = store.find(ElementRef{3, 1});
    CHECK(!stale.ok());
    if (!stale.ok())
      CHECK_EQ(stale.error().message,
               std::string("stale element — observe again: the element comes from snapshot 3, and no snapshot has been taken since the bridge started."));
  }
  // Fewer snapshots are kept when together they hold too many elements; the latest always is.
  {
    int releasedCount = 0;
    GenerationStore<int> store([&releasedCount](int&) { ++releasedCount; }, 16, 10);
    store.keep(std::vector<int>(6, 1), 1);
    store.keep(std::vector<int>(6, 2), 1);  // 12 > 10: the first goes
    CHECK_EQ(store.size(), 1u);
    CHECK_EQ(releasedCount, 6);
    store.keep(std::vector<int>(25, 3), 1);  // over the limit alone, but the latest is kept
    CHECK_EQ(store.size(), 1u);
    CHECK_EQ(store.handles(), 25u);
    CHECK(store.find(ElementRef{3, 25}).ok());
  }
  // The destructor releases what is still kept (macOS: every retained AXUIElementRef).
  {
    int releasedCount = 0;
    {
      GenerationStore<int> store([&releasedCount](int&) { ++releasedCount; });
      store.keep({1, 2}, 1);
      store.keep({3}, 1);
    }
    CHECK_EQ(releasedCount, 3);
  }
  return checkFailures();
}
