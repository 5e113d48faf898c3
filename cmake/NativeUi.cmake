# The ImGui screens natively, for tests that measure them (tests/ui/text_fit_test.cpp):
# Dear ImGui and FriBidi from Debian's packages (libimgui-dev, libfribidi-dev: the same
# versions, 1.86 and 1.0.8, that tools/web-deps builds for the browser from Debian's
# sources), and the UI font from the npm package vazirmatn (tools/web-deps). Where one is
# missing, NARD_NATIVE_UI is OFF and the test that needs them is registered disabled.
# Included by the top-level CMakeLists.txt for a native build, before the layers.

find_path(NARD_IMGUI_INCLUDE imgui.h PATHS /usr/include/imgui NO_DEFAULT_PATH)
find_library(NARD_IMGUI_LIB libimgui.a PATHS /usr/lib/x86_64-linux-gnu)
find_library(NARD_STB_LIB stb)   # Debian's ImGui uses Debian's stb_truetype, not its own copy
find_path(NARD_FRIBIDI_INCLUDE fribidi.h PATHS /usr/include/fribidi NO_DEFAULT_PATH)
find_library(NARD_FRIBIDI_LIB fribidi)
set(NARD_FONT_TTF "${CMAKE_SOURCE_DIR}/node_modules/vazirmatn/fonts/ttf/Vazirmatn-Regular.ttf"
    CACHE FILEPATH "The UI font before subsetting (npm package vazirmatn)")
find_program(NARD_HB_SHAPE hb-shape)
find_program(NARD_MSGFMT msgfmt)
if(NARD_IMGUI_INCLUDE AND NARD_IMGUI_LIB AND NARD_STB_LIB AND NARD_FRIBIDI_INCLUDE AND NARD_FRIBIDI_LIB AND NARD_HB_SHAPE
   AND NARD_MSGFMT AND EXISTS "${NARD_FONT_TTF}")
  set(NARD_NATIVE_UI ON)
  set(NARD_GENERATED "${CMAKE_BINARY_DIR}/generated")
  add_library(nard_imgui STATIC IMPORTED)
  set_target_properties(nard_imgui PROPERTIES IMPORTED_LOCATION "${NARD_IMGUI_LIB}"
    INTERFACE_INCLUDE_DIRECTORIES "${NARD_IMGUI_INCLUDE}" INTERFACE_LINK_LIBRARIES "${NARD_STB_LIB};m")
  add_library(nard_fribidi UNKNOWN IMPORTED)
  set_target_properties(nard_fribidi PROPERTIES IMPORTED_LOCATION "${NARD_FRIBIDI_LIB}"
    INTERFACE_INCLUDE_DIRECTORIES "${NARD_FRIBIDI_INCLUDE}")
else()
  set(NARD_NATIVE_UI OFF)
  message(STATUS "The native ImGui screens (ctest ui_text_fit) need Debian's libimgui-dev, libfribidi-dev, "
                 "libharfbuzz-bin, gettext and tools/web-deps (vazirmatn): test disabled")
endif()
