# Languages and offline play for the web game (included at the end of cmake/Web.cmake):
#   - FriBidi (from Debian's source package, built for wasm by tools/web-deps), linked
#     into nard_ui for Persian shaping and right-to-left order (src/ui/i18n.cpp);
#   - the UI font: Vazirmatn from the npm package, cut down at build time by
#     tools/make_font.py to the glyphs the UI can show, embedded as a header;
#   - the service worker: web/sw.js with the list of shipped files and a version hash
#     of their contents written in (cmake/ServiceWorker.cmake), so a new build gets a
#     new cache and the old one is removed;
#   - i18n_unit: the Persian text checks, a wasm program run under node by
#     tests/web/i18n.test.mjs.

# ---- FriBidi ----------------------------------------------------------------------------
set(_fribidi "${NARD_DEPS_DIR}/fribidi")
if(NOT EXISTS "${_fribidi}/lib/libfribidi.a")
  message(FATAL_ERROR "FriBidi for the web is missing in ${NARD_DEPS_DIR}: run tools/web-deps")
endif()
add_library(nard_fribidi STATIC IMPORTED)
set_target_properties(nard_fribidi PROPERTIES
  IMPORTED_LOCATION "${_fribidi}/lib/libfribidi.a"
  INTERFACE_INCLUDE_DIRECTORIES "${_fribidi}/include/fribidi")
target_link_libraries(nard_ui PUBLIC nard_fribidi)

# ---- the UI font --------------------------------------------------------------------------
# Debian's python3 (python3-fonttools), not whatever python3 comes first on PATH.
find_program(NARD_FONT_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH REQUIRED)
set(NARD_FONT_TTF "${CMAKE_SOURCE_DIR}/node_modules/vazirmatn/fonts/ttf/Vazirmatn-Regular.ttf"
    CACHE FILEPATH "The UI font before subsetting (npm package vazirmatn)")
if(NOT EXISTS "${NARD_FONT_TTF}")
  message(FATAL_ERROR "${NARD_FONT_TTF} is missing: run tools/web-deps (npm ci)")
endif()
# Every character in the UI sources decides the subset, so any source change re-runs
# the script; it rewrites the header only when the subset changed.
file(GLOB _i18n_scanned CONFIGURE_DEPENDS
  "${CMAKE_SOURCE_DIR}/src/ui/*.cpp" "${CMAKE_SOURCE_DIR}/src/ui/*.h"
  "${CMAKE_SOURCE_DIR}/src/platform/*.cpp" "${CMAKE_SOURCE_DIR}/src/platform/*.h")
add_custom_command(
  OUTPUT "${_gen}/ui_font.h" "${_gen}/ui-font.ttf"
  COMMAND "${NARD_FONT_PYTHON}" "${CMAKE_SOURCE_DIR}/tools/make_font.py"
          --font "${NARD_FONT_TTF}" --scan "${CMAKE_SOURCE_DIR}/src/ui"
          --scan "${CMAKE_SOURCE_DIR}/src/platform"
          --header "${_gen}/ui_font.h" --ttf "${_gen}/ui-font.ttf"
  DEPENDS "${CMAKE_SOURCE_DIR}/tools/make_font.py" "${NARD_FONT_TTF}" ${_i18n_scanned}
  COMMENT "Subsetting the UI font" VERBATIM)
target_sources(nard_ui PRIVATE "${_gen}/ui_font.h")
target_include_directories(nard_ui PRIVATE "${_gen}")

# ---- the service worker -------------------------------------------------------------------
add_custom_command(
  OUTPUT "${NARD_WEB_DIR}/sw.js"
  COMMAND ${CMAKE_COMMAND} -DWEB_DIR=${NARD_WEB_DIR} -DTEMPLATE=${CMAKE_SOURCE_DIR}/web/sw.js
          -DOUT=${NARD_WEB_DIR}/sw.js -P "${CMAKE_SOURCE_DIR}/cmake/ServiceWorker.cmake"
  DEPENDS nard ${_web_out} "${CMAKE_SOURCE_DIR}/web/sw.js" "${CMAKE_SOURCE_DIR}/cmake/ServiceWorker.cmake"
  COMMENT "Writing sw.js (file list and version)" VERBATIM)
add_custom_target(nard_service_worker ALL DEPENDS "${NARD_WEB_DIR}/sw.js")

# ---- Persian text checks, run under node ---------------------------------------------------
add_executable(i18n_unit "${CMAKE_SOURCE_DIR}/tests/web/i18n_unit.cpp"
  "${CMAKE_SOURCE_DIR}/src/ui/i18n.cpp" "${CMAKE_SOURCE_DIR}/src/ui/strings_fa.cpp" "${_gen}/ui_font.h")
target_include_directories(i18n_unit PRIVATE "${CMAKE_SOURCE_DIR}/src" "${_gen}")
target_compile_options(i18n_unit PRIVATE ${_warn})
target_link_libraries(i18n_unit PRIVATE nard_fribidi)
set_target_properties(i18n_unit PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/tests" SUFFIX ".js")
target_link_options(i18n_unit PRIVATE -sENVIRONMENT=node -sEXIT_RUNTIME=1)
