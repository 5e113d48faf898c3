# nard_language_catalogs(<out_dir> <result_var>): the custom commands that compile each
# fetched language's .po into <out_dir>/CODE.json (issue 29), with the strings of its .po
# and the letters the UI font lacks, from the first of its fonts that has them
# (tools/i18n/web_catalog.py); <result_var> gets the files. English and Persian are built
# in. Hindi's Devanagari is shaped by HarfBuzz at build time (--shape:
# tools/i18n/devanagari.py). The web build ships them (cmake/Web.cmake); the native
# build's text fit test reads them (tests/CMakeLists.txt). Needs src/ui's ui-font.ttf.
function(nard_language_catalogs out_dir result_var)
  set(_out)
  set(_noto "${NARD_NOTO_DIR}/NotoSans-Regular.ttf")
  set(_catalog_fonts_ar "${NARD_FONT_TTF}" "${_noto}")
  set(_catalog_fonts_az "${NARD_FONT_TTF}" "${_noto}")
  set(_catalog_fonts_tr "${NARD_FONT_TTF}" "${_noto}")
  set(_catalog_fonts_ru "${_noto}")
  set(_catalog_fonts_hy "${NARD_NOTO_DIR}/NotoSansArmenian-Regular.ttf" "${_noto}")
  set(_catalog_fonts_ka "${NARD_NOTO_DIR}/NotoSansGeorgian-Regular.ttf" "${_noto}")
  set(_catalog_fonts_hi "${_noto}")
  set(_devanagari "${NARD_NOTO_DIR}/NotoSansDevanagari-Regular.ttf")
  set(_shape_hi --shape "${_devanagari}" --name "हिन्दी")
  set(_catalog_fonts_qps "${NARD_FONT_TTF}" "${_noto}")
  set(_catalog_fonts_qpm "${NARD_FONT_TTF}" "${_noto}")
  foreach(code qps qpm)
    add_custom_command(OUTPUT "${NARD_GENERATED}/${code}.po"
      COMMAND "${NARD_FONT_PYTHON}" "${CMAKE_SOURCE_DIR}/tools/i18n/pseudo_po.py"
              --pot "${CMAKE_SOURCE_DIR}/assets/i18n/nard.pot" --out "${NARD_GENERATED}/${code}.po"
      DEPENDS "${CMAKE_SOURCE_DIR}/assets/i18n/nard.pot" "${CMAKE_SOURCE_DIR}/tools/i18n/pseudo_po.py"
      COMMENT "Writing the pseudo-locale ${code}" VERBATIM)
    set(_po_${code} "${NARD_GENERATED}/${code}.po")
  endforeach()
  foreach(code ar az hi hy ka ru tr)
    set(_po_${code} "${CMAKE_SOURCE_DIR}/assets/i18n/${code}.po")
  endforeach()
  foreach(code ar az hi hy ka ru tr qps qpm)
    set(_font_args "")
    foreach(f IN LISTS _catalog_fonts_${code})
      list(APPEND _font_args --font "${f}")
    endforeach()
    add_custom_command(OUTPUT "${out_dir}/${code}.json"
      COMMAND "${NARD_FONT_PYTHON}" "${CMAKE_SOURCE_DIR}/tools/i18n/web_catalog.py"
              --po "${_po_${code}}" --code ${code}
              --base-font "${NARD_GENERATED}/ui-font.ttf" ${_font_args} ${_shape_${code}}
              --out "${out_dir}/${code}.json"
      DEPENDS "${_po_${code}}" "${NARD_GENERATED}/ui-font.ttf" ${_catalog_fonts_${code}}
              "${CMAKE_SOURCE_DIR}/tools/i18n/web_catalog.py" "${CMAKE_SOURCE_DIR}/tools/i18n/po_table.py"
              "${CMAKE_SOURCE_DIR}/tools/i18n/devanagari.py" "${_devanagari}"
              "${CMAKE_SOURCE_DIR}/tools/make_font.py"
      COMMENT "Compiling assets/i18n/${code}.po into ${out_dir}" VERBATIM)
    list(APPEND _out "${out_dir}/${code}.json")
  endforeach()
  set(${result_var} ${_out} PARENT_SCOPE)
endfunction()
