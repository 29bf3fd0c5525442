// The switch keys on macOS: a Quartz event tap at the session level that hears every key press and
// release, reports the switch keys' and swallows them, so the app in front never gets them.
// UNVERIFIED: written to mirror src/linux/x11_keygrab.cc; these machines are not Macs.
//
// - The tap runs on a thread of its own with its own run loop; set() posts to that thread.
// - An event tap that may swallow events needs the Accessibility permission (the same one the bridge
//   needs); without it CGEventTapCreate returns NULL and set() says so.
// - Events the assistant posts itself (typing a command's text) carry this process's pid and pass
//   through untouched; auto-repeat presses are swallowed but not reported.
// - A key is taken only with no modifier but Caps Lock: Shift+Space and Cmd+Enter stay the app's. The
//   Fn flag macOS sets on every function key press is not a modifier the user holds
//   (mac::switchPressTaken, include/mac_input.h).
// - macOS turns a tap off when its callback is slow (kCGEventTapDisabledByTimeout); the callback
//   turns it on again.
// - Secure input (a password field, Terminal's Secure Keyboard Entry) keeps every key from the tap
//   while it lasts, whatever the tap does: the switch's Space or Enter then reaches the app in front.
//   A one-second check on the tap's thread (IsSecureEventInputEnabled) reports when it begins and
//   ends (KeyEdge::SecureInputOn/Off); the shell then registers F13–F24 switch keys as global
//   shortcuts, which Carbon hot keys still receive, and tells the user (issue #33).
#include "../../include/key_grab.h"
#include "../../include/mac_input.h"

#import <ApplicationServices/ApplicationServices.h>
#import <Carbon/Carbon.h>

#include <unistd.h>

#include <condition_variable>
#include <map>
#include <mutex>
#include <set>
#include <thread>

namespace axb {

const std::vector<std::string> kGrabbableKeys = {"Space", "Enter", "1",   "2",   "F13", "F14", "F15", "F16",
                                                 "F17",   "F18",   "F19", "F20", "F21", "F22", "F23", "F24"};

namespace {

// Virtual key codes (Carbon's kVK_*). Apple keyboards end at F20.
int keyCodeOf(const std::string& key) {
  static const std::map<std::string, int> codes = {
      {"Space", kVK_Space}, {"Enter", kVK_Return}, {"1", kVK_ANSI_1}, {"2", kVK_ANSI_2},
      {"F13", kVK_F13},     {"F14", kVK_F14},      {"F15", kVK_F15},  {"F16", kVK_F16},
      {"F17", kVK_F17},     {"F18", kVK_F18},      {"F19", kVK_F19},  {"F20", kVK_F20},
  };
  auto it = codes.find(key);
  return it == codes.end() ? -1 : it->second;
}

// include/mac_input.h decides with CGEventFlags' values and Carbon's key codes written out (it is
// tested on Linux); these tie them to the SDK's.
static_assert(mac::kFlagShift == kCGEventFlagMaskShift && mac::kFlagControl == kCGEventFlagMaskControl &&
                  mac::kFlagAlternate == kCGEventFlagMaskAlternate && mac::kFlagCommand == kCGEventFlagMaskCommand &&
                  mac::kFlagNumericPad == kCGEventFlagMaskNumericPad &&
                  mac::kFlagSecondaryFn == kCGEventFlagMaskSecondaryFn,
              "CGEventFlags values");
static_assert(kVK_F13 == 0x69 && kVK_F16 == 0x6A && kVK_F17 == 0x40 && kVK_F20 == 0x5A && kVK_F1 == 0x7A,
              "function key codes");

class MacKeyGrab : public KeyGrab {
 public:
  explicit MacKeyGrab(std::function<void(const KeyReport&)> onKey) : onKey_(std::move(onKey)) {}
  ~MacKeyGrab() override { shutdown(); }

  void set(std::vector<std::string> keys, std::function<void(Result<std::vector<GrabOutcome>>)> done) override {
    std::unique_lock<std::mutex> lock(mutex_);
    if (stopping_) {
      done(Error{ErrorCode::Unavailable, "the switch keys are no longer held: the assistant is stopping"});
      return;
    }
    if (!thread_.joinable()) {
      thread_ = std::thread([this] { loop(); });
      started_.wait(lock, [this] { return runLoop_ != nullptr; });
    }
    CFRunLoopRef rl = runLoop_;
    lock.unlock();
    CFRunLoopPerformBlock(rl, kCFRunLoopDefaultMode, ^{
      done(apply(keys));
    });
    CFRunLoopWakeUp(rl);
  }

  void shutdown() override {
    CFRunLoopRef rl = nullptr;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopping_) return;
      stopping_ = true;
      rl = runLoop_;
    }
    if (rl) {
      CFRunLoopPerformBlock(rl, kCFRunLoopDefaultMode, ^{
        disableTap();
        CFRunLoopStop(CFRunLoopGetCurrent());
      });
      CFRunLoopWakeUp(rl);
    }
    if (thread_.joinable()) thread_.join();
  }

