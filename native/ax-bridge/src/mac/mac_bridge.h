// The macOS half of the bridge: one class, its members defined in several files by concern, file for
// file as the Linux half's (src/linux/linux_bridge.h).
//
// ax_bridge.mm   the bridge thread and its run loop, permission; events (the observers and the poll) on a watch thread
// apps.mm        the running apps (the process table), the installed ones, launching and activating
// snapshot.mm    reading the tree: the walk, each element in one batched read
// actions.mm     resolving an element id, and performing actions on it
// text.mm        reading values, typing text, the caret and the selection
// window.mm      window commands; screen_capture.mm  a picture of an app's front window
// ax_calls.h     the CF and AX helpers they share
//
// UNVERIFIED: never compiled or run by the project (its CI is Debian); see the top of ax_bridge.mm.
#pragma once

#import <ApplicationServices/ApplicationServices.h>

#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "../../include/ax_bridge.h"
#include "../../include/generations.h"
#include "../../include/mac_mapping.h"
#include "ax_calls.h"

namespace axb {
namespace ax {

// The process ids of regular apps (those with a Dock icon and menu bar), read from the process
// table: NSWorkspace's list is stale off the main run loop (see the top of ax_bridge.mm). Only
// processes inside an .app bundle are asked about; an app that was not regular in its first ten
// seconds (an Electron app sets its policy after launch) is not asked again.
class RegularApps {
 public:
  std::vector<pid_t> list();
  // Counts `pid` as regular while it runs: a menu-bar app the assistant started (issue #33).
  void adopt(pid_t pid);

 private:
  std::set<pid_t> adopted_;
  struct Seen {
    CFAbsoluteTime firstSeen;
    bool bundled;
    bool regular;
  };
  std::map<pid_t, Seen> seen_;
};

class MacBridge final : public Bridge {
 public:
  MacBridge();
  ~MacBridge() override { shutdown(); }
  void post(std::function<void()> fn) override;
  void shutdown() override;
  Result<Permission> permission(bool prompt, const Deadline&) override;
  Result<AppInfo> frontmostApp(const Deadline& deadline) override;
  Result<int> keyboardOwner(const Deadline& deadline) override;
  Result<std::vector<AppInfo>> runningApps(const Deadline& deadline) override;
  Result<Launched> launchApp(LaunchBy by, const std::string& what, const Deadline& deadline) override;
  Result<std::vector<InstalledApp>> installedApps(const Deadline& deadline) override;
  Result<Snapshot> snapshot(const SnapshotOptions& options, const Deadline& deadline) override;
  Result<Done> performAction(ElementRef ref, const std::string& action, const Deadline& deadline) override;
  Result<Done> setValue(ElementRef ref, const std::string& value, const Deadline& deadline) override;
  Result<std::optional<std::string>> readValue(ElementRef ref, const Deadline& deadline) override;
  Result<Inserted> insertText(ElementRef ref, const std::string& text, InsertAt at, const Deadline& deadline) override;
  Result<TextSelection> textSelection(ElementRef ref, const Deadline& deadline) override;
  Result<TextSelection> setTextSelection(ElementRef ref, int start, int end, const Deadline& deadline) override;
  Result<Done> activateApp(int pid, const Deadline& deadline) override;
  // window.mm (UNVERIFIED)
  Result<WindowList> listWindows(const Deadline& deadline) override;
  Result<Done> windowCommand(uint64_t window, const std::string& command, const Rect& frame,
                             const Deadline& deadline) override;
  // screen_capture.mm (UNVERIFIED)
  Result<Picture> captureWindow(int pid, const Rect& area, const Deadline& deadline) override;
  Result<Done> setEventHandler(std::function<void(const Event&)> handler) override;

 private:
  // window.mm: the regular apps are hidden by "show the desktop" (shown again by hide_desktop).
  bool showingDesktop_ = false;
  // ax_bridge.mm
  void run();
  void startWatch();
  void stopWatch();
  void watchEvents(bool on);
  bool hasHandler();
  pid_t watchFrontmost();
  static void onPoll(CFRunLoopTimerRef, void* info);
  void poll();
  int addObserver(pid_t pid);
  void removeObserver(pid_t pid);
  static void onNotification(AXObserverRef, AXUIElementRef element, CFStringRef notification, void* info);
  void deliver(AXUIElementRef element, EventType type);

  // apps.mm
  AppInfo infoFor(pid_t pid);
  bool respondsWithin(pid_t pid, const Deadline& deadline);

  // snapshot.mm
  static constexpr CFIndex kHugeChildren = 1000;
  static constexpr CFIndex kMaxVisibleItems = 400;
  static const std::set<std::string>& kMayBeHuge();
  AXError readElement(AXUIElementRef el, const SnapshotOptions& options, bool isRoot, Element& out,
                      std::vector<AXUIElementRef>& children, std::vector<AXUIElementRef>& defaults,
                      std::optional<Rect>& clip);

  // actions.mm
  mac::MacFacts actionFacts(AXUIElementRef el);
  pid_t pidOf(AXUIElementRef el);
  Result<AXUIElementRef> resolve(ElementRef ref, const Deadline& deadline);
  static Error unsupported(const std::string& action);

  std::mutex mutex_;
  std::condition_variable ready_;
  std::thread thread_;
  CFRunLoopRef runLoop_ = nullptr;
  bool stopped_ = false;

  // Bridge-thread state.
  // The snapshots whose ids still resolve: the same policy as on Linux (include/generations.h). The
  // elements are retained by the snapshot and released when the store drops it.
  GenerationStore<AXUIElementRef> generations_{[](AXUIElementRef& h) { CFRelease(h); }};
  RegularApps regularApps_;
  std::map<pid_t, CFAbsoluteTime> answeredAt_;  // when each app last answered respondsWithin

  // The event handler: set on the bridge thread, called on the watch thread.
  std::mutex handlerMutex_;
  std::function<void(const Event&)> handler_;

  // The watch thread (events and the poll, issue #33) and its state, touched only there.
  std::mutex watchMutex_;
  std::condition_variable watchReady_;
  std::thread watchThread_;
  CFRunLoopRef watchLoop_ = nullptr;
  bool watchStopped_ = false;
  RegularApps watchApps_;
  CFRunLoopTimerRef pollTimer_ = nullptr;
  std::map<pid_t, AXObserverRef> observers_;
  struct Failed {
    int attempts = 0;
    CFAbsoluteTime last = 0;
    int error = 0;  // the AXError of the last attempt
  };
  std::map<pid_t, Failed> failedObservers_;
  pid_t lastFront_ = 0;
};

}  // namespace ax
}  // namespace axb
