// Unit test of include/mac_apps.h (issue #33): observer retries, what a launch
// counts as when its wait ends, and the steps that bring an app forward.
#include "../../../native/ax-bridge/include/mac_apps.h"

#include "check.h"

using namespace axb::mac;

static int step(const std::vector<RaiseStep> &steps, size_t i) {
  return i < steps.size() ? int(steps[i]) : -1;
}

int main() {
  // R8: without the permission every observer fails with kAXErrorAPIDisabled:
  // not retried silently.
  CHECK(observerRetry(kAXAPIDisabled, 0, 0) == ObserverRetry::NoPermission);
  CHECK(observerRetry(kAXAPIDisabled, 50, 100) == ObserverRetry::NoPermission);
  // An app with no accessibility at all is not asked again.
  CHECK(observerRetry(kAXNotImplemented, 0, 0) == ObserverRetry::Never);
  // An app still starting: every poll at first, then every 10 s.
  CHECK(observerRetry(kAXCannotComplete, 0, 0) == ObserverRetry::Now);
  CHECK(observerRetry(kAXCannotComplete, 19, 0.5) == ObserverRetry::Now);
  CHECK(observerRetry(kAXCannotComplete, 20, 0.5) == ObserverRetry::Later);
  CHECK(observerRetry(kAXCannotComplete, 20, 9.9) == ObserverRetry::Later);
  CHECK(observerRetry(kAXCannotComplete, 20, 10) == ObserverRetry::Now);

  // R10: Launch Services did not answer within the deadline: still starting,
  // not a failure.
  LaunchFacts slow;
  CHECK(launchState(slow) == LaunchState::Starting);
  slow.processRunning = true;
  CHECK(launchState(slow) == LaunchState::Starting);
  // It answered with an error: failed, whatever else.
  LaunchFacts failed;
  failed.answered = true;
  failed.failed = true;
  failed.processRunning = true;
  CHECK(launchState(failed) == LaunchState::Failed);
  // It answered, and the process already quit: failed.
  LaunchFacts gone;
  gone.answered = true;
  CHECK(launchState(gone) == LaunchState::Failed);
  // A regular app is started; a menu-bar app (no Dock icon) is started too, as
  // menu-bar only.
  LaunchFacts regular;
  regular.answered = true;
  regular.processRunning = true;
  CHECK(launchState(regular) == LaunchState::Started);
  LaunchFacts menuBar = regular;
  menuBar.regular = false;
  CHECK(launchState(menuBar) == LaunchState::MenuBarOnly);

  // Bringing forward: a hidden app is unhidden first, a minimised window
  // unminimised before it is made main and raised; AXFrontmost always, before
  // any window step.
  auto plain = raiseSteps(false, false, true);
  CHECK_EQ(plain.size(), size_t{3});
  CHECK_EQ(step(plain, 0), int(RaiseStep::Frontmost));
  CHECK_EQ(step(plain, 1), int(RaiseStep::MakeMain));
  CHECK_EQ(step(plain, 2), int(RaiseStep::Raise));
  auto both = raiseSteps(true, true, true);
  CHECK_EQ(both.size(), size_t{5});
  CHECK_EQ(step(both, 0), int(RaiseStep::Unhide));
  CHECK_EQ(step(both, 1), int(RaiseStep::Frontmost));
  CHECK_EQ(step(both, 2), int(RaiseStep::Unminimise));
  CHECK_EQ(step(both, 3), int(RaiseStep::MakeMain));
  CHECK_EQ(step(both, 4), int(RaiseStep::Raise));
  // No window (a menu-bar app): unhide and frontmost only; "minimised" means
  // nothing without one.
  auto none = raiseSteps(true, true, false);
  CHECK_EQ(none.size(), size_t{2});
  CHECK_EQ(step(none, 0), int(RaiseStep::Unhide));
  CHECK_EQ(step(none, 1), int(RaiseStep::Frontmost));

  // Listing apps: an app that answered a second ago is not asked again; two
  // seconds later it is; a clock that went backwards asks.
  CHECK(!probesApp(0));
  CHECK(!probesApp(1.9));
  CHECK(probesApp(2.0));
  CHECK(probesApp(-1));
  CHECK(kProbeSeconds <= 0.1);

  return checkFailures();
}
