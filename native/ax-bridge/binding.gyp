{
  "targets": [
    {
      "target_name": "ax_bridge",
      "sources": ["src/addon.cc", "src/common.cc"],
      "include_dirs": ["include"],
      "dependencies": ["<!(node -p \"require('node-addon-api').targets\"):node_addon_api_except"],
      "defines": ["NAPI_VERSION=8"],
      "conditions": [
        ["OS=='linux'", {
          "sources": ["src/linux/atspi_bridge.cc", "src/linux/dbus_calls.cc", "src/linux/roles.cc", "src/linux/x11_activate.cc", "src/linux/x11_keygrab.cc"],
          "cflags_cc": ["-std=c++17", "-Wall", "-Wextra", "-Wno-unused-parameter", "-Wno-missing-field-initializers",
                        "<!@(pkg-config --cflags atspi-2 gio-2.0 gio-unix-2.0 dbus-1)"],
          "libraries": ["<!@(pkg-config --libs atspi-2 gio-2.0 gio-unix-2.0 gobject-2.0 glib-2.0 dbus-1)", "-ldl"]
        }],
        ["OS=='mac'", {
          "sources": ["src/mac/ax_bridge.mm", "src/mac/roles.mm", "src/mac/key_grab.mm", "src/mac/unicode_typing.mm"],
          "libraries": ["-framework ApplicationServices", "-framework AppKit", "-framework Carbon", "-framework Foundation"],
          "xcode_settings": {
            "CLANG_CXX_LANGUAGE_STANDARD": "c++17",
            "CLANG_ENABLE_OBJC_ARC": "YES",
            "GCC_ENABLE_CPP_EXCEPTIONS": "YES",
            "MACOSX_DEPLOYMENT_TARGET": "11.0"
          }
        }]
      ]
    }
  ]
}
