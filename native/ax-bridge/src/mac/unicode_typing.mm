// Unicode key events on macOS (include/unicode_typing.h): CGEventKeyboardSetUnicodeString on a
// key event whose virtual key is 0, posted to the HID event tap, as Apple's own Character Viewer and
// other input tools type. Written to mirror the Linux half's behaviour at the TypeScript seam;
// never compiled or run here (no Mac): unverified.
#include "../../include/unicode_typing.h"

#import <ApplicationServices/ApplicationServices.h>
#import <Foundation/Foundation.h>

#include <vector>

namespace axb {

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
    std::vector<UniChar> units(length);
    [text getCharacters:units.data() range:NSMakeRange(0, length)];
    CGEventSourceRef source = CGEventSourceCreate(kCGEventSourceStateHIDSystemState);
    for (bool down : {true, false}) {
      CGEventRef event = CGEventCreateKeyboardEvent(source, 0, down);
      if (!event) {
        if (source) CFRelease(source);
        why = "macOS did not create a key event (is Assistive Control allowed under Privacy & Security → Accessibility?)";
        return false;
      }
      // No modifier from keys the user holds may change the characters.
      CGEventSetFlags(event, 0);
      CGEventKeyboardSetUnicodeString(event, static_cast<UniCharCount>(length), units.data());
      CGEventPost(kCGHIDEventTap, event);
      CFRelease(event);
    }
    if (source) CFRelease(source);
    return true;
  }
}

}  // namespace axb
