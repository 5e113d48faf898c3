# The browser game: nard.js + nard.wasm + the project's HTML shell, in <build>/web/.
# Included by the top-level CMakeLists.txt when building with Emscripten.
# SDL2 and Dear ImGui come from Debian source packages prepared by tools/web-deps.

set(NARD_DEPS_DIR "${CMAKE_SOURCE_DIR}/build/deps" CACHE PATH "Output of tools/web-deps")
set(NARD_WEB_DIR "${CMAKE_BINARY_DIR}/web")
set(_sdl2 "${NARD_DEPS_DIR}/sdl2")
set(_imgui "${NARD_DEPS_DIR}/imgui")
if(NOT EXISTS "${_sdl2}/lib/libSDL2.a" OR NOT EXISTS "${_imgui}/imgui.cpp")
  message(FATAL_ERROR "SDL2/ImGui for the web are missing in ${NARD_DEPS_DIR}: run tools/web-deps")
endif()

# ---- third-party libraries --------------------------------------------------------------
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

# ---- shaders, embedded as a generated header (see cmake/EmbedFiles.cmake for why) -------
file(GLOB _shaders CONFIGURE_DEPENDS
  "${CMAKE_SOURCE_DIR}/shaders/*.vert" "${CMAKE_SOURCE_DIR}/shaders/*.frag"
  "${CMAKE_SOURCE_DIR}/shaders/*.glsl")
set(_gen "${CMAKE_BINARY_DIR}/generated")
add_custom_command(
  OUTPUT "${_gen}/shaders_embedded.h"
  COMMAND ${CMAKE_COMMAND} -DOUT=${_gen}/shaders_embedded.h -DNAMESPACE=render::shaders
          "-DINPUTS=${_shaders}" -P "${CMAKE_SOURCE_DIR}/cmake/EmbedFiles.cmake"
  DEPENDS ${_shaders} "${CMAKE_SOURCE_DIR}/cmake/EmbedFiles.cmake"
  COMMENT "Embedding shaders" VERBATIM)

# ---- the project's layers ---------------------------------------------------------------
# nard_engine, nard_ai and nard_app are defined by their own folders; the web game adds
# the browser-only layers on top: render (WebGL2), ui (Dear ImGui), platform (SDL2).
set(_warn -Wall -Wextra -Wpedantic)

file(GLOB _render_src CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/render/*.cpp")
add_library(nard_render STATIC ${_render_src} "${_gen}/shaders_embedded.h")
target_include_directories(nard_render PUBLIC "${CMAKE_SOURCE_DIR}/src" PRIVATE "${_gen}")
target_compile_options(nard_render PRIVATE ${_warn})
target_link_libraries(nard_render PUBLIC nard_imgui)   # imgui_renderer draws ImGui's output

file(GLOB _ui_src CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/ui/*.cpp")
add_library(nard_ui STATIC ${_ui_src})
target_compile_options(nard_ui PRIVATE ${_warn})
target_link_libraries(nard_ui PUBLIC nard_render nard_imgui nard_app)

file(GLOB _platform_src CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/platform/*.cpp")
add_executable(nard ${_platform_src})
target_compile_options(nard PRIVATE ${_warn})
target_link_libraries(nard PRIVATE nard_ui nard_render nard_imgui nard_sdl2 nard_app nard_ai)
set_target_properties(nard PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${NARD_WEB_DIR}" SUFFIX ".js")
target_link_options(nard PRIVATE
  -O2
  -sENVIRONMENT=web              # browser only: drops node/worker loader code
  -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2
  # The game uses core WebGL2 only. By default Emscripten enables every extension the
  # browser offers when the context is made: about 30 getExtension calls, each a wait on
  # the GPU process (0.8 s of start-up on software WebGL, measured).
  -sGL_SUPPORT_AUTOMATIC_ENABLE_EXTENSIONS=0
  -sALLOW_MEMORY_GROWTH=1
  -sDYNAMIC_EXECUTION=0          # no eval/new Function: runs under a strict CSP
  -sFILESYSTEM=0                 # nothing is read from files; shaders are compiled in
  -sEXIT_RUNTIME=0
  -sEXPORTED_FUNCTIONS=[_main,_nard_api,_malloc,_free]
  -sEXPORTED_RUNTIME_METHODS=[ccall]
  -sINCOMING_MODULE_JS_API=[canvas,print,printErr,onAbort,setStatus,locateFile,preRun,postRun,monitorRunDependencies]
)
# Single-threaded on purpose: no -pthread, so no SharedArrayBuffer and no COOP/COEP
# headers; the page then works inside a cross-origin iframe.

# ---- static web files next to the program -----------------------------------------------
file(GLOB_RECURSE _web_files CONFIGURE_DEPENDS RELATIVE "${CMAKE_SOURCE_DIR}/web"
  "${CMAKE_SOURCE_DIR}/web/*")
list(REMOVE_ITEM _web_files sw.js)   # written with its file list by cmake/WebI18n.cmake
set(_web_out "")
foreach(f IN LISTS _web_files)
  add_custom_command(OUTPUT "${NARD_WEB_DIR}/${f}"
    COMMAND ${CMAKE_COMMAND} -E copy_if_different "${CMAKE_SOURCE_DIR}/web/${f}" "${NARD_WEB_DIR}/${f}"
    DEPENDS "${CMAKE_SOURCE_DIR}/web/${f}" VERBATIM)
  list(APPEND _web_out "${NARD_WEB_DIR}/${f}")
endforeach()
add_custom_target(nard_web_files ALL DEPENDS ${_web_out})
add_dependencies(nard nard_web_files)

# ---- languages (FriBidi, the UI font), the service worker: see that file ------------------
include("${CMAKE_SOURCE_DIR}/cmake/WebI18n.cmake")
