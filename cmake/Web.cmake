# The page around the game (web build only), after the layers are defined:
#   - the static files of web/ copied next to nard.js and nard.wasm in <build>/web;
#     first-board.js with the version of the early board's painter written in
#     (cmake/BoardPainterVersion.cmake), which names the board images it keeps;
#   - the service worker: web/sw.js with the list of shipped files and a version hash
#     of their contents written in (cmake/ServiceWorker.cmake), so a new build gets a
#     new cache and the old one is removed;
#   - i18n_unit: the Persian text checks, a wasm program run under node by
#     tests/web/i18n.test.mjs.

file(GLOB_RECURSE _web_files CONFIGURE_DEPENDS RELATIVE "${CMAKE_SOURCE_DIR}/web"
  "${CMAKE_SOURCE_DIR}/web/*")
list(REMOVE_ITEM _web_files sw.js)   # written with its file list below
list(REMOVE_ITEM _web_files first-board.js)   # written with its painter's version below
set(_web_out "${NARD_WEB_DIR}/first-board.js")
add_custom_command(OUTPUT "${NARD_WEB_DIR}/first-board.js"
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${CMAKE_SOURCE_DIR} -DWEB_DIR=${NARD_WEB_DIR}
          -P "${CMAKE_SOURCE_DIR}/cmake/BoardPainterVersion.cmake"
  DEPENDS nard_board "${CMAKE_SOURCE_DIR}/web/first-board.js" "${CMAKE_SOURCE_DIR}/web/board-painter.js"
          "${CMAKE_SOURCE_DIR}/web/board-snapshot.js" "${CMAKE_SOURCE_DIR}/cmake/BoardPainterVersion.cmake"
  COMMENT "Writing first-board.js (its painter's version)" VERBATIM)
foreach(f IN LISTS _web_files)
  add_custom_command(OUTPUT "${NARD_WEB_DIR}/${f}"
    COMMAND ${CMAKE_COMMAND} -E copy_if_different "${CMAKE_SOURCE_DIR}/web/${f}" "${NARD_WEB_DIR}/${f}"
    DEPENDS "${CMAKE_SOURCE_DIR}/web/${f}" VERBATIM)
  list(APPEND _web_out "${NARD_WEB_DIR}/${f}")
endforeach()
# The fetched languages' catalogs, i18n/CODE.json (cmake/LanguageCatalogs.cmake).
include("${CMAKE_SOURCE_DIR}/cmake/LanguageCatalogs.cmake")
nard_language_catalogs("${NARD_WEB_DIR}/i18n" _catalogs)
list(APPEND _web_out ${_catalogs})
add_custom_target(nard_web_files ALL DEPENDS ${_web_out})
add_dependencies(nard nard_web_files)

add_custom_command(
  OUTPUT "${NARD_WEB_DIR}/sw.js"
  COMMAND ${CMAKE_COMMAND} -DWEB_DIR=${NARD_WEB_DIR} -DTEMPLATE=${CMAKE_SOURCE_DIR}/web/sw.js
          -DOUT=${NARD_WEB_DIR}/sw.js -P "${CMAKE_SOURCE_DIR}/cmake/ServiceWorker.cmake"
  DEPENDS nard ${_web_out} "${CMAKE_SOURCE_DIR}/web/sw.js" "${CMAKE_SOURCE_DIR}/cmake/ServiceWorker.cmake"
  COMMENT "Writing sw.js (file list and version)" VERBATIM)
add_custom_target(nard_service_worker ALL DEPENDS "${NARD_WEB_DIR}/sw.js")

add_executable(i18n_unit "${CMAKE_SOURCE_DIR}/tests/web/i18n_unit.cpp"
  "${CMAKE_SOURCE_DIR}/src/ui/i18n.cpp" "${CMAKE_SOURCE_DIR}/src/ui/catalog.cpp" "${NARD_PERSIAN_TABLE}"
  "${NARD_PLURAL_TABLE}")
add_dependencies(i18n_unit nard_ui_font nard_persian_table nard_plural_table)   # ui_font.h, strings_fa.cpp: src/ui/CMakeLists.txt
nard_layer_includes(i18n_unit PRIVATE ui)
target_include_directories(i18n_unit PRIVATE "${NARD_GENERATED}")
target_link_libraries(i18n_unit PRIVATE nard_fribidi nard_engine)   # engine/utf8.h
set_target_properties(i18n_unit PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/tests" SUFFIX ".js")
target_link_options(i18n_unit PRIVATE -sENVIRONMENT=node -sEXIT_RUNTIME=1)
