// Unit test of native/ax-bridge/src/mac/text_selection.mm (the caret and selection, read and set),
// compiled as C++ on Linux against a stand-in for the AX calls it makes
// (fake-mac/ApplicationServices/ApplicationServices.h): the result the Linux half gives (code
// points; caret -1 where there is no caret), its sentences word for word, a deadline bound before
// every AX call, and every copied value released. Apple's own behaviour is not
// proved here: that needs a Mac (README's platform table).
#include <ApplicationServices/ApplicationServices.h>

#include <string>
#include <utility>
#include <vector>

#include "../../../native/ax-bridge/src/mac/text_selection_mac.h"
#include "check.h"

using axb::ErrorCode;
using axb::Result;
using axb::TextSelection;
using fake::Attribute;
using fake::Element;

namespace {

struct Run {
  Result<TextSelection> result;
  int bounds;
  std::vector<std::string> failed;  // what each failure callback was told it was doing
};

// Runs one call of text_selection.mm with AX calls that count the deadline bounds and record failures.
template <typename Call>
Run withCalls(Call call) {
  int bounds = 0;
  std::vector<std::string> failed;
  axb::mac::AxCalls ax{[&bounds] { ++bounds; },
                       [&failed](AXError e, const std::string& doing) {
                         failed.push_back(doing);
                         return axb::Error{ErrorCode::Timeout, doing + " timed out (" + std::to_string(e) + ")."};
                       }};
  Result<TextSelection> result = call(ax);
  return {result, bounds, failed};
}

Run selectionOf(const Element& element) {
  return withCalls([&](const axb::mac::AxCalls& ax) { return axb::mac::textSelectionOf(fake::ref(element), ax); });
}

Run placed(Element& element, int start, int end) {
  return withCalls(
      [&](const axb::mac::AxCalls& ax) { return axb::mac::setTextSelectionOf(fake::ref(element), start, end, ax); });
}

Attribute text(const std::u16string& s) { return Attribute{kAXErrorSuccess, fake::kString, s, {0, 0}}; }
Attribute range(CFIndex location, CFIndex length) {
  return Attribute{kAXErrorSuccess, fake::kAXValue, u"", {location, length}};
}
Attribute error(AXError e) { return Attribute{e, fake::kString, u"", {0, 0}}; }

// "Hello 😀 world": the emoji is two UTF-16 units (6 and 7) and one code point (6).
const std::u16string kHello = u"Hello \U0001F600 world";

void codePoints() {
  CFStringRef s = static_cast<CFStringRef>(fake::make(fake::kString, u"a\U0001F600b", {0, 0}));
  CHECK_EQ(axb::mac::codePointsIn(s, 0), 0);
  CHECK_EQ(axb::mac::codePointsIn(s, 1), 1);
  CHECK_EQ(axb::mac::codePointsIn(s, 2), 2);  // inside the pair: the emoji counts
  CHECK_EQ(axb::mac::codePointsIn(s, 3), 2);
  CHECK_EQ(axb::mac::codePointsIn(s, 4), 3);
  CHECK_EQ(axb::mac::codePointsIn(s, 99), 3);
  // And back: where each code point begins in UTF-16 units.
  for (auto [points, units] : {std::pair{0, 0}, {1, 1}, {2, 3}, {3, 4}, {9, 4}}) CHECK_EQ(axb::mac::utf16In(s, points), units);
  CFRelease(s);
}

void selectionInCodePoints() {
  Element e;
  e.attributes[u"AXValue"] = text(kHello);
  e.attributes[u"AXSelectedTextRange"] = range(6, 2);  // the emoji selected
  Run r = selectionOf(e);
  CHECK(r.result.ok());
  if (r.result.ok()) {
    CHECK_EQ(r.result.value().start, 6);
    CHECK_EQ(r.result.value().end, 7);
    CHECK_EQ(r.result.value().caret, 6);  // AX does not say which end: the start, where Shift+Left leaves it
  }
  // Every AX call was bounded by the deadline first.
  CHECK_EQ(r.bounds, e.calls);
  CHECK_EQ(e.calls, 3);

  e.attributes[u"AXSelectedTextRange"] = range(9, 0);  // the caret after "Hello 😀 "
  r = selectionOf(e);
  CHECK(r.result.ok());
  if (r.result.ok()) {
    CHECK_EQ(r.result.value().caret, 8);
    CHECK_EQ(r.result.value().start, 8);
    CHECK_EQ(r.result.value().end, 8);
  }

  e.attributes[u"AXSelectedTextRange"] = range(10, 100);  // past the text an app gave: kept inside it
  r = selectionOf(e);
  CHECK(r.result.ok());
  if (r.result.ok()) {
    CHECK_EQ(r.result.value().start, 9);
    CHECK_EQ(r.result.value().end, 13);
  }
}

void noCaret() {
  // A text nobody can put a caret in (a label): caret -1 and nothing selected, as AT-SPI says.
  for (Attribute missing : {error(kAXErrorAttributeUnsupported), error(kAXErrorNoValue)}) {
    Element e;
    e.attributes[u"AXValue"] = text(u"Label");
    e.attributes[u"AXSelectedTextRange"] = missing;
    Run r = selectionOf(e);
    CHECK(r.result.ok());
    if (r.result.ok()) {
      CHECK_EQ(r.result.value().caret, -1);
      CHECK_EQ(r.result.value().start, 0);
      CHECK_EQ(r.result.value().end, 0);
    }
  }
}

void refusals() {
  // The sentences are the Linux half's (src/linux/text_selection.cc), word for word.
  Element secure;
  secure.attributes[u"AXSubrole"] = text(u"AXSecureTextField");
  secure.attributes[u"AXValue"] = text(u"hunter2");
  secure.attributes[u"AXSelectedTextRange"] = range(0, 0);
  Run r = selectionOf(secure);
  CHECK(!r.result.ok());
  if (!r.result.ok()) {
    CHECK(r.result.error().code == ErrorCode::Unsupported);
    CHECK_EQ(r.result.error().message, std::string("This is a password field: nothing of its content is read."));
  }
  CHECK_EQ(secure.calls, 1);  // its value was never asked for

  Element button;  // no text value: a number, or none at all
  button.attributes[u"AXValue"] = Attribute{kAXErrorSuccess, fake::kNumber, u"", {0, 0}};
  Element group;
  for (const Element* e : {&button, &group}) {
    r = selectionOf(*e);
    CHECK(!r.result.ok());
    if (!r.result.ok()) {
      CHECK(r.result.error().code == ErrorCode::Unsupported);
      CHECK_EQ(r.result.error().message, std::string("This element has no text, so it has no caret or selection."));
    }
  }
}

void failures() {
  // A failed call is the bridge's sentence for it (src/mac/ax_calls.h's axFailure), told what it was doing.
  Element hungValue;
  hungValue.attributes[u"AXValue"] = error(kAXErrorCannotComplete);
  Run r = selectionOf(hungValue);
  CHECK(!r.result.ok());
  CHECK(r.failed == std::vector<std::string>{"Reading the text"});

  Element hungSelection;
  hungSelection.attributes[u"AXValue"] = text(kHello);
  hungSelection.attributes[u"AXSelectedTextRange"] = error(kAXErrorCannotComplete);
  r = selectionOf(hungSelection);
  CHECK(!r.result.ok());
  CHECK(r.failed == std::vector<std::string>{"Reading the selection"});
  if (!r.result.ok()) CHECK(r.result.error().code == ErrorCode::Timeout);
}

void settingTheSelection() {
  // Mirrors LinuxBridge::setTextSelection: code points in, the range set in UTF-16 units, read back.
  Element e;
  e.attributes[u"AXValue"] = text(kHello);
  e.attributes[u"AXSelectedTextRange"] = range(0, 0);
  Run r = placed(e, 6, 7);  // the emoji
  CHECK(r.result.ok());
  CHECK_EQ(e.attributes[u"AXSelectedTextRange"].range.location, 6);
  CHECK_EQ(e.attributes[u"AXSelectedTextRange"].range.length, 2);
  if (r.result.ok()) {
    CHECK_EQ(r.result.value().start, 6);
    CHECK_EQ(r.result.value().end, 7);
  }
  CHECK_EQ(r.bounds, e.calls);

  r = placed(e, 8, 8);  // the caret after "Hello 😀 "
  CHECK_EQ(e.attributes[u"AXSelectedTextRange"].range.location, 9);
  CHECK_EQ(e.attributes[u"AXSelectedTextRange"].range.length, 0);
  CHECK(r.result.ok());
  if (r.result.ok()) CHECK_EQ(r.result.value().caret, 8);

  // Past the text: the text changed since it was read; nothing is set.
  r = placed(e, 3, 14);
  CHECK(!r.result.ok());
  if (!r.result.ok()) {
    CHECK(r.result.error().code == ErrorCode::Failed);
    CHECK_EQ(r.result.error().message, std::string("That place is outside the field's text: the text changed. Say it again."));
  }
  CHECK_EQ(e.attributes[u"AXSelectedTextRange"].range.location, 9);

  // An element that does not take the range: Unsupported, so the caller uses keys.
  e.setError = kAXErrorIllegalArgument;
  r = placed(e, 0, 5);
  CHECK(!r.result.ok());
  if (!r.result.ok()) {
    CHECK(r.result.error().code == ErrorCode::Unsupported);
    CHECK_EQ(r.result.error().message,
             std::string("The application does not let the assistant place the caret or select its text."));
  }
  // A call that fails otherwise is the bridge's sentence for it.
  e.setError = kAXErrorCannotComplete;
  r = placed(e, 0, 5);
  CHECK(r.failed == std::vector<std::string>{"Placing the caret"});

  // A password field: refused before its value is read, its selection never set.
  Element secure;
  secure.attributes[u"AXSubrole"] = text(u"AXSecureTextField");
  secure.attributes[u"AXValue"] = text(u"hunter2");
  secure.attributes[u"AXSelectedTextRange"] = range(0, 0);
  r = placed(secure, 0, 3);
  CHECK(!r.result.ok());
  if (!r.result.ok()) {
    CHECK_EQ(r.result.error().message, std::string("This is a password field: the assistant never selects in it."));
  }
  CHECK_EQ(secure.calls, 1);
  CHECK_EQ(secure.attributes[u"AXSelectedTextRange"].range.length, 0);
}

}  // namespace

int main() {
  codePoints();
  selectionInCodePoints();
  noCaret();
  refusals();
  failures();
  settingTheSelection();
  // Every value a Copy call gave was released, once.
  CHECK_EQ(fake::live(), 0);
  return checkFailures();
}
