// What the macOS half decides about apps without calling Apple's API, in plain C++17 so that
// tests/native/cc/mac_apps_test.cc proves it on Linux (issue #33): when to try an app's observer
// again, what a launch that is still going on counts as, and what bringing an app forward takes.
// src/mac/ax_bridge.mm and src/mac/apps.mm call these; the AXError values are tied to the SDK's by
// static_asserts there.
#pragma once

#include <vector>

namespace axb {
namespace mac {

constexpr int kAXSuccess = 0;
constexpr int kAXCannotComplete = -25204;     // the app is busy or still starting
constexpr int kAXNotImplemented = -25208;     // the app has no accessibility at all
constexpr int kAXAlreadyRegistered = -25209;  // kAXErrorNotificationAlreadyRegistered
constexpr int kAXAPIDisabled = -25211;        // the assistant lost (or never had) the permission

// An app's observer could not be added (error `error`, `attempts` times so far, the last one
// `sinceLast` seconds ago). Retry now, later, or never (until the permission is given again: the
// poll stops asking every app while AXAPIDisabled lasts, rather than failing silently forever).
enum class ObserverRetry { Now, Later, Never, NoPermission };

inline ObserverRetry observerRetry(int error, int attempts, double sinceLast) {
  if (error == kAXAPIDisabled) return ObserverRetry::NoPermission;
  if (error == kAXNotImplemented) return ObserverRetry::Never;
  // An app still starting refuses (kAXErrorCannotComplete): every poll for its first 20 attempts
  // (10 s at a half-second poll), then every 10 s.
  if (attempts < 20) return ObserverRetry::Now;
  return sinceLast >= 10 ? ObserverRetry::Now : ObserverRetry::Later;
}

// What "open X" learned when its wait ended. A launch Launch Services has not answered within the
// deadline is still starting (a cold start of a large app takes longer than any deadline we may
// give), not a failure: the caller keeps looking for the app by name. An app without a Dock icon
// (a menu-bar app: activation policy accessory or prohibited) has started once its process runs,
// as it never shows a window by design.
enum class LaunchState { Started, Starting, MenuBarOnly, Failed };

struct LaunchFacts {
  bool answered = false;  // the completion handler ran within the deadline
  bool failed = false;    // it ran with an error
  bool processRunning = false;
  bool regular = true;  // NSApplicationActivationPolicyRegular
};

inline LaunchState launchState(const LaunchFacts& f) {
  if (f.answered && f.failed) return LaunchState::Failed;
  if (!f.answered) return LaunchState::Starting;
  if (!f.processRunning) return LaunchState::Failed;
  return f.regular ? LaunchState::Started : LaunchState::MenuBarOnly;
}

// The steps that bring an app and its window forward, in order. A hidden app is unhidden first (a
// hidden app's windows cannot be raised), a minimised window is taken out of the Dock before it is
// raised; AXFrontmost before the window, so that the window raised is in the app that is in front.
enum class RaiseStep { Unhide, Frontmost, Unminimise, MakeMain, Raise };

inline std::vector<RaiseStep> raiseSteps(bool hidden, bool minimised, bool hasWindow) {
  std::vector<RaiseStep> steps;
  if (hidden) steps.push_back(RaiseStep::Unhide);
  steps.push_back(RaiseStep::Frontmost);
  if (!hasWindow) return steps;
  if (minimised) steps.push_back(RaiseStep::Unminimise);
  steps.push_back(RaiseStep::MakeMain);
  steps.push_back(RaiseStep::Raise);
  return steps;
}

// Listing the running apps asks each whether it answers: not again within kAnswerFreshSeconds of
// its last answer, and never longer than kProbeSeconds each.
constexpr double kAnswerFreshSeconds = 2.0;
constexpr double kProbeSeconds = 0.1;

inline bool probesApp(double secondsSinceAnswer) {
  return secondsSinceAnswer < 0 || secondsSinceAnswer >= kAnswerFreshSeconds;
}

}  // namespace mac
}  // namespace axb