 private:
  void loop() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      runLoop_ = CFRunLoopGetCurrent();
    }
    started_.notify_all();
    // A source keeps the run loop running while no tap exists yet.
    CFRunLoopSourceContext context = {};
    CFRunLoopSourceRef keep = CFRunLoopSourceCreate(kCFAllocatorDefault, 0, &context);
    CFRunLoopAddSource(CFRunLoopGetCurrent(), keep, kCFRunLoopDefaultMode);
    CFRunLoopRun();
    CFRunLoopRemoveSource(CFRunLoopGetCurrent(), keep, kCFRunLoopDefaultMode);
    CFRelease(keep);
  }

  Result<std::vector<GrabOutcome>> apply(const std::vector<std::string>& keys) {
    std::vector<GrabOutcome> out;
    std::map<int, std::string> next;
    for (const std::string& key : keys) {
      int code = keyCodeOf(key);
      if (code < 0) out.push_back({key, "a Mac keyboard has no " + key + " key"});
      else {
        next[code] = key;
        out.push_back({key, ""});
      }
    }
    for (auto it = down_.begin(); it != down_.end();) {
      if (next.count(*it)) ++it;
      else {
        onKey_({grabbed_[*it], KeyEdge::Lost});
        it = down_.erase(it);
      }
    }
    grabbed_ = next;
    if (grabbed_.empty()) {
      disableTap();
      return out;
    }
    if (!secureTimer_) {
      CFRunLoopTimerContext ctx{0, this, nullptr, nullptr, nullptr};
      secureTimer_ =
          CFRunLoopTimerCreate(nullptr, CFAbsoluteTimeGetCurrent(), 1.0, 0, 0, &MacKeyGrab::onSecureCheck, &ctx);
      CFRunLoopAddTimer(CFRunLoopGetCurrent(), secureTimer_, kCFRunLoopCommonModes);
    }
    if (!tap_) {
      CGEventMask mask = CGEventMaskBit(kCGEventKeyDown) | CGEventMaskBit(kCGEventKeyUp);
      tap_ = CGEventTapCreate(kCGSessionEventTap, kCGHeadInsertEventTap, kCGEventTapOptionDefault, mask,
                              &MacKeyGrab::onEvent, this);
      if (!tap_) {
        grabbed_.clear();
        return Error{
            ErrorCode::PermissionDenied,
            "macOS does not let the assistant hear the keyboard: allow Assistive Control under System Settings > "
            "Privacy & Security > Accessibility (and Input Monitoring)"};
      }
      source_ = CFMachPortCreateRunLoopSource(kCFAllocatorDefault, tap_, 0);
      CFRunLoopAddSource(CFRunLoopGetCurrent(), source_, kCFRunLoopCommonModes);
    }
    CGEventTapEnable(tap_, true);
    return out;
  }

  static void onSecureCheck(CFRunLoopTimerRef, void* self) { static_cast<MacKeyGrab*>(self)->checkSecureInput(); }

  // Tap thread, every second while keys are held: reports a change of secure input.
  void checkSecureInput() {
    bool secure = IsSecureEventInputEnabled();
    if (secure == secure_) return;
    secure_ = secure;
    if (secure) {
      for (int code : down_) onKey_({grabbed_[code], KeyEdge::Lost});  // their releases will not come
      down_.clear();
    }
    onKey_({"", secure ? KeyEdge::SecureInputOn : KeyEdge::SecureInputOff});
  }

  void stopSecureCheck() {
    if (!secureTimer_) return;
    CFRunLoopTimerInvalidate(secureTimer_);
    CFRelease(secureTimer_);
    secureTimer_ = nullptr;
    if (secure_) onKey_({"", KeyEdge::SecureInputOff});  // nothing held: nothing to fall back for
    secure_ = false;
  }

  void disableTap() {
    stopSecureCheck();
    if (!tap_) return;
    CGEventTapEnable(tap_, false);
    CFRunLoopRemoveSource(CFRunLoopGetCurrent(), source_, kCFRunLoopCommonModes);
    CFRelease(source_);
    CFMachPortInvalidate(tap_);
    CFRelease(tap_);
    source_ = nullptr;
    tap_ = nullptr;
    down_.clear();
  }

  static CGEventRef onEvent(CGEventTapProxy, CGEventType type, CGEventRef event, void* self) {
    return static_cast<MacKeyGrab*>(self)->handle(type, event);
  }

  CGEventRef handle(CGEventType type, CGEventRef event) {
    if (type == kCGEventTapDisabledByTimeout || type == kCGEventTapDisabledByUserInput) {
      if (tap_ && !grabbed_.empty()) CGEventTapEnable(tap_, true);
      return event;
    }
    if (type != kCGEventKeyDown && type != kCGEventKeyUp) return event;
    // What the assistant types itself goes to the app.
    if (CGEventGetIntegerValueField(event, kCGEventSourceUnixProcessID) == getpid()) return event;
    int code = static_cast<int>(CGEventGetIntegerValueField(event, kCGKeyboardEventKeycode));
    auto it = grabbed_.find(code);
    if (it == grabbed_.end()) return event;
    if (type == kCGEventKeyDown) {
      if (!mac::switchPressTaken(code, CGEventGetFlags(event)) && !down_.count(code)) return event;
      if (CGEventGetIntegerValueField(event, kCGKeyboardEventAutorepeat) == 0 && down_.insert(code).second)
        onKey_({it->second, KeyEdge::Down});
      return nullptr;
    }
    if (!down_.erase(code)) return event;  // its press went to the app (a modifier was held)
    onKey_({it->second, KeyEdge::Up});
    return nullptr;
  }

  std::function<void(const KeyReport&)> onKey_;
  std::mutex mutex_;
  std::condition_variable started_;
  bool stopping_ = false;
  std::thread thread_;
  CFRunLoopRef runLoop_ = nullptr;
  // Touched only on the tap's thread:
  CFMachPortRef tap_ = nullptr;
  CFRunLoopSourceRef source_ = nullptr;
  std::map<int, std::string> grabbed_;
  std::set<int> down_;
  CFRunLoopTimerRef secureTimer_ = nullptr;
  bool secure_ = false;
};

}  // namespace

std::unique_ptr<KeyGrab> createKeyGrab(std::function<void(const KeyReport&)> onKey) {
  return std::make_unique<MacKeyGrab>(std::move(onKey));
}

}  // namespace axb
