#!/usr/bin/env bash
# Compiles and links the macOS half of the accessibility bridge on Linux, for arm64 and x86_64,
# against macOS SDK headers in the folder named by MACOS_SDK (never committed: Apple's licence does
# not allow it). Either layout works: a real MacOSX.sdk (System/Library/Frameworks, usr/include,
# usr/lib) or a copy of the public hexops/xcode-frameworks repository (Frameworks, include, lib).
#
#   MACOS_SDK=/path/to/sdk bash scripts/check-macos-build.sh     (MACOS_ARCHS="arm64" for one architecture)
#
# What it proves: every file of native/ax-bridge/src/mac, with addon.cc and common.cc, compiles
# (warnings are listed) and links into one bundle in which every Apple framework symbol binds to a
# framework. What is looked up at load time instead (`dynamically looked up`) must be Node-API, or
# the C and C++ runtime when the SDK holds no libSystem/libc++ stubs (then each such name must be
# declared in the SDK's own headers). Anything else fails the check, named. Nothing here runs code.
# With no SDK (or no clang) it says so and exits 0: the check is for whoever has the headers.
set -u
cd "$(dirname "$0")/.." || exit 1
ROOT=$PWD
NATIVE=$ROOT/native/ax-bridge

say() { printf '%s\n' "$*"; }

if [ -z "${MACOS_SDK:-}" ] || [ ! -d "${MACOS_SDK}" ]; then
  say "check-macos-build: no macOS SDK given (set MACOS_SDK to a folder of SDK headers); nothing checked."
  exit 0
fi
CLANG=""
for c in clang++-16 clang++-17 clang++-18 clang++-15 clang++; do command -v "$c" > /dev/null && CLANG=$c && break; done
LLD=""
for l in ld64.lld-16 ld64.lld-17 ld64.lld-18 ld64.lld-15 ld64.lld; do command -v "$l" > /dev/null && LLD=$l && break; done
NM=""
for n in llvm-nm-16 llvm-nm-17 llvm-nm-18 llvm-nm-15 llvm-nm; do command -v "$n" > /dev/null && NM=$n && break; done
if [ -z "$CLANG" ] || [ -z "$LLD" ] || [ -z "$NM" ]; then
  say "check-macos-build: clang, ld64.lld and llvm-nm are needed; on Debian: apt-get install clang-16 lld-16 llvm-16. Nothing checked."
  exit 0
fi

SDK=$(cd "$MACOS_SDK" && pwd)
if [ -d "$SDK/System/Library/Frameworks" ]; then
  FRAMEWORKS=$SDK/System/Library/Frameworks
  SYSINC=$SDK/usr/include
  SYSLIB=$SDK/usr/lib
else
  FRAMEWORKS=$SDK/Frameworks
  SYSINC=$SDK/include
  SYSLIB=$SDK/lib
fi
for need in "$FRAMEWORKS/ApplicationServices.framework" "$SYSINC/c++/v1"; do
  if [ ! -e "$need" ]; then
    say "check-macos-build: $MACOS_SDK has no ${need#"$SDK"/}: not a macOS SDK. Nothing checked."
    exit 0
  fi
done

ADDON_API=$(node -p "require('node-addon-api').include_dir" 2> /dev/null)
NODE_HEADERS=${NODE_HEADERS_DIR:-}
if [ -z "$NODE_HEADERS" ]; then
  for h in "$ROOT"/node_modules/node/node_modules/node-*/include/node "$(dirname "$(command -v node)")/../include/node" /usr/include/node; do
    [ -f "$h/node_api.h" ] && NODE_HEADERS=$h && break
  done
fi
if [ -z "$ADDON_API" ] || [ -z "$NODE_HEADERS" ]; then
  say "check-macos-build: Node's headers (node_api.h) or node-addon-api were not found: run npm ci first, or set NODE_HEADERS_DIR. Nothing checked."
  exit 0
fi

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# The linker follows re-exports by install name (/System/Library/Frameworks/X.framework/Versions/A/X);
# a copy whose symlinks were made into files has only Versions/Current. A view of symlinks fixes both.
VIEW=$WORK/sdk
mkdir -p "$VIEW/System/Library" "$VIEW/usr"
cp -rs "$FRAMEWORKS" "$VIEW/System/Library/Frameworks"
[ -d "$SYSLIB" ] && cp -rs "$SYSLIB" "$VIEW/usr/lib"
find "$VIEW/System/Library/Frameworks" -type d -path '*.framework/Versions' | while read -r v; do
  for x in A B C; do [ -e "$v/$x" ] || ln -s Current "$v/$x"; done
done
RUNTIME_STUBS=no
# Every identifier in the SDK's own (non-framework) headers, once: what the C runtime may provide.
grep -rhoE --include='*.h' '[A-Za-z_][A-Za-z0-9_]*' "$SYSINC" 2> /dev/null | sort -u > "$WORK/declared.txt"
[ -f "$SYSLIB/libSystem.tbd" ] && [ -f "$SYSLIB/libc++.tbd" ] && RUNTIME_STUBS=yes

DEPLOY=$(node -e "const g=JSON.parse(require('fs').readFileSync('$NATIVE/binding.gyp','utf8'));const m=g.targets[0].conditions.find(c=>c[0]===\"OS=='mac'\");process.stdout.write(m[1].xcode_settings.MACOSX_DEPLOYMENT_TARGET)")
SOURCES=$(node -e "const g=JSON.parse(require('fs').readFileSync('$NATIVE/binding.gyp','utf8'));const t=g.targets[0];const m=t.conditions.find(c=>c[0]===\"OS=='mac'\");process.stdout.write([...t.sources,...m[1].sources].join(' '))")
FRAMEWORK_FLAGS=$(node -e "const g=JSON.parse(require('fs').readFileSync('$NATIVE/binding.gyp','utf8'));const m=g.targets[0].conditions.find(c=>c[0]===\"OS=='mac'\");process.stdout.write(m[1].libraries.join(' '))")
CLANG_INC=$($CLANG -print-resource-dir)/include
WARN_FLAGS="-Wall -Wextra -Wno-unused-parameter"

