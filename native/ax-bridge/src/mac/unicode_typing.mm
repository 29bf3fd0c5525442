// Keyboard input on macOS (include/unicode_typing.h).
// - Unicode key events: CGEventKeyboardSetUnicodeString, one character per key event, posted to the
//   HID event tap, as Apple's own Character Viewer and other input tools type. The event's key is the
//   one the current layout types that character with (Shift set to match), else a code no keyboard
//   has (mac::typingKeyFor, include/mac_input.h): an app that reads key codes instead of the string
//   (remote desktops, some games) then types the right character or nothing, never the "a" of code 0.
//   The layout is the current one: macOS has no public call that reads another app's input source.
// - Key chords: one key event whose flags carry the modifiers; a character's key is found on the
//   current keyboard layout with UCKeyTranslate.
// Written to mirror the Linux half's behaviour at the TypeScript seam; never compiled or run here
// (no Mac): unverified. See docs/macos-review.md (R9).
#include "../../include/unicode_typing.h"
#include "../../include/mac_input.h"

#import <ApplicationServices/ApplicationServices.h>
#import <Carbon/Carbon.h>
#import <Foundation/Foundation.h>

#include <map>
#include <utility>
#include <vector>

namespace axb {

namespace {

const char* kNotTrusted =
    "macOS drops keyboard and mouse input from apps without the Accessibility permission: open System Settings → "
    "Privacy & Security → Accessibility and enable Assistive Control (or the terminal you started it from)";

// Posts `code` down and up with `flags`; `unicode`, when not empty, is the string the events carry.
bool postKey(CGKeyCode code, CGEventFlags flags, const std::vector<UniChar>& unicode, std::string& why) {
  CGEventSourceRef source = CGEventSourceCreate(kCGEventSourceStateHIDSystemState);
  for (bool down : {true, false}) {
    CGEventRef event = CGEventCreateKeyboardEvent(source, code, down);
    if (!event) {
      if (source) CFRelease(source);
      why = "macOS did not create a key event";
      return false;
    }
    // Exactly these flags: no modifier the user holds may change the characters or the shortcut.
    CGEventSetFlags(event, flags);
    if (!unicode.empty())
      CGEventKeyboardSetUnicodeString(event, static_cast<UniCharCount>(unicode.size()), unicode.data());
    CGEventPost(kCGHIDEventTap, event);
    CFRelease(event);
  }
  if (source) CFRelease(source);
  return true;
}

// The key (kVK_ code) that types `character` on the current keyboard layout, or -1. The layout's
// Command layer is tried first for a chord with ⌘ (AZERTY has its digits there), then no modifier,
// then Shift. Called on the JS thread (the process's main thread): the Text Input Sources API is
// documented for the main thread.
int keyForCharacter(const std::string& utf8, CGEventFlags flags) {
  NSString* wanted = [[NSString alloc] initWithBytes:utf8.data() length:utf8.size() encoding:NSUTF8StringEncoding];
  if (!wanted || wanted.length == 0) return -1;
  TISInputSourceRef source = TISCopyCurrentKeyboardLayoutInputSource();
  if (!source) return -1;
  int found = -1;
  CFDataRef data = static_cast<CFDataRef>(TISGetInputSourceProperty(source, kTISPropertyUnicodeKeyLayoutData));
  if (data) {
    const UCKeyboardLayout* layout = reinterpret_cast<const UCKeyboardLayout*>(CFDataGetBytePtr(data));
    std::vector<UInt32> states;
    if (flags & kCGEventFlagMaskCommand) states.push_back((cmdKey >> 8) & 0xFF);
    states.push_back(0);
    states.push_back((shiftKey >> 8) & 0xFF);
    for (UInt32 state : states) {
      for (UInt16 code = 0; code < 128 && found < 0; ++code) {
        UInt32 deadKeys = 0;
        UniChar chars[4];
        UniCharCount length = 0;
        OSStatus status = UCKeyTranslate(layout, code, kUCKeyActionDown, state, LMGetKbdType(),
                                         kUCKeyTranslateNoDeadKeysMask, &deadKeys, 4, &length, chars);
        if (status != noErr || length == 0) continue;
        NSString* got = [NSString stringWithCharacters:chars length:length];
        if ([got caseInsensitiveCompare:wanted] == NSOrderedSame) found = code;
      }
      if (found >= 0) break;
    }
  }
  CFRelease(source);
  return found;
}

// Every character the current layout types with one key, alone or with Shift: its key and whether
// Shift is needed (the unshifted key wins). Read once per text.
std::map<std::u16string, std::pair<int, bool>> layoutCharacters() {
  std::map<std::u16string, std::pair<int, bool>> out;
  TISInputSourceRef source = TISCopyCurrentKeyboardLayoutInputSource();
  if (!source) return out;
  CFDataRef data = static_cast<CFDataRef>(TISGetInputSourceProperty(source, kTISPropertyUnicodeKeyLayoutData));
  if (data) {
    const UCKeyboardLayout* layout = reinterpret_cast<const UCKeyboardLayout*>(CFDataGetBytePtr(data));
    for (bool shift : {false, true}) {
      UInt32 state = shift ? ((shiftKey >> 8) & 0xFF) : 0;
      for (UInt16 code = 0; code < 127; ++code) {
        UInt32 deadKeys = 0;
        UniChar chars[4];
        UniCharCount length = 0;
        OSStatus status = UCKeyTranslate(layout, code, kUCKeyActionDown, state, LMGetKbdType(),
                                         kUCKeyTranslateNoDeadKeysMask, &deadKeys, 4, &length, chars);
        if (status != noErr || length == 0 || deadKeys != 0) continue;
        out.emplace(std::u16string(reinterpret_cast<const char16_t*>(chars), length), std::make_pair(int(code), shift));
      }
    }
  }
  CFRelease(source);
  return out;
}

}  // namespace

bool inputTrusted() { return AXIsProcessTrusted(); }

bool postUnicodeString(const std::string& utf8, std::string& why) {
  @autoreleasepool {
    NSString* text = [[NSString alloc] initWithBytes:utf8.data() length:utf8.size() encoding:NSUTF8StringEncoding];
    if (!text) {
      why = "the text is not valid UTF-8";
      return false;
    }
    NSUInteger length = [text length];
    if (length == 0) return true;
    if (length > 20) {
      why = "at most 20 UTF-16 units go in one event";
      return false;
    }
    if (!inputTrusted()) {
      why = kNotTrusted;
      return false;
    }
    std::vector<UniChar> units(length);
    [text getCharacters:units.data() range:NSMakeRange(0, length)];
    auto keys = layoutCharacters();
    // One event per character (a surrogate pair is one character).
    for (NSUInteger i = 0; i < length;) {
      NSUInteger n = (CFStringIsSurrogateHighCharacter(units[i]) && i + 1 < length) ? 2 : 1;
      std::vector<UniChar> one(units.begin() + i, units.begin() + i + n);
      auto found = keys.find(std::u16string(reinterpret_cast<const char16_t*>(one.data()), one.size()));
      mac::TypingKey key = found == keys.end() ? mac::typingKeyFor(-1, false)
                                               : mac::typingKeyFor(found->second.first, found->second.second);
      if (!postKey(static_cast<CGKeyCode>(key.code), static_cast<CGEventFlags>(key.flags), one, why)) return false;
      i += n;
    }
    return true;
  }
}

bool postKeyChord(int virtualKey, const std::string& character, uint64_t flags, std::string& why) {
  @autoreleasepool {
    if (!inputTrusted()) {
      why = kNotTrusted;
      return false;
    }
    int code = virtualKey;
    if (code < 0) code = keyForCharacter(character, static_cast<CGEventFlags>(flags));
    if (code < 0 || code > 127) {
      why = "no key types \"" + character + "\" on the current keyboard layout";
      return false;
    }
    return postKey(static_cast<CGKeyCode>(code), static_cast<CGEventFlags>(flags), {}, why);
  }
}

}  // namespace axb
