// A stand-in for the few CoreFoundation and AXUIElement calls native/ax-bridge/src/mac/text_selection.mm
// makes (reading, and setting the selected range), so that file compiles and runs on Linux
// (tests/native/mac-text-selection.test.ts). Not Apple's header: the names and signatures are the documented ones, the behaviour is a test double's. Every
// object a Copy call returns is counted until CFRelease, so a leak or a double release is seen.
#pragma once

#include <cstdint>
#include <map>
#include <string>

typedef long CFIndex;
typedef unsigned long CFTypeID;
typedef unsigned char Boolean;
typedef uint16_t UniChar;
typedef const void* CFTypeRef;
typedef const struct FakeCFString* CFStringRef;
typedef const struct FakeAXValue* AXValueRef;
typedef const struct FakeAXUIElement* AXUIElementRef;

struct CFRange {
  CFIndex location;
  CFIndex length;
};
inline CFRange CFRangeMake(CFIndex location, CFIndex length) { return CFRange{location, length}; }

typedef int32_t AXError;
enum : int32_t {
  kAXErrorSuccess = 0,
  kAXErrorFailure = -25200,
  kAXErrorIllegalArgument = -25201,
  kAXErrorInvalidUIElement = -25202,
  kAXErrorCannotComplete = -25204,
  kAXErrorAttributeUnsupported = -25205,
  kAXErrorAPIDisabled = -25211,
  kAXErrorNoValue = -25212,
};
typedef uint32_t AXValueType;
enum : uint32_t { kAXValueTypeCGPoint = 1, kAXValueTypeCGSize = 2, kAXValueTypeCGRect = 3, kAXValueTypeCFRange = 4 };

namespace fake {

enum : CFTypeID { kString = 7, kAXValue = 51, kNumber = 22 };

// One object of any kind; the typed references above point at these.
struct Object {
  CFTypeID type;
  std::u16string text;
  CFRange range;
  bool constant;
};

inline int& live() {
  static int n = 0;
  return n;
}

inline const Object* object(CFTypeRef v) { return static_cast<const Object*>(v); }

inline CFTypeRef make(CFTypeID type, std::u16string text, CFRange range) {
  ++live();
  return new Object{type, std::move(text), range, false};
}

inline CFStringRef constant(const char16_t* text) {
  return static_cast<CFStringRef>(static_cast<CFTypeRef>(new Object{kString, text, CFRange{0, 0}, true}));
}

// One attribute of an element: an error, or a value of a kind.
struct Attribute {
  AXError error = kAXErrorSuccess;
  CFTypeID type = kString;
  std::u16string text;
  CFRange range{0, 0};
};

struct Element {
  std::map<std::u16string, Attribute> attributes;
  int calls = 0;
  // What a set of an attribute the element has answers (a set of one it lacks: unsupported).
  AXError setError = kAXErrorSuccess;
};

inline AXUIElementRef ref(const Element& e) { return reinterpret_cast<AXUIElementRef>(&e); }

}  // namespace fake

inline const CFStringRef kAXSubroleAttribute = fake::constant(u"AXSubrole");
inline const CFStringRef kAXValueAttribute = fake::constant(u"AXValue");
inline const CFStringRef kAXSelectedTextRangeAttribute = fake::constant(u"AXSelectedTextRange");
inline const CFStringRef kAXSecureTextFieldSubrole = fake::constant(u"AXSecureTextField");

inline CFTypeID CFGetTypeID(CFTypeRef v) { return fake::object(v)->type; }
inline CFTypeID CFStringGetTypeID() { return fake::kString; }
inline CFTypeID AXValueGetTypeID() { return fake::kAXValue; }

inline Boolean CFEqual(CFTypeRef a, CFTypeRef b) {
  return fake::object(a)->type == fake::object(b)->type && fake::object(a)->text == fake::object(b)->text;
}

inline void CFRelease(CFTypeRef v) {
  const fake::Object* o = fake::object(v);
  if (o->constant) return;
  --fake::live();
  delete o;
}

inline CFIndex CFStringGetLength(CFStringRef s) { return static_cast<CFIndex>(fake::object(s)->text.size()); }

struct CFStringInlineBuffer {
  CFStringRef string;
  CFRange range;
};
inline void CFStringInitInlineBuffer(CFStringRef s, CFStringInlineBuffer* buffer, CFRange range) {
  buffer->string = s;
  buffer->range = range;
}
// Out of the buffer's range it answers 0, as Apple's does.
inline UniChar CFStringGetCharacterFromInlineBuffer(CFStringInlineBuffer* buffer, CFIndex i) {
  if (i < 0 || i >= buffer->range.length) return 0;
  return fake::object(buffer->string)->text[static_cast<size_t>(buffer->range.location + i)];
}
inline Boolean CFStringIsSurrogateLowCharacter(UniChar c) { return c >= 0xDC00 && c <= 0xDFFF; }

inline Boolean AXValueGetValue(AXValueRef v, AXValueType type, void* out) {
  if (fake::object(v)->type != fake::kAXValue || type != kAXValueTypeCFRange) return false;
  *static_cast<CFRange*>(out) = fake::object(v)->range;
  return true;
}

inline AXError AXUIElementCopyAttributeValue(AXUIElementRef element, CFStringRef attribute, CFTypeRef* value) {
  auto* e = const_cast<fake::Element*>(reinterpret_cast<const fake::Element*>(element));
  ++e->calls;
  auto found = e->attributes.find(fake::object(attribute)->text);
  if (found == e->attributes.end()) return kAXErrorAttributeUnsupported;
  const fake::Attribute& a = found->second;
  if (a.error != kAXErrorSuccess) return a.error;
  *value = fake::make(a.type, a.text, a.range);
  return kAXErrorSuccess;
}

// A range value (the only kind the bridge's text calls create); released with CFRelease.
inline AXValueRef AXValueCreate(AXValueType type, const void* value) {
  if (type != kAXValueTypeCFRange) return nullptr;
  return static_cast<AXValueRef>(fake::make(fake::kAXValue, u"", *static_cast<const CFRange*>(value)));
}

// Sets an attribute the element has to a range value, as an app that takes it would.
inline AXError AXUIElementSetAttributeValue(AXUIElementRef element, CFStringRef attribute, CFTypeRef value) {
  auto* e = const_cast<fake::Element*>(reinterpret_cast<const fake::Element*>(element));
  ++e->calls;
  auto found = e->attributes.find(fake::object(attribute)->text);
  if (found == e->attributes.end()) return kAXErrorAttributeUnsupported;
  if (e->setError != kAXErrorSuccess) return e->setError;
  const fake::Object* v = fake::object(value);
  found->second = fake::Attribute{kAXErrorSuccess, v->type, v->text, v->range};
  return kAXErrorSuccess;
}