say "check-macos-build: $(date -u +%Y-%m-%d), $($CLANG --version | head -1), SDK $(basename "$SDK"), deployment target macOS $DEPLOY"
FAILED=0
for ARCH in ${MACOS_ARCHS:-arm64 x86_64}; do
  OBJ=$WORK/$ARCH
  mkdir -p "$OBJ"
  WARNINGS=0
  ERRORS=0
  for src in $SOURCES; do
    lang=c++
    extra=""
    case $src in *.mm) lang=objective-c++ extra="-fobjc-arc -fblocks" ;; esac
    log=$OBJ/$(basename "$src").log
    # shellcheck disable=SC2086
    if ! $CLANG -target "$ARCH-apple-macos$DEPLOY" -nostdinc -nostdinc++ -isystem "$SYSINC/c++/v1" -isystem "$CLANG_INC" \
      -isystem "$SYSINC" -iframework "$FRAMEWORKS" -x "$lang" -std=c++17 $extra $WARN_FLAGS -fexceptions \
      -I "$NATIVE/include" -I "$ROOT/$ADDON_API" -I "$ADDON_API" -I "$NODE_HEADERS" -DNAPI_VERSION=8 -DNAPI_CPP_EXCEPTIONS \
      -c "$NATIVE/$src" -o "$OBJ/$(basename "$src").o" > "$log" 2>&1; then
      ERRORS=$((ERRORS + 1))
      say "  $ARCH: $src does not compile:"
      grep -E 'error:' "$log" | head -10 | sed 's/^/    /'
    fi
    n=$(grep -c 'warning:' "$log")
    if [ "$n" -gt 0 ]; then
      WARNINGS=$((WARNINGS + n))
      grep 'warning:' "$log" | sed "s|$NATIVE/||; s/^/    $ARCH warning: /"
    fi
  done
  if [ "$ERRORS" -gt 0 ]; then
    say "$ARCH: $ERRORS file(s) failed to compile, $WARNINGS warning(s)."
    FAILED=1
    continue
  fi
  RUNTIME_LIBS=""
  [ "$RUNTIME_STUBS" = yes ] && RUNTIME_LIBS="-lc++ -lSystem"
  # shellcheck disable=SC2086
  if ! $LLD -arch "$ARCH" -platform_version macos "$DEPLOY" 14.0 -dylib -undefined dynamic_lookup -syslibroot "$VIEW" \
    -lobjc $RUNTIME_LIBS $FRAMEWORK_FLAGS "$OBJ"/*.o -o "$OBJ/ax_bridge.node" > "$OBJ/link.log" 2>&1; then
    say "$ARCH: the link failed:"
    head -20 "$OBJ/link.log" | sed 's/^/    /'
    FAILED=1
    continue
  fi
  BOUND=$($NM -m -u "$OBJ/ax_bridge.node" | grep -vc 'dynamically looked up')
  $NM -m -u "$OBJ/ax_bridge.node" | grep 'dynamically looked up' | awk '{print $3}' > "$OBJ/lookup.txt"
  NAPI=0
  RUNTIME=0
  UNRESOLVED=""
  while read -r sym; do
    name=${sym#_}
    case $name in
      napi_* | node_*) NAPI=$((NAPI + 1)); continue ;;
      dyld_stub_binder) continue ;;
    esac
    if [ "$RUNTIME_STUBS" = no ]; then
      # C++ runtime (libc++, libc++abi, unwinder) by its mangled shape; C runtime by a declaration in usr/include.
      case $name in
        _ZNSt* | _ZNKSt* | _ZSt* | _Zn[wa]* | _Zd[la]* | _ZT[IVS]St* | _ZT[IVS]NSt* | _ZTVN10__cxxabiv1* | __cxa_* | __gxx_* | _Unwind_* | __stack_chk_*)
          RUNTIME=$((RUNTIME + 1)); continue ;;
      esac
      c_name=${name#_}
      if grep -qxF -e "$c_name" -e "$name" "$WORK/declared.txt"; then
        RUNTIME=$((RUNTIME + 1))
        continue
      fi
    fi
    UNRESOLVED="$UNRESOLVED $sym"
  done < "$OBJ/lookup.txt"
  if [ -n "$UNRESOLVED" ]; then
    say "$ARCH: symbols no framework or runtime provides:$UNRESOLVED"
    FAILED=1
  fi
  if [ "$RUNTIME_STUBS" = yes ]; then
    runtime_line="C/C++ runtime linked against the SDK's stubs"
  else
    runtime_line="$RUNTIME C/C++ runtime symbols looked up at load (this SDK copy has no libSystem/libc++ stubs; each is declared in its headers)"
  fi
  say "$ARCH: $(echo "$SOURCES" | wc -w) files compiled, $WARNINGS warning(s); linked: $BOUND symbols bound to frameworks and libobjc, $NAPI Node-API symbols from the host, $runtime_line."
done
[ "$FAILED" -eq 0 ] && say "check-macos-build: the macOS half compiles and links for ${MACOS_ARCHS:-arm64 x86_64}." || say "check-macos-build: FAILED (above)."
exit "$FAILED"
