{
  "targets": [
    {
      "target_name": "ax_bridge",
      "sources": ["src/addon.cc", "src/common.cc"],
      "include_dirs": ["include"],
      "defines": ["NAPI_VERSION=8"],
      "conditions": [
        ["OS=='linux'", {
          "dependencies": ["<!(node -p \"require('node-addon-api').targets\"):node_addon_api_except"],
          "sources": ["src/linux/atspi_bridge.cc", "src/linux/apps.cc", "src/linux/snapshot.cc", "src/linux/app_cache.cc", "src/linux/scroll_follow.cc",
                      "src/linux/visible_part.cc", "src/linux/actions.cc", "src/linux/text.cc", "src/linux/text_selection.cc", "src/linux/atspi_calls.cc",
                      "src/linux/element_info.cc", "src/linux/dbus_calls.cc", "src/linux/roles.cc", "src/linux/x11_activate.cc", "src/linux/x11_window.cc",
                      "src/linux/x11_keygrab.cc", "src/linux/x11_keywatch.cc", "src/linux/x11_lib.cc"],
          "cflags_cc": ["-std=c++17", "-Wall", "-Wextra", "-Wno-unused-parameter", "-Wno-missing-field-initializers",
                        "<!@(pkg-config --cflags atspi-2 gio-2.0 gio-unix-2.0 dbus-1)"],
          "libraries": ["<!@(pkg-config --libs atspi-2 gio-2.0 gio-unix-2.0 gobject-2.0 glib-2.0 dbus-1)", "-ldl"]
        }],
        ["OS=='mac'", {
          "comment": [
            "No dependency on node-addon-api's node_addon_api_except target here: its except.gypi sets",
            "MACOSX_DEPLOYMENT_TARGET to 10.7 in direct_dependent_settings, which gyp merges into this target",
            "after the target's own xcode_settings, so the 11.0 below was overwritten (seen in the Makefile gyp",
            "generates with -f make-mac: -mmacosx-version-min=10.7). What that target gives is repeated here:",
            "the header folder, NAPI_CPP_EXCEPTIONS, C++ exceptions and libc++. docs/macos-review.md says how to check."
          ],
          "include_dirs": ["<!(node -p \"require('node-addon-api').include_dir\")"],
          "defines": ["NAPI_CPP_EXCEPTIONS"],
          "sources": ["src/mac/ax_bridge.mm", "src/mac/apps.mm", "src/mac/snapshot.mm", "src/mac/actions.mm", "src/mac/text.mm",
                      "src/mac/roles.mm", "src/mac/key_grab.mm", "src/mac/key_watch.mm", "src/mac/unicode_typing.mm", "src/mac/text_selection.mm", "src/mac/window.mm",
                      "src/mac/screen_capture.mm"],
          "libraries": ["-framework ApplicationServices", "-framework AppKit", "-framework Carbon", "-framework Foundation"],
          "xcode_settings": {
            "CLANG_CXX_LANGUAGE_STANDARD": "c++17",
            "CLANG_CXX_LIBRARY": "libc++",
            "CLANG_ENABLE_OBJC_ARC": "YES",
            "GCC_ENABLE_CPP_EXCEPTIONS": "YES",
            "MACOSX_DEPLOYMENT_TARGET": "11.0"
          }
        }]
      ]
    }
  ]
}
