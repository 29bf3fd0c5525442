// The user's key presses on macOS (include/key_watch.h): a listen-only Quartz event tap at the point
// where session events are annotated for the app in front (after the session taps), that counts key
// downs and swallows nothing.
// UNVERIFIED: written to mirror src/linux/x11_keywatch.cc; these machines are not Macs
// (docs/macos-review.md says what a Mac must confirm).
//
// - Whose key: an event carries the pid of the process that posted it (kCGEventSourceUnixProcessID);
//   the assistant's own keys (the input library's and the bridge's Unicode typing) carry this
//   process's pid and are not counted. Keys from the keyboard carry none, and keys another app posts
//   (an on-screen keyboard) carry that app's: both count.
// - Auto-repeat (kCGKeyboardEventAutorepeat) does not count, nor do the switch keys held for the scan:
//   the switch keys' tap (key_grab.mm) swallows them at the session point, before this tap.
// - A listen-only tap needs the Input Monitoring permission; without it CGEventTapCreate returns
//   NULL and the state says so.
// - The tap runs on a thread of its own with its own run loop; macOS turns a tap off when it is slow
//   or when the user input is secure, and the callback turns it on again.
#include "../../include/key_watch.h"

#import <ApplicationServices/ApplicationServices.h>

#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace axb {

namespace {

class MacKeyWatch : public KeyWatch {
 public:
  ~MacKeyWatch() override { shutdown(); }

  // The held switch keys need no list here: the grab's session tap (key_grab.mm) swallows them, and a
  // tap at the annotated-session point, after it, never sees what a session tap swallowed.
  void watch(std::vector<std::string>) override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_ || thread_.joinable()) return;
    thread_ = std::thread([this] { loop(); });
  }

  KeyWatchState state() override {
    std::lock_guard<std::mutex> lock(mutex_);
    return state_;
  }

  // The tap's thread looks at `stopping_` between short run loop turns (at most half a second).
  void shutdown() override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopping_) return;
      stopping_ = true;
    }
    if (thread_.joinable()) thread_.join();
  }

 private:
  static CGEventRef onEvent(CGEventTapProxy, CGEventType type, CGEventRef event, void* self) {
    auto* watch = static_cast<MacKeyWatch*>(self);
    if (type == kCGEventTapDisabledByTimeout || type == kCGEventTapDisabledByUserInput) {
      if (watch->tap_) CGEventTapEnable(watch->tap_, true);
      return event;
    }
    if (type != kCGEventKeyDown) return event;
    const bool user = CGEventGetIntegerValueField(event, kCGKeyboardEventAutorepeat) == 0 &&
                      CGEventGetIntegerValueField(event, kCGEventSourceUnixProcessID) != getpid();
    std::lock_guard<std::mutex> lock(watch->mutex_);
    ++watch->state_.seen;
    if (user) ++watch->state_.presses;
    return event;
  }

  void loop() {
    CFMachPortRef tap = CGEventTapCreate(kCGAnnotatedSessionEventTap, kCGHeadInsertEventTap,
                                         kCGEventTapOptionListenOnly, CGEventMaskBit(kCGEventKeyDown), onEvent, this);
    if (!tap) {
      std::lock_guard<std::mutex> lock(mutex_);
      state_.problem =
          "macOS does not let Assistive Control see the keys you press: turn it on in System Settings › Privacy & "
          "Security › Input Monitoring";
      return;
    }
    CFRunLoopSourceRef source = CFMachPortCreateRunLoopSource(kCFAllocatorDefault, tap, 0);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      tap_ = tap;
      state_.watching = !stopping_;
      if (stopping_) {
        CFRelease(source);
        CFRelease(tap);
        tap_ = nullptr;
        return;
      }
    }
    CFRunLoopAddSource(CFRunLoopGetCurrent(), source, kCFRunLoopCommonModes);
    CGEventTapEnable(tap, true);
    // In short turns, so a shutdown asked before the run loop ran is still seen.
    for (;;) {
      {
        std::lock_guard<std::mutex> lock(mutex_);
        if (stopping_) break;
      }
      CFRunLoopRunInMode(kCFRunLoopDefaultMode, 0.5, false);
    }
    CGEventTapEnable(tap, false);
    CFRunLoopRemoveSource(CFRunLoopGetCurrent(), source, kCFRunLoopCommonModes);
    CFRelease(source);
    std::lock_guard<std::mutex> lock(mutex_);
    CFRelease(tap);
    tap_ = nullptr;
    state_.watching = false;
  }

  std::mutex mutex_;
  KeyWatchState state_;
  bool stopping_ = false;
  std::thread thread_;
  CFMachPortRef tap_ = nullptr;
};

}  // namespace

std::unique_ptr<KeyWatch> createKeyWatch() { return std::make_unique<MacKeyWatch>(); }

}  // namespace axb
