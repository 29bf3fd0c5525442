// The snapshots whose element ids still resolve, shared by both halves of the bridge (Linux: AT-SPI
// object references; macOS: retained AXUIElementRefs), so that both keep ids alive by one policy.
//
// Several readers share a bridge thread (the engine, and in the same process an overlay or a test
// reading a label), and one reader's snapshot must not retire the ids another is about to act on.
// So the store keeps the latest kKeptGenerations snapshots, fewer when together they hold more than
// kKeptHandles elements; the latest is always kept. Each reader's own older ids are refused as stale
// by the TypeScript wrapper; here only the memory is bounded.
//
// Plain C++17 with no platform type: compiled into the Linux addon, the macOS addon, and the unit
// test tests/native/cc/generations_test.cc (run on Linux by tests/native/shared-headers.test.ts).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "ax_bridge.h"

namespace axb {

template <typename Handle>
class GenerationStore {
 public:
  static constexpr size_t kKeptGenerations = 16;
  static constexpr size_t kKeptHandles = 100000;

  struct Generation {
    uint32_t number;
    int pid;
    std::vector<Handle> handles;
  };

  // `release` is called once for every handle the store drops (macOS: CFRelease); none by default.
  explicit GenerationStore(std::function<void(Handle&)> release = nullptr, size_t keptGenerations = kKeptGenerations,
                           size_t keptHandles = kKeptHandles)
      : release_(std::move(release)), keptGenerations_(keptGenerations), keptHandles_(keptHandles) {}
  GenerationStore(const GenerationStore&) = delete;
  GenerationStore& operator=(const GenerationStore&) = delete;
  ~GenerationStore() { clear(); }

  // Keeps the handles of a new snapshot (handle i is element id i + 1) and returns its generation.
  // An empty snapshot is not kept and takes no number: 0 is returned.
  uint32_t keep(std::vector<Handle> handles, int pid) {
    if (handles.empty()) return 0;
    ++latest_;
    held_ += handles.size();
    generations_.push_back({latest_, pid, std::move(handles)});
    while (generations_.size() > 1 && (generations_.size() > keptGenerations_ || held_ > keptHandles_)) {
      drop(generations_.front());
      generations_.pop_front();
    }
    return latest_;
  }

  // The generation an id belongs to, or the error the user reads: "stale" when its snapshot is no
  // longer kept, "not found" when the snapshot has no such element.
  Result<const Generation*> find(ElementRef ref) const {
    for (const Generation& g : generations_) {
      if (g.number != ref.generation) continue;
      if (ref.id < 1 || ref.id > static_cast<int>(g.handles.size())) {
        return Error{ErrorCode::NotFound, "Snapshot " + std::to_string(ref.generation) + " has no element " +
                                              std::to_string(ref.id) + " (it has " + std::to_string(g.handles.size()) +
                                              "): observe again."};
      }
      return &g;
    }
    return staleError(ref.generation, latest_);
  }

  uint32_t latest() const { return latest_; }
  size_t size() const { return generations_.size(); }
  size_t handles() const { return held_; }

  void clear() {
    for (Generation& g : generations_) drop(g);
    generations_.clear();
  }

 private:
  void drop(Generation& g) {
    if (release_)
      for (Handle& h : g.handles) release_(h);
    held_ -= g.handles.size();
    g.handles.clear();
  }

  std::function<void(Handle&)> release_;
  size_t keptGenerations_;
  size_t keptHandles_;
  uint32_t latest_ = 0;
  size_t held_ = 0;
  std::deque<Generation> generations_;
};

}  // namespace axb
