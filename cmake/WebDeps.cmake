# Third-party libraries of the browser layers, as targets: nard_sdl2, nard_imgui and
# nard_fribidi. They come from Debian's source packages, built for wasm by tools/web-deps
# into build/deps (Emscripten's own "ports" download from the internet: not allowed here).
# Included by the top-level CMakeLists.txt before the layers when building with Emscripten.

set(NARD_DEPS_DIR "${CMAKE_SOURCE_DIR}/build/deps" CACHE PATH "Output of tools/web-deps")
set(NARD_WEB_DIR "${CMAKE_BINARY_DIR}/web")          # the page: nard.js, nard.wasm, web/*
set(NARD_GENERATED "${CMAKE_BINARY_DIR}/generated")  # embedded shaders, the UI font
set(_sdl2 "${NARD_DEPS_DIR}/sdl2")
set(_imgui "${NARD_DEPS_DIR}/imgui")
set(_fribidi "${NARD_DEPS_DIR}/fribidi")
if(NOT EXISTS "${_sdl2}/lib/libSDL2.a" OR NOT EXISTS "${_imgui}/imgui.cpp"
   OR NOT EXISTS "${_fribidi}/lib/libfribidi.a")
  message(FATAL_ERROR "SDL2, ImGui or FriBidi for the web are missing in ${NARD_DEPS_DIR}: run tools/web-deps")
endif()

add_library(nard_sdl2 STATIC IMPORTED)
set_target_properties(nard_sdl2 PROPERTIES
  IMPORTED_LOCATION "${_sdl2}/lib/libSDL2.a"
  INTERFACE_INCLUDE_DIRECTORIES "${_sdl2}/include;${_sdl2}/include/SDL2")

add_library(nard_imgui STATIC
  ${_imgui}/imgui.cpp ${_imgui}/imgui_draw.cpp ${_imgui}/imgui_tables.cpp
  ${_imgui}/imgui_widgets.cpp
  ${_imgui}/backends/imgui_impl_sdl.cpp)   # drawing: src/render/imgui_renderer.cpp
target_include_directories(nard_imgui SYSTEM PUBLIC ${_imgui} ${_imgui}/backends)
target_compile_definitions(nard_imgui PUBLIC IMGUI_DISABLE_DEMO_WINDOWS)
target_compile_options(nard_imgui PRIVATE -w)
target_link_libraries(nard_imgui PUBLIC nard_sdl2)

# FriBidi: Persian shaping and right-to-left order (src/ui/i18n.cpp).
add_library(nard_fribidi STATIC IMPORTED)
set_target_properties(nard_fribidi PROPERTIES
  IMPORTED_LOCATION "${_fribidi}/lib/libfribidi.a"
  INTERFACE_INCLUDE_DIRECTORIES "${_fribidi}/include/fribidi")
